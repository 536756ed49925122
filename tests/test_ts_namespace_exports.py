"""A module a package's root entry exports whole as a namespace publishes each of its names
also as ``NS.name``, the spelling pages write (docs/concepts/affected-docs.md#re-exports):
zod's entry does ``import * as z from "./external.js"; export { z, z as default }``."""

from __future__ import annotations

import json
from pathlib import Path

from tests.helpers import pr_repo, rows, run_json

MANIFEST = json.dumps({"name": "web", "exports": {".": "./dist/index.js"}})
ENTRY = ("import * as z from './external';\nimport * as paths from './paths';\n\n"
         "export * from './external';\nexport { z, z as default };\n"
         "export const root = paths.joinAll();\n")
FILES = {
    "web/package.json": MANIFEST,
    "web/src/index.ts": ENTRY,
    # the schemas module does not parse: what the others forward is still read
    "web/src/external.ts": "export * from './schemas';\n"
                           "export { inputOf, outputOf } from './in-out';\n"
                           "export * as locales from './locales';\n",
    "web/src/locales.ts": "export function hindiLocale() { return 1; }\n",
    "web/src/schemas.ts": "export const = ;\nexport function stringSchema() { return 1; }\n",
    "web/src/in-out.ts": "export function inputOf() { return 1; }\n"
                         "export function outputOf() { return 2; }\n",
    "web/src/paths.ts": "export function joinAll() { return 1; }\n",
    "docs/api.md": "Read a schema's types with `z.inputOf` and `z.outputOf`.\n",
    "docs/paths.md": "The root is `paths.joinAll`.\n",
    "docs/locales.md": "Pass `z.hindiLocale` or `z.locales.hindiLocale`.\n",
}


def _changed(files: dict[str, str], path: str) -> dict[str, str]:
    """Each function of ``path`` returns something else."""
    return {path: files[path].replace("return 1", "return 10").replace("return 2", "return 20")}


def test_a_name_of_a_module_the_entry_exports_as_a_namespace_anchors_under_it(
        tmp_path: Path) -> None:
    found = rows(run_json(pr_repo(tmp_path, FILES, _changed(FILES, "web/src/in-out.ts")),
                          "main"))
    assert sorted(found["docs/api.md"]) == ["z.inputOf", "z.outputOf"]


def test_a_namespace_the_entry_imports_but_does_not_export_publishes_nothing(
        tmp_path: Path) -> None:
    data = run_json(pr_repo(tmp_path, FILES, _changed(FILES, "web/src/paths.ts")), "main")
    assert rows(data)["docs/paths.md"] == ["joinAll"]  # the bare name, never `paths.joinAll`


def test_a_namespace_inside_the_namespace_is_not_spelled_as_its_parent(tmp_path: Path) -> None:
    # `locales` is `z.locales`: its names are no `z.hindiLocale`
    data = run_json(pr_repo(tmp_path, FILES, _changed(FILES, "web/src/locales.ts")), "main")
    assert rows(data)["docs/locales.md"] == ["hindiLocale"]


def test_a_default_export_of_the_namespace_is_spelled_by_its_binding(tmp_path: Path) -> None:
    files = {**FILES, "web/src/index.ts": "import * as z from './external';\n\nexport default z;\n"}
    found = rows(run_json(pr_repo(tmp_path, files, _changed(files, "web/src/in-out.ts")), "main"))
    assert sorted(found["docs/api.md"]) == ["z.inputOf", "z.outputOf"]


def test_a_namespace_exported_by_a_name_is_spelled_by_it_not_by_its_binding(
        tmp_path: Path) -> None:
    # zod 3: `export { mod as z }; export default mod`, and pages write `z.`, never `mod.`
    files = {**FILES, "web/src/index.ts": "import * as mod from './external';\n\n"
                                          "export { mod as z };\nexport default mod;\n",
             "docs/api.md": FILES["docs/api.md"] + "Or `mod.inputOf`.\n"}
    found = rows(run_json(pr_repo(tmp_path, files, _changed(files, "web/src/in-out.ts")), "main"))
    assert sorted(found["docs/api.md"]) == ["z.inputOf", "z.outputOf"]


def test_a_new_name_in_the_namespace_finds_its_home_by_its_siblings(tmp_path: Path) -> None:
    head = {"web/src/in-out.ts": FILES["web/src/in-out.ts"]
            + "export function partialOf() { return 3; }\n",
            "web/src/external.ts": FILES["web/src/external.ts"].replace(
                "outputOf }", "outputOf, partialOf }")}
    data = run_json(pr_repo(tmp_path, FILES, head), "main")
    homes = {entry["token"]: entry["suggested_pages"] for entry in data["new_api"]}
    assert homes["z.partialOf"] == ["docs/api.md"]
