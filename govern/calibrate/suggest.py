"""Configuration changes the measured cases support, each re-measured on the same cases
(docs/how-to/calibrate.md#applying-suggestions): names to add to ``anchors.generic_names``,
docs folders to exclude, and ``docs.paths`` globs that match nothing or that miss pages
changed together with code."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from govern.calibrate.cases import globs_at
from govern.calibrate.measure import CaseResult, find_measurement, percent
from govern.config import Config, DocsConfig
from govern.core.globs import Globs
from govern.core.progress import Progress, no_progress
from govern.drift.affected import is_code_shaped
from govern.init.fragments import named_fragment_folder
from govern.init.generated import docs_files

MIN_NOISE = 3
"""Non-reference rows a name or folder must produce before it is worth a suggestion."""
MAX_NAMES = 5
MAX_FOLDERS = 3


@dataclass(frozen=True)
class Proposal:
    key: str
    values: tuple[str, ...]
    reason: str
    config: Config | None
    """The configuration with the change, or None when the change alters which pages are
    reference pages (the cases are no longer the same: run calibrate again with it)."""
    affects: frozenset[str] | None = None
    """Case commits the change can alter; None: every case."""


def _folder(path: str) -> str:
    return path.rpartition("/")[0] or "."


def _noisy_names(results: list[CaseResult], config: Config) -> Proposal | None:
    """Plain words (generic names are words, never code-shaped names) that alone put only
    pages nobody edited on the list."""
    noise: Counter[str] = Counter()
    useful: set[str] = set()
    for result in results:
        for path, found in result.rows:
            tokens = {token for kind, token in found if kind not in ("route", "command")}
            if path in result.case.reference:
                useful.update(tokens)
            elif len(tokens) == 1 and len(found) == 1:
                noise.update(tokens)
    names = tuple(sorted((t for t, n in noise.items() if n >= MIN_NOISE and t not in useful
                          and not is_code_shaped(t)), key=lambda t: (-noise[t], t))[:MAX_NAMES])
    if not names:
        return None
    listed = ", ".join(f"{name} ({noise[name]})" for name in names)
    changed = replace(config, anchors=replace(
        config.anchors, generic_names=config.anchors.generic_names + names))
    affects = frozenset(r.case.sha for r in results if any(t in names for _, t, _ in r.anchors))
    return Proposal("anchors.generic_names", names,
                    "add: each of these words alone listed only pages nobody edited "
                    f"(rows: {listed})", changed, affects)


def _quiet_folders(results: list[CaseResult], config: Config,
                   tree_paths: list[str]) -> Proposal | None:
    """Folders whose pages were listed and never edited by a case, among those that still
    hold files at the measured revision (a folder the history removed needs no exclusion)."""
    noise: Counter[str] = Counter()
    referenced = {_folder(page) for r in results for page in r.case.reference}
    present = {_folder(path) for path in tree_paths}
    for result in results:
        for path, _ in result.rows:
            if path not in result.case.reference:
                noise[_folder(path)] += 1
    folders = sorted((f for f, n in noise.items()
                      if n >= MIN_NOISE and f not in referenced and f != "." and f in present),
                     key=lambda f: (-noise[f], f))[:MAX_FOLDERS]
    if not folders:
        return None
    globs = tuple(f"{folder}/**" for folder in folders)
    listed = ", ".join(f"{folder}/ ({noise[folder]})" for folder in folders)
    changed = replace(config, docs=replace(
        config.docs, exclude=Globs(config.docs.exclude.patterns + globs)))
    return Proposal("docs.exclude", globs,
                    "add: no case changed a page in these folders, which gave non-reference rows "
                    f"({listed})", changed)


def find_proposals(results: list[CaseResult], config: Config, tree_paths: list[str],
                   outside_corpus: dict[str, int]) -> list[Proposal]:
    """What the data supports: noisy names, folders never edited, dead or missing globs."""
    proposals = [p for p in (_noisy_names(results, config),
                             _quiet_folders(results, config, tree_paths)) if p is not None]
    configured = config.docs.paths != DocsConfig().paths  # an unused default costs nothing
    dead = tuple(pattern for pattern in config.docs.paths.patterns
                 if configured and not Globs((pattern,)).select(tree_paths))
    if dead:
        proposals.append(Proposal("docs.paths", dead, "remove: these globs match no file at "
                                  "the measured revision", None))
    # pages changed with code, in folders that hold pages still: not folders the history
    # once had (a changelog-fragment folder since removed), nor changelog fragments, which
    # are release notes (prettier's changelog_unreleased/, in 86 % of those commits)
    at_rev = globs_at(tree_paths) if outside_corpus else set()
    changelogs = {page.rpartition("/")[0] for page in docs_files(tree_paths)
                  if config.docs.release_owned.matches(page)} if outside_corpus else set()
    wanted = tuple(glob for glob, commits in outside_corpus.items()
                   if commits >= MIN_NOISE and glob in at_rev
                   and named_fragment_folder(glob, changelogs) is None)
    if wanted:
        listed = ", ".join(f"{glob} ({outside_corpus[glob]})" for glob in wanted[:MAX_FOLDERS])
        proposals.append(Proposal("docs.paths", wanted[:MAX_FOLDERS],
                                  "add: pages outside the corpus changed together with code "
                                  f"in this many commits: {listed}", None))
    return proposals


_FIGURES = ("pooled_recall", "mean_recall", "cases_with_hit", "reference_share_of_rows")


def _figures(measurement: dict[str, Any]) -> dict[str, Any]:
    return {key: measurement[key] for key in _FIGURES} | {"rows_mean": measurement["rows"]["mean"]}


def _affected(proposal: Proposal, result: CaseResult) -> bool:
    return proposal.affects is None or result.case.sha in proposal.affects


def find_suggestions(results: list[CaseResult], proposals: list[Proposal],
                     remeasure: Callable[[CaseResult, Config], CaseResult],
                     progress: Progress = no_progress) -> list[dict[str, Any]]:
    """Each proposal with its effect: the same cases measured with and without it;
    ``progress`` is told of each case measured again (a proposal may replay them all)."""
    before = _figures(find_measurement(results))
    total = sum(sum(1 for r in results if _affected(proposal, r)) for proposal in proposals
                if proposal.config is not None)
    done = 0

    def again(result: CaseResult, config: Config) -> CaseResult:
        nonlocal done
        measured = remeasure(result, config)
        done += 1
        progress("cases measured again for the suggestions", done, total)
        return measured

    suggestions = []
    for proposal in proposals:
        entry: dict[str, Any] = {"key": proposal.key, "values": list(proposal.values),
                                 "reason": proposal.reason, "before": before}
        if proposal.config is None:
            entry["after"] = None
            entry["effect"] = ("not re-measured: it changes which pages are reference pages; "
                               "run calibrate again with it")
        else:
            config = proposal.config
            after = _figures(find_measurement([
                again(r, config) if _affected(proposal, r) else r for r in results]))
            entry["after"] = after
            entry["effect"] = (
                f"pooled recall {percent(before['pooled_recall'])} -> "
                f"{percent(after['pooled_recall'])}, "
                f"rows per case {before['rows_mean']} -> {after['rows_mean']}, reference share "
                f"of rows {percent(before['reference_share_of_rows'])} -> "
                f"{percent(after['reference_share_of_rows'])}")
        suggestions.append(entry)
    return suggestions

