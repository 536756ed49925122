"""The affected-docs result for people and tools (docs/concepts/affected-docs.md#output): text
for a person at a terminal (``govern demo``, ``govern pr``, ``govern affected-docs``), workflow
annotations on the docs lines, and SARIF 2.1.0 for code scanning. Paths and names come from the
PR: rendered inert."""

from __future__ import annotations

from typing import Any

import click

from govern.config import DocsConfig
from govern.core.sarif import render_sarif_log, sarif_result
from govern.core.text import inert_line
from govern.drift.affected import (
    AffectedDocs,
    Row,
    folded_reason,
    mere_mention_count,
    overbroad_reason,
    skipped_label,
)
from govern.drift.anchors.model import is_implementation_only

RULES = {
    "removed": "names a symbol, command or runtime version this change removed or renamed: "
               "the page is stale",
    "deprecated": "names a module this change deprecated, or a name of it by its qualified "
                  "name: the page owes a word of it",
    "qualified_name": "names a changed symbol by its qualified name",
    "unique_name": "names a changed symbol by its code-shaped name",
    "route": "names a wire route the change touched or bridged to",
    "sdk_method": "names an SDK method bound to a changed route",
    "command": "names a changed command",
    "file_path": "names a changed file by its path (an include, a snippet, a path in prose), "
                 "or, as its folder's README, by its name",
    "written_region": "holds a region a script writes, and the change touched the script or "
                      "a file it reads: run it again",
    "runtime_version": "says a runtime version the change's manifests no longer admit",
    "install_command": "installs a dependency the change's manifests no longer declare",
    "route_tail": "names a longer path ending in a changed route",
    "documented_prefix": "documents the whole container of a changed symbol",
    "call_form": "names a changed plain-word function in call form",
    "module_home": "documents the module of a changed symbol (named after its file, or a "
                   "directive of the module)",
}
"""Each evidence rule as a SARIF rule says it (docs/concepts/ranking.md)."""


_SAID = {"unique_name": "code-shaped name", "written_region": "script-written"}
"""A rule whose name says more, or otherwise, than a reader needs: ``unique_name`` is a
code-shaped bare name (docs/concepts/ranking.md), never checked to be the only one of its
name; a ``written_region`` is a region a script writes."""


def _why(kind: str, rule: str) -> str:
    """``symbol, qualified name``; the kind alone where the rule would repeat it."""
    words = _SAID.get(rule, rule.replace("_", " "))
    return kind if words in (kind, f"{kind} method", f"{kind} path") else f"{kind}, {words}"


def _via(row: Row) -> str:
    return ", ".join(f"{inert_line(e.token)} ({_why(e.kind, e.rule)})" for e in row.evidence)


def _row_line(row: Row, color: bool) -> str:
    """``path:line`` of the first mention, then each anchor with the rule that matched it
    (docs/concepts/ranking.md)."""
    path = inert_line(row.path)
    where = path if row.first_line is None else f"{path}:{row.first_line}"
    mark = "  [stale: names something this change removed]" if row.stale else ""
    if mark and color:
        mark = click.style(mark, fg="red", bold=True)
    return f"  - {where}  via {_via(row)}{mark}"


LISTED_SHOWN = 10
"""Lines a list of the text report shows before it counts the rest: commander's switch to ESM
read 37 files with nothing public on their changed lines and could not see 14, a line each,
which buried the rows (``--json`` lists every one)."""
WEAK_SHOWN = 10
"""Weak names a report line shows: a new module drops dozens, which buried the lines that
matter (``--json`` lists every one)."""


def _weak_line(weak: list[dict[str, str]]) -> list[str]:
    """One line for every weak name dropped, the first ``WEAK_SHOWN`` of them named."""
    if not weak:
        return []
    names = ", ".join(inert_line(w["token"]) for w in weak[:WEAK_SHOWN])
    more = f" and {len(weak) - WEAK_SHOWN} more" if len(weak) > WEAK_SHOWN else ""
    return [f"  - {len(weak)} weak name(s) dropped (plain, generic or too short): "
            f"{names}{more}"]


def _folded(lines: list[str]) -> list[str]:
    """The first ``LISTED_SHOWN`` of a list's lines, then one counting the rest."""
    if len(lines) <= LISTED_SHOWN:
        return lines
    return [*lines[:LISTED_SHOWN],
            f"  - … and {len(lines) - LISTED_SHOWN} more (--json lists all)"]


def _by_ownership(rows: list[Row]) -> tuple[list[Row], list[Row]]:
    """The rows a code PR may edit and the release-owned ones, each in the order given."""
    return [r for r in rows if not r.release_owned], [r for r in rows if r.release_owned]


def render_paths(result: AffectedDocs) -> str:
    """One page path a line, whatever the path holds (:func:`inert_line`), what a script reads
    (``| xargs $EDITOR``): the pages to edit in evidence order, then the release-owned ones,
    as the report lists them, so a changelog a code PR may not edit is opened last (click's
    ``CHANGES.md`` had come second)."""
    editable, owned = _by_ownership(result.docs)
    return "".join(inert_line(row.path) + "\n" for row in (*editable, *owned))


def render_text(result: AffectedDocs, color: bool = False,
                release_owned_gate: bool = False) -> str:
    """Summary, the rows (in evidence order: stale first), the release-owned rows (read-only
    while the release-owned gate runs), and what the run could not see; with ``color``, the
    headings bold and the stale mark red (ANSI, for a terminal)."""
    def heading(text: str) -> str:
        return click.style(text, bold=True) if color else text

    lines = [result.summary, ""]
    editable, owned = _by_ownership(result.docs)
    if editable:
        lines.append(heading("Pages that name something this change touched:"))
        lines.extend(_row_line(row, color) for row in editable)
        lines.append("")
    if owned:
        lines.append(heading(f"Release-owned pages ({_owned_note(release_owned_gate)}):"))
        lines.extend(_row_line(row, color) for row in owned)
        lines.append("")
    if result.new_api:
        lines.append(heading("New API, not yet on any page (suggestions, not rows):"))
        homed = [entry for entry in result.new_api if entry["suggested_pages"]]
        homeless = [entry for entry in result.new_api if not entry["suggested_pages"]]
        # a home already on the list is said to be: the reader is sent there anyway
        listed = {row.path for row in result.docs}
        lines.extend(inert_line(f"  - {entry['token']} ({entry['file']}): likely home " + ", ".join(
            page + (" (listed above)" if page in listed else "")
            for page in entry["suggested_pages"])) for entry in homed)
        # a revert or a new module can add hundreds: the ones with a home are the ones to act on
        lines.extend(_folded([inert_line(f"  - {entry['token']} ({entry['file']}): no page "
                                         "names its siblings yet") for entry in homeless]))
        lines.append("")
    read = [a for a in result.anchorless_changes if is_implementation_only(a)]
    unseen = [
        *_folded([f"  - {inert_line(a['path'])}: {a['reason']}"
                  for a in result.anchorless_changes if not is_implementation_only(a)]),
        *_folded([f"  - {inert_line(e['path'])} ({e['side']}): {e['message']}"
                  for e in result.parse_errors]),
        *_folded([f"  - page {inert_line(u['path'])}: {u['reason']}"
                  for u in result.unreadable_pages]),
        *_weak_line(result.weak_anchors_dropped),
        *_folded([f"  - over-broad anchor "
                  f"{'kept on the page documenting it' if 'kept' in o else 'dropped'}: "
                  f"{o['token']} ({overbroad_reason(o)})"
                  for o in result.overbroad_anchors]),
        *_folded([f"  - {f['token']} ({f['kind']}) is {folded_reason(f)}"
                  for f in result.folded_anchors]),
        *_folded([f"  - cross-cutting symbol bridged to no route: {c['token']} (wired into "
                  f"{c['routes']} routes)" for c in result.cross_cutting_symbols]),
        *_folded([f"  - broken scan: {broken}" for broken in result.broken_scans]),
        *(f"  - skipped {count} {skipped_label(what)}"
          for what, count in result.skipped.items() if count),
    ]
    bridge = result.bridge_coverage
    if bridge.get("measured") and bridge.get("ledger_rows"):  # no ledger: nothing to bridge
        unseen.append(f"  - route bridge: {bridge['reachable']} of {bridge['client_bound_rows']} "
                      "client-bound ledger row(s) reach a registered route")
    mentions = mere_mention_count(result.package_mention_docs, (row.path for row in result.docs))
    if mentions:
        unseen.append(f"  - {mentions} page(s) merely mention a changed "
                      "package (not listed: mentioning a package is not naming what changed)")
    if read:
        # read and understood: no blind spot, though no declaration to anchor (a file path a
        # page names still lists that page above)
        lines.append(heading("Read, nothing public on the changed lines:"))
        lines.extend(_folded([f"  - {inert_line(a['path'])}: {a['reason']}" for a in read]))
        lines.append("")
    if unseen:
        lines.append(heading("What this run could not see:"))
        lines.extend(unseen)
    return "\n".join(lines).rstrip() + "\n"


def _owned_note(release_owned_gate: bool) -> str:
    """What a release-owned page is to a code PR: read-only while the release-owned gate runs,
    a page recording releases otherwise (werkzeug's PRs add to CHANGES.rst as they go)."""
    return "read-only for a code PR" if release_owned_gate else \
        "recording releases; the release-owned gate is off"


def _message(row: Row, release_owned_gate: bool) -> str:
    if row.stale:
        return f"This page names something this change removed or renamed: {_via(row)}"
    owned = f" (release-owned: {_owned_note(release_owned_gate)})" if row.release_owned else ""
    return f"This page names something this change touched{owned}: {_via(row)}"


def render_github(result: AffectedDocs, release_owned_gate: bool = False) -> str:
    """A warning annotation on the first line of each page that names a changed anchor, at
    most ``ANNOTATION_LIMIT`` (GitHub's per-step limit of a type), the rest counted in one
    notice."""
    # imported here: the encoder brings jinja2, which the text report never needs
    from govern.github.workflow_output import ANNOTATION_LIMIT, render_command

    lines = [render_command("warning", _message(row, release_owned_gate), {
        "file": row.path, "line": row.first_line, "title": "docs drift"})
        for row in result.docs[:ANNOTATION_LIMIT]]
    if len(result.docs) > ANNOTATION_LIMIT:
        lines.append(render_command("notice", f"{len(result.docs) - ANNOTATION_LIMIT} more docs "
                                    "page(s) name something this change touched: see the log "
                                    "or the Docs Drift Check comment", {"title": "docs drift"}))
    return "".join(line + "\n" for line in lines)


def render_sarif(result: AffectedDocs, release_owned_gate: bool = False) -> str:
    """One SARIF result per row, on the page's first line naming an anchor, under the rule of
    its strongest evidence (``docs-drift/<rule>``); a stale page is an error, others
    warnings."""
    results: list[dict[str, Any]] = []
    used: dict[str, None] = {}
    for row in result.docs:
        rule = row.evidence[0].rule if row.evidence else "unique_name"
        used[rule] = None
        region = None if row.first_line is None else {"startLine": row.first_line}
        results.append(sarif_result(
            f"docs-drift/{rule}", "error" if row.stale else "warning",
            _message(row, release_owned_gate),
            row.path, region,
            ("docsDrift", "/".join((row.path, *sorted(e.token for e in row.evidence))))))
    rules = [{"id": f"docs-drift/{rule}", "name": rule.title().replace("_", ""),
              "shortDescription": {"text": f"A docs page {RULES[rule]}"}} for rule in used]
    return render_sarif_log(rules, results)


def render_corpus_warning(result: AffectedDocs, docs: DocsConfig) -> str | None:
    """The warning when the corpus held no page a code change could make stale (none, or only
    release-owned ones): the globs tried and what ``docs.paths`` could say instead (issue 14,
    item 5); or, when the defaults chose the corpus, that pages sit under docs folders it
    misses; None otherwise."""
    pages, owned = result.corpus
    if pages > owned:
        if not result.corpus_suggestion:
            return None
        setting = ", ".join(f'"{glob}"' for glob in result.corpus_suggestion)
        return (f"no configuration chose the docs corpus: the default docs.paths "
                f"({', '.join(docs.paths.patterns)}) read {pages} page(s), and more sit under "
                f"docs folders it misses. Set docs.paths in govern.toml, e.g. [{setting}] "
                "(govern init detects a docs site's folder; docs/reference/configuration.md).")
    tried = ", ".join(docs.paths.patterns) or "(none)"
    found = f"only {owned} release-owned page(s)" if owned else "no page"
    text = (f"the docs corpus is empty: docs.paths ({tried}) matched {found}, so no docs page "
            "can be listed.")
    if result.corpus_suggestion:
        setting = ", ".join(f'"{glob}"' for glob in result.corpus_suggestion)
        return text + (f" Pages exist under docs folders: set docs.paths = [{setting}] in "
                       "govern.toml (what govern init would set; "
                       "docs/reference/configuration.md).")
    return text + (" No md, mdx or rst file sits under a docs folder either: set docs.paths "
                   "in govern.toml to where the pages live (docs/reference/configuration.md).")


MAX_NAMED = 5


def render_uncommitted(paths: list[str]) -> str:
    """The note that uncommitted code changes were not read (affected-docs reads commits), with
    the options that read them (issue 14, item 5)."""
    named = ", ".join(inert_line(path) for path in paths[:MAX_NAMED])
    more = f" and {len(paths) - MAX_NAMED} more" if len(paths) > MAX_NAMED else ""
    return (f"govern: note: {len(paths)} code file(s) with uncommitted changes are not in this "
            f"run, which reads commits: {named}{more}. --worktree reads the working tree, "
            "--staged what is about to be committed.\n")
