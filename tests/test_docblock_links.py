"""Docblock links: ``[summary](docblock://src/api.ts?token=Options.keepUnused)`` embeds one
declaration's doc comment when the site is built. The page names that declaration, as a
generating directive does, and not the file it is looked up in
(docs/concepts/anchoring-rules.md#file-paths)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from govern.drift.docs.lines import mention_lines
from govern.drift.docs.scanner import scan_page, without_docblock_paths
from tests.helpers import pr_repo, run_json

API = ("export interface Options {\n"
       "  /** How long unused data is kept, in seconds. */\n"
       "  keepUnused?: number\n"
       "  /** Whether to refetch on focus. */\n"
       "  refetchOnFocus?: boolean\n"
       "}\n"
       "export function createApi(options: Options) {\n"
       "  return options.keepUnused ?? 120\n"
       "}\n")
PAGE = "# Caching\n\n[summary](docblock://src/api.ts?token=Options.keepUnused)\n"
FILES = {"package.json": '{"name": "kit", "version": "1.0.0"}\n', "src/api.ts": API,
         "docs/caching.mdx": PAGE,
         **{f"docs/guide{i}.md": f"# Guide {i}\n\nPlain words.\n" for i in range(6)}}


def changed(tmp_path: Path, old: str, new: str, page: str = PAGE) -> dict[str, Any]:
    """affected-docs of a change replacing ``old`` with ``new`` in ``src/api.ts``."""
    repo = pr_repo(tmp_path, {**FILES, "docs/caching.mdx": page},
                   {"src/api.ts": API.replace(old, new)})
    return run_json(repo, "main")


def evidence(data: dict[str, Any]) -> set[tuple[str, str, str]]:
    """(rule, kind, token) of each piece of evidence for the docblock page's row."""
    row = next(row for row in data["docs"] if row["path"] == "docs/caching.mdx")
    return {(item["rule"], item["kind"], item["token"]) for item in row["evidence"]}


@pytest.mark.parametrize(("old", "new"), [
    ("?? 120", "?? 60"),  # the body of another declaration of the file
    ("Whether to refetch on focus.", "Whether to refetch when focused."),  # another's JSDoc
])
def test_a_change_elsewhere_in_the_file_lists_no_docblock_page(tmp_path: Path, old: str,
                                                                 new: str) -> None:
    data = changed(tmp_path, old, new)
    assert data["docs"] == []
    assert "src/api.ts" not in {anchor["token"] for anchor in data["anchors"]}


def test_a_page_writing_the_path_itself_still_names_the_file(tmp_path: Path) -> None:
    page = PAGE + "\nThe options are declared in `src/api.ts`.\n"
    data = changed(tmp_path, "?? 120", "?? 60", page)
    row = next(row for row in data["docs"] if row["path"] == "docs/caching.mdx")
    # on the line that writes it, not the docblock link's
    assert row["evidence"] == [{"rule": "file_path", "kind": "file", "token": "src/api.ts",
                                "lines": [5]}]


@pytest.mark.parametrize(("old", "new"), [
    ("How long unused data is kept, in seconds.", "How long unused data is kept (seconds)."),
    ("keepUnused?: number", "keepUnused?: number | false"),
])
def test_a_change_to_the_embedded_declaration_lists_the_page(tmp_path: Path, old: str,
                                                              new: str) -> None:
    data = changed(tmp_path, old, new)
    found = evidence(data)
    assert ("qualified_name", "symbol", "Options.keepUnused") in found
    assert not {item for item in found if item[1] == "file"}
    row = data["docs"][0]
    assert row["stale"] is False
    assert {line for item in row["evidence"] for line in item["lines"]} == {3}


def test_a_removed_embedded_declaration_is_certain_drift(tmp_path: Path) -> None:
    data = changed(tmp_path, "  /** How long unused data is kept, in seconds. */\n"
                             "  keepUnused?: number\n", "")
    found = evidence(data)
    assert ("removed", "symbol", "Options.keepUnused") in found
    assert not {item for item in found if item[1] == "file"}
    assert data["docs"][0]["stale"] is True


def test_a_docblock_link_names_its_declaration_and_not_its_path() -> None:
    tokens = scan_page("[a](docblock://query/createApi.ts?token=CreateApiOptions.keepUnused)\n"
                       "[b](docblock://query/react/hooks.ts?token=useQuery)\n", "a.mdx")
    assert {"CreateApiOptions.keepUnused", "keepUnused", "useQuery"} <= tokens.words
    assert not {"query/createApi.ts", "query/react/hooks.ts"} & tokens.loose
    assert not {"createApi.ts", "hooks.ts"} & tokens.words
    # a link to the file itself, or the path with a query but no docblock scheme, is a path
    for written in ("[a](query/createApi.ts)", "[a](./query/createApi.ts?token=A)"):
        assert "query/createApi.ts" in scan_page(written, "a.mdx").loose, written


def test_the_blank_keeps_every_offset_and_the_declaration() -> None:
    text = "x [a](docblock://src/api.ts?token=Options.keepUnused) y\n"
    blank = without_docblock_paths(text)
    assert len(blank) == len(text)
    assert "src/api.ts" not in blank and " token=Options.keepUnused) y" in blank
    assert mention_lines("one\n" + text, "a.mdx", "Options.keepUnused", "written") == (2,)
