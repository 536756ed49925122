"""Not a command: the options, context and output helpers every ``govern`` subcommand
shares, so that no command module imports another."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from govern.config import Config, load_config
from govern.config.load import CONFIG_FILE, decode_config
from govern.core.errors import ConfigError, NotJudged, NoWorkTree, PayloadError, named_file
from govern.core.progress import Reporter
from govern.core.text import json_text
from govern.git.gitio import Git

if TYPE_CHECKING:
    from govern.github.delivery import Outcome

F = TypeVar("F", bound=Callable[..., Any])


@dataclass
class Settings:
    """Options shared by every subcommand, filled from the group and the subcommand alike."""

    repo_dir: Path | None = None
    """``--repo-dir``; None: the current directory."""
    config_path: Path | None = None
    json: bool = False
    debug: bool = False
    quiet: bool = False
    argv: tuple[str, ...] = ()
    """The arguments govern was run with, for the command a bug report asks to run again."""
    told_uncommitted: bool = False
    """The note that the work tree's govern.toml is not what is read was given (once a run)."""


def settings(ctx: click.Context) -> Settings:
    root = ctx.find_root()
    if not isinstance(root.obj, Settings):
        root.obj = Settings()
    return root.obj


def _set_config(ctx: click.Context, _param: click.Parameter, value: Path | None) -> None:
    if value is not None:
        settings(ctx).config_path = value


def config_path(ctx: click.Context) -> Path | None:
    """``--config FILE`` when given; checked here, when the configuration is read, so that an
    error reaches ``--json`` whichever option came first."""
    path = settings(ctx).config_path
    if path is not None and not path.exists():  # not "invalid configuration": no file to fix
        raise NotJudged(
            f"the configuration file {path} given with --config does not exist",
            remedy=f"check the path (it is read from the current directory: {path.absolute()}),"
                   " or leave --config out to read govern.toml, else pyproject.toml, as "
                   "committed")
    return path


def _set_json(ctx: click.Context, _param: click.Parameter, value: bool) -> bool:
    if value:
        settings(ctx).json = True
    return value


def config_option(func: F) -> F:
    """``--config FILE``, accepted on the group and on every subcommand."""
    return click.option(
        "--config", "config_path", type=click.Path(path_type=Path),
        callback=_set_config, expose_value=False, is_eager=True,
        help="Configuration file (default: govern.toml, else pyproject.toml, as committed at "
             "the revision the command reads).",
    )(func)


def json_option(func: F) -> F:
    """``--json``: print one JSON object; errors too (``{"judged": false, …}``)."""
    return click.option("--json", "as_json", is_flag=True, callback=_set_json, is_eager=True,
                        help="Print machine-readable JSON.")(func)


def _set_quiet(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if value:
        settings(ctx).quiet = True


def quiet_option(func: F) -> F:
    """``--quiet``/``-q``, accepted on the group and on the commands that do long work: no
    progress and no retry notices on stderr (warnings and errors still show)."""
    return click.option("--quiet", "-q", is_flag=True, callback=_set_quiet,
                        expose_value=False, is_eager=True,
                        help="No progress or retry notices on stderr.")(func)


def reporter(ctx: click.Context, label: str) -> Reporter:
    """The progress reporter of a command's long work, hushed by ``--quiet``
    (docs/how-to/shell.md#progress-on-long-work)."""
    return Reporter(label, quiet=settings(ctx).quiet)


def open_git(ctx: click.Context) -> Git:
    """The repository the command works on, addressed by its top-level directory; closed (its
    ``git cat-file`` process ended) when the command's context closes, whichever way the
    command ends."""
    repo_dir = settings(ctx).repo_dir
    try:
        toplevel = Git(repo_dir or Path.cwd()).toplevel()
    except NotJudged as exc:
        # git's remedy says to run govern in a checkout or pass --repo-dir; with --repo-dir
        # passed, the fix is to point it elsewhere. A bare repository's remedy (clone it)
        # fits either way.
        if repo_dir is None or isinstance(exc, NoWorkTree) and exc.bare:
            raise
        raise NotJudged(exc.message, remedy="the folder --repo-dir names is not in a git work "
                        "tree: point --repo-dir at a checkout (the folder holding .git, or any "
                        "folder of its work tree)") from None
    return ctx.with_resource(Git(toplevel))


def load_config_at(ctx: click.Context, git: Git, rev: str) -> Config:
    """The configuration: ``--config`` if given, else as committed at ``rev``.

    Gates pass the merge base, so a PR cannot loosen the rules that judge it; advisory
    commands pass the head they read. A configuration that exists but cannot be read (not
    UTF-8, not TOML, a bad key) is not judged (exit 2), naming the file and ``rev``.
    """
    read: dict[str, bytes | None] = {}  # the files the loader read at rev, as committed

    def read_text(path: str) -> str | None:
        data = read[path] = git.blobs.read(f"{rev}:{path}")
        return None if data is None else decode_config(data, path)

    explicit = config_path(ctx)
    try:
        config = load_config(read_text, explicit)
    except ConfigError as exc:
        if explicit is not None:
            raise
        raise ConfigError(exc.problems, f"{exc.source} at {rev}", exc.remedy) from None
    for warning in config.warnings:
        click.echo(f"govern: warning: {warning}", err=True)
    if explicit is None and not settings(ctx).told_uncommitted:
        settings(ctx).told_uncommitted = True
        if (note := uncommitted_config_note(git, rev, read)) is not None:
            click.echo(f"govern: note: {note}", err=True)
    return config


def uncommitted_config_note(git: Git, rev: str,
                            read_at_rev: Mapping[str, bytes | None]) -> str | None:
    """What to say when the work tree's govern.toml is not the one committed at HEAD (the
    one ``govern init`` just wrote, or an edit): commands read the committed configuration,
    and a user trying the new one would otherwise see the defaults' results without knowing.
    None when they agree, or there is no such file (a CI checkout of the commit).
    ``read_at_rev`` holds the files the loader read at ``rev``: HEAD's govern.toml is not read
    again when ``rev`` is HEAD's commit."""
    on_disk = git.root / CONFIG_FILE
    try:
        written = on_disk.read_bytes()
    except OSError:  # none, a folder, unreadable: nothing was written to tell about
        return None
    at_head = rev == "HEAD" or git.has_commit("HEAD") and git.resolve_commit("HEAD") == rev
    committed = read_at_rev[CONFIG_FILE] if at_head and CONFIG_FILE in read_at_rev \
        else git.blobs.read(f"HEAD:{CONFIG_FILE}")
    if committed is not None and committed.replace(b"\r\n", b"\n") == written.replace(
            b"\r\n", b"\n"):
        return None
    state = "is not committed" if committed is None else "differs from the one committed at HEAD"
    return (f"{CONFIG_FILE} in the work tree {state}: this run reads the configuration as "
            f"committed at {rev[:12]} (commit it, or pass --config {CONFIG_FILE} to use it now)")


def read_named_text(path: Path, option: str, also: str = "") -> str:
    """The UTF-8 text of a file the user named with ``option``; not judged (exit 2) when it is
    missing, a folder, unreadable or not UTF-8, ``also`` added to the remedy."""
    with named_file(path, option, also=also):
        data = path.read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PayloadError(f"cannot read {path}: not UTF-8 text ({exc.reason} at byte "
                           f"{exc.start})", "save it as UTF-8 text") from None


def ensure_writable(path: Path, option: str) -> None:
    """Refuse, before the work whose result it would hold, an output path that cannot be
    written: the file is opened for appending, which changes nothing, and removed again when
    that created it (lexists: a dangling symlink is not the file)."""
    existed = os.path.lexists(path)
    with named_file(path, option, writing=True):
        path.open("ab").close()
        if not existed:
            path.unlink()


def write_named_file(path: Path, text: str, option: str) -> None:
    """Write ``text`` to the file the user named with ``option``; a path that cannot be
    written is not judged (exit 2), naming the OS's reason and the fix."""
    with named_file(path, option, writing=True):
        path.write_text(text, encoding="utf-8")


def use_color(is_tty: bool, environ: Mapping[str, str]) -> bool:
    """Colour only on a terminal, and never when ``NO_COLOR`` is set to anything
    (https://no-color.org)."""
    return is_tty and not environ.get("NO_COLOR")


def print_json(data: Any) -> None:
    click.echo(json_text(data, indent=2))


def echo_outcome(outcome: Outcome, stdout_is_output: bool = False) -> None:
    """Say what became of a comment: on stderr, and as a warning annotation in Actions. When
    stdout holds output a step redirects (JSON, markdown), the annotation goes to stderr too,
    where the runner reads workflow commands as well."""
    for line, to_stderr in outcome.lines(os.environ.get("GITHUB_ACTIONS") == "true"):
        click.echo(line, err=to_stderr or stdout_is_output)


def echo_warning(warning: str, stdout_is_output: bool = False) -> None:
    """A warning the way :func:`echo_outcome` says one: on stderr, and as an annotation."""
    from govern.github.delivery import warning_lines

    for line, to_stderr in warning_lines(warning, os.environ.get("GITHUB_ACTIONS") == "true"):
        click.echo(line, err=to_stderr or stdout_is_output)
