"""Scoring: each case's rows against its reference set, then the pooled figures — recall,
rows per case, the split by anchor kind and language, and what each guard cost in recall
(docs/how-to/calibrate.md#reading-the-report)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from statistics import mean, median
from typing import Any

from govern.calibrate.cases import Case
from govern.calibrate.replay import read_code_only_commit
from govern.config import Config
from govern.core.errors import GovernError
from govern.drift.affected import (
    ANCHOR_KINDS,
    AffectedDocs,
    Row,
    anchor_pages,
    is_generic,
    is_weak_only,
)
from govern.drift.anchors.extract import is_code_file
from govern.drift.anchors.model import is_implementation_only
from govern.drift.anchors.syntax import EXTENSIONS
from govern.drift.docs.index import DocsIndex
from govern.drift.paths import KIND as PATH_KIND
from govern.drift.run import read_affected_docs
from govern.drift.scans import RunMemos
from govern.git.gitio import Git

GUARDS = {
    "generic_names": "a generic name (built in, or anchors.generic_names)",
    "shape": "a plain word no page writes in call form",
    "corpus_share": "named on more than anchors.corpus_share of the corpus (over-broad)",
}
REPLAY_SKIPS = ("code_comment_only", "code_release_data_only")
"""The keys of ``SKIP_REASONS`` only a case's replay can tell (:func:`replay_skip`)."""
SHOWN = 10
"""How many worst misses and noisiest cases a report lists."""


@dataclass(frozen=True)
class Dropped:
    """An anchor a guard removed, and the reference pages it alone would have listed."""

    guard: str
    kind: str
    token: str
    reference: tuple[str, ...]


PageRow = tuple[str, tuple[tuple[str, str], ...]]
"""(path, ((kind, token), …)) of a hand-written row."""


@dataclass(frozen=True)
class CaseResult:
    case: Case
    code_only: str | None
    rows: tuple[PageRow, ...]
    """Each hand-written row on a page the case kept, in path order."""
    anchors: tuple[tuple[str, str, str], ...]
    """(kind, token, language) of each admitted anchor."""
    dropped: tuple[Dropped, ...]
    not_covered: tuple[str, ...]
    """Changed files NOT COVERED (``anchorless_changes``): those that yielded no anchor, and
    those whose every anchor a name guard dropped."""
    seconds: float
    error: str | None = None
    skip: str | None = None
    """The reason (a key of ``SKIP_REASONS``) a case is no case once replayed: its code side
    changed only comments (``code_comment_only``) or release data (``code_release_data_only``,
    :func:`replay_skip`). Not scored."""
    new_api_homes: tuple[str, ...] = ()
    """Pages suggested as the home of a symbol the change added (``new_api``): suggestions,
    not rows, so they are scored apart."""
    implementation_only: tuple[str, ...] = ()
    """Those of ``not_covered`` govern read and found to change nothing public (private
    names, bodies, examples)."""
    weak_only: tuple[str, ...] = ()
    """Those of ``not_covered`` whose every anchor a name guard dropped (yargs' ``yargs.js``,
    anchoring only its plain-word factory ``Yargs``); the others govern cannot read."""
    stale: tuple[str, ...] = ()
    """Rows of ``rows`` marked stale (the page names what the change removed or renamed)."""
    retired: tuple[PageRow, ...] = ()
    """Rows on a page the case deleted or moved away (``Case.retired``): listed only because
    the code-only commit still holds the page, which the real commit's list never shows. Its
    author dealt with the page, so the row is neither a hit nor noise, and not one of
    ``rows``."""

    @property
    def listed(self) -> set[str]:
        return {path for path, _ in self.rows}

    @property
    def hits(self) -> list[str]:
        return sorted(self.listed & set(self.case.reference))

    @property
    def missed(self) -> list[str]:
        return sorted(set(self.case.reference) - self.listed)

    @property
    def recall(self) -> float:
        return len(self.hits) / len(self.case.reference)

    @property
    def stale_unedited(self) -> list[str]:
        """Stale rows the author did not edit: drift the commit left behind (h3's
        ``toPlainHandler``, removed while a page still showed it) or a page naming the old name
        on purpose. Scored as noise like any row outside the reference, and counted apart; a
        page the case deleted or moved is no such page (``retired``)."""
        return sorted(set(self.stale) - set(self.case.reference))

    @property
    def homes_hit(self) -> list[str]:
        """Reference pages no row listed that a New API suggestion named."""
        return sorted(set(self.new_api_homes) & set(self.missed))


def _language(path: str) -> str:
    name = path.rpartition("/")[2]
    return EXTENSIONS.get(name[name.rfind("."):], "other") if "." in name else "other"


def read_case_result(git: Git, config: Config, case: Case, memos: RunMemos,
                     code_only: str | None = None) -> CaseResult:
    """Replay one case and score it; a case that cannot be read is a result with its error,
    so the run goes on."""
    start = time.perf_counter()
    try:
        code_only = code_only or read_code_only_commit(git, case)
        result = read_affected_docs(git, config, code_only, case.parent, memos=memos,
                                    dirty=False)
    except GovernError as exc:
        return CaseResult(case, code_only, (), (), (), (), time.perf_counter() - start,
                          error=" ".join(exc.message.split())[:300])
    if skip := replay_skip(case, result, config):
        return CaseResult(case, code_only, (), (), (), (), time.perf_counter() - start,
                          skip=skip)
    assert memos.index is not None  # the run just built the index of this tree
    return score_case(case, code_only, result, memos.index[1], config,
                      time.perf_counter() - start)


def replay_skip(case: Case, result: AffectedDocs, config: Config) -> str | None:
    """Why the case's replay shows it is no case, if it is none: every code file it changed
    was counted a version bump (``version_bumps``), only comments or spacing (``comment_only``,
    outside Python what affected-docs counts alike) or empty (``empty_files``), and no
    anchor was listed on a hand-written page, dropped by a guard or is NOT COVERED.
    ``code_release_data_only`` when a version was bumped (marshmallow 7b1f0503 set
    ``__version__ = '0.5.0-dev'`` with a quickstart edit: a version string is release data,
    not API), else ``code_comment_only`` when a comment changed (click 0baa8db0: a comment in
    ``Parameter.handle_parse_result`` fixed with a paragraph on ``ctx.params``). Either way
    its pages are no reference a rule could reach. A file anchor only release notes write
    (marshmallow's CHANGELOG naming ``marshmallow/__init__.py``) lists no page a case is
    scored on. Telling it takes the replay: the comments and versions are found by parsing
    both sides, as affected-docs does."""
    code_files = sum(1 for change in case.code if is_code_file(change.path, config))
    bumps, comments = (result.skipped.get(key, 0) for key in ("version_bumps", "comment_only"))
    quiet = bumps + comments + result.skipped.get("empty_files", 0) == code_files
    listed = any(anchor.kind != PATH_KIND for anchor in result.anchors) \
        or any(not row.release_owned for row in result.docs)
    if not quiet or listed or result.weak_anchors_dropped or result.overbroad_anchors \
            or result.anchorless_changes:
        return None
    return "code_release_data_only" if bumps else "code_comment_only" if comments else None


def _page_row(row: Row) -> PageRow:
    return row.path, tuple((kind, token) for kind, token, _ in row.anchors)


def score_case(case: Case, code_only: str, result: AffectedDocs, index: DocsIndex,
               config: Config, seconds: float) -> CaseResult:
    """A case's rows, anchors and the reference pages each guard kept off the list."""
    listed = [row for row in result.docs if not row.release_owned]
    rows = tuple(_page_row(row) for row in listed if row.path not in case.retired)
    missed = set(case.reference) - {path for path, _ in rows}
    dropped = []
    for entry, over in [(w, False) for w in result.weak_anchors_dropped] + [
            (o, True) for o in result.overbroad_anchors]:
        kind, token = entry["kind"], entry["token"]
        if over:
            guard, pages = "corpus_share", anchor_pages(index, kind, token)
        elif is_generic(token, config.anchors.generic_names):
            guard, pages = "generic_names", anchor_pages(index, kind, token)
        else:  # the shape guard: a plain word, kept only in call form
            guard, pages = "shape", index.naming(token)
        removed = tuple(sorted({index.pages[i].path for i in pages} & missed))
        dropped.append(Dropped(guard, kind, token, removed))
    return CaseResult(
        case=case, code_only=code_only, rows=rows,
        anchors=tuple((a.kind, a.token, _language(a.file)) for a in result.anchors),
        dropped=tuple(dropped),
        not_covered=tuple(entry["path"] for entry in result.anchorless_changes),
        implementation_only=tuple(entry["path"] for entry in result.anchorless_changes
                                  if is_implementation_only(entry)),
        weak_only=tuple(entry["path"] for entry in result.anchorless_changes
                        if is_weak_only(entry)),
        seconds=seconds,
        new_api_homes=tuple(sorted({page for entry in result.new_api
                                    for page in entry["suggested_pages"]})),
        stale=tuple(row.path for row in listed if row.stale and row.path not in case.retired),
        retired=tuple(_page_row(row) for row in listed if row.path in case.retired),
    )


def percent(value: float | None) -> str:
    """A share as a whole percentage, ``n/a`` when there was nothing to divide by."""
    return "n/a" if value is None else f"{value:.0%}"


def _share(part: int, whole: int) -> float | None:
    return round(part / whole, 4) if whole else None


def _pooled(results: list[CaseResult]) -> dict[str, Any]:
    reference = sum(len(r.case.reference) for r in results)
    hits = sum(len(r.hits) for r in results)
    rows = [len(r.rows) for r in results]
    return {
        "cases": len(results),
        "reference_pages": reference,
        "hits": hits,
        "pooled_recall": _share(hits, reference),
        "mean_recall": round(mean(r.recall for r in results), 4) if results else None,
        "cases_with_hit": sum(bool(r.hits) for r in results),
        "rows": {"total": sum(rows), "mean": round(mean(rows), 2) if rows else None,
                 "median": median(rows) if rows else None, "max": max(rows, default=None)},
        "reference_share_of_rows": _share(hits, sum(rows)),
        "stale_rows_unedited": sum(len(r.stale_unedited) for r in results),
        "rows_retired": sum(len(r.retired) for r in results),
        "new_api_homes": _homes(results, reference, hits),
        "cases_without_anchor": _without_anchor(results),
    }


def _without_anchor(results: list[CaseResult]) -> dict[str, Any]:
    """The cases whose code side gave no anchor at all, admitted or dropped (a workflow, a
    build script, a stylesheet): no name rule can list their pages, so recall over the other
    cases is what the rules answer for."""
    named = [r for r in results if r.anchors or r.dropped]
    reference = sum(len(r.case.reference) for r in named)
    return {"cases": len(results) - len(named),
            "reference_pages": sum(len(r.case.reference) for r in results) - reference,
            "pooled_recall_of_the_others": _share(sum(len(r.hits) for r in named), reference)}


def _homes(results: list[CaseResult], reference: int, hits: int) -> dict[str, Any]:
    """How often the New API suggestions named a page the rows missed: a reader who follows
    them finds these too, but they are not rows and do not count in recall."""
    found = sum(len(r.homes_hit) for r in results)
    return {"pages": sum(len(r.new_api_homes) for r in results),
            "reference_pages": found,
            "cases_with_hit": sum(bool(r.homes_hit) for r in results),
            "recall_with_homes": _share(hits + found, reference)}


def _by_kind(results: list[CaseResult]) -> dict[str, dict[str, Any]]:
    split: dict[str, dict[str, Any]] = {}
    reference = sum(len(r.case.reference) for r in results)
    for kind in ANCHOR_KINDS:
        anchors = sum(1 for r in results for a in r.anchors if a[0] == kind)
        rows = [(r, path) for r in results for path, found in r.rows
                if any(k == kind for k, _ in found)]
        hits = sum(1 for r, path in rows if path in r.case.reference)
        split[kind] = {"anchors": anchors, "rows": len(rows), "reference_rows": hits,
                       "recall": _share(hits, reference),
                       "reference_share_of_rows": _share(hits, len(rows))}
    return split


def _by_language(results: list[CaseResult]) -> dict[str, dict[str, Any]]:
    languages = sorted({lang for r in results for lang in r.case.languages})
    split = {}
    for language in languages:
        pooled = _pooled([r for r in results if language in r.case.languages])
        split[language] = {key: pooled[key] for key in (
            "cases", "reference_pages", "hits", "pooled_recall", "reference_share_of_rows")}
    return split


def _guards(results: list[CaseResult]) -> dict[str, dict[str, Any]]:
    split = {}
    for guard, meaning in GUARDS.items():
        dropped = [(r, d) for r in results for d in r.dropped if d.guard == guard]
        removed = {(r.case.sha, page) for r, d in dropped for page in d.reference}
        split[guard] = {"meaning": meaning, "anchors_dropped": len(dropped),
                        "reference_pages_removed": len(removed),
                        "cases": len({r.case.sha for r, d in dropped if d.reference})}
    return split


def _rows_json(rows: tuple[PageRow, ...]) -> list[dict[str, Any]]:
    return [{"path": path, "anchors": [{"kind": k, "token": t} for k, t in found]}
            for path, found in rows]


def _case_json(result: CaseResult) -> dict[str, Any]:
    return {
        "commit": result.case.sha,
        "code_only_commit": result.code_only,
        "languages": list(result.case.languages),
        "reference": list(result.case.reference),
        "rows": _rows_json(result.rows),
        "hits": result.hits,
        "recall": round(result.recall, 4),
        "anchors_found": [{"kind": k, "token": t, "language": lang}
                          for k, t, lang in result.anchors],
        "anchors_dropped": [{"guard": d.guard, "kind": d.kind, "token": d.token,
                             "reference_removed": list(d.reference)} for d in result.dropped],
        "not_covered": list(result.not_covered),
        "not_covered_implementation_only": list(result.implementation_only),
        "not_covered_weak_only": list(result.weak_only),
        "new_api_homes": list(result.new_api_homes),
        "homes_hit": result.homes_hit,
        "stale_unedited": result.stale_unedited,
        "retired": _rows_json(result.retired),
        "seconds": round(result.seconds, 3),
    }


def _miss_json(result: CaseResult) -> dict[str, Any]:
    case = _case_json(result)
    return {key: case[key] for key in ("commit", "recall", "reference", "hits",
                                       "anchors_found", "anchors_dropped", "not_covered")} | {
        "missed": result.missed}


def _noise_json(result: CaseResult) -> dict[str, Any]:
    noise = _rows_json(tuple(row for row in result.rows if row[0] not in result.case.reference))
    return {"commit": result.case.sha, "rows": len(result.rows), "hits": result.hits,
            "noise": noise}


def find_measurement(results: list[CaseResult]) -> dict[str, Any]:
    """The report's figures (the JSON of docs/how-to/calibrate.md#reading-the-report) over
    every case that could be read; the unreadable ones listed with their reason."""
    read = [r for r in results if r.error is None]
    worst = sorted((r for r in read if r.missed),
                   key=lambda r: (-len(r.missed), r.recall, r.case.sha))[:SHOWN]
    noisy = sorted((r for r in read if len(r.rows) > len(r.hits)),
                   key=lambda r: (-(len(r.rows) - len(r.hits)), r.case.sha))[:SHOWN]
    seconds = [r.seconds for r in results]
    not_covered = sum(len(r.not_covered) for r in read)
    implementation_only = sum(len(r.implementation_only) for r in read)
    weak_only = sum(len(r.weak_only) for r in read)
    return {
        **_pooled(read),
        "by_anchor_kind": _by_kind(read),
        "by_language": _by_language(read),
        "guards": _guards(read),
        "not_covered_files": not_covered,
        "not_covered_unreadable_files": not_covered - implementation_only - weak_only,
        "not_covered_implementation_only_files": implementation_only,
        "not_covered_weak_only_files": weak_only,
        "worst_misses": [_miss_json(r) for r in worst],
        "noisiest": [_noise_json(r) for r in noisy],
        "unreadable_cases": [{"commit": r.case.sha, "reason": r.error}
                             for r in results if r.error is not None],
        "per_case": [_case_json(r) for r in read],
        "timings": {"seconds_total": round(sum(seconds), 2),
                    "seconds_per_case": round(mean(seconds), 3) if seconds else None},
    }
