"""A TS/JS barrel's exports compared with its ``export *`` chains resolved on each side
(docs/concepts/affected-docs.md#re-exports): valtio's ``e7e8524`` rewrote
``export { ref, proxy, … } from './vanilla'`` as ``export * from './vanilla'`` and moved
``src/utils.ts``'s list into a new ``src/vanilla/utils.ts``, and every API page had been
listed through its own name."""

from __future__ import annotations

import json
from pathlib import Path

from govern.drift.anchors.ts_exports import ExportReader, chain_links
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


# -- a forwarded name's public spelling and its own file (valtio's f03dcc5 and 8a057d5) --------

HISTORY = {
    "package.json": BASE["package.json"],
    "src/history.ts": "export function proxyWithHistory() {}\n",
    "src/index.ts": "export { proxyWithHistory } from './history'\n",
    "docs/history.md": "Call `proxyWithHistory()` for undo.\n",
}


def test_a_renamed_declaration_its_barrel_keeps_under_the_old_name_is_no_new_api(
        tmp_path: Path) -> None:
    listed, new = _listed({
        "src/history.ts": "export function proxyWithHistory_DEPRECATED() {}\n",
        "src/index.ts": "export { proxyWithHistory_DEPRECATED as proxyWithHistory }"
                        " from './history'\n"}, tmp_path, HISTORY)
    assert new == []
    assert listed == {"docs/history.md": ["proxyWithHistory"]}


def test_a_new_declaration_forwarded_under_another_name_is_new_api_by_that_name(
        tmp_path: Path) -> None:
    listed, new = _listed({
        "src/history.ts": HISTORY["src/history.ts"] + "export function undoImpl() {}\n",
        "src/index.ts": HISTORY["src/index.ts"] + "export { undoImpl as undo } from './history'\n"},
        tmp_path, HISTORY)
    assert new == ["undo"]
    assert listed == {}


SENDER = {
    "package.json": BASE["package.json"],
    "src/sender.ts": "export function sendA() {}\nexport function sendB() {}\n"
                     "export function sendC() {}\n",
    "src/other.ts": "export function otherA() {}\nexport function otherB() {}\n"
                    "export function otherC() {}\n",
    "src/index.ts": "export { sendA, sendB } from './sender'\n"
                    "export { otherA, otherB, otherC } from './other'\n",
    "docs/guide.md": "Call `sendA()` and `sendB()`.\n",
    "docs/all.md": "Use `otherA()`, `otherB()`, `otherC()` and `sendA()`.\n",
}


def test_a_newly_forwarded_name_is_credited_to_its_file_and_housed_by_its_siblings(
        tmp_path: Path) -> None:
    # `sendC` was declared and exported before; only the entry starts forwarding it
    data = run_json(pr_repo(tmp_path, SENDER, {"src/index.ts": SENDER["src/index.ts"].replace(
        "sendB }", "sendB, sendC }")}), "main")
    assert [(entry["token"], entry["file"], entry["suggested_pages"])
            for entry in data["new_api"]] == [("sendC", "src/sender.ts", ["docs/guide.md"])]
    assert rows(data) == {}


def test_the_page_named_after_a_newly_forwarded_name_s_file_is_its_module_home(
        tmp_path: Path) -> None:
    files = {**SENDER, "docs/sender.md": "# Sender\n\nHow the sender works.\n",
             "docs/other.md": "# Other\n\nHow the others work.\n"}
    data = run_json(pr_repo(tmp_path, files, {"src/index.ts": SENDER["src/index.ts"].replace(
        "sendB }", "sendB, sendC }")}), "main")
    # the barrel's other module, `other.ts`, gains nothing: its page is no row
    assert rows(data) == {"docs/sender.md": ["sendC"]}


def test_a_changed_barrel_naming_no_other_changed_module_is_not_parsed_for_links() -> None:
    """Which changed files a changed barrel forwards from is asked of its syntax tree only
    when its text names one of them: a parse of each changed barrel had cost a warm run a
    tenth of a second."""
    files = {"src/index.ts": "export * from './store'\n", "src/store.ts": "export const a = 1\n",
             "src/other.ts": "export * from './vendor'\n", "src/vendor.ts": "export const b = 2\n"}
    reader = ExportReader(lambda path: files[path].encode() if path in files else None,
                          lambda path: path in files)
    links = chain_links({"src/index.ts": "src/index.ts", "src/store.ts": "src/store.ts",
                         "src/other.ts": "src/other.ts"}, reader, reader)
    assert "src/index.ts" in reader.linked and "src/other.ts" not in reader.linked
    assert links.passed == {"src/store.ts": frozenset({"a"})}
