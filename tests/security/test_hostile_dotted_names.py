"""Attack: stall or exhaust the docs-drift job with a page holding one very long dotted name
(``run_all.run_all.…``, tens of thousands of parts). The scanner indexed every dotted suffix
of a name, so a name of n parts stored n suffixes of up to n parts: 20,000 parts in a 160 KB
page were 1.6 GB of text, 100,000 parts forty. And the row's line numbers were found by
walking back to the start of the raw token from every occurrence of the anchor inside it:
quadratic, minutes for the same page. Suffixes are now at most eight parts, and the line
search goes on after the token it found, so both stay linear."""

from __future__ import annotations

from pathlib import Path

from govern.drift.docs.scanner import MAX_SUFFIX_PARTS, scan_page
from tests.helpers import pr_repo, run_json
from tests.security.pr import within

PARTS = 20_000
HOSTILE = "Call `" + "run_all." * PARTS + "run_all` or `run_all()`.\n"


def test_a_long_dotted_name_is_indexed_in_linear_space() -> None:
    words = within(lambda: scan_page(HOSTILE, "docs/guide.md").words)
    assert sum(map(len, words)) < 4 * len(HOSTILE)
    # what docs reach a member through is still indexed: short trailing chains
    assert "run_all.run_all" in words
    assert "run_all." * (MAX_SUFFIX_PARTS - 1) + "run_all" in words


def test_the_lines_of_a_long_dotted_name_are_found_in_linear_time(tmp_path: Path) -> None:
    repo = pr_repo(tmp_path, {"acme/tools.py": "def run_all():\n    return 1\n",
                              "docs/guide.md": "# Guide\n\n" + HOSTILE},
                   {"acme/tools.py": "def run_all():\n    return 2\n"})
    data = within(lambda: run_json(repo, "main"))
    assert [row["path"] for row in data["docs"]] == ["docs/guide.md"]
    assert data["docs"][0]["evidence"][0]["lines"] == [3]
