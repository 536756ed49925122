"""A cold docs index is scanned in forked processes, each a share of the pages, while the run
reads the diff (docs/decisions/sqlite-docs-index.md#a-cold-run-on-two-cores): the forks only
fill the store, so the run answers the same with them, without them, and when one dies."""

from __future__ import annotations

import os
import shutil
import signal
from pathlib import Path

import pytest

import govern.drift.scans as scans
from govern.config import Config
from govern.core import cache
from govern.drift.docs.corpus import select_pages
from govern.drift.docs.index import SCHEMA, STORE_FORMAT, WORD, known_blobs
from govern.git.gitio import Git
from tests.helpers import pr_repo, rows, run_json

PAGES = scans._PARALLEL_PAGES + 6


def _repo(tmp_path: Path):  # type: ignore[no-untyped-def]
    pages = {f"docs/p{i}.md": ("`fetchAll` is used here.\n" if i % 10 == 0 else f"page {i}\n")
             for i in range(PAGES)}
    return pr_repo(tmp_path, {"web/a.ts": "export function fetchAll() {}\n", **pages},
                   {"web/a.ts": "export function fetchAll() { return 1; }\n"})


@pytest.fixture
def repo_git(tmp_path: Path):  # type: ignore[no-untyped-def]
    """The repository and its Git, closed after the test (its cat-file process ended)."""
    repo = _repo(tmp_path)
    git = Git(repo.root)
    yield repo, git
    git.close()


def _store(git: Git) -> Path:
    return cache.cache_dir(git.common_dir()) / scans.DOCS_INDEX_FILE


def test_a_cold_index_is_forked_and_the_run_answers_as_a_serial_one(
        repo_git: tuple, monkeypatch: pytest.MonkeyPatch) -> None:
    repo, git = repo_git
    entries = git.ls_tree(git.resolve_commit("pr"))
    pending = scans.start_docs_index(git, entries, Config())
    assert len(pending.children) == scans._SCAN_PROCESSES  # cold, and over the threshold
    children = list(pending.children)
    index = pending.finish()
    assert pending.children == []  # reaped
    for child in children:  # each exited, none is left to reap
        with pytest.raises(ChildProcessError):
            os.waitpid(child, os.WNOHANG)
    assert len(index.pages) == PAGES
    assert len(index.pages_with(WORD, ["fetchAll"])) == len(range(0, PAGES, 10))
    # warm now: nothing is forked
    assert scans.start_docs_index(git, entries, Config()).children == []
    forked = run_json(repo, "main")
    _store(git).unlink()
    monkeypatch.setattr(scans, "_PARALLEL_PAGES", 10 ** 9)  # serial
    assert scans.start_docs_index(git, entries, Config()).children == []
    serial = run_json(repo, "main")
    assert forked == serial
    assert len(rows(forked)) == len(range(0, PAGES, 10))


def test_the_forks_alone_fill_the_whole_store(repo_git: tuple) -> None:
    _, git = repo_git
    entries = git.ls_tree(git.resolve_commit("pr"))
    pending = scans.start_docs_index(git, entries, Config())
    pending._reap(kill=False)  # the forks' work only: the run scans nothing itself
    blobs = {page.blob for page in select_pages(entries, Config().docs)}
    db = cache.open_sqlite(_store(git), SCHEMA, STORE_FORMAT)
    try:
        assert set(known_blobs(db, sorted(blobs))) == blobs
    finally:
        db.close()


@pytest.mark.parametrize("killed", [slice(0, 1), slice(None)])
def test_the_run_answers_when_a_fork_dies(repo_git: tuple, killed: slice) -> None:
    _, git = repo_git
    entries = git.ls_tree(git.resolve_commit("pr"))
    pending = scans.start_docs_index(git, entries, Config())
    assert len(pending.children) == scans._SCAN_PROCESSES
    for child in pending.children[killed]:
        os.kill(child, signal.SIGKILL)  # before it scanned, or halfway
    index = pending.finish()
    assert len(index.pages) == PAGES
    assert len(index.pages_with(WORD, ["fetchAll"])) == len(range(0, PAGES, 10))


def test_no_fork_for_few_pages_held_caches_or_an_unwritable_store(repo_git: tuple) -> None:
    _, git = repo_git
    entries = git.ls_tree(git.resolve_commit("pr"))
    few = [entry for entry in entries if not entry.path.startswith("docs/p1")]
    assert len(few) < scans._PARALLEL_PAGES
    assert scans.start_docs_index(git, few, Config()).children == []
    # govern calibrate holds one store open across its runs: never forked
    assert scans.start_docs_index(git, entries, Config(), scans.RunMemos(git)).children == []
    store = git.common_dir() / "govern"
    shutil.rmtree(store, ignore_errors=True)
    store.write_text("a file where the cache folder goes\n")  # no store, even for root
    try:
        assert scans.start_docs_index(git, entries, Config()).children == []
    finally:
        store.unlink()
    pending = scans.start_docs_index(git, entries, Config())  # the folder can be made again
    try:
        assert pending.children != []
    finally:
        pending.close()


def test_no_fork_for_a_read_only_git_dir(repo_git: tuple) -> None:
    _, git = repo_git
    entries = git.ls_tree(git.resolve_commit("pr"))
    common = git.common_dir()
    common.chmod(0o555)
    try:
        if os.access(common, os.W_OK):
            pytest.skip("running as a user who writes anywhere (root): the test above covers it")
        assert scans.start_docs_index(git, entries, Config()).children == []
    finally:
        common.chmod(0o755)


def test_no_fork_while_another_thread_runs(repo_git: tuple) -> None:
    import threading

    _, git = repo_git
    entries = git.ls_tree(git.resolve_commit("pr"))
    release = threading.Event()
    other = threading.Thread(target=release.wait)
    other.start()
    try:
        pending = scans.start_docs_index(git, entries, Config())
        assert pending.children == []
        assert len(pending.finish().pages) == PAGES
    finally:
        release.set()
        other.join()
    assert scans.start_docs_index(git, entries, Config()).children == []  # warm by now


def test_a_fork_that_fails_exits_non_zero_without_running_this_process_exit_code() -> None:
    def fails() -> None:
        raise RuntimeError("scan failed")

    pid = scans._fork(fails)
    assert pid is not None
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 1
    pid = scans._fork(lambda: None)
    assert pid is not None
    assert os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) == 0
