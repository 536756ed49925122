"""Attack: change a published package's code and, in the same PR, break its manifest, drop
its name or mark it private, so that the changesets gate sees no published package and asks
for no changeset. The gate read the manifests at the PR's head only. A package published at
the merge base now stays published while its folder keeps a manifest; only a package the PR
deletes outright, or one never published, owes nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.gitrepo import Repo
from tests.security.pr import changeset_findings, published_monorepo

CODE = {"packages/a/src/door.ts": "export const door = 2;\n"}


@pytest.fixture
def repo(tmp_path: Path) -> Repo:
    return published_monorepo(tmp_path / "repo", {
        "packages/n/package.json": json.dumps({"name": "@x/n", "private": True}),
        "packages/n/src/n.ts": "export const n = 1;\n"})


def _missing(repo: Repo, files: dict[str, str | bytes | None]) -> list[str]:
    """The packages the changesets gate says the PR owes a changeset for."""
    return [finding["key"] for finding in changeset_findings(repo, files)
            if finding["rule"] == "changeset-missing"]


@pytest.mark.parametrize("manifest", [
    '{"name": "@x/a", "version": ',  # no longer JSON
    json.dumps({"version": "1.0.0"}),  # the name dropped
    json.dumps({"name": "@x/a", "private": True}),  # marked private
    b'{"name": "@x/\xff"}',  # not UTF-8
])
def test_a_manifest_broken_in_the_same_pr_still_owes_a_changeset(
        repo: Repo, manifest: str | bytes) -> None:
    assert _missing(repo, {**CODE, "packages/a/package.json": manifest}) == ["@x/a"]


def test_a_package_renamed_at_the_head_owes_it_under_its_new_name(repo: Repo) -> None:
    assert _missing(repo, {**CODE, "packages/a/package.json": json.dumps({"name": "@x/door"})}
                    ) == ["@x/door"]


def test_a_deleted_package_or_one_never_published_owes_nothing(repo: Repo) -> None:
    assert _missing(repo, {"packages/a/package.json": None, "packages/a/src/door.ts": None,
                           "packages/n/src/n.ts": "export const n = 2;\n"}) == []


def test_a_private_manifest_added_inside_a_package_still_owes_the_package(repo: Repo) -> None:
    assert _missing(repo, {**CODE, "packages/a/src/package.json": json.dumps(
        {"name": "@x/a-internal", "private": True})}) == ["@x/a"]


def test_a_new_package_owes_only_itself(repo: Repo) -> None:
    # its files were nowhere at the merge base: no package owned them there
    assert _missing(repo, {"packages/c/package.json": json.dumps({"name": "@x/c"}),
                           "packages/c/src/c.ts": "export const c = 1;\n"}) == ["@x/c"]


@pytest.mark.parametrize("manifest", [
    {"packages/a/package.json": None},  # deleted, the code left in place
    {"packages/a/package.json": None, "packages/a/package.json.bak": '{"name": "@x/a"}'},
    {"packages/a/package.json": None, "packages/a/Package.json": '{"name": "@x/a"}'},
])
def test_a_manifest_removed_while_the_code_stays_still_owes_a_changeset(
        repo: Repo, manifest: dict[str, str | bytes | None]) -> None:
    assert _missing(repo, {**CODE, **manifest}) == ["@x/a"]


def test_a_file_added_beside_a_private_manifest_added_inside_a_package_owes_it(
        repo: Repo) -> None:
    assert _missing(repo, {"packages/a/lib/package.json": json.dumps({"private": True}),
                           "packages/a/lib/extra.js": "module.exports = 1;\n"}) == ["@x/a"]
