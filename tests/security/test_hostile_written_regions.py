"""Attack: stall the docs-drift job with a page built against the written-regions reader
(docs/concepts/anchoring-rules.md#written-regions): a megabyte line of ``<!--`` openings, each
of which a search for its ``-->`` would follow for 200 characters; openings never closed, or
nested two hundred thousand deep; a hundred thousand regions; a PR of thousands of files beside
a long script writing a region. Each search reads on only to the next ``<``, ``>`` or line end,
the regions are found in one pass, and a script's text is read once: linear."""

from __future__ import annotations

import pytest

from govern.drift.docs.corpus import Page
from govern.drift.docs.lines import PageMentions
from govern.drift.docs.scanner import scan_page, written_regions
from govern.drift.regions import region_candidates
from govern.git.diff import ChangedFile
from tests.helpers import build_index
from tests.security.pr import within

LINES = 100_000


@pytest.mark.parametrize(("page", "regions"), [
    ("<!--" * 250_000, 0),
    (("<!--" + "-" * 199) * 5_000, 0),
    ("<!-- a start -->\n" * 2 * LINES, 0),
    ("<!-- a start -->\n" * LINES + "<!-- a end -->\n" * LINES, 1),
    ("<!-- a start -->\n<!-- a end -->\n" * LINES, LINES),
])
def test_hostile_markers_are_read_in_linear_time(page: str, regions: int) -> None:
    assert len(within(lambda: written_regions(page))) == regions
    assert len(within(lambda: scan_page(page, "README.md")).regions) == min(regions, 1)


def test_thousands_of_changed_files_and_a_long_script_are_read_once() -> None:
    """A script's text was searched for each changed file's name: 20,000 files against a
    script of a megabyte is 20 G steps. The script's strings are read once, and the changed
    names looked up in what they end with."""
    page = Page("README.md", "blob", False)
    index = build_index([page], {"blob": b"<!-- A:START -->\nx\n<!-- A:END -->\n"}.get)
    paths = [f"data/d{n}.yml" for n in range(20_000)]
    script = "'README.md' '<!-- A:START -->' " + "'x/y.json' " * 100_000 + "'d19999.yml'"
    changes = [ChangedFile(path=path, old_path=None, status="M", old_lines=frozenset(),
                           new_lines=frozenset(), old_blob="", new_blob="", old_mode="100644",
                           new_mode="100644", hunks=()) for path in paths]
    found = within(lambda: region_candidates(changes, index,
                                             lambda markers: {"gen.py": script.encode()},
                                             frozenset(paths), lambda path: True,
                                             lambda change: False))
    assert {(c.file, c.side) for c in found} == {("data/d19999.yml", "base"),
                                                 ("data/d19999.yml", "head")}


def test_many_scripts_pages_markers_and_changes_are_read_once_each() -> None:
    """A candidate was made for each marker a script writes and each changed file it reads:
    100 scripts, each holding 200 markers of 20 pages apiece and naming 10,000 changed files,
    made 200 million. A marker gives one candidate a side, and a script whose markers all
    have theirs is read no further."""
    pages = [Page(f"docs/p{n}.md", f"blob{n}", False) for n in range(4_000)]
    texts = {page.blob: f"<!-- R{n % 200:03}:START -->\nx\n<!-- R{n % 200:03}:END -->\n".encode()
             for n, page in enumerate(pages)}
    index = build_index(pages, texts.get)
    paths = [f"data/d{n}.yml" for n in range(10_000)]
    script = " ".join([*(f"'<!-- R{n:03}:START -->'" for n in range(200)),
                       *(f"'p{n}.md'" for n in range(4_000)),
                       *(f"'d{n}.yml'" for n in range(10_000))]).encode()
    changes = [ChangedFile(path=path, old_path=None, status="M", old_lines=frozenset(),
                           new_lines=frozenset(), old_blob="", new_blob="", old_mode="100644",
                           new_mode="100644", hunks=()) for path in paths]
    found = within(lambda: region_candidates(
        changes, index, lambda markers: {f"gen{n}.py": script for n in range(100)},
        frozenset(paths), lambda path: True, lambda change: False))
    assert len(found) == 400  # each marker, on each side
    assert {c.file for c in found} == {"data/d0.yml"}  # the first in path order


def test_a_page_listed_for_many_markers_is_read_for_its_regions_once() -> None:
    """A listed page was read for its regions once for each marker that listed it: 200
    markers of a page of 50,000 regions."""
    page = "".join(f"<!-- R{n % 200:03}:START -->\nx\n<!-- R{n % 200:03}:END -->\n"
                   for n in range(50_000))
    mentions = PageMentions(page, "README.md")
    lines = within(lambda: [mentions.lines(f"<!-- R{n:03}:START -->", "region")
                            for n in range(200)], 10.0)
    assert lines[0][:2] == (1, 601) and lines[199][0] == 598
