"""The overlap matrix read back from ``govern overlap --json`` (docs/how-to/overlap.md), for
``govern comment overlap`` to render what a separate run computed; it posts nothing
(docs/security.md).

The JSON may come from an artifact a fork PR's workflow uploaded, so it is untrusted: it must
conform to ``schemas/overlap.schema.json`` (a wrong field is named by its JSON path; heads are hex
shas before they reach a message), and then each pair must name two listed PRs, the earlier
first, which a schema cannot say. Strings reach the markdown only through the template's
``code``/``md`` filters.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from govern.core.errors import PayloadError
from govern.core.json_input import parse_versioned
from govern.overlap import (
    SCHEMA_VERSION,
    Conflict,
    Overlap,
    OverlapPull,
    Pair,
    Status,
    UnreadableRef,
)

_REMEDY = "pass the output of `govern overlap --github --json` (schema_version 1) unchanged"
_WHAT = "`govern overlap --json` output"


class _Bad(ValueError):
    """The document conforms to the schema but not to what a matrix is."""


@dataclass(frozen=True)
class ReadMatrix:
    """A matrix read back, and which PR it was focused on."""

    overlap: Overlap
    """What the JSON does not carry (merge bases, changed-path sets, merge counts) is empty:
    attribution and rendering never read it."""
    focus: int | None
    """The PR of a ``--pr N`` run, whose pairs alone are present; None: every pair is."""


def _overlap_pull(data: dict[str, Any]) -> OverlapPull:
    return OverlapPull(
        id=data["id"], ref=data["ref"], head=data["head"], merge_base="", names=frozenset(),
        renamed_from=frozenset(), files=data["files"], behind=data["behind"],
        behind_touching=tuple(data["behind_touching"]))


def _pair(data: dict[str, Any]) -> Pair:
    conflicts = tuple(Conflict.from_json(c) for c in data["conflicts"])
    return Pair(data["a"], data["b"], Status(data["status"]), conflicts,
                tuple(data["auto_merged"]))


def _check_pairs(ids: Sequence[int], pairs: Sequence[Pair]) -> None:
    """Each pair names two listed PRs, the earlier first, and no pair comes twice (a set: a
    forged matrix of many PRs stays linear to check)."""
    listed = set(ids)
    seen: set[tuple[int, int]] = set()
    for i, pair in enumerate(pairs):
        if pair.a not in listed or pair.b not in listed or pair.a >= pair.b:
            raise _Bad(f"$.pairs[{i}] is not two listed PRs, the earlier first")
        if (pair.a, pair.b) in seen:
            raise _Bad(f"$.pairs[{i}] repeats {pair.a} and {pair.b}")
        seen.add((pair.a, pair.b))


def _focus(ids: Sequence[int], pairs: Sequence[Pair]) -> int | None:
    """None when every pair of PRs is present; the one PR in every pair when only its pairs
    are (a ``--pr N`` run); anything else is not a matrix govern writes."""
    count = len(ids)
    if len(pairs) == count * (count - 1) // 2:
        return None
    shared = set(ids)
    for pair in pairs:
        shared &= {pair.a, pair.b}
    if len(pairs) == count - 1 and len(shared) == 1:
        return shared.pop()
    raise _Bad(f"its {len(pairs)} pair(s) of {count} PR(s) are neither every pair nor one "
               "PR's pairs")


def parse_overlap(text: str, source: str) -> ReadMatrix:
    """The matrix in ``govern overlap --json`` output, or PayloadError (exit 2) naming the
    first field that is wrong."""
    data = parse_versioned(text, source, SCHEMA_VERSION, "overlap.schema.json", _WHAT, _REMEDY)
    prs = tuple(_overlap_pull(item) for item in data["prs"])
    pairs = tuple(_pair(item) for item in data["pairs"])
    unreadable = tuple(UnreadableRef(item["id"], item["ref"], item["reason"], item["remedy"])
                       for item in data.get("unreadable", ()))
    ids = [pr.id for pr in prs]
    try:
        if len(set(ids)) != len(ids):
            raise _Bad("$.prs lists a PR id twice")
        if set(ids) & {ref.id for ref in unreadable}:
            raise _Bad("$.unreadable lists a PR that $.prs lists as read")
        _check_pairs(ids, pairs)
        focus = _focus(ids, pairs)
    except _Bad as exc:
        raise PayloadError(f"{source} is not {_WHAT}: {exc}", _REMEDY) from None
    return ReadMatrix(Overlap(data["base"], prs, pairs, merged=0, from_cache=0,
                              unreadable=unreadable), focus)
