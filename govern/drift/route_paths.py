"""Route paths as segments, shared by the route anchors and the docs index: a param is ``*``,
a path whose prefix is unknown is a tail matched against the end of a longer path."""

from __future__ import annotations

from typing import Generic, TypeVar

T = TypeVar("T")
_PARAM_STARTS = frozenset(":{<*")


def join_paths(prefix: str, path: str) -> str:
    joined = "/" + "/".join(p for p in (prefix.strip("/"), path.strip("/")) if p)
    return joined


TAIL_MARK = "…"
"""Leads a route token whose prefix is unknown: it matches the end of a longer path."""


def segments_match(pattern: tuple[str, ...], tail: bool, candidate: tuple[str, ...]) -> bool:
    """Params (``*``) match any segment; a tail matches the end of a longer path on whole
    segments, and there a static segment of the tail matches only itself — not a param of
    the longer path, or ``…/:type/:name/audit`` would end ``/data/:object/:id``
    (docs/concepts/anchoring-rules.md#route-tails)."""
    if tail:
        if len(candidate) < len(pattern):
            return False
        candidate = candidate[len(candidate) - len(pattern):]
        return all(a == b or a == "*" for a, b in zip(pattern, candidate, strict=True))
    if len(candidate) != len(pattern):
        return False
    return all(a == b or a == "*" or b == "*" for a, b in zip(pattern, candidate, strict=True))


class SegmentIndex(Generic[T]):
    """Paths keyed by their rightmost static segment and its distance from the end, so a
    lookup compares only paths that can match (paths are aligned at their ends, since a tail
    matches the end of a longer path). Hundreds of ledger rows against thousands of routes
    that all end in ``:id`` stay cheap."""

    def __init__(self) -> None:
        self._buckets: dict[tuple[int, str], list[tuple[tuple[str, ...], bool, T]]] = {}
        self._statics_at: dict[int, set[str]] = {}

    @staticmethod
    def _key(segments: tuple[str, ...]) -> tuple[int, str]:
        for distance, segment in enumerate(reversed(segments)):
            if segment != "*":
                return distance, segment
        return -1, "*"  # all params: compared with every query

    def add(self, segments: tuple[str, ...], tail: bool, item: T) -> None:
        if not segments:
            return
        key = self._key(segments)
        self._buckets.setdefault(key, []).append((segments, tail, item))
        self._statics_at.setdefault(key[0], set()).add(key[1])

    def find(self, segments: tuple[str, ...], tail: bool = False) -> list[T]:
        """Items whose path matches ``segments``; whichever side is a tail matches the end
        of the other."""
        if not segments:
            return []
        keys = [(-1, "*")]
        for distance, segment in enumerate(reversed(segments)):
            if segment != "*":
                keys.append((distance, segment))
            else:
                keys.extend((distance, s) for s in self._statics_at.get(distance, ()))
        if tail:  # a tail says nothing of the segments left of it
            keys.extend((distance, s) for distance, statics in self._statics_at.items()
                        if distance >= len(segments) for s in statics)
        found = []
        for key in keys:
            for entry, entry_tail, item in self._buckets.get(key, ()):
                if (segments_match(entry, True, segments) if entry_tail
                        else segments_match(segments, tail, entry)):
                    found.append(item)
        return found


def is_specific_tail(path: str) -> bool:
    """May a route known only by its tail (a dynamic prefix stripped) anchor anything? Only
    when it names a place in the API: at least two static segments (``…/sharing/rules``), or
    a static last segment after at least two named params (``…/:type/:name/audit``). ``…/*``,
    ``…/auth/*`` and ``…/items/:id`` end every other path
    (docs/concepts/anchoring-rules.md#route-tails)."""
    raw = [seg for seg in path.removeprefix(TAIL_MARK).strip("/").split("/") if seg]
    statics = [seg for seg in raw if seg[0] not in _PARAM_STARTS]
    named = [seg for seg in raw if seg[0] in _PARAM_STARTS and seg.strip("*")]
    return len(statics) >= 2 or (bool(raw) and raw[-1][0] not in _PARAM_STARTS
                                 and len(named) >= 2)


def route_segments(path: str) -> tuple[str, ...]:
    """A path's segments with every param (``:id``, ``{id}``, ``<int:id>``) as ``*``."""
    # A param is the whole segment (``:id``, ``{id}``, ``<int:id>``, ``*``): its first
    # character tells, and this runs for every route and ledger row of the repository.
    if path.startswith(TAIL_MARK):
        path = path[len(TAIL_MARK):]
    return tuple(["*" if seg[0] in _PARAM_STARTS else seg
                  for seg in path.strip("/").split("/") if seg])
