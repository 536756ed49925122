"""Attack: stall the docs-drift job with a page built against the reader of link-index lines
(docs/concepts/anchoring-rules.md#link-indexes): a hundred thousand bullets of one role each,
roles and links with no end, megabyte indents. The index lines are found by one search over
the page's newlines, each trying its line and the next one's indentation: linear."""

from __future__ import annotations

from govern.drift.docs.scanner import link_index_lines, scan_page
from tests.security.pr import within

ITEMS = 100_000
LONG = 1_000_000


def test_a_hundred_thousand_bullets_are_read_once() -> None:
    page = "".join(f"* :meth:`~pkg.C.m{n}`\n" for n in range(ITEMS))
    assert len(within(lambda: link_index_lines(page))) == ITEMS
    tokens = within(lambda: scan_page(page, "a.rst"))
    assert "C.m7" in tokens.linked and "C.m7" not in tokens.words
    markdown = "".join(f"- [`m{n}`](./m{n}.md)\n" for n in range(ITEMS))
    assert len(within(lambda: link_index_lines(markdown))) == ITEMS
    # every item goes on over a line of its own: none is an index line
    prose = "".join(f"* :meth:`~pkg.C.m{n}`\n  words\n" for n in range(ITEMS))
    assert within(lambda: link_index_lines(prose)) == []


def test_unclosed_roles_and_long_indents_are_read_once() -> None:
    for page, found in (("* :meth:`" + "a" * LONG + "\n", 0),
                        ("- [`" + "a" * LONG + "`](" + "b" * LONG, 0),
                        ("* :meth:`a`" + " " * LONG + "x\n", 0),
                        ("* :meth:`a`\n" + " " * LONG + "x\n", 0),
                        ("* :meth:`a`\n" * 10 + "\n" + "* " * LONG, 10),
                        ("* :" + "a:" * LONG + "`x`\n", 0)):
        assert len(within(lambda page=page: link_index_lines(page))) == found
