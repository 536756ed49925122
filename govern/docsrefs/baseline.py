"""The baseline: today's docs-refs findings recorded so that only new ones fail. Keys are
(page, kind, name) with a count, so a finding survives its line moving and a second copy of
the same wrong name on the page is still new."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence

from govern.core.errors import PayloadError
from govern.core.text import json_text
from govern.docsrefs.model import DocsRefFinding

VERSION = 1


def render_baseline(findings: Iterable[DocsRefFinding]) -> str:
    counts = Counter(finding.key for finding in findings)
    entries = [{"page": page, "kind": kind, "name": name, "count": count}
               for (page, kind, name), count in sorted(counts.items())]
    return json_text({"version": VERSION, "findings": entries}, indent=2) + "\n"


def parse_baseline(text: str, source: str) -> Counter[tuple[str, str, str]]:
    """The recorded keys with their counts, or PayloadError naming what is wrong."""
    remedy = "write it again with `govern check docs-refs --all --update-baseline --baseline FILE`"
    try:
        document = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise PayloadError(f"{source} is not a docs-refs baseline: {exc}", remedy) from None
    if not isinstance(document, dict) or document.get("version") != VERSION or \
            not isinstance(document.get("findings"), list):
        raise PayloadError(f"{source} is not a docs-refs baseline of version {VERSION}", remedy)
    counts: Counter[tuple[str, str, str]] = Counter()
    for index, entry in enumerate(document["findings"]):
        if not isinstance(entry, dict) or not all(
                isinstance(entry.get(k), str) for k in ("page", "kind", "name")) or \
                not isinstance(entry.get("count"), int) or entry["count"] < 1:
            raise PayloadError(f"{source}: findings[{index}] is not a page/kind/name/count "
                               "entry", remedy)
        counts[(entry["page"], entry["kind"], entry["name"])] += entry["count"]
    return counts


def new_findings(findings: Sequence[DocsRefFinding], baseline: Counter[tuple[str, str, str]]
                 ) -> tuple[DocsRefFinding, ...]:
    """The findings beyond what the baseline records, in page order."""
    left = Counter(baseline)
    kept = []
    for finding in findings:
        if left[finding.key] > 0:
            left[finding.key] -= 1
        else:
            kept.append(finding)
    return tuple(kept)
