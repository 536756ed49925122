"""The check-runs line a reviewer quotes in a record: a head's check runs counted by outcome, and
that count as one line."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import UTC, datetime

CHECK_OUTCOMES = ("success", "failure", "skipped", "neutral", "cancelled", "timed_out",
                  "action_required", "in_progress", "queued")


def count_check_runs(runs: Iterable[tuple[str, str | None]]) -> dict[str, int]:
    """Count ``(status, conclusion)`` pairs: a completed run by its conclusion, any other by
    its status. the documented outcomes come first in its order, then any other value GitHub sends
    (``stale``, ``waiting``, …) alphabetically, so every run is counted somewhere."""
    counts: dict[str, int] = {}
    for status, conclusion in runs:
        outcome = conclusion if status == "completed" and conclusion else status
        counts[outcome] = counts.get(outcome, 0) + 1
    others = sorted(outcome for outcome in counts if outcome not in CHECK_OUTCOMES)
    return {outcome: counts[outcome] for outcome in (*CHECK_OUTCOMES, *others)
            if outcome in counts}


def render_check_runs_line(sha: str, counts: Mapping[str, int], at: datetime) -> str:
    """``Check-runs on <sha7> at <time>: <n> total, <a> success, …``; zero counts are left
    out except the total. ``at`` is shown in UTC to the minute, as records write times."""
    moment = at.astimezone(UTC).strftime("%Y-%m-%dT%H:%MZ")
    parts = [f"{sum(counts.values())} total",
             *(f"{count} {outcome}" for outcome, count in counts.items() if count)]
    return f"Check-runs on {sha[:7]} at {moment}: {', '.join(parts)}"
