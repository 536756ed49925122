"""Attribution: one PR's view of the matrix, its conflicting pairs split into earlier PRs (it
must rebase) and later ones (they rebase after it lands)."""

from __future__ import annotations

from govern.overlap.model import Overlap, PrReport, Status


def report_for(overlap: Overlap, ident: int) -> PrReport:
    """PR ``ident``'s conflicts, split into earlier PRs (it must rebase) and later ones."""
    pr = overlap.pr(ident)
    earlier, later = [], []
    others = 0
    for pair in overlap.pairs_of(ident):
        others += 1
        if pair.status is not Status.CONFLICT:
            continue
        if pair.b == ident:
            earlier.append((overlap.pr(pair.a), pair))
        else:
            later.append((overlap.pr(pair.b), pair))
    return PrReport(pr, tuple(earlier), tuple(later), others)
