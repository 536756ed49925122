"""The ``govern`` command line: one click group, subcommands loaded lazily, and the only place
where exceptions become exit codes (docs/reference/exit-codes.md).

Subcommands live one per module under ``govern.commands`` and are imported only when invoked,
so ``govern affected-docs`` never pays for PyGithub or jinja2.
"""

from __future__ import annotations

import importlib
import io
import os
import shlex
import signal
import sys
from pathlib import Path
from typing import Any

import click

from govern import __version__, collect_less
from govern.commands.shared import config_option, print_json, quiet_option, settings
from govern.core.errors import PROJECT_URL, GovernError, InternalError

# name -> "module:attribute"; each module holds one click command or group.
SUBCOMMANDS: dict[str, str] = {
    "review": "govern.commands.review:review",
    "affected-docs": "govern.commands.affected_docs:affected_docs",
    "calibrate": "govern.commands.calibrate:calibrate",
    "check": "govern.commands.check:check",
    "demo": "govern.commands.demo:demo",
    "overlap": "govern.commands.overlap:overlap",
    "comment": "govern.commands.comment:comment",
    "init": "govern.commands.init:init",
    "pr": "govern.commands.pr:pr",
}

REPORT_URL = f"{PROJECT_URL}/issues"


class GovernGroup(click.Group):
    """Loads subcommands on demand and maps every exception to docs/reference/exit-codes.md exit
    codes."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(SUBCOMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = SUBCOMMANDS.get(cmd_name)
        if target is None:
            return None
        module_name, attribute = target.split(":")
        return getattr(importlib.import_module(module_name), attribute)

    def resolve_command(self, ctx: click.Context, args: list[str]
                        ) -> tuple[str | None, click.Command | None, list[str]]:
        name = args[0] if args else ""
        if name not in SUBCOMMANDS and not ctx.resilient_parsing and self._is_gate(ctx, name):
            # `govern docs-refs`: the gate's name as a command, as a maintainer would guess it
            ctx.fail(f"No such command {name!r}. Did you mean `govern check {name}`?")
        return super().resolve_command(ctx, args)

    def _is_gate(self, ctx: click.Context, name: str) -> bool:
        """Whether ``name`` is a ``govern check`` subcommand (the group is imported only for a
        command that is none of govern's)."""
        check = self.get_command(ctx, "check")
        return isinstance(check, click.Group) and check.get_command(ctx, name) is not None

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        settings(ctx).argv = tuple(args)  # kept whole for the rerun a bug's remedy names
        return super().parse_args(ctx, args)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.exceptions.Abort, click.UsageError):
            raise
        except KeyboardInterrupt:
            click.echo("govern: interrupted", err=True)
            ctx.exit(130)
        except BrokenPipeError:  # the reader went away (`govern demo | head`): no bug
            _drop_stdout()
            ctx.exit(CLOSED_PIPE)
        except GovernError as exc:
            self._report(ctx, exc)
            ctx.exit(exc.exit_code)
        except Exception as exc:  # a bug: one line asking for a report, traceback on --debug
            if settings(ctx).debug:
                import traceback  # ~7 ms of import (tokenize, linecache): only on a bug

                traceback.print_exc()
            bug = InternalError(
                f"internal error ({type(exc).__name__}: {exc}); this is a bug in govern "
                f"{__version__}", remedy=_bug_remedy(ctx))
            self._report(ctx, bug)
            ctx.exit(bug.exit_code)

    @staticmethod
    def _report(ctx: click.Context, exc: GovernError) -> None:
        if settings(ctx).json:
            print_json({"judged": False, "error": exc.message, "remedy": exc.remedy})
        exc.show()


@click.group(cls=GovernGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "-V", "--version", prog_name="govern")
@config_option
@quiet_option
@click.option("--repo-dir", type=click.Path(path_type=Path, file_okay=False, exists=True),
              default=None, help="The repository to work on (default: the current directory).")
@click.option("--debug", is_flag=True,
              help="Show tracebacks of internal errors. A group option: give it before the "
                   "subcommand (govern --debug calibrate …).")
@click.pass_context
def cli(ctx: click.Context, repo_dir: Path | None, debug: bool) -> None:
    """Repository governance on pull requests.

    Exit codes: 0 clean or advisory, 1 a rule is broken, 2 not judged (the environment
    could not be read), 3 internal error, 130 interrupted, 141 the output's reader closed it.
    """
    current = settings(ctx)
    current.debug = debug
    if repo_dir is not None:
        current.repo_dir = repo_dir


def _bug_remedy(ctx: click.Context) -> str:
    """Where to report a bug, and with what: the traceback, which ``--debug`` prints. The
    command to run names it where it works, on the group (``govern --debug calibrate …``), not
    after the subcommand, which takes no such option."""
    current = settings(ctx)
    if current.debug:
        return f"please report it with the traceback above at {REPORT_URL}"
    rerun = shlex.join(["govern", "--debug", *current.argv])
    return f"run `{rerun}` for the traceback, and report it with that output at {REPORT_URL}"


CLOSED_PIPE = 141
"""What a shell reports for a process SIGPIPE ended: the reader of the output closed it."""


def _drop_stdout() -> None:
    """Point stdout at /dev/null, so the flush at exit does not fail on the closed pipe."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)


def _terminated(signum: int, frame: object) -> None:
    """SIGTERM as an interrupt: `timeout`, a cancelled CI job and `kill` stop govern the way
    Ctrl-C does, so scratch files are removed and calibrate reports what it measured (by
    default the process would end at once, its temporary index folders left behind)."""
    raise KeyboardInterrupt


def main() -> None:
    signal.signal(signal.SIGTERM, _terminated)
    collect_less()
    # A path that is not UTF-8 is held with lone surrogates (git's bytes, decoded with
    # surrogateescape); written to a UTF-8 stream it would be an internal error. It is shown
    # escaped (`\udcff`) instead: text for a person, and JSON escapes its own (json_text).
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")
    cli.main(prog_name="govern", standalone_mode=True)

