"""What the repository's JavaScript/TypeScript packages export, and resolving a page's
``import { name } from "package"`` against it. A package is found by its package.json name;
its entry is the first *source* file its manifest leads to (``source``, the ``exports`` map,
``types``/``module``/``main``, a build folder's path mapped back to ``src/``, then
``src/index``, ``index``, ``lib/index``), and ``export … from`` chains are followed. A file is
not source when it is build output (a path under ``dist/``, ``build/`` or ``out/``, a file the
repository does not hold) or CommonJS (a shim whose ``module.exports`` requires the build):
such an entry says nothing of what the package exports, so the next is tried. An ``export *``
from outside the package, ``export =``, or no source entry at all makes the answer
unknowable, never a finding; why is told once per package in the summary."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from govern.docsrefs.model import Resolution, Status
from govern.drift.anchors.ts_exports import MAX_FILES, ExportReader, root_entries

_UNREADABLE = ": imports from it are unresolvable"
_PARTLY = ": imports of names it does not list itself are unresolvable"


@dataclass(frozen=True)
class Exports:
    names: frozenset[str]
    hidden: str | None = None
    """Why the package may export more than ``names`` (None: exactly these), as the summary
    says it: ``export =``, an ``export *`` from another package, no source entry."""


@dataclass(frozen=True)
class _NotSource:
    """An entry whose chain reaches a file that is no source: why."""

    why: str


@dataclass(frozen=True)
class TsTable:
    packages: dict[str, Exports]
    """Package name -> what its root entry exports."""

    def resolve(self, reference: str) -> Resolution:
        package, _, name = reference.rpartition(":")
        if package not in self.packages:
            return Resolution(Status.OUT_OF_SCOPE)
        exports = self.packages[package]
        if name in exports.names:
            return Resolution(Status.RESOLVED)  # an open package has what it lists, and more
        if exports.hidden is not None:
            return Resolution(Status.UNRESOLVABLE, why=f"{package}: {exports.hidden}")
        return Resolution(Status.MISSING, name, package, tuple(sorted(exports.names)))


def build_ts_table(manifests: Mapping[str, str], read: Callable[[str], bytes | None],
                   exists: Callable[[str], bool]) -> TsTable:
    """Every package.json (path -> text) with a name, and what its root entry exports: the
    first of its entries that is source."""
    packages: dict[str, Exports] = {}
    chains = _Chains(read, exists)
    for path, manifest_text in sorted(manifests.items()):
        try:
            manifest = json.loads(manifest_text)
        except (ValueError, RecursionError):
            continue
        if not isinstance(manifest, dict) or not isinstance(manifest.get("name"), str):
            continue
        packages[manifest["name"]] = chains.first(
            root_entries(manifest, path.rpartition("/")[0], exists))
    return TsTable(packages)


class _Chains:
    """The export chains of one tree, each entry walked once: packages, and the several
    entries each tries, share their files."""

    def __init__(self, read: Callable[[str], bytes | None],
                 exists: Callable[[str], bool]) -> None:
        self.reader = ExportReader(read, exists)
        self.chains: dict[str, Exports | _NotSource] = {}

    def first(self, entries: list[str]) -> Exports:
        """What the first of ``entries`` that is source exports; when none is, nothing, and
        why (the first entry's, the one the manifest means most)."""
        reasons: list[str] = []
        for entry in entries:
            found = self.exports(entry)
            if isinstance(found, Exports):
                return found
            reasons.append(found.why)
        return Exports(frozenset(), (reasons[0] if reasons else
                                     "its manifest leads to no file the repository holds")
                       + f", so what it exports cannot be read{_UNREADABLE}")

    def exports(self, entry: str) -> Exports | _NotSource:
        if entry not in self.chains:
            self.chains[entry] = self._walk(entry)
        return self.chains[entry]

    def _walk(self, entry: str) -> Exports | _NotSource:
        """What the ``export … from`` chain from ``entry`` lists; not source when it reaches a
        file that is not (one the repository does not hold, a CommonJS module), since
        ``entry`` then is not where the package's source starts."""
        names: set[str] = set()
        pending, seen = [entry], set()
        hidden: str | None = None
        while pending:
            path = pending.pop()
            if path in seen:
                continue
            seen.add(path)
            if len(seen) > MAX_FILES:
                return Exports(frozenset(names), f"its export chain from `{entry}` spans more "
                                                 f"than {MAX_FILES} files{_PARTLY}")
            found = self.reader.parsed(path)
            if found is None:
                return _NotSource(f"its entry `{entry}` leads to `{path}`, which the "
                                  "repository does not hold")
            if found.commonjs:
                return _NotSource(f"its entry `{entry}` is CommonJS" if path == entry else
                                  f"its entry `{entry}` leads to `{path}`, which is CommonJS")
            names |= found.names
            if found.open and hidden is None:
                hidden = f"`{path}` declares `export =`, so what it exports cannot be " \
                    f"read{_UNREADABLE}"
            for star in found.stars:
                if not star.startswith("."):
                    # another package's exports: open, though what the chain lists it still has
                    hidden = hidden or f"`{path}` re-exports all of `{star}`, which is not " \
                        f"read{_PARTLY}"
                    continue
                target = self.reader.target(path, star)
                if target is None:
                    return _NotSource(f"its entry `{entry}` re-exports `{star}` from `{path}`, "
                                      "a file the repository does not hold")
                pending.append(target)
        return Exports(frozenset(names), hidden)
