"""Forged caches (issue 10): CI restores them with actions/cache, so their bytes may come from
another run. A file that fails its shipped schema — a foreign shape, deep nesting, a value of the
wrong type — is dropped and rebuilt, never trusted and never executed; an honest one is reused.
Each cache is also checked against its schema with an independent validator (jsonschema)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner

from govern.cli import cli
from govern.core.globs import Globs
from govern.core.json_input import MAX_DEPTH
from govern.core.resources import read_data
from govern.drift.scans import SCANS_FILE
from govern.git.gitio import Git
from govern.overlap import PairCache, Ref, ToldRecord, compute_overlap
from tests.gitrepo import Repo, make_repo

DEEP = "[" * 100_000 + "]" * 100_000


def conforms(path: Path, schema: str) -> None:
    jsonschema.validate(json.loads(path.read_text(encoding="utf-8")),
                        json.loads(read_data("schemas", schema)))


def forge(path: Path, change: Callable[[dict[str, Any]], str]) -> None:
    """Rewrite the cache at ``path``: ``change`` takes its document and returns the new text."""
    path.write_text(change(json.loads(path.read_text(encoding="utf-8"))), encoding="utf-8")


def each_entry(value: str) -> Callable[[dict[str, Any]], str]:
    """A forgery putting the JSON text ``value`` in place of every entry."""
    def change(document: dict[str, Any]) -> str:
        marked = {**document, "entries": dict.fromkeys(document["entries"], "@@")}
        return json.dumps(marked).replace('"@@"', value)
    return change


FORGERIES = {
    "nested past the recursion limit": each_entry(DEEP),
    "nested past the bound": each_entry("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)),
    "a foreign shape": each_entry('{"not": "ours"}'),
    "not JSON": lambda document: "{garbage",
}


def affected(repo: Repo, *args: str) -> dict[str, Any]:
    got = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs", "--json", *args])
    assert got.exit_code in (0, 1), got.output
    return json.loads(got.stdout)


@pytest.fixture
def drift_repo(tmp_path: Path) -> Repo:
    repo = make_repo(tmp_path / "repo", {
        "web/app.ts": "app.get('/api/items', (c) => listItems(c));\n",
        "web/items.ts": "export function listItems(c) { return []; }\n",
        "api/openapi.json": json.dumps({"openapi": "3.0.0", "paths": {
            "/api/items": {"get": {"x-sdk-method": "items.list"}}}}),
        "docs/items.md": "Call `GET /api/items` or `items.list()`.\n"})
    repo.branch("pr")
    repo.commit({"web/items.ts": "export function listItems(c) { return [1]; }\n"})
    return repo


# The docs index is a SQLite store, not JSON: its forgeries (not a database, a planted trigger,
# a value of the wrong type, another stamp) are in tests/test_affected_docs.py.
@pytest.mark.parametrize(("cache", "schema"), [
    (SCANS_FILE, "cache-bridge-scans.schema.json")])
@pytest.mark.parametrize("forgery", FORGERIES)
def test_a_forged_drift_cache_is_dropped_and_rebuilt(drift_repo: Repo, cache: str, schema: str,
                                                      forgery: str) -> None:
    first = affected(drift_repo, "main")
    assert [row["path"] for row in first["docs"]] == ["docs/items.md"]
    path = drift_repo.root / ".git" / "govern" / cache
    conforms(path, schema)
    honest = path.read_bytes()
    assert affected(drift_repo, "main") == first  # the honest cache is read back
    assert path.read_bytes() == honest  # and, fully used, not rewritten
    forge(path, FORGERIES[forgery])
    assert affected(drift_repo, "main") == first
    assert path.read_bytes() == honest  # rebuilt to what an honest run writes


def test_a_forged_bridge_scan_cannot_invent_a_route(drift_repo: Repo) -> None:
    """A value of the right outline but the wrong type is refused whole, not half-trusted."""
    first = affected(drift_repo, "--bridge-coverage")
    path = drift_repo.root / ".git" / "govern" / SCANS_FILE

    def lying(document: dict[str, Any]) -> str:
        for entry in document["entries"].values():
            if entry and entry["kind"] == "ledger":
                entry["scan"]["rows"][0][3] = "1; import os"  # a line that is no number
        return json.dumps(document)

    forge(path, lying)
    assert affected(drift_repo, "--bridge-coverage") == first
    conforms(path, "cache-bridge-scans.schema.json")


def _pair_run(repo: Repo) -> tuple[int, Any]:
    git = Git(repo.root)
    try:
        result = compute_overlap(git, "main", [Ref(1, "a"), Ref(2, "b")], Globs(()),
                                 PairCache.for_repository(git.common_dir()))
    finally:
        git.close()
    return result.from_cache, result.pairs


@pytest.mark.parametrize("forgery", FORGERIES)
def test_a_forged_pair_cache_is_dropped_and_rebuilt(tmp_path: Path, forgery: str) -> None:
    repo = make_repo(tmp_path / "repo", {"f.txt": "l1\nl2\nl3\n"})
    for name in ("a", "b"):
        repo.branch(name, "main")
        repo.commit({"f.txt": f"l1\nfrom {name}\nl3\n"})
        repo.checkout("main")
    cold, pairs = _pair_run(repo)
    path = repo.root / ".git" / "govern" / "overlap-pairs-v2.json"
    conforms(path, "cache-overlap-pairs.schema.json")
    assert _pair_run(repo) == (1, pairs)  # the honest cache answers
    forge(path, FORGERIES[forgery])
    assert _pair_run(repo) == (cold, pairs) == (0, pairs)  # merged again, not read
    conforms(path, "cache-overlap-pairs.schema.json")


@pytest.mark.parametrize("forged", [DEEP, '["12"]', "[true]", "[0]", '{"12": 1}'])
def test_a_forged_told_record_is_dropped(tmp_path: Path, forged: str) -> None:
    told = ToldRecord(tmp_path, "acme/widgets", "main")
    told.save(frozenset({12, 15}))
    conforms(told.path, "cache-overlap-told.schema.json")
    assert told.read() == frozenset({12, 15})
    forge(told.path, each_entry(forged))
    assert told.read() == frozenset()
    told.save(frozenset({15}))
    assert told.read() == frozenset({15})
