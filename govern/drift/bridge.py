"""The route bridge (docs/concepts/affected-docs.md#routes-and-sdk-methods): changed symbols -> the
routes whose handlers reference them -> the SDK methods bound to those routes in a ledger, and back
(a changed SDK method anchors its route). Pure: it takes scans already read and returns anchors,
coverage and broken scans.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from govern.drift.anchors.extract import Candidate
from govern.drift.anchors.ledgers import LedgerRow, LedgerScan
from govern.drift.anchors.routes import RegistrarScan, Route
from govern.drift.route_paths import TAIL_MARK, SegmentIndex, is_specific_tail, route_segments

_SCREAMING_SNAKE = re.compile(r"[A-Z][A-Z0-9_]*")


def is_constant(name: str) -> bool:
    """SCREAMING_SNAKE constants never bridge: handlers consult data tables, they are not
    their implementation."""
    return name.isupper() and _SCREAMING_SNAKE.fullmatch(name) is not None


@dataclass(frozen=True)
class BridgeScans:
    """Everything the bridge reads beyond the diff, already parsed."""

    registrars: dict[str, RegistrarScan]
    """Registrar files by path (auto-detected and configured)."""
    configured: frozenset[str]
    """Files matched by ``routes.registrars``: one that yields no route is a broken scan."""
    ledgers: dict[str, LedgerScan]
    health: BridgeHealth | None = None
    """Coverage and broken scans when the reader already has them for these exact files."""


@dataclass(frozen=True)
class BridgeHealth:
    """Repo-wide: which ledger rows reach a registered route, and which scans are broken."""

    coverage: dict[str, Any]
    broken: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"coverage": self.coverage, "broken": list(self.broken)}

    @staticmethod
    def from_json(data: dict[str, Any]) -> BridgeHealth:
        return BridgeHealth(dict(data["coverage"]), tuple(data["broken"]))


def bridge_health(scans: BridgeScans, routes: list[Route] | None = None) -> BridgeHealth:
    """The reader's memo, else computed: it depends on every registrar and ledger, so it is
    the costly part of a run that reads them all from the cache. ``routes`` are the scans'
    :func:`all_routes` when the caller has them already."""
    if scans.health is not None:
        return scans.health
    routes = all_routes(scans) if routes is None else routes
    return BridgeHealth(coverage(scans, routes), tuple(find_broken(scans, routes)))


@dataclass
class BridgeResult:
    candidates: list[Candidate] = field(default_factory=list)
    cross_cutting: list[dict[str, Any]] = field(default_factory=list)
    coverage: dict[str, Any] = field(default_factory=dict)
    broken: list[str] = field(default_factory=list)
    vague_tails: list[dict[str, str]] = field(default_factory=list)
    """Route tails too short to anchor (``…/auth/*``), published with the weak names."""


def all_routes(scans: BridgeScans) -> list[Route]:
    """Every registered route, Django ``include()`` prefixes joined."""
    mounts = _Mounts.of(inc for scan in scans.registrars.values() for inc in scan.includes)
    routes = []
    for path, scan in sorted(scans.registrars.items()):
        prefix = mounts.prefix(path.removesuffix(".py").replace("/", ".")) if scan.routes else ""
        for route in scan.routes:
            if prefix:
                joined = "/" + "/".join(x for x in (prefix.strip("/"), route.path.strip("/")) if x)
                route = Route(route.method, joined, route.tail, route.file, route.line,
                              route.refs)
            routes.append(route)
    return routes


class _Mounts:
    """Django ``include()`` prefixes by the module they include, a trie of its dotted parts
    from the last: a registrar's module is matched in the length of its name, where it was
    compared with every include (10,000 files by 10,000 includes: seconds)."""

    def __init__(self) -> None:
        self._children: dict[str, _Mounts] = {}
        self._first: tuple[int, str] | None = None
        """(position, prefix) of the first include of exactly this module."""

    @staticmethod
    def of(includes: Iterable[tuple[str, str]]) -> _Mounts:
        root = _Mounts()
        for position, (module, prefix) in enumerate(includes):
            node = root
            for part in reversed(module.split(".")):
                node = node._children.setdefault(part, _Mounts())
            node._first = node._first or (position, prefix)
        return root

    def prefix(self, module: str) -> str:
        """The prefix of the first include naming ``module`` or a dotted tail of it
        (``urls``, ``app.urls`` for ``pkg.app.urls``), "" when none does."""
        first: tuple[int, str] | None = None
        node = self
        for part in reversed(module.split(".")):
            inner = node._children.get(part)
            if inner is None:
                break
            node = inner
            if node._first is not None and (first is None or node._first < first):
                first = node._first
        return first[1] if first is not None else ""


def _rows(scans: BridgeScans) -> list[tuple[str, LedgerRow]]:
    return [(path, row) for path, scan in sorted(scans.ledgers.items()) for row in scan.rows]


def find_broken(scans: BridgeScans, routes: list[Route]) -> list[str]:
    broken = []
    for path, scan in sorted(scans.ledgers.items()):
        if scan.error:
            broken.append(f"ledger {path}: {scan.error}")
        elif not scan.rows:
            broken.append(f"ledger {path}: parses to zero rows")
        for declined in scan.declined:
            broken.append(f"ledger {path}: partial read, {declined}")
    for path in sorted(scans.configured):
        registrar = scans.registrars.get(path)
        if registrar is None or not registrar.routes:
            broken.append(f"registrar {path}: the scan found no route")
    if not routes and any(scan.rows for scan in scans.ledgers.values()):
        broken.append("registrars: the scan found no route in the repository, yet ledgers "
                      "bind routes")
    return broken


def coverage(scans: BridgeScans, routes: list[Route]) -> dict[str, Any]:
    """Repo-wide reach: ledger rows whose client is bound and whose route is registered."""
    rows = _rows(scans)
    bound = [(path, row) for path, row in rows if row.client]
    registered: SegmentIndex[Route] = SegmentIndex()
    for route in routes:
        if not route.tail or is_specific_tail(route.path):  # a vague tail bridges nothing
            registered.add(route_segments(route.path), route.tail, route)
    unreachable = []
    for path, row in bound:
        if not registered.find(route_segments(row.path)):
            label = f"{row.method} {row.path}" if row.method else row.path
            unreachable.append({"route": label, "client": row.client, "ledger": path})
    return {
        "measured": True,
        "ledger_rows": len(rows),
        "client_bound_rows": len(bound),
        "reachable": len(bound) - len(unreachable),
        "unreachable": unreachable,
    }


def bridge(candidates: list[Candidate], scans: BridgeScans, max_routes: int,
           code_shaped: Callable[[str], bool], generic: Callable[[str], bool],
           callers: dict[tuple[str, str], frozenset[str]] | None = None) -> BridgeResult:
    """Route and SDK candidates derived from the change's symbol and route candidates.

    ``code_shaped`` and ``generic`` are the shape and generic-name guards: a generic name does
    not bridge, a member's plain-word name (``run`` of ``MetaResync.run``) bridges only to
    handlers that also name its container, and an SDK method's bare name is added only when
    it would pass them. ``callers`` (file, name) -> the functions of that file reaching
    the name: a helper counts every route reaching it through them, and past ``max_routes``
    it is cross-cutting and mints nothing (docs/concepts/anchoring-rules.md#cross-cutting).
    """
    callers = callers or {}
    routes = all_routes(scans)
    health = bridge_health(scans, routes)
    result = BridgeResult(coverage=health.coverage, broken=list(health.broken))
    rows = _rows(scans)
    bound_rows: SegmentIndex[LedgerRow] = SegmentIndex()
    for _path, row in rows:
        if row.client:
            bound_rows.add(route_segments(row.path), False, row)
    handlers: dict[str, list[Route]] = {}
    for route in routes:
        for ref in route.refs:
            handlers.setdefault(ref, []).append(route)
    # the rows by the bare name of their client, which the reverse hop matches: each changed
    # method scanned every row (10,000 by 10,000: 23 s)
    rows_by_method: dict[str, list[LedgerRow]] = {}
    for _path, row in rows:
        if row.client:
            rows_by_method.setdefault(row.client.rsplit(".", 1)[-1], []).append(row)
    cross_cutting: set[str] = set()
    anchored: list[tuple[Route, Candidate]] = []

    # One declaration has several candidates (its qualified forms); it bridges once. Keyed by
    # file and container too, so a member ``Cache.audit`` does not hide a function ``audit``.
    seen_declarations: set[tuple[str, str | None, str, str]] = set()
    for candidate in candidates:
        declaration = candidate.declaration
        if candidate.kind != "symbol" or declaration is None or not declaration.bridgeable:
            continue
        name = declaration.name
        seen = (candidate.file, declaration.container, name, candidate.side)
        if is_constant(name) or seen in seen_declarations or generic(name):
            continue
        seen_declarations.add(seen)
        reach = {name} | callers.get((candidate.file, name), frozenset())
        wired = list({id(route): route for ref in sorted(reach)
                      for route in handlers.get(ref, [])}.values())
        if declaration.container and not code_shaped(name):
            # ``run`` is any object's method: only a handler that also names the container
            # (``BillingClient().charge(…)``) calls this one.
            wired = [route for route in wired if declaration.container in route.refs]
        if len(wired) > max_routes:
            if name not in cross_cutting:
                cross_cutting.add(name)
                result.cross_cutting.append({"token": name, "routes": len(wired)})
            continue
        anchored.extend((route, candidate) for route in wired)
        # Reverse hop: a changed SDK method anchors the route its ledger row names.
        named = rows_by_method.get(name, [])
        if named and code_shaped(name):
            anchored.extend((Route(row.method, row.path, False, candidate.file, row.line,
                                   frozenset()), candidate) for row in named)
    for candidate in candidates:
        if candidate.kind == "route":
            route = Route(None, candidate.token, False, candidate.file, 0, frozenset())
            anchored.append((route, candidate))

    vague: set[str] = set()
    for route, origin in anchored:
        token = f"{TAIL_MARK}{route.path}" if route.tail else route.path
        if route.tail and not is_specific_tail(route.path):
            if token not in vague:
                vague.add(token)
                result.vague_tails.append({"token": token, "kind": "route"})
            continue
        result.candidates.append(Candidate("route", token, origin.file, origin.side))
        for row in bound_rows.find(route_segments(route.path), tail=True):
            if route.method and row.method and route.method != row.method:
                continue
            if row.client:
                result.candidates.append(Candidate("sdk", row.client, origin.file, origin.side))
                bare = row.client.rsplit(".", 1)[-1]
                if bare != row.client and code_shaped(bare) and not generic(bare):
                    result.candidates.append(Candidate("sdk", bare, origin.file, origin.side))
    return result
