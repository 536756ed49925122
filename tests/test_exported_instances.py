"""A package exporting an instance of its class: commander's ``index.js`` ended ``exports =
module.exports = new Command;`` and its Readme wrote ``var program = require('commander')``
then ``program.option(...)`` (docs/concepts/anchoring-rules.md#instance-names)."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.drift.exported import DEFAULT, entry_instances, page_bindings
from tests.helpers import pr_repo, rows, run_json

# the class is public too, as commander's was: the members of a class no file exports are no
# change a page could go stale over
CLASS = ("class Command {\n  option(flags) {\n    return flags\n  }\n}\n"
         "exports.Command = Command;\n")
EXPORTS = "exports = module.exports = new Command;\n"
README = "# pkg\n\n```js\nvar program = require('pkg');\nprogram.option('-x');\n```\n"
BODY_CHANGE = ("return flags", "return flags.trim()")


def _package(exports: str, main: str = "") -> dict[str, str]:
    manifest = f'{{"name": "pkg"{main}}}\n'
    return {"package.json": manifest, "index.js": CLASS + exports}


def _changed(files: dict[str, str], old: str, new: str) -> dict[str, str | None]:
    return {path: text.replace(old, new) for path, text in files.items() if old in text}


@pytest.mark.parametrize(("exports", "readme", "listed"), [
    # the default export, bound by require and by a default import
    (EXPORTS, README, {"README.md": ["program.option"]}),
    ("module.exports = new Command();\n",
     "```js\nimport program from 'pkg';\nprogram.option('-x');\n```\n",
     {"README.md": ["program.option"]}),
    # a named instance, destructured from require or imported by name
    ("exports.program = new Command();\n",
     "```js\nconst { program } = require('pkg');\nprogram.option('-x');\n```\n",
     {"README.md": ["program.option"]}),
    ("export const program = new Command();\n",
     "```js\nimport { Option, program as cli } from 'pkg';\ncli.option('-x');\n```\n",
     {"README.md": ["cli.option"]}),
    # commander 2020-2023: the default instance exported under a name too
    ("exports = module.exports = new Command();\nexports.program = exports;\n",
     "```js\nconst { program } = require('pkg');\nprogram.option('-x');\n```\n",
     {"README.md": ["program.option"]}),
    # another package's default, the class itself exported, a name the page never binds
    (EXPORTS, README.replace("'pkg'", "'other'"), {}),
    ("module.exports = Command;\n", README, {}),
    ("exports.program = new Command();\n", README, {}),
    ("exports.program = new Command();\n",
     "```js\nprogram.option('-x');\n```\n", {}),
    # an instance of another class
    ("module.exports = new Commander();\n", README, {}),
])
def test_a_binding_of_an_exported_instance_names_its_members(
        tmp_path: Path, exports: str, readme: str, listed: dict[str, list[str]]) -> None:
    files = {**_package(exports), "README.md": readme}
    data = run_json(pr_repo(tmp_path, files, _changed(files, *BODY_CHANGE)), "main")
    assert rows(data) == listed
    assert not any(row["stale"] for row in data["docs"])


@pytest.mark.parametrize("readme", [
    README,
    # the instance form the page's own `new` binds is gone with its member too
    "```js\nconst program = new Command();\nprogram.option('-x');\n```\n",
])
def test_a_removed_member_of_the_instance_is_certain_drift(tmp_path: Path, readme: str) -> None:
    files = {**_package(EXPORTS), "README.md": readme}
    removed = "  option(flags) {\n    return flags\n  }\n"
    data = run_json(pr_repo(tmp_path, files, _changed(files, removed, "")), "main")
    assert rows(data) == {"README.md": ["program.option"]}
    assert data["docs"][0]["stale"] is True


@pytest.mark.parametrize(("main", "entry", "listed"), [
    # ``main`` names the entry, read as Node resolves it
    (', "main": "lib/cli"', "lib/cli.js", {"README.md": ["program.option"]}),
    (', "main": "./lib"', "lib/index.js", {"README.md": ["program.option"]}),
    # a TypeScript package whose main is a build output: its source entry
    (', "main": "dist/index.js"', "src/index.ts", {"README.md": ["program.option"]}),
    # an instance made in a file that is no entry is not what the package exports
    (', "main": "index.js"', "lib/cli.js", {}),
])
def test_the_entry_file_is_the_one_the_manifest_names(
        tmp_path: Path, main: str, entry: str, listed: dict[str, list[str]]) -> None:
    files = {**_package("", main), entry: EXPORTS.replace("Command;", "Command();"),
             "README.md": README}
    data = run_json(pr_repo(tmp_path, files, _changed(files, *BODY_CHANGE)), "main")
    assert rows(data) == listed


def test_entry_instances_reads_each_export_form() -> None:
    text = ("exports = module.exports = new Command;\n"
            "module.exports.other = new lib.Option('-x');\n"
            "export default new Help();\n"
            "export const typed: Command = new Command();\n"
            "exports.alias = exports;\n"
            "exports.Command = Command;\n"
            "const local = new Argument();\n"
            "my.exports.x = new Ghost();\n")
    assert entry_instances(text) == {"Command": {DEFAULT, "typed", "alias"},
                                     "Option": {"other"}, "Help": {DEFAULT, "alias"}}


def test_page_bindings_reads_require_and_import() -> None:
    text = ("var program = require('commander');\n"
            "const {\n  program: cli,\n  Option,\n} = require(\"commander\");\n"
            "import yargs, { hideBin as hb } from 'yargs';\n"
            "import * as ns from 'zod';\n"
            "x = required('commander');\n"
            "const { a: { b } } = require('nested');\n")
    assert page_bindings(text) == {
        "commander": {DEFAULT: frozenset({"program"}), "program": frozenset({"cli"}),
                      "Option": frozenset({"Option"})},
        "yargs": {DEFAULT: frozenset({"yargs"}), "hideBin": frozenset({"hb"})},
    }
