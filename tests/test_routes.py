"""Route registrars and ledgers read from the syntax tree, one table row per framework."""

from __future__ import annotations

import pytest

from govern.drift.anchors.ledgers import LedgerRow, scan_ledger
from govern.drift.anchors.routes import (
    has_registration_line,
    scan_python,
    scan_typescript,
    touched_routes,
)
from govern.drift.anchors.syntax import is_route_literal
from govern.drift.route_paths import SegmentIndex, route_segments, segments_match

FASTAPI = b'''from fastapi import APIRouter, FastAPI
app = FastAPI()
router = APIRouter(prefix="/meta")

@router.get("/{type}/{name}/audit")
async def audit(type: str, name: str):
    return audit_meta_item(type, name)

@app.post("/items")
def create(item):
    return store_item(item)

app.include_router(router, prefix="/api/v1")
'''
FLASK = b'''bp = Blueprint("billing", __name__, url_prefix="/billing")

@bp.route("/invoices/<int:invoice_id>", methods=["GET", "DELETE"])
def invoice(invoice_id):
    return load_invoice(invoice_id)

@app.route("/health")
def health():
    return "ok"
'''
DJANGO = b'''from django.urls import include, path, re_path
from . import views
urlpatterns = [
    path("reports/<int:pk>/", views.report_detail, name="report"),
    re_path(r"^legacy/$", views.LegacyView.as_view()),
    path("api/", include("shop.api.urls")),
]
'''


@pytest.mark.parametrize(("source", "expected"), [
    (FASTAPI, [("GET /api/v1/meta/{type}/{name}/audit", {"audit", "audit_meta_item"}),
               ("POST /items", {"create", "store_item"})]),
    (FLASK, [("GET /billing/invoices/<int:invoice_id>", {"invoice", "load_invoice"}),
             ("DELETE /billing/invoices/<int:invoice_id>", {"invoice", "load_invoice"}),
             ("GET /health", {"health"})]),
    (DJANGO, [("/reports/{pk}", {"views", "report_detail"}),
              ("/legacy", {"views", "LegacyView", "as_view"})]),
])
def test_python_registrars(source: bytes, expected: list[tuple[str, set[str]]]) -> None:
    routes = scan_python(source, "app.py").routes
    assert [r.label for r in routes] == [label for label, _ in expected]
    for route, (_label, refs) in zip(routes, expected, strict=True):
        assert refs <= route.refs


def test_django_include_is_recorded_with_its_prefix() -> None:
    assert scan_python(DJANGO, "shop/urls.py").includes == (("shop.api.urls", "api/"),)


EXPRESS = b'''const router = express.Router();
router.get('/users/:id', requireAuth, getUser);
app.post("/api/orders", async (req, res) => res.json(await placeOrder(req.body)));
cache.get('/not/a/route');
axios.get('/client/call', config);
'''
HONO = b'''app.get(`${base}/:type/:name/audit`, async (c) => c.json(await auditMetaItem(c)));
'''
WRAPPED = b'''http.get(`${base}/:namespace/values`, (async (req, res) => {
  sendOk(res, await service.getNamespace(req.params.namespace));
}) satisfies RouteHandler);
http.put(`${base}/:namespace/values`, (saveNamespace as Handler));
'''
OBJECTS = b'''export const routes = [
  { method: 'GET', path: '/api/v1/reports/:id', handler: reportHandler },
  { path: '/ui/page', element: Page },
];
fastify.route({ method: 'PUT', url: '/api/v1/items/:id', handler: updateItem });
'''


@pytest.mark.parametrize(("source", "expected"), [
    (EXPRESS, [("GET /users/:id", False, {"requireAuth", "getUser"}),
               ("POST /api/orders", False, {"placeOrder"}),
               ("GET /client/call", False, {"config"})]),
    (HONO, [("GET /:type/:name/audit", True, {"auditMetaItem"})]),
    # a handler in parentheses or under `satisfies`/`as` is the handler it wraps
    (WRAPPED, [("GET /:namespace/values", True, {"getNamespace"}),
               ("PUT /:namespace/values", True, {"saveNamespace"})]),
    (OBJECTS, [("GET /api/v1/reports/:id", False, {"reportHandler"}),
               ("PUT /api/v1/items/:id", False, {"updateItem"})]),
])
def test_typescript_registrars(source: bytes,
                               expected: list[tuple[str, bool, set[str]]]) -> None:
    routes = scan_typescript(source, "app.ts", "typescript").routes
    assert [(r.label, r.tail) for r in routes] == [(label, tail) for label, tail, _ in expected]
    for route, (_label, _tail, refs) in zip(routes, expected, strict=True):
        assert refs <= route.refs


def test_ts_ledger_rows_and_a_partial_read() -> None:
    source = b"""export const LEDGER = [
  { route: 'GET /api/v1/meta/:type/:name/audit', client: 'meta.getAudit' },
  { route: `GET ${prefix}/x`, client: 'x.get' },
  { route: 'GET /api/v1/health' },
];
"""
    scan = scan_ledger(source, "sdk/route-ledger.ts")
    assert scan.rows == (
        LedgerRow("GET", "/api/v1/meta/:type/:name/audit", "meta.getAudit", 2),
        LedgerRow("GET", "/api/v1/health", None, 4))
    assert scan.declined == ("line 3: route `GET ${prefix}/x` is not a 'METHOD /path' string",)


def test_openapi_ledger_prefers_the_sdk_method() -> None:
    source = b"""openapi: 3.0.0
paths:
  /api/v1/items/{id}:
    get: {operationId: getItem}
    put: {operationId: putItem, x-sdk-method: items.update}
    parameters: []
"""
    assert scan_ledger(source, "openapi.yaml").rows == (
        LedgerRow("GET", "/api/v1/items/{id}", "getItem", 0),
        LedgerRow("PUT", "/api/v1/items/{id}", "items.update", 0))
    assert scan_ledger(b"{}", "openapi.json").error == (
        "no `paths` object: not an OpenAPI document")


@pytest.mark.parametrize(("pattern", "tail", "candidate", "matches"), [
    ("/api/v1/meta/:type/:name/audit", False, "/api/v1/meta/object/account/audit", True),
    ("/api/v1/meta/{type}/{name}/audit", False, "/api/v1/meta/:type/:name/audit", True),
    ("/api/v1/meta/:type/:name/audit", False, "/api/v1/meta/object/account", False),
    ("/:type/:name/audit", True, "/api/v1/meta/object/account/audit", True),
    ("/:type/:name/audit", False, "/api/v1/meta/object/account/audit", False),
    ("/:type/:name/audit", True, "/api/v1/meta/object/account/log", False),
])
def test_segments_match(pattern: str, tail: bool, candidate: str, matches: bool) -> None:
    assert segments_match(route_segments(pattern), tail, route_segments(candidate)) is matches


@pytest.mark.parametrize(("value", "is_route"), [
    ("/api/v1/items", True), ("/users/:id", True), ("/", False), ("a/b", False),
    ("/not a route", False), ("/123", False),
])
def test_route_literals(value: str, is_route: bool) -> None:
    assert is_route_literal(value) is is_route


def test_segment_index_finds_what_a_scan_would() -> None:
    paths = ["/api/v1/items/:id", "/api/v1/items/:id/history", "/api/v2/items/:id",
             "/:any/:thing", "/api/items/:id/:sub", "/users/{name}"]
    queries = [("/api/v1/items/42", False), ("/api/v1/items/:x/history", False),
               ("/items/:id", True), ("/:x/history", True), ("/users/ada", False),
               ("/a/b/c", False), ("/:x/:y", True)]
    index: SegmentIndex[str] = SegmentIndex()
    for path in paths:
        index.add(route_segments(path), False, path)
    for query, tail in queries:
        expected = [p for p in paths
                    if segments_match(route_segments(query), tail, route_segments(p))]
        assert sorted(index.find(route_segments(query), tail)) == sorted(expected), query


def test_typescript_registrations_come_once_each_in_source_order() -> None:
    source = (b"const routes = [{ path: '/a', url: '/a2', handler: a },\n"
              b"  { 'path': '/b', handler: app.get('/c', c) }];\n"
              b"app.post('/d', d);\nmap.get('/e');\nconst other = { name: '/f', handler: f };\n")
    scan = scan_typescript(source, "web/r.ts", "typescript")
    # an object with both keys is one registration; the call inside /b's object follows it;
    # a one-argument get and an object without path or url register nothing
    assert [(r.method, r.path, r.line) for r in scan.routes] == [
        (None, "/a", 1), (None, "/b", 2), ("GET", "/c", 2), ("POST", "/d", 3)]


@pytest.mark.parametrize(("line", "hinted"), [
    ("router.get('/users/:id', getUser);", True),
    ("app.get(`${base}/:type/audit`, audit);", True),
    ("app.get(`${api}${version}/items`, list);", True),
    ("server.get<{ Reply: Items }>('/items', list);", True),  # type arguments on the line
    ("app.get(`/api/${version}/items`, list);", True),
    ("{ 'path': '/api/v1/reports', handler: report }", True),
    ("{ path: `${root}/reports`, handler: report }", True),
    ("@app.get(\"/items\")", True),
    ('urlpatterns = [path("items/", views.items)]', True),
    # a template with no `}/` after a substitution is no route the scanners would take
    ("const entry = this.actions.get(`${objectName}:${actionName}`);", False),
    ("emit({ from: type, to: 'http', path: `${path}.type` });", False),
    ("* #5298 extended the same ruling to the non-negated path: `$ne`, `$nin` and", False),
    ("cache.get(key, fallback);", False),
    ("return Promise.all(", False),  # a path on the next line is not looked for
    ("const get = (x: number) => x;", False),
])
def test_registration_hint(line: str, hinted: bool) -> None:
    """The line hint that picks which files are parsed as registrars: every line a scanner
    would read a route from, and not the look-alikes that sent large files to the parser."""
    assert has_registration_line(line.encode()) is hinted


def test_a_handler_refers_to_the_registrations_nested_in_it() -> None:
    """Each handler is walked once, an enclosing one taking the identifiers of those inside it
    as read (tests/security/test_hostile_routes_nested_handlers.py): the refs are its whole
    subtree's all the same."""
    typescript = (b"outer.get('/a', (c) => inner.post('/b', (d) => save(d)));\n"
                  b"const r = { path: '/c', handler: { path: '/d', handler: (x) => run(x) } };\n"
                  b"app.get('/e', h).put('/f', k);\n")
    assert [(r.label, r.refs) for r in scan_typescript(typescript, "a.ts", "typescript").routes] \
        == [("GET /a", {"c", "inner", "post", "d", "save"}), ("POST /b", {"d", "save"}),
            ("/c", {"path", "handler", "x", "run"}), ("/d", {"x", "run"}),
            ("PUT /f", {"k"}), ("GET /e", {"h"})]
    python = (b"@app.get('/a')\ndef a():\n    @app.get('/b')\n    def b():\n"
              b"        return load_b()\n    return b\n"
              b"urlpatterns = [path('c/', wrap(path('d/', views.d)))]\n")
    assert [(r.path, r.refs) for r in scan_python(python, "urls.py").routes] == [
        ("/a", {"a", "app", "get", "b", "load_b"}), ("/b", {"b", "load_b"}),
        ("/c", {"wrap", "path", "views", "d"}), ("/d", {"views", "d"})]


def test_a_route_decorator_under_another_spans_its_handler() -> None:
    source = (b"@cache(60)\n@app.get('/items')\ndef items():\n    return load()\n\n\n"
              b"@app.get('/users')\ndef users():\n    return []\n")
    scan = scan_python(source, "a.py")
    assert touched_routes(source, "python", frozenset({4}), scan) == ["/items"]
    assert touched_routes(source, "python", frozenset({9}), scan) == ["/users"]
    # the decorator above the route's is none of its lines, as before
    assert touched_routes(source, "python", frozenset({1}), scan) == []


def test_touched_routes_are_those_whose_registration_spans_a_changed_line() -> None:
    source = (b"app.get('/a', async (c) => {\n  return c.json(list());\n});\n"
              b"\n"
              b"app.post(`${base}/items/:id/history`, save);\n"
              b"app.put('/a', other);\n")
    scan = scan_typescript(source, "a.ts", "typescript")
    assert touched_routes(source, "typescript", frozenset({2}), scan) == ["/a"]
    assert touched_routes(source, "typescript", frozenset({4}), scan) == []
    # each token once, in the order of the routes
    assert touched_routes(source, "typescript", frozenset({6, 5, 1}), scan) == [
        "/a", "…/items/:id/history"]
