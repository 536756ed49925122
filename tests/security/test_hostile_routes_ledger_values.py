"""Attack: stall the docs-drift job with a route ledger (or a registrar) whose objects nest
in their keys or values. The ledger reader took the text of every key to find ``route`` and
``client``, and the text of a declined value to quote it: a computed key
(``{[{[{[ … ]: 1}]: 1}]: 1}``) or a value holding more rows (``{route: {route: …}}``) is its
whole subtree, copied at each level: quadratic, 1.1 MB of keys took 39 s and 1.4 MB of routes
18 s (a long string at the bottom multiplies that). The registration query matched every key
against ``path`` by its text too. A computed key is now skipped (it names no field), and a
declined value is quoted from a bounded slice of the source, the same 60 characters."""

from __future__ import annotations

from govern.drift.anchors.ledgers import LedgerRow, scan_ts_ledger
from govern.drift.anchors.routes import scan_typescript
from tests.security.pr import within

DEPTH = 10_000
BOTTOM = '"' + "é" * 1_500_000 + '"'
"""A 3 MB string at the bottom of the nesting: every level above it copied it."""
HONEST = "export const LEDGER = [{ route: 'GET /api/items', client: 'items.list' }];\n"
ROW = LedgerRow("GET", "/api/items", "items.list", 1)


def test_nested_computed_keys_are_skipped_without_copying() -> None:
    source = (HONEST + "x = " + "{[" * DEPTH + BOTTOM + "]: 1}" * DEPTH + ";\n").encode()
    scan = within(lambda: scan_ts_ledger(source, "typescript"))
    assert scan.rows == (ROW,) and scan.declined == ()


def test_nested_route_values_are_quoted_from_a_slice() -> None:
    source = (HONEST + "x = " + "{route: " * DEPTH + BOTTOM + "}" * DEPTH + ";\n").encode()
    scan = within(lambda: scan_ts_ledger(source, "typescript"))
    assert scan.rows == (ROW,) and len(scan.declined) == DEPTH
    assert scan.declined[0] == (f"line 2: route {('{route: ' * 8)[:60]} is not a "
                                "'METHOD /path' string")
    assert scan.declined[-1] == f"line 2: route \"{'é' * 59} is not a 'METHOD /path' string"


def test_nested_client_values_are_quoted_from_a_slice() -> None:
    source = (HONEST + "x = " + "{route: 'GET /a', client: " * DEPTH + BOTTOM + "}" * DEPTH
              + ";\n").encode()
    scan = within(lambda: scan_ts_ledger(source, "typescript"))
    assert scan.rows == (ROW, LedgerRow("GET", "/a", "é" * 1_500_000, 2))
    assert len(scan.declined) == DEPTH - 1
    quoted = ("{route: 'GET /a', client: " * 3)[:60]
    assert scan.declined[0] == f"line 2: client {quoted} is not a plain string"


def test_nested_computed_keys_in_a_registrar_are_skipped_without_copying() -> None:
    depth = DEPTH // 2  # each copied twice before: by the query, then by the reader
    source = ("x = " + "{path: '/x', handler: h, [" * depth + BOTTOM + "]: 1}" * depth
              + ";\n").encode()
    routes = within(lambda: scan_typescript(source, "app.ts", "typescript")).routes
    assert [route.label for route in routes] == ["/x"] * depth
    assert {route.refs for route in routes} == {frozenset({"h"})}
