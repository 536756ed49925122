"""Attack: stall calibrate with a page of toctree entries. Each entry is compared with the
commit's deleted pages (at most ``calibrate.max_files``) and each line is read once: linear in
the page."""

from __future__ import annotations

from govern.calibrate.bookkeeping import toctree_entries
from tests.security.pr import within

ENTRIES = 50_000


def test_a_toctree_of_many_entries_and_a_line_of_brackets_are_read_once() -> None:
    page = (".. toctree::\n\n" + "".join(f"   T <api/p{i}>\n" for i in range(ENTRIES))
            + "   " + "<" * 500_000 + "\n   /" + "a/" * 200_000 + "b\n")
    deleted = tuple(f"docs/api/p{i}.rst" for i in range(0, 50 * 997, 997))
    spans = within(lambda: toctree_entries(page, "docs/index.rst", deleted))
    assert len(spans) == 50
