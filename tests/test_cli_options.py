"""A changed line inside an option's declaration anchors its long flags, and a page writing
the flag is listed (docs/concepts/anchoring-rules.md#command-line-options), both ways: click,
typer, argparse, commander and cac declarations; the command's body, a ``--`` string of any
other call, ``--help`` and a flag written inside a longer one list nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from govern.drift.anchors.options import declared_flags, touched_flags
from govern.drift.anchors.syntax import parse
from tests.helpers import pr_repo, rows, run_json

CLI_PY = '''import argparse

import click
import typer


env_option = click.Option(["-e", "--env-file"], help="Load a file.")


@click.command()
@click.option("--ws-max-size", type=int, default=16777216, help="WebSocket max size.")
@click.option("--reload/--no-reload", default=False, help="Reload on change.")
@click.option("--help-topics", is_flag=True, help="List topics.")
def main(ws_max_size, reload, help_topics):
    serve(ws_max_size, reload)


def serve(size, reload):
    run(["git", "--no-pager", "log"])


def sync(
    workers: int = typer.Option(1, "--workers", help="Worker processes."),
):
    pass


def parser():
    found = argparse.ArgumentParser()
    found.add_argument("--out-dir", default="build", help="Where to write.")
    found.add_argument("-q", "--quiet", action="store_true", help="Say less.")
    return found
'''

OCLIF_TS = '''import { Command, Flags } from "@oclif/core";

export default class Dev extends Command {
  static flags = {
    port: Flags.integer({ char: "p", description: "Port to serve on", default: 3000 }),
    "dry-run": Flags.boolean({ description: "Print what would run" }),
    json: Flags.boolean({ description: "Output as JSON" }),
  };
  static limits = { retries: Number.parseInt("3") };
}
'''

CLI_TS = '''import { Command } from "commander";

export const program = new Command()
  .option("-p, --port <number>", "port to listen on", "3000")
  .option("--open [path]", "open the browser");

export function start(): void {
  program.parse(process.argv, "--from-node");
}
'''

PAGES = {
    "docs/settings.md": "Set `--ws-max-size` to limit frames.\n",
    "docs/reload.md": "Pass --reload while developing, `--no-reload` in production.\n",
    "docs/workers.md": "```sh\nserve --workers 4\n```\n",
    "docs/build.md": "Write elsewhere with `--out-dir dist`.\n",
    "docs/quiet.md": "Use -q or --quiet.\n",
    "docs/server.md": "`npx serve -p 8080` or `--port 8080`.\n",
    "docs/prose.md": "The ws max size, workers and port are set in the config.\n",
    "docs/longer.md": "Use `--ws-max-size-bytes` or `x--ws-max-size` in scripts.\n",
    "docs/help.md": "Every command takes `--help` and `--no-pager`.\n",
    "docs/env.md": "Load variables with `--env-file .env`.\n",
    "docs/running.md": "Run `os dev --dry-run`, or `os dev -p 4000`.\n",
    "docs/open.md": "Add `--open` to see it.\n",
}
BASE = {"src/app/cli.py": CLI_PY, "src/app/__init__.py": "", "web/cli.ts": CLI_TS,
        "cli/src/commands/dev.ts": OCLIF_TS, **PAGES}
SETTINGS = {"docs/settings.md": ["--ws-max-size"]}


@pytest.mark.parametrize(("path", "old", "new", "listed"), [
    # click: an option's help, default and type
    ("src/app/cli.py", 'help="WebSocket max size."', 'help="The largest WebSocket frame."',
     SETTINGS),
    ("src/app/cli.py", "default=16777216", "default=1048576", SETTINGS),
    # a boolean flag's two spellings
    ("src/app/cli.py", 'help="Reload on change."', 'help="Reload when a file changes."',
     {"docs/reload.md": ["--reload", "--no-reload"]}),
    # click's Option class, its flags in a list
    ("src/app/cli.py", 'help="Load a file."', 'help="Load variables from a file."',
     {"docs/env.md": ["--env-file"]}),
    # typer and argparse, a short flag beside the long one
    ("src/app/cli.py", 'help="Worker processes."', 'help="Processes to run."',
     {"docs/workers.md": ["--workers"]}),
    ("src/app/cli.py", 'default="build"', 'default="dist"', {"docs/build.md": ["--out-dir"]}),
    ("src/app/cli.py", 'help="Say less."', 'help="Say nothing."', {"docs/quiet.md": ["--quiet"]}),
    # commander
    ("web/cli.ts", '"port to listen on", "3000"', '"port to listen on", "8080"',
     {"docs/server.md": ["--port"]}),  # not `--open`, chained after it onto the next line
    ("web/cli.ts", '"open the browser"', '"open a browser"', {"docs/open.md": ["--open"]}),
    # oclif: the flag is the key a ``Flags`` builder is the value of
    ("cli/src/commands/dev.ts", '"Print what would run"', '"Print the plan"',
     {"docs/running.md": ["--dry-run"]}),
    ("cli/src/commands/dev.ts", 'Number.parseInt("3")', 'Number.parseInt("5")', {}),
    # the command's body, and a ``--`` string of another call: no option changed
    ("src/app/cli.py", "serve(ws_max_size, reload)", "serve(ws_max_size, reload or False)", {}),
    ("src/app/cli.py", '"--no-pager", "log"', '"--no-pager", "log", "-1"', {}),
    ("web/cli.ts", '"--from-node"', '"--from-user"', {}),
    # ``--help-topics`` is not the ``--help`` a page writes
    ("src/app/cli.py", 'help="List topics."', 'help="List the topics."', {}),
])
def test_what_an_option_change_lists(tmp_path: Path, path: str, old: str, new: str,
                                     listed: dict[str, list[str]]) -> None:
    assert old in BASE[path]
    repo = pr_repo(tmp_path, BASE, {path: BASE[path].replace(old, new, 1)})
    assert rows(run_json(repo, "main")) == listed


def test_a_new_option_is_new_api_at_home_where_its_siblings_are_listed(tmp_path: Path) -> None:
    pages = {"docs/settings.md": "Set `--ws-max-size` and `--reload` as needed.\n",
             "docs/reload.md": "Pass `--reload` while developing.\n"}
    base = {"src/app/cli.py": CLI_PY, "src/app/__init__.py": "", **pages}
    added = CLI_PY.replace('@click.option("--help-topics"',
                           '@click.option("--backlog", default=2048, help="Queue size.")\n'
                           '@click.option("--help-topics"')
    repo = pr_repo(tmp_path, base, {"src/app/cli.py": added})
    entries = {entry["token"]: entry["suggested_pages"]
               for entry in run_json(repo, "main")["new_api"]}
    # the page naming two of its siblings is its home; one naming one sibling is not
    assert entries["--backlog"] == ["docs/settings.md"]


def test_an_option_the_base_already_declared_is_no_new_api(tmp_path: Path) -> None:
    pages = {"docs/settings.md": "Set `--ws-max-size` and `--reload` as needed.\n"}
    base = {"src/app/cli.py": CLI_PY, "src/app/__init__.py": "", **pages}
    # the option moved above another: changed lines, no new flag
    reload = '@click.option("--reload/--no-reload", default=False, help="Reload on change.")\n'
    moved = CLI_PY.replace(reload, "").replace('@click.option("--ws-max-size"',
                                                reload + '@click.option("--ws-max-size"')
    assert moved != CLI_PY
    repo = pr_repo(tmp_path, base, {"src/app/cli.py": moved})
    data = run_json(repo, "main")
    assert [entry["token"] for entry in data["new_api"] if entry["token"].startswith("--")] == []
    assert list(rows(data)) == ["docs/settings.md"]  # the moved lines still anchor their flag


def test_a_new_oclif_flag_is_new_api_and_an_edited_one_is_not(tmp_path: Path) -> None:
    pages = {"docs/running.md": "Run `os dev --port 4000 --json`.\n"}
    base = {"cli/src/commands/dev.ts": OCLIF_TS, **pages}
    grown = OCLIF_TS.replace('    json: Flags', '    verbose: Flags.boolean({ char: "v" }),\n'
                                             '    json: Flags')
    data = run_json(pr_repo(tmp_path, base, {"cli/src/commands/dev.ts": grown}), "main")
    assert [(e["token"], e["suggested_pages"]) for e in data["new_api"]] == [
        ("--verbose", ["docs/running.md"])]
    edited = OCLIF_TS.replace("default: 3000", "default: 4000")
    data = run_json(pr_repo(tmp_path / "edited", base, {"cli/src/commands/dev.ts": edited}),
                    "main")
    assert data["new_api"] == []
    assert rows(data) == {"docs/running.md": ["--port"]}


def _stale(data: dict[str, Any]) -> dict[str, bool]:
    return {row["path"]: row["stale"] for row in data["docs"]}


def test_a_removed_option_is_certain_drift_and_a_moved_one_is_not(tmp_path: Path) -> None:
    """httpie removed ``--response-as`` (the page still documents it: stale); another commit
    moved its options to a module of their own (the flags live on: not stale)."""
    pages = {"docs/output.md": "Force a charset with `--response-as`.\n"}
    cli = ('import argparse\n\nparser = argparse.ArgumentParser()\n'
           'parser.add_argument("--response-as", help="Override the type.")\n')
    base = {"httpie/cli.py": cli, "httpie/__init__.py": "", **pages}
    gone = cli.replace('"--response-as", help="Override the type."',
                       '"--response-charset", help="Override the charset."')
    data = run_json(pr_repo(tmp_path, base, {"httpie/cli.py": gone}), "main")
    assert _stale(data) == {"docs/output.md": True}
    moved = {"httpie/cli.py": "from httpie.definition import parser\n",
             "httpie/definition.py": cli}
    data = run_json(pr_repo(tmp_path / "moved", base, moved), "main")
    assert _stale(data) == {"docs/output.md": False}


def test_an_example_s_options_anchor_only_the_pages_that_show_it(tmp_path: Path) -> None:
    """typer edited only ``docs_src/parameter_types/bool/`` examples, and three pages about
    other examples with a ``--force`` option were listed: an example's flags are its reader's
    program's, neither new API nor removed, and only a page naming the example's file shows
    it."""
    pages = {"docs/hooks.md": "Run `examples/hook.js` with `--profile` and `--message`.\n",
             "docs/other.md": "The other example takes `--profile` and `--message`.\n"}
    example = ('const { program } = require("commander");\n'
               'program.option("--profile", "time it").option("--message <m>", "say it");\n')
    base = {"examples/hook.js": example, **pages}
    changed = example.replace('.option("--profile", "time it")', '.option("--trace", "trace it")')
    data = run_json(pr_repo(tmp_path, base, {"examples/hook.js": changed}), "main")
    assert data["new_api"] == []
    assert rows(data) == {"docs/hooks.md": ["examples/hook.js"]}
    assert _stale(data) == {"docs/hooks.md": False}


MANAGER_PY = '''CLI_SESSION_UPGRADE_FLAGS = [
    {
        'variadic': ['--bind-cookies'],
        'action': 'store_true',
        'help': 'Bind domainless cookies to the host.'
    }
]

COMMANDS = {
    'export-args': [
        'Export available options for the CLI',
        {
            'flags': ['-f', '--format'],
            'choices': ['json'],
            'default': 'json'
        }
    ],
    'upgrade': ['Upgrade a session.', *CLI_SESSION_UPGRADE_FLAGS],
}

RUNS = {
    'lint': ['ruff', '--fix', '--show-fixes'],
    'docs': {'argv': ['mkdocs', '--strict'], 'cwd': 'docs'},
}

CHOICES = {
    'format': {'help': 'Same as --format-options, spelled short.', 'default': 'json'},
}
'''
MANAGER_PAGES = {
    "docs/sessions.md": "Run `httpie cli sessions upgrade --bind-cookies`.\n",
    "docs/export.md": "Export with `httpie cli export-args --format json`.\n",
    "docs/lint.md": "CI runs `ruff --fix` and `mkdocs --strict` and `--format-options`.\n",
}


@pytest.mark.parametrize(("old", "new", "listed"), [
    # a flag beside ``add_argument``'s keywords, under any key
    ("'Bind domainless cookies to the host.'", "'Bind cookies to the session host.'",
     {"docs/sessions.md": ["--bind-cookies"]}),
    # a flag under ``flags``
    ("'default': 'json'\n", "'default': 'yaml'\n", {"docs/export.md": ["--format"]}),
    # ``--`` strings of a dict that declares no option, and a flag a help text names
    ("'--fix', '--show-fixes'", "'--fix', '--diff'", {}),
    ("['mkdocs', '--strict']", "['mkdocs', '--strict', '--clean']", {}),
    ("'Same as --format-options, spelled short.'", "'Same as --format-options.'", {}),
])
def test_an_option_declared_as_data_anchors_its_flags(tmp_path: Path, old: str, new: str,
                                                      listed: dict[str, list[str]]) -> None:
    """httpie's manager declares its options as dicts applied with ``add_argument(**spec)``."""
    assert old in MANAGER_PY
    base = {"httpie/manager/cli.py": MANAGER_PY, "httpie/__init__.py": "", **MANAGER_PAGES}
    repo = pr_repo(tmp_path, base, {"httpie/manager/cli.py": MANAGER_PY.replace(old, new, 1)})
    assert rows(run_json(repo, "main")) == listed


def test_an_option_declared_as_data_is_new_api_and_removed_when_gone(tmp_path: Path) -> None:
    pages = {"docs/export.md": "Export with `--format json` or `--bind-cookies`.\n"}
    base = {"httpie/manager/cli.py": MANAGER_PY, "httpie/__init__.py": "", **pages}
    grown = MANAGER_PY.replace("'flags': ['-f', '--format'],",
                               "'flags': ['-f', '--format'],\n        }, {\n"
                               "            'flags': ['--output'], 'help': 'Where to write.',")
    data = run_json(pr_repo(tmp_path, base, {"httpie/manager/cli.py": grown}), "main")
    assert [(e["token"], e["suggested_pages"]) for e in data["new_api"]
            if e["token"].startswith("--")] == [("--output", ["docs/export.md"])]
    gone = MANAGER_PY.replace("'flags': ['-f', '--format'],", "'flags': ['-o', '--output'],")
    data = run_json(pr_repo(tmp_path / "gone", base, {"httpie/manager/cli.py": gone}), "main")
    assert _stale(data) == {"docs/export.md": True}


TYPER_PY = '''from pathlib import Path
from typing import Optional

import typer
from typing_extensions import Annotated

app = typer.Typer()


@app.command()
def docs(
    ctx: typer.Context,
    name: str = typer.Option("", help="The name of the program."),
    output: Optional[Path] = typer.Option(
        None,
        help="A file to write to.",
    ),
    force: Annotated[bool, typer.Option(help="Overwrite the file.")] = False,
    dry_run: Annotated[bool, typer.Option("-n", help="Print only.")] = False,
    source: str = typer.Argument("main.py", help="The program."),
    _cache: str = typer.Option("", help="A cache folder."),
) -> None:
    render(name, output)


def render(name: str, output: Optional[Path], heading: str = "") -> None:
    pass
'''
TYPER_PAGES = {
    "docs/typer-command.md": "Use `--name` and `--output`.\n",
    "docs/overwrite.md": "Keep the file with `--no-force`.\n",
    "docs/dry.md": "Pass `--dry-run` to print only.\n",
    "docs/source.md": "Not an option: `--source`, `--cache`, `--heading`.\n",
}


def _flag_rows(tmp_path: Path, path: str, source: str, pages: dict[str, str], old: str,
               new: str) -> dict[str, list[str]]:
    """The flags each listed page is listed by when ``old`` becomes ``new`` in ``source``,
    a module of a package of its own beside ``pages``."""
    assert old in source
    base = {path: source, f"{path.partition('/')[0]}/__init__.py": "", **pages}
    repo = pr_repo(tmp_path, base, {path: source.replace(old, new, 1)})
    found = {page: [token for token in tokens if token.startswith("--")]
             for page, tokens in rows(run_json(repo, "main")).items()}
    return {page: tokens for page, tokens in found.items() if tokens}


@pytest.mark.parametrize(("old", "new", "listed"), [
    # typer derives ``--name`` from the parameter, and ``--output`` across the call's lines
    ('"The name of the program."', '"The program\'s name."',
     {"docs/typer-command.md": ["--name"]}),
    ('"A file to write to."', '"A Markdown file to write to."',
     {"docs/typer-command.md": ["--output"]}),
    # a boolean's ``--no-force`` too, from ``Annotated``
    ('"Overwrite the file."', '"Replace the file."', {"docs/overwrite.md": ["--no-force"]}),
    # an option naming its own flags, an argument, a private name and a plain function's
    # parameter derive none
    ('"Print only."', '"Print, write nothing."', {}),
    ('"The program."', '"The program to read."', {}),
    ('"A cache folder."', '"A folder to cache in."', {}),
    ('heading: str = ""', 'heading: str = "CLI"', {}),
])
def test_a_typer_option_anchors_the_flag_its_name_derives(
        tmp_path: Path, old: str, new: str, listed: dict[str, list[str]]) -> None:
    """typer reads ``name: str = typer.Option("", help=…)`` as ``--name``, spelled nowhere."""
    assert _flag_rows(tmp_path, "typer/cli.py", TYPER_PY, TYPER_PAGES, old, new) == listed


def test_a_new_typer_option_is_new_api_and_removed_when_gone(tmp_path: Path) -> None:
    """typer bdaa5c6946 added ``title: Optional[str] = typer.Option(None, help=…)`` to the
    ``docs`` command whose page lists ``--name`` and ``--output``."""
    base = {"typer/cli.py": TYPER_PY, "typer/__init__.py": "", **TYPER_PAGES}
    grown = TYPER_PY.replace("    _cache:", '    title: Optional[str] = typer.Option(None, '
                                          'help="The page title."),\n    _cache:')
    data = run_json(pr_repo(tmp_path, base, {"typer/cli.py": grown}), "main")
    assert [(e["token"], e["suggested_pages"]) for e in data["new_api"]
            if e["token"].startswith("--")] == [("--title", ["docs/typer-command.md"])]
    gone = TYPER_PY.replace('    name: str = typer.Option("", help="The name of the program."),\n',
                            "")
    data = run_json(pr_repo(tmp_path / "gone", base, {"typer/cli.py": gone}), "main")
    assert _stale(data)["docs/typer-command.md"] is True
    # moved to a module of its own, the command's ``--name`` lives on, written nowhere
    moved = {"typer/cli.py": "from typer.docs import app\n", "typer/docs.py": TYPER_PY}
    data = run_json(pr_repo(tmp_path / "moved", base, moved), "main")
    assert _stale(data)["docs/typer-command.md"] is False


TYPER_APP = '''import typer

app = typer.Typer()


@app.command()
def deploy(
    target: str,
    replicas: int = 1,
    wait: bool = False,
    label=None,
) -> None:
    """Deploy to ``target``."""
'''
TYPER_APP_PAGES = {
    "docs/deploy.md": "Run `deploy web --replicas 3`.\n",
    "docs/wait.md": "Add `--wait`, or `--no-wait` in CI.\n",
    "docs/label.md": "Tag it with `--label`.\n",
    "docs/target.md": "Not an option: `--target`, `--ctx`.\n",
}


@pytest.mark.parametrize(("registered", "old", "new", "listed"), [
    # ``@app.command()`` of ``app = typer.Typer()``: a plain default is an option, a boolean's
    # pair too, and a parameter with no default an argument
    (TYPER_APP, "replicas: int = 1", "replicas: int = 2", {"docs/deploy.md": ["--replicas"]}),
    (TYPER_APP, "wait: bool = False", "wait: bool = True",
     {"docs/wait.md": ["--wait", "--no-wait"]}),
    (TYPER_APP, "label=None", "label=''", {"docs/label.md": ["--label"]}),
    (TYPER_APP, "target: str", "target: int", {}),
    # a ``Context`` is typer's to pass, whatever its default
    (TYPER_APP.replace("    label=None,", "    ctx: typer.Context = None,\n    label=None,"),
     "ctx: typer.Context = None", "ctx: typer.Context = ...", {}),
    # ``typer.run(main)`` and ``app.command()(main)`` register the function by its name
    (TYPER_APP.replace("@app.command()\n", "") + "\n\nif __name__ == '__main__':\n"
     "    typer.run(deploy)\n", "replicas: int = 1", "replicas: int = 2",
     {"docs/deploy.md": ["--replicas"]}),
    (TYPER_APP.replace("@app.command()\n", "") + "\n\napp.command(name='ship')(deploy)\n",
     "replicas: int = 1", "replicas: int = 2", {"docs/deploy.md": ["--replicas"]}),
    # an app imported from the package's main module, in a file importing typer, not click
    (TYPER_APP.replace("app = typer.Typer()\n", "from cli.main import app\n"),
     "replicas: int = 1", "replicas: int = 2", {"docs/deploy.md": ["--replicas"]}),
    # ``Annotated[…, typer.Argument()]`` with a default is an argument
    (TYPER_APP.replace("replicas: int = 1", "replicas: Annotated[int, typer.Argument()] = 1"),
     "] = 1", "] = 2", {}),
    # a click group's command, and one of an app imported beside click: no option
    (TYPER_APP.replace("import typer", "import click").replace(
        "app = typer.Typer()", "app = click.Group()"), "replicas: int = 1", "replicas: int = 2",
     {}),
    (TYPER_APP.replace("app = typer.Typer()\n", "import click\nfrom cli.main import app\n"),
     "replicas: int = 1", "replicas: int = 2", {}),
    # a function no app registers
    (TYPER_APP.replace("@app.command()\n", ""), "replicas: int = 1", "replicas: int = 2", {}),
])
def test_a_typer_command_s_plain_default_is_an_option(
        tmp_path: Path, registered: str, old: str, new: str,
        listed: dict[str, list[str]]) -> None:
    """typer reads ``def main(name: str, count: int = 1)`` as an argument and ``--count``."""
    assert _flag_rows(tmp_path, "cli/commands.py", registered, TYPER_APP_PAGES, old,
                      new) == listed


def test_a_new_plain_default_is_new_api_and_a_moved_command_keeps_its_flags(
        tmp_path: Path) -> None:
    base = {"cli/commands.py": TYPER_APP, "cli/__init__.py": "", **TYPER_APP_PAGES}
    grown = TYPER_APP.replace("label=None,", "label=None,\n    dry_run: bool = False,")
    data = run_json(pr_repo(tmp_path, base, {"cli/commands.py": grown}), "main")
    assert [(e["token"], e["suggested_pages"]) for e in data["new_api"]] == [
        ("--dry-run", ["docs/wait.md"]), ("--no-dry-run", ["docs/wait.md"])]
    gone = TYPER_APP.replace("    label=None,\n", "")
    data = run_json(pr_repo(tmp_path / "gone", base, {"cli/commands.py": gone}), "main")
    assert _stale(data) == {"docs/label.md": True}
    # moved to a module of its own, the command's ``--label`` lives on, written nowhere
    moved = {"cli/commands.py": "from cli.deploy import app\n", "cli/deploy.py": TYPER_APP}
    data = run_json(pr_repo(tmp_path / "moved", base, moved), "main")
    assert _stale(data)["docs/label.md"] is False


def test_a_file_s_typer_commands_found_once_serve_both_of_its_readings() -> None:
    """The flags a change touched and all a file declares are read from one tree, whose typer
    commands are found once: each tree still gets its own, read in any order (a click group's
    command derives no flag)."""
    typer = TYPER_APP.encode()
    click = TYPER_APP.replace("import typer", "import click").replace(
        "app = typer.Typer()", "app = click.Group()").encode()
    every = frozenset(range(1, TYPER_APP.count("\n") + 1))
    derived = ["--replicas", "--wait", "--no-wait", "--label"]
    for _ in range(2):
        for source, flags in ((typer, derived), (click, [])):
            tree = parse("python", source)
            assert declared_flags(tree, "python", source) == frozenset(flags)
            assert touched_flags(tree, "python", source, every) == flags
