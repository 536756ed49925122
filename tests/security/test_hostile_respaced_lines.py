"""Attack: stall the docs-drift job with a hunk built to make the re-spacing reader slow.
A changed line of JavaScript or TypeScript is compared token for token with the lines it
replaced (docs/concepts/anchoring-rules.md#what-anchors): blanks between tokens are evened
out by regular expressions with look-arounds, and strings are cut out first, an unclosed
quote reaching to the line's end. Every pattern must stay linear on a megabyte line of
blanks, operators, quotes and backslashes."""

from __future__ import annotations

import pytest

from govern.drift.anchors.whitespace import reindented_lines
from govern.git.gitio import Hunk
from tests.security.pr import within

HOSTILE_LINES = {  # each with whether doubling its blanks only re-spaces it
    "blanks between words": (b"a " * 500_000, True),
    "blanks between operators": (b"+ " * 500_000, True),
    "separators": (b"a ( b , c ) " * 80_000, True),
    "slashes": (b"/ a / " * 160_000, True),
    # a string's blanks are its text: doubling them changes its value
    "unclosed quote of escapes": (b"'" + b"\\' " * 300_000, False),
    "template of escaped backticks": (b"`" + b"x \\` " * 200_000, False),
}


@pytest.mark.parametrize(("line", "respaced"), HOSTILE_LINES.values(), ids=HOSTILE_LINES.keys())
def test_a_megabyte_line_is_re_spaced_in_linear_time(line: bytes, respaced: bool) -> None:
    base, head = line + b"\n", line.replace(b" ", b"  ") + b"\n"
    old, new = within(lambda: reindented_lines(base, head, [Hunk(1, 1, 1, 1)]))
    assert (old, new) == ((frozenset({1}), frozenset({1})) if respaced
                          else (frozenset(), frozenset()))
    # one token changed at the end: a change, however long the line
    old, new = within(lambda: reindented_lines(base, line + b"x\n", [Hunk(1, 1, 1, 1)]))
    assert (old, new) == (frozenset(), frozenset())
