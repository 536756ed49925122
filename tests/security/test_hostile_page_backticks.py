r"""Attack: stall the docs-drift job with a docs page holding a long run of backticks. Inline
code spans were read with ``(`++)([^`\n]++)\1``: the search tried the pattern again at every
backtick of the run, and each try took the rest of the run before failing, so a run of N
backticks cost N²/2 steps: 20,000 took 0.4 s to scan and a 2 MB page of them about an hour;
the listed page's lines were read the same way for a call. A run is now read once, and the
span it opens (if any) found from its length and the length of the run closing it."""

from __future__ import annotations

from govern.drift.docs.lines import mention_lines
from govern.drift.docs.scanner import scan_page
from tests.security.pr import within

TICKS = 300_000
"""Backticks in one run (300 kB): over a minute to scan before, milliseconds now."""


def test_a_run_of_backticks_opening_no_span_is_scanned_in_linear_time() -> None:
    page = "`" * TICKS + "x\n\nCall `parse(1)` to begin.\n"
    tokens = within(lambda: scan_page(page, "a.md"))
    assert tokens.calls == {"parse"}  # the span after the run is still read
    assert within(lambda: mention_lines(page, "a.md", "parse", "call")) == (3,)


def test_a_run_of_backticks_closed_by_one_is_scanned_in_linear_time() -> None:
    # every backtick of the run but the last opens a span too long for the one closing it
    page = "`" * TICKS + "render(1)` and prose(2)\n"
    assert within(lambda: scan_page(page, "a.md")).calls == {"render"}
    assert within(lambda: mention_lines(page, "a.md", "render", "call")) == (1,)
    assert mention_lines(page, "a.md", "prose", "call") == ()
