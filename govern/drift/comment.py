"""The Docs Drift Check comment (docs/how-to/docs-drift.md): the affected-docs JSON read strictly,
turned into the template's context, and rendered within GitHub's comment limit.

The JSON may come from an artifact a fork PR's workflow uploaded, so it is untrusted: its shape
is checked here, shas must be hex before they reach a shell command line, and every string
reaches the markdown only through the template's ``code``/``md`` filters. The body fits
65,536 characters by construction: detail degrades to counts, level by level, until it fits.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from govern.config import CommentConfig
from govern.core.errors import PayloadError
from govern.core.json_input import parse_versioned
from govern.drift.affected import RULE_RANKS, SCHEMA_VERSION, skipped_label

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

_SHA = re.compile(r"[0-9a-f]{40,64}")
# key -> the JSON type affected-docs writes there (docs/concepts/affected-docs.md#output); anything
# else is not its output.
_SHAPE: dict[str, type | tuple[type, ...]] = {
    "summary": str, "base": (str, type(None)), "head": str, "merge_base": (str, type(None)),
    "computed_on": dict, "changed_packages": list, "anchors": list, "docs": list,
    "release_owned_docs": list, "anchorless_changes": list, "parse_errors": list,
    "unreadable_pages": list, "weak_anchors_dropped": list, "overbroad_anchors": list,
    "cross_cutting_symbols": list, "package_mention_docs": list, "bridge_coverage": dict,
    "broken_scans": list, "skipped": dict,
}
_REMEDY = "pass the output of `govern affected-docs --json` (schema_version 1) unchanged"


def parse_result(text: str, source: str) -> dict[str, Any]:
    """The affected-docs JSON object, or PayloadError (exit 2) saying what is wrong with it."""
    data = parse_versioned(text, source, SCHEMA_VERSION, _REMEDY)
    problems = [key for key, kind in _SHAPE.items() if not isinstance(data.get(key), kind)]
    problems += [key for key in ("head", "merge_base")
                 if isinstance(data.get(key), str) and not _SHA.fullmatch(data[key])]
    if problems:
        raise PayloadError(f"{source} is not affected-docs output: bad or missing "
                           + ", ".join(problems), _REMEDY)
    return data


def clip(value: Any, limit: int = MAX_TEXT) -> str:
    """``value`` as one line of at most ``limit`` characters."""
    text = " ".join(str(value).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _items(data: dict[str, Any], key: str) -> list[dict[str, Any]]:
    """The objects of a list key; stray non-objects are dropped rather than crash a render."""
    return [item for item in data.get(key, []) if isinstance(item, dict)]


def _count(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _sha(value: Any) -> str | None:
    return value if isinstance(value, str) and _SHA.fullmatch(value) else None


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


def _evidence(doc: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for e in doc.get("evidence", []) if isinstance(e, dict)] if isinstance(
        doc.get("evidence"), list) else []


def _lines(evidence: dict[str, Any]) -> list[int]:
    lines = evidence.get("lines")
    return [n for n in lines if _count(n) > 0] if isinstance(lines, list) else []


def evidence_rank(doc: dict[str, Any]) -> int:
    """A row's rank from its evidence rules (docs/concepts/ranking.md); a row without known
    evidence ranks last, so a tampered artifact cannot lift a row above a stale one."""
    return min((RULE_RANKS.get(e.get("rule"), len(RULE_RANKS)) for e in _evidence(doc)
                if isinstance(e.get("rule"), str)), default=len(RULE_RANKS))


def _row(doc: dict[str, Any]) -> dict[str, Any]:
    evidence = _evidence(doc)
    first = min((n for e in evidence for n in _lines(e)), default=None)
    if evidence:
        via = [(clip(e.get("token", "")), clip(e.get("kind", ""), 20)) for e in evidence]
    else:
        via = [(clip(a.get("token", "")), clip(a.get("kind", ""), 20))
               for a in doc.get("anchors", []) if isinstance(a, dict)]
    path = clip(doc.get("path", ""))
    return {"path": path, "where": path if first is None else f"{path}:{first}",
            "stale": doc.get("stale") is True,
            "anchors": _listed(via, True, MAX_ANCHORS_PER_ROW)}


def headline_state(data: dict[str, Any] | None, not_judged: str | None) -> str:
    """``not_judged``, ``no_opinion`` (no anchor), ``nothing_to_list`` or ``rows``."""
    if not_judged is not None:
        return "not_judged"
    assert data is not None
    if not data["anchors"]:
        return "no_opinion"
    return "rows" if data["docs"] else "nothing_to_list"


def _unseen(data: dict[str, Any], detailed: bool) -> dict[str, Any]:
    """The "what this run could not see" fold: each list shown, or counted at lower detail."""

    def listed(key: str, *fields: str, limit: int = MAX_TEXT) -> Listed:
        rows = [tuple(clip(item.get(f, ""), limit) for f in fields) for item in _items(data, key)]
        return _listed(rows, detailed, MAX_LISTED)

    bridge = data["bridge_coverage"]
    return {
        "anchorless": listed("anchorless_changes", "path", "reason"),
        "parse_errors": listed("parse_errors", "path", "side", "message"),
        "unreadable": listed("unreadable_pages", "path", "reason"),
        "cross_cutting": listed("cross_cutting_symbols", "token", "routes"),
        "overbroad": listed("overbroad_anchors", "token", "kind", "pages"),
        "weak": listed("weak_anchors_dropped", "token", "kind"),
        "broken_scans": _listed([clip(s) for s in data["broken_scans"]], detailed, MAX_LISTED),
        "bridge": {
            "measured": bridge.get("measured") is True,
            "reason": clip(bridge.get("reason", "no reason given")),
            **{key: _count(bridge.get(key)) for key in ("ledger_rows", "client_bound_rows",
                                                        "reachable")},
            "unreachable": _listed(
                [tuple(clip(row.get(f, "")) for f in ("route", "client", "ledger"))
                 for row in bridge.get("unreachable", []) if isinstance(row, dict)]
                if isinstance(bridge.get("unreachable"), list) else [], detailed, MAX_LISTED),
        },
        "package_mentions": len(data["package_mention_docs"]),
        "skipped": [(skipped_label(clip(k, 40)), _count(v))
                    for k, v in data["skipped"].items() if _count(v)],
    }


def _tree(data: dict[str, Any]) -> dict[str, Any]:
    """Which commit was read and how to get it back: the PR merge commit while it exists,
    else rebuilt from its two parents (GitHub drops ``refs/pull/N/merge`` once a PR closes)."""
    parents = [p for p in data["computed_on"].get("head_parents", []) if _sha(p)]
    head, merge_base = data["head"], data["merge_base"]
    return {
        "head": head,
        "base_parent": parents[0] if len(parents) == 2 else None,
        "head_parent": parents[1] if len(parents) == 2 else None,
        "merge_base": merge_base,
        "dirty": data["computed_on"].get("dirty") is True,
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


def build_context(data: dict[str, Any] | None, config: CommentConfig,
                  not_judged: tuple[str, str] | None = None, level: int = 0) -> dict[str, Any]:
    """The template's context at one detail level.

    ``not_judged`` is ``(head, reason)`` when affected-docs could not compute on ``head``;
    ``data`` is then an older result to show below the warning, or None.
    """
    state = headline_state(data, None if not_judged is None else not_judged[1])
    context: dict[str, Any] = {
        "state": state, "guardrails_doc": clip(config.guardrails_doc),
        "not_judged": None if not_judged is None else
        {"head": clip(not_judged[0], 64), "reason": clip(not_judged[1], 1000).rstrip(".")},
        "result": None,
    }
    if data is None:
        return context
    editable = [d for d in _items(data, "docs") if d.get("release_owned") is not True]
    owned = [d for d in _items(data, "docs") if d.get("release_owned") is True]
    # Evidence order (stale first: certainly wrong now), the order affected-docs wrote kept
    # within a rank; sorted again here because the artifact is untrusted.
    editable.sort(key=lambda d: (d.get("stale") is not True, evidence_rank(d)))
    shown = level < 3 and len(editable) <= config.row_cap
    packages = [clip(p.get("name") or p.get("dir") or "?")
                for p in _items(data, "changed_packages")]
    context["result"] = {
        "packages": _names(packages, level < 3),
        "anchor_count": len(data["anchors"]),
        "anchorless": _names([clip(a.get("path", "")) for a in _items(data, "anchorless_changes")],
                             level < 3),
        "editable": Listed(len(editable), [_row(d) for d in editable] if shown else None),
        "stale_count": sum(d.get("stale") is True for d in editable),
        "row_cap": config.row_cap,
        "owned": Listed(len(owned), [_row(d) for d in owned]
                        if level < 2 and len(owned) <= config.row_cap else None),
        "unseen": _unseen(data, level < 1),
        "tree": _tree(data),
    }
    return context


def render_drift(data: dict[str, Any] | None, config: CommentConfig,
                 not_judged: tuple[str, str] | None = None) -> str:
    """The comment body: the most detailed level that fits GitHub's limit."""
    from govern.core.markdown import GITHUB_COMMENT_LIMIT, render_template  # jinja2 only here

    body = ""
    for level in range(DETAIL_LEVELS):
        body = render_template(TEMPLATE, **build_context(data, config, not_judged, level))
        if len(body) <= GITHUB_COMMENT_LIMIT:
            return body
    raise AssertionError(f"the least detailed drift comment is {len(body)} characters")
