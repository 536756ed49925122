"""Attack: stall the docs-drift job with a page of dashes and slashes beside a changed file
whose path is too (``-/-``). A page's lines naming a path were found from each occurrence of
it: the reader walked back to the start of the run of token characters around it, searched on
from there for the scanner's token, and, finding none holding the occurrence, did the same
from the next character, so every occurrence in a run without a token cost the whole run:
10,000 characters of ``-/`` took 15 s, and it grows with the square. Each run is now read
once, for its first occurrence, and what it holds is kept for the occurrences after it."""

from __future__ import annotations

from govern.drift.docs.lines import _raw_tokens_around, mention_lines
from tests.security.pr import within

PAIRS = 20_000
"""``-/`` pairs in one run (40 kB): minutes before, milliseconds now."""


def test_occurrences_outside_any_token_are_read_in_linear_time() -> None:
    page = "-/" * PAIRS + " see docs/app.md\n" + "-/" * PAIRS + "x/y\n"
    assert within(lambda: mention_lines(page, "a.md", "-/-", "path")) == ()
    tokens = within(lambda: [token.group() for token in _raw_tokens_around(page, "/")])
    assert tokens == ["docs/app.md", "x/y"]  # a token opens at a word character
    assert mention_lines(page, "a.md", "docs/app.md", "path") == (1,)
