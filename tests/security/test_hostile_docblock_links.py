"""Attack: stall the docs-drift job with a docs page holding a long run of docblock links with
no query. A link's path was read with ``docblock://[^\\s?#…]*+\\?``, whose path could hold the
next link's ``docblock://``: at each link of ``"docblock://" * n`` the search read to the end
of the run before failing, n²/2 steps (a 214 kB page took 51 s to scan, 429 kB 150 s). A path
now holds no ``:``, so each try ends at the next link."""

from __future__ import annotations

from govern.drift.docs.scanner import docblock_declarations, scan_page, without_docblock_paths
from tests.security.pr import within

LINKS = 100_000
"""Links in one run (1.1 MB): hours to scan before, milliseconds now."""


def test_a_run_of_docblock_links_with_no_query_is_scanned_in_linear_time() -> None:
    page = "docblock://" * LINKS
    assert within(lambda: list(docblock_declarations(page))) == []
    assert within(lambda: without_docblock_paths(page)) == page  # no query: left as written
    assert within(lambda: scan_page(page, "a.md")).words == {"docblock"}


def test_a_link_after_a_run_of_paths_is_still_read() -> None:
    link = "[summary](docblock://query/createApi.ts?token=createApi)\n"
    page = "docblock://query/" * (LINKS // 2) + "\n" + link
    assert within(lambda: list(docblock_declarations(page))) == ["createApi"]
    # the link's scheme and path are blanked, offsets kept; the run before it is not
    blanked = within(lambda: without_docblock_paths(page))
    blank = " " * len("docblock://query/createApi.ts?")
    assert blanked == page[:-len(link)] + f"[summary]({blank}token=createApi)\n"
    tokens = within(lambda: scan_page(page, "a.md"))
    assert "createApi" in tokens.words and "createApi.ts" not in tokens.words
