"""Attack: stall the docs-drift job with a page built against the written-regions reader
(docs/concepts/anchoring-rules.md#written-regions): a megabyte line of ``<!--`` openings, each
of which a search for its ``-->`` would follow for 200 characters; openings never closed, or
nested two hundred thousand deep; a hundred thousand regions; a PR of thousands of files beside
a long script writing a region. Each search reads on only to the next ``<``, ``>`` or line end,
the regions are found in one pass, and a script's text is read once: linear."""

from __future__ import annotations

import pytest

from govern.drift.docs.corpus import Page
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
