"""Command anchors: click, typer, argparse and oclif commands named as ``prog sub cmd``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from govern.cli import cli
from govern.drift.anchors.commands import (
    CommandResolver,
    CommandTree,
    default_command_name,
    oclif_phrase,
    parse_oclif,
    parse_scripts,
    python_command_tree,
)
from tests.gitrepo import make_repo

CLICK = b'''import click

@click.group()
def cli():
    pass

@cli.group()
def meta():
    pass

@meta.command("resync")
def resync_cmd():
    return do_resync()

@cli.command()
def show_all():
    pass

def helper_fn():
    pass
'''
TYPER = b'''import typer
app = typer.Typer()
users = typer.Typer()
app.add_typer(users, name="users")

@users.command()
def create_user():
    pass
'''
ARGPARSE = b'''import argparse
def main():
    parser = argparse.ArgumentParser(prog="tool")
    sub = parser.add_subparsers()
    init = sub.add_parser("init")
    init.set_defaults(func=run_init)

def run_init(args):
    return 0
'''


@pytest.mark.parametrize(("source", "variable", "programs", "phrases"), [
    (CLICK, "resync_cmd", {"cli": ("os",)}, ["os meta resync"]),
    (CLICK, "resync_cmd", {"cli": ("os", "objectstack")},
     ["os meta resync", "objectstack meta resync"]),
    (CLICK, "show_all", {"cli": ("os",)}, ["os show-all"]),
    (CLICK, "meta", {"cli": ("os",)}, ["os meta"]),
    (CLICK, "cli", {"cli": ("os",)}, ["os"]),       # the program itself (no anchor alone)
    (CLICK, "helper_fn", {"cli": ("os",)}, []),     # not a command
    (CLICK, "resync_cmd", {}, []),                  # program unknown
    (TYPER, "create_user", {"app": ("tool",)}, ["tool users create-user"]),
])
def test_click_and_typer_phrases(source: bytes, variable: str,
                                 programs: dict[str, tuple[str, ...]],
                                 phrases: list[str]) -> None:
    tree = python_command_tree(source)
    entries = {("tool.cli", root): names for root, names in programs.items()}
    assert CommandResolver(entries, {"tool.cli": tree}.get).invocations(
        "tool.cli", variable) == phrases


def test_argparse_handlers_are_bound_to_their_sub_parser() -> None:
    assert python_command_tree(ARGPARSE).handlers == {"run_init": "init"}


# A group in another module than the entry point (docs/concepts/anchoring-rules.md#program-names).
ENTRY = b'''import click
from tool.export.commands import export
from .serve import serve_group as served

@click.group()
def main():
    pass

main.add_command(export)
main.add_command(served, name="serve")
'''
EXPORT = b'''import click

@click.group()
def export():
    pass

@export.command(name="html-wasm")
def html_wasm():
    pass

@click.group()
def orphan():
    pass

@orphan.command()
def lost():
    pass
'''
SERVE = b'''import click

@click.group(name="srv")
def serve_group():
    pass

@serve_group.command()
def start():
    pass
'''
DECORATED = b'''from tool.cli import main
from tool import cli as cli_module

@main.command()
def doctor():
    pass

@cli_module.main.command()
def unresolved():
    pass
'''


@pytest.mark.parametrize(("module", "variable", "phrases"), [
    ("tool.export.commands", "html_wasm", ["tool export html-wasm", "tl export html-wasm"]),
    ("tool.export.commands", "export", ["tool export", "tl export"]),
    # attached under the name the attaching call gives, not its own
    ("tool.serve", "start", ["tool serve start", "tl serve start"]),
    # decorated from the imported entry group
    ("tool.doctor", "doctor", ["tool doctor", "tl doctor"]),
    # a group no entry module attaches, and a parent written as an attribute chain
    ("tool.export.commands", "lost", []),
    ("tool.doctor", "unresolved", []),
])
def test_a_group_of_another_module_is_followed_to_the_program(
        module: str, variable: str, phrases: list[str]) -> None:
    trees = {"tool.cli": python_command_tree(ENTRY, "tool"),
             "tool.export.commands": python_command_tree(EXPORT, "tool.export"),
             "tool.serve": python_command_tree(SERVE, "tool"),
             "tool.doctor": python_command_tree(DECORATED, "tool")}
    entries = {("tool.cli", "main"): ("tool", "tl")}
    assert trees["tool.cli"].imports["served"] == "tool.serve:serve_group"
    assert CommandResolver(entries, trees.get).invocations(module, variable) == phrases


def test_a_cycle_of_imported_groups_ends() -> None:
    a = python_command_tree(b"from b import g\n@g.command()\ndef f():\n    pass\n")
    b = python_command_tree(b"from a import f as g\n@g.command()\ndef h():\n    pass\n")
    trees: dict[str, CommandTree] = {"a": a, "b": b}
    assert CommandResolver({("x", "main"): ("x",)}, trees.get).invocations("a", "f") == []
    assert CommandResolver({("a", "f"): ("prog",)}, trees.get).invocations("b", "h") == [
        "prog h"]


def test_names_and_manifests() -> None:
    assert default_command_name("sync_all_command") == "sync-all"
    assert parse_scripts('[project.scripts]\nos = "ostool.cli:cli"\n') == {
        "ostool.cli:cli": ("os",)}
    assert parse_oclif('{"oclif": {"bin": "os", "commands": "./dist/commands"}}') == (
        ("os",), "src/commands")
    assert oclif_phrase("cli/src/commands/meta/resync.ts", "cli", "os", "src/commands") == (
        "os meta resync")
    assert oclif_phrase("cli/src/commands/meta/index.ts", "cli", "os", "src/commands") == "os meta"
    assert oclif_phrase("cli/src/lib/x.ts", "cli", "os", "src/commands") is None


def run(root: Path) -> dict:
    result = CliRunner().invoke(cli, ["--repo-dir", str(root), "affected-docs", "--json", "main"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_changed_click_command_lists_the_page_using_its_phrase(tmp_path: Path) -> None:
    base = {"tool/pyproject.toml": '[project]\nname = "ostool"\n[project.scripts]\n'
                                   'os = "ostool.cli:cli"\n',
            "tool/ostool/__init__.py": "", "tool/ostool/cli.py": CLICK.decode(),
            "docs/ops.md": "Run:\n\n```sh\nos meta resync --all\n```\n",
            "docs/other.md": "Run `os show-all` or `os meta` (group).\n"}
    repo = make_repo(tmp_path / "repo", base)
    repo.branch("pr")
    repo.commit({"tool/ostool/cli.py": CLICK.decode().replace("return do_resync()",
                                                              "return do_resync(force=True)")})
    data = run(repo.root)
    assert ("command", "os meta resync") in {(a["kind"], a["token"]) for a in data["anchors"]}
    assert [row["path"] for row in data["docs"]] == ["docs/ops.md"]


def test_changed_oclif_command_file_and_topic_separator(tmp_path: Path) -> None:
    base = {"cli/package.json": '{"name": "@x/cli", "oclif": {"bin": "os"}}',
            "cli/src/commands/meta/resync.ts": "export default class Resync {\n  run() {}\n}\n",
            "docs/a.md": "Use `os meta:resync` to rebuild.\n", "docs/b.md": "os meta list\n"}
    repo = make_repo(tmp_path / "repo", base)
    repo.branch("pr")
    repo.commit({"cli/src/commands/meta/resync.ts":
                 "export default class Resync {\n  run() { return 1; }\n}\n"})
    data = run(repo.root)
    assert [row["path"] for row in data["docs"]] == ["docs/a.md"]


def test_changed_argparse_handler_lists_the_page_using_its_phrase(tmp_path: Path) -> None:
    base = {"tool/pyproject.toml": '[project]\nname = "t"\n[project.scripts]\n'
                                   'tool = "tcli.main:main"\n',
            "tool/tcli/__init__.py": "", "tool/tcli/main.py": ARGPARSE.decode(),
            "docs/setup.md": "First run `tool init` in the repository.\n",
            "docs/other.md": "Then `tool build`.\n"}
    repo = make_repo(tmp_path / "repo", base)
    repo.branch("pr")
    repo.commit({"tool/tcli/main.py": ARGPARSE.decode().replace("return 0", "return 1")})
    data = run(repo.root)
    assert ("command", "tool init") in {(a["kind"], a["token"]) for a in data["anchors"]}
    assert [row["path"] for row in data["docs"]] == ["docs/setup.md"]


# Every program name a manifest declares (docs/concepts/anchoring-rules.md#program-names).
@pytest.mark.parametrize(("manifest", "programs"), [
    ('{"bin": {"os": "./bin/run", "objectstack": "./bin/run"}, "oclif": {"bin": "os"}}',
     ("os", "objectstack")),
    ('{"oclif": {"bin": "os", "binAliases": ["ostack"]}}', ("os", "ostack")),
    ('{"bin": "./bin/run", "oclif": {"bin": "os"}}', ("os",)),   # a string bin adds no name
    ('{"bin": {"os": "./bin/run"}}', None),                        # not an oclif package
])
def test_oclif_program_names(manifest: str, programs: tuple[str, ...] | None) -> None:
    parsed = parse_oclif(manifest)
    assert (parsed[0] if parsed else None) == programs


def test_every_python_script_name_is_a_program() -> None:
    text = '[project.scripts]\nos = "ostool.cli:cli"\nobjectstack = "ostool.cli:cli"\n'
    assert parse_scripts(text) == {"ostool.cli:cli": ("os", "objectstack")}
    assert parse_scripts('[project.scripts]\nos = "a:b"\nother = "c:d"\n') == {
        "a:b": ("os",), "c:d": ("other",)}


def test_a_changed_command_anchors_under_every_program_name(tmp_path: Path) -> None:
    pkg = ('{"name": "@x/cli", "bin": {"os": "./bin/run", "objectstack": "./bin/run"}, '
           '"oclif": {"bin": "os", "commands": "./dist/commands"}}')
    base = {"cli/package.json": pkg,
            "cli/src/commands/meta/resync.ts": "export default class Resync {\n  run() {}\n}\n",
            "docs/a.md": "Run `objectstack meta resync`.\n", "docs/b.md": "Run `os meta resync`.\n",
            "docs/c.md": "Run `other meta resync`.\n"}
    repo = make_repo(tmp_path / "repo", base)
    repo.branch("pr")
    repo.commit({"cli/src/commands/meta/resync.ts":
                 "export default class Resync {\n  run() { return 1; }\n}\n"})
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs", "--json",
                                      "main"])
    data = json.loads(result.stdout)
    assert sorted(row["path"] for row in data["docs"]) == ["docs/a.md", "docs/b.md"]


@pytest.mark.parametrize(("manifest", "text"), [
    ("setup.cfg", "[metadata]\nname = ostool\n\n[options.entry_points]\n"
                  "console_scripts =\n    os = ostool.cli:cli\n"),
    ("setup.py", "from setuptools import setup\n"
                 "setup(name='ostool',\n"
                 "      entry_points={'console_scripts': ['os = ostool.cli:cli']})\n"),
])
def test_a_setuptools_program_anchors_its_commands(tmp_path: Path, manifest: str,
                                                    text: str) -> None:
    cli_source = ("import click\n\n@click.group()\ndef cli():\n    pass\n\n"
                  "@cli.command()\ndef resync():\n    return {}\n")
    base = {manifest: text, "ostool/__init__.py": "", "ostool/cli.py": cli_source,
            "docs/a.md": "Run `os resync`.\n", "docs/b.md": "Run `other resync`.\n"}
    repo = make_repo(tmp_path / "repo", base)
    repo.branch("pr")
    repo.commit({"ostool/cli.py": cli_source.replace("return {}", "return {'done': 1}")})
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs", "--json",
                                      "main"])
    data = json.loads(result.stdout)
    assert "os resync" in {anchor["token"] for anchor in data["anchors"]}
    assert [row["path"] for row in data["docs"]] == ["docs/a.md"]


# the package at the root, in src/, or in a folder only the changed file's own path tells
@pytest.mark.parametrize("root", ["", "src/", "python/lib/"])
def test_a_changed_command_of_a_sub_module_lists_the_page_writing_its_whole_phrase(
        tmp_path: Path, root: str) -> None:
    base = {"pyproject.toml": '[project]\nname = "tool"\n[project.scripts]\n'
                              'tool = "tool.cli:main"\n',
            f"{root}tool/__init__.py": "", f"{root}tool/cli.py": ENTRY.decode(),
            f"{root}tool/export/__init__.py": "",
            f"{root}tool/export/commands.py": EXPORT.decode(),
            f"{root}tool/serve.py": SERVE.decode(),
            "docs/wasm.md": "Run `tool export html-wasm notebook.py`.\n",
            "docs/other.md": "Run `other export html-wasm` or `html-wasm` alone.\n"}
    repo = make_repo(tmp_path / "repo", base)
    repo.branch("pr")
    repo.commit({f"{root}tool/export/commands.py": EXPORT.decode().replace(
        "def html_wasm():\n    pass", "def html_wasm():\n    return 1")})
    data = run(repo.root)
    assert ("command", "tool export html-wasm") in {(a["kind"], a["token"])
                                                    for a in data["anchors"]}
    assert [row["path"] for row in data["docs"]] == ["docs/wasm.md"]
