"""The affected-docs result as text for a person at a terminal (``govern demo``)."""

from __future__ import annotations

from govern.core.text import inert_line
from govern.drift.affected import AffectedDocs, Row, skipped_label


def _row_line(row: Row) -> str:
    via = ", ".join(f"{token} ({kind})" for kind, token, _side in row.anchors)
    mark = "  [stale: names something this change removed]" if row.stale else ""
    return f"  - {inert_line(row.path)}  via {via}{mark}"


def render_text(result: AffectedDocs) -> str:
    """Summary, the rows (stale first), the read-only release-owned rows, and what the run
    could not see."""
    lines = [result.summary, ""]
    editable = sorted((r for r in result.docs if not r.release_owned), key=lambda r: not r.stale)
    owned = [r for r in result.docs if r.release_owned]
    if editable:
        lines.append("Pages that name something this change touched:")
        lines.extend(_row_line(row) for row in editable)
        lines.append("")
    if owned:
        lines.append("Release-owned pages (read-only for a code PR):")
        lines.extend(_row_line(row) for row in owned)
        lines.append("")
    if result.new_api:
        lines.append("New API, not yet on any page (suggestions, not rows):")
        lines.extend(f"  - {entry['token']} ({entry['file']})" + (
            f": likely home {', '.join(entry['suggested_pages'])}" if entry["suggested_pages"]
            else ": no page documents its module or siblings") for entry in result.new_api)
        lines.append("")
    unseen = [
        *(f"  - {inert_line(a['path'])}: {a['reason']}" for a in result.anchorless_changes),
        *(f"  - {inert_line(e['path'])} ({e['side']}): {e['message']}"
          for e in result.parse_errors),
        *(f"  - page {inert_line(u['path'])}: {u['reason']}" for u in result.unreadable_pages),
        *(f"  - weak name dropped: {w['token']} ({w['kind']})"
          for w in result.weak_anchors_dropped),
        *(f"  - over-broad anchor dropped: {o['token']} (named on {o['pages']} pages)"
          for o in result.overbroad_anchors),
        *(f"  - {f['token']} ({f['kind']}) is named on {f['pages']} pages: folded, not listed"
          for f in result.folded_anchors),
        *(f"  - cross-cutting symbol bridged to no route: {c['token']} (wired into "
          f"{c['routes']} routes)" for c in result.cross_cutting_symbols),
        *(f"  - broken scan: {broken}" for broken in result.broken_scans),
        *(f"  - skipped {count} {skipped_label(what)}"
          for what, count in result.skipped.items() if count),
    ]
    bridge = result.bridge_coverage
    if bridge.get("measured"):
        unseen.append(f"  - route bridge: {bridge['reachable']} of {bridge['client_bound_rows']} "
                      "client-bound ledger row(s) reach a registered route")
    if result.package_mention_docs:
        unseen.append(f"  - {len(result.package_mention_docs)} page(s) merely mention a changed "
                      "package (not listed: mentioning a package is not naming what changed)")
    if unseen:
        lines.append("What this run could not see:")
        lines.extend(unseen)
    return "\n".join(lines).rstrip() + "\n"
