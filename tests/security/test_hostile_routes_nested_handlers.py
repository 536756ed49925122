"""Attack: stall the docs-drift job with route registrations nested in each other's handlers in a
changed registrar: ``app.get('/x', app.get('/x', … h))``, ``{path: '/x', handler: {path: …}}``,
``app.get('/x', h).get('/x', h)…``, Django ``path('x', path('x', … v))``. Each registration
walked its handler's whole subtree, walking every registration inside it again, and the
registration query kept a match in progress for every call and object open around the node it
visited: quadratic in the depth, 2,000 nested calls took 20 s, 20,000 nested objects or
chained calls 40 s. With a name of its own at each level, the routes' references alone were
quadratic too. Each handler is now walked once, an enclosing one taking the identifiers of
those inside it as already read, the query matches single nodes only, and a registration in
more than ``MAX_NESTED_HANDLERS`` handlers is no route. A route still refers to every
identifier of its handler, nested registrations included."""

from __future__ import annotations

from govern.drift.anchors.routes import MAX_NESTED_HANDLERS, scan_python, scan_typescript
from tests.security.pr import within

DEPTH = 5_000
"""Registrations nested this deep: a minute before, a fraction of a second now."""
READ = MAX_NESTED_HANDLERS + 1
"""The outermost registrations of a nest, read as routes."""


def test_calls_nested_in_handlers_are_read_in_linear_time() -> None:
    source = ("".join(f"a{i}.get('/x', " for i in range(DEPTH)) + "h" + ")" * DEPTH + ";\n"
              "app.post('/y', (c) => saveItem(c));\n").encode()
    routes = within(lambda: scan_typescript(source, "app.ts", "typescript")).routes
    assert [route.label for route in routes] == ["GET /x"] * READ + ["POST /y"]
    # the whole handler: the calls inside it too, read as routes or not
    for level, route in enumerate(routes[:READ]):
        assert route.refs == {f"a{i}" for i in range(level + 1, DEPTH)} | {"get", "h"}
    assert routes[-1].refs == {"c", "saveItem"}


def test_chained_registrations_are_read_in_linear_time() -> None:
    chained = 5 * DEPTH  # each call adds less to the query's cost than a nested one
    source = ("app" + ".get('/x', h)" * chained + ";\n").encode()
    routes = within(lambda: scan_typescript(source, "app.ts", "typescript")).routes
    assert len(routes) == chained  # a chain is no nesting in handlers: all are routes
    assert {route.refs for route in routes} == {frozenset({"h"})}


def test_objects_nested_in_handlers_are_read_in_linear_time() -> None:
    source = ("export const routes = "
              + "{path: '/x', method: 'GET', handler: " * DEPTH + "h" + "}" * DEPTH + ";\n"
              "export const more = [{path: '/y', handler: listItems}];\n").encode()
    routes = within(lambda: scan_typescript(source, "app.ts", "typescript")).routes
    assert [route.label for route in routes] == ["GET /x"] * READ + ["/y"]
    assert {route.refs for route in routes[:READ]} == {
        frozenset({"path", "method", "handler", "h"})}
    assert routes[-1].refs == {"listItems"}


def test_django_paths_nested_in_views_are_read_in_linear_time() -> None:
    source = ("urlpatterns = [" + "path('x', " * DEPTH + "views.item" + ")" * DEPTH + ",\n"
              "    path('reports/<int:pk>/', views.report)]\n").encode()
    routes = within(lambda: scan_python(source, "shop/urls.py")).routes
    assert [route.path for route in routes] == ["/x"] * READ + ["/reports/{pk}"]
    assert {route.refs for route in routes[:READ]} == {frozenset({"path", "views", "item"})}
    assert routes[-1].refs == {"views", "report"}
