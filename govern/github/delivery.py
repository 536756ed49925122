"""Delivering a sticky PR comment the way every advisory command does (docs/concepts/delivery.md):
upsert it, or, when GitHub refuses for a reason the PR author cannot fix, keep the body in the step
summary and say it was not posted. Shared by ``comment drift --post``, ``overlap --post`` and
``pr --post``.

Nothing here prints or reads the process environment: the caller passes the environment and
echoes the lines an :class:`Outcome` renders.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from govern.core.errors import NotJudged
from govern.github import workflow_output
from govern.github.client import (
    RETRY_BUDGET,
    Delivery,
    GitHubError,
    GitHubRepo,
    Pacing,
    connect,
    credentials_from_env,
    is_undeliverable,
    upsert_sticky,
    viewer_login,
)
from govern.github.event import event_value


@dataclass(frozen=True)
class Outcome:
    """What became of one comment: posted (``delivery``), or not (``why``)."""

    what: str
    """The comment's name in messages: ``docs drift``, ``overlap``."""
    number: int
    delivery: Delivery | None = None
    why: str | None = None
    """Why it was not posted (None: it was)."""
    in_summary: bool = False
    """The body was written to the step summary instead."""
    superseded: bool = False
    """Not posted on purpose: the PR moved on from the head the body was computed for."""

    def warning(self) -> str | None:
        """The warning of a comment that was not posted; None when it was, or was left to the
        run for a newer head."""
        if self.why is None or self.superseded:
            return None
        where = "; it is in this run's step summary" if self.in_summary else ""
        return f"the {self.what} comment was not posted: {self.why}{where}"

    def lines(self, in_actions: bool) -> list[tuple[str, bool]]:
        """``(line, to_stderr)`` to echo: the delivery, or the warning (also as a workflow
        command in Actions, so the run's page shows it)."""
        if self.superseded:  # expected whenever a PR moves during a run: no warning
            return [(f"govern: not posted: {self.why}", True)]
        warning = self.warning()
        if warning is None:
            assert self.delivery is not None
            removed = (f"; removed {len(self.delivery.deleted)} duplicate(s)"
                       if self.delivery.deleted else "")
            return [(f"govern: {self.delivery.action} the {self.what} comment on "
                     f"#{self.number} {self.delivery.html_url}{removed}", True)]
        return warning_lines(warning, in_actions)


def warning_lines(warning: str, in_actions: bool) -> list[tuple[str, bool]]:
    """``(line, to_stderr)`` of a warning: a workflow command in Actions (so the run's page
    shows it), and a log line."""
    shown = [(workflow_output.render_command("warning", warning), False)] if in_actions else []
    # GitHub's words are quoted: on a line of their own they could be a workflow command.
    return [*shown, (f"govern: warning: {workflow_output.inert_line(warning)}", True)]


def connect_to_post(repo: str, environ: Mapping[str, str],
                    budget: float = RETRY_BUDGET) -> GitHubRepo:
    """A client for posting: a token is required (an anonymous client can only read).
    ``budget`` bounds the seconds it waits on rate limits and outages (comment.retry_budget)."""
    credentials = credentials_from_env(environ)
    if credentials.token is None:
        raise NotJudged("--post needs a token", "set GITHUB_TOKEN (or GH_TOKEN)")
    return connect(repo, credentials, Pacing(budget=budget))


def comment_login(client: GitHubRepo, bot_login: str) -> tuple[str, str | None]:
    """Whose sticky comments this token may update: its own login (only the author can edit a
    comment), ``bot_login`` when GitHub will not say; and a warning, to show once per run, when
    the two differ (a GitHub App's token comments as ``some-app[bot]``)."""
    login = viewer_login(client)
    if login is None or login == bot_login:
        return bot_login, None
    return login, (f"the token comments as {login!r}, not comment.bot_login {bot_login!r}: "
                   f"sticky comments are matched by their marker and {login!r}; set "
                   f"comment.bot_login = {login!r} in govern.toml")


def degrade(what: str, number: int, body: str, why: str,
            environ: Mapping[str, str]) -> Outcome:
    """Delivery failed for a reason an advisory check outlives: keep the body where the run's
    reader finds it (the step summary, when there is one)."""
    in_summary = workflow_output.append_to_file(environ, workflow_output.STEP_SUMMARY, body)
    return Outcome(what, number, why=why, in_summary=in_summary)


def deliver(client: GitHubRepo, what: str, number: int, body: str, marker: str,
            bot_login: str, environ: Mapping[str, str]) -> Outcome:
    """Upsert the sticky comment; degrade on a read-only token or exhausted retries. Any other
    refusal (a bad token, a wrong PR) is a GitHubError: the caller could not judge."""
    try:
        return Outcome(what, number, upsert_sticky(client, number, body, marker, bot_login))
    except GitHubError as exc:
        if not is_undeliverable(exc):
            raise
        return degrade(what, number, body, exc.message, environ)


def deliver_current(client: GitHubRepo, what: str, number: int, computed: str,
                    head_repo: str | None, body: str, marker: str, bot_login: str,
                    environ: Mapping[str, str]) -> Outcome:
    """:func:`deliver`, but only while PR #number's head is ``computed`` (and its head branch
    lives in ``head_repo``, when given), as GitHub says now: a body from a ``workflow_run``
    must not overwrite what the run for a newer head posts, and a run must not post on a PR
    it was not triggered for. A read of the head GitHub refuses for a reason an advisory check
    outlives degrades like a write."""
    try:
        pull = client.pull_request(number)
    except GitHubError as exc:
        if not is_undeliverable(exc):
            raise
        return degrade(what, number, body, exc.message, environ)
    if head_repo is not None and pull.head_repo.lower() != head_repo.lower():
        raise NotJudged(f"PR #{number}'s head is in {pull.head_repo or 'a deleted repository'},"
                        f" not in {head_repo}, where the triggering run's head is",
                        "post only the result of the run for that PR: the PR number in the "
                        "artifact is not this run's")
    if pull.head_sha != computed:
        return Outcome(what, number, superseded=True,
                       why=f"PR #{number} is at {pull.head_sha[:12]}, this run computed "
                           f"{computed[:12]} (the run for the newer head posts)")
    return deliver(client, what, number, body, marker, bot_login, environ)


def deliver_for_event(client: GitHubRepo, what: str, number: int, body: str, marker: str,
                      bot_login: str, event: dict[str, Any], environ: Mapping[str, str]
                      ) -> Outcome:
    """Upsert a sticky comment; on a ``workflow_run`` the PR number came from an artifact the
    PR's own workflow wrote, so it is posted only if GitHub says that PR's head is the one the
    triggering run was for (its sha, in the repository its branch is in)."""
    computed = event_value(event, ("workflow_run", "head_sha"))
    if isinstance(computed, str):
        head_repo = event_value(event, ("workflow_run", "head_repository", "full_name"))
        return deliver_current(client, what, number, computed,
                               head_repo if isinstance(head_repo, str) else None, body, marker,
                               bot_login, environ)
    return deliver(client, what, number, body, marker, bot_login, environ)
