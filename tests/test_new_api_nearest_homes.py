"""A new name's home is the page naming its nearest siblings
(docs/concepts/anchoring-rules.md#new-api): its own file's names before a barrel's every
export, a member's siblings written on an instance (``app.fetch`` of ``H3.fetch``), and a home
already listed is said to be. h3's ``96fae17528`` added ``redirectBack`` to
``src/utils/response.ts``, whose names ``docs/2.utils/2.response.md`` lists, and had been
suggested the five pages naming most of ``src/index.ts``'s 200 exports."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from govern.cli import cli
from tests.helpers import pr_repo, run_json

RESPONSE = ("export function sendRedirect(url: string) {\n  return url\n}\n\n"
            "export function sendHtml(body: string) {\n  return body\n}\n")
REDIRECT_BACK = RESPONSE + "\nexport function redirectBack() {\n  return '/'\n}\n"
INDEX = ('export { getQuery, readBody, getHeader } from "./utils/request"\n'
         'export { sendRedirect, sendHtml } from "./utils/response"\n')
FILES = {
    "package.json": json.dumps({"name": "web", "exports": {".": "./dist/index.mjs"}}),
    "src/index.ts": INDEX,
    "src/utils/request.ts": "export function getQuery() {}\nexport function readBody() {}\n"
                            "export function getHeader() {}\n",
    "src/utils/response.ts": RESPONSE,
    # names three of the barrel's names, none of `response.ts`'s
    "docs/request.md": "`getQuery()`, `readBody()` and `getHeader()`; then `sendRedirect()`.\n",
    "docs/response.md": "Respond with `sendRedirect()` or `sendHtml()`.\n",
}
NEW_EXPORT = {"src/utils/response.ts": REDIRECT_BACK,
              "src/index.ts": INDEX.replace("sendHtml", "redirectBack, sendHtml")}


def _suggested(repo_files: dict[str, str], head: dict[str, str], tmp_path: Path
               ) -> dict[str, list[str]]:
    data = run_json(pr_repo(tmp_path, repo_files, head), "main")
    return {entry["token"]: entry["suggested_pages"] for entry in data["new_api"]}


def test_the_page_naming_the_file_s_names_is_the_home_before_the_barrel_s(
        tmp_path: Path) -> None:
    assert _suggested(FILES, NEW_EXPORT, tmp_path) == {"redirectBack": ["docs/response.md"]}


def test_the_barrel_s_names_are_the_home_when_no_page_names_the_file_s(tmp_path: Path) -> None:
    # immer's case: no page names two of the file's names, so the barrel's neighbours count
    files = {**FILES, "docs/response.md": "Respond with `sendRedirect()`.\n"}
    assert _suggested(files, NEW_EXPORT, tmp_path) == {"redirectBack": ["docs/request.md"]}


def test_a_barrel_s_own_names_are_the_kin_of_a_name_it_forwards(tmp_path: Path) -> None:
    # h3's `utils/response.ts` forwards `DisposeCallback` from `internal/dispose.ts`, beside
    # its own `onDispose`: the page naming the response helpers is its home
    dispose = "export type DisposeCallback = () => void\nexport const kEventDispose = 1\n"
    head = {"src/internal/dispose.ts": dispose,
            "src/utils/response.ts": 'export type { DisposeCallback } from "../internal/dispose"\n'
                                     + RESPONSE,
            "src/index.ts": INDEX.replace("sendHtml", "sendHtml, DisposeCallback")}
    found = _suggested(FILES, head, tmp_path)
    assert found["DisposeCallback"] == ["docs/response.md"]
    assert "docs/request.md" not in found["DisposeCallback"]


def test_a_home_already_listed_is_said_to_be(tmp_path: Path) -> None:
    # `sendHtml`'s new parameter lists `docs/response.md`, the home of `redirectBack` too
    head = {**NEW_EXPORT, "src/utils/response.ts": REDIRECT_BACK.replace(
        "sendHtml(body: string)", "sendHtml(body: string, status = 200)")}
    repo = pr_repo(tmp_path, FILES, head)
    text = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs", "--format",
                                    "text", "main"]).stdout
    assert "  - docs/response.md" in text
    assert "redirectBack (src/utils/response.ts): likely home docs/response.md (listed above)" \
        in text
    # a home that is no row is not marked (a page not named after `response.ts`, which would
    # be its module home)
    files = {**{path: text for path, text in FILES.items() if path != "docs/response.md"},
             "docs/helpers.md": FILES["docs/response.md"]}
    unlisted = CliRunner().invoke(cli, ["--repo-dir", str(pr_repo(
        tmp_path / "unlisted", files, NEW_EXPORT).root), "affected-docs", "--format", "text",
        "main"]).stdout
    assert "likely home docs/helpers.md\n" in unlisted and "(listed above)" not in unlisted


APP = ("export class App {\n  fetch(request: string) {\n    return request\n  }\n\n"
       "  use(handler: string) {\n    return this\n  }\n}\n")
MOUNT = APP.replace("  use(", "  mount(base: string) {\n    return this\n  }\n\n  use(")
INSTANCE_FILES = {
    "package.json": json.dumps({"name": "web", "exports": {".": "./dist/index.mjs"}}),
    "src/index.ts": 'export { App } from "./app"\n',
    "src/app.ts": APP,
    "docs/app.md": "```js\nconst app = new App()\napp.use(logger)\nawait app.fetch('/')\n```\n",
}


def test_a_page_naming_siblings_on_an_instance_is_the_home(tmp_path: Path) -> None:
    # `fetch` and `use` are plain words: written bare they name no sibling; `app.fetch` does
    assert _suggested(INSTANCE_FILES, {"src/app.ts": MOUNT}, tmp_path) == {
        "App.mount": ["docs/app.md"]}
    # `client` is bound to no `App`: its `client.fetch` is some other object's
    unbound = {**INSTANCE_FILES, "docs/app.md": INSTANCE_FILES["docs/app.md"].replace(
        "const app = new App()", "const client = makeClient()").replace("app.", "client.")}
    assert _suggested(unbound, {"src/app.ts": MOUNT}, tmp_path / "unbound") == {
        "App.mount": []}


def test_a_member_a_page_writes_on_an_instance_is_no_new_api(tmp_path: Path) -> None:
    # the page already writes `app.mount`: a row, not New API "not yet on any page"
    files = {**INSTANCE_FILES, "docs/app.md": INSTANCE_FILES["docs/app.md"].replace(
        "```\n", "app.mount('/api')\n```\n")}
    data = run_json(pr_repo(tmp_path, files, {"src/app.ts": MOUNT}), "main")
    assert [row["path"] for row in data["docs"]] == ["docs/app.md"]
    assert data["new_api"] == []

