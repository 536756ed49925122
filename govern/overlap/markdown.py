"""The overlap comments as markdown: every PR's section, or one PR's sticky comment, within
GitHub's limits. A file with thousands of conflict hunks, or a PR conflicting with hundreds of
others, folds to "… and N more" level by level until the body fits (docs/how-to/overlap.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from govern.core.markdown import GITHUB_COMMENT_LIMIT, STEP_SUMMARY_LIMIT, render_template
from govern.core.text import clip, fold
from govern.overlap.attribution import report_for
from govern.overlap.model import Conflict, Overlap, Pair, PrReport


@dataclass(frozen=True)
class Detail:
    """How much of each report is listed; None: all of it."""

    others: int | None
    """Conflicting PRs listed per direction (earlier, later)."""
    files: int | None
    """Conflicting files listed per pair."""
    hunks: int | None
    """Hunk line ranges listed per file."""


DETAIL_LEVELS = (Detail(None, None, None), Detail(100, 20, 10), Detail(50, 5, 3),
                 Detail(20, 1, 0), Detail(200, 0, 0))
"""Most detailed first; the last lists PR numbers only."""


def _cut(items: tuple[Any, ...], most: int | None) -> tuple[list[Any], int]:
    """The items listed, and how many more there are."""
    shown = list(items if most is None else items[:most])
    return shown, len(items) - len(shown)


def _conflict(conflict: Conflict, detail: Detail) -> dict[str, Any]:
    hunks, more = _cut(conflict.hunks, detail.hunks)
    return {"path": clip(conflict.path), "type": clip(conflict.type, 60), "hunks": hunks,
            "hunks_more": more}


def _pairs(pairs: tuple[tuple[Any, Pair], ...], detail: Detail) -> dict[str, Any]:
    listed, more = _cut(pairs, detail.others)
    rows = []
    for other, pair in listed:
        files, files_more = _cut(pair.conflicts, detail.files)
        rows.append({"pr": other, "files": [_conflict(c, detail) for c in files],
                     "files_more": files_more})
    return {"count": len(pairs), "rows": rows, "more": more}


def _view(report: PrReport, detail: Detail) -> dict[str, Any]:
    return {"pr": report.pr, "earlier": _pairs(report.earlier, detail),
            "later": _pairs(report.later, detail), "others": report.others}


def _unreadable(result: Overlap, detail: Detail) -> dict[str, Any]:
    listed, more = _cut(result.unreadable, detail.others)
    return {"rows": [{"pr": ref, "reason": clip(ref.reason)} for ref in listed],
            "more": more}


def render_reports(result: Overlap, reports: list[PrReport], single: bool, github: bool,
                   limit: int = GITHUB_COMMENT_LIMIT) -> str:
    """The most detailed rendering that fits ``limit`` characters (the last resort cuts whole
    lines and says how many)."""
    body = ""
    for detail in DETAIL_LEVELS:
        body = render_template("overlap.md.j2", reports=[_view(r, detail) for r in reports],
                               single=single, github=github, base=result.base,
                               unreadable=_unreadable(result, detail))
        if len(body) <= limit:
            return body
    return fold(body, limit)


def render_matrix(result: Overlap, focus: int | None, github: bool) -> str:
    """The ``--markdown`` output: every PR's section (within a step summary's limit), or with
    ``focus`` that PR's comment."""
    ids = [focus] if focus is not None else [pr.id for pr in result.prs]
    return render_reports(result, [report_for(result, i) for i in ids],
                          single=focus is not None, github=github,
                          limit=GITHUB_COMMENT_LIMIT if focus is not None else STEP_SUMMARY_LIMIT)
