"""The matrix as plain text: the one-line summary and the conflicting pairs with their files,
conflict types and hunk lines (JSON is the model's ``to_json``; markdown is the template)."""

from __future__ import annotations

from govern.core.text import inert_line
from govern.overlap.model import Conflict, Overlap, Status, UnreadableRef


def summary(overlap: Overlap) -> str:
    """One line: PRs, pairs by status, and how many merges the prefilter saved."""
    counts = {status: 0 for status in Status}
    for pair in overlap.pairs:
        counts[pair.status] += 1
    return (f"{len(overlap.prs)} PR(s) against {overlap.base}, {len(overlap.pairs)} pair(s): "
            f"{counts[Status.CONFLICT]} conflict, {counts[Status.CLEAN]} clean, "
            f"{counts[Status.SKIPPED]} skipped (no shared path); "
            f"{overlap.merged} merged ({overlap.from_cache} from cache)"
            + (f"; {len(overlap.unreadable)} ref(s) could not be read and were skipped"
               if overlap.unreadable else ""))


def unreadable_warning(ref: UnreadableRef, github: bool) -> str:
    """The stderr warning for a skipped ref: which, why, and what to do."""
    return inert_line(f"govern overlap: warning: skipped {ref.label(github)}: {ref.reason}; "
                      f"remedy: {ref.remedy}")


def _lines(conflict: Conflict) -> str:
    spans = ", ".join(f"{hunk.start}–{hunk.end}" for hunk in conflict.hunks)
    return f"{conflict.type}, lines {spans}" if spans else conflict.type


def render_text(overlap: Overlap, github: bool) -> str:
    """The conflicting pairs, one per line, each with its files, types and hunk lines."""
    out = []
    for pair in overlap.pairs:
        if pair.status is not Status.CONFLICT:
            continue
        a, b = overlap.pr(pair.a), overlap.pr(pair.b)
        files = "; ".join(f"{inert_line(c.path)} ({_lines(c)})" for c in pair.conflicts)
        out.append(f"{b.label(github)} conflicts with earlier {a.label(github)}: {files}")
    return "\n".join(out)
