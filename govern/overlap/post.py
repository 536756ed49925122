"""Posting the overlap comments: every PR that must rebase is told, every PR told before that
no longer must is corrected, and the record of who was told is kept."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from govern.github.client import GitHubError
from govern.github.delivery import Outcome, degrade
from govern.overlap.comment_targets import comment_targets, told_after
from govern.overlap.markdown import render_reports
from govern.overlap.model import Overlap, PrReport
from govern.overlap.told_record import ToldRecord

NO_TARGETS = "govern: no PR conflicts with an earlier one: no overlap comment to post"

Send = Callable[[PrReport, str], "Outcome"]
"""Delivers one PR's comment body: ``(report, body) -> Outcome``."""


def post_comments(record: ToldRecord | None, result: Overlap, focus: int | None,
                  send: Send, environ: Mapping[str, str], say: Callable[[Outcome], None]
                  ) -> int:
    """Upsert the sticky comment of every PR that must rebase, and correct the comment of each
    one ``record`` says was told so before that no longer must (None: no record, so none is
    corrected). Advisory: a delivery GitHub refuses for one PR (a 422, a PR gone) degrades for
    that PR and the next is tried; once one fails for every PR alike (a read-only token, an
    outage, the rate limit), the rest go to the step summary untried. Only a rejected token
    (401) stops the run. Each outcome goes to ``say``; returns how many PRs had a comment to
    post or correct."""
    told = record.read() if record is not None else frozenset()
    targets = comment_targets(result, told, focus)
    delivered: list[int] = []
    stopped: Outcome | None = None
    for report in targets:
        number = report.pr.id
        body = render_reports(result, [report], single=True, github=True)
        if stopped is not None:
            outcome = degrade("overlap", number, body,
                              f"not tried on #{number} after #{stopped.number}'s: {stopped.why}",
                              environ)
        else:
            try:
                outcome = send(report, body)
            except GitHubError as exc:  # this PR's alone
                if exc.status == 401:
                    raise
                outcome = degrade("overlap", number, body, exc.message, environ)
            else:
                if outcome.why is not None and not outcome.superseded:
                    stopped = outcome  # deliver() degrades only on what fails for every PR
        if outcome.delivery is not None:
            delivered.append(number)
        say(outcome)
    if record is not None:
        record.save(told_after(told, result, targets, delivered))
    return len(targets)
