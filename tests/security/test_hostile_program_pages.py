"""Attack: stall the docs-drift job with a page that writes a removed program's name at every
word. Whether each place runs the program is read from a few characters around it and the
page's fenced blocks, found once: one pass, however many places and fences."""

from __future__ import annotations

from govern.drift.docs.index import PhraseRuns
from tests.security.pr import within

PLACES = 100_000


def test_a_page_writing_a_program_everywhere_is_read_once() -> None:
    line = "x " + "tool " * PLACES  # one long line of prose
    fences = "```\n" + "tool run\n" * PLACES + "```\n"  # one block of invocations
    spans = "`tool -h` " * PLACES
    runs = PhraseRuns([line, fences, spans], "tool")
    assert len(within(lambda: runs.said([]))) == 2 * PLACES
