"""What the repository's JavaScript/TypeScript packages export, and resolving a page's
``import { name } from "package"`` (or ``"package/sub"``) against it. A package is found by its
package.json name; its entry is the first *source* file its manifest leads to (``source``, the
``exports`` map, ``types``/``module``/``main``, a build folder's path mapped back to ``src/``,
then ``src/index``, ``index``, ``lib/index``), and ``export … from`` chains are followed,
through the package's own subpaths too where a file re-exports one by the package's name, and
through the repository's other packages where a file re-exports one its package depends on. A
subpath's entry is read alike from its own key of the ``exports`` map, or from the pattern
(``"./*"``) Node matches it with. A file is not source when it is build output (a path under
``dist/``, ``build/`` or ``out/``, a file the repository does not hold) or CommonJS (a shim
whose ``module.exports`` requires the build): such an entry says nothing of what the package
exports, so the next is tried. An ``export *`` from a package the repository does not hold,
``export =``, or no source entry at all makes the answer unknowable, never a finding; why is
told once per package in the summary."""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from govern.docsrefs.model import Resolution, Status
from govern.docsrefs.ts_members import MemberReader, Members, joined

# a subpath's entry is read exactly as ``root_entries`` reads the root's
from govern.drift.anchors.ts_exports import (
    CONVENTIONAL_ENTRIES,
    MAX_FILES,
    ExportReader,
    condition_paths,
    root_entries,
    source_files,
    subpaths_of,
)

_UNREADABLE = ": imports from it are unresolvable"
_PARTLY = ": imports of names it does not list itself are unresolvable"
_MAX_PATTERNS = 64
"""Subpath patterns (``"./*"``) one ``exports`` map may have before none of them is read: each
subpath a page imports is matched against them."""
_MAX_TARGET = 1_024
"""Characters a pattern's target may have once its ``*`` are replaced by the subpath's part
(a target of many ``*`` would otherwise multiply a page's long subpath)."""
_MAX_OWN = 64
"""Modules of the repository's packages (its own package's subpaths, other packages and their
subpaths) one subpath's chains may reach by package name before what it exports is called
unknowable."""
_DEPENDENCIES = ("dependencies", "peerDependencies", "devDependencies", "optionalDependencies")
"""The fields of a manifest whose packages a package manager links into its folder."""
_REFUSED_SEGMENTS = frozenset({"", ".", "..", "node_modules"})
"""Segments Node refuses in what a pattern's ``*`` stands for, and in a target after its
``./``: a subpath never leaves its package's folder."""


@dataclass(frozen=True)
class Exports:
    names: frozenset[str]
    hidden: str | None = None
    """Why the package may export more than ``names`` (None: exactly these), as the summary
    says it: ``export =``, an ``export *`` from a package the repository does not hold (or
    whose copy Node may not find), no source entry."""
    own: tuple[tuple[str, str], ...] = ()
    """``(package, subpath)`` of each module of the repository's own packages it re-exports
    all of by package name (``export * from "@reduxjs/toolkit/query"`` in a file of
    ``@reduxjs/toolkit``, ``export * from "@tanstack/query-core"`` in one of
    ``@tanstack/react-query``): what that module exports, this exports too."""
    entries: tuple[str, ...] = ()
    """The source files whose chains list ``names``: where a binding it exports is looked
    up for its members (``axios.get`` of ``import axios from "axios"``)."""
    starred: tuple[str, ...] = ()
    """The entries of the modules of ``own``, where a binding but the default (which ``export
    *`` does not carry) is looked up too."""


@dataclass(frozen=True)
class _NotSource:
    """An entry whose chain reaches a file that is no source: why."""

    why: str


@dataclass(frozen=True)
class _Package:
    folder: str
    subpaths: dict[str, object] | None
    """Its ``exports`` map's subpath keys (``"./sub"``) and values; None without any."""
    root: Exports
    patterns: tuple[str, ...] | None = ()
    """The keys of ``subpaths`` with one ``*``, the one Node prefers for a subpath first;
    None when there are more than ``_MAX_PATTERNS``."""


@dataclass(frozen=True)
class TsTable:
    packages: dict[str, _Package]
    """Package name -> where it is, and what its root entry exports."""
    chains: _Chains = field(repr=False, compare=False)
    members: MemberReader = field(repr=False, compare=False)
    _subpaths: dict[tuple[str, str], Exports] = field(
        init=False, repr=False, compare=False, default_factory=dict)
    _closed: dict[tuple[str, str], Exports] = field(
        init=False, repr=False, compare=False, default_factory=dict)

    def resolve(self, reference: str) -> Resolution:
        """``zod:string``: the package's ``string``; ``axios:default.get``: ``get`` of its
        default export, ``zod:z.string``: ``string`` of the ``z`` it exports."""
        specifier, _, written = reference.rpartition(":")
        name, _, member = written.partition(".")
        package, subpath = _split(specifier)
        if package not in self.packages:
            return Resolution(Status.OUT_OF_SCOPE)
        if (package, subpath) not in self._closed:
            self._closed[package, subpath] = self._with_own(package, subpath)
        exports = self._closed[package, subpath]
        if name in exports.names:
            # an open package has what it lists, and more
            return self._member(exports, specifier, name, member) if member else \
                Resolution(Status.RESOLVED)
        if exports.hidden is not None:
            return Resolution(Status.UNRESOLVABLE, why=f"{specifier}: {exports.hidden}")
        if member:
            return Resolution(Status.UNRESOLVABLE)  # the import naming it is what is wrong
        return Resolution(Status.MISSING, name, specifier, tuple(sorted(exports.names)))

    def _member(self, exports: Exports, specifier: str, name: str, member: str) -> Resolution:
        """``member`` of the binding ``name`` the package exports: what each entry whose chain
        lists it says it holds, those of the repository's modules it re-exports all of among
        them but for its default. A binding none of them is seen to export is
        unresolvable."""
        entries = exports.entries if name == "default" else exports.entries + exports.starred
        found = [held for entry in entries
                 if (held := self.members.exported(entry, name)) is not None]
        if not found:
            return Resolution(Status.UNRESOLVABLE)
        held = joined(found)
        if member in held.names:
            return Resolution(Status.RESOLVED)
        if held.hidden is not None:
            return Resolution(Status.UNRESOLVABLE, why=f"{specifier}: `{name}`: {held.hidden}")
        return Resolution(Status.MISSING, member, f"{specifier}:{name}",
                          tuple(sorted(held.names)))

    def _exports(self, package: str, subpath: str) -> Exports:
        """What ``package`` or its subpath lists, not counting what it re-exports of the
        repository's packages by name."""
        if subpath == ".":
            return self.packages[package].root
        if (package, subpath) not in self._subpaths:
            self._subpaths[package, subpath] = self._subpath(package, subpath)
        return self._subpaths[package, subpath]

    def _with_own(self, package: str, subpath: str) -> Exports:
        """What ``package`` or its subpath exports, with all that each module of the
        repository's packages it re-exports by package name exports (redux-toolkit's
        ``@reduxjs/toolkit/query/react`` has all of ``@reduxjs/toolkit/query``, TanStack's
        ``@tanstack/react-query`` all of ``@tanstack/query-core``): each read once however
        they re-export each other, at most ``_MAX_OWN`` of them."""
        exports = self._exports(package, subpath)
        if not exports.own:
            return exports
        names, hidden = set(exports.names), exports.hidden
        starred: dict[str, None] = {}
        seen = {(package, subpath)}
        pending = deque(exports.own)
        while pending:
            included = pending.popleft()
            if included in seen:
                continue
            seen.add(included)
            if len(seen) > _MAX_OWN:
                return Exports(frozenset(names), hidden or f"its chains re-export more than "
                               f"{_MAX_OWN} modules of the repository's packages{_PARTLY}",
                               entries=exports.entries, starred=tuple(starred))
            found = self._exports(*included)
            names |= found.names - {"default"}  # ``export *`` carries every name but it
            starred.update(dict.fromkeys(found.entries))
            if found.hidden is not None and hidden is None:
                spec = included[0] + included[1].removeprefix(".")
                hidden = f"`{spec}`, which it re-exports all of: {found.hidden}"
            pending.extend(found.own)
        return Exports(frozenset(names), hidden, entries=exports.entries,
                       starred=tuple(starred))

    def _subpath(self, package: str, subpath: str) -> Exports:
        """What ``package/sub`` exports: read from the ``exports`` map's ``"./sub"`` entry, as
        the root is from ``"."``, or from the pattern Node matches it with (``"./*"``, each
        ``*`` of its paths replaced by what the key's stands for), then from the subpath under
        ``src/`` (zod's ``"./v4/core"`` names a build beside its package.json, its source in
        ``src/v4/core/``). A subpath the map does not name, or withholds (``null``), one a
        pattern names with a part Node refuses (``..``), and any subpath of a package without
        a map of subpaths, hide which file it is."""
        found = self.packages[package]
        if found.subpaths is None:
            return Exports(frozenset(), f"{package} has no `exports` map of subpaths, so which "
                                        f"file the subpath is cannot be read{_UNREADABLE}")
        unlisted = Exports(frozenset(), f"{package}'s `exports` map does not list "
                                        f"`{subpath}`{_UNREADABLE}")
        pattern = None
        if subpath in found.subpaths and "*" not in subpath:
            if found.subpaths[subpath] is None:  # ``"./internal": null`` exports nothing
                return unlisted
            declared: list[object] = list(condition_paths(found.subpaths[subpath]))
        elif found.patterns is None:
            return Exports(frozenset(), f"{package}'s `exports` map has more than "
                                        f"{_MAX_PATTERNS} subpath patterns, which are not "
                                        f"read{_UNREADABLE}")
        else:
            pattern = next((key for key in found.patterns if _matches(key, subpath)), None)
            if pattern is None or found.subpaths[pattern] is None:
                return unlisted
            before, _, after = pattern.partition("*")
            part = subpath[len(before): len(subpath) - len(after)]
            if _REFUSED_SEGMENTS.intersection(part.lower().split("/")) or "\\" in part:
                return Exports(frozenset(), f"{package}'s `exports` map names `{subpath}` by "
                                            f"the pattern `{pattern}` with a part Node "
                                            f"refuses{_UNREADABLE}")
            declared = [target for path in condition_paths(found.subpaths[pattern])
                        if (target := _substituted(path, part)) is not None]
        bare = subpath.removeprefix("./")
        entries = source_files([*declared, f"src/{bare}"], found.folder,
                               self.chains.reader.exists)
        if not entries and pattern is not None:
            return Exports(frozenset(), f"{package}'s `exports` map names `{subpath}` by the "
                                        f"pattern `{pattern}`, which leads to no file the "
                                        f"repository holds{_UNREADABLE}")
        return self.chains.first(entries)


def _split(specifier: str) -> tuple[str, str]:
    """A module specifier's package and subpath (``@x/foo/sub`` -> ``@x/foo``, ``./sub``)."""
    parts = specifier.split("/")
    count = 2 if specifier.startswith("@") else 1
    rest = "/".join(parts[count:])
    return "/".join(parts[:count]), f"./{rest}" if rest else "."


def _matches(key: str, subpath: str) -> bool:
    """Whether an ``exports`` key with one ``*`` (``./locales/*``) names ``subpath``: the
    ``*`` stands for one character or more, ``/`` among them."""
    before, star, after = key.partition("*")
    return bool(star) and len(subpath) > len(before) + len(after) and \
        subpath.startswith(before) and subpath.endswith(after)


def _patterns(subpaths: dict[str, object] | None) -> tuple[str, ...] | None:
    """An ``exports`` map's keys with one ``*``, as Node tries them: the longest part before
    the ``*`` first, then the longest key; None past ``_MAX_PATTERNS``."""
    keys = [key for key in subpaths or () if key.count("*") == 1]
    if len(keys) > _MAX_PATTERNS:
        return None
    return tuple(sorted(keys, key=lambda key: (-key.index("*"), -len(key))))


def _substituted(target: str, part: str) -> str | None:
    """A pattern's target with each ``*`` replaced by ``part``; None for one Node refuses (not
    ``./…``, or a segment after it that leaves the folder) or one that long."""
    if not target.startswith("./") or "\\" in target or \
            _REFUSED_SEGMENTS.intersection(target[2:].lower().split("/")) or \
            len(target) + target.count("*") * len(part) > _MAX_TARGET:
        return None
    return target.replace("*", part)


@dataclass(frozen=True)
class _Scope:
    """The package names a module in a package.json's folder imports from the repository, as
    Node finds them."""

    own: str | None
    """The name it imports its own package by: the manifest's ``name`` when it has an
    ``exports`` map, as Node resolves it."""
    linked: frozenset[str]
    """The repository's other packages its manifest depends on as a workspace links them."""


def build_ts_table(manifests: Mapping[str, str], read: Callable[[str], bytes | None],
                   exists: Callable[[str], bool]) -> TsTable:
    """Every package.json (path -> text) with a name, and what its root entry exports: the
    first of its entries that is source, with its conventional entry (``src/index``). A
    subpath's is read when a page imports from it."""
    parsed: dict[str, dict[str, object]] = {}
    for path, manifest_text in sorted(manifests.items()):
        try:
            manifest = json.loads(manifest_text)
        except (ValueError, RecursionError):
            manifest = None
        parsed[path.rpartition("/")[0]] = manifest if isinstance(manifest, dict) else {}
    named = {name: (folder, manifest) for folder, manifest in parsed.items()
             if isinstance(name := manifest.get("name"), str)}
    # every package's folder is known before a chain asks which package a file is of
    folders = {name: folder for name, (folder, _) in named.items()}
    versions = {name: manifest.get("version") for name, (_, manifest) in named.items()}
    scopes = {folder: _Scope(name if isinstance(name := manifest.get("name"), str)
                             and "exports" in manifest else None,
                             _linked(manifest, versions))
              for folder, manifest in parsed.items()}
    chains = _Chains(read, exists,
                     lambda path, module: _repository_module(path, module, scopes, folders))
    packages: dict[str, _Package] = {}
    for name, (folder, manifest) in named.items():
        subpaths = subpaths_of(manifest.get("exports"))
        packages[name] = _Package(
            folder, subpaths,
            chains.first(root_entries(manifest, folder, exists),
                         source_files(list(CONVENTIONAL_ENTRIES), folder, exists)),
            _patterns(subpaths))
    return TsTable(packages, chains, MemberReader(chains.reader.tree, chains.reader.target,
                                                  chains.namespace))


def _linked(manifest: Mapping[str, object], versions: Mapping[str, object]) -> frozenset[str]:
    """The repository's packages ``manifest`` depends on where a workspace links the
    repository's copy: by the ``workspace:`` protocol, or by the very version the repository's
    package.json gives (``11.18.0``, ``^11.18.0``). A range it may not satisfy could install
    another release from the registry, whose exports are not these."""
    linked: set[str] = set()
    for field_name in _DEPENDENCIES:
        declared = manifest.get(field_name)
        for name, spec in declared.items() if isinstance(declared, dict) else ():
            # its own name is Node's self-reference, which only its `exports` map resolves
            if name in versions and name != manifest.get("name") and isinstance(spec, str) \
                    and (spec.startswith("workspace:") or spec.lstrip("^~=") == versions[name]):
                linked.add(name)
    return frozenset(linked)


def _repository_module(path: str, module: str, scopes: Mapping[str, _Scope],
                       folders: Mapping[str, str]) -> tuple[str, str] | None:
    """``(package, subpath)`` when ``module``, imported by the file at ``path``, names a
    package of the repository as Node finds it there: the package that file belongs to (the
    nearest package.json above it) by its own name, resolved through that package's
    ``exports`` map, or another package its manifest depends on (``@tanstack/query-core`` in
    ``@tanstack/react-query``). None for any other (``@reduxjs/toolkit-extra`` is not
    ``@reduxjs/toolkit``, and a package the repository does not hold is not read)."""
    folder = path
    while folder:
        folder = folder.rpartition("/")[0]
        if folder in scopes:
            break
    package, subpath = _split(module)
    scope = scopes.get(folder)
    if scope is None or package not in folders:
        return None
    if package in scope.linked or (scope.own == package and folders[package] == folder):
        return package, subpath
    return None


class _Chains:
    """The export chains of one tree, each entry walked once: packages, and the several
    entries each tries, share their files."""

    def __init__(self, read: Callable[[str], bytes | None], exists: Callable[[str], bool],
                 own: Callable[[str, str], tuple[str, str] | None]) -> None:
        self.reader = ExportReader(read, exists)
        self.own = own
        """``(package, subpath)`` of a module of the repository's packages a file imports
        by package name (its own package's, or one its package depends on)."""
        self.chains: dict[str, Exports | _NotSource] = {}

    def first(self, entries: list[str], also: Sequence[str] = ()) -> Exports:
        """What the first of ``entries`` that is source exports, with what those of ``also``
        that are source export: a manifest's path is mapped to its source by a guess
        (``dist/immer.js`` read as ``src/immer.js``, which may be no entry at all: immer
        built from ``src/index.js``, a conventional entry), so a name either exports is the
        package's. When none is source, nothing, and why (the first entry's, the one the
        manifest means most)."""
        reasons: list[str] = []
        first: Exports | None = None
        for entry in entries:
            found = self.exports(entry)
            if isinstance(found, Exports):
                first = found
                break
            reasons.append(found.why)
        if first is None:
            return Exports(frozenset(), (reasons[0] if reasons else
                                         "its manifest leads to no file the repository holds")
                           + f", so what it exports cannot be read{_UNREADABLE}")
        others = [found for found in map(self.exports, also) if isinstance(found, Exports)]
        return Exports(first.names.union(*(other.names for other in others)),
                       first.hidden or next((o.hidden for o in others if o.hidden), None),
                       tuple(dict.fromkeys(own for found in (first, *others)
                                           for own in found.own)),
                       tuple(dict.fromkeys(entry for found in (first, *others)
                                           for entry in found.entries)))

    def namespace(self, path: str) -> Members:
        """What a namespace of the module at ``path`` holds (``import * as z from
        "./external.js"; export { z }``): all its chain exports."""
        found = self.exports(path)
        return Members(found.names, found.hidden) if isinstance(found, Exports) else \
            Members(frozenset(), f"{found.why}, so what it exports cannot be read")

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
        own: list[tuple[str, str]] = []
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
            if found.broken and hidden is None:
                hidden = f"`{path}` does not parse cleanly, so not all it exports can be " \
                    f"read{_PARTLY}"
            for star in found.stars:
                if not star.startswith("."):
                    if (included := self.own(path, star)) is not None:
                        own.append(included)  # a repository's module, read when asked
                        continue
                    # a package not read: open, though what the chain lists it still has
                    hidden = hidden or f"`{path}` re-exports all of `{star}`, which is not " \
                        f"read{_PARTLY}"
                    continue
                target = self.reader.target(path, star)
                if target is None:
                    return _NotSource(f"its entry `{entry}` re-exports `{star}` from `{path}`, "
                                      "a file the repository does not hold")
                pending.append(target)
        return Exports(frozenset(names), hidden, tuple(dict.fromkeys(own)), (entry,))
