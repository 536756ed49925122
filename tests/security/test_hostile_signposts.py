"""Attack: stall the docs-drift job with a page named after a changed module whose markup is
built to make the signpost check (``is_signpost``, read of each page that may be a module's
home) quadratic: runs of unclosed link, tag and rst-link openings, each of which a pattern
reading to the end of the line would read again from every opening. Each part of the pattern
stops at the next bracket of its kind, so each character is read a bounded number of times."""

from __future__ import annotations

import pytest

from govern.drift.docs.scanner import is_signpost
from tests.security.pr import within

SIZE = 1_000_000


@pytest.mark.parametrize("unit", ["[", "[a](", "[a]x(", "![", "<", "`<", "`a <b", "[a][",
                                  "](", "<!--"])
def test_unclosed_markup_is_read_in_linear_time(unit: str) -> None:
    page = "# Routing\n\n" + unit * (SIZE // len(unit)) + "\n"
    # no link or tag closes: what is left is the page's own text, a word when it has a letter
    assert within(lambda: is_signpost(page, "a.md")) is not any(c.isalpha() for c in unit)


def test_closed_markup_and_headings_are_read_in_linear_time() -> None:
    links = "[a](b)<c>`d <e>`_" * (SIZE // 17)
    assert within(lambda: is_signpost(f"# T\n\n{links}\n", "a.md")) is True
    headings = "Title\n=====\n" * (SIZE // 12)
    assert within(lambda: is_signpost(headings, "a.rst")) is True
    assert within(lambda: is_signpost(headings + "word\n", "a.rst")) is False
