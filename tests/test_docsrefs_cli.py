"""``govern check docs-refs`` on argparse and oclif programs, and routes in diff mode, on real
repositories: a removed flag, command or route is reported on the docs line that still names
it; what resolves, and what a static read cannot see, is not (issue 15)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from govern.cli import cli
from govern.docsrefs.argparse_table import build_argparse_trees
from govern.docsrefs.oclif_table import build_oclif_trees
from govern.docsrefs.references import parse_references
from govern.drift.anchors.programs import parse_setup_scripts
from tests.gitrepo import Repo, make_repo

ARGPARSE_CLI = (
    "import argparse\n\n"
    "def build_parser():\n"
    "    parser = argparse.ArgumentParser(prog='vault'{settings})\n"
    "    parser.add_argument('--verbose', '-v', action='store_true')\n"
    "    sub = parser.add_subparsers(dest='command')\n"
    "    push = sub.add_parser('push', aliases=['up'])\n"
    "    push.add_argument('--force', action='store_true')\n"
    "    push.add_argument('--target', '-t')\n"
    "    group = push.add_mutually_exclusive_group()\n"
    "    group.add_argument('--dry-run', action='store_true')\n"
    "    add_common(sub.add_parser('pull'))\n"
    "    return parser\n\n"
    "def add_common(parser):\n"
    "    parser.add_argument('--remote')\n\n"
    "def main():\n"
    "    build_parser().parse_args()\n"
)
ARGPARSE = {
    "pyproject.toml": '[project]\nname = "vault"\n[project.scripts]\nvault = "vault.cli:main"\n',
    "src/vault/__init__.py": "",
    "src/vault/cli.py": ARGPARSE_CLI.format(settings=""),
}


def run(repo: Repo, *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "check", "docs-refs", *args])
    return result.exit_code, result.stdout, result.stderr


def fence(*lines: str) -> str:
    return "# Usage\n\n```console\n" + "".join(f"$ {line}\n" for line in lines) + "```\n"


def statuses(files: dict[str, str], *lines: str) -> list[tuple[str, str]]:
    """(invocation, status) of each shell line, resolved against ``files``' argparse trees."""
    sources = {path.removeprefix("src/").removesuffix(".py").replace("/", "."): text.encode()
               for path, text in files.items() if path.endswith(".py")}
    table = build_argparse_trees(sources, {"vault.cli:main": ("vault",)})
    return [(ref.name, table.resolve(ref.name).status.value)
            for ref in parse_references(fence(*lines), "docs/a.md", table.names)]


# -- argparse ----------------------------------------------------------------------------------

def test_a_removed_subcommand_flag_is_reported_and_an_existing_one_resolves(tmp_path: Path
                                                                           ) -> None:
    repo = make_repo(tmp_path / "vault", {
        **ARGPARSE, "docs/usage.md": fence("vault push --force --target prod",
                                           "vault push --dry-run")})
    assert run(repo, "--all")[0] == 0
    repo.branch("drop")
    repo.commit({"src/vault/cli.py": ARGPARSE["src/vault/cli.py"].replace(
        "'--dry-run'", "'--simulate'")}, "rename --dry-run")
    code, out, err = run(repo, "main")
    assert code == 1
    assert out == ("docs/usage.md:5:3: `vault push --dry-run`: `vault push` has no `--dry-run` "
                   "(did you mean `vault push --simulate`?)\n")
    assert "1 name nothing" in err


def test_aliases_and_helpers_the_reader_follows() -> None:
    assert statuses(ARGPARSE, "vault up -t prod", "vault pull --remote origin", "vault -v push",
                    "vault pull --force", "vault fetch") == [
        ("vault up -t prod", "resolved"),  # an alias of push
        ("vault pull --remote origin", "resolved"),  # added by a function it is passed to
        ("vault -v push", "resolved"),
        ("vault pull --force", "missing"),
        ("vault fetch", "missing")]


def test_an_abbreviation_resolves_unless_allow_abbrev_is_off() -> None:
    assert statuses(ARGPARSE, "vault --verb push", "vault --vx push") == [
        ("vault --verb push", "resolved"), ("vault --vx push", "missing")]
    strict = {**ARGPARSE, "src/vault/cli.py": ARGPARSE_CLI.format(settings=", allow_abbrev=False")}
    assert statuses(strict, "vault --verb push", "vault --verbose push") == [
        ("vault --verb push", "missing"), ("vault --verbose push", "resolved")]


@pytest.mark.parametrize("change", [
    ("    return parser\n", "    plugins.extend(parser)\n    return parser\n"),  # handed away
    ("build_parser().parse_args()", "build_parser().parse_known_args()"),
    ("'--verbose', '-v',", "*VERBOSE,"),  # names from a variable
])
def test_a_parser_the_reader_cannot_follow_is_open(change: tuple[str, str]) -> None:
    files = {**ARGPARSE, "src/vault/cli.py": ARGPARSE["src/vault/cli.py"].replace(*change)}
    assert statuses(files, "vault --anything push", "vault fetch") == [
        ("vault --anything push", "resolved"), ("vault fetch", "unresolvable")]
    assert statuses(ARGPARSE, "vault --anything push", "vault fetch") == [
        ("vault --anything push", "missing"), ("vault fetch", "missing")]


def test_sub_parsers_named_in_a_loop_leave_the_subcommands_open() -> None:
    looped = ARGPARSE["src/vault/cli.py"].replace(
        "    add_common(sub.add_parser('pull'))\n",
        "    for name in NAMES:\n        sub.add_parser(name)\n")
    files = {**ARGPARSE, "src/vault/cli.py": looped}
    assert statuses(files, "vault fetch", "vault --nope") == [
        ("vault fetch", "unresolvable"), ("vault --nope", "missing")]


DISPATCH_CLI = (
    "import argparse\n"
    "from importlib.metadata import entry_points\n\n"
    "def main():\n"
    "    commands = entry_points(group='vault.commands')\n"
    "    parser = argparse.ArgumentParser(prog='vault')\n"
    "    parser.add_argument('--no-color', action='store_true')\n"
    "    parser.add_argument('command', choices={choices})\n"
    "    parser.add_argument('args', nargs={nargs})\n"
    "    parser.parse_args()\n"
)


def dispatcher(choices: str = "commands.names", nargs: str = "argparse.REMAINDER"
               ) -> dict[str, str]:
    return {**ARGPARSE, "src/vault/cli.py": DISPATCH_CLI.format(choices=choices, nargs=nargs)}


def test_the_words_a_dispatcher_hands_on_are_not_judged(tmp_path: Path) -> None:
    # twine: `twine upload -r testpypi` is read by the parser of the command `upload` names
    files = {**dispatcher(), "docs/usage.md": fence("vault upload -r testpypi dist/*")}
    assert run(make_repo(tmp_path / "vault", files), "--all")[0] == 0
    assert statuses(files, "vault upload -r testpypi", "vault --no-color upload",
                    "vault --no-colour upload") == [
        ("vault upload -r testpypi", "unresolvable"),
        ("vault --no-color upload", "unresolvable"),
        ("vault --no-colour upload", "missing")]  # an option of the parser govern reads


@pytest.mark.parametrize("choices, nargs", [
    ("['push', 'pull']", "argparse.REMAINDER"),  # a REMAINDER after literal choices
    ("['push', 'pull']", "REMAINDER"),  # imported bare
    ("['push', 'pull']", "'...'"),  # REMAINDER's own string
    ("commands.names", "'*'"),  # choices computed: the command names another parser
    ("sorted(COMMANDS)", "'*'"),
])
def test_a_positional_that_hands_the_rest_on_leaves_it_unjudged(choices: str, nargs: str
                                                                  ) -> None:
    assert statuses(dispatcher(choices, nargs), "vault push -r x", "vault --nope push") == [
        ("vault push -r x", "unresolvable"), ("vault --nope push", "missing")]


def test_beside_sub_parsers_a_remainder_takes_only_words_that_name_none() -> None:
    rest = ARGPARSE["src/vault/cli.py"].replace(
        "    sub = parser",
        "    parser.add_argument('rest', nargs=argparse.REMAINDER)\n    sub = parser")
    assert statuses({**ARGPARSE, "src/vault/cli.py": rest}, "vault fetch -x",
                    "vault push --nope") == [
        ("vault fetch -x", "unresolvable"), ("vault push --nope", "missing")]


def test_an_option_that_takes_the_rest_leaves_it_unjudged() -> None:
    """``--exec-args`` with ``nargs=REMAINDER`` passes the rest of the line through; an
    option before it, or the words after ``--exec-args=x`` (its one value), are judged."""
    rest = ARGPARSE["src/vault/cli.py"].replace(
        "    add_common(sub.add_parser('pull'))\n",
        "    pull = sub.add_parser('pull')\n"
        "    pull.add_argument('--exec-args', nargs=argparse.REMAINDER)\n")
    assert statuses({**ARGPARSE, "src/vault/cli.py": rest}, "vault pull --exec-args --x -y",
                    "vault pull --exec --x", "vault pull --nope --exec-args x",
                    "vault pull --exec-args=a --x") == [
        ("vault pull --exec-args --x -y", "resolved"),
        ("vault pull --exec --x", "resolved"),  # an abbreviation of it
        ("vault pull --nope --exec-args x", "missing"),
        ("vault pull --exec-args=a --x", "missing")]


PARENTS_CLI = (
    "import argparse\n\n"
    "def main():\n"
    "    common = argparse.ArgumentParser(add_help=False)\n"
    "    common.add_argument('--profile')\n"
    "    common.add_argument({positional})\n"
    "    parser = argparse.ArgumentParser(prog='vault', parents=[common])\n"
    "    sub = parser.add_subparsers()\n"
    "    sub.add_parser('push')\n"
    "    parser.parse_args()\n"
)


def parents(positional: str) -> dict[str, str]:
    return {**ARGPARSE, "src/vault/cli.py": PARENTS_CLI.format(positional=positional)}


def test_a_parent_parser_s_options_and_positionals_are_inherited() -> None:
    assert statuses(parents("'vault_file'"), "vault --profile x push", "vault --nope push",
                    "vault secrets.kdbx push", "vault secrets.kdbx --nope") == [
        ("vault --profile x push", "resolved"),
        ("vault --nope push", "missing"),
        ("vault secrets.kdbx push", "resolved"),  # the positional the parent declares
        ("vault secrets.kdbx --nope", "missing")]
    # without the parent's positional, a word naming no sub-parser is none
    assert statuses(parents("'--region'"), "vault secrets.kdbx push") == [
        ("vault secrets.kdbx push", "missing")]
    # a parent's remainder, positional or option, hands the rest on in the child too
    assert statuses(parents("'rest', nargs=argparse.REMAINDER"), "vault x --nope") == [
        ("vault x --nope", "unresolvable")]
    assert statuses(parents("'--pass', nargs='...'"), "vault --pass --nope", "vault --nope") == [
        ("vault --pass --nope", "resolved"), ("vault --nope", "missing")]


@pytest.mark.parametrize("choices", ["['push', 'pull']", "('push', 'pull')", "[1, 2]"])
def test_literal_choices_and_no_remainder_still_report_an_unknown_option(choices: str) -> None:
    assert statuses(dispatcher(choices, "'*'"), "vault push -r x", "vault push --no-color") == [
        ("vault push -r x", "missing"), ("vault push --no-color", "resolved")]


def test_setup_cfg_and_setup_py_name_programs() -> None:
    cfg = "[options.entry_points]\nconsole_scripts =\n    vault = vault.cli:main\n"
    setup = "setup(entry_points={'console_scripts': ['vault=vault.cli:main', 'v2 = b:c']})\n"
    assert parse_setup_scripts("setup.cfg", cfg) == {"vault.cli:main": ("vault",)}
    assert parse_setup_scripts("setup.py", setup) == {"vault.cli:main": ("vault",),
                                                      "b:c": ("v2",)}
    assert parse_setup_scripts("setup.cfg", "[options.entry_points\n") == {}


def test_a_setup_cfg_program_is_checked(tmp_path: Path) -> None:
    files = {**ARGPARSE, "pyproject.toml": '[project]\nname = "vault"\n',
             "setup.cfg": "[options.entry_points]\nconsole_scripts =\n    vault = vault.cli:main\n",
             "docs/usage.md": fence("vault push --forse")}
    code, out, _ = run(make_repo(tmp_path / "vault", files), "--all")
    assert code == 1 and "(did you mean `vault push --force`?)" in out


# -- oclif -------------------------------------------------------------------------------------

DEPLOY = """import {Args, Command, Flags} from '@oclif/core'

export default class Deploy extends Command {
  static aliases = ['ship']
  static args = {app: Args.string()}
  static flags = {
    region: Flags.string({char: 'r'}),
    wait: Flags.boolean({allowNo: true}),
  }
}
"""


def oclif_files(separator: str = ":") -> dict[str, str]:
    manifest = {"name": "hop", "oclif": {"bin": "hop", "commands": "./dist/commands",
                                         "topicSeparator": separator}}
    return {"package.json": json.dumps(manifest),
            "src/commands/apps/deploy.ts": DEPLOY,
            "src/commands/apps/index.ts": DEPLOY.replace("Deploy", "Apps").replace(
                "static aliases = ['ship']\n", "")}


def oclif_statuses(files: dict[str, str], *lines: str) -> list[tuple[str, str]]:
    table = build_oclif_trees({p: t for p, t in files.items() if p.endswith("package.json")},
                              files, lambda p: files[p].encode() if p in files else None)
    return [(ref.name, table.resolve(ref.name).status.value)
            for ref in parse_references(fence(*lines), "docs/a.md", table.names)]


def test_oclif_flags_chars_and_aliases() -> None:
    assert oclif_statuses(oclif_files(), "hop apps:deploy web -r eu --no-wait",
                          "hop ship --region eu", "hop apps -r eu", "hop apps:deploy --zone eu",
                          "hop apps:deplo") == [
        ("hop apps:deploy web -r eu --no-wait", "resolved"),
        ("hop ship --region eu", "resolved"),
        ("hop apps -r eu", "resolved"),
        ("hop apps:deploy --zone eu", "missing"),
        ("hop apps:deplo", "missing")]


def test_the_topic_separator_both_ways() -> None:
    colons = oclif_files(":")
    assert oclif_statuses(colons, "hop apps:deploy -r eu", "hop apps deploy -r eu") == [
        ("hop apps:deploy -r eu", "resolved"),
        ("hop apps deploy -r eu", "resolved")]  # `deploy` is an argument of `hop apps`
    spaces = oclif_files(" ")
    assert oclif_statuses(spaces, "hop apps deploy -r eu", "hop apps:deploy -r eu",
                          "hop apps deploy --zone eu") == [
        ("hop apps deploy -r eu", "resolved"),
        ("hop apps:deploy -r eu", "resolved"),
        ("hop apps deploy --zone eu", "missing")]
    no_args = {**spaces, "src/commands/apps/index.ts": spaces["src/commands/apps/index.ts"]
               .replace("  static args = {app: Args.string()}\n", "")}
    assert oclif_statuses(no_args, "hop apps deplo") == [("hop apps deplo", "missing")]


def test_what_an_oclif_read_cannot_see_is_open() -> None:
    files = oclif_files()
    spread = {**files, "src/commands/apps/deploy.ts": DEPLOY.replace(
        "static flags = {\n", "static flags = {\n    ...shared,\n")}
    foreign = {**files, "src/commands/apps/deploy.ts": DEPLOY.replace(
        "extends Command", "extends BaseCommand").replace(
        "import {Args, Command, Flags} from '@oclif/core'",
        "import {Args, Flags} from '@oclif/core'\nimport {BaseCommand} from 'some-kit'")}
    plugins = json.loads(files["package.json"])
    plugins["oclif"]["plugins"] = ["@oclif/plugin-help"]
    with_plugins = {**files, "package.json": json.dumps(plugins)}
    for changed in (spread, foreign):
        assert oclif_statuses(changed, "hop apps:deploy --zone eu") == [
            ("hop apps:deploy --zone eu", "resolved")]
    assert oclif_statuses(with_plugins, "hop help apps", "hop apps:deplo") == [
        ("hop help apps", "unresolvable"), ("hop apps:deplo", "missing")]


def test_a_removed_oclif_flag_and_command_are_reported(tmp_path: Path) -> None:
    files = {**oclif_files(), "docs/deploy.md": fence("hop apps:deploy --wait", "hop ship")}
    repo = make_repo(tmp_path / "hop", files)
    assert run(repo, "--all")[0] == 0
    repo.branch("drop")
    repo.commit({"src/commands/apps/deploy.ts": DEPLOY.replace(
        "wait: Flags.boolean({allowNo: true})", "watch: Flags.boolean({})").replace(
        "static aliases = ['ship']\n", "")}, "drop the alias, rename --wait")
    code, out, _ = run(repo, "main")
    assert code == 1
    assert out == (
        "docs/deploy.md:4:3: `hop apps:deploy --wait`: `hop apps:deploy` has no `--wait` "
        "(did you mean `hop apps:deploy --watch`?)\n"
        "docs/deploy.md:5:3: `hop ship`: `hop` has no `ship`\n")


# -- routes in diff mode -----------------------------------------------------------------------

def test_a_route_removed_from_a_registrar_is_reported_on_the_page_line(tmp_path: Path) -> None:
    app = ("from flask import Flask\n\napp = Flask(__name__)\n\n"
           "@app.route('/api/items', methods=['GET'])\ndef items():\n    return []\n\n"
           "@app.route('/api/orders', methods=['GET'])\ndef orders():\n    return []\n")
    repo = make_repo(tmp_path / "shop", {
        "app.py": app, "docs/api.md": "# API\n\n`GET /api/items` lists items.\n\n"
                                      "`GET /api/orders` lists orders.\n"})
    assert run(repo, "--all")[0] == 0
    repo.branch("drop")
    repo.commit({"app.py": app.split("@app.route('/api/orders'")[0]}, "drop orders")
    code, out, _ = run(repo, "main")
    assert code == 1
    assert out.startswith("docs/api.md:5:2: `GET /api/orders` is not among the routes the code "
                          "registers")
    assert "api.md:3:" not in out
