r"""Attack: stall the docs-drift job with a docs page opening a long code fence it never
closes. Fenced blocks were read with ``^ {0,3}(`{3,}|~{3,})[^\n]*\n(.*?)^ {0,3}\1``: for a
fence of K backticks the pattern tried every fence length from K down to 3, and each try read
the rest of the page for a closing line, so K backticks and M characters after them cost K·M
steps: a 20 kB page took 1.4 s to scan and its line numbers 4 s more, and it grows with the
square of the page. A page's fence lines are now found in one pass, and each fence is closed
by the first later fence of its character that reaches the longest length any later one
does, as the pattern closed it."""

from __future__ import annotations

from govern.drift.docs.lines import mention_lines
from govern.drift.docs.scanner import scan_page
from tests.security.pr import within

HALF = 50_000
"""Backticks in the fence, and characters after it (100 kB): a minute to scan before."""


def test_an_unclosed_fence_is_scanned_in_linear_time() -> None:
    # the tilde block after it is closed, and read; the backtick fence closes nothing
    page = "`" * HALF + "\n" + "x" * HALF + "\n\n~~~\nparse(1)\n~~~\n\nprose(2)\n"
    tokens = within(lambda: scan_page(page, "a.md"))
    assert tokens.calls == {"parse"}
    assert within(lambda: mention_lines(page, "a.md", "parse", "call")) == (5,)
    assert mention_lines(page, "a.md", "prose", "call") == ()


def test_a_long_fence_closed_by_a_short_one_is_scanned_in_linear_time() -> None:
    # every length from HALF down to 4 finds no closing line; 3 does, at the end
    page = "`" * HALF + "\nrender(1) " + "x" * HALF + "\n```\n\ncall(2)\n"
    tokens = within(lambda: scan_page(page, "a.md"))
    assert tokens.calls == {"render"}
    assert within(lambda: mention_lines(page, "a.md", "render", "call")) == (2,)
