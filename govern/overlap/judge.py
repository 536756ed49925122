"""A pair's verdict from its merge outcome: skipped, clean or conflicting, with the conflicts
``overlap.ignore`` leaves and the shared paths that merged cleanly."""

from __future__ import annotations

from govern.core.globs import Globs
from govern.overlap.model import MergeOutcome, OverlapPull, Pair, Status


def judge_pair(a: OverlapPull, b: OverlapPull, outcome: MergeOutcome | None,
               ignore: Globs) -> Pair:
    """The pair's verdict: skipped without a merge, else the merge's conflicts outside
    ``overlap.ignore`` (a lockfile clash is regenerated, not resolved)."""
    if outcome is None:
        return Pair(a.id, b.id, Status.SKIPPED)
    conflicts = tuple(c for c in outcome.conflicts if not ignore.matches(c.path))
    # An unclean merge with no conflict record at all still conflicts (git's own warning:
    # an empty conflicted list is not a clean merge).
    conflicting = bool(conflicts) or (not outcome.clean and not outcome.conflicts)
    touched = outcome.involved | {c.path for c in outcome.conflicts}
    auto_merged = tuple(sorted((a.names & b.names) - touched))
    return Pair(a.id, b.id, Status.CONFLICT if conflicting else Status.CLEAN, conflicts,
                auto_merged)
