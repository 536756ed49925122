"""Attack: stall the docs-drift job with one TypeScript statement that declares thousands of
names. A namespace's ``const a0 = 0, a1 = 1, …`` is the member of each name it declares, and
the statement was read whole once per name: its text searched and its identifiers walked for
the callers of each, its declarators scanned for a ``private``, its lines subtracted from the
namespace's own, so 3,000 names (60 kB) took 47 s. Likewise each declaration of an
``export const a0 = {…}, a1 = {…}, …`` has the whole statement as its span, which was split
into lines once per declaration: 15,000 of them (520 kB) took 41 s. Each node is now read once,
however many names it declares, and the anchors are the same."""

from __future__ import annotations

from govern.drift.anchors.typescript import extract_typescript
from tests.security.pr import within

NAMES = 3000
DECLARATIONS = 15_000


def test_a_namespace_statement_of_many_names_is_read_once() -> None:
    source = ("export namespace Config {\n  export function reload() {\n    return key0;\n  }\n"
              "  export function refresh() {\n    return reload();\n  }\n"
              "  const " + ",\n    ".join(f"key{i} = {i}" for i in range(NAMES)) + ";\n}\n")
    changed = frozenset(range(1, source.count("\n") + 1))
    result = within(lambda: extract_typescript(source.encode(), changed, "typescript"))
    keys = [declaration.key for declaration in result.touched]
    assert keys[:4] == ["Config", "Config.reload", "Config.refresh", "Config.key0"]
    assert len(keys) == NAMES + 3
    assert {f"Config.key{i}" for i in range(NAMES)} <= result.declared
    assert result.callers["reload"] == {"refresh"}


def test_an_export_of_many_declarations_is_split_into_lines_once() -> None:
    source = ("export const " + ",\n  ".join(f"table{i} = {{ entryKey: {i} }}"
                                           for i in range(DECLARATIONS)) + ";\n")
    last = frozenset({DECLARATIONS})  # the last declaration's line: `table14999 = {…};`
    result = within(lambda: extract_typescript(source.encode(), last, "typescript"))
    keys = [declaration.key for declaration in result.touched]
    assert keys[-1] == f"table{DECLARATIONS - 1}.entryKey"
    assert f"table{DECLARATIONS - 1}" not in keys  # its own line holds only its member
    assert {"table0.entryKey", f"table{DECLARATIONS - 1}.entryKey"} <= result.declared
