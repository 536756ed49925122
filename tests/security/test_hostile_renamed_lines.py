"""Attack: stall the docs-drift job with a change built to make the rename reader slow. A
changed line that reads as the line it replaced but for identifiers standing for others
anchors nothing when the names are private (docs/concepts/anchoring-rules.md#what-anchors):
each changed line is split into identifiers once, each renamed name is searched for in both
sides' texts, and both trees are walked once. Past ``MAX_RENAMED`` names the scan stops; up
to them, a megabyte of renaming lines must stay linear."""

from __future__ import annotations

import pytest
from tree_sitter import Tree

from govern.drift.anchors.renamed import MAX_RENAMED, renamed_lines
from govern.drift.anchors.syntax import parse
from govern.git.gitio import Hunk
from tests.security.pr import within


def _sides(language: str, old: bytes, new: bytes
           ) -> tuple[tuple[Tree, bytes], tuple[Tree, bytes]]:
    return (parse(language, old), old), (parse(language, new), new)


@pytest.mark.parametrize("names", [10_000, MAX_RENAMED])
def test_a_megabyte_of_renamed_lines_is_read_in_linear_time(names: int) -> None:
    """A megabyte module whose every line renames one of ``names`` private names, each line
    a hunk of its own: 10,000 names stop the scan past the bound, and nothing is read as
    renamed; ``MAX_RENAMED`` names are read whole, and every line is."""
    count = 60_000
    declarations = b"".join(b"let name%d = 0\n" % n for n in range(names))
    old = declarations + b"".join(b"name%d += name%d\n" % (n % names, n % names)
                                  for n in range(count))
    new = old.replace(b"name", b"renamed")
    total = names + count
    hunks = [Hunk(n, 1, n, 1) for n in range(1, total + 1)]
    lines = frozenset(range(1, total + 1)) if names <= MAX_RENAMED else frozenset()
    base, head = _sides("typescript", old, new)
    assert within(lambda: renamed_lines("typescript", base, head, hunks)) == (lines, lines)


@pytest.mark.parametrize("language", ["python", "typescript"])
def test_a_megabyte_line_of_identifiers_is_split_in_linear_time(language: str) -> None:
    """One line of 200,000 words, one of them renamed: the split of the line, and the word
    searches of a name written 200,000 times, stay linear."""
    old = b"_a = 0\nx = [" + b"_a, " * 200_000 + b"]\n"
    new = old.replace(b"_a", b"_b")
    base, head = _sides(language, old, new)
    found = within(lambda: renamed_lines(language, base, head, [Hunk(1, 2, 1, 2)]))
    assert found == ((frozenset({1, 2}), frozenset({1, 2})) if language == "python"
                     else (frozenset(), frozenset()))  # ``x = …`` declares nothing in TS


def test_function_bodies_nested_deep_are_read_in_linear_time() -> None:
    """20,000 functions nested one in another, the innermost using a renamed name: the
    bodies open at each identifier are a stack, each entered and left once."""
    depth = 20_000
    old = b"let a = 0\n" + b"function f() {" * depth + b"a" + b"}" * depth + b"\n"
    new = old.replace(b"let a", b"let b").replace(b"{a}", b"{b}")
    base, head = _sides("typescript", old, new)
    assert within(lambda: renamed_lines("typescript", base, head, [Hunk(1, 2, 1, 2)])) \
        == (frozenset({1, 2}), frozenset({1, 2}))
