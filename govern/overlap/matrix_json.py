"""The overlap matrix read back from ``govern overlap --json`` (docs/how-to/overlap.md), for
``govern comment overlap`` to render and post what a separate run computed (the fork-safe path of
docs/concepts/delivery.md).

The JSON may come from an artifact a fork PR's workflow uploaded, so it is untrusted: every
field is checked and named by its path when wrong, heads must be hex shas before they reach a
message, and each pair must name two listed PRs, the earlier first. Strings reach the markdown
only through the template's ``code``/``md`` filters.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from govern.core.errors import PayloadError
from govern.core.json_input import parse_versioned
from govern.overlap import (
    SCHEMA_VERSION,
    Conflict,
    ConflictHunk,
    Overlap,
    OverlapPull,
    Pair,
    Status,
)

_REMEDY = "pass the output of `govern overlap --github --json` (schema_version 1) unchanged"
_SHA = re.compile(r"[0-9a-f]{40}|[0-9a-f]{64}")


class _Bad(ValueError):
    """One field of the document is wrong: its path, and what was expected there."""


@dataclass(frozen=True)
class ReadMatrix:
    """A matrix read back, and which PR it was focused on."""

    overlap: Overlap
    """What the JSON does not carry (merge bases, changed-path sets, merge counts) is empty:
    attribution and rendering never read it."""
    focus: int | None
    """The PR of a ``--pr N`` run, whose pairs alone are present; None: every pair is."""


def _at(data: Any, key: str, where: str) -> Any:
    if not isinstance(data, dict):
        raise _Bad(f"{where} is not an object")
    if key not in data:
        raise _Bad(f"{where}.{key} is missing")
    return data[key]


def _str(data: Any, key: str, where: str) -> str:
    value = _at(data, key, where)
    if not isinstance(value, str):
        raise _Bad(f"{where}.{key} is not a string")
    return value


def _int(data: Any, key: str, where: str, least: int) -> int:
    value = _at(data, key, where)
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        raise _Bad(f"{where}.{key} is not a whole number of at least {least}")
    return value


def _list(data: Any, key: str, where: str) -> list[Any]:
    value = _at(data, key, where)
    if not isinstance(value, list):
        raise _Bad(f"{where}.{key} is not a list")
    return value


def _strings(data: Any, key: str, where: str) -> tuple[str, ...]:
    items = _list(data, key, where)
    for i, item in enumerate(items):
        if not isinstance(item, str):
            raise _Bad(f"{where}.{key}[{i}] is not a string")
    return tuple(items)


def _overlap_pull(data: Any, where: str) -> OverlapPull:
    head = _str(data, "head", where)
    if not _SHA.fullmatch(head):
        raise _Bad(f"{where}.head is not a commit sha")
    return OverlapPull(
        id=_int(data, "id", where, 1), ref=_str(data, "ref", where), head=head,
        merge_base="", names=frozenset(), renamed_from=frozenset(),
        files=_int(data, "files", where, 0), behind=_int(data, "behind", where, 0),
        behind_touching=_strings(data, "behind_touching", where))


def _conflict(data: Any, where: str) -> Conflict:
    hunks = tuple(
        ConflictHunk(_int(hunk, "start", at, 1), _int(hunk, "end", at, 1),
                     _str(hunk, "ours", at), _str(hunk, "theirs", at))
        for at, hunk in _indexed(_list(data, "hunks", where), f"{where}.hunks"))
    return Conflict(_str(data, "path", where), _str(data, "type", where), hunks)


def _pair(data: Any, where: str) -> Pair:
    status = _str(data, "status", where)
    if status not in {str(s) for s in Status}:
        raise _Bad(f"{where}.status is not one of clean, conflict, skipped")
    conflicts = tuple(_conflict(item, at) for at, item in
                      _indexed(_list(data, "conflicts", where), f"{where}.conflicts"))
    return Pair(_int(data, "a", where, 1), _int(data, "b", where, 1), Status(status),
                conflicts, _strings(data, "auto_merged", where))


def _indexed(items: list[Any], where: str) -> list[tuple[str, Any]]:
    return [(f"{where}[{i}]", item) for i, item in enumerate(items)]


def _check_pairs(ids: Sequence[int], pairs: Sequence[Pair]) -> None:
    """Each pair names two listed PRs, the earlier first, and no pair comes twice."""
    seen: set[tuple[int, int]] = set()
    for i, pair in enumerate(pairs):
        if pair.a not in ids or pair.b not in ids or pair.a >= pair.b:
            raise _Bad(f"pairs[{i}] is not two listed PRs, the earlier first")
        if (pair.a, pair.b) in seen:
            raise _Bad(f"pairs[{i}] repeats {pair.a} and {pair.b}")
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
    data = parse_versioned(text, source, SCHEMA_VERSION, _REMEDY)
    try:
        prs = tuple(_overlap_pull(item, at) for at, item in
                    _indexed(_list(data, "prs", "$"), "prs"))
        ids = [pr.id for pr in prs]
        if len(set(ids)) != len(ids):
            raise _Bad("prs lists a PR id twice")
        pairs = tuple(_pair(item, at) for at, item in
                      _indexed(_list(data, "pairs", "$"), "pairs"))
        _check_pairs(ids, pairs)
        overlap = Overlap(_str(data, "base", "$"), prs, pairs, merged=0, from_cache=0)
        return ReadMatrix(overlap, _focus(ids, pairs))
    except _Bad as exc:
        raise PayloadError(f"{source} is not `govern overlap --json` output: {exc}",
                           _REMEDY) from None
