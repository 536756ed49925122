"""Posting the overlap comments: every PR that must rebase is told, every PR told before that
no longer must is corrected, and the record of who was told is kept."""

from __future__ import annotations

from collections.abc import Callable, Mapping

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
    corrected). Advisory: once one delivery degrades (a read-only token, an outage), the
    others go to the step summary untried, and the exit stays 0. Each outcome goes to
    ``say``; returns how many PRs had a comment to post or correct."""
    told = record.read() if record is not None else frozenset()
    targets = comment_targets(result, told, focus)
    delivered: list[int] = []
    failed: Outcome | None = None
    for report in targets:
        number = report.pr.id
        body = render_reports(result, [report], single=True, github=True)
        if failed is None:
            outcome = send(report, body)
        else:
            outcome = degrade("overlap", number, body,
                              f"not tried on #{number} after #{failed.number}'s: {failed.why}",
                              environ)
        if outcome.delivery is not None:
            delivered.append(number)
        elif failed is None and not outcome.superseded:
            failed = outcome
        say(outcome)
    if record is not None:
        record.save(told_after(told, result, targets, delivered))
    return len(targets)
