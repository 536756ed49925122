"""A markdown table of contents' entry is not where a page names an anchor: the row points at
the section (fastify's Server.md listed `trustProxy` at its contents, line 29, and its section
is at line 554; docs/concepts/ranking.md#line-numbers)."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.drift.docs.lines import mention_lines
from tests.helpers import pr_repo, run_json

SERVER = ("# Server\n\n- [`trustProxy`](#trustproxy)\n  1. [other](#other)\n\n## Options\n\n"
          "### `trustProxy`\n\nSet `trustProxy` to true.\n")


@pytest.mark.parametrize(("text", "lines"), [
    (SERVER, (8, 10)),
    (SERVER.replace("\n", "\r\n"), (8, 10)),  # a CRLF page
    # the entry is all the page has: it is still where the page names it
    ("# Server\n\n- [`trustProxy`](#trustproxy)\n", (3,)),
    # a link to another page's section is a link index's line, left out as well
    # (docs/concepts/anchoring-rules.md#link-indexes)
    ("# Guide\n\n- [`trustProxy`](./Server.md#trustproxy)\n\nSee `trustProxy`.\n", (5,)),
    # a list item saying more than a link is prose
    ("# Notes\n\n- [`trustProxy`](#trustproxy) is off by default\n\n`trustProxy`\n", (3, 5)),
])
def test_a_contents_entry_is_no_mention_where_the_page_names_it_elsewhere(
        text: str, lines: tuple[int, ...]) -> None:
    assert mention_lines(text, "docs/Server.md", "trustProxy", "written") == lines


def test_the_row_points_at_the_section(tmp_path: Path) -> None:
    base = {"package.json": '{"name": "srv", "main": "index.js"}\n',
            "index.js": "export function trustProxy(on) {\n  return on\n}\n",
            "docs/Server.md": SERVER}
    data = run_json(pr_repo(tmp_path, base, {"index.js": base["index.js"].replace(
        "return on", "return !!on")}), "main")
    assert [(row["path"], row["evidence"][0]["lines"]) for row in data["docs"]] == [
        ("docs/Server.md", [8, 10])]
