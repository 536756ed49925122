"""``govern comment drift``: render the Docs Drift Check comment from affected-docs JSON, and
with ``--post`` deliver it as the PR's one sticky comment (DESIGN §5, §9).

Advisory: a delivery GitHub refuses for a reason the PR author cannot fix (a fork PR's
read-only token, an outage outlasting the retries) leaves the body in the step summary with a
warning, and exits 0. Unreadable input, a bad token or a wrong PR is exit 2.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import click

from govern.cli import config_option, load_config_at, open_git, settings
from govern.config import Config, load_config
from govern.delivery import Outcome, connect_to_post, degrade, deliver
from govern.drift_comment import MARKER, parse_result, render_drift
from govern.errors import NotJudged, PayloadError
from govern.event import read_event
from govern.github import GitHubError, is_undeliverable


@click.group()
def comment() -> None:
    """Render (and post) govern's sticky PR comments."""


def read_config(ctx: click.Context) -> Config:
    """``--config``, else the configuration committed at HEAD; outside a repository (the
    poster workflow may run without a checkout) the defaults, said on stderr."""
    explicit = settings(ctx).config_path
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


def _read_input(source: str) -> dict[str, Any]:
    if source == "-":
        return parse_result(sys.stdin.buffer.read().decode("utf-8", "replace"), "stdin")
    try:
        text = Path(source).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise PayloadError(f"cannot read {source}: {exc}",
                           "pass the file `govern affected-docs --json` wrote, or - for stdin"
                           ) from None
    return parse_result(text, source)


def _event_value(event: dict[str, Any], *paths: tuple[str | int, ...]) -> Any:
    """The first value found along one of ``paths`` in the payload (None: none)."""
    for path in paths:
        value: Any = event
        for key in path:
            if isinstance(key, int):
                value = value[key] if isinstance(value, list) and len(value) > key else None
            else:
                value = value.get(key) if isinstance(value, dict) else None
        if value is not None:
            return value
    return None


def pr_target(event: dict[str, Any], pr: int | None, repo: str | None
              ) -> tuple[int | None, str | None]:
    """``--pr``/``--repo``, else the event's (a ``pull_request`` event, or a ``workflow_run``
    of a same-repository PR: GitHub lists no PR there for a fork, so the poster passes --pr)."""
    number = pr if pr is not None else _event_value(
        event, ("pull_request", "number"), ("workflow_run", "pull_requests", 0, "number"))
    name = repo or _event_value(event, ("repository", "full_name")) or os.environ.get(
        "GITHUB_REPOSITORY")
    return (number if isinstance(number, int) else None,
            name if isinstance(name, str) else None)


def echo_outcome(outcome: Outcome, stdout_is_output: bool = False) -> None:
    """Say what became of a comment: on stderr, and as a warning annotation in Actions. When
    stdout holds output a step redirects (JSON, markdown), the annotation goes to stderr too,
    where the runner reads workflow commands as well."""
    for line, to_stderr in outcome.lines(os.environ.get("GITHUB_ACTIONS") == "true"):
        click.echo(line, err=to_stderr or stdout_is_output)


def post(body: str, number: int, repo: str, bot_login: str, event: dict[str, Any]) -> None:
    """Upsert the docs drift comment (degrading as every advisory comment does), unless a
    ``workflow_run`` computed it for a head the PR has moved on from."""
    client = connect_to_post(repo, os.environ)
    computed = _event_value(event, ("workflow_run", "head_sha"))
    if isinstance(computed, str):
        # The PR number came from an artifact a PR's own workflow wrote: post only on the
        # PR whose head that run computed, and not once the PR has moved on.
        try:
            current = client.pull_request(number).head_sha
        except GitHubError as exc:
            if not is_undeliverable(exc):
                raise
            echo_outcome(degrade("docs drift", number, body, exc.message, os.environ))
            return
        if current != computed:
            click.echo(f"govern: not posted: PR #{number} is at {current[:12]}, this run "
                       f"computed {computed[:12]} (the run for the newer head posts)",
                       err=True)
            return
    echo_outcome(deliver(client, "docs drift", number, body, MARKER, bot_login, os.environ))


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
        head = head or _event_value(event, ("pull_request", "head", "sha"),
                                    ("workflow_run", "head_sha"))
        if not isinstance(head, str):
            raise click.UsageError("--not-judged needs the head it is about: pass --head SHA")
        not_judged = (head, reason)
    data = _read_input(source) if source is not None else None
    config = read_config(ctx)
    body = render_drift(data, config.comment, not_judged)
    click.echo(body, nl=False)
    if not do_post:
        return
    number, full_name = pr_target(event, pr, repo)
    if number is None or full_name is None:
        raise click.UsageError("--post needs the PR: pass --pr N and --repo OWNER/NAME")
    post(body, number, full_name, config.comment.bot_login, event)
