"""Attack: stall the docs-drift job with a page built against the reader of markdown-include's
``{!path!}`` (docs/concepts/anchoring-rules.md#file-paths): a line of a million openings that
never close, each of which a reader looking for its own closing would follow to the end of
the line (n²/2 steps), or a line of statements by the hundred thousand, each of which a reader
looking for its line's end would follow there. The search goes on from a statement's end, or
from the end of the line of an opening that never closes: linear."""

from __future__ import annotations

import time
from pathlib import Path

from govern.drift.docs.scanner import included_paths, scan_page
from tests.helpers import pr_repo, run_json
from tests.security.pr import within

REPEATS = 350_000  # a line of about a megabyte


def test_a_line_of_openings_that_never_close_is_read_once() -> None:
    page = "# Page\n\n" + "{!" * (REPEATS * 3 // 2) + "\n{!main.py!}\n"
    started = time.perf_counter()
    assert within(lambda: list(included_paths(page))) == [(len(page) - 12, "main.py")]
    assert time.perf_counter() - started < 0.5
    assert within(lambda: scan_page(page, "a.md")).included == {"main.py"}


def test_a_line_of_statements_is_read_once() -> None:
    page = "{!a.py!} " * REPEATS + "{!" * REPEATS
    assert len(within(lambda: list(included_paths(page)))) == REPEATS
    assert within(lambda: scan_page(page, "a.md")).included == {"a.py"}


def test_includes_of_many_changed_files_of_one_name_are_not_paired_each_with_each(
        tmp_path: Path) -> None:
    """Found by review: each include was paired with each changed file of its name, and each
    pair's shared tail worked out (2,000 files named ``m.py`` and a page including as many
    copies: 15 s). A tail is looked up among the changed files' own."""
    files = 2_000
    page = "# P\n\n" + "".join(f"{{!e{i}/m.py!}}\n" for i in range(files)) + "{!d7/m.py!}\n"
    repo = pr_repo(tmp_path, {"docs/p.md": page,
                              **{f"src/d{i}/m.py": "x = 1\n" for i in range(files)}},
                   {f"src/d{i}/m.py": "x = 2\n" for i in range(files)})
    data = within(lambda: run_json(repo, "main"), 10)
    # the one include a single changed file ends with is still read
    assert [(row["path"], [e["token"] for e in row["evidence"]]) for row in data["docs"]] == [
        ("docs/p.md", ["d7/m.py"])]
