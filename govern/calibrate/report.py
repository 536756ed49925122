"""The calibration report: text for a terminal, JSON for scripts, markdown with an inline SVG
chart (recall against rows per case) for a file (docs/how-to/calibrate.md)."""

from __future__ import annotations

from html import escape
from typing import Any

from govern.calibrate.cases import SET_ASIDE, SKIP_REASONS, Selection, globs_at
from govern.calibrate.measure import REPLAY_SKIPS, percent
from govern.core.markdown import code_span, inline

SCHEMA_VERSION = 1

LOWER_BOUND = ("The reference set is the pages each commit's authors really changed: a lower "
               "bound of what the change affected, so recall is exact and the share of rows "
               "that were reference pages understates precision (a listed page nobody edited "
               "may still have needed an edit).")

MANY_OUTSIDE = 10
"""Commits with pages outside the corpus only from which the report says so, when they are
also :data:`OUTSIDE_SHARE` of the commits that changed code with pages."""
OUTSIDE_SHARE = 0.25
"""On the seven calibration repositories these commits are at most 13% (marimo's
``development_docs/``, vite's ``packages/vite/``); on click, whose corpus of md pages misses
the rst pages of its history, 85%."""
OUTSIDE_SHOWN = 3
"""How many globs a sentence names."""


def outside_corpus(selection: Selection, tree_paths: list[str]) -> dict[str, Any]:
    """The commits that changed code with md/mdx/rst pages outside the corpus and none in it,
    their share of those with any page (they and the cases found), and their globs, each with
    whether it matches a file at the measured revision (a folder or format the docs left)."""
    seen = selection.found + selection.outside_commits
    at_rev = globs_at(tree_paths) if selection.outside_corpus else set()
    return {"commits": selection.outside_commits,
            "share": round(selection.outside_commits / seen, 4) if seen else None,
            "globs": [{"glob": glob, "commits": commits, "at_rev": glob in at_rev}
                      for glob, commits in selection.outside_corpus.items()]}


def outside_listing(outside: dict[str, Any], rev: str) -> str:
    """The first globs with their commits: ``docs/**/*.rst (142 commits, pages no longer at
    HEAD)``."""
    return ", ".join(f"{entry['glob']} ({entry['commits']} commits"
                     + ("" if entry["at_rev"] else f", pages no longer at {rev}") + ")"
                     for entry in outside["globs"][:OUTSIDE_SHOWN])


def outside_note(run: dict[str, Any]) -> list[str]:
    """A line when many commits are no case only because their pages lie outside the corpus:
    the corpus may follow the docs at REV and miss those of the history (click's rst pages,
    since moved to md), which no ``docs.paths`` suggestion names (it names globs that still
    match pages)."""
    outside = run.get("outside_corpus")  # absent from a run built before it was counted
    if not outside or outside["commits"] < MANY_OUTSIDE or outside["share"] < OUTSIDE_SHARE:
        return []
    return [f"{outside['commits']} commit(s) that changed code together with md/mdx/rst pages "
            f"outside the corpus, and no page in it, are no case "
            f"({percent(outside['share'])} of the commits that changed code with pages): "
            f"{outside_listing(outside, run['rev'])}; add the globs of those that are docs to "
            "docs.paths (--config FILE) to measure them."]


def build_report(run: dict[str, Any], measurement: dict[str, Any],
                 suggestions: list[dict[str, Any]], interrupted: bool) -> dict[str, Any]:
    """The one JSON object every rendering reads."""
    return {"schema_version": SCHEMA_VERSION, "run": run, "interrupted": interrupted,
            **measurement, "suggestions": suggestions, "reference_set": LOWER_BOUND}


def _headline(report: dict[str, Any]) -> list[str]:
    rows = report["rows"]
    run = report["run"]
    homes = report["new_api_homes"]
    unnamed = report["cases_without_anchor"]
    found = (f"{report['cases']} case(s) measured of {run['cases_found']} found in "
             f"{run['commits_read']} commit(s) of {run['rev']}")
    if report["interrupted"]:
        found += " (INTERRUPTED: the figures cover the cases measured so far)"
    return [
        found + ".",
        *outside_note(run),
        f"pooled recall {percent(report['pooled_recall'])} ({report['hits']} of "
        f"{report['reference_pages']} reference pages listed); mean recall per case "
        f"{percent(report['mean_recall'])}; {report['cases_with_hit']} case(s) with at least one "
        "hit.",
        f"rows per case: mean {rows['mean']}, median {rows['median']}, max {rows['max']}; "
        f"{percent(report['reference_share_of_rows'])} of rows were reference pages; "
        f"{report['timings']['seconds_per_case']} s per case.",
        *([f"{report['stale_rows_unedited']} stale row(s) name what a case removed on a page "
           "its author did not edit: drift the commit left behind, or a page keeping the old "
           "name on purpose (counted as noise; per case, stale_unedited)"]
          if report.get("stale_rows_unedited") else []),
        *([f"{report['rows_retired']} row(s) on pages a case deleted or moved away, which "
           "only its code-only commit still held: neither hits nor noise, and not counted in "
           "rows (per case, retired)"] if report.get("rows_retired") else []),
        f"{unnamed['cases']} case(s) gave no anchor at all, found or dropped "
        f"({unnamed['reference_pages']} reference page(s) no name rule can list); pooled recall "
        f"over the other cases {percent(unnamed['pooled_recall_of_the_others'])}.",
        f"New API homes: {homes['reference_pages']} reference page(s) no row listed were "
        f"among the {homes['pages']} page(s) suggested for added symbols, in "
        f"{homes['cases_with_hit']} case(s); recall counting them "
        f"{percent(homes['recall_with_homes'])}.",
        f"NOT COVERED: {report['not_covered_unreadable_files']} changed file(s) govern cannot "
        f"read; {report['not_covered_weak_only_files']} whose only anchors were dropped "
        f"as weak names; read, nothing public changed: "
        f"{report['not_covered_implementation_only_files']} file(s) (each counted once per "
        "case).",
        *_set_aside(run),
        *(f"{run['skipped'][key]} sampled case(s) {SKIP_REASONS[key]}, which no page drifts "
          f"from: replayed, then left out (skipped.{key})." for key in REPLAY_SKIPS
          if run.get("skipped", {}).get(key)),
    ]


_EDITS_SET_ASIDE = {
    "toctree": "only toctree entries naming a page the commit deleted changed, which is "
               "bookkeeping, no docs drift",
    "spelling": "only the spelling of prose words changed (typo fixes), which is no docs drift",
    "formatting": "only Markdown syntax that renders the same changed (a formatter's list and "
                  "emphasis markers), which is no docs drift",
}
"""The kinds of edit, anywhere on a page, that set it aside, as the report says them."""


def _set_aside(run: dict[str, Any]) -> list[str]:
    """A line for each kind of section (release notes, credits) whose pages were not reference
    pages because only it changed, and for toctree bookkeeping, typo fixes and formatting, when
    any were."""
    reasons = {**{aside.kind: f"their prose changed only under {aside.heading}, which is "
                              f"{aside.why}" for aside in SET_ASIDE},
               **_EDITS_SET_ASIDE}
    return [f"{run[f'{kind}_pages']} changed page(s) set aside: {reason}; "
            f"{run['skipped'].get(f'{kind}_only', 0)} commit(s) are no case for it."
            for kind, reason in reasons.items() if run.get(f"{kind}_pages")]


def _anchor_names(anchors: list[dict[str, str]]) -> list[str]:
    return [f"{a['kind']} {a['token']}" for a in anchors]


def _dropped_names(dropped: list[dict[str, Any]]) -> list[str]:
    return [f"{d['token']} ({d['guard']})" for d in dropped]


LISTED = 12
"""How many names a text line lists before it says how many more there are."""


def _listing(names: list[str]) -> str:
    shown = ", ".join(names[:LISTED]) or "none"
    return shown + (f", … {len(names) - LISTED} more" if len(names) > LISTED else "")


def _anchor_list(anchors: list[dict[str, str]]) -> str:
    return _listing(_anchor_names(anchors))


def _dropped_list(dropped: list[dict[str, Any]]) -> str:
    return _listing(_dropped_names(dropped))


def render_text(report: dict[str, Any]) -> str:
    lines = _headline(report)
    lines += ["", "by anchor kind: anchors, rows, reference rows, recall"]
    lines += [f"  {kind:8} {v['anchors']:5} {v['rows']:5} {v['reference_rows']:5}  "
              f"{percent(v['recall'])}" for kind, v in report["by_anchor_kind"].items()]
    lines += ["", "by language: cases, reference pages, hits, pooled recall"]
    lines += [f"  {lang:10} {v['cases']:4} {v['reference_pages']:5} {v['hits']:5}  "
              f"{percent(v['pooled_recall'])}" for lang, v in report["by_language"].items()]
    lines += ["", "guards: anchors dropped, reference pages they alone would have listed"]
    lines += [f"  {guard:14} {v['anchors_dropped']:5} {v['reference_pages_removed']:5}"
              for guard, v in report["guards"].items()]
    lines += ["", "worst misses:"]
    for miss in report["worst_misses"]:
        lines.append(f"  {miss['commit'][:12]} recall {percent(miss['recall'])}: missed "
                     f"{_listing(miss['missed'])}")
        lines.append(f"    found: {_anchor_list(miss['anchors_found'])}")
        lines.append(f"    dropped: {_dropped_list(miss['anchors_dropped'])}; not covered: "
                     f"{_listing(miss['not_covered'])}")
    lines += ["", "noisiest cases:"]
    for noisy in report["noisiest"]:
        lines.append(f"  {noisy['commit'][:12]} {noisy['rows']} row(s), "
                     f"{len(noisy['hits'])} reference")
        for row in noisy["noise"][:5]:
            lines.append(f"    {row['path']}: {_anchor_list(row['anchors'])}")
    if report["unreadable_cases"]:
        lines += ["", "unreadable cases (skipped, the run went on):"]
        lines += [f"  {u['commit'][:12]}: {u['reason']}" for u in report["unreadable_cases"]]
    if report["suggestions"]:
        lines += ["", "suggestions:"]
        for suggestion in report["suggestions"]:
            lines.append(f"  {suggestion['key']} += {suggestion['values']}: "
                         f"{suggestion['reason']}")
            lines.append(f"    effect: {suggestion['effect']}")
    lines += ["", LOWER_BOUND]
    return "\n".join(lines) + "\n"


def render_svg(report: dict[str, Any]) -> str:
    """Recall against rows, one dot per case: cheap and right is the top left corner."""
    width, height, pad = 480, 260, 40
    cases = report["per_case"]
    top = max([len(c["rows"]) for c in cases] + [1])
    dots = []
    for case in cases:
        x = pad + (width - 2 * pad) * len(case["rows"]) / top
        y = height - pad - (height - 2 * pad) * case["recall"]
        dots.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="#1f77b4" '
                    'fill-opacity="0.5"/>')
    axes = (f'<line x1="{pad}" y1="{height - pad}" x2="{width - pad}" y2="{height - pad}" '
            'stroke="black"/>'
            f'<line x1="{pad}" y1="{pad}" x2="{pad}" y2="{height - pad}" stroke="black"/>'
            f'<text x="{width / 2}" y="{height - 8}" text-anchor="middle" font-size="12">'
            f'rows per case (0 to {top})</text>'
            f'<text x="12" y="{height / 2}" font-size="12" text-anchor="middle" '
            f'transform="rotate(-90 12 {height / 2})">recall</text>'
            f'<text x="{pad - 4}" y="{pad + 4}" font-size="10" text-anchor="end">1</text>'
            f'<text x="{pad - 4}" y="{height - pad}" font-size="10" text-anchor="end">0</text>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'role="img" aria-label="{escape("recall against rows per case")}">'
            f'{axes}{"".join(dots)}</svg>')


def _spans(values: Any) -> str:
    names = list(values)
    shown = ", ".join(code_span(value) for value in names[:LISTED]) or "none"
    return shown + (f", … {len(names) - LISTED} more" if len(names) > LISTED else "")


def render_markdown(report: dict[str, Any]) -> str:
    """The markdown report; every string from the repository (paths, tokens) is inert."""
    rows = report["rows"]
    # one list item a line: a file's markdown joins lines into one paragraph
    out = ["# govern calibrate", "", *(f"- {inline(line)}" for line in _headline(report)), "",
           render_svg(report), "",
           "| figure | value |", "|---|---|",
           f"| pooled recall | {percent(report['pooled_recall'])} |",
           f"| mean recall per case | {percent(report['mean_recall'])} |",
           f"| cases with at least one hit | {report['cases_with_hit']} of {report['cases']} |",
           f"| rows per case (mean / median / max) | {rows['mean']} / {rows['median']} / "
           f"{rows['max']} |",
           f"| rows that were reference pages | {percent(report['reference_share_of_rows'])} |",
           f"| pooled recall over the cases that gave an anchor | "
           f"{percent(report['cases_without_anchor']['pooled_recall_of_the_others'])} "
           f"({report['cases_without_anchor']['cases']} case(s) gave none) |",
           f"| recall counting New API homes (suggestions, not rows) | "
           f"{percent(report['new_api_homes']['recall_with_homes'])} |",
           f"| time per case | {report['timings']['seconds_per_case']} s |", "",
           "## By anchor kind", "", "| kind | anchors | rows | reference rows | recall |",
           "|---|---|---|---|---|"]
    out += [f"| {kind} | {v['anchors']} | {v['rows']} | {v['reference_rows']} | "
            f"{percent(v['recall'])} |" for kind, v in report["by_anchor_kind"].items()]
    out += ["", "## By language", "", "| language | cases | reference pages | hits | recall |",
            "|---|---|---|---|---|"]
    out += [f"| {lang} | {v['cases']} | {v['reference_pages']} | {v['hits']} | "
            f"{percent(v['pooled_recall'])} |" for lang, v in report["by_language"].items()]
    out += ["", "## What each guard costs", "",
            "| guard | anchors dropped | reference pages it alone would have listed |",
            "|---|---|---|"]
    out += [f"| {guard} ({v['meaning']}) | {v['anchors_dropped']} | "
            f"{v['reference_pages_removed']} |" for guard, v in report["guards"].items()]
    out += ["", "## Worst misses", ""]
    for miss in report["worst_misses"]:
        out.append(f"- {code_span(miss['commit'][:12])} recall {percent(miss['recall'])}: missed "
                   f"{_spans(miss['missed'])}; found "
                   f"{_spans(_anchor_names(miss['anchors_found']))}; "
                   "dropped "
                   f"{_spans(_dropped_names(miss['anchors_dropped']))}")
    out += ["", "## Noisiest cases", ""]
    for noisy in report["noisiest"]:
        listed = "; ".join(
            f"{code_span(row['path'])} ({_spans(_anchor_names(row['anchors']))})"
            for row in noisy["noise"][:5])
        out.append(f"- {code_span(noisy['commit'][:12])} {noisy['rows']} row(s), "
                   f"{len(noisy['hits'])} reference: {listed}")
    if report["suggestions"]:
        out += ["", "## Suggestions", ""]
        for suggestion in report["suggestions"]:
            out.append(f"- {code_span(suggestion['key'])} += {_spans(suggestion['values'])}: "
                       f"{inline(suggestion['reason'])}. Effect: {inline(suggestion['effect'])}")
    out += ["", LOWER_BOUND, ""]
    return "\n".join(out)
