"""Routes registered as one chain (Hono's RPC style, ``new Hono().get(…).post(…)``): a changed
line anchors the route whose own part of the chain holds it, from its verb to its call's
closing parenthesis, and none of the routes chained before or after it
(docs/concepts/anchoring-rules.md#inline-handlers). Registrations written one statement each
list as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.drift.anchors.routes import scan_typescript
from tests.helpers import pr_repo, rows, run_json

CHAIN_TS = """import { Hono } from 'hono'
import { storeAvatar } from './avatars'

export const app = new Hono()
  .get('/users', (c) => {
    return c.json([])
  })
  .post('/users/:id/avatar', async (c) => {
    await storeAvatar(c.req.param('id'))
    return c.json({ ok: true })
  })
  // signing out
  .delete('/sessions', (c) => {
    return c.text('bye')
  })
"""
AVATARS_TS = """export async function storeAvatar(id: string) {
  return { id, stored: true }
}
"""
PLAIN_TS = """import { Hono } from 'hono'

const health = new Hono()

health.get('/health', (c) => {
  return c.text('ok')
})
health.get('/ready', (c) => c.text('ready'))
"""
OBJECTS_TS = """export const routes = [
  { method: 'GET', path: '/reports', handler: (c) => {
    return c.json(listReports())
  } },
  { method: 'GET', path: '/exports', handler: (c) => c.json([]) },
]
"""
FASTAPI_PY = """from fastapi import FastAPI

app = FastAPI()


@app.get("/items")
def list_items():
    return load_items()


@app.get("/orders")
def list_orders():
    return load_orders()
"""
DJANGO_PY = """from django.urls import path

from . import views

urlpatterns = [
    path("invoices/", views.invoices),
    path("refunds/", views.refunds),
]
"""
PAGES = {
    "docs/users.md": "List them with `/users`.\n",
    "docs/avatar.md": "Upload a picture to `/users/:id/avatar`.\n",
    "docs/sessions.md": "Sign out with `/sessions`.\n",
    "docs/health.md": "Probe `/health`.\n",
    "docs/ready.md": "Probe `/ready`.\n",
    "docs/reports.md": "Read `/reports`.\n",
    "docs/exports.md": "Read `/exports`.\n",
    "docs/items.md": "Fetch `/items`.\n",
    "docs/orders.md": "Fetch `/orders`.\n",
    "docs/invoices.md": "See `/invoices`.\n",
    "docs/refunds.md": "See `/refunds`.\n",
}
BASE = {"package.json": '{"name": "api"}\n', "src/app.ts": CHAIN_TS,
        "src/avatars.ts": AVATARS_TS, "src/health.ts": PLAIN_TS, "src/routes.ts": OBJECTS_TS,
        "api/main.py": FASTAPI_PY, "api/urls.py": DJANGO_PY, **PAGES}


@pytest.mark.parametrize(("path", "old", "new", "listed"), [
    # a handler's body: its own route, not the routes chained before or after it
    ("src/app.ts", "ok: true", "ok: false", {"docs/avatar.md": ["/users/:id/avatar"]}),
    ("src/app.ts", "c.json([])", "c.json([{ id: 1 }])", {"docs/users.md": ["/users"]}),
    ("src/app.ts", "c.text('bye')", "c.text('goodbye')", {"docs/sessions.md": ["/sessions"]}),
    # the verb's line is the route's own
    ("src/app.ts", "(c) => {\n    return c.json([])", "(ctx) => {\n    return ctx.json([])",
     {"docs/users.md": ["/users"]}),
    # the app's construction is no route's own part
    ("src/app.ts", "new Hono()", "new Hono({ strict: false })", {}),
    # a helper reaches the one handler that calls it
    ("src/avatars.ts", "stored: true", "stored: Date.now()",
     {"docs/avatar.md": ["/users/:id/avatar"]}),
    # one statement each, as before
    ("src/health.ts", "c.text('ok')", "c.text('up')", {"docs/health.md": ["/health"]}),
    ("src/health.ts", "c.text('ready')", "c.text('yes')", {"docs/ready.md": ["/ready"]}),
    ("src/routes.ts", "listReports()", "listReports(c)", {"docs/reports.md": ["/reports"]}),
    ("api/main.py", "load_items()", "load_items(limit=10)", {"docs/items.md": ["/items"]}),
    ("api/urls.py", "views.refunds", "views.refund_list", {"docs/refunds.md": ["/refunds"]}),
])
def test_a_chained_route_is_anchored_by_its_own_part(tmp_path: Path, path: str, old: str,
                                                     new: str,
                                                     listed: dict[str, list[str]]) -> None:
    assert old in BASE[path]
    repo = pr_repo(tmp_path, BASE, {path: BASE[path].replace(old, new, 1)})
    assert rows(run_json(repo, "main")) == listed


def test_each_route_of_a_chain_has_its_own_line_and_handler() -> None:
    """The scan the bridge reads: each link of the chain is a route on its verb's line, with
    the identifiers of its own handler only."""
    routes = scan_typescript(CHAIN_TS.encode(), "src/app.ts", "typescript").routes
    assert sorted((r.line, r.label, "storeAvatar" in r.refs) for r in routes) == [
        (5, "GET /users", False), (8, "POST /users/:id/avatar", True),
        (13, "DELETE /sessions", False)]
    plain = scan_typescript(PLAIN_TS.encode(), "src/health.ts", "typescript").routes
    assert [(r.line, r.label) for r in plain] == [(5, "GET /health"), (8, "GET /ready")]
