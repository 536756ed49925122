"""Delivering a sticky PR comment the way every advisory command does (docs/concepts/delivery.md):
upsert it, or, when GitHub refuses for a reason the PR author cannot fix, keep the body in the step
summary and say it was not posted. Shared by ``comment drift --post``, ``comment overlap --post``
and ``overlap --post``.

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
    Delivery,
    GitHubError,
    GitHubRepo,
    connect,
    credentials_from_env,
    is_undeliverable,
    upsert_sticky,
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
        shown = [(workflow_output.render_command("warning", warning), False)] if in_actions else []
        # GitHub's words are quoted: on a line of their own they could be a workflow command.
        return [*shown, (f"govern: warning: {workflow_output.inert_line(warning)}", True)]


def connect_to_post(repo: str, environ: Mapping[str, str]) -> GitHubRepo:
    """A client for posting: a token is required (an anonymous client can only read)."""
    credentials = credentials_from_env(environ)
    if credentials.token is None:
        raise NotJudged("--post needs a token", "set GITHUB_TOKEN (or GH_TOKEN)")
    return connect(repo, credentials)


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


def deliver_current(client: GitHubRepo, what: str, number: int, computed: str, body: str,
                    marker: str, bot_login: str, environ: Mapping[str, str]) -> Outcome:
    """:func:`deliver`, but only while PR #number's head is still ``computed``: a body from a
    ``workflow_run`` artifact must not overwrite what the run for a newer head posts. A read
    of the head GitHub refuses for a reason an advisory check outlives degrades like a write."""
    try:
        current = client.pull_request(number).head_sha
    except GitHubError as exc:
        if not is_undeliverable(exc):
            raise
        return degrade(what, number, body, exc.message, environ)
    if current != computed:
        return Outcome(what, number, superseded=True,
                       why=f"PR #{number} is at {current[:12]}, this run computed "
                           f"{computed[:12]} (the run for the newer head posts)")
    return deliver(client, what, number, body, marker, bot_login, environ)


def deliver_for_event(client: GitHubRepo, what: str, number: int, body: str, marker: str,
                      bot_login: str, event: dict[str, Any], environ: Mapping[str, str]
                      ) -> Outcome:
    """Upsert a sticky comment, unless a ``workflow_run`` computed it for a head the PR has
    moved on from: the PR number then came from an artifact a PR's own workflow wrote, so it is
    posted only on the PR whose head that run computed."""
    computed = event_value(event, ("workflow_run", "head_sha"))
    if isinstance(computed, str):
        return deliver_current(client, what, number, computed, body, marker, bot_login, environ)
    return deliver(client, what, number, body, marker, bot_login, environ)
