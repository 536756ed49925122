"""``govern affected-docs --worktree`` and ``--staged``: uncommitted work read as a commit on
HEAD, and the note when it is left out (issue 14, item 5)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from govern.cli import cli
from tests.gitrepo import Repo
from tests.helpers import pr_repo

BASE = {"web/a.ts": "export function fetchAll() {}\nexport function dropAll() {}\n",
        "docs/fetch.md": "`fetchAll`\n", "docs/drop.md": "`dropAll`\n",
        "docs/make.md": "`makeAll`\n", ".gitignore": "build/\n"}


@pytest.fixture
def repo(tmp_path: Path) -> Repo:
    """A PR branch that changed fetchAll; dropAll's change is staged, makeAll is untracked."""
    repo = pr_repo(tmp_path, BASE, {
        "web/a.ts": "export function fetchAll() { return 1; }\nexport function dropAll() {}\n"})
    repo.write({"web/a.ts": "export function fetchAll() { return 1; }\n"
                            "export function dropAll() { return 2; }\n"})
    repo.git("add", "web/a.ts")
    repo.write({"web/new.ts": "export function makeAll() {}\n",
                "build/out.ts": "export function dropAll() {}\n"})
    return repo


def _pages(repo: Repo, *args: str) -> tuple[list[str], str]:
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs", *args,
                                      "main"])
    assert result.exit_code == 0, result.output
    return result.stdout.splitlines(), result.stderr


def test_commits_only_by_default_with_a_note_naming_the_uncommitted_code(repo: Repo) -> None:
    pages, err = _pages(repo)
    assert pages == ["docs/fetch.md"]
    assert err.splitlines()[0] == (
        "govern: note: 2 code file(s) with uncommitted changes are not in this run, which reads "
        "commits: web/a.ts, web/new.ts. --worktree reads the working tree, --staged what is "
        "about to be committed.")


def test_staged_reads_the_index_and_worktree_the_files_on_disk(repo: Repo) -> None:
    index_before = repo.git("ls-files", "--stage")
    staged, err = _pages(repo, "--staged")
    assert staged == ["docs/drop.md", "docs/fetch.md"] and "note" not in err
    worktree, _ = _pages(repo, "--worktree")
    assert worktree == ["docs/drop.md", "docs/fetch.md", "docs/make.md"]
    # the ignored build/ copy is not read, the user's index and branch are untouched
    assert repo.git("ls-files", "--stage") == index_before
    assert repo.git("status", "--porcelain").splitlines() == ["M  web/a.ts", "?? web/new.ts"]
    assert repo.git("rev-parse", "--abbrev-ref", "HEAD").strip() == "pr"


def test_the_snapshot_is_the_head_of_the_result_on_top_of_head(repo: Repo) -> None:
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs", "--json",
                                      "--worktree", "main"])
    data = json.loads(result.stdout)
    assert data["head"] != repo.sha("HEAD")
    assert data["computed_on"]["head_parents"] == [repo.sha("HEAD")]


def test_a_clean_tree_has_no_note_and_snapshots_refuse_another_head(tmp_path: Path) -> None:
    repo = pr_repo(tmp_path, BASE, {"web/a.ts": "export function fetchAll() { return 1; }\n"})
    repo.write({"docs/fetch.md": "changed page, not code\n"})
    pages, err = _pages(repo)
    assert pages == ["docs/drop.md", "docs/fetch.md"] and "note" not in err
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs",
                                      "--staged", "--head", "main", "main"])
    assert result.exit_code == 2
    assert "--worktree and --staged read on top of HEAD: leave --head out" in result.stderr
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs",
                                      "--staged", "--worktree", "main"])
    assert result.exit_code == 2
    assert "--worktree already holds what is staged: give one of them" in result.stderr
