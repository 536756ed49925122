"""Hostile structure in an OpenAPI ledger committed to the repository (issue 13): a PR may edit
it, so a deeply nested one is a reported broken scan, never a RecursionError (exit 3). Each
attack sits beside the honest ledger it mimics."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from govern.cli import cli
from govern.core.json_input import MAX_DEPTH
from tests.gitrepo import make_repo

APP = "app.get('/api/items', (c) => listItems(c));\n"
HONEST_JSON = json.dumps({"openapi": "3.0.0", "paths": {
    "/api/items": {"get": {"x-sdk-method": "items.list"}}}})
HONEST_YAML = "openapi: 3.0.0\npaths:\n  /api/items:\n    get: {x-sdk-method: items.list}\n"


def coverage(tmp_path: Path, ledger: str, text: str) -> tuple[int, dict[str, Any]]:
    repo = make_repo(tmp_path / "repo", {"web/app.ts": APP, ledger: text})
    got = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs",
                                   "--bridge-coverage", "--json"])
    return got.exit_code, json.loads(got.stdout)


@pytest.mark.parametrize(("ledger", "text"), [("api/openapi.json", HONEST_JSON),
                                              ("api/openapi.yaml", HONEST_YAML)])
def test_an_honest_ledger_is_read(tmp_path: Path, ledger: str, text: str) -> None:
    code, data = coverage(tmp_path, ledger, text)
    assert code == 0, data
    assert data["broken_scans"] == []
    assert (data["bridge_coverage"]["ledger_rows"], data["bridge_coverage"]["reachable"]) == (1, 1)


@pytest.mark.parametrize(("ledger", "text"), [
    ("api/openapi.json", '{"openapi": "3.0.0", "paths": {"/api/items": '
     + "[" * 100_000 + "]" * 100_000 + "}}"),
    ("api/openapi.json", '{"paths": ' + '{"a": ' * (MAX_DEPTH + 1) + "1" + "}" * (MAX_DEPTH + 2)),
    ("api/openapi.yaml", "openapi: 3.0.0\npaths: " + "[" * 100_000 + "]" * 100_000 + "\n"),
])
def test_a_deeply_nested_ledger_is_a_broken_scan(tmp_path: Path, ledger: str, text: str) -> None:
    code, data = coverage(tmp_path, ledger, text)
    assert code == 1  # a broken scan is what --bridge-coverage reports, not a crash
    assert data["broken_scans"] == [f"ledger {ledger}: nested deeper than {MAX_DEPTH} levels"]


def test_a_ledger_with_a_non_string_method_key_is_read_around_it(tmp_path: Path) -> None:
    code, data = coverage(tmp_path, "api/openapi.yaml", HONEST_YAML + "  /api/other:\n    1: x\n")
    assert code == 0, data
    assert data["bridge_coverage"]["ledger_rows"] == 1
