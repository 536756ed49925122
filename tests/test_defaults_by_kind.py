"""Every gate's default, on a built-in example of each kind of repository (issue 14): a small
Python library (pyproject, MkDocs, CHANGELOG.md, no changesets) and a small TypeScript monorepo
(pnpm workspaces, a package.json bin, MDX pages under content/docs, .changeset/). Each is
configured by `govern init` and nothing else; then an ordinary PR passes every gate (or the gate
is off, saying so), and a PR each enabled gate exists to refuse fails with its remedy."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from govern.cli import cli
from tests.gitrepo import Repo, make_repo

GATES = ("size", "docs-refs", "declarations", "changesets", "release-owned", "trailers",
         "governed")

PYTHON_LIBRARY = {
    "pyproject.toml": '[project]\nname = "widgets"\nversion = "1.0.0"\n',
    "mkdocs.yml": "site_name: widgets\nnav:\n  - index.md\n  - api.md\n",
    "docs/index.md": "# widgets\n\nSpin things.\n",
    "docs/api.md": "# API\n\n::: widgets.spin\n\nCall `widgets.spin()` to spin once.\n",
    "README.md": "# widgets\n",
    "CHANGELOG.md": "# Changelog\n\n## 1.0.0\n- first\n",
    "src/widgets/__init__.py": "def spin():\n    return 1\n",
}
PYTHON_PR = {
    "src/widgets/__init__.py": "def spin():\n    return 2\n",
    "CHANGELOG.md": "# Changelog\n\n## Unreleased\n- spin returns 2\n\n## 1.0.0\n- first\n",
}
PYTHON_RENAME = {"src/widgets/__init__.py": "def whirl():\n    return 2\n"}

TS_MONOREPO = {
    "package.json": '{"name": "acme", "private": true}\n',
    "pnpm-workspace.yaml": "packages:\n  - packages/*\n",
    "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
    ".changeset/config.json": '{"baseBranch": "main"}\n',
    ".changeset/README.md": "# Changesets\n",
    "packages/core/package.json": '{"name": "@acme/core", "main": "src/index.ts"}\n',
    "packages/core/src/index.ts": "export function createClient(url: string) {\n"
                                  "  return { url };\n}\n",
    "packages/cli/package.json": '{"name": "@acme/cli", "bin": {"acme": "src/bin.ts"}}\n',
    "packages/cli/src/bin.ts": 'import { createClient } from "@acme/core";\n'
                               'createClient(process.argv[2]);\n',
    "content/docs/index.mdx": "# Acme\n\n```ts\nimport { createClient } from '@acme/core';\n"
                              "```\n\nCall `createClient(url)` once.\n",
    "content/docs/guide.md": "# Guide\n\nInstall it.\n",
    "README.md": "# acme\n",
    "CONTRIBUTING.md": "# Contributing\n",
}
TS_PR = {
    "packages/core/src/index.ts": "export function createClient(url: string) {\n"
                                  "  return { url, retries: 3 };\n}\n",
    ".changeset/brave-cats.md": '---\n"@acme/core": patch\n---\n\nRetry three times.\n',
}
TS_RENAME = {
    "packages/core/src/index.ts": "export function connect(url: string) {\n"
                                  "  return { url };\n}\n",
    "packages/cli/src/bin.ts": 'import { connect } from "@acme/core";\nconnect(process.argv[2]);\n',
    ".changeset/brave-cats.md": '---\n"@acme/core": major\n---\n\nRename createClient.\n',
}
BIG = {"data/big.txt": "".join(f"row {n}\n" for n in range(3100))}


def govern(repo: Repo, *args: str) -> Any:
    return CliRunner().invoke(cli, ["--repo-dir", str(repo.root), *args])


def configured(tmp_path: Path, files: dict[str, str | bytes | None]) -> tuple[Repo, list[str]]:
    """A repository configured by `govern init` alone, committed on main as a newcomer would,
    and init's output."""
    repo = make_repo(tmp_path / "repo", files)
    got = govern(repo, "init")
    assert got.exit_code == 0, got.output
    repo.commit(message="govern: configuration and workflows")
    return repo, got.stdout.splitlines()


def open_pr(repo: Repo, change: dict[str, str | bytes | None], message: str) -> None:
    repo.branch("pr")
    repo.commit(change, message)


def gate(repo: Repo, name: str, tmp_path: Path) -> tuple[int, dict[str, Any]]:
    """A gate on the PR as the governance workflow runs it (body from a file, no GitHub)."""
    body = tmp_path / "body.md"
    body.write_text("Makes the change.\n", encoding="utf-8")
    given = {"declarations": ["--body-file", str(body)],
             "changesets": ["--body-file", str(body)],
             "governed": ["--pr", "5", "--repo", "acme/widgets"]}.get(name, [])
    got = govern(repo, "check", name, "main", *given, "--json")
    return got.exit_code, json.loads(got.stdout)


KINDS = {
    "python": (PYTHON_LIBRARY, PYTHON_PR, ("size", "docs-refs")),
    "typescript": (TS_MONOREPO, TS_PR, ("size", "docs-refs", "changesets")),
}


@pytest.mark.parametrize("kind", KINDS)
def test_an_ordinary_pr_passes_every_gate(tmp_path: Path, kind: str) -> None:
    files, change, enabled = KINDS[kind]
    repo, _ = configured(tmp_path, files)
    # a hand-edited CHANGELOG.md and a `Fixes #12` commit are how such projects work
    open_pr(repo, change, "Change the default\n\nFixes #12\n")
    for name in GATES:
        code, data = gate(repo, name, tmp_path)
        assert (code, data["findings"]) == (0, []), (name, data)
        # a gate the preset leaves on is judged; one it leaves off says so and passes
        assert data.get("enabled", True) is (name in enabled), (name, data)


def test_init_chooses_what_each_kind_needs(tmp_path: Path) -> None:
    _, python = configured(tmp_path / "py", PYTHON_LIBRARY)
    _, typescript = configured(tmp_path / "ts", TS_MONOREPO)
    assert [line for line in python if line.startswith(("preset", "docs.paths"))] == [
        "preset: minimal", "docs.paths: detected: MkDocs (mkdocs.yml): docs/"]
    assert [line for line in typescript if line.startswith(("preset", "docs.paths"))] == [
        "preset: changesets", "docs.paths: detected: MDX pages (Docusaurus, Fumadocs or Nextra)"]
    assert "comment.guardrails_doc: no AGENTS.md or CONTRIBUTING.md (at the root, .github/ " \
        "or docs/): no page is named" in python
    assert "comment.guardrails_doc: detected: CONTRIBUTING.md, cited by the comment's " \
        "read-only notice" in typescript


@pytest.mark.parametrize(("kind", "page", "line"), [
    ("python", "docs/api.md", 3), ("typescript", "content/docs/index.mdx", 4)])
def test_affected_docs_shows_the_page_line(tmp_path: Path, kind: str, page: str,
                                           line: int) -> None:
    files, change, _ = KINDS[kind]
    repo, _ = configured(tmp_path, files)
    open_pr(repo, change, "Change the default")
    got = govern(repo, "affected-docs", "main", "--format", "text")
    assert got.exit_code == 0, got.output
    assert any(row.startswith(f"  - {page}:{line}  via ") for row in got.stdout.splitlines()), \
        got.stdout


@pytest.mark.parametrize(("kind", "change", "name", "rule", "remedy"), [
    ("python", BIG, "size", "size", "a maintainer reviews and merges it by hand"),
    ("typescript", {**BIG, **TS_PR}, "size", "size", "a maintainer reviews and merges it by hand"),
    ("typescript", {"packages/core/src/index.ts": TS_PR["packages/core/src/index.ts"]},
     "changesets", "changeset-missing", "add `.changeset/<name>.md` with front matter"),
])
def test_each_enabled_gate_refuses_the_pr_it_exists_for(tmp_path: Path, kind: str,
                                                         change: dict[str, str | bytes | None],
                                                         name: str, rule: str,
                                                         remedy: str) -> None:
    files, _, enabled = KINDS[kind]
    assert name in enabled
    repo, _ = configured(tmp_path, files)
    open_pr(repo, change, "A change")
    code, data = gate(repo, name, tmp_path)
    assert (code, [f["rule"] for f in data["findings"]]) == (1, [rule]), data
    assert remedy in data["findings"][0]["remedy"], data


@pytest.mark.parametrize(("kind", "change", "found"), [
    ("python", PYTHON_RENAME, [("docs/api.md", 3, "widgets.spin", "widgets.whirl"),
                               ("docs/api.md", 5, "widgets.spin", "widgets.whirl")]),
    ("typescript", TS_RENAME, [("content/docs/index.mdx", 4, "@acme/core:createClient", None)]),
])
def test_docs_refs_refuses_a_rename_the_pages_still_name(tmp_path: Path, kind: str,
                                                         change: dict[str, str | bytes | None],
                                                         found: list[tuple[str, int, str, str]]
                                                         ) -> None:
    files, _, _ = KINDS[kind]
    repo, _ = configured(tmp_path, files)
    open_pr(repo, change, "Rename it")
    code, data = gate(repo, "docs-refs", tmp_path)
    assert code == 1, data
    assert [(f["page"], f["line"], f["name"], f.get("suggestion")) for f in data["findings"]] \
        == found


CORE_MANIFEST = '{{"name": "@acme/core", "main": "src/index.ts", {extra}}}\n'


@pytest.mark.parametrize(("change", "refused"), [
    # what a package publishes is unchanged: no changeset is asked for
    ({"packages/core/src/index.test.ts": "test('x', () => {});\n"}, False),
    ({"packages/core/scripts/gen.ts": "console.log(1);\n"}, False),
    ({"packages/core/package.json": CORE_MANIFEST.format(
        extra='"devDependencies": {"vitest": "1"}, "scripts": {"t": "vitest"}')}, False),
    ({"content/docs/guide.md": "# Guide\n\nInstall it twice.\n"}, False),
    # a runtime dependency, or code beside its tests, is released
    ({"packages/core/package.json": CORE_MANIFEST.format(extra='"dependencies": {"zod": "3"}')},
     True),
    ({"packages/core/src/index.test.ts": "test('x', () => {});\n",
      "packages/core/src/index.ts": TS_PR["packages/core/src/index.ts"]}, True),
])
def test_the_changesets_gate_asks_only_for_what_is_published(
        tmp_path: Path, change: dict[str, str | bytes | None], refused: bool) -> None:
    repo, _ = configured(tmp_path, TS_MONOREPO)
    open_pr(repo, change, "A change")
    code, data = gate(repo, "changesets", tmp_path)
    assert (code, [f["rule"] for f in data["findings"]]) == (
        (1, ["changeset-missing"]) if refused else (0, [])), data
