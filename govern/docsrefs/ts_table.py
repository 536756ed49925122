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
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from tree_sitter import Node

from govern.docsrefs.model import Resolution, Status
from govern.drift.anchors.syntax import parse, text, ts_string

_SOURCE_SUFFIXES = (".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs", ".d.ts")
_BUILT = (".d.mts", ".d.cts", ".d.ts", ".mjs", ".cjs", ".js", ".mts", ".cts", ".ts", ".tsx")
_DECLARATION_NAMES = frozenset({"function_declaration", "generator_function_declaration",
                                "class_declaration", "abstract_class_declaration",
                                "interface_declaration", "type_alias_declaration",
                                "enum_declaration", "internal_module", "module"})
_MAX_FILES = 200
"""Files one package's export chain may span before it is called unknowable."""
_BUILD_FOLDERS = frozenset({"dist", "build", "out"})
"""Where a manifest's paths name build output, which the repository does not hold as source."""
_CONDITIONS = ("source", "types", "typings", "import", "module", "default", "require", "node")
"""The ``exports`` conditions read, in the order tried: the ones every build of a package
resolves to the same API (``browser``, ``react-server``, … may export less)."""
_MAX_DECLARED = 16
"""Paths one manifest may declare for its root entry before the rest are ignored: each is
a candidate whose export chain is walked."""
_MAX_CONDITION_NODES = 64
"""Values of an ``exports`` map walked for those paths (a manifest can nest them deeply)."""


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


@dataclass(frozen=True)
class _Parsed:
    """What one file says it exports."""

    names: frozenset[str]
    """The names it exports itself."""
    stars: tuple[str, ...]
    """The modules it re-exports with ``export *``."""
    open: bool
    """``export = …``: CommonJS-style, any shape."""
    commonjs: bool
    """A ``.cjs`` file, or a ``.js`` one with no ``import`` or ``export``: what it exports is
    whatever ``module.exports`` becomes when it runs (in a package's root, most often a shim
    that requires the build)."""


def _parse_exports(source: bytes, path: str) -> _Parsed:
    """What a file's top-level ``export`` statements say, and whether it is CommonJS."""
    language = "tsx" if path.endswith((".tsx", ".jsx")) else "typescript"
    root = parse(language, source).root_node
    names: set[str] = set()
    stars: list[str] = []
    opened = False
    module_syntax = False
    for statement in root.named_children:
        module_syntax = module_syntax or statement.type in ("import_statement",
                                                            "export_statement")
        if statement.type != "export_statement":
            continue
        source_node = statement.child_by_field_name("source")
        clause = next((c for c in statement.named_children if c.type == "export_clause"), None)
        declaration = statement.child_by_field_name("declaration")
        namespace = next((c for c in statement.named_children if c.type == "namespace_export"),
                         None)
        if clause is not None:
            for spec in (c for c in clause.named_children if c.type == "export_specifier"):
                alias = spec.child_by_field_name("alias") or spec.child_by_field_name("name")
                names.add(text(alias))
        elif namespace is not None:
            names.update(text(c) for c in namespace.named_children if c.type == "identifier")
        elif declaration is not None:
            names.update(_declared(declaration))
        elif source_node is not None:
            stars.append(ts_string(source_node) or "")
        elif any(c.type == "default" or text(c) == "default" for c in statement.children):
            names.add("default")
        else:
            opened = True  # ``export = …``
    commonjs = path.endswith(".cjs") or (path.endswith(".js") and not module_syntax)
    return _Parsed(frozenset(names), tuple(stars), opened, commonjs)


def _declared(declaration: Node) -> set[str]:
    if declaration.type in _DECLARATION_NAMES:
        name = declaration.child_by_field_name("name")
        return {text(name)} if name is not None else set()
    if declaration.type in ("lexical_declaration", "variable_declaration"):
        return {text(named) for d in declaration.named_children
                if d.type == "variable_declarator"
                and (named := d.child_by_field_name("name")) is not None
                and named.type == "identifier"}
    return set()


def _join(folder: str, relative: str) -> str:
    parts = [p for p in folder.split("/") if p]
    for part in relative.split("/"):
        if part == "..":
            parts = parts[:-1]
        elif part not in (".", ""):
            parts.append(part)
    return "/".join(parts)


def _source_file(candidate: str, exists: Callable[[str], bool]) -> str | None:
    """The source file an import or a built path names (``./x`` → ``x.ts``/``x/index.ts``)."""
    stems = [candidate]
    for built in _BUILT:
        if candidate.endswith(built):
            stems.append(candidate[: -len(built)])
            break
    for stem in stems:
        for option in (stem, *(stem + s for s in _SOURCE_SUFFIXES),
                       *(f"{stem}/index{s}" for s in _SOURCE_SUFFIXES)):
            if exists(option):
                return option
    return None


def _condition_paths(exports: object) -> list[str]:
    """The paths an ``exports`` entry gives under the conditions read, shallowest first, each
    level in ``_CONDITIONS`` order (``{"import": {"types": …, "default": …}}``) and a fallback
    list's order: at most ``_MAX_DECLARED``, from at most ``_MAX_CONDITION_NODES`` values, so a
    deep map cannot hide its shallow paths."""
    paths: list[str] = []
    queue = deque([exports])
    walked = 0
    while queue and walked < _MAX_CONDITION_NODES and len(paths) < _MAX_DECLARED:
        value = queue.popleft()
        walked += 1
        if isinstance(value, str):
            paths.append(value)
        elif isinstance(value, dict):
            queue.extend(value[key] for key in _CONDITIONS if key in value)
        elif isinstance(value, list):
            queue.extend(value[:_MAX_DECLARED])
    return paths


def _root_export(exports: object) -> object:
    """The ``exports`` value of the package's root (``"."``): a map without subpaths is all
    conditions of the root."""
    if isinstance(exports, dict) and any(key.startswith(".") for key in exports):
        return exports.get(".")
    return exports


def _source_guesses(path: str) -> list[str]:
    """Where the source of a path a manifest declares may lie: a build folder's path is build
    output, its source under ``src/`` instead (``dist/index.d.ts`` -> ``src/index``); any
    other path as written, then under ``src/`` in place of ``lib/``."""
    parts = path.removeprefix("./").split("/")
    built = next((at for at, part in enumerate(parts[:-1]) if part in _BUILD_FOLDERS), None)
    if built is not None:
        return ["/".join([*parts[:built], "src", *parts[built + 1:]])]
    relative = "/".join(parts)
    return [relative, relative.replace("lib/", "src/", 1)]


def _entries(manifest: dict[str, object], folder: str, exists: Callable[[str], bool]
             ) -> list[str]:
    """The files that may be a package's root entry, most certain first: what its manifest
    declares, then the conventional places."""
    declared = [manifest.get("source"), *_condition_paths(_root_export(manifest.get("exports"))),
                *(manifest.get(key) for key in ("types", "typings", "module", "main"))]
    guesses = [guess for path in declared if isinstance(path, str)
               for guess in _source_guesses(path)]
    found = (_source_file(_join(folder, guess), exists)
             for guess in (*guesses, "src/index", "index", "lib/index"))
    return list(dict.fromkeys(path for path in found if path is not None))


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
        entries = _entries(manifest, path.rpartition("/")[0], exists)
        packages[manifest["name"]] = next(
            (found for entry in entries if (found := chains.exports(entry)) is not None), None)
    return TsTable(packages)


class _Chains:
    """The export chains of one tree, each file parsed and each entry walked once: packages,
    and the several entries each tries, share their files."""

    def __init__(self, read: Callable[[str], bytes | None],
                 exists: Callable[[str], bool]) -> None:
        self.read = read
        self.exists = exists
        self.files: dict[str, _Parsed | None] = {}
        self.chains: dict[str, Exports | None] = {}

    def parsed(self, path: str) -> _Parsed | None:
        """What a file exports (None: the repository does not hold it)."""
        if path not in self.files:
            data = self.read(path)
            self.files[path] = None if data is None else _parse_exports(data, path)
        return self.files[path]

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
            if len(seen) > _MAX_FILES:
                return Exports(frozenset(names), True)
            found = self.parsed(path)
            if found is None or found.commonjs:
                return None
            names |= found.names
            opened = opened or found.open
            for star in found.stars:
                if not star.startswith("."):
                    # another package's exports: open, though what the chain lists it still has
                    opened = True
                    continue
                target = _source_file(_join(path.rpartition("/")[0], star), self.exists)
                if target is None:
                    return None
                pending.append(target)
        return Exports(frozenset(names), opened)
