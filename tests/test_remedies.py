"""Each way a repository can lack what govern reads gets its own message and the remedy that
fixes it, with the real remote and branch (issue 14): pinned whole, each beside the good case."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from govern.cli import cli
from govern.git.remedies import RemoteConfig, deepen_remedy, fetch_remedy, range_remedy
from tests.fakegithub import FakeGitHub
from tests.fakegithub import fake_github as fake_github  # the fixture
from tests.gitrepo import Repo, make_repo


def govern(where: Path, *args: str, env: dict[str, str | None] | None = None) -> Result:
    return CliRunner(env=env).invoke(cli, ["--repo-dir", str(where), *args])


def clone(origin: Repo, target: Path, *options: str) -> Repo:
    subprocess.run(["git", "clone", "-q", *options, f"file://{origin.root}", str(target)],
                   check=True)
    return Repo(target)


@pytest.fixture
def origin(tmp_path: Path) -> Repo:
    """``main`` moved on three times since ``topic`` branched off it."""
    repo = make_repo(tmp_path / "origin", {"a.py": "x = 1\n"}, preset="contract")
    repo.branch("topic")
    repo.commit({"b.py": "y = 1\n"}, "topic")
    repo.checkout("main")
    for n in range(3):
        repo.commit({"a.py": f"x = {n + 2}\n"}, f"main {n}")
    return repo


# -- a shallow clone: deepen from the real remote, the real branches -----------------------------

def shallow_at_topic(origin: Repo, tmp_path: Path, *options: str) -> tuple[Repo, str]:
    """A depth-1 clone with ``topic`` checked out, and the first line govern's error has."""
    shallow = clone(origin, tmp_path / "shallow", "--depth", "1", "--no-single-branch", *options)
    shallow.git("checkout", "-q", "topic")
    return shallow, (f"Error: no merge base between {origin.sha('main')} and "
                     f"{origin.sha('topic')}: this is a shallow clone without it\n")


def test_a_shallow_clone_is_told_the_remote_and_branches_to_deepen(origin: Repo,
                                                                   tmp_path: Path) -> None:
    shallow, error = shallow_at_topic(origin, tmp_path, "--origin", "upstream")
    result = govern(shallow.root, "affected-docs", "upstream/main")
    assert result.exit_code == 2
    assert result.stderr == error + (
        "  remedy: deepen the history until they meet: `git fetch "
        "--deepen=200 upstream main topic` (again while this message comes back), or fetch all "
        "of it: `git fetch --unshallow upstream`; in GitHub Actions, set `fetch-depth: 0` on "
        "actions/checkout\n")
    # the remedy it gave works
    shallow.git("fetch", "-q", "--deepen=200", "upstream", "main", "topic")
    assert govern(shallow.root, "affected-docs", "upstream/main").exit_code == 0


def test_a_full_clone_needs_no_deepening(origin: Repo, tmp_path: Path) -> None:
    full = clone(origin, tmp_path / "full")
    full.git("checkout", "-q", "topic")
    assert govern(full.root, "affected-docs", "origin/main").exit_code == 0


def test_a_shallow_clone_without_a_remote_is_told_to_clone_again(origin: Repo,
                                                                 tmp_path: Path) -> None:
    shallow, error = shallow_at_topic(origin, tmp_path)
    shallow.git("branch", "-q", "base", "origin/main")
    shallow.git("remote", "remove", "origin")
    result = govern(shallow.root, "affected-docs", "base")
    assert result.exit_code == 2
    assert result.stderr == error + (
        "  remedy: this shallow clone has no remote to deepen it from: clone the repository "
        "again without --depth (in GitHub Actions, `fetch-depth: 0` on actions/checkout)\n")


def test_a_single_branch_clone_is_told_a_refspec_that_lands(origin: Repo,
                                                            tmp_path: Path) -> None:
    """A single-branch clone's `git fetch origin main` would update no origin/main."""
    single = clone(origin, tmp_path / "single", "--single-branch", "--branch", "topic")
    result = govern(single.root, "affected-docs", "origin/main")
    assert result.exit_code == 2
    assert result.stderr == (
        "Error: unknown revision 'origin/main': it does not name a commit in this repository\n"
        "  remedy: fetch it: `git fetch origin main:refs/remotes/origin/main`\n")
    single.git("fetch", "-q", "origin", "main:refs/remotes/origin/main")
    assert govern(single.root, "affected-docs", "origin/main").exit_code == 0


# -- unknown refs: the remote's own branch, never `git fetch origin origin/master` ---------------

def unknown(where: Path, ref: str) -> str:
    result = govern(where, "affected-docs", ref)
    assert result.exit_code == 2
    first, remedy = result.stderr.splitlines()
    assert first == (f"Error: unknown revision {ref!r}: it does not name a commit in this "
                     "repository")
    return remedy


def test_an_unknown_ref_names_the_remote_and_branch(origin: Repo, tmp_path: Path) -> None:
    work = clone(origin, tmp_path / "work")
    assert unknown(work.root, "origin/master") == (
        "  remedy: fetch it: `git fetch origin master`")
    assert unknown(work.root, "master") == (
        "  remedy: if it is a branch of origin, fetch it with `git fetch origin master` and "
        "name it `origin/master`; else name a branch, tag or commit this repository has")
    assert unknown(work.root, "0123abcd") == "  remedy: fetch it: `git fetch origin 0123abcd`"
    assert unknown(work.root, "x;rm -rf ~") == (
        "  remedy: if it is a branch of origin, fetch it with `git fetch origin 'x;rm -rf ~'` "
        "and name it `'origin/x;rm -rf ~'`; else name a branch, tag or commit this repository "
        "has")
    assert govern(work.root, "affected-docs", "origin/main").exit_code == 0


# -- a range where one commit belongs ------------------------------------------------------------

def test_a_range_as_base_is_refused_with_the_form_govern_takes(origin: Repo) -> None:
    result = govern(origin.root, "affected-docs", "main~1..main")
    assert result.exit_code == 2
    assert result.stderr == (
        "Error: 'main~1..main' is a range of commits; govern takes one commit as BASE (and one "
        "as --head) and diffs merge-base(BASE, HEAD)..HEAD itself\n"
        "  remedy: pass its ends apart, BASE `main~1` and `--head main` (the command's "
        "arguments then read `--head main main~1`)\n")
    assert govern(origin.root, "affected-docs", "--head", "main", "main~1").exit_code == 0
    gate = govern(origin.root, "check", "size", "--json", "topic...main")
    assert gate.exit_code == 2
    assert json.loads(gate.stdout)["remedy"] == (
        "pass its ends apart, BASE `topic` and `--head main` (the command's arguments then "
        "read `--head main topic`)")
    assert "affected-docs" not in json.loads(gate.stdout)["remedy"]


# -- no commits, no work tree, no config file ----------------------------------------------------

def test_a_repository_without_commits(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    subprocess.run(["git", "init", "-q", str(empty)], check=True)
    result = govern(empty, "affected-docs", "main")
    assert result.exit_code == 2
    assert result.stderr == (
        "Error: this repository has no commits yet: govern reads committed history\n"
        "  remedy: commit your files first (`git add -A && git commit`), then run govern again\n")
    Repo(empty).commit({"a.py": "x = 1\n"})
    assert govern(empty, "affected-docs", "HEAD").exit_code == 0


def test_a_bare_repository_and_a_git_directory(origin: Repo, tmp_path: Path) -> None:
    bare = tmp_path / "bare.git"
    subprocess.run(["git", "clone", "-q", "--bare", str(origin.root), str(bare)], check=True)
    result = govern(bare, "affected-docs", "main")
    assert result.exit_code == 2
    assert result.stderr == (
        f"Error: {bare} is a bare repository: govern works in a checkout, and a bare "
        f"repository has none\n  remedy: clone it and run govern in the clone: `git clone "
        f"{bare} work && cd work`\n")
    inside = govern(origin.root / ".git", "affected-docs", "main")
    assert inside.exit_code == 2
    assert inside.stderr == (
        f"Error: {origin.root / '.git'} is inside a repository's git directory, not in its work "
        "tree\n  remedy: the folder --repo-dir names is not in a git work tree: point --repo-dir "
        "at a checkout (the folder holding .git, or any folder of its work tree)\n")
    work = clone(Repo(bare), tmp_path / "work")
    assert govern(work.root, "affected-docs", "origin/main").exit_code == 0


def test_config_pointing_at_a_missing_file(origin: Repo, tmp_path: Path) -> None:
    missing = tmp_path / "govern.toml"
    result = govern(origin.root, "affected-docs", "--json", "--config", str(missing), "main")
    assert result.exit_code == 2
    assert json.loads(result.stdout) == {
        "judged": False,
        "error": f"the configuration file {missing} given with --config does not exist",
        "remedy": f"check the path (it is read from the current directory: {missing}), or "
                  "leave --config out to read govern.toml, else pyproject.toml, as committed"}
    missing.write_text("[docs]\npaths = ['**/*.md']\n", encoding="utf-8")
    assert govern(origin.root, "affected-docs", "--json", "--config", str(missing),
                  "main").exit_code == 0


# -- check governed --pr N without a repository --------------------------------------------------

def test_governed_with_a_pr_but_no_repository(tmp_path: Path, fake_github: FakeGitHub) -> None:
    repo = make_repo(tmp_path / "repo", {".github/workflows/ci.yml": "name: ci\n"},
                     preset="contract")
    repo.branch("pr")
    head = repo.commit({".github/workflows/ci.yml": "name: ci, changed\n"})
    fake_github.add_pull(5, head)
    result = govern(repo.root, "check", "governed", "main", "--pr", "5",
                    env={"GITHUB_REPOSITORY": None})
    assert result.exit_code == 2
    assert result.stderr == (
        "Error: governed paths changed, and --pr 5 names no repository to look its reviews up "
        "in\n  remedy: pass --repo OWNER/NAME with --pr 5 (or set GITHUB_REPOSITORY, or run on "
        "a pull_request event)\n")
    judged = govern(repo.root, "check", "governed", "main", "--pr", "5", "--repo",
                    fake_github.full_name, env={"GITHUB_REPOSITORY": None})
    assert judged.exit_code == 1  # judged: no review record on the head
    assert "no contract-review record by a trusted reviewer" in judged.stdout


# -- the remedies themselves (pure) --------------------------------------------------------------

def test_the_longest_remote_name_wins_and_odd_names_are_quoted() -> None:
    config = RemoteConfig(remotes=("up", "up/stream"),
                          config={"remote.up/stream.fetch": ("+refs/heads/*:refs/remotes/"
                                                             "up/stream/*",)})
    assert fetch_remedy("up/stream/main", config) == "fetch it: `git fetch up/stream main`"
    assert fetch_remedy("up/main", config) == (
        "fetch it: `git fetch up main:refs/remotes/up/main`")
    at = {"c1": ("refs/remotes/up/stream/$(id)",), "c2": ("refs/heads/topic",)}
    tracked = RemoteConfig(remotes=("up/stream",), tips=at,
                           config={"branch.topic.remote": ("up/stream",),
                                   "branch.topic.merge": ("refs/heads/feature",)})
    assert deepen_remedy(["c1", "c2"], tracked).startswith(
        "deepen the history until they meet: `git fetch --deepen=200 up/stream '$(id)' "
        "feature`")


def test_one_commit_is_no_range() -> None:
    assert range_remedy("main~1") is None
    assert range_remedy("v1.2") is None
    assert range_remedy("main..") == ("pass its ends apart, BASE `main` and `--head HEAD` (the "
                                      "command's arguments then read `--head HEAD main`)")
