"""Attack: stall the docs-drift job with instances. An exported const bound to what a class
of its file makes (vitest's ``export const vi = new VitestUtils()``) declares every public
member of the class as its own; a file of 5,000 such consts of one class of 5,000 methods
would declare 25 million names. More than a few consts holding one class's instances are a
table of values, and declare none of its members."""

from __future__ import annotations

from govern.drift.anchors.typescript import MAX_BOUND_INSTANCES, extract_typescript
from tests.security.pr import within

COUNT = 5_000


def test_many_consts_of_one_class_declare_its_members_once() -> None:
    methods = "".join(f"  m{i}() {{\n    return {i}\n  }}\n" for i in range(COUNT))
    consts = "".join(f"export const c{i} = new Utils()\n" for i in range(COUNT))
    source = f"class Utils {{\n{methods}}}\n{consts}export const one = new Single()\n" \
             "class Single {\n  run() {\n    return 1\n  }\n}\n"
    lines = frozenset(range(1, source.count("\n") + 2))
    result = within(lambda: extract_typescript(source.encode(), lines, "typescript"))
    assert COUNT > MAX_BOUND_INSTANCES and not any(key.startswith("c1.") for key in result.declared)
    assert "one.run" in result.declared  # a class one const holds is read still
