"""Attack: stall the docs-drift job with pages that each call many plain names (``fn7()``,
not code-shaped) a change touches. Choosing a row's evidence rule asks the index which pages
call the name; asked once per (anchor, page) pair, each answer listing every page calling it,
that cost anchors × pages² (300 pages calling 500 names took over a minute). It is asked once per
anchor. Built through :func:`build_rows` with the pages already matched: the guards fold a
name on more than a few pages, so a PR would reach it, if at all, through names it removes
(certain drift keeps every page), which this test does not build end to end."""

from __future__ import annotations

from govern.drift.affected import Guarded, build_rows
from govern.drift.anchors.model import Anchor
from govern.drift.docs.corpus import Page
from tests.helpers import build_index
from tests.security.pr import within

PAGES = 300
NAMES = 500


def test_each_name_is_looked_up_once_for_all_its_pages() -> None:
    body = "```py\n" + "".join(f"fn{i}()\n" for i in range(NAMES)) + "```\n"
    blobs = {f"b{p}": f"{body}page {p}\n".encode() for p in range(PAGES)}
    index = build_index([Page(f"docs/{p}.md", f"b{p}", False) for p in range(PAGES)],
                        blobs.get)
    anchors = [Anchor("symbol", f"fn{i}", "src/a.py", "both") for i in range(NAMES)]
    guarded = Guarded(admitted=anchors, weak=[], overbroad=[],
                      pages={(a.kind, a.token): set(range(PAGES)) for a in anchors})
    rows = within(lambda: build_rows(guarded, index, frozenset()))
    assert len(rows) == PAGES
    assert all(len(row.anchors) == NAMES for row in rows)
    assert {e.rule for row in rows for e in row.evidence} == {"call_form"}
    # the line of each call is found: ``fn{i}()`` is on line i + 2
    first = rows[0].evidence
    assert {(e.token, e.lines) for e in first[:3]} <= {
        (f"fn{i}", (i + 2,)) for i in range(NAMES)}
