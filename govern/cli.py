"""The ``govern`` command line: one click group, subcommands loaded lazily, and the only place
where exceptions become exit codes (DESIGN §2).

Subcommands live one per module under ``govern.commands`` and are imported only when invoked,
so ``govern affected-docs`` never pays for PyGithub or jinja2.
"""

from __future__ import annotations

import importlib
import json
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import click

from govern import __version__
from govern.config import Config, load_config
from govern.errors import GovernError, InternalError
from govern.gitio import Git

F = TypeVar("F", bound=Callable[..., Any])

# name -> "module:attribute"; each module holds one click command or group.
SUBCOMMANDS: dict[str, str] = {
    "review": "govern.commands.review:review",
    "affected-docs": "govern.commands.affected_docs:affected_docs",
    "check": "govern.commands.check:check",
    "demo": "govern.commands.demo:demo",
    "overlap": "govern.commands.overlap:overlap",
    "comment": "govern.commands.comment:comment",
    "init": "govern.commands.init:init",
    "pr": "govern.commands.pr:pr",
}

REPORT_URL = "https://github.com/repo-govern/govern/issues"


@dataclass
class Settings:
    """Options shared by every subcommand, filled from the group and the subcommand alike."""

    repo_dir: Path
    config_path: Path | None = None
    json: bool = False
    debug: bool = False


def settings(ctx: click.Context) -> Settings:
    root = ctx.find_root()
    if not isinstance(root.obj, Settings):
        root.obj = Settings(repo_dir=Path.cwd())
    return root.obj


def _set_config(ctx: click.Context, _param: click.Parameter, value: Path | None) -> None:
    if value is not None:
        settings(ctx).config_path = value


def _set_json(ctx: click.Context, _param: click.Parameter, value: bool) -> bool:
    if value:
        settings(ctx).json = True
    return value


def config_option(func: F) -> F:
    """``--config FILE``, accepted on the group and on every subcommand."""
    return click.option(
        "--config", "config_path", type=click.Path(path_type=Path, dir_okay=False),
        callback=_set_config, expose_value=False, is_eager=True,
        help="Configuration file (default: govern.toml, else pyproject.toml).",
    )(func)


def json_option(func: F) -> F:
    """``--json``: print one JSON object; errors too (``{"judged": false, …}``)."""
    return click.option("--json", "as_json", is_flag=True, callback=_set_json, is_eager=True,
                        help="Print machine-readable JSON.")(func)


def open_git(ctx: click.Context) -> Git:
    """The repository the command works on, addressed by its top-level directory."""
    return Git(Git(settings(ctx).repo_dir).toplevel())


def load_config_at(ctx: click.Context, git: Git, rev: str) -> Config:
    """The configuration: ``--config`` if given, else as committed at ``rev``.

    Gates pass the merge base, so a PR cannot loosen the rules that judge it; advisory
    commands pass the head they read.
    """
    config = load_config(lambda path: git.read_text(rev, path), settings(ctx).config_path)
    for warning in config.warnings:
        click.echo(f"govern: warning: {warning}", err=True)
    return config


def print_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


class GovernGroup(click.Group):
    """Loads subcommands on demand and maps every exception to DESIGN §2's exit codes."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(SUBCOMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = SUBCOMMANDS.get(cmd_name)
        if target is None:
            return None
        module_name, attribute = target.split(":")
        return getattr(importlib.import_module(module_name), attribute)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.exceptions.Abort, click.UsageError):
            raise
        except KeyboardInterrupt:
            click.echo("govern: interrupted", err=True)
            ctx.exit(130)
        except GovernError as exc:
            self._report(ctx, exc)
            ctx.exit(exc.exit_code)
        except Exception as exc:  # a bug: one line asking for a report, traceback on --debug
            if settings(ctx).debug:
                traceback.print_exc()
            bug = InternalError(
                f"internal error ({type(exc).__name__}: {exc}); this is a bug in govern "
                f"{__version__}",
                remedy=f"please report it with the output of `--debug` at {REPORT_URL}",
            )
            self._report(ctx, bug)
            ctx.exit(bug.exit_code)

    @staticmethod
    def _report(ctx: click.Context, exc: GovernError) -> None:
        if settings(ctx).json:
            print_json({"judged": False, "error": exc.message, "remedy": exc.remedy})
        exc.show()


@click.group(cls=GovernGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="govern")
@config_option
@click.option("--repo-dir", type=click.Path(path_type=Path, file_okay=False, exists=True),
              default=None, help="The repository to work on (default: the current directory).")
@click.option("--debug", is_flag=True, help="Show tracebacks of internal errors.")
@click.pass_context
def cli(ctx: click.Context, repo_dir: Path | None, debug: bool) -> None:
    """Repository governance on pull requests.

    Exit codes: 0 clean or advisory, 1 a rule is broken, 2 not judged (the environment
    could not be read), 3 internal error, 130 interrupted.
    """
    current = settings(ctx)
    current.debug = debug
    if repo_dir is not None:
        current.repo_dir = repo_dir


def main() -> None:
    cli.main(prog_name="govern", standalone_mode=True)

