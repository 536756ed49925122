"""affected-docs: diff -> anchors -> guards -> docs rows (docs/concepts/affected-docs.md).

A page is affected when it *names* something the change touched. The guards run before any
matching is trusted and every narrowing is published in the result, never silent.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import floor
from typing import Any

from govern.config import AnchorsConfig
from govern.drift.anchors.extract import Candidate, ChangeSetAnchors
from govern.drift.anchors.model import Anchor
from govern.drift.docs.index import DocsIndex

SCHEMA_VERSION = 1

SKIPPED_LABELS = {
    "test_files": "test file(s)",
    "script_files": "package script file(s)",
    "dev_only_manifests": "dev-only manifest edit(s)",
    "oversized": "oversized source file(s)",
}
"""How each ``skipped`` count reads in prose."""


def skipped_label(key: str) -> str:
    return SKIPPED_LABELS.get(key, key.replace("_", " "))

GENERIC_NAMES = frozenset({
    "type", "types", "name", "names", "value", "values", "data", "result", "results", "options",
    "opts", "config", "context", "ctx", "error", "errors", "item", "items", "list", "index",
    "key", "keys", "id", "ids", "request", "response", "req", "res", "limit", "offset", "count",
    "total", "message", "status", "code", "path", "paths", "file", "files", "input", "output",
    "args", "kwargs", "params", "props", "state", "init", "main", "run", "test", "build",
    "check", "singular", "plural", "entry", "entries", "record", "records", "row", "rows",
    "field", "fields", "source", "target", "kind", "mode", "level", "scope", "handler",
    "callback", "events", "event", "self", "cls",
})


def is_code_shaped(token: str) -> bool:
    """An uppercase letter after the first character, an underscore, or a dot."""
    return "_" in token or "." in token or any(c.isupper() for c in token[1:])


def is_generic(token: str, extra: tuple[str, ...]) -> bool:
    """Too short, or a generic name (built in, or ``anchors.generic_names``), in any case."""
    bare = token.lower()
    return len(token) < 3 or bare in GENERIC_NAMES or bare in {name.lower() for name in extra}


@dataclass(frozen=True)
class Row:
    path: str
    release_owned: bool
    stale: bool
    anchors: tuple[tuple[str, str, str], ...]
    """(kind, token, side) of each anchor that put the page here."""

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "release_owned": self.release_owned, "stale": self.stale,
                "anchors": [{"kind": k, "token": t, "side": s} for k, t, s in self.anchors]}


@dataclass(frozen=True)
class Guarded:
    """Anchors after the guards, and what each guard dropped."""

    admitted: list[Anchor]
    pages: dict[tuple[str, str], set[int]]
    """(kind, token) -> page ids it matched."""
    weak: list[dict[str, str]]
    overbroad: list[dict[str, Any]]


def merge_sides(candidates: list[Candidate]) -> list[Anchor]:
    """One anchor per (kind, token): side ``both`` when both sides yield it."""
    merged: dict[tuple[str, str], Anchor] = {}
    for candidate in candidates:
        key = (candidate.kind, candidate.token)
        seen = merged.get(key)
        if seen is None:
            merged[key] = Anchor(candidate.kind, candidate.token, candidate.file, candidate.side)
        elif seen.side != candidate.side:
            merged[key] = Anchor(seen.kind, seen.token, seen.file, "both")
    return list(merged.values())


def anchor_pages(index: DocsIndex, kind: str, token: str) -> set[int]:
    """The pages an anchor matches before the share guard: a route by its wire path (never
    generic), a command as a phrase of words, a code-shaped name as written, any other name
    only in call form (the shape guard)."""
    if kind == "route":
        return index.routing(token)
    if kind == "command":
        return index.saying(token)
    if is_code_shaped(token):
        return index.naming(token)
    return index.calling(token)


def apply_guards(anchors: list[Anchor], index: DocsIndex, config: AnchorsConfig) -> Guarded:
    """Generic names, then shape (weak names stay only in call form), then corpus share."""
    threshold = max(3, floor(config.corpus_share * len(index.pages)))
    admitted: list[Anchor] = []
    pages: dict[tuple[str, str], set[int]] = {}
    weak: list[dict[str, str]] = []
    overbroad: list[dict[str, Any]] = []
    for anchor in anchors:
        if anchor.kind not in ("route", "command") and is_generic(anchor.token,
                                                                 config.generic_names):
            weak.append({"token": anchor.token, "kind": anchor.kind})
            continue
        matched = anchor_pages(index, anchor.kind, anchor.token)
        if not matched and anchor.kind not in ("route", "command") and not is_code_shaped(
                anchor.token):
            weak.append({"token": anchor.token, "kind": anchor.kind})
            continue
        if len(matched) > threshold:
            overbroad.append({"token": anchor.token, "kind": anchor.kind, "pages": len(matched)})
            continue
        admitted.append(anchor)
        pages[(anchor.kind, anchor.token)] = matched
    return Guarded(admitted, pages, weak, overbroad)


def removed_tokens(change_set: ChangeSetAnchors) -> set[tuple[str, str]]:
    """Symbol anchors of declarations that exist on the base side and nowhere at HEAD."""
    return {
        (c.kind, c.token)
        for c in change_set.candidates
        if c.side == "base" and c.declaration is not None
        and c.declaration.key not in change_set.declared_at_head
    }


def build_rows(guarded: Guarded, index: DocsIndex, removed: set[tuple[str, str]]) -> list[Row]:
    by_page: dict[int, list[Anchor]] = {}
    for anchor in guarded.admitted:
        for page_id in guarded.pages[(anchor.kind, anchor.token)]:
            by_page.setdefault(page_id, []).append(anchor)
    rows = []
    for page_id, anchors in by_page.items():
        page = index.pages[page_id]
        rows.append(Row(
            path=page.path,
            release_owned=page.release_owned,
            stale=any((a.kind, a.token) in removed for a in anchors),
            anchors=tuple((a.kind, a.token, a.side) for a in anchors),
        ))
    return sorted(rows, key=lambda row: row.path)


def package_mentions(index: DocsIndex, packages: list[tuple[str, str | None]]) -> list[str]:
    """The coarse set: pages mentioning a changed package's name or directory."""
    needles = {name for _, name in packages if name} | {d for d, _ in packages if d}
    found = []
    for page_id, page in enumerate(index.pages):
        loose = index.loose[page_id]
        if any(token == needle or token.startswith(needle + "/") for token in loose
               for needle in needles):
            found.append(page.path)
            continue
        if any(page_id in index.words.get(needle, ()) for needle in needles):
            found.append(page.path)
    return found


@dataclass(frozen=True)
class AffectedDocs:
    """The result of one affected-docs run; ``to_json`` gives docs/concepts/affected-docs.md#output
    object."""

    summary: str
    base: str | None
    head: str
    merge_base: str | None
    computed_on: dict[str, Any]
    changed_packages: list[dict[str, str | None]]
    anchors: list[Anchor]
    docs: list[Row]
    anchorless_changes: list[dict[str, str]] = field(default_factory=list)
    parse_errors: list[dict[str, str]] = field(default_factory=list)
    unreadable_pages: list[dict[str, str]] = field(default_factory=list)
    weak_anchors_dropped: list[dict[str, str]] = field(default_factory=list)
    overbroad_anchors: list[dict[str, Any]] = field(default_factory=list)
    cross_cutting_symbols: list[dict[str, Any]] = field(default_factory=list)
    package_mention_docs: list[str] = field(default_factory=list)
    bridge_coverage: dict[str, Any] = field(default_factory=dict)
    broken_scans: list[str] = field(default_factory=list)
    skipped: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "schema_version": SCHEMA_VERSION,
            "summary": self.summary,
            "base": self.base,
            "head": self.head,
            "merge_base": self.merge_base,
            "computed_on": self.computed_on,
            "changed_packages": self.changed_packages,
            "anchors": [anchor.to_json() for anchor in self.anchors],
            "docs": [row.to_json() for row in self.docs],
            "release_owned_docs": [row.path for row in self.docs if row.release_owned],
            "anchorless_changes": self.anchorless_changes,
            "parse_errors": self.parse_errors,
            "unreadable_pages": self.unreadable_pages,
            "weak_anchors_dropped": self.weak_anchors_dropped,
            "overbroad_anchors": self.overbroad_anchors,
            "cross_cutting_symbols": self.cross_cutting_symbols,
            "package_mention_docs": self.package_mention_docs,
            "bridge_coverage": self.bridge_coverage,
            "broken_scans": self.broken_scans,
            "skipped": self.skipped,
        }


def summarize(packages: int, anchors: int, rows: list[Row], anchorless: int) -> str:
    """The one-line summary of a diff run."""
    not_covered = f"{anchorless} changed file(s) yielded no anchor and are NOT COVERED"
    if not anchors:
        tail = f"; {not_covered}" if anchorless else ""
        return ("Nothing in this diff resolved to a documentable surface, so this run has no "
                f"opinion about the docs{tail}.")
    parts = [f"{packages} changed package(s), {anchors} documentable anchor(s)"]
    if rows:
        stale = sum(row.stale for row in rows)
        owned = sum(row.release_owned for row in rows)
        detail = ", ".join(x for x in (f"{stale} stale" if stale else "",
                                       f"{owned} release-owned" if owned else "") if x)
        parts.append(f"{len(rows)} page(s) name them" + (f" ({detail})" if detail else ""))
    else:
        parts.append("no hand-written page names any of them: nothing to list, which is not "
                     "a clean bill of health")
    if anchorless:
        parts.append(not_covered)
    return "; ".join(parts) + "."
