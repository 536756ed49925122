"""On-disk caches under ``$(git rev-parse --git-common-dir)/govern/``, keyed by govern's
version so an upgrade never reads a stale format. A cache that cannot be read is rebuilt.

Caches are JSON, or SQLite for the docs index (docs/decisions/sqlite-docs-index.md): CI
restores them with actions/cache, so their bytes may come from another run, and reading them
must never execute anything. Each JSON file is checked against the schema its user names
(``schemas/cache-*.schema.json``, through ``govern.core.json_input``) before its user's decoder
sees a value, so decoders convert and never check shapes; a SQLite store is opened only when
its schema is exactly the one its user declares.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from govern import __version__
from govern.core.json_input import conforms, parse_json

if TYPE_CHECKING:
    import sqlite3

T = TypeVar("T")
_STAMP = f"{__version__}-py{sys.version_info.major}.{sys.version_info.minor}"


def cache_dir(common_dir: Path) -> Path:
    return common_dir / "govern"


def load_json(path: Path, schema: str, decode: Callable[[Any], T]) -> dict[str, T]:
    """The cached mapping with each value decoded, or an empty one (rebuilt by the next save)
    when absent, unreadable, from another version, or not conforming to ``schemas/<schema>``
    (a foreign, damaged or forged file)."""
    try:
        document = parse_json(path.read_bytes())
    except (OSError, ValueError):
        return {}
    if (not isinstance(document, dict) or document.get("stamp") != _STAMP
            or not conforms(schema, document)):
        return {}
    return {key: decode(value) for key, value in document["entries"].items()}


def save_json(path: Path, data: Mapping[str, T], encode: Callable[[T], Any]) -> None:
    """Write atomically (a parallel run never reads half a file); failures are ignored, as a
    cache is an optimisation, never an input."""
    document = {"stamp": _STAMP, "entries": {key: encode(value) for key, value in data.items()}}
    import tempfile  # only a run that adds to a cache writes one

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(document, handle, separators=(",", ":"))
        os.replace(tmp, path)
    except OSError:
        pass


UNUSED_FOR = 86_400.0
"""Seconds after which an older format's store counts as left behind by an upgrade: a
younger one may be open in a run of that version."""


def prune_unused(directory: Path, prefix: str, keep: str) -> None:
    """Delete the files of ``directory`` whose names start with ``prefix``, other than
    ``keep`` and its journal, that nothing has written for ``UNUSED_FOR`` seconds: the
    stores an older govern left. Best effort, as every cache is."""
    import time

    cutoff = time.time() - UNUSED_FOR
    try:
        for entry in os.scandir(directory):
            if entry.name.startswith(prefix) and not entry.name.startswith(keep) \
                    and entry.stat(follow_symlinks=False).st_mtime < cutoff:
                os.unlink(entry.path)
    except OSError:
        pass


_STAMP_TABLE = "CREATE TABLE stamp (value TEXT NOT NULL)"
_MASTER = "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name"


def _master(db: sqlite3.Connection) -> list[tuple[Any, ...]]:
    return [tuple(row) for row in db.execute(_MASTER).fetchall()]


@contextmanager
def transaction(db: sqlite3.Connection) -> Iterator[None]:
    """One write transaction, taken before reading so two runs never interleave their
    writes; rolled back on any error."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def _create(db: sqlite3.Connection, schema: tuple[str, ...], stamp: str) -> None:
    with transaction(db):
        if _master(db):  # a parallel run created it first
            return
        for statement in (*schema, _STAMP_TABLE):
            db.execute(statement)
        db.execute("INSERT INTO stamp VALUES (?)", (stamp,))


def _open_checked(path: Path | str, schema: tuple[str, ...], stamp: str) -> sqlite3.Connection:
    """The store at ``path`` when it holds exactly ``schema`` and ``stamp`` (created when
    absent or empty); sqlite3.DatabaseError for anything else."""
    import sqlite3

    db = sqlite3.connect(path, timeout=5, isolation_level=None)
    try:
        # Nothing stored may run as code: no schema-defined functions, no extensions (Python
        # never enables them), and the schema compared with ours before any table is read,
        # so a view or trigger someone planted is refused rather than run.
        db.execute("PRAGMA trusted_schema = OFF")
        db.execute("PRAGMA cell_size_check = ON")
        db.execute("PRAGMA synchronous = OFF")  # a store torn by a crash is dropped on read
        if not _master(db):
            _create(db, schema, stamp)
        found = _master(db)
        reference = sqlite3.connect(":memory:", isolation_level=None)
        _create(reference, schema, stamp)
        expected = _master(reference)
        reference.close()
        if found != expected:
            raise sqlite3.DatabaseError("not the schema govern writes")
        if db.execute("SELECT value FROM stamp").fetchall() != [(stamp,)]:
            raise sqlite3.DatabaseError("written by another version")
        return db
    except BaseException:
        db.close()
        raise


def sqlite_name(stamp: str) -> str:
    """The file name of a store keyed by ``stamp`` and by this govern and Python: two
    versions, or two formats, on one checkout keep a store each, where one shared file was
    dropped by each under the other's run (a disk I/O error)."""
    return f"{stamp}-{_STAMP}.sqlite"


def open_sqlite(path: Path, schema: tuple[str, ...], stamp: str, *,
                family: str | None = None) -> sqlite3.Connection:
    """A SQLite store under the cache directory, keyed by govern's version and ``stamp``
    (named by :func:`sqlite_name`).

    A damaged, foreign or older store is deleted and created again; where the directory
    cannot be written, the store lives in memory for this run. A cache is an optimisation,
    never an input: none of this is an error. Creating the store prunes the ``family``'s
    stores other versions left (:func:`prune_unused`).
    """
    import sqlite3

    full_stamp = f"{_STAMP}-{stamp}"
    if family is not None and not path.exists():
        prune_unused(path.parent, family, keep=path.name)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return _open_checked(path, schema, full_stamp)
    except sqlite3.DatabaseError:
        return reopen_sqlite(path, schema, stamp)
    except OSError:
        return open_sqlite_memory(schema, stamp)


def reopen_sqlite(path: Path, schema: tuple[str, ...], stamp: str) -> sqlite3.Connection:
    """Drop the store at ``path`` and start an empty one (in memory if that fails too)."""
    import sqlite3

    full_stamp = f"{_STAMP}-{stamp}"
    try:
        for leftover in (path, path.with_name(path.name + "-journal")):
            leftover.unlink(missing_ok=True)
        return _open_checked(path, schema, full_stamp)
    except (OSError, sqlite3.DatabaseError):
        return open_sqlite_memory(schema, stamp)


def open_sqlite_memory(schema: tuple[str, ...], stamp: str) -> sqlite3.Connection:
    """An empty store in memory, for a run that cannot keep one on disk."""
    return _open_checked(":memory:", schema, f"{_STAMP}-{stamp}")
