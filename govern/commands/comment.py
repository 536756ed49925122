"""``govern comment drift`` and ``govern comment overlap``: render the Docs Drift Check comment
from affected-docs JSON, or the PR overlap comments from overlap JSON (docs/how-to/docs-drift.md,
docs/how-to/overlap.md, docs/concepts/delivery.md). ``comment drift --post`` delivers the drift
comment as a sticky comment, so a run with a write token can post what a fork PR's read-only run
computed: only on the PR whose head that run was for, re-rendered from the validated JSON.

Advisory: a delivery GitHub refuses for a reason the PR author cannot fix (a fork PR's
read-only token, an outage outlasting the retries) leaves the body in the step summary with a
warning, and exits 0. Unreadable input, a bad token or a wrong PR is exit 2.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from govern.commands.shared import (
    config_option,
    config_path,
    echo_outcome,
    echo_warning,
    load_config_at,
    open_git,
)
from govern.config import Config, load_config
from govern.core.errors import NotJudged, PayloadError
from govern.drift.comment import MARKER, parse_docs_refs, parse_result, render_drift
from govern.github.delivery import comment_login, connect_to_post, deliver_for_event
from govern.github.event import event_value, read_event

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
@click.option("--docs-refs", "refs_source", metavar="FILE",
              help="The output of `govern check docs-refs --json` for the same PR: its "
                   "findings get a section of their own.")
@config_option
@click.pass_context
def drift(ctx: click.Context, source: str | None, pr: int | None, repo: str | None,
          do_post: bool, reason: str | None, head: str | None,
          refs_source: str | None) -> None:
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
    refs = (_read_input(refs_source, parse_docs_refs, "govern check docs-refs --json")
            if refs_source is not None else None)
    config = read_config(ctx)
    body = render_drift(data, config.comment, not_judged, refs,
                        release_owned_gate=config.gates.enabled("release-owned"))
    click.echo(body, nl=False)
    if not do_post:
        return
    number, full_name = pr_target(event, pr, repo)
    if number is None or full_name is None:
        raise click.UsageError("--post needs the PR: pass --pr N and --repo OWNER/NAME")
    client = connect_to_post(full_name, os.environ, config.comment.retry_budget)
    login, warning = comment_login(client, config.comment.bot_login)
    if warning is not None:
        echo_warning(warning)
    echo_outcome(deliver_for_event(client, "docs drift", number, body, MARKER, login, event,
                                   os.environ))


@comment.command("overlap")
@click.option("--from", "source", metavar="FILE|-", required=True,
              help="The output of `govern overlap --github --json` (- for stdin).")
@config_option
@click.pass_context
def overlap(ctx: click.Context, source: str) -> None:
    """Render the PR overlap comments from `govern overlap --github --json`, locally.

    Prints what `govern overlap --github --markdown` printed for that run. It posts nothing: a
    matrix read from a file is not evidence enough to write on a PR, so the workflows post
    what they compute themselves (`govern overlap --github --post`, docs/security.md). Exit 0
    when rendered, 2 when the input cannot be read.
    """
    # The overlap code is imported here: `comment drift` should not pay for it.
    from govern.overlap.markdown import render_matrix
    from govern.overlap.matrix_json import parse_overlap

    read = _read_input(source, parse_overlap, "govern overlap --github --json")
    read_config(ctx)  # its warnings, and a config that cannot be read is exit 2 here too
    click.echo(render_matrix(read.overlap, read.focus, github=True), nl=False)
