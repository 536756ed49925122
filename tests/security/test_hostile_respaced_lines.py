"""Attack: stall the docs-drift job with a hunk built to make the re-spacing reader slow.
A changed line of JavaScript or TypeScript is compared token for token with the lines it
replaced (docs/concepts/anchoring-rules.md#what-anchors): blanks between tokens are evened
out by regular expressions with look-arounds, and strings are cut out first, an unclosed
quote reaching to the line's end. Every pattern must stay linear on a megabyte line of
blanks, operators, quotes and backslashes. A hunk is also read whole, its lines joined into
one stream of tokens (a formatter's re-wrap), and that must stay linear in its lines."""

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
    # what a formatter adds is dropped by patterns that must not retry from each bracket
    "unclosed typeof parentheses": (b"(typeof " * 200_000, True),
    "nested arrow parentheses": (b"((a)" * 200_000 + b" => a", True),
    "trailing commas": (b"a ,> " * 200_000, True),
    "commas after commas": (b", ,] " * 200_000, True),
    # a typeof is unwrapped only in a type position, read by patterns that must not retry
    # from each keyword, colon or ``<``
    "declaration keywords": (b"export let " * 100_000 + b"x :(typeof a)", True),
    "parameter annotations": (b"(a: (typeof a " * 100_000, True),
    "type arguments": (b"a<(typeof a)[a " * 100_000, True),
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


@pytest.mark.parametrize("edited", [False, True])
def test_a_100_000_line_re_wrap_is_read_in_linear_time(edited: bool) -> None:
    """A call of 100,000 arguments re-wrapped one a line: the stream of each side is joined
    once. Joined by adding each line to the stream read so far, it would copy a growing
    megabyte 100,000 times, some 50 GB; read whole, it takes a second or two."""
    count = 100_000
    base = b"f(" + b"argument, " * count + b"last)\n"
    head = b"f(\n" + b"  argument,\n" * count + (b"  lost,\n" if edited else b"  last,\n") + b")\n"
    old, new = within(lambda: reindented_lines(base, head, [Hunk(1, 1, 1, count + 3)]))
    assert (old, new) == ((frozenset(), frozenset()) if edited
                          else (frozenset({1}), frozenset(range(1, count + 4))))
