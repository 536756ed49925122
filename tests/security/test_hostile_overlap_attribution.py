"""Attack: stall the overlap poster with a matrix of many PRs that all conflict (a forged
``govern overlap --json`` artifact, or a busy repository's real one). Each PR's report
scanned every pair, and looked each PR up by scanning the list of PRs: cubic in the PRs, so
500 PRs took many seconds to pick whose comment to write, and the text listing went the same
way. The matrix now indexes its PRs and each PR's pairs once, so the work follows the pairs."""

from __future__ import annotations

from itertools import combinations

from govern.overlap.attribution import report_for
from govern.overlap.comment_targets import comment_targets
from govern.overlap.model import Conflict, ConflictHunk, Overlap, Pair, Status
from govern.overlap.text import render_text
from tests.helpers import overlap_pr
from tests.security.pr import within

PRS = 500
"""Every pair of 500 PRs conflicting (124,750 pairs): seconds before, well under one now."""


def _all_conflicting(count: int) -> Overlap:
    clash = (Conflict("CHANGELOG.md", "content", (ConflictHunk(2, 6, "ours\n", "theirs\n"),)),)
    pairs = tuple(Pair(a, b, Status.CONFLICT, clash)
                  for a, b in combinations(range(1, count + 1), 2))
    return Overlap("origin/main", tuple(overlap_pr(n) for n in range(1, count + 1)), pairs,
                   merged=len(pairs), from_cache=0)


def test_every_pr_conflicting_with_every_other_is_attributed_at_once() -> None:
    matrix = _all_conflicting(PRS)
    targets, text = within(lambda: (comment_targets(matrix, frozenset(), None),
                                    render_text(matrix, github=True)), seconds=4)
    # each PR but the first waits on every earlier one (the later PR of a pair is told)
    assert [report.pr.id for report in targets] == list(range(2, PRS + 1))
    last = targets[-1]
    assert [pr.id for pr, _ in last.earlier] == list(range(1, PRS))
    assert (last.later, last.others) == ((), PRS - 1)
    lines = text.splitlines()
    assert len(lines) == PRS * (PRS - 1) // 2
    assert lines[0] == "#2 conflicts with earlier #1: CHANGELOG.md (content, lines 2–6)"
    # a small matrix of every status, attributed as before
    small = _all_conflicting(3)
    small = Overlap(small.base, small.prs, (
        small.pairs[0], Pair(1, 3, Status.CLEAN), Pair(2, 3, Status.SKIPPED)), 1, 0)
    first, second, third = (report_for(small, ident) for ident in (1, 2, 3))
    assert ([pr.id for pr, _ in first.later], first.earlier, first.others) == ([2], (), 2)
    assert ([pr.id for pr, _ in second.earlier], second.later, second.others) == ([1], (), 2)
    assert (third.earlier, third.later, third.others) == ((), (), 2)
    assert [report.pr.id for report in comment_targets(small, frozenset({3}), None)] == [2, 3]
