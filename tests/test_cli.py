"""The CLI edge: exceptions become docs/reference/exit-codes.md exit codes, in text and in JSON."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from govern import GC_YOUNG_OBJECTS
from govern import cli as cli_module
from govern.cli import cli
from govern.commands.shared import json_option
from govern.core.errors import CONFIG_REFERENCE
from tests.gitrepo import make_repo


@click.command("explode")
@json_option
def explode(as_json: bool) -> None:
    raise RuntimeError("boom")


@click.command("interrupt")
def interrupt() -> None:
    raise KeyboardInterrupt


@pytest.fixture
def extra_commands(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(cli_module.SUBCOMMANDS, "explode", "tests.test_cli:explode")
    monkeypatch.setitem(cli_module.SUBCOMMANDS, "interrupt", "tests.test_cli:interrupt")


def test_internal_error_is_exit_3_with_one_line(extra_commands: None) -> None:
    result = CliRunner().invoke(cli, ["explode"])
    assert result.exit_code == 3
    assert result.stderr.splitlines()[0] == (
        "Error: internal error (RuntimeError: boom); this is a bug in govern 0.1.0")
    assert "Traceback" not in result.stderr


def test_internal_error_traceback_only_with_debug(extra_commands: None) -> None:
    result = CliRunner().invoke(cli, ["--debug", "explode"])
    assert result.exit_code == 3
    assert "Traceback" in result.stderr and "RuntimeError: boom" in result.stderr


def test_the_bug_remedy_names_the_command_to_run_again_with_debug(extra_commands: None,
                                                                 tmp_path: Path) -> None:
    """--debug is a group option (`govern explode --debug` is no such option): the remedy
    spells the rerun with it in the place it works."""
    result = CliRunner().invoke(cli, ["--repo-dir", str(tmp_path), "explode", "--json"])
    rerun = f"govern --debug --repo-dir {tmp_path} explode --json"
    assert json.loads(result.stdout)["remedy"] == (
        f"run `{rerun}` for the traceback, and report it with that output at "
        f"{cli_module.REPORT_URL}")
    again = CliRunner().invoke(cli, shlex.split(rerun)[1:])
    assert again.exit_code == 3 and "Traceback" in again.stderr
    assert again.stderr.splitlines()[-1] == (
        f"  remedy: please report it with the traceback above at {cli_module.REPORT_URL}")
    assert CliRunner().invoke(cli, ["explode", "--debug"]).exit_code == 2  # not taken there


def test_internal_error_in_json_mode_still_prints_json(extra_commands: None) -> None:
    result = CliRunner().invoke(cli, ["explode", "--json"])
    assert result.exit_code == 3
    assert json.loads(result.stdout)["judged"] is False


def test_interrupt_is_130(extra_commands: None) -> None:
    result = CliRunner().invoke(cli, ["interrupt"])
    assert result.exit_code == 130
    assert result.stderr == "govern: interrupted\n"


def test_a_reader_that_closes_the_pipe_is_141_not_a_bug() -> None:
    proc = subprocess.Popen([sys.executable, "-m", "govern", "demo"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    assert proc.stdout is not None
    proc.stdout.close()  # `govern demo | head` once head has what it wants
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == cli_module.CLOSED_PIPE == 141
    assert b"internal error" not in err and b"Traceback" not in err and b"Exception" not in err


def test_bad_usage_is_2() -> None:
    result = CliRunner().invoke(cli, ["affected-docs", "--no-such-flag"])
    assert result.exit_code == 2
    assert "No such option" in result.stderr


@pytest.mark.parametrize(("command", "hint"), [
    ("docs-refs", "Did you mean `govern check docs-refs`?"),  # a gate, named as a command
    ("trailers", "Did you mean `govern check trailers`?"),
    ("docs-ref", None),  # no gate: click's line alone
])
def test_a_gate_named_as_a_command_says_where_it_is(command: str, hint: str | None) -> None:
    result = CliRunner().invoke(cli, [command, "--all"])
    assert result.exit_code == 2
    last = result.stderr.splitlines()[-1]
    assert last == f"Error: No such command '{command}'." + (f" {hint}" if hint else "")


def test_not_a_repository_is_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The remedy fits how the folder was named: --repo-dir, or the current directory."""
    given = CliRunner().invoke(cli, ["--repo-dir", str(tmp_path), "affected-docs"])
    assert given.exit_code == 2
    assert given.stderr == (
        f"Error: {tmp_path} is not inside a git repository\n  remedy: the folder --repo-dir "
        "names is not in a git work tree: point --repo-dir at a checkout (the folder holding "
        ".git, or any folder of its work tree)\n")
    monkeypatch.chdir(tmp_path)
    here = CliRunner().invoke(cli, ["affected-docs"])
    assert here.exit_code == 2
    assert here.stderr.endswith("  remedy: run govern from a git checkout, or pass --repo-dir\n")
    make_repo(tmp_path / "repo")
    assert CliRunner().invoke(cli, ["--repo-dir", str(tmp_path / "repo"), "affected-docs",
                                    "--all"]).exit_code == 0


@pytest.mark.parametrize(("toml", "problem", "remedy"), [
    ("[docs\npaths = 1\n",
     "not valid TOML (Expected ']' at the end of a table declaration (at line 1, column 6))",
     "fix the TOML syntax at line 1, column 6 of govern.toml (govern's configuration "
     f"reference: {CONFIG_REFERENCE})"),
    ("[docs]\npaths = [\n", "not valid TOML (Invalid value (at end of document))",
     f"fix the TOML syntax in govern.toml (govern's configuration reference: {CONFIG_REFERENCE})"),
    ("[docs]\nbogus = 1\n", "docs.bogus: unknown key",
     f"fix the keys named above (every key, its type and default: {CONFIG_REFERENCE})"),
    (b"[docs]\n# caf\xe9\n", "not UTF-8 text (invalid continuation byte at byte 12)",
     "save govern.toml as UTF-8"),
])
def test_a_configuration_that_cannot_be_read_names_its_own_fix(
        tmp_path: Path, toml: str | bytes, problem: str, remedy: str) -> None:
    """A syntax error names where it is and says to fix the syntax (no keys were named); the
    docs are named by their published place, not a path of govern's repository."""
    repo = make_repo(tmp_path / "repo", {"govern.toml": toml})
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs", "--all",
                                      "--json"])
    assert result.exit_code == 2
    assert json.loads(result.stdout) == {
        "judged": False, "remedy": remedy,
        "error": f"invalid configuration in govern.toml at {repo.sha('HEAD')}:\n  - {problem}"}
    repo.commit({"govern.toml": "[docs]\npaths = ['docs/**/*.md']\n"})
    assert CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs",
                                    "--all"]).exit_code == 0


def test_affected_docs_imports_neither_pygithub_nor_jinja2() -> None:
    probe = ("import sys\nfrom govern.cli import cli\n"
             "cli.get_command(None, 'affected-docs')\n"
             "import govern.commands.affected_docs\n"
             "print(sorted(m for m in ('github', 'jinja2', 'git') if m in sys.modules))\n")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


def test_the_command_line_collects_garbage_less_often_than_a_library_import() -> None:
    probe = ("import gc, sys\nfrom govern.cli import main\nprint(*gc.get_threshold())\n"
             "sys.argv = ['govern', '--version']\n"
             "try:\n    main()\nexcept SystemExit:\n    print(*gc.get_threshold())\n")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    imported, ran = ([int(n) for n in line.split()] for line in (out[0], out[-1]))
    assert imported[0] < GC_YOUNG_OBJECTS  # importing govern leaves the gc alone
    assert ran == [GC_YOUNG_OBJECTS, *imported[1:]]  # older generations as they were


def test_python_dash_m_collects_less_before_it_imports_the_command_line() -> None:
    # a finder that only looks on: the threshold as `python -m govern` imports govern.cli
    probe = ("import gc, runpy, sys\nseen = []\nclass Look:\n"
             "    def find_spec(self, name, path, target=None):\n"
             "        if name == 'govern.cli':\n            seen.append(gc.get_threshold()[0])\n"
             "sys.meta_path.insert(0, Look())\nsys.argv = ['govern', '--version']\n"
             "try:\n    runpy.run_module('govern', run_name='__main__')\n"
             "except SystemExit:\n    print(*seen)\n")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    assert out[-1] == str(GC_YOUNG_OBJECTS)


def test_dash_v_is_version() -> None:
    short, long = CliRunner().invoke(cli, ["-V"]), CliRunner().invoke(cli, ["--version"])
    assert (short.exit_code, short.stdout) == (0, long.stdout)
    assert short.stdout.startswith("govern, version ")
    assert CliRunner().invoke(cli, ["-v"]).exit_code == 2  # lower case is no alias


def _leaves(group: click.Group, ctx: click.Context, prefix: str = "") -> dict[str, click.Command]:
    found: dict[str, click.Command] = {}
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        assert command is not None
        if isinstance(command, click.Group):
            found.update(_leaves(command, ctx, f"{prefix}{name} "))
        else:
            found[f"{prefix}{name}"] = command
    return found


def test_json_is_on_every_command_that_produces_a_result() -> None:
    """docs/reference/json.md: the commands that produce a result take --json; those that print
    a comment, build a demo, write files or run everything for a person do not."""
    leaves = _leaves(cli, click.Context(cli))
    with_json = sorted(name for name, command in leaves.items()
                       if any("--json" in param.opts for param in command.params))
    without = sorted(set(leaves) - set(with_json))
    assert without == ["comment drift", "comment overlap", "demo", "init", "pr"]
    assert {"affected-docs", "overlap", "check size", "review lint"} <= set(with_json)
