"""``govern comment drift`` and ``govern comment overlap``: render the Docs Drift Check comment
from affected-docs JSON, or the PR overlap comments from overlap JSON, and with ``--post``
deliver them as sticky comments (docs/how-to/docs-drift.md, docs/how-to/overlap.md,
docs/concepts/delivery.md): so a run with a write token can post what a fork PR's read-only run
computed.

Advisory: a delivery GitHub refuses for a reason the PR author cannot fix (a fork PR's
read-only token, an outage outlasting the retries) leaves the body in the step summary with a
warning, and exits 0. Unreadable input, a bad token or a wrong PR is exit 2.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from govern.commands.shared import (
    config_option,
    config_path,
    echo_outcome,
    load_config_at,
    open_git,
)
from govern.config import Config, load_config
from govern.core.errors import NotJudged, PayloadError
from govern.drift.comment import MARKER, parse_result, render_drift
from govern.github.delivery import Outcome, connect_to_post, deliver_current, deliver_for_event
from govern.github.event import event_value, read_event

if TYPE_CHECKING:
    from govern.overlap import Overlap, PrReport, ToldRecord

T = TypeVar("T")


@click.group()
def comment() -> None:
    """Render (and post) govern's sticky PR comments."""


def read_config(ctx: click.Context) -> Config:
    """``--config``, else the configuration committed at HEAD; outside a repository (the
    poster workflow may run without a checkout) the defaults, said on stderr."""
    explicit = config_path(ctx)
    try:
        git = open_git(ctx)
    except NotJudged:
        if explicit is not None:
            return load_config(lambda _path: None, explicit)
        click.echo("govern: not in a git repository: using the default configuration",
                   err=True)
        return Config()
    try:
        return load_config_at(ctx, git, "HEAD")
    finally:
        git.close()


def _read_input(source: str, parse: Callable[[str, str], T], producer: str) -> T:
    """``parse(text, name)`` of the file ``source`` (``-``: stdin), which ``producer`` wrote."""
    if source == "-":
        return parse(sys.stdin.buffer.read().decode("utf-8", "replace"), "stdin")
    try:
        text = Path(source).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise PayloadError(f"cannot read {source}: {exc}",
                           f"pass the file `{producer}` wrote, or - for stdin") from None
    return parse(text, source)


def pr_target(event: dict[str, Any], pr: int | None, repo: str | None
              ) -> tuple[int | None, str | None]:
    """``--pr``/``--repo``, else the event's (a ``pull_request`` event, or a ``workflow_run``
    of a same-repository PR: GitHub lists no PR there for a fork, so the poster passes --pr)."""
    number = pr if pr is not None else event_value(
        event, ("pull_request", "number"), ("workflow_run", "pull_requests", 0, "number"))
    return number if isinstance(number, int) else None, repo_target(event, repo)


def repo_target(event: dict[str, Any], repo: str | None) -> str | None:
    """``--repo``, else the event's repository, else ``GITHUB_REPOSITORY``."""
    name = repo or event_value(event, ("repository", "full_name")) or os.environ.get(
        "GITHUB_REPOSITORY")
    return name if isinstance(name, str) else None


@comment.command("drift")
@click.option("--from", "source", metavar="FILE|-",
              help="The output of `govern affected-docs --json` (- for stdin).")
@click.option("--pr", type=int, help="The PR number (default: the event payload's).")
@click.option("--repo", help="OWNER/NAME (default: the event payload's, or GITHUB_REPOSITORY).")
@click.option("--post", "do_post", is_flag=True,
              help="Upsert the sticky comment on the PR (else only print it).")
@click.option("--not-judged", "reason", metavar="REASON",
              help="affected-docs could not compute: say so on the PR, naming the head.")
@click.option("--head", "head", metavar="SHA",
              help="With --not-judged: the head that was not judged (default: the event "
                   "payload's).")
@config_option
@click.pass_context
def drift(ctx: click.Context, source: str | None, pr: int | None, repo: str | None,
          do_post: bool, reason: str | None, head: str | None) -> None:
    """Render the Docs Drift Check comment; with --post, upsert it on the PR.

    Exit 0 when rendered (and posted, or the delivery degraded to the step summary), 2 when
    the input cannot be read or GitHub refuses the token or the PR.
    """
    if source is None and reason is None:
        raise click.UsageError("pass --from FILE|- (affected-docs JSON), or --not-judged REASON")
    event = read_event(os.environ)
    not_judged = None
    if reason is not None:
        head = head or event_value(event, ("pull_request", "head", "sha"),
                                    ("workflow_run", "head_sha"))
        if not isinstance(head, str):
            raise click.UsageError("--not-judged needs the head it is about: pass --head SHA")
        not_judged = (head, reason)
    data = (_read_input(source, parse_result, "govern affected-docs --json")
            if source is not None else None)
    config = read_config(ctx)
    body = render_drift(data, config.comment, not_judged)
    click.echo(body, nl=False)
    if not do_post:
        return
    number, full_name = pr_target(event, pr, repo)
    if number is None or full_name is None:
        raise click.UsageError("--post needs the PR: pass --pr N and --repo OWNER/NAME")
    client = connect_to_post(full_name, os.environ)
    echo_outcome(deliver_for_event(client, "docs drift", number, body, MARKER,
                                   config.comment.bot_login, event, os.environ))


@comment.command("overlap")
@click.option("--from", "source", metavar="FILE|-", required=True,
              help="The output of `govern overlap --github --json` (- for stdin).")
@click.option("--repo", help="OWNER/NAME (default: the event payload's, or GITHUB_REPOSITORY).")
@click.option("--post", "do_post", is_flag=True,
              help="Upsert the sticky comment of each PR that conflicts with an earlier one "
                   "(and correct each one told so before), while its head is the one computed.")
@config_option
@click.pass_context
def overlap(ctx: click.Context, source: str, repo: str | None, do_post: bool) -> None:
    """Render the PR overlap comments from `govern overlap --github --json`; with --post,
    upsert each affected PR's sticky comment.

    Prints what `govern overlap --github --markdown` printed for that run. Exit 0 when rendered
    (and posted, skipped for a PR whose head moved, or degraded to the step summary), 2 when
    the input cannot be read or GitHub refuses the token.
    """
    # The overlap code is imported here: `comment drift` should not pay for it.
    from govern.overlap.markdown import render_matrix
    from govern.overlap.matrix_json import parse_overlap

    read = _read_input(source, parse_overlap, "govern overlap --github --json")
    config = read_config(ctx)
    click.echo(render_matrix(read.overlap, read.focus, github=True), nl=False)
    if not do_post:
        return
    full_name = repo_target(read_event(os.environ), repo)
    if full_name is None:
        raise click.UsageError("--post needs the repository: pass --repo OWNER/NAME")
    post_overlap(ctx, read.overlap, read.focus, full_name, config.comment.bot_login)


def post_overlap(ctx: click.Context, result: Overlap, focus: int | None, repo: str,
                 bot_login: str) -> None:
    """Upsert the overlap comments of a matrix another run computed: each only while the PR's
    head is the one the matrix merged (the run for a newer head posts its own)."""
    from govern.overlap import MARKER as OVERLAP_MARKER
    from govern.overlap.post import NO_TARGETS, post_comments

    client = connect_to_post(repo, os.environ)

    def send(report: PrReport, body: str) -> Outcome:
        return deliver_current(client, "overlap", report.pr.id, report.pr.head, body,
                               OVERLAP_MARKER, bot_login, os.environ)

    posted = post_comments(told_record(ctx, repo, result.base), result, focus, send, os.environ,
                           lambda outcome: echo_outcome(outcome, stdout_is_output=True))
    if not posted:
        click.echo(NO_TARGETS, err=True)


def told_record(ctx: click.Context, repo: str, base: str) -> ToldRecord | None:
    """The record of PRs told to rebase, under this checkout's git dir (the poster workflow
    keeps it with actions/cache); None outside a repository, said on stderr."""
    from govern.overlap import ToldRecord

    try:
        git = open_git(ctx)
    except NotJudged:
        click.echo("govern: not in a git repository: no record of PRs told to rebase, so "
                   "none told before is corrected", err=True)
        return None
    try:
        return ToldRecord(git.common_dir(), repo, base)
    finally:
        git.close()
