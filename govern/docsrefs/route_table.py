"""The routes the repository registers, and resolving a page's ``METHOD /path`` against them.
A route is *missing* only where the repository registers routes under the same first segment:
a page describing another service's API is not this repository's."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from govern.docsrefs.model import Resolution, Status
from govern.drift.anchors.routes import Route
from govern.drift.route_paths import TAIL_MARK, SegmentIndex, route_segments


@dataclass(frozen=True)
class RouteTable:
    index: SegmentIndex[Route]
    prefixes: frozenset[str]
    """First static segments of the registered routes (``api`` of ``/api/v1/items``)."""
    labels: tuple[str, ...]

    def resolve(self, reference: str) -> Resolution:
        method, _, path = reference.partition(" ")
        segments = route_segments(path)
        if not segments or segments[0] not in self.prefixes:
            return Resolution(Status.OUT_OF_SCOPE)
        for route in self.index.find(segments):
            if route.method is None or route.method == method:
                return Resolution(Status.RESOLVED)
        return Resolution(Status.MISSING, reference, "the registered routes", self.labels)


def build_route_table(routes: Iterable[Route]) -> RouteTable:
    index: SegmentIndex[Route] = SegmentIndex()
    prefixes: set[str] = set()
    labels: list[str] = []
    for route in routes:
        segments = route_segments(route.path)
        index.add(segments, route.tail or route.path.startswith(TAIL_MARK), route)
        if segments and segments[0] != "*" and not route.tail:
            prefixes.add(segments[0])
        labels.append(route.label)
    return RouteTable(index, frozenset(prefixes), tuple(sorted(set(labels))))
