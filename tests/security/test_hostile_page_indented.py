"""Attack: stall the docs-drift job or ``govern check docs-refs`` with the lines a markdown page's
indented code blocks are told apart by. Both read a page's list items to know where an indented
block starts (four columns past the item's content), and both read every page a PR touches.
A line of list markers (``1. 1. 1. …``) opens an item per marker, each read from the rest of
the line: read whole, that is quadratic in the line, so only the first few are read as items.
Deeply nested items stay open under a paragraph's lazy lines, and finding the items a line is
inside walked them all for each line: it is a binary search now."""

from __future__ import annotations

from govern.docsrefs.references import parse_references
from govern.drift.docs.lines import mention_lines
from govern.drift.docs.scanner import MAX_ITEMS_OPENED, indented_code_lines, scan_page
from tests.security.pr import within


def test_a_line_of_list_markers_is_read_in_linear_time() -> None:
    # 100,000 markers, then an indented block four columns past the eleventh item's content
    markers = "1. " * 100_000
    page = f"{markers}x\n\n{' ' * (3 * (MAX_ITEMS_OPENED + 1) + 4)}parse(1)\n"
    tokens = within(lambda: scan_page(page, "a.md"))
    assert tokens.calls == {"parse"}
    assert within(lambda: mention_lines(page, "a.md", "parse", "call")) == (3,)
    assert within(lambda: parse_references(page, "a.md")) == []


def test_lazy_lines_under_deeply_nested_items_are_read_in_linear_time() -> None:
    # 4,400 items open, each line nesting eleven more, then 200,000 lazy lines of their
    # paragraph: none is code, and none closes an item
    nesting = "".join(" " * (22 * depth) + "- " * 11 + "x\n" for depth in range(400))
    page = nesting + "x\n" * 200_000 + "\n    prose(1)\n"
    assert within(lambda: indented_code_lines(page.split("\n"))) == []
    assert within(lambda: scan_page(page, "a.md")).calls == set()


def test_an_unclosed_comment_and_long_indents_are_read_in_linear_time() -> None:
    blanks = " \t" * 200_000
    page = f"Intro.\n\n{blanks}parse(1)\n\n    more(2)\n\n<!--\n" + "\n    hidden(3)\n" * 50_000
    assert within(lambda: scan_page(page, "a.md")).calls == {"parse", "more"}
    assert within(lambda: indented_code_lines(page.split("\n"))) == [(2, 5)]
