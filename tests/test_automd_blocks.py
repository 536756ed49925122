"""automd blocks: ``<!-- automd:jsdocs src="../src/a.ts" -->`` … ``<!-- /automd -->`` is text
automd generates from a source's JSDoc, a generated reference as an autodoc directive is. The
names in it list the page on a change to what it renders (a signature, a JSDoc block), not on
a change to a function's body, and its ``src`` path names no file
(docs/concepts/anchoring-rules.md#what-anchors). h3's ``docs/2.utils/*.md`` had been listed
for ``serveStatic``'s body (``ca7de072c8``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from govern.drift.docs.scanner import generated_blocks, scan_page
from tests.helpers import pr_repo, run_json

SOURCE = ("/**\n"
          " * Serve static assets.\n"
          " */\n"
          "export function serveStatic(event: unknown, options: object) {\n"
          "  return resolve(event, options, 1)\n"
          "}\n"
          "/**\n"
          " * Send html.\n"
          " */\n"
          "export function html(first: string) {\n"
          "  return first.trim()\n"
          "}\n")
BLOCK = ('<!-- automd:jsdocs src="../src/utils/static.ts" -->\n\n'
         "### `serveStatic(event, options)`\n\nServe static assets.\n\n"
         "### `html(first)`\n\nSend html.\n\n"
         "<!-- /automd -->\n")
FILES = {"package.json": '{"name": "kit", "version": "1.0.0"}\n',
         "src/utils/static.ts": SOURCE,
         "docs/response.md": "# Response\n\n" + BLOCK,
         "docs/assets.md": "# Assets\n\nCall `serveStatic(event, {})` from a handler.\n",
         **{f"docs/guide{i}.md": f"# Guide {i}\n\nPlain words.\n" for i in range(6)}}


def changed(tmp_path: Path, old: str, new: str, **pages: str) -> dict[str, Any]:
    """affected-docs of a change replacing ``old`` with ``new`` in the source."""
    base = {**FILES, **{f"docs/{name}.md": text for name, text in pages.items()}}
    repo = pr_repo(tmp_path, base, {"src/utils/static.ts": SOURCE.replace(old, new)})
    return run_json(repo, "main")


def evidence(data: dict[str, Any]) -> dict[str, set[tuple[str, str]]]:
    return {row["path"]: {(item["rule"], item["token"]) for item in row["evidence"]}
            for row in data["docs"]}


def test_a_body_change_lists_the_pages_writing_the_name_not_the_generated_block(
        tmp_path: Path) -> None:
    found = evidence(changed(tmp_path, "options, 1)", "options, 2)"))
    assert found == {"docs/assets.md": {("unique_name", "serveStatic")}}


def test_a_jsdoc_change_lists_the_generated_block(tmp_path: Path) -> None:
    found = evidence(changed(tmp_path, "Serve static assets.", "Serve static files."))
    assert found["docs/response.md"] == {("documented_prefix", "serveStatic")}
    assert found["docs/assets.md"] == {("unique_name", "serveStatic")}


@pytest.mark.parametrize(("old", "new", "listed"), [
    ("first.trim()", "first.trimEnd()", False),  # the body
    ("Send html.", "Send an html page.", True),  # its JSDoc, rendered in the block
    ("html(first: string)", "html(first: string, status = 200)", True),  # its signature
])
def test_a_plain_word_in_call_form_in_the_block_is_generated_too(
        tmp_path: Path, old: str, new: str, listed: bool) -> None:
    found = evidence(changed(tmp_path, old, new))
    assert ("docs/response.md" in found) is listed
    if listed:
        assert found["docs/response.md"] == {("documented_prefix", "html")}


def test_an_unterminated_block_is_hand_written(tmp_path: Path) -> None:
    page = "# Response\n\n" + BLOCK.replace("<!-- /automd -->\n", "")
    found = evidence(changed(tmp_path, "options, 1)", "options, 2)", response=page))
    assert found["docs/response.md"] == {("unique_name", "serveStatic"),
                                         ("file_path", "src/utils/static.ts")}


def test_the_blocks_source_path_names_no_file() -> None:
    tokens = scan_page("# Response\n\n" + BLOCK + "\nSee `html()` in src/utils/other.ts.\n",
                       "docs/response.md")
    assert "src/utils/static.ts" not in tokens.loose
    assert "src/utils/other.ts" in tokens.loose  # a path written out of the block still is
    assert {"serveStatic", "html(", "serveStatic("} <= tokens.generated
    assert "serveStatic" not in tokens.words and "html" in tokens.calls
    assert "html(" not in tokens.calls and "automd" not in tokens.words


@pytest.mark.parametrize(("text", "blocks"), [
    ("a <!-- automd:jsdocs --> b <!-- /automd --> c", [(2, 43)]),  # no src: automd's default
    ("<!-- automd:jsdocs src='a.ts' -->x<!-- /automd --><!-- automd:jsdocs -->y",
     [(0, 50)]),  # the second never closes
    ("<!-- automd:pm-install -->x<!-- /automd -->", []),  # another generator: hand-written
    ("<!-- /automd --><!-- automd:jsdocs -->", []),
])
def test_generated_blocks_run_from_their_opening_to_the_closing_marker(
        text: str, blocks: list[tuple[int, int]]) -> None:
    assert generated_blocks(text) == blocks
