"""Attack: crash or stall the docs-drift job with a changed source file nested deeper than its
readers expected. Two readers recursed once per level: Python's ``statements``, looking for
module-level definitions through ``if`` blocks (600 nested ``if`` statements raised
RecursionError, and affected-docs stopped with an internal error), and TypeScript's
``_declaring``, through ``declare global { … }`` blocks (1,000 nested in a ``.d.ts``, the
same). Both walk with a stack now, in the same order. And a container's members each asked
tree-sitter for their parent and previous sibling, which it finds by walking down from the
root: an object literal of 5,000 keys in 40,000 parentheses (160 kB) took 27 s; each parent is
now found from the container down, and its children read once."""

from __future__ import annotations

from govern.drift.anchors.python import extract_python
from govern.drift.anchors.typescript import extract_typescript
from tests.security.pr import within

PYTHON_DEPTH = 1000
"""``if`` statements nested this deep (500 kB of indentation)."""
DECLARE_DEPTH = 10_000
PARENTHESES, KEYS = 40_000, 5000


def _everything(source: str) -> frozenset[int]:
    return frozenset(range(1, source.count("\n") + 2))


def test_python_definitions_under_deeply_nested_blocks_are_found() -> None:
    nested = "".join(" " * depth + "if ready:\n" for depth in range(PYTHON_DEPTH))
    inner = " " * PYTHON_DEPTH
    source = (f"def first():\n    return 1\n{nested}{inner}def handler():\n{inner}    return 2\n"
              "def last():\n    return 3\n")
    result = within(lambda: extract_python(source.encode(), _everything(source)))
    assert [declaration.key for declaration in result.touched] == ["first", "handler", "last"]


def test_deeply_nested_global_declarations_are_found() -> None:
    source = ("declare global {\n" * DECLARE_DEPTH + "  function deepHelper(): void;\n"
              + "}\n" * DECLARE_DEPTH + "interface Window {\n  appVersion: string;\n}\n")
    result = within(lambda: extract_typescript(source.encode(), _everything(source),
                                               "typescript", declaration_file=True))
    assert [declaration.key for declaration in result.touched] == [
        "deepHelper", "Window", "Window.appVersion"]
    assert {"deepHelper", "Window.appVersion"} <= result.declared


def test_members_of_a_deeply_wrapped_object_are_read_in_linear_time() -> None:
    source = ("export const settings = " + "(" * PARENTHESES + "{\n"
              + "".join(f"  key{i}: {i},\n" for i in range(KEYS)) + "}" + ")" * PARENTHESES
              + ";\n")
    members = frozenset(range(2, KEYS + 2))  # every key, not the declaration's own lines
    result = within(lambda: extract_typescript(source.encode(), members, "typescript"))
    assert [declaration.key for declaration in result.touched] == [
        f"settings.key{i}" for i in range(KEYS)]
