"""Attack: stall the docs-drift job with a page built against the automd block reader
(docs/concepts/anchoring-rules.md#what-anchors): a run of openings with no closing marker, each
of which a reader looking for its own closing would follow to the end of the page (n²/2
steps), or openings and closings interleaved by the hundred thousand. The search goes on from
the last block's end, and stops at the first opening that never closes: linear."""

from __future__ import annotations

from govern.drift.docs.scanner import AUTOMD_END, AUTOMD_JSDOCS, generated_blocks, scan_page
from tests.security.pr import within

OPENINGS = 100_000


def test_openings_that_never_close_are_read_once() -> None:
    page = f"{AUTOMD_JSDOCS} -->\n`serveStatic()`\n" * OPENINGS
    assert within(lambda: generated_blocks(page)) == []
    # no block: all of it is hand-written
    assert "serveStatic" in within(lambda: scan_page(page, "a.md")).words


def test_many_blocks_are_each_read_once() -> None:
    block = f"{AUTOMD_JSDOCS} -->\n### `serveStatic(event)`\n{AUTOMD_END}\n"
    page = block * OPENINGS + f"{AUTOMD_JSDOCS} -->\n`html()`\n"
    assert len(within(lambda: generated_blocks(page))) == OPENINGS
    tokens = within(lambda: scan_page(page, "a.md"))
    assert "serveStatic(" in tokens.generated and "serveStatic" not in tokens.words
    assert "html" in tokens.words  # the last opening never closes
