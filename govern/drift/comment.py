"""The Docs Drift Check comment (docs/how-to/docs-drift.md): the affected-docs JSON read strictly,
turned into the template's context, and rendered within GitHub's comment limit.

The JSON may come from an artifact a fork PR's workflow uploaded, so it is untrusted: it must
conform to ``schemas/affected-docs.schema.json`` (shas are hex before they reach a shell command
line, every list holds objects of the documented shape) plus the cross-field rules a schema
cannot say, and every string reaches the markdown only through the template's ``code``/``md``
filters. The body fits 65,536 characters by construction: detail degrades to counts, level by
level, until it fits.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from govern.config import CommentConfig
from govern.core.errors import PayloadError
from govern.core.json_input import parse_versioned
from govern.core.text import clip
from govern.drift.affected import (
    RULE_RANKS,
    SCHEMA_VERSION,
    evidence_order,
    folded_reason,
    is_weak_only,
    mere_mention_count,
    not_covered_counts,
    overbroad_reason,
    skipped_label,
)
from govern.drift.anchors.model import is_foreign, is_implementation_only, is_manifest

MARKER = "<!-- govern:docs-drift -->"
"""The template's first line: how the sticky comment is found again."""
TEMPLATE = "docs-drift.md.j2"

MAX_TEXT = 300
"""Longest path, token or reason shown; a longer one is cut with ``…`` (a minified bundle's
literal must not eat the body)."""
MAX_ANCHORS_PER_ROW = 8
MAX_LISTED = 40
"""Items shown per list of the "could not see" fold before the rest are counted."""
MAX_HEADLINE_NAMES = 10

_REMEDY = "pass the output of `govern affected-docs --json` (schema_version 1) unchanged"


def parse_result(text: str, source: str) -> dict[str, Any]:
    """The affected-docs JSON object, or PayloadError (exit 2) saying what is wrong with it."""
    data = parse_versioned(text, source, SCHEMA_VERSION, "affected-docs.schema.json",
                           "affected-docs output", _REMEDY)
    problem = _inconsistency(data)
    if problem is not None:
        raise PayloadError(f"{source} is not affected-docs output: {problem}", _REMEDY)
    return data


def _inconsistency(data: dict[str, Any]) -> str | None:
    """What the fields say against each other, which the schema cannot check."""
    owned = [doc["path"] for doc in data["docs"] if doc["release_owned"]]
    if data["release_owned_docs"] != owned:
        return "$.release_owned_docs is not the docs rows marked release_owned"
    if (data["base"] is None) != (data["merge_base"] is None):
        return "$.merge_base is null for a diff, or set for an --all run"
    return None


@dataclass(frozen=True)
class Listed:
    """A list shown item by item, or (``items`` None) only counted."""

    count: int
    items: list[Any] | None

    @property
    def more(self) -> int:
        """Items counted but not shown."""
        return self.count - len(self.items or [])


def _listed(values: list[Any], detailed: bool, most: int) -> Listed:
    return Listed(len(values), values[:most] if detailed else None)


def evidence_rank(doc: dict[str, Any]) -> int:
    """A row's rank from its evidence rules (docs/concepts/ranking.md); a row without
    evidence ranks last, so a reordered artifact cannot lift a row above a stale one."""
    return min((RULE_RANKS[e["rule"]] for e in doc["evidence"]), default=len(RULE_RANKS))


def _row(doc: dict[str, Any]) -> dict[str, Any]:
    """A row at the line of its first evidence with lines, in evidence order
    (docs/concepts/ranking.md), which the artifact's own order cannot change."""
    ordered = sorted(doc["evidence"], key=lambda e: evidence_order(e["rule"], e["kind"],
                                                                   e["token"], e["lines"]))
    first = next((min(e["lines"]) for e in ordered if e["lines"]), None)
    via = doc["evidence"] or doc["anchors"]
    path = clip(doc["path"])
    return {"path": path, "where": path if first is None else f"{path}:{first}",
            "stale": doc["stale"],
            "anchors": _listed([(clip(a["token"]), clip(a["kind"], 20)) for a in via],
                               True, MAX_ANCHORS_PER_ROW)}


def headline_state(data: dict[str, Any] | None, not_judged: str | None) -> str:
    """``not_judged``, ``no_opinion`` (no anchor), ``held_back`` (every anchor named on too
    many pages to list), ``nothing_to_list`` or ``rows``."""
    if not_judged is not None:
        return "not_judged"
    assert data is not None
    if not data["anchors"] and _held_back(data):  # as the summary says it, blind spots or not
        return "held_back"
    if not data["anchors"] and not data["anchorless_changes"]:
        return "no_opinion"
    return "rows" if data["docs"] else "nothing_to_list"


def _held_back(data: dict[str, Any]) -> int:
    """How many anchors were over-broad or folded (an artifact written before
    ``folded_anchors`` has none)."""
    return len(data["overbroad_anchors"]) + len(data.get("folded_anchors", []))


def _unseen(data: dict[str, Any], detailed: bool) -> dict[str, Any]:
    """The "what this run could not see" fold: each list shown, or counted at lower detail."""

    def listed(key: str, *fields: str, limit: int = MAX_TEXT) -> Listed:
        rows = [tuple(clip(item[f], limit) for f in fields) for item in data[key]]
        return _listed(rows, detailed, MAX_LISTED)

    bridge = data["bridge_coverage"]
    return {
        "anchorless": listed("anchorless_changes", "path", "reason"),
        "parse_errors": listed("parse_errors", "path", "side", "message"),
        "unreadable": listed("unreadable_pages", "path", "reason"),
        "cross_cutting": listed("cross_cutting_symbols", "token", "routes"),
        "overbroad": _listed([(clip(o["token"]), clip(o["kind"]), clip(overbroad_reason(o)))
                              for o in data["overbroad_anchors"]], detailed, MAX_LISTED),
        "folded": _listed([(clip(f["token"]), clip(f["kind"]), clip(folded_reason(f)))
                           for f in data.get("folded_anchors", [])], detailed, MAX_LISTED),
        "weak": listed("weak_anchors_dropped", "token", "kind"),
        "broken_scans": _listed([clip(s) for s in data["broken_scans"]], detailed, MAX_LISTED),
        "bridge": {
            "measured": bridge["measured"],
            "reason": clip(bridge.get("reason", "no reason given")),
            **{key: bridge.get(key, 0) for key in ("ledger_rows", "client_bound_rows",
                                                   "reachable")},
            "unreachable": _listed(
                [tuple(clip(row[f]) for f in ("route", "client", "ledger"))
                 for row in bridge.get("unreachable", [])], detailed, MAX_LISTED),
        },
        "package_mentions": mere_mention_count(data["package_mention_docs"],
                                               (doc["path"] for doc in data["docs"])),
        "skipped": [(skipped_label(k), v) for k, v in data["skipped"].items() if v],
    }


def _new_api(data: dict[str, Any], detailed: bool) -> Listed:
    """Names the PR adds that no page names yet and that a page naming their siblings could
    take in: (name, file, the likeliest home). Those with no home are left to the report: the
    comment lists what a reader can act on. An artifact written before ``new_api`` existed
    has none."""
    homed = [(clip(entry["token"]), clip(entry["file"]), clip(entry["suggested_pages"][0]))
             for entry in data.get("new_api", []) if entry["suggested_pages"]]
    return _listed(homed, detailed, MAX_LISTED)


def _tree(data: dict[str, Any]) -> dict[str, Any]:
    """Which commit was read and how to get it back: the PR merge commit while it exists,
    else rebuilt from its two parents (GitHub drops ``refs/pull/N/merge`` once a PR closes)."""
    parents = data["computed_on"]["head_parents"]
    head, merge_base = data["head"], data["merge_base"]
    return {
        "head": head,
        "base_parent": parents[0] if len(parents) == 2 else None,
        "head_parent": parents[1] if len(parents) == 2 else None,
        "merge_base": merge_base,
        "dirty": data["computed_on"]["dirty"] is True,
        "rederive": rederive_command(head, merge_base),
    }


def rederive_command(head: str, merge_base: str | None) -> str:
    """docs/concepts/affected-docs.md command that recomputes this result from the same two
    commits."""
    return f"govern affected-docs --json --head {head} {merge_base or '--all'}"


def _names(values: list[str], detailed: bool) -> Listed:
    return _listed(values, detailed, MAX_HEADLINE_NAMES)


DETAIL_LEVELS = 4
"""0: everything; 1: the "could not see" lists counted; 2: release-owned rows counted;
3: editable rows and the headline's names counted too. Level 3 is small whatever the input."""


def parse_docs_refs(text: str, source: str) -> dict[str, Any]:
    """``govern check docs-refs --json`` output, or PayloadError (exit 2) saying what is wrong."""
    return parse_versioned(text, source, 1, "docs-refs.schema.json", "docs-refs output",
                           "pass the file `govern check docs-refs --json` wrote")


def _docs_refs(refs: dict[str, Any] | None, config: CommentConfig, level: int
               ) -> dict[str, Any] | None:
    """The comment's "name code that no longer exists" section: every finding, or only their
    count when they are more than ``row_cap`` or the comment must shrink."""
    if refs is None or not refs["findings"]:
        return None
    findings = sorted(refs["findings"], key=lambda f: (f["page"], f["line"], f["column"]))
    shown = level < 2 and len(findings) <= config.row_cap
    return {"count": len(findings), "shown": [
        {"where": clip(f"{f['page']}:{f['line']}"), "name": clip(f["name"]),
         "suggestion": None if f["suggestion"] is None else clip(f["suggestion"])}
        for f in findings] if shown else None}


def build_context(data: dict[str, Any] | None, config: CommentConfig,
                  not_judged: tuple[str, str] | None = None, level: int = 0,
                  docs_refs: dict[str, Any] | None = None, *,
                  release_owned_gate: bool = False) -> dict[str, Any]:
    """The template's context at one detail level.

    ``not_judged`` is ``(head, reason)`` when affected-docs could not compute on ``head``;
    ``data`` is then an older result to show below the warning, or None. ``docs_refs`` is
    ``govern check docs-refs --json`` output for the same PR, when it was computed.
    ``release_owned_gate`` says whether the release-owned gate runs
    (``gates.enabled("release-owned")``, off in the default preset): only then are the
    release-owned pages read-only for the PR. Where it is off a PR may well be expected to
    edit them (22 of werkzeug's last 30 code commits add their entry to CHANGES.rst).
    """
    state = headline_state(data, None if not_judged is None else not_judged[1])
    context: dict[str, Any] = {
        "state": state, "guardrails_doc": clip(config.guardrails_doc),
        "read_only": release_owned_gate,
        "not_judged": None if not_judged is None else
        {"head": clip(not_judged[0], 64), "reason": clip(not_judged[1], 1000).rstrip(".")},
        "result": None,
        "docs_refs": _docs_refs(docs_refs, config, level),
    }
    if data is None:
        return context
    editable = [d for d in data["docs"] if not d["release_owned"]]
    owned = [d for d in data["docs"] if d["release_owned"]]
    # Evidence order (stale first: certainly wrong now), the order affected-docs wrote kept
    # within a rank; sorted again here because the artifact is untrusted.
    editable.sort(key=lambda d: (not d["stale"], evidence_rank(d)))
    shown = level < 3 and len(editable) <= config.row_cap
    packages = [clip(p.get("name") or p.get("dir") or "?")
                for p in data["changed_packages"]]
    context["result"] = {
        "packages": _names(packages, level < 3),
        "anchor_count": len(data["anchors"]),
        "held_back": _held_back(data),
        # a file govern cannot read is the blind spot the headline names, and one whose only
        # anchors were dropped as weak names another; one read whose changed lines are
        # implementation only is counted apart (the fold lists all three)
        "unreadable": _names([clip(a["path"]) for a in data["anchorless_changes"]
                              if not any(is_kind(a) for is_kind in (
                                  is_implementation_only, is_weak_only, is_foreign,
                                  is_manifest))], level < 3),
        # told apart as the summary tells them: a Rust file or a manifest bump is not the
        # blind spot an oversized module is (h3's package.json had read "cannot read")
        "foreign": _names([clip(a["path"]) for a in data["anchorless_changes"]
                           if is_foreign(a)], level < 3),
        "manifests": _names([clip(a["path"]) for a in data["anchorless_changes"]
                             if is_manifest(a)], level < 3),
        "weak_only": _names([clip(a["path"]) for a in data["anchorless_changes"]
                             if is_weak_only(a)], level < 3),
        "implementation_only": not_covered_counts(data["anchorless_changes"])[2],
        "editable": Listed(len(editable), [_row(d) for d in editable] if shown else None),
        "stale_count": sum(d["stale"] for d in editable),
        "row_cap": config.row_cap,
        "owned": Listed(len(owned), [_row(d) for d in owned]
                        if level < 2 and len(owned) <= config.row_cap else None),
        "new_api": _new_api(data, level < 1),
        "unseen": _unseen(data, level < 1),
        "tree": _tree(data),
    }
    return context


def render_drift(data: dict[str, Any] | None, config: CommentConfig,
                 not_judged: tuple[str, str] | None = None,
                 docs_refs: dict[str, Any] | None = None, *,
                 release_owned_gate: bool = False) -> str:
    """The comment body: the most detailed level that fits GitHub's limit; the release-owned
    pages read-only only while ``release_owned_gate`` runs (:func:`build_context`)."""
    from govern.core.markdown import GITHUB_COMMENT_LIMIT, render_template  # jinja2 only here

    body = ""
    for level in range(DETAIL_LEVELS):
        body = render_template(TEMPLATE, **build_context(
            data, config, not_judged, level, docs_refs, release_owned_gate=release_owned_gate))
        if len(body) <= GITHUB_COMMENT_LIMIT:
            return body
    raise AssertionError(f"the least detailed drift comment is {len(body)} characters")
