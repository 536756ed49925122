"""Attack: stall the docs-drift job with a change and a repository built to meet every row
of the route bridge. Each changed method looked through every ledger row for its client
(12,000 methods by 12,000 rows), each cross-cutting name and vague route tail through the list
of those found, and each registrar file through every Django ``include()`` for its prefix
(12,000 by 24,000), twice a run: tens of seconds each. Rows are now indexed by their client's
method name, includes by the dotted parts of their module, the names and tails found kept in
sets, and the routes joined once a run."""

from __future__ import annotations

from govern.drift.anchors.extract import Candidate
from govern.drift.anchors.ledgers import LedgerRow, LedgerScan
from govern.drift.anchors.model import Declaration
from govern.drift.anchors.routes import RegistrarScan, Route
from govern.drift.bridge import BridgeResult, BridgeScans, all_routes, bridge
from tests.security.pr import within

MANY = 12_000


def _changed(names: list[str], file: str = "src/sdk.ts") -> list[Candidate]:
    return [Candidate("symbol", name, file, "head", Declaration(name, None, bridgeable=True))
            for name in names]


def _bridge(candidates: list[Candidate], scans: BridgeScans, max_routes: int = 5
            ) -> BridgeResult:
    return within(lambda: bridge(candidates, scans, max_routes, lambda _: True,
                                 lambda name: name == "run"))


def test_changed_sdk_methods_meet_their_rows_by_name() -> None:
    rows = tuple(LedgerRow("GET", f"/api/r{i}", f"sdk.fetch{i}", i + 1) for i in range(MANY))
    scans = BridgeScans({}, frozenset(), {"src/ledger.ts": LedgerScan(rows)})
    result = _bridge(_changed([f"fetch{i}" for i in range(MANY)] + ["unbound"]), scans)
    assert len(result.candidates) == 3 * MANY
    assert result.candidates[:3] == [Candidate("route", "/api/r0", "src/sdk.ts", "head"),
                                     Candidate("sdk", "sdk.fetch0", "src/sdk.ts", "head"),
                                     Candidate("sdk", "fetch0", "src/sdk.ts", "head")]


def test_cross_cutting_names_and_vague_tails_are_each_kept_once() -> None:
    hubs = [f"hub{i}" for i in range(2 * MANY)]
    routes = tuple(Route("GET", f"/x{j}", False, "web/app.ts", j + 1, frozenset(hubs))
                   for j in range(2))
    tails = tuple(Route("GET", f"/t{i}", True, "web/app.ts", 10 + i, frozenset({f"tail{i}"}))
                  for i in range(2 * MANY))
    scans = BridgeScans({"web/app.ts": RegistrarScan(routes + tails)}, frozenset(), {})
    # hub0 and tail0 changed in a second file too: each is still named once
    changed = _changed([*hubs, *(f"tail{i}" for i in range(2 * MANY))], "web/lib.ts") \
        + _changed(["hub0", "tail0"], "web/more.ts")
    result = _bridge(changed, scans, max_routes=1)
    assert result.cross_cutting == [{"token": name, "routes": 2} for name in hubs]
    assert result.vague_tails == [{"token": f"…/t{i}", "kind": "route"}
                                  for i in range(2 * MANY)]
    assert result.candidates == []


def test_registrar_files_meet_their_includes_by_module() -> None:
    files = MANY
    registrars = {f"app{i}/urls.py": RegistrarScan(
        (Route(None, "/items", False, f"app{i}/urls.py", 1, frozenset()),))
        for i in range(files)}
    registrars["other/urls.py"] = RegistrarScan(
        (Route(None, "/a", False, "other/urls.py", 1, frozenset()),))
    registrars["web/app.ts"] = RegistrarScan(
        (Route("GET", "/b", False, "web/app.ts", 1, frozenset()),))
    registrars["site/urls.py"] = RegistrarScan((), tuple(
        [(f"mod{j}.urls", f"m{j}/") for j in range(files)]
        + [(f"app{i}.urls", f"api/v{i}/") for i in range(files)] + [("urls", "late/")]))
    scans = BridgeScans(registrars, frozenset(), {})
    routes = within(lambda: all_routes(scans))
    # the first include naming a module or its dotted tail gives its prefix
    expected = {**{f"app{i}/urls.py": f"/api/v{i}/items" for i in range(files)},
                "other/urls.py": "/late/a", "web/app.ts": "/b"}
    assert [(route.file, route.path) for route in routes] == sorted(expected.items())
