"""Whose sticky overlap comment ``--post`` writes: the PRs told to rebase this run, those whose
stale comment needs correcting, and the told set the run leaves for the next."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from govern.overlap.attribution import report_for
from govern.overlap.model import Overlap, PrReport

MARKER = "<!-- govern:overlap -->"
"""The template's first line: how a PR's sticky overlap comment is found again."""


def comment_targets(overlap: Overlap, told: frozenset[int], focus: int | None
                    ) -> list[PrReport]:
    """The PRs whose sticky comment ``--post`` writes, in id order: each that conflicts with an
    earlier PR (the later PR of a pair is the one told, docs/how-to/overlap.md), and each an earlier
    run told so that no longer does, whose comment would otherwise stay wrong. With ``focus``, only
    that PR: the other PRs' pairs were not all merged."""
    ids = [focus] if focus is not None else [pr.id for pr in overlap.prs]
    reports = [report_for(overlap, ident) for ident in ids]
    return [report for report in reports if report.must_rebase or report.pr.id in told]


def told_after(told: frozenset[int], overlap: Overlap, posted: Sequence[PrReport],
               delivered: Iterable[int]) -> frozenset[int]:
    """The PRs whose comment says "rebase" after this run: those told now, and those told
    before that are still open and whose comment this run could not correct (a degraded
    delivery is retried next run)."""
    still_open = told & {pr.id for pr in overlap.prs}
    corrected = {r.pr.id for r in posted if not r.must_rebase} & set(delivered)
    return frozenset((still_open - corrected) | {r.pr.id for r in posted if r.must_rebase})
