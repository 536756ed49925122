"""The route bridge end to end on real repositories: symbol -> route -> SDK -> page, each
hop's negative, the cross-cutting cap, constants, broken scans and --bridge-coverage."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from govern.cli import cli
from govern.drift.anchors.routes import RegistrarScan, Route
from govern.drift.bridge import BridgeScans, all_routes
from tests.gitrepo import make_repo

LEDGER = ("export const LEDGER = [\n"
          "  { route: 'GET /api/v1/meta/:type/:name/audit', client: 'meta.getAudit' },\n"
          "  { route: 'GET /api/v1/other/:type/history', client: 'other.getOther' },\n"
          "];\n")
DOCS = {
    "docs/rest.md": "Call `GET /api/v1/meta/object/account/audit`.\n",
    "docs/sdk.md": "Use `client.meta.getAudit('object', 'account')`.\n",
    "docs/other.md": "Call `other.getOther()`.\n",
}
SERVICE_PY = "def audit_meta_item(type, name):\n    return [type, name]\n"
SERVICE_TS = "export function auditMetaItem(t: string) {\n  return [t];\n}\n"

REGISTRARS = {
    "fastapi": {"api/app.py": (
        'router = APIRouter(prefix="/meta")\n\n'
        '@router.get("/{type}/{name}/audit")\n'
        "def audit_route(type, name):\n    return audit_meta_item(type, name)\n\n"
        'app.include_router(router, prefix="/api/v1")\n')},
    "flask": {"api/app.py": (
        'bp = Blueprint("meta", __name__, url_prefix="/api/v1/meta")\n\n'
        '@bp.route("/<type>/<name>/audit", methods=["GET"])\n'
        "def audit_route(type, name):\n    return audit_meta_item(type, name)\n")},
    "django": {
        "shop/urls.py": 'urlpatterns = [path("api/v1/", include("meta.urls"))]\n',
        "meta/urls.py": 'urlpatterns = [path("meta/<str:type>/<str:name>/audit", '
                        "audit_meta_item)]\n"},
    "express": {"web/app.ts": (
        "app.get('/api/v1/meta/:type/:name/audit', (req, res) => "
        "res.json(auditMetaItem(req.params.type)));\n")},
    "hono": {"web/app.ts": (
        "app.get(`${base}/:type/:name/audit`, async (c) => c.json(auditMetaItem(c)));\n")},
    "objects": {"web/app.ts": (
        "export const routes = [{ method: 'GET', path: '/api/v1/meta/:type/:name/audit', "
        "handler: (c) => auditMetaItem(c) }];\n")},
}


def run(repo_root: Path, *args: str) -> tuple[int, dict[str, Any]]:
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo_root), "affected-docs", "--json",
                                      *args])
    return result.exit_code, json.loads(result.stdout)


def chain_repo(tmp_path: Path, framework: str, extra: dict[str, str] | None = None):
    python = framework in ("fastapi", "flask", "django")
    service = ("api/service.py", SERVICE_PY) if python else ("web/service.ts", SERVICE_TS)
    base = {**REGISTRARS[framework], service[0]: service[1], "sdk/route-ledger.ts": LEDGER,
            **DOCS, **(extra or {})}
    repo = make_repo(tmp_path / "repo", base)
    repo.branch("pr")
    repo.commit({service[0]: service[1].replace("[type", "[ type").replace("[t]", "[t, t]")})
    return repo


@pytest.mark.parametrize("framework", sorted(REGISTRARS))
def test_symbol_route_sdk_page_chain(tmp_path: Path, framework: str) -> None:
    repo = chain_repo(tmp_path, framework)
    code, data = run(repo.root, "main")
    assert code == 0
    by_kind = {(a["kind"], a["token"]) for a in data["anchors"]}
    assert ("sdk", "meta.getAudit") in by_kind and ("sdk", "getAudit") in by_kind
    assert any(kind == "route" for kind, _ in by_kind)
    rows = {row["path"]: {a["kind"] for a in row["anchors"]} for row in data["docs"]}
    assert rows == {"docs/rest.md": {"route"}, "docs/sdk.md": {"sdk"}}
    assert data["bridge_coverage"]["measured"] is True
    assert data["broken_scans"] == []


def test_prefixes_are_joined(tmp_path: Path) -> None:
    repo = chain_repo(tmp_path, "fastapi")
    _, data = run(repo.root, "main")
    routes = [a["token"] for a in data["anchors"] if a["kind"] == "route"]
    assert routes == ["/api/v1/meta/{type}/{name}/audit"]


def test_a_symbol_no_handler_uses_anchors_no_route(tmp_path: Path) -> None:
    repo = chain_repo(tmp_path, "express",
                      {"web/unused.ts": "export function formatThing() {\n  return 1;\n}\n"})
    repo.commit({"web/unused.ts": "export function formatThing() {\n  return 2;\n}\n"})
    _, data = run(repo.root, "pr~1")
    assert {a["kind"] for a in data["anchors"]} == {"symbol"}
    assert data["bridge_coverage"]["measured"] is True


def test_a_row_whose_path_does_not_end_with_the_tail_is_not_selected(tmp_path: Path) -> None:
    repo = chain_repo(tmp_path, "hono")
    _, data = run(repo.root, "main")
    sdk = {a["token"] for a in data["anchors"] if a["kind"] == "sdk"}
    assert sdk == {"meta.getAudit", "getAudit"}  # other.getOther's path ends differently
    assert [a["token"] for a in data["anchors"] if a["kind"] == "route"] == [
        "…/:type/:name/audit"]


def test_reverse_hop_a_changed_sdk_method_anchors_its_route(tmp_path: Path) -> None:
    base = {"sdk/route-ledger.ts": LEDGER, **DOCS,
            "sdk/meta.ts": "export class MetaApi {\n  getAudit() {\n    return 1;\n  }\n}\n"}
    repo = make_repo(tmp_path / "repo", base)
    repo.branch("pr")
    repo.commit({"sdk/meta.ts": base["sdk/meta.ts"].replace("return 1", "return 2")})
    _, data = run(repo.root, "main")
    assert ("route", "/api/v1/meta/:type/:name/audit") in {
        (a["kind"], a["token"]) for a in data["anchors"]}
    assert {row["path"] for row in data["docs"]} == {"docs/rest.md", "docs/sdk.md"}


def test_cross_cutting_symbol_contributes_no_route(tmp_path: Path) -> None:
    handlers = "".join(f"app.get('/api/v1/r{i}/x', (c) => sharedGuard(c));\n" for i in range(4))
    base = {"web/app.ts": handlers, "web/guard.ts": "export function sharedGuard(c) {}\n",
            "docs/r.md": "`GET /api/v1/r1/x`\n"}
    repo = make_repo(tmp_path / "repo", base)
    repo.branch("pr")
    repo.commit({"web/guard.ts": "export function sharedGuard(c) { return c; }\n"})
    _, data = run(repo.root, "main")
    assert data["cross_cutting_symbols"] == [{"token": "sharedGuard", "routes": 4}]
    assert all(a["kind"] != "route" for a in data["anchors"])
    assert data["docs"] == []


def test_screaming_snake_constant_never_bridges(tmp_path: Path) -> None:
    base = {"web/app.ts": "app.get('/api/v1/limits', (c) => c.json(MAX_PAGE_SIZE));\n",
            "web/limits.ts": "export const MAX_PAGE_SIZE = 100;\n",
            "docs/limits.md": "`GET /api/v1/limits` and `MAX_PAGE_SIZE`\n"}
    repo = make_repo(tmp_path / "repo", base)
    repo.branch("pr")
    repo.commit({"web/limits.ts": "export const MAX_PAGE_SIZE = 200;\n"})
    _, data = run(repo.root, "main")
    assert [(a["kind"], a["token"]) for a in data["anchors"]] == [("symbol", "MAX_PAGE_SIZE")]


def test_route_literal_on_a_changed_line_is_an_anchor(tmp_path: Path) -> None:
    base = {"web/client.ts": "export function health() {\n  return fetch('/api/v1/ping');\n}\n",
            "docs/h.md": "Probe `/api/v1/health`.\n"}
    repo = make_repo(tmp_path / "repo", base)
    repo.branch("pr")
    repo.commit({"web/client.ts": base["web/client.ts"].replace("ping", "health")})
    _, data = run(repo.root, "main")
    assert ("route", "/api/v1/health") in {(a["kind"], a["token"]) for a in data["anchors"]}
    assert [row["path"] for row in data["docs"]] == ["docs/h.md"]


def test_no_bridgeable_change_means_not_measured(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"web/a.ts": "export const LIMIT_ROWS = 1;\n"})
    repo.branch("pr")
    repo.commit({"web/a.ts": "export const LIMIT_ROWS = 2;\n"})
    _, data = run(repo.root, "main")
    assert data["bridge_coverage"] == {
        "measured": False,
        "reason": "no bridgeable symbol or route literal changed, so the route bridge did "
                  "not run"}


def test_broken_ledger_and_bridge_coverage_mode(tmp_path: Path) -> None:
    repo = chain_repo(tmp_path, "express", {
        "api/openapi.json": "{\"openapi\": \"3.0.0\", \"paths\": {}}",
        "sdk/other-route-ledger.ts": "export const L = [{ route: `GET ${x}` }];\n"})
    code, data = run(repo.root, "main")
    assert code == 0  # advisory: a broken scan is shown, the run still produces a result
    assert data["broken_scans"] == [
        "ledger api/openapi.json: parses to zero rows",
        "ledger sdk/other-route-ledger.ts: parses to zero rows",
        "ledger sdk/other-route-ledger.ts: partial read, line 1: route `GET ${x}` is not a "
        "'METHOD /path' string",
    ]
    code, report = run(repo.root, "--bridge-coverage")
    assert code == 1
    assert report["broken_scans"] == data["broken_scans"]
    assert report["bridge_coverage"]["unreachable"] == [
        {"route": "GET /api/v1/other/:type/history", "client": "other.getOther",
         "ledger": "sdk/route-ledger.ts"}]
    text = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs",
                                    "--bridge-coverage"])
    assert text.exit_code == 1
    assert text.stdout.splitlines()[0] == (
        "1 route(s) in 1 registrar file(s); 2 ledger row(s), 2 bound to a client, "
        "1 reachable.")


def test_healthy_bridge_coverage_exits_0_and_configured_registrar_without_routes_is_broken(
        tmp_path: Path) -> None:
    repo = chain_repo(tmp_path, "express")
    code, _ = run(repo.root, "--bridge-coverage")
    assert code == 0
    repo.commit({"govern.toml": '[routes]\nregistrars = ["web/service.ts"]\n'})
    code, report = run(repo.root, "--bridge-coverage")
    assert code == 1
    assert report["broken_scans"] == ["registrar web/service.ts: the scan found no route"]


def test_bridge_coverage_takes_no_base(tmp_path: Path) -> None:
    repo = chain_repo(tmp_path, "express")
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs",
                                      "--bridge-coverage", "main"])
    assert result.exit_code == 2
    assert "take no BASE" in result.stderr


def test_openapi_ledger_binds_the_route_to_its_sdk_method(tmp_path: Path) -> None:
    base = {**REGISTRARS["express"], "web/service.ts": SERVICE_TS,
            "api/openapi.yaml": ("openapi: 3.0.0\npaths:\n"
                                 "  /api/v1/meta/{type}/{name}/audit:\n"
                                 "    get: {operationId: getMetaAudit, "
                                 "x-sdk-method: meta.getAudit}\n"),
            **DOCS}
    repo = make_repo(tmp_path / "repo", base)
    repo.branch("pr")
    repo.commit({"web/service.ts": SERVICE_TS.replace("[t]", "[t, t]")})
    _, data = run(repo.root, "main")
    assert ("sdk", "meta.getAudit") in {(a["kind"], a["token"]) for a in data["anchors"]}
    assert [row["path"] for row in data["docs"]] == ["docs/rest.md", "docs/sdk.md"]
    assert data["bridge_coverage"]["ledger_rows"] == 1


def test_a_plain_word_member_does_not_hide_a_function_of_the_same_name(tmp_path: Path) -> None:
    """``Cache.audit`` (a plain word: only handlers naming ``Cache`` reach it) and a top-level
    ``audit`` the handler calls change together: the function still bridges to its route."""
    cache = "export class Cache {\n  audit(t: string) {\n    return [t];\n  }\n}\n"
    service = "export function audit(t: string) {\n  return [t];\n}\n"
    base = {"web/app.ts": "app.get('/api/v1/meta/:type/:name/audit', "
                          "(req, res) => res.json(audit(req.params.type)));\n",
            "web/a_cache.ts": cache, "web/service.ts": service,
            "sdk/route-ledger.ts": LEDGER, **DOCS}
    repo = make_repo(tmp_path / "repo", base)
    repo.branch("pr")
    repo.commit({"web/a_cache.ts": cache.replace("[t]", "[t, t]")})
    _, data = run(repo.root, "main")
    assert all(a["kind"] != "route" for a in data["anchors"])  # the member alone: no route
    repo.commit({"web/service.ts": service.replace("[t]", "[t, t]")})
    _, data = run(repo.root, "main")
    assert ("route", "/api/v1/meta/:type/:name/audit") in {
        (a["kind"], a["token"]) for a in data["anchors"]}
    assert {row["path"] for row in data["docs"]} == {"docs/rest.md", "docs/sdk.md"}


def test_a_registrar_takes_the_prefix_of_the_first_include_naming_its_module() -> None:
    """Includes are matched by the dotted parts of their module from the last (a whole part
    at a time), the first in order winning, an empty prefix too."""
    route = Route(None, "/items", False, "", 1, frozenset())
    registrars = {path: RegistrarScan((route,)) for path in (
        "shop/app/urls.py", "blog/urls.py", "blog/myurls.py", "api.py")}
    registrars["site/urls.py"] = RegistrarScan((), (
        ("app.urls", "shop/"), ("urls", ""), ("blog.urls", "late/"), ("rls", "no/"),
        ("api", "v1/")))
    scans = BridgeScans(registrars, frozenset(), {})
    assert [(r.path, r.method) for r in all_routes(scans)] == [
        ("/v1/items", None), ("/items", None), ("/items", None), ("/shop/items", None)]
