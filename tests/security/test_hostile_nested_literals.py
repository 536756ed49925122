"""Attack: stall the docs-drift job with nesting. Each string on a changed line was judged by
climbing its ancestors to the root, and tree-sitter finds a node's parent by walking down from
the root, cubic in the depth: a literal 1,000 lists deep took 8 s and 3,000 deep minutes, and
a union type of 20,000 string members (each nested in the one before) was past the 20 s
limit. What encloses a string is now carried down the walk that finds it."""

from __future__ import annotations

from govern.drift.anchors.python import extract_python
from govern.drift.anchors.typescript import extract_typescript
from tests.security.pr import within

DEPTH = 3_000
MEMBERS = 20_000


def test_a_literal_thousands_of_lists_deep_is_read_in_linear_time() -> None:
    ts = ("export const X = " + "".join(f"['key_{i}', " for i in range(DEPTH)) + "'end_key'"
          + "]" * DEPTH + ";\n").encode()
    found = within(lambda: extract_typescript(ts, frozenset({1}), "typescript"))
    assert len(found.literals) == DEPTH + 1
    py = ("X = " + "".join(f"['key_{i}', " for i in range(DEPTH // 3)) + "'end_key'"
          + "]" * (DEPTH // 3) + "\n").encode()
    assert len(within(lambda: extract_python(py, frozenset({1}))).literals) == DEPTH // 3 + 1


def test_a_union_of_twenty_thousand_members_is_read_in_linear_time() -> None:
    source = ("export type Code = " + " | ".join(f"'code_{i}'" for i in range(MEMBERS))
              + ";\n").encode()
    found = within(lambda: extract_typescript(source, frozenset({1}), "typescript"))
    assert len(found.literals) == MEMBERS and len(found.literal_kin["code_0"]) == 200
