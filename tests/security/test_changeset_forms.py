"""Attack: satisfy the changesets gate with a changeset the release tool reads differently. A
dot-file (``.changeset/.quiet.md``) counted for the gate, while the changesets tool passes it
over, so the package was never released; and a changeset in the tool's first format (a folder
``.changeset/<name>/`` with ``changes.json`` and ``changes.md``) is applied by the tool but
was never read by the gate, so a major release went out with no ``allow-major`` label. A
dot-file now counts for nothing, and the old format is a finding."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.gitrepo import Repo
from tests.security.pr import changeset_findings, published_monorepo

CODE = {"packages/a/src/door.ts": "export const door = 2;\n"}
PATCH = '---\n"@x/a": patch\n---\n\nFix the door.\n'


@pytest.fixture
def repo(tmp_path: Path) -> Repo:
    return published_monorepo(tmp_path / "repo")


def _rules(repo: Repo, files: dict[str, str | bytes | None]) -> list[str]:
    return [finding["rule"] for finding in changeset_findings(repo, files)]


def test_a_dot_file_changeset_releases_nothing(repo: Repo) -> None:
    assert _rules(repo, {**CODE, ".changeset/.quiet-fix.md": PATCH}) == ["changeset-missing"]


def test_a_changeset_of_the_old_folder_format_is_a_finding(repo: Repo) -> None:
    legacy = {".changeset/brave-door/changes.json": json.dumps(
                  {"releases": [{"name": "@x/a", "type": "major"}], "dependents": []}),
              ".changeset/brave-door/changes.md": "Break the door.\n"}
    assert _rules(repo, {**CODE, ".changeset/fix.md": PATCH, **legacy}) == [
        "changeset-unreadable", "changeset-unreadable"]


def test_a_changeset_named_as_the_tool_reads_it_passes(repo: Repo) -> None:
    assert _rules(repo, {**CODE, ".changeset/fix.md": PATCH}) == []
