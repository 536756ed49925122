"""Attack: stall the docs-drift job with a documentation comment built to make the web-address
reader slow. A JSDoc block or ``#:`` comment whose addresses alone changed anchors nothing
(docs/concepts/anchoring-rules.md#comments): each address is read as one word by a regular
expression, which must stay linear on a megabyte comment of near-addresses; and the text is
rebuilt once, however many comments hold an address (shortened in place, once per comment,
400,000 of them took a minute). Which comments open a function's body is told from the walk
that finds them: tree-sitter's parent and previous sibling walk the parent's children, so
100,000 comments in one block had taken minutes, with or without an address."""

from __future__ import annotations

import pytest

from govern.drift.anchors.comments import changed_code
from govern.drift.anchors.syntax import parse
from govern.git.gitio import Hunk
from tests.security.pr import within

HOSTILE_COMMENTS = {  # each with whether the head's change is its addresses only
    "schemes with no address": (b"http:" * 200_000, False),
    "one address a megabyte long": (b"https://" + b"a/" * 500_000, True),
    "addresses back to back": (b"https://a " * 100_000, True),
    "schemes repeated": (b"httphttps" * 100_000, False),
}


@pytest.mark.parametrize(("words", "addresses_only"), HOSTILE_COMMENTS.values(),
                         ids=HOSTILE_COMMENTS.keys())
def test_a_megabyte_comment_is_read_in_linear_time(words: bytes, addresses_only: bool) -> None:
    base = b"/** " + words + b" */\nexport const a = 1;\n"
    head = base.replace(b"https://a", b"https://b").replace(b"a/", b"b/") if addresses_only \
        else base.replace(b"/** ", b"/** x ")
    assert base != head
    lines = frozenset({1})
    old, new = within(lambda: changed_code(
        "typescript", (parse("typescript", base), base, lines),
        (parse("typescript", head), head, lines), [Hunk(1, 1, 1, 1)]))
    assert (old, new) == ((frozenset(), frozenset()) if addresses_only else (lines, lines))


@pytest.mark.parametrize("opening", ["", "export function pay(cart: number[]): number {\n"])
def test_many_documentation_comments_are_read_in_linear_time(opening: str) -> None:
    count = 100_000
    base = (opening + "/** see https://shop.example/a */\n" * count
            + ("  return 0;\n}\n" if opening else "export const a = 1;\n")).encode()
    head = base.replace(b"/a */", b"/b */")
    first = opening.count("\n") + 1
    lines = frozenset(range(first, first + count))
    old, new = within(lambda: changed_code(
        "typescript", (parse("typescript", base), base, lines),
        (parse("typescript", head), head, lines), [Hunk(first, count, first, count)]))
    assert (old, new) == (frozenset(), frozenset())
