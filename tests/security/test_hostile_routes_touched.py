"""Attack: stall the docs-drift job with a new registrar file whose every line is changed.
Each route looked through the changed lines one by one for one inside its registration, and
each token found was looked for in the list of those found: 20,000 routes took 30 s, and
routes spread over blank lines (changed lines, but no nodes to parse) cost more still. The
changed lines are now searched in order (``touches``) and the tokens kept in a set."""

from __future__ import annotations

from govern.drift.anchors.routes import scan_python, touched_routes
from tests.security.pr import within

ROUTES = 5_000
GAP = 60
"""Blank lines after each route: 315,000 changed lines in all."""


def test_a_registrar_changed_on_every_line_is_read_in_linear_time() -> None:
    source = "".join(f"@app.get('/r{i}')\ndef h{i}():\n    return load({i})\n" + "\n" * GAP
                     for i in range(ROUTES)).encode()
    scan = scan_python(source, "app.py")
    every_line = frozenset(range(1, source.count(b"\n") + 1))
    found = within(lambda: touched_routes(source, "python", every_line, scan))
    assert found == [f"/r{i}" for i in range(ROUTES)]
    # a route is touched by a line of its handler, not by the blank lines after it
    seventh = 7 * (3 + GAP) + 1
    assert touched_routes(source, "python", frozenset({seventh + 2, seventh + 3}),
                          scan) == ["/r7"]
