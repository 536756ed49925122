"""Reads beyond the diff, each cached by blob id under the git common dir so a run's cost
grows with the diff, not the repository: the docs index, and the registrar and ledger scans
the route bridge needs (docs/concepts/affected-docs.md#anchor-kinds, docs/decisions/index.md)."""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from govern.config import Config
from govern.core import cache
from govern.core.progress import Progress, no_progress
from govern.drift.anchors.ledgers import LedgerScan, scan_ledger
from govern.drift.anchors.routes import (
    PERL_HINTS,
    REGISTRAR_HINT,
    RegistrarScan,
    has_registration_line,
    scan_python,
    scan_typescript,
)
from govern.drift.anchors.syntax import EXTENSIONS, SOURCE_PATHSPECS
from govern.drift.bridge import BridgeHealth, BridgeScans, bridge_health
from govern.drift.docs.corpus import Page, select_pages
from govern.drift.docs.index import (
    SCHEMA,
    STORE_FORMAT,
    DocsIndex,
    StoreDamaged,
    fill_index,
    known_blobs,
    prune,
    store_pages,
)
from govern.git.gitio import Git, PendingGrep, PendingStatus, TreeEntry
from govern.git.packages import is_test_file

_BLOB_MODES = ("100644", "100755")
# Above this many unscanned files, one `git grep` over the tree is cheaper than reading each.
_GREP_THRESHOLD = 200
# 3: hint reads `path: `${base}/x``, `* /x` rows; 4: health skips vague tails; 5: handlers in
# parentheses or under `satisfies`, quoted `'path':` keys; 6: large files read around their
# hints, a scan says whether it read the whole file; 7: a chained route's line is its verb's
_SCANS_FORMAT = 7
DOCS_INDEX_FILE = cache.sqlite_name(STORE_FORMAT)
"""Named by its format and this govern, so two versions on one checkout keep a store each;
a store of another format or version that nothing has written for a day is pruned when this
one is created (:func:`cache.prune_unused`)."""
DOCS_INDEX_FAMILY = "docs-index"
T = TypeVar("T")

if TYPE_CHECKING:
    import sqlite3


Scan = RegistrarScan | LedgerScan | BridgeHealth | None
"""A cached read: a registrar's routes, a ledger's rows, None (not a registrar), or the
health of one set of registrars and ledgers."""
_SCAN_KINDS: dict[str, Any] = {"registrar": RegistrarScan, "ledger": LedgerScan,
                               "health": BridgeHealth}


def _encode_scan(value: Scan) -> Any:
    if value is None:
        return None
    kind = next(k for k, cls in _SCAN_KINDS.items() if isinstance(value, cls))
    return {"kind": kind, "scan": value.to_json()}


def _decode_scan(data: Any) -> Scan:
    if data is None:
        return None
    return _SCAN_KINDS[data["kind"]].from_json(data["scan"])


@dataclass
class _Held:
    """One cache file held in memory: its entries, those it had when loaded, those used."""

    memo: dict[str, Any]
    cached: set[str]
    encode: Callable[[Any], Any]
    used: set[str] = field(default_factory=set)


@dataclass
class RunMemos:
    """The caches of this module held in memory across many runs in one process, loaded once
    and written once by :meth:`save` (``govern calibrate`` replays hundreds of commits:
    docs/how-to/calibrate.md). A single affected-docs run makes its own and saves it."""

    git: Git
    held: dict[str, _Held] = field(default_factory=dict)
    index: tuple[tuple[tuple[str, str], ...], DocsIndex] | None = None
    """The last docs index built, by its pages' (path, blob): consecutive reads of one docs
    tree (a replayed commit and its parent) build it once."""
    docs_db: sqlite3.Connection | None = None
    """The docs index store, opened once for all the runs."""

    def hold(self, name: str, schema: str, decode: Callable[[Any], Any],
             encode: Callable[[Any], Any]) -> _Held:
        if name not in self.held:
            memo = cache.load_json(cache.cache_dir(self.git.common_dir()) / name, schema, decode)
            self.held[name] = _Held(memo, set(memo), encode)
        return self.held[name]

    def save(self) -> None:
        for name, held in self.held.items():
            _save_used(cache.cache_dir(self.git.common_dir()) / name, held.memo, held.cached,
                       held.used, held.encode)


SCANS_FILE = f"bridge-scans-v{_SCANS_FORMAT}.json"


def read_docs_index(git: Git, pages: list[Page], memos: RunMemos | None = None,
                    progress: Progress = no_progress) -> DocsIndex:
    """The docs index of a tree's corpus ``pages`` (:func:`select_pages`) over the SQLite
    store under the git common dir (docs/decisions/sqlite-docs-index.md): only pages the
    store lacks are scanned."""
    import sqlite3

    run = memos or RunMemos(git)
    path = cache.cache_dir(git.common_dir()) / DOCS_INDEX_FILE
    signature = tuple((page.path, page.blob) for page in pages)
    if run.index is not None and run.index[0] == signature:
        return run.index[1]

    def reopen() -> sqlite3.Connection:
        run.docs_db = cache.reopen_sqlite(path, SCHEMA, STORE_FORMAT)
        return run.docs_db

    try:
        if run.docs_db is None:
            run.docs_db = cache.open_sqlite(path, SCHEMA, STORE_FORMAT,
                                            family=DOCS_INDEX_FAMILY)
        index = fill_index(pages, git.blobs.read, run.docs_db, git.blobs.read_many, progress)
    except (sqlite3.DatabaseError, StoreDamaged):
        index = fill_index(pages, git.blobs.read, reopen(), git.blobs.read_many, progress)
    index.on_damage = reopen
    with contextlib.suppress(sqlite3.DatabaseError):  # housekeeping: the next run tries again
        prune(index.db, pages, keep=2 * len(pages) + 16)
    run.index = (signature, index)
    return index


_PARALLEL_PAGES = 64
"""Above this many pages the store lacks, a forked process scans them while this one reads
the diff and the bridge, and this one then scans from the other end: the two halves of a
cold run on two cores."""


@dataclass
class PendingIndex:
    """The docs index begun (:func:`start_docs_index`). The forked process only fills the
    store, from one end of the pages; :meth:`finish` fills it from the other end until the
    two meet, then reads the index as a warm run does, scanning itself whatever the fork left
    out (it failed, was killed, or the store moved): the fork is a speed-up, never a source
    of answers."""

    git: Git
    pages: list[Page]
    """The tree's corpus, which a fork scans from the front."""
    memos: RunMemos | None
    progress: Progress
    child: int | None = None

    def finish(self) -> DocsIndex:
        if self.child is not None:
            import sqlite3

            # the run's own work is done: scan what the fork has not reached yet
            with contextlib.suppress(sqlite3.DatabaseError, StoreDamaged):
                # the fork tells the progress; two counts on one line would read as nonsense
                _fill_store(self.git, self.pages, no_progress, from_end=True)
        self._reap(kill=False)
        return read_docs_index(self.git, self.pages, self.memos, self.progress)

    def close(self) -> None:
        """The run is over (or failed): stop a fork still scanning."""
        self._reap(kill=True)

    def _reap(self, kill: bool) -> None:
        if self.child is None:
            return
        import signal

        with contextlib.suppress(OSError):
            if kill:
                os.kill(self.child, signal.SIGKILL)
            os.waitpid(self.child, 0)
        self.child = None


def start_docs_index(git: Git, entries: list[TreeEntry], config: Config,
                     memos: RunMemos | None = None, progress: Progress = no_progress,
                     ) -> PendingIndex:
    """Begin the docs index of a tree: when a single run (not ``govern calibrate``'s held
    caches) finds many pages new to a writable store, fork a process that scans them into it
    (docs/decisions/sqlite-docs-index.md#a-cold-run-on-two-cores)."""
    import threading

    pages = select_pages(entries, config.docs)
    pending = PendingIndex(git, pages, memos, progress)
    # Another thread may hold a lock (stderr's, say) at the fork, which the child would then
    # wait on for ever: a process with threads (an embedding program) scans in line.
    if memos is not None or not hasattr(os, "fork") or threading.active_count() > 1:
        return pending
    if _pages_missing(git, pages) <= _PARALLEL_PAGES:
        return pending
    # the fork reads through a git reader of its own: this one's pipes stay this process's
    pending.child = _fork(lambda: _fill_store(Git(git.root), pages, progress))
    return pending


def _fill_store(git: Git, pages: list[Page], progress: Progress, *,
                from_end: bool = False) -> None:
    """Scan those of ``pages`` the store lacks into it, from the front of the list or from
    its end (docs/decisions/sqlite-docs-index.md#a-cold-run-on-two-cores)."""
    db = cache.open_sqlite(cache.cache_dir(git.common_dir()) / DOCS_INDEX_FILE, SCHEMA,
                           STORE_FORMAT, family=DOCS_INDEX_FAMILY)
    try:
        store_pages(pages, git.blobs.read, db, git.blobs.read_many, progress, from_end=from_end)
    finally:
        db.close()


def _pages_missing(git: Git, pages: list[Page]) -> int:
    """How many of ``pages`` a writable store lacks (0 when it cannot be written: a fork's
    scans would be lost)."""
    import sqlite3

    path = cache.cache_dir(git.common_dir()) / DOCS_INDEX_FILE
    if len(pages) <= _PARALLEL_PAGES or not _writable(path):
        return 0
    if not path.exists():
        return len(pages)
    try:
        db = cache.open_sqlite(path, SCHEMA, STORE_FORMAT)
        try:
            return len(pages) - len(known_blobs(db, [page.blob for page in pages]))
        finally:
            db.close()
    except (sqlite3.DatabaseError, StoreDamaged):
        return len(pages)


def _writable(path: Path) -> bool:
    """Can a store be written at ``path``: the file itself, or else the nearest folder that
    exists above it (a file in the way of the folders, as for any user, cannot hold one)."""
    if path.exists():
        return path.is_file() and os.access(path, os.W_OK)
    parent = _existing_parent(path)
    return parent.is_dir() and os.access(parent, os.W_OK)


def _existing_parent(path: Path) -> Path:
    while not path.exists() and path != path.parent:
        path = path.parent
    return path


def _fork(work: Callable[[], object]) -> int | None:
    """Run ``work`` in a forked process, which exits without running this process's exit
    handlers (its open files and pipes are this process's); None when fork fails."""
    try:
        pid = os.fork()
    except OSError:
        return None
    if pid:
        return pid
    status = 1
    try:
        work()
        status = 0
    finally:
        os._exit(status)


def _save_used(path: Path, memo: dict[str, T], cached: set[str], used: set[str],
               encode: Callable[[T], Any]) -> None:
    """Write the cache when this run added to it. Entries this run did not use are kept while
    the file stays under twice what a run uses (switching between branches stays warm), then
    dropped, so the cache never grows with every blob ever seen."""
    if used <= cached:
        return
    keep = set(memo) if len(memo) <= 2 * len(used) else used
    cache.save_json(path, {key: memo[key] for key in keep if key in memo}, encode)


def _suffix(path: str) -> str:
    """``.py`` of ``a/b.py`` (what PurePosixPath.suffix says, without its cost per path:
    this runs on every file of the tree)."""
    name = path.rpartition("/")[2]
    dot = name.rfind(".")
    return name[dot:] if dot > 0 else ""


def _scan_registrar(data: bytes, path: str, configured: bool) -> RegistrarScan:
    """A configured registrar is read whole; a file its hint lines chose, where they are."""
    language = EXTENSIONS[_suffix(path)]
    if language == "python":
        return scan_python(data, path)
    return scan_typescript(data, path, language, whole=configured)


@dataclass
class PendingScans:
    """The bridge's reads begun (:func:`start_bridge_scans`): when many sources are not in the
    cache yet (a cold run), the ``git grep`` for registrars runs in the background while the
    docs index and the anchors are built (docs/decisions/sqlite-docs-index.md)."""

    git: Git
    rev: str
    entries: list[TreeEntry]
    config: Config
    run: RunMemos
    held: _Held
    save: bool
    """Save the cache when finished (a single run; ``govern calibrate`` saves once at the end)."""
    sources: dict[str, str]
    """Source path -> blob id, test files left out."""
    unscanned: list[str]
    grep: PendingGrep | None
    changed_on_disk: PendingStatus | None = None
    """When ``grep`` reads the work tree: the ``git status`` naming the files it must not
    trust, judged by their blobs at ``rev`` instead."""
    saved: bool = False

    def registrar(self, blob: str, data: bytes, path: str) -> RegistrarScan | None:
        """The registrar scan of a changed source, None when it is no registrar: the cached
        one, else scanned now and cached (the base side's blobs too, so a warm run of the same
        diff reads no source again), as :meth:`finish` judges a file of the tree."""
        key = f"r:{blob}"
        held = self.held.memo.get(key)
        configured = self.config.routes.registrars.matches(path)
        if key in self.held.memo and _serves(held, configured):
            self.held.used.add(key)
            return held
        scan = _scan_registrar(data, path, configured) \
            if configured or has_registration_line(data) else None
        self.held.memo[key] = scan
        self.held.used.add(key)
        return scan

    def close(self) -> None:
        """The run is over: stop the background grep (a run that needs no bridge never reads
        it) and save what this run added to the cache, if :meth:`finish` did not."""
        if self.grep is not None:
            self.grep.cancel()
        if self.save and not self.saved:
            self.run.save()
            self.saved = True

    def finish(self) -> BridgeScans:
        """Registrar files (auto-detected, plus ``routes.registrars``) and ledgers."""
        git, memo, sources, config = self.git, self.held.memo, self.sources, self.config
        configured = frozenset(p for p in sources if config.routes.registrars.matches(p))
        unscanned = [p for p in self.unscanned if f"r:{sources[p]}" not in memo]  # not since
        todo = set(unscanned)
        if self.grep is not None:
            stale = (self.changed_on_disk.changed_paths()
                     if self.changed_on_disk is not None else set())
            hits: set[str] = set()
            for batch in self.grep.batches():  # each scanned while git greps the rest
                found = [path for path in dict.fromkeys(batch) if path not in stale]
                hits.update(found)
                self._scan([path for path in found if path in todo], configured)
                todo.difference_update(found)
            hits |= _hinted(git, [p for p in unscanned if p in stale], sources)
        else:
            hits = _hinted(git, unscanned, sources)
        left = [p for p in unscanned if p in todo]
        self._scan([p for p in left if p in hits or p in configured], configured)
        memo.update((f"r:{sources[p]}", None) for p in left
                    if p not in hits and p not in configured)
        for path in configured:  # configured files are read whole, hinted or not
            if not _serves(memo.get(f"r:{sources[path]}"), True):
                data = git.blobs.read(sources[path])
                memo[f"r:{sources[path]}"] = _scan_registrar(data or b"", path, True)
        ledgers: dict[str, LedgerScan] = {}
        used = {f"r:{sha}" for sha in sources.values()}
        for entry in self.entries:
            if entry.mode in _BLOB_MODES and config.routes.ledgers.matches(entry.path):
                key = f"l:{entry.sha}:{entry.path.rsplit('.', 1)[-1]}"
                ledger = memo.get(key)
                if not isinstance(ledger, LedgerScan):  # absent, or a cached value of another kind
                    ledger = memo[key] = scan_ledger(git.blobs.read(entry.sha) or b"",
                                                     entry.path)
                ledgers[entry.path] = ledger
                used.add(key)
        registrars = {p: scan for p, sha in sources.items()
                      if isinstance(scan := memo.get(f"r:{sha}"), RegistrarScan)}
        scans = BridgeScans(registrars=registrars, configured=configured, ledgers=ledgers)
        # Health depends on every registrar and ledger: keyed by exactly those blobs, a run
        # whose PR touches none of them reuses it.
        signature = hashlib.sha1("\n".join(sorted(
            [f"r {p} {sources[p]} {p in configured}"
             for p in registrars | dict.fromkeys(configured)]
            + [f"l {e.path} {e.sha}" for e in self.entries if e.path in ledgers]
        )).encode()).hexdigest()
        health = memo.get(f"h:{signature}")
        if not isinstance(health, BridgeHealth):
            health = memo[f"h:{signature}"] = bridge_health(scans)
        used.add(f"h:{signature}")
        self.held.used.update(used)
        if self.save:
            self.run.save()
            self.saved = True
        return replace(scans, health=health)


    def _scan(self, paths: list[str], configured: frozenset[str]) -> None:
        """Scan ``paths``, read in one exchange with git, into the memo (an unreadable blob,
        one the clone lacks, is no registrar)."""
        blobs = self.git.blobs.read_many([self.sources[p] for p in paths])
        for path in paths:
            data = blobs[self.sources[path]]
            self.held.memo[f"r:{self.sources[path]}"] = (
                _scan_registrar(data, path, path in configured) if data is not None else None)


def _serves(held: Any, configured: bool) -> bool:
    """Does a cached registrar scan answer for a file? A configured registrar needs a scan of
    the whole file; any other file a scan (around its hints) or None (no hint)."""
    if isinstance(held, RegistrarScan):
        return held.whole or not configured
    return held is None and not configured


def _hinted(git: Git, paths: list[str], sources: dict[str, str]) -> set[str]:
    """Those of ``paths`` whose blob has a registration line."""
    texts = git.blobs.read_many([sources[p] for p in paths])
    return {p for p in paths if has_registration_line(texts[sources[p]] or b"")}


def start_bridge_scans(git: Git, rev: str, entries: list[TreeEntry], config: Config,
                       memos: RunMemos | None = None,
                       work_tree: PendingStatus | None = None) -> PendingScans:
    """Load the scan cache and, when many sources are new to it, start the registrar grep.

    ``work_tree`` is the run's ``git status`` when it has a work tree: if that is a checkout
    of ``rev`` (a CI job's), git greps the files on disk, and the ones the status lists are
    judged by their blobs."""
    run = memos or RunMemos(git)
    held = run.hold(SCANS_FILE, "cache-bridge-scans.schema.json",
                    _decode_scan, _encode_scan)
    memo = held.memo
    sources = {e.path: e.sha for e in entries if e.mode in _BLOB_MODES
               and _suffix(e.path) in EXTENSIONS and not is_test_file(e.path)}
    unscanned = [p for p, sha in sources.items() if f"r:{sha}" not in memo]
    grep, changed_on_disk = None, None
    if len(unscanned) > _GREP_THRESHOLD:
        if work_tree is not None and git.checkout_of(rev):
            changed_on_disk = work_tree
        grep = git.start_grep_files(rev, REGISTRAR_HINT, SOURCE_PATHSPECS,
                                    perl=PERL_HINTS,
                                    work_tree=changed_on_disk is not None)
    return PendingScans(git, rev, entries, config, run, held, memos is None, sources, unscanned,
                        grep, changed_on_disk)


def read_bridge_scans(git: Git, rev: str, entries: list[TreeEntry],
                      config: Config, memos: RunMemos | None = None) -> BridgeScans:
    """Registrar files (auto-detected, plus ``routes.registrars``) and ledgers at ``rev``."""
    return start_bridge_scans(git, rev, entries, config, memos).finish()
