"""A release-notes section inside an ordinary page (black's README ``## Change Log``) is
history, not documentation: the scanner does not read it, and calibrate does not count a page
changed only there as a reference page (tests/test_calibrate.py)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from govern.drift.docs.scanner import (
    may_hold_release_notes,
    page_title,
    release_notes_spans,
    scan_page,
    without_release_notes,
)
from tests.helpers import PY_PKG, pr_repo, rows, run_json

MD = """# Proj

Use `parse()`.

```sh
# Change Log
run it
```

## Change Log

### 1.0

* `render` added

## License

MIT `license_text`
"""


def _sections(text: str, path: str) -> list[str]:
    return [text[start:end] for start, end in release_notes_spans(text, path)]


def test_a_markdown_section_runs_to_the_next_heading_of_its_level_past_its_subsections(
        ) -> None:
    assert _sections(MD, "README.md") == ["## Change Log\n\n### 1.0\n\n* `render` added\n\n"]
    tokens = scan_page(MD, "README.md")
    assert "render" not in tokens.words and "parse" in tokens.calls
    assert "license_text" in tokens.words  # the section after the notes is read again


@pytest.mark.parametrize(("text", "path", "section"), [
    ("Proj\n====\n\nWhat's New\n----------\n`added`\n\nUsage\n=====\n`used`\n", "a.md",
     "What's New\n----------\n`added`\n\n"),
    ("Proj\n====\n\nRelease Notes\n-------------\n\n1.0\n~~~\n`added`\n\nUsage\n-----\n`used`\n",
     "a.rst", "Release Notes\n-------------\n\n1.0\n~~~\n`added`\n\n"),
    ("=====\nProj\n=====\n\nChangelog\n=========\n`added`\n", "a.rst",
     "Changelog\n=========\n`added`\n"),
    ("# Proj\n\n## Changelog ##\n`added`\n", "a.mdx", "## Changelog ##\n`added`\n"),
])
def test_setext_rst_and_mdx_headings_open_a_section(text: str, path: str, section: str) -> None:
    assert _sections(text, path) == [section]
    assert "added" not in scan_page(text, path).words


@pytest.mark.parametrize(("text", "path"), [
    ("# Proj\n\n```md\n## Changelog\n`added`\n```\n", "a.md"),  # a heading in code
    ("# Proj\n\n## History\n`added`\n", "a.md"),  # the title of a feature as often
    ("# Proj\n\n## Changes to `added`\n`added`\n", "a.md"),
    ("Proj\n====\n\nChangelog\n\n---\n\n`added`\n", "a.md"),  # a break, no heading
    ("#Changelog\n`added`\n", "a.md"),
    ("# Changelog\n\n## 1.0\n\n* `added`\n", "CHANGELOG.md"),  # a changelog page
    ("Changelog\n=========\n\n1.0\n---\n`added`\n", "CHANGES.rst"),
    ("---\ntitle: Changelog\n---\n\n# Changelog\n\n`added`\n", "docs/changelog.mdx"),
])
def test_a_page_without_a_release_notes_heading_is_read_whole(text: str, path: str) -> None:
    assert _sections(text, path) == []
    assert "added" in scan_page(text, path).words


def test_the_notes_left_blank_keep_every_other_line_where_it_was() -> None:
    blank = without_release_notes(MD, "README.md")
    assert blank.count("\n") == MD.count("\n")
    assert blank.split("\n").index("MIT `license_text`") == \
        MD.split("\n").index("MIT `license_text`")


@pytest.mark.parametrize("hostile", [
    "#" * 200_000, "# Changelog\n" * 40_000, "a\n=\n" * 60_000, "```\n# x\n" * 40_000,
    "Changelog\n" + "-" * 300_000, "#\n" * 100_000, "===\n" * 100_000, "ab\n===\n" * 50_000,
])
def test_hostile_headings_are_read_in_linear_time(hostile: str) -> None:
    start = time.perf_counter()
    without_release_notes(hostile, "a.md")
    without_release_notes(hostile, "a.rst")
    assert time.perf_counter() - start < 2


DOCS = {
    "docs/notes.md": "# Engine\n\nStart it with `start_engine()`.\n\n## Changelog\n\n"
                     "* 1.1: `Engine.spin_up` is faster.\n",
    "docs/usage.md": "# Usage\n\n## Changelog\n\n* 1.1: `Engine.spin_up` is faster.\n\n"
                     "## Spinning\n\nCall `Engine.spin_up` to start.\n",
}


def test_a_name_only_in_a_change_log_lists_nothing_and_one_in_a_usage_section_lists_the_page(
        tmp_path: Path) -> None:
    repo = pr_repo(tmp_path, {**PY_PKG, **DOCS}, {
        "pkg/src/acme/_core.py": PY_PKG["pkg/src/acme/_core.py"].replace("speed = 1",
                                                                         "speed = 2")})
    data = run_json(repo, "main")
    assert rows(data) == {"docs/usage.md": ["Engine.spin_up"]}
    # the row points at the usage section, not at the release notes above it
    assert data["docs"][0]["evidence"][0]["lines"] == [9]


def test_a_flag_only_in_a_change_log_lists_nothing(tmp_path: Path) -> None:
    """A phrase (a flag, a command) is looked for in the page as written, and an occurrence
    inside its release notes does not count."""
    cli = ('import click\n\n\n@click.command()\n'
           '@click.option("--fast", is_flag=True, help="Skip checks.")\n'
           'def main(fast):\n    return fast\n')
    docs = {"docs/notes.md": "# Tool\n\nIt formats fast.\n\n## Changelog\n\n* `--fast` added\n",
            "docs/usage.md": "# Usage\n\n## Changelog\n\nNothing yet.\n\n## Options\n\n"
                             "Run `tool --fast` to skip checks.\n"}
    repo = pr_repo(tmp_path, {"tool/cli.py": cli, **docs},
                   {"tool/cli.py": cli.replace("Skip checks.", "Skip the safety checks.")})
    data = run_json(repo, "main")
    assert rows(data) == {"docs/usage.md": ["--fast"]}
    assert data["docs"][0]["evidence"][0]["lines"] == [9]


@pytest.mark.parametrize(("text", "may"), [
    ("# Tool\n\n## Change Log\n\n* x\n", True),
    ("Tool\n====\n\nRelease Notes\n-------------\n\n* x\n", True),
    ("=========\nChangelog\n=========\n", True),
    ("# Tool\n\nSee the changelog for what's new in each release.\n", False),
    ("# Tool\n\n    ## Changelog\n", False),  # indented four: code, not a heading
    ("x " * 10 + "\nchangelog " * 100, False),  # on no heading line, however often
    ("Notes\n\n## Changelog\n###\n", True),  # `###` opens a line and underlines the one above
    ("Release notes\n###\n", True),
    ("Release notes\n  ###\n", False),  # an indented `#` line is no adornment
    # every title, in each spacing a heading writes it, and nothing near them
    *((f"# Tool\n\n## {first}{blank}{second}\n", True)
      for first, second in (("Change", "Log"), ("RELEASE", "notes"), ("Release", "History"),
                            ("Version", "History"), ("Change", "History"), ("What's", "New"),
                            ("Whats", "new"), ("What\u2019s", "New"))
      for blank in ("", " ", "-", "_")),
    ("# Tool\n\n## What is new\n\n## Release note\n\nChange\n\nLog\n---\n", False),
    # a heading the sections' reader takes, however its words are spaced or cased, on a page
    # of any length: the gate keys each heading line as that reader keys a title
    ("# Tool\n\n## Change  Log\n", True), ("# Tool\n\n## Release.Notes\n", True),
    ("# Tool\n\n" + "See the changelog.\n" * 65 + "\n## Release  Notes\n", True),
    ("# Tool\n\nİstanbul\n\n## Relea\u017fe Notes\n", True),  # ſ casefolds to s
    # letters whose lowercase is longer than they are (a Turkish page) move no offset
    ("İ" * 80 + "\n\n## Changelog\n", True),
    ("İ" * 80 + "\n\nSee the changelog.\n\n## Usage\n", False),
])
def test_a_page_is_read_for_headings_only_where_a_heading_may_name_release_notes(
        text: str, may: bool) -> None:
    assert may_hold_release_notes(text) is may


_TITLE_LINE = st.tuples(
    st.sampled_from(["", "# ", "## ", "   ### ", "    # ", "x "]),
    st.sampled_from(["Change", "CHANGE", "Release", "release", "Version", "What", "Relea\u017fe",
                     "x"]),
    st.sampled_from(["", " ", "  ", ".", "-", "_", "\u00a0", "\t", "'s ", "\u2019s ", "İ"]),
    st.sampled_from(["Log", "log", "Notes", "History", "New", "x"]),
    st.sampled_from(["", " ##", "\r", " x"]),
).map("".join)
_PAGE_LINES = st.lists(st.one_of(_TITLE_LINE, st.sampled_from(
    ["", "===", "---", "```", "~~~", "#", "x", "===\r", "İ", " ---"])), max_size=12)


@given(_PAGE_LINES.map("\n".join))
def test_the_gate_misses_no_section_the_reader_takes(text: str) -> None:
    """``may_hold_release_notes`` only spares a page the line-by-line read: wherever that read
    finds a release-notes section, the gate lets the page through (an old gate, searching the
    page for the titles' words, missed ``## Change  Log`` unless the page wrote 65 of them)."""
    for path in ("a.md", "a.rst", "a.mdx"):
        assert may_hold_release_notes(text) or not release_notes_spans(text, path)


def test_a_front_matter_title_is_the_title_and_the_first_heading_a_section() -> None:
    """A Docusaurus or Fumadocs page shows its front matter ``title:`` as its heading: the
    first ``##`` of its body is a section like any other, and may be the release notes."""
    text = "---\ntitle: Guide\n---\n\n## Changelog\n\n* `added`\n\n## Usage\n\n`used`\n"
    assert _sections(text, "docs/guide.mdx") == ["## Changelog\n\n* `added`\n\n"]
    words = scan_page(text, "docs/guide.mdx").words
    assert "added" not in words and "used" in words
    # without a title in its front matter, the first heading is the page's title
    untitled = text.replace("title: Guide", "sidebar_position: 2")
    assert _sections(untitled, "docs/guide.mdx") == []
    assert "added" in scan_page(untitled, "docs/guide.mdx").words


@pytest.mark.parametrize(("text", "path", "title"), [
    ("---\ntitle: 'Release notes'\ndescription: x\n---\n\nZod 4.\n\n## Versioning\n",
     "v4/index.mdx", "Release notes"),
    # a body opening with a `#` heading: the site shows it as the page's title
    ("---\ntitle: Release notes\n---\n\n# Zod 4\n\n## Versioning\n", "a.mdx", "Zod 4"),
    ('---\nsidebar: 1\ntitle: "Guide"\n---\n', "a.md", "Guide"),
    ("# Changelog\n\n## 1.0\n", "a.md", "Changelog"),
    ("Changes\n=======\n", "a.rst", "Changes"),
    ("---\nsidebar: 1\n---\n\n## Usage\n", "a.md", "Usage"),
    ("no heading\n", "a.md", ""),
    ("---\ntitle: x\n", "a.md", ""),  # a front matter never closed is none
])
def test_a_page_title_is_its_front_matter_title_else_its_first_heading(
        text: str, path: str, title: str) -> None:
    assert page_title(text, path) == title
