"""A package entry's default export that the change removes anchors ``PKG.default``, removed:
a page default-importing the package (``import produce from "immer"``) is certainly stale,
and a page importing its named exports only is not
(docs/concepts/anchoring-rules.md#certain-drift). One the change points at another object
anchors ``PKG.default`` too, changed: the import still works, so its pages are listed,
however many, and none is stale. immer's
``59971e1`` removed ``export default produce`` from ``src/immer.ts`` and edited the eleven
pages that wrote ``import produce from "immer"``; zustand's ``0b55a3d7`` turned ``export
default create`` of ``src/react.ts``, which ``src/index.ts`` forwards (``export { default }
from './react'``), into a deprecated wrapper, and edited the pages that default-imported
``zustand``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from govern.drift.docs.lines import DIRECT_SEARCHES, PageMentions
from govern.drift.docs.scanner import default_imports, scan_page
from tests.helpers import pr_repo, run_json

MANIFEST = json.dumps({"name": "immer", "source": "src/immer.ts",
                       "exports": {".": {"import": "./dist/immer.mjs"},
                                   "./patches": {"import": "./dist/patches.mjs"}}})
ENTRY = ("export function produce(base: number) {\n  return base + 1\n}\n\n"
         "export function create(base: number) {\n  return base + 2\n}\n\n"
         "export default produce\n")
PATCHES = "export function applyPatches(base: number) {\n  return base\n}\n\n" \
          "export default applyPatches\n"
PAGES = {
    "docs/default.md": '```js\nimport produce from "immer"\n\nproduce(state, recipe)\n```\n',
    "docs/renamed.md": '```js\nimport unleashTheMagic, {nothing} from "immer"\n```\n',
    "docs/required.md": '```js\nconst produce = require("immer").default\n```\n',
    "docs/named.md": '```js\nimport {produce} from "immer"\n\nproduce(state, recipe)\n```\n',
    "docs/patches.md": '```js\nimport applyPatches from "immer/patches"\n```\n',
    "docs/migrating.md": '```js\nimport produce from "immer"\n```\n',
}
FILES = {"package.json": MANIFEST, "src/immer.ts": ENTRY, "src/patches.ts": PATCHES, **PAGES}


def _run(tmp_path: Path, head: dict[str, str | None],
         files: dict[str, str] | None = None) -> dict[str, Any]:
    data = run_json(pr_repo(tmp_path, files or FILES, head), "main")
    return {row["path"]: (row["stale"], sorted(a["token"] for a in row["anchors"]))
            for row in data["docs"]}


def test_a_removed_default_export_makes_every_page_default_importing_it_stale(
        tmp_path: Path) -> None:
    found = _run(tmp_path, {"src/immer.ts": ENTRY.replace("export default produce\n", "")})
    default = (True, ["immer.default"])
    assert found == {"docs/default.md": default, "docs/renamed.md": default,
                     "docs/required.md": default,
                     # a migration guide names the old API on purpose: listed, never stale
                     "docs/migrating.md": (False, ["immer.default"])}


@pytest.mark.parametrize("default", [
    "export default create\n",
    # zustand's deprecated wrapper: a value with no name, still the package's default
    "/** @deprecated */\nexport default (base: number) => {\n  console.warn('x')\n"
    "  return produce(base)\n}\n",
])
def test_a_default_export_pointed_at_another_object_is_changed_not_removed(
        tmp_path: Path, default: str) -> None:
    found = _run(tmp_path, {"src/immer.ts": ENTRY.replace("export default produce\n", default)})
    changed = (False, ["immer.default"])
    assert found == {"docs/default.md": changed, "docs/renamed.md": changed,
                     "docs/required.md": changed, "docs/migrating.md": changed}


def test_every_page_default_importing_a_changed_default_is_listed(tmp_path: Path) -> None:
    """A page names the default only by importing it, so it runs what changed: neither the
    share guard nor the row cap folds the pages away, as they do a name written in passing."""
    pages = {f"docs/guide{number}.md": '```js\nimport produce from "immer"\n```\n'
             for number in range(10)}
    files = {"package.json": MANIFEST, "src/immer.ts": ENTRY, **pages}
    data = run_json(pr_repo(tmp_path, files, {"src/immer.ts": ENTRY.replace(
        "export default produce\n", "export default create\n")}), "main")
    assert {row["path"]: row["stale"] for row in data["docs"]} == dict.fromkeys(pages, False)
    assert data["folded_anchors"] == data["overbroad_anchors"] == []


def test_a_default_export_kept_lists_no_page_for_being_default(tmp_path: Path) -> None:
    # its body changed: `produce` anchors as it does, and the default import is unchanged
    found = _run(tmp_path, {"src/immer.ts": ENTRY.replace("base + 1", "base + 3")})
    assert all("immer.default" not in tokens for _, tokens in found.values())
    assert "docs/renamed.md" not in found and "docs/required.md" not in found


def test_a_subpath_entry_s_default_is_imported_by_its_subpath(tmp_path: Path) -> None:
    found = _run(tmp_path, {"src/patches.ts": PATCHES.replace("export default applyPatches\n",
                                                              "")})
    assert found == {"docs/patches.md": (True, ["immer/patches.default"])}


def test_a_module_no_entry_forwards_its_default_from_lists_nothing(tmp_path: Path) -> None:
    files = {**FILES, "src/internal.ts": PATCHES}
    found = _run(tmp_path, {"src/internal.ts": PATCHES.replace("export default applyPatches\n",
                                                               "")}, files)
    assert found == {}


def test_a_default_forwarded_from_elsewhere_on_either_side_is_no_removal(
        tmp_path: Path) -> None:
    # the same function, now forwarded from the module it moved to: what it is is not told
    files = {**FILES, "src/produce.ts": "export default function produce() {\n  return 1\n}\n"}
    head = {"src/immer.ts": ENTRY.replace("export default produce\n",
                                          "export { default } from './produce'\n")}
    assert all(not stale for stale, _ in _run(tmp_path, head, files).values())


def test_a_default_forwarded_from_another_module_is_followed_there(tmp_path: Path) -> None:
    """zustand ``0b55a3d7``: the entry forwards ``default`` from ``./react``, whose ``export
    default create`` became a deprecated wrapper."""
    react = "export const create = (state: number) => state\n\nexport default create\n"
    files = {"package.json": json.dumps({"name": "zustand", "main": "./index.js"}),
             "src/index.ts": "export * from './react'\nexport { default } from './react'\n",
             "src/react.ts": react, "docs/guide.md": "```js\nimport create from 'zustand'\n```\n",
             "docs/named.md": "```js\nimport { create } from 'zustand'\n```\n"}
    wrapped = react.replace("export default create\n",
                            "export default ((state: number) => create(state))\n")
    assert _run(tmp_path, {"src/react.ts": wrapped}, files) == {
        "docs/guide.md": (False, ["zustand.default"])}
    removed = react.replace("export default create\n", "")
    assert _run(tmp_path / "removed", {"src/react.ts": removed}, files) == {
        "docs/guide.md": (True, ["zustand.default"])}


@pytest.mark.parametrize(("text", "expected"), [
    ('import produce from "immer"', ["immer.default"]),
    ("import produce, { nothing } from 'immer'", ["immer.default"]),
    ('import produce, {\n  nothing,\n  original\n} from "immer"', ["immer.default"]),
    ('import produce, * as all from "immer"', ["immer.default"]),
    ('import type Produce from "immer"', ["immer.default"]),
    ('const produce = require("immer").default', ["immer.default"]),
    ('import Tabs from "@theme/Tabs"', ["@theme/Tabs.default"]),
    # named and namespace imports, and a require of the module object, name no default
    ('import {produce} from "immer"', []),
    ('import * as immer from "immer"', []),
    ('import type {Draft} from "immer"', []),
    ('const immer = require("immer")', []),
    ('const x = require("immer").defaults', []),
])
def test_the_scanner_reads_a_default_import_as_the_module_s_default(
        text: str, expected: list[str]) -> None:
    assert [name for name, _ in default_imports(text)] == expected
    assert set(expected) <= scan_page(f"```js\n{text}\n```\n", "docs/page.md").words


def test_a_stale_row_points_at_the_default_import(tmp_path: Path) -> None:
    data = run_json(pr_repo(tmp_path, FILES, {"src/immer.ts": ENTRY.replace(
        "export default produce\n", "")}), "main")
    lines = {row["path"]: row["evidence"][0]["lines"] for row in data["docs"]}
    assert lines["docs/default.md"] == [2]
    assert lines["docs/required.md"] == [2]


def test_a_page_read_for_many_default_anchors_finds_each_import_where_it_is() -> None:
    """The page's default imports are read once and kept for every ``.default`` anchor asked
    after, past the searches after which its tokens are indexed too: each anchor still gets
    the lines of its own imports, and a module the page imports only by name gets none."""
    modules = [f"pkg{number}" for number in range(DIRECT_SEARCHES + 10)]
    text = "```js\n" + "".join(
        f'import m{number} from "{module}"\nconst r{number} = require("{module}").default\n'
        for number, module in enumerate(modules)) + 'import {named} from "other"\n```\n'
    page = PageMentions(text, "docs/page.md")
    for number, module in enumerate(modules):
        assert page.lines(f"{module}.default", "written") == (2 * number + 2, 2 * number + 3)
    assert page.lines("other.default", "written") == ()
