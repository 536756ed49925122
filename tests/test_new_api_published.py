"""Only published names are New API (docs/concepts/anchoring-rules.md#new-api): in a JS/TS
package, what its entry points' export chains reach; of a table, the keys a user writes."""

from __future__ import annotations

import json
from pathlib import Path

from govern.drift.anchors.ts_exports import ExportReader, Surface
from tests.helpers import pr_repo, run_json

MANIFEST = json.dumps({"name": "web", "exports": {
    ".": {"types": "./dist/index.d.ts", "import": "./dist/index.js"},
    "./router": "./dist/router/index.js",
    "./package.json": "./package.json"}})
FILES = {
    "web/package.json": MANIFEST,
    "web/src/index.ts": "export { Client } from './client';\nexport * from './helpers';\n",
    "web/src/client.ts": "import { ConnPool } from './pool';\n\n"
                         "export class Client {\n  sendOne() { return new ConnPool(); }\n"
                         "  sendAll() { return 2; }\n}\n",
    "web/src/pool.ts": "export class ConnPool {}\nexport class ConnPoolLane {}\n",
    "web/src/helpers.ts": "export const helpOne = 1;\nexport const helpZero = 0;\n",
    "web/src/router/index.ts": "import { RegExpRouter } from './reg-exp';\n\n"
                               "export { RegExpRouter };\n",
    "web/src/router/reg-exp.ts": "export class RegExpRouter {\n  add() {}\n  remove() {}\n}\n"
                                 "export class RegExpIndex {}\n",
    "docs/api.md": "`Client.sendOne`, `Client.sendAll`, `Client`, `helpOne`, `helpZero`, "
                   "`ConnPool`, `ConnPoolLane`, `RegExpRouter.add`, `RegExpRouter.remove`, "
                   "`RegExpRouter`, `RegExpIndex`, `tickOne`, `tickZero`, `hideOne`, `hideZero`.\n",
}


def _new_api(tmp_path: Path, files: dict[str, str], head: dict[str, str]) -> list[str]:
    """The new names suggested a home: every one here has siblings on `docs/api.md`."""
    data = run_json(pr_repo(tmp_path, files, head), "main")
    return sorted(entry["token"] for entry in data["new_api"] if entry["suggested_pages"])


def test_only_what_a_package_s_entry_points_reach_is_new_api(tmp_path: Path) -> None:
    head = {
        # reached: every export of a module an entry re-exports with `export *`
        "web/src/helpers.ts": FILES["web/src/helpers.ts"] + "export const helpTwo = 2;\n",
        # reached for `Client` only: its new member is API, a new neighbour is not
        "web/src/client.ts": FILES["web/src/client.ts"].replace(
            "  sendOne()", "  sendMany() { return 1; }\n  sendOne()")
        + "export class ClientPool {}\n",
        # imported by the client, exported by no entry: internal
        "web/src/pool.ts": FILES["web/src/pool.ts"] + "export class ConnPoolSlot {}\n",
        # a subpath entry re-exports the router by its imported name; its neighbour is not
        "web/src/router/reg-exp.ts": FILES["web/src/router/reg-exp.ts"].replace(
            "  add() {}", "  add() {}\n  match() {}") + "export class RouteNode {}\n",
    }
    assert _new_api(tmp_path, FILES, head) == ["Client.sendMany", "RegExpRouter.match",
                                               "helpTwo"]


def test_a_new_re_export_is_new_api_only_in_a_barrel_an_entry_reaches(tmp_path: Path) -> None:
    barrel = "export { ConnPool } from './pool';\nexport { helpZero } from './helpers';\n"
    files = {**FILES, "web/src/internal.ts": barrel,
             "web/src/index.ts": FILES["web/src/index.ts"] + barrel}
    head = {"web/src/internal.ts": barrel + "export { helpOne as helperOne } from './helpers';\n",
            "web/src/index.ts": files["web/src/index.ts"]
            + "export { ConnPoolLane as PoolLaneOne } from './pool';\n"}
    assert _new_api(tmp_path, files, head) == ["PoolLaneOne"]


def test_a_module_named_like_a_folder_beside_it_is_the_file(tmp_path: Path) -> None:
    # `./core` is `src/core.ts`, whatever `src/core/` holds (once read as the folder itself)
    files = {**FILES, "web/src/index.ts": "export * from './core';\n",
             "web/src/core.ts": "export * from './core/clock';\n",
             "web/src/core/clock.ts": "export const tickOne = 1;\nexport const tickZero = 0;\n",
             "web/src/core/hidden.ts": "export const hideOne = 1;\nexport const hideZero = 0;\n"}
    head = {"web/src/core/clock.ts": files["web/src/core/clock.ts"] + "export const tickTwo = 2;\n",
            "web/src/core/hidden.ts": files["web/src/core/hidden.ts"]
            + "export const hideTwo = 2;\n"}
    assert _new_api(tmp_path, files, head) == ["tickTwo"]


def test_a_package_whose_exports_cannot_be_read_keeps_every_new_name(tmp_path: Path) -> None:
    # a subpath pattern publishes files by name; a manifest declaring no entry is no library
    patterned = {**FILES, "web/package.json": json.dumps(
        {"name": "web", "exports": {".": "./dist/index.js", "./*": "./dist/*.js"}})}
    head = {"web/src/pool.ts": FILES["web/src/pool.ts"] + "export class ConnPoolSlot {}\n"}
    assert _new_api(tmp_path / "patterned", patterned, head) == ["ConnPoolSlot"]
    app = {**FILES, "web/package.json": json.dumps({"name": "web", "private": True})}
    assert _new_api(tmp_path / "app", app, head) == ["ConnPoolSlot"]


def test_a_table_s_new_private_key_is_no_new_api(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "",
             "pkg/client.py": "class Client:\n    __slots__ = ('_base', '_auth', '_pool')\n\n\n"
                              "CODES = ['ERR001', 'ERR002']\n",
             "docs/client.md": "`_base`, `_auth`, `ERR001` and `ERR002`.\n"}
    head = {"pkg/client.py": files["pkg/client.py"].replace("'_pool'", "'_pool', '_ssl'")
            .replace("'ERR002'", "'ERR002', 'ERR003'")}
    assert _new_api(tmp_path, files, head) == ["ERR003"]


def test_a_build_path_s_typescript_without_the_build_folder_is_the_entry(
        tmp_path: Path) -> None:
    """got's `exports` names `dist/source/index.js`, compiled from `source/index.ts` (no `src/`):
    its chains are read from there, so an internal module's new name is no new API."""
    files = {"got/package.json": json.dumps({"name": "got", "exports": {
                 "types": "./dist/source/index.d.ts", "default": "./dist/source/index.js"}}),
             "got/source/index.ts": "export * from './core/options';\n",
             "got/source/core/options.ts": "export const optOne = 1;\nexport const optZero = 0;\n",
             "got/source/core/timer.ts": "export const tickOne = 1;\nexport const tickZero = 0;\n",
             "docs/api.md": "`optOne`, `optZero`, `tickOne`, `tickZero`.\n"}
    head = {"got/source/core/options.ts": files["got/source/core/options.ts"]
            + "export const optTwo = 2;\n",
            "got/source/core/timer.ts": files["got/source/core/timer.ts"]
            + "export const tickTwo = 2;\n"}
    assert _new_api(tmp_path, files, head) == ["optTwo"]


def test_the_file_asked_about_is_read_before_its_folder_s_other_links() -> None:
    """The entry lists `plugin.ts` (which re-exports, so it would be parsed) before the
    `masker.ts` asked about: the link to `masker.ts` is followed first, and `plugin.ts` is not
    read to answer."""
    files = {"sec/src/index.ts": "export { Plugin } from './plugin';\n"
                                 "export { maskValue } from './masker';\n",
             "sec/src/plugin.ts": "export { helper } from 'other';\nexport class Plugin {}\n",
             "sec/src/masker.ts": "export const maskValue = 1;\n"}
    reader = ExportReader(lambda path: files[path].encode() if path in files else None,
                          files.__contains__)
    surface = Surface(["sec/src/index.ts"], reader)
    assert surface.publishes("sec/src/masker.ts", "maskValue") is True
    assert "sec/src/plugin.ts" not in reader.linked
    assert surface.publishes("sec/src/plugin.ts", "Plugin") is True
    assert surface.publishes("sec/src/plugin.ts", "helper") is False


def test_a_type_alias_of_an_import_publishes_what_it_names() -> None:
    """h3's `src/h3.ts` writes `export type H3 = H3Type` of the `H3` class `types/h3.ts`
    declares (with or without its `;`, the only statement there that links a chain); an alias
    of a local type forwards nothing."""
    files = {"src/index.ts": 'export { H3, Local } from "./h3"\n',
             "src/h3.ts": 'import type { H3 as H3Type } from "./types/h3"\n'
                          'type Shape = { id: string }\n'
                          "export type H3 = H3Type\nexport type Local = Shape;\n",
             "src/types/h3.ts": "export declare class H3 {}\nexport type Shape = {}\n"}
    reader = ExportReader(lambda path: files[path].encode() if path in files else None,
                          files.__contains__)
    surface = Surface(["src/index.ts"], reader)
    assert surface.publishes("src/types/h3.ts", "H3") is True
    assert surface.publishes("src/types/h3.ts", "Shape") is False


# h3's shape: every entry is a build path in a `_`-led folder, its source re-exporting the
# package's index, which forwards a name or two of an internal file
H3 = {
    "package.json": json.dumps({"name": "h3", "exports": {
        ".": {"node": "./dist/_entries/node.mjs", "default": "./dist/_entries/generic.mjs"},
        "./generic": "./dist/_entries/generic.mjs"}}),
    "src/_entries/generic.ts": 'export * from "../index.ts";\n',
    "src/_entries/node.ts": 'export * from "../index.ts";\nexport const serve = 1;\n',
    "src/index.ts": 'export * from "./utils/response.ts";\nexport { onDispose, type '
                    'DisposeCallback } from "./utils/internal/dispose.ts";\n',
    "src/utils/response.ts": "export function redirect() {\n  return 1\n}\n",
    "src/utils/internal/dispose.ts": "export type DisposeCallback = () => void;\n\n"
                                     "export function onDispose(cb: DisposeCallback) {\n"
                                     "  return cb\n}\n",
    "docs/index.md": "# h3\n\nA minimal HTTP framework.\n",
}
H3_HEAD = {
    # published through the index's `export *`: New API, though no page is its home yet
    "src/utils/response.ts": H3["src/utils/response.ts"]
    + "\nexport function noContent() {\n  return 2\n}\n",
    # exported for the package's own files only: no entry reaches them
    "src/utils/internal/dispose.ts": H3["src/utils/internal/dispose.ts"]
    + '\nexport const kEventDispose: unique symbol = Symbol.for("h3.dispose");\n\n'
    + "export interface DisposeState {\n  callbacks: DisposeCallback[];\n}\n",
}


def test_only_a_new_name_with_a_home_is_asked_whether_an_entry_publishes_it(
        tmp_path: Path) -> None:
    """h3's ``374e4d4987`` listed ``kEventDispose`` and ``DisposeState``, which its internal
    ``dispose.ts`` exports to ``response.ts`` alone. Reading the export chains for every new
    name cost a warm run 0.3 s on objectstack's spec package (half as much again), so a name
    with no home is judged by its folder alone; one with a home by the chains."""
    data = run_json(pr_repo(tmp_path, H3, H3_HEAD), "main")
    assert sorted(entry["token"] for entry in data["new_api"]) == [
        "DisposeState", "kEventDispose", "noContent"]
    # a page naming two of dispose.ts's names is their home: now the chains are read
    homed = {**H3, "docs/dispose.md": "# Dispose\n\nCall `onDispose` with a `DisposeCallback`.\n"}
    data = run_json(pr_repo(tmp_path / "homed", homed, H3_HEAD), "main")
    assert [entry["token"] for entry in data["new_api"]] == ["noContent"]


def test_a_new_name_with_no_home_is_listed_where_the_entries_cannot_be_read(
        tmp_path: Path) -> None:
    # no entry declared: govern cannot tell what the package publishes, so every name counts
    files = {**H3, "package.json": json.dumps({"name": "h3", "private": True})}
    data = run_json(pr_repo(tmp_path, files, H3_HEAD), "main")
    assert sorted(entry["token"] for entry in data["new_api"]) == [
        "DisposeState", "kEventDispose", "noContent"]


ENTRIES = {
    "package.json": json.dumps({"name": "h3", "exports": {".": "./src/index.ts",
                                                          "./node": "./src/_entries/node.ts"}}),
    "src/index.ts": "export { H3 } from './h3';\n",
    "src/h3.ts": "export class H3 {}\n",
    "src/_entries/node.ts": "export function serveNode() { return 1; }\n"
                            "export function toNodeHandler() { return 2; }\n",
    "src/_internal/x.ts": "export function nodeAdapter() { return 1; }\n"
                          "export function nodeRequest() { return 2; }\n",
    "docs/node.md": "`serveNode`, `toNodeHandler`, `nodeAdapter`, `nodeRequest`.\n",
}
ENTRIES_HEAD = {
    # declared in the `./node` entry itself: published, its folder's `_` notwithstanding
    "src/_entries/node.ts": ENTRIES["src/_entries/node.ts"]
    + "export function fromNodeRequest() { return 3; }\n",
    # no entry reaches it: internal
    "src/_internal/x.ts": ENTRIES["src/_internal/x.ts"]
    + "export function nodeResponse() { return 3; }\n",
}


def test_a_name_an_entry_under_a_private_folder_declares_is_new_api(tmp_path: Path) -> None:
    """h3's entries live in ``src/_entries/``: a new name one of them declares is published,
    which the ``_``-led folder had hidden; one in ``src/_internal/`` no entry reaches is not."""
    assert _new_api(tmp_path, ENTRIES, ENTRIES_HEAD) == ["fromNodeRequest"]


def test_a_private_folder_still_hides_a_name_where_the_entries_cannot_be_read(
        tmp_path: Path) -> None:
    files = {**ENTRIES, "package.json": json.dumps({"name": "h3", "private": True})}
    assert _new_api(tmp_path, files, ENTRIES_HEAD) == []
