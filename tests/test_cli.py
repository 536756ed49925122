"""The CLI edge: exceptions become docs/reference/exit-codes.md exit codes, in text and in JSON."""

from __future__ import annotations

import json
import subprocess
import sys

import click
import pytest
from click.testing import CliRunner

from govern import cli as cli_module
from govern.cli import cli
from govern.commands.shared import json_option


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


def test_internal_error_in_json_mode_still_prints_json(extra_commands: None) -> None:
    result = CliRunner().invoke(cli, ["explode", "--json"])
    assert result.exit_code == 3
    assert json.loads(result.stdout)["judged"] is False


def test_interrupt_is_130(extra_commands: None) -> None:
    result = CliRunner().invoke(cli, ["interrupt"])
    assert result.exit_code == 130
    assert result.stderr == "govern: interrupted\n"


def test_bad_usage_is_2() -> None:
    result = CliRunner().invoke(cli, ["affected-docs", "--no-such-flag"])
    assert result.exit_code == 2
    assert "No such option" in result.stderr


def test_not_a_repository_is_2(tmp_path) -> None:
    result = CliRunner().invoke(cli, ["--repo-dir", str(tmp_path), "affected-docs"])
    assert result.exit_code == 2
    assert "is not inside a git repository" in result.stderr


def test_affected_docs_imports_neither_pygithub_nor_jinja2() -> None:
    probe = ("import sys\nfrom govern.cli import cli\n"
             "cli.get_command(None, 'affected-docs')\n"
             "import govern.commands.affected_docs\n"
             "print(sorted(m for m in ('github', 'jinja2', 'git') if m in sys.modules))\n")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"
