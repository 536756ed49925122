"""A TS/JS barrel's exports compared with its ``export *`` chains resolved on each side
(docs/concepts/affected-docs.md#re-exports): valtio's ``e7e8524`` rewrote
``export { ref, proxy, … } from './vanilla'`` as ``export * from './vanilla'`` and moved
``src/utils.ts``'s list into a new ``src/vanilla/utils.ts``, and every API page had been
listed through its own name."""

from __future__ import annotations

import json
from pathlib import Path

from tests.helpers import pr_repo, rows, run_json

X = "export function sendNow() {}\nexport function sendLater() {}\n"
BASE = {
    "package.json": json.dumps({"name": "web", "exports": {".": "./src/index.ts"}}),
    "src/x.ts": X,
    "src/index.ts": "export { sendNow, sendLater } from './x'\n",
    "docs/now.md": "Call `sendNow()` first.\n",
    "docs/later.md": "Call `sendLater()` when idle.\n",
}


def _listed(head: dict[str, str | None], tmp_path: Path, base: dict[str, str] = BASE
            ) -> tuple[dict[str, list[str]], list[str]]:
    data = run_json(pr_repo(tmp_path, base, head), "main")
    return rows(data), [entry["token"] for entry in data["new_api"]]


def test_a_list_rewritten_as_export_star_of_the_same_names_anchors_nothing(
        tmp_path: Path) -> None:
    assert _listed({"src/index.ts": "export * from './x'\n"}, tmp_path) == ({}, [])


def test_export_star_of_a_module_with_a_new_name_anchors_that_name_only(tmp_path: Path) -> None:
    found = _listed({"src/index.ts": "export * from './x'\n",
                     "src/x.ts": X + "export function sendSoon() {}\n"}, tmp_path)
    assert found == ({}, ["sendSoon"])


def test_a_name_an_export_star_no_longer_reaches_anchors(tmp_path: Path) -> None:
    base = {**BASE, "src/index.ts": "export * from './x'\n"}
    listed, new = _listed({"src/index.ts": "export { sendNow } from './x'\n"}, tmp_path, base)
    assert listed == {"docs/later.md": ["sendLater"]}
    assert new == []


def test_a_barrel_inserted_into_a_chain_that_published_its_names_anchors_nothing(
        tmp_path: Path) -> None:
    # valtio's `src/utils.ts` list moved into `src/vanilla/utils.ts`, which it now `export *`s
    head: dict[str, str | None] = {"src/inner.ts": BASE["src/index.ts"],
                                   "src/index.ts": "export * from './inner'\n"}
    assert _listed(head, tmp_path) == ({}, [])


def test_a_barrel_inserted_into_a_chain_still_anchors_what_it_adds(tmp_path: Path) -> None:
    head: dict[str, str | None] = {
        "src/inner.ts": "export { sendNow, sendLater, sendSoon } from './x'\n",
        "src/index.ts": "export * from './inner'\n",
        "src/x.ts": X + "export function sendSoon() {}\n"}
    listed, new = _listed(head, tmp_path)
    assert listed == {}
    assert new == ["sendSoon"]
