"""What the repository's JavaScript/TypeScript packages export, and resolving a page's
``import { name } from "package"`` against it. A package is found by its package.json name;
its entry is the first *source* file its manifest leads to (``source``, the ``exports`` map,
``types``/``module``/``main``, a build folder's path mapped back to ``src/``, then
``src/index``, ``index``, ``lib/index``), and ``export … from`` chains are followed. A file is
not source when it is build output (a path under ``dist/``, ``build/`` or ``out/``, a file the
repository does not hold) or CommonJS (a shim whose ``module.exports`` requires the build):
such an entry says nothing of what the package exports, so the next is tried. An ``export *``
from outside the package, or no source entry at all, makes the answer unknowable, never a
finding."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from govern.docsrefs.model import Resolution, Status
from govern.drift.anchors.ts_exports import MAX_FILES, ExportReader, root_entries


@dataclass(frozen=True)
class Exports:
    names: frozenset[str]
    open: bool
    """An ``export *`` from outside the package, ``export =``, or a file not found."""


@dataclass(frozen=True)
class TsTable:
    packages: dict[str, Exports | None]
    """Package name -> what its root entry exports (None: the entry was not found)."""

    def resolve(self, reference: str) -> Resolution:
        package, _, name = reference.rpartition(":")
        if package not in self.packages:
            return Resolution(Status.OUT_OF_SCOPE)
        exports = self.packages[package]
        if exports is not None and name in exports.names:
            return Resolution(Status.RESOLVED)  # an open package has what it lists, and more
        if exports is None or exports.open:
            return Resolution(Status.UNRESOLVABLE)
        return Resolution(Status.MISSING, name, package, tuple(sorted(exports.names)))


def build_ts_table(manifests: Mapping[str, str], read: Callable[[str], bytes | None],
                   exists: Callable[[str], bool]) -> TsTable:
    """Every package.json (path -> text) with a name, and what its root entry exports: the
    first of its entries that is source (None when none is)."""
    packages: dict[str, Exports | None] = {}
    chains = _Chains(read, exists)
    for path, manifest_text in sorted(manifests.items()):
        try:
            manifest = json.loads(manifest_text)
        except (ValueError, RecursionError):
            continue
        if not isinstance(manifest, dict) or not isinstance(manifest.get("name"), str):
            continue
        entries = root_entries(manifest, path.rpartition("/")[0], exists)
        packages[manifest["name"]] = next(
            (found for entry in entries if (found := chains.exports(entry)) is not None), None)
    return TsTable(packages)


class _Chains:
    """The export chains of one tree, each entry walked once: packages, and the several
    entries each tries, share their files."""

    def __init__(self, read: Callable[[str], bytes | None],
                 exists: Callable[[str], bool]) -> None:
        self.reader = ExportReader(read, exists)
        self.chains: dict[str, Exports | None] = {}

    def exports(self, entry: str) -> Exports | None:
        if entry not in self.chains:
            self.chains[entry] = self._walk(entry)
        return self.chains[entry]

    def _walk(self, entry: str) -> Exports | None:
        """What the ``export … from`` chain from ``entry`` lists; None when it reaches a file
        that is not source (one the repository does not hold, a CommonJS module), since
        ``entry`` then is not where the package's source starts."""
        names: set[str] = set()
        pending, seen = [entry], set()
        opened = False
        while pending:
            path = pending.pop()
            if path in seen:
                continue
            seen.add(path)
            if len(seen) > MAX_FILES:
                return Exports(frozenset(names), True)
            found = self.reader.parsed(path)
            if found is None or found.commonjs:
                return None
            names |= found.names
            opened = opened or found.open
            for star in found.stars:
                if not star.startswith("."):
                    # another package's exports: open, though what the chain lists it still has
                    opened = True
                    continue
                target = self.reader.target(path, star)
                if target is None:
                    return None
                pending.append(target)
        return Exports(frozenset(names), opened)
