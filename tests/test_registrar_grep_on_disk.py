"""A cold run greps a checkout's files for registrars instead of the commit's blobs (cheaper for
git), and must answer exactly as the blobs would: a file changed on disk since is judged by
its blob, and a work tree that is not a plain checkout of the commit is not read at all."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from govern.config import Config
from govern.drift.anchors.routes import RegistrarScan
from govern.drift.scans import _GREP_THRESHOLD, start_bridge_scans
from govern.git.gitio import Git
from tests.gitrepo import Repo, grepped, make_repo

ROUTES = "router.get('/api/v1/items', list);\n"
PLAIN = "export const total = (xs: number[]) => xs.length;\n"


def _filler() -> dict[str, str | bytes | None]:
    """More sources than the grep threshold, none a registrar, so a cold run greps."""
    return {f"lib/m{i}.ts": f"export const m{i} = {i};\n" for i in range(_GREP_THRESHOLD + 1)}


def _repo(tmp_path: Path) -> Repo:
    return make_repo(tmp_path / "r", {**_filler(), "web/routes.ts": ROUTES,
                                      "web/gone.ts": ROUTES, "web/plain.ts": PLAIN,
                                      "web/renamed.ts": ROUTES})


def _registrars(repo: Repo, rev: str = "HEAD") -> dict[str, RegistrarScan]:
    git = Git(repo.root)
    head = git.resolve_commit(rev)
    pending = start_bridge_scans(git, head, git.ls_tree(head), Config(), None,
                                 git.start_is_dirty())
    try:
        return pending.finish().registrars
    finally:
        pending.close()


def test_a_clean_checkout_is_a_checkout_of_head_only(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    first = repo.sha("HEAD")
    repo.commit({"web/plain.ts": PLAIN + "// two\n"}, "second")
    git = Git(repo.root)
    assert git.checkout_of(repo.sha("HEAD"))
    assert not git.checkout_of(first)  # another commit than the one on disk
    # a file git would not read from disk: skip-worktree (a sparse checkout), assume-unchanged
    for flag in ("--skip-worktree", "--assume-unchanged"):
        repo.git("update-index", flag, "web/plain.ts")
        assert not Git(repo.root).checkout_of(repo.sha("HEAD")), flag
        repo.git("update-index", flag.replace("--", "--no-"), "web/plain.ts")
    assert Git(repo.root).checkout_of(repo.sha("HEAD"))
    repo.git("read-tree", "--empty")  # an index cleared: nothing on disk is the commit's
    assert not Git(repo.root).checkout_of(repo.sha("HEAD"))


def test_status_names_every_path_that_differs_from_head(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    (repo.root / "web/plain.ts").write_text(ROUTES)          # modified on disk
    repo.git("rm", "-q", "--cached", "web/gone.ts")           # deleted from the index only
    repo.git("mv", "web/renamed.ts", "web/moved.ts")          # a staged rename: both sides
    (repo.root / "web/untracked.ts").write_text(ROUTES)       # untracked: never grepped
    assert Git(repo.root).start_is_dirty().changed_paths() == {
        "web/plain.ts", "web/gone.ts", "web/renamed.ts", "web/moved.ts"}
    clean = make_repo(tmp_path / "clean")
    assert Git(clean.root).start_is_dirty().changed_paths() == set()


def test_the_work_tree_grep_reads_the_files_on_disk(tmp_path: Path) -> None:
    from govern.drift.scans import REGISTRAR_HINT

    repo = _repo(tmp_path)
    (repo.root / "web/plain.ts").write_text(ROUTES)
    git = Git(repo.root)
    on_disk = grepped(git.start_grep_files("HEAD", REGISTRAR_HINT, ("*.ts",),
                                           work_tree=True))
    in_commit = grepped(git.start_grep_files("HEAD", REGISTRAR_HINT, ("*.ts",)))
    assert on_disk == ["web/gone.ts", "web/plain.ts", "web/renamed.ts", "web/routes.ts"]
    assert in_commit == ["web/gone.ts", "web/renamed.ts", "web/routes.ts"]


def test_a_clean_checkout_answers_as_the_commit(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    assert sorted(_registrars(repo)) == ["web/gone.ts", "web/renamed.ts", "web/routes.ts"]


def test_files_changed_on_disk_are_judged_by_their_blobs(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    (repo.root / "web/plain.ts").write_text(ROUTES)       # gained a route on disk only
    (repo.root / "web/routes.ts").write_text(PLAIN)       # lost its route on disk only
    repo.git("rm", "-q", "--cached", "web/gone.ts")       # its file kept, untracked
    repo.git("mv", "web/renamed.ts", "web/moved.ts")
    assert sorted(_registrars(repo)) == ["web/gone.ts", "web/renamed.ts", "web/routes.ts"]
    (repo.root / "web/routes.ts").unlink()                # deleted from disk
    assert "web/routes.ts" in _registrars(repo)


@pytest.mark.parametrize("setup", [
    pytest.param(lambda repo: (repo.git("update-index", "--skip-worktree", "web/routes.ts"),
                               (repo.root / "web/routes.ts").unlink()), id="sparse"),
    pytest.param(lambda repo: (repo.git("update-index", "--assume-unchanged", "web/routes.ts"),
                               (repo.root / "web/routes.ts").write_text(PLAIN)),
                 id="assume-unchanged"),
    pytest.param(lambda repo: repo.commit({"web/routes.ts": PLAIN}, "drop the route"),
                 id="another-commit"),
])
def test_a_work_tree_that_is_not_the_commit_is_not_read(
        tmp_path: Path, setup: Callable[[Repo], object]) -> None:
    repo = _repo(tmp_path)
    rev = repo.sha("HEAD")
    setup(repo)
    # git status cannot see these files changed: the run greps the commit's blobs instead
    assert "web/routes.ts" in _registrars(repo, rev)


def test_a_run_outside_a_work_tree_greps_the_commit(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    bare = tmp_path / "bare.git"
    subprocess.run(["git", "clone", "-q", "--bare", str(repo.root), str(bare)], check=True)
    git = Git(bare)
    assert not git.checkout_of(git.resolve_commit("HEAD"))
