"""Attack: stall calibrate with a page of toctree entries. Each entry is compared with the
commit's deleted pages (at most ``calibrate.max_files``) and each line is read once: linear in
the page."""

from __future__ import annotations

from govern.calibrate.bookkeeping import toctree_entries
from tests.security.pr import within

ENTRIES = 50_000


def test_entries_from_the_root_are_looked_up_not_compared_with_each_deleted_page() -> None:
    """Found by review: each ``/``-led entry was compared with every deleted page (50,000
    entries and 1,000 deletions: 7 s, and five times that for 5,000); each is now one lookup
    in a set."""
    page = ".. toctree::\n\n" + "".join(f"   /api/q{i}\n" for i in range(ENTRIES))
    deleted = tuple(f"docs/api/p{i}.rst" for i in range(5_000)) + ("docs/api/q7.rst",)
    assert within(lambda: toctree_entries(page, "docs/index.rst", deleted)) \
        == [(len(".. toctree::\n\n") + 7 * len("   /api/q0\n"),
             len(".. toctree::\n\n") + 8 * len("   /api/q0\n"))]


def test_a_toctree_of_many_entries_and_a_line_of_brackets_are_read_once() -> None:
    page = (".. toctree::\n\n" + "".join(f"   T <api/p{i}>\n" for i in range(ENTRIES))
            + "   " + "<" * 500_000 + "\n   /" + "a/" * 200_000 + "b\n")
    deleted = tuple(f"docs/api/p{i}.rst" for i in range(0, 50 * 997, 997))
    spans = within(lambda: toctree_entries(page, "docs/index.rst", deleted))
    assert len(spans) == 50
