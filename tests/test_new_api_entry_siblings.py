"""A new name a package entry's export list starts exporting has the entry's other exported
names as siblings for New API (docs/concepts/anchoring-rules.md#new-api): immer's
``d38a9d0`` added ``enableArrayMethods`` in a new ``src/plugins/arrayMethods.ts``, whose other
names no page writes, and ``src/immer.ts`` exports it beside ``enableMapSet`` and
``enablePatches``, which ``api.md`` and ``installation.mdx`` list (both edited with it)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.helpers import pr_repo, run_json

ENTRY = ('export {enablePatches} from "./plugins/patches"\n'
         'export {enableMapSet} from "./plugins/mapset"\n')
FILES = {
    "package.json": json.dumps({"name": "immer", "source": "src/immer.ts",
                                "main": "./dist/cjs/index.js"}),
    "src/immer.ts": ENTRY,
    "src/plugins/patches.ts": "export function enablePatches() {\n  return 1\n}\n",
    "src/plugins/mapset.ts": "export function enableMapSet() {\n  return 2\n}\n",
    "src/plugins/internal.ts": "export function loadPlugin() {\n  return 3\n}\n",
    "docs/installation.md": "Call `enableMapSet()` and `enablePatches()` once at startup.\n",
    "docs/map-set.md": "Maps and sets need `enableMapSet()`.\n",
}
ARRAY_METHODS = ("export type ArrayOperationMethod = 'push' | 'pop'\n\n"
                 "export function enableArrayMethods() {\n  return 4\n}\n")


def _suggested(tmp_path: Path, head: dict[str, str]) -> dict[str, list[str]]:
    data = run_json(pr_repo(tmp_path, FILES, head), "main")
    return {entry["token"]: entry["suggested_pages"] for entry in data["new_api"]}


def test_a_name_the_entry_starts_exporting_has_its_export_list_as_siblings(
        tmp_path: Path) -> None:
    suggested = _suggested(tmp_path, {
        "src/plugins/arrayMethods.ts": ARRAY_METHODS,
        "src/immer.ts": ENTRY + 'export {enableArrayMethods} from "./plugins/arrayMethods"\n'})
    # the page naming two of the entry's names is the home; one naming one is not
    assert suggested["enableArrayMethods"] == ["docs/installation.md"]
    # its neighbour the entry does not export keeps its file's siblings only: no home, and
    # a name with none is not worth a read of the export chains (#new-api)
    assert suggested["ArrayOperationMethod"] == []


def test_a_name_no_entry_export_list_names_has_only_its_file_s_siblings(
        tmp_path: Path) -> None:
    # published through no entry, and its file's neighbours are on no page: no home
    suggested = _suggested(tmp_path, {
        "src/plugins/internal.ts": FILES["src/plugins/internal.ts"]
        + "export function enableArrayMethods() {\n  return 4\n}\n"})
    assert suggested.get("enableArrayMethods", []) == []
