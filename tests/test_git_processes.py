"""Every command ends git's ``cat-file --batch`` process it started (issue 10), on success and
on a not-judged exit alike: a long-lived caller (a test run, an editor integration) must not
collect one per command."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from govern.cli import cli
from govern.commands.demo import build_example
from govern.git.gitio import Git
from tests.helpers import affected_result


def cat_file_children() -> list[str]:
    """Command lines of this process's children running ``git cat-file`` (zombies included:
    a process never waited for is still held)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        parent = int(stat.rpartition(")")[2].split()[1])
        if parent == os.getpid() and b"cat-file" in argv:
            found.append(" ".join(a.decode() for a in argv if a))
    return found


@pytest.fixture(scope="module")
def example(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("ex") / "repo"
    build_example(root).close()
    return root


COMMANDS = [
    (["affected-docs", "--json", "--head", "pr", "main"], 0),
    (["affected-docs", "--json", "--all"], 0),
    (["affected-docs", "--json", "--bridge-coverage"], None),
    (["affected-docs", "--json", "no-such-base"], 2),
    (["check", "declarations", "main", "--head", "pr", "--body-file", "-"], None),
    (["check", "changesets", "main", "--head", "pr", "--body-file", "-"], None),
    (["check", "release-owned", "main", "--head", "pr"], None),
    (["check", "size", "main", "--head", "pr"], None),
    (["check", "trailers", "main", "--head", "pr"], None),
    (["overlap", "--json", "--base", "main", "pr", "main"], 0),
    (["comment", "drift", "--from", "-"], 0),
]


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize(("args", "code"), COMMANDS, ids=[" ".join(a[:2]) for a, _ in COMMANDS])
def test_no_cat_file_process_outlives_a_command(example: Path, args: list[str],
                                                code: int | None) -> None:
    import json

    assert cat_file_children() == []
    got = CliRunner().invoke(cli, ["--repo-dir", str(example), *args], input=json.dumps(
        affected_result()) if args[0] == "comment" else "Fix.\n")
    assert got.exit_code != 3, got.output
    if code is not None:
        assert got.exit_code == code, got.output
    assert cat_file_children() == []


def test_the_probe_sees_an_open_reader(example: Path) -> None:
    """The check above can fail: an unclosed reader is a child it finds."""
    git = Git(example)
    git.blobs.read("HEAD")
    assert len(cat_file_children()) == 1
    git.close()
    assert cat_file_children() == []
    with Git(example) as scoped:
        scoped.blobs.read("HEAD")
        assert len(cat_file_children()) == 1
    assert cat_file_children() == []


@pytest.fixture
def git_log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A ``git`` first on PATH that notes each command line, then runs the real git."""
    import shutil

    real = shutil.which("git")
    assert real is not None
    shim_dir, log = tmp_path / "shim", tmp_path / "git.log"
    shim_dir.mkdir()
    shim = shim_dir / "git"
    shim.write_text(f'#!/bin/sh\nprintf "%s\\n" "$*" >> "{log}"\nexec "{real}" "$@"\n')
    shim.chmod(0o755)
    monkeypatch.setenv("PATH", f"{shim_dir}{os.pathsep}{os.environ['PATH']}")
    return log


WARM_GIT_PROCESSES = 13
"""What a warm ``affected-docs --head pr main`` starts (14 before the ref and common-dir
memos): top level, head, its parents, dirty, tree, common dir, the blob reader, base, merge
base, changed files, hunks — each once; and, since the example's change removes a name a
page writes (``void_invoice``), the two that look for it in the rest of the tree: whether
the work tree is HEAD's checkout, and one word search."""


def test_a_warm_run_asks_git_each_thing_once(example: Path, git_log: Path) -> None:
    args = ["--repo-dir", str(example), "affected-docs", "--json", "--head", "pr", "main"]
    assert CliRunner().invoke(cli, args).exit_code == 0  # fills the cache: the next run is warm
    git_log.write_text("")
    got = CliRunner().invoke(cli, args)
    assert got.exit_code == 0, got.output
    lines = git_log.read_text().splitlines()
    assert len(lines) == len(set(lines)), "a git command ran twice in one run"
    assert len(lines) <= WARM_GIT_PROCESSES, "\n".join(lines)
    assert sum("rev-parse --git-common-dir" in line for line in lines) == 1


def test_the_ref_memo_forgets_what_govern_itself_moves(tmp_path: Path, git_log: Path) -> None:
    """The memo can fail both ways: asked twice, git runs once; after a commit through the
    same Git, HEAD is asked again and names the new commit."""
    git = build_example(tmp_path / "repo")
    git_log.write_text("")
    first = git.resolve_commit("pr")
    assert git.resolve_commit("pr") == first
    assert len(git_log.read_text().splitlines()) == 1
    (tmp_path / "repo" / "NEW.md").write_text("new\n")
    second = git.commit_all("another")  # on branch pr
    assert second != first and git.resolve_commit("pr") == second
    git.close()


def test_a_commits_tree_is_listed_once_a_moving_ref_each_time(tmp_path: Path,
                                                               git_log: Path) -> None:
    git = build_example(tmp_path / "repo")
    head = git.resolve_commit("pr")
    git_log.write_text("")
    assert git.ls_tree(head) is git.ls_tree(head)
    git.ls_tree("pr")
    git.ls_tree("pr")
    assert sum("ls-tree" in line for line in git_log.read_text().splitlines()) == 3
    git.close()
