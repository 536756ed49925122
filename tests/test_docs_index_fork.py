"""A cold docs index is scanned in a forked process while the run reads the diff, and by the
run itself from the other end of the pages once its own work is done
(docs/decisions/sqlite-docs-index.md#a-cold-run-on-two-cores): the fork only fills the store,
so the run answers the same with it, without it, and when it dies."""

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
from govern.drift.docs.index import (
    SCAN_CHUNK,
    SCHEMA,
    STORE_FORMAT,
    WORD,
    known_blobs,
    store_pages,
)
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
    assert pending.child is not None  # cold, and over the threshold: forked
    helped: list[bool] = []
    fill = scans._fill_store

    def spy(*args: object, from_end: bool = False, **kwargs: object) -> None:
        helped.append(from_end)
        fill(*args, from_end=from_end, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(scans, "_fill_store", spy)
    index = pending.finish()
    assert helped == [True]  # the run scanned from the other end before waiting
    assert pending.child is None  # reaped
    assert len(index.pages) == PAGES
    assert len(index.pages_with(WORD, ["fetchAll"])) == len(range(0, PAGES, 10))
    # warm now: nothing is forked
    assert scans.start_docs_index(git, entries, Config()).child is None
    forked = run_json(repo, "main")
    _store(git).unlink()
    monkeypatch.setattr(scans, "_PARALLEL_PAGES", 10 ** 9)  # serial
    assert scans.start_docs_index(git, entries, Config()).child is None
    serial = run_json(repo, "main")
    assert forked == serial
    assert len(rows(forked)) == len(range(0, PAGES, 10))


def test_the_fork_alone_fills_the_whole_store(repo_git: tuple) -> None:
    _, git = repo_git
    entries = git.ls_tree(git.resolve_commit("pr"))
    pending = scans.start_docs_index(git, entries, Config())
    pending._reap(kill=False)  # the fork's work only: the run scans nothing itself
    blobs = {page.blob for page in select_pages(entries, Config().docs)}
    db = cache.open_sqlite(_store(git), SCHEMA, STORE_FORMAT)
    try:
        assert set(known_blobs(db, sorted(blobs))) == blobs
    finally:
        db.close()


def test_two_fillers_from_the_two_ends_meet_in_the_middle(repo_git: tuple) -> None:
    """The fork fills the store from the front, the run from the end: each asks the store
    before each chunk, so a page the other stored is not read again."""
    _, git = repo_git
    entries = git.ls_tree(git.resolve_commit("pr"))
    pages = select_pages(entries, Config().docs)
    blobs = sorted({page.blob for page in pages})
    front = blobs[:SCAN_CHUNK]  # what the fork had stored when the run began
    assert len(blobs) > 1.5 * SCAN_CHUNK  # a chunk and more are left to the run
    db = cache.open_sqlite(_store(git), SCHEMA, STORE_FORMAT)
    read: list[str] = []

    def reader(sha: str) -> bytes | None:
        read.append(sha)
        return git.blobs.read(sha)

    try:
        store_pages([page for page in pages if page.blob in front], git.blobs.read, db)
        told: list[tuple[int, int]] = []
        store_pages(pages, reader, db, progress=lambda _what, done, total: told.append(
            (done, total)), from_end=True)
        assert sorted(read) == blobs[SCAN_CHUNK:]  # the rest, each read once
        assert read == sorted(read, reverse=True)  # from the end
        assert set(known_blobs(db, blobs)) == set(blobs)
        assert told[-1] == (len(blobs), len(blobs))  # the count reaches the end
    finally:
        db.close()


def test_the_run_answers_when_the_fork_dies(repo_git: tuple) -> None:
    _, git = repo_git
    entries = git.ls_tree(git.resolve_commit("pr"))
    pending = scans.start_docs_index(git, entries, Config())
    assert pending.child is not None
    os.kill(pending.child, signal.SIGKILL)  # before it scanned, or halfway
    index = pending.finish()
    assert len(index.pages) == PAGES
    assert len(index.pages_with(WORD, ["fetchAll"])) == len(range(0, PAGES, 10))


def test_no_fork_for_few_pages_held_caches_or_an_unwritable_store(repo_git: tuple) -> None:
    _, git = repo_git
    entries = git.ls_tree(git.resolve_commit("pr"))
    few = [entry for entry in entries if not entry.path.startswith("docs/p1")]
    assert len(few) < scans._PARALLEL_PAGES
    assert scans.start_docs_index(git, few, Config()).child is None
    # govern calibrate holds one store open across its runs: never forked
    assert scans.start_docs_index(git, entries, Config(), scans.RunMemos(git)).child is None
    store = git.common_dir() / "govern"
    shutil.rmtree(store, ignore_errors=True)
    store.write_text("a file where the cache folder goes\n")  # no store, even for root
    try:
        assert scans.start_docs_index(git, entries, Config()).child is None
    finally:
        store.unlink()
    pending = scans.start_docs_index(git, entries, Config())  # the folder can be made again
    try:
        assert pending.child is not None
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
        assert scans.start_docs_index(git, entries, Config()).child is None
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
        assert pending.child is None
        assert len(pending.finish().pages) == PAGES
    finally:
        release.set()
        other.join()
    assert scans.start_docs_index(git, entries, Config()).child is None  # warm by now


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
