"""What the repository's JavaScript/TypeScript packages export, and resolving a page's
``import { name } from "package"`` against it. A package is found by its package.json name;
its entry by ``exports``/``types``/``module``/``main`` mapped from ``dist/`` back to the source,
then ``export … from`` chains are followed. An ``export *`` from outside the package, or an
entry govern cannot find, makes the answer unknowable, never a finding."""

from __future__ import annotations

import json
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
        if exports is None or exports.open:
            return Resolution(Status.UNRESOLVABLE)
        if name in exports.names:
            return Resolution(Status.RESOLVED)
        return Resolution(Status.MISSING, name, package, tuple(sorted(exports.names)))


def _parse_exports(source: bytes, path: str) -> tuple[set[str], list[str], bool]:
    """(names a file exports itself, modules it re-exports with ``export *``, open)."""
    language = "tsx" if path.endswith((".tsx", ".jsx")) else "typescript"
    root = parse(language, source).root_node
    names: set[str] = set()
    stars: list[str] = []
    opened = False
    for statement in root.named_children:
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
            opened = True  # ``export = …``: CommonJS-style, any shape
    return names, stars, opened


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


def _first_string(value: object) -> str | None:
    """The first path in an ``exports`` condition object (types, import, default, …)."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        for key in ("types", "import", "module", "default", "require", "node"):
            if key in value:
                found = _first_string(value[key])
                if found:
                    return found
    return None


def _entry(manifest: dict[str, object], folder: str, exists: Callable[[str], bool]
           ) -> str | None:
    """The source file of a package's root entry."""
    exports = manifest.get("exports")
    declared: list[str] = []
    if isinstance(exports, dict):
        root = exports.get(".", exports if not any(k.startswith(".") for k in exports) else None)
        found = _first_string(root)
        if found:
            declared.append(found)
    elif isinstance(exports, str):
        declared.append(exports)
    declared += [v for k in ("types", "typings", "module", "main")
                 if isinstance(v := manifest.get(k), str)]
    for path in declared:
        relative = path.removeprefix("./")
        for guess in (relative, relative.replace("dist/", "src/", 1),
                      relative.replace("lib/", "src/", 1)):
            source = _source_file(_join(folder, guess), exists)
            if source is not None:
                return source
    for guess in ("src/index", "index", "lib/index"):
        source = _source_file(_join(folder, guess), exists)
        if source is not None:
            return source
    return None


def build_ts_table(manifests: Mapping[str, str], read: Callable[[str], bytes | None],
                   exists: Callable[[str], bool]) -> TsTable:
    """Every package.json (path -> text) with a name, and what its root entry exports."""
    packages: dict[str, Exports | None] = {}
    for path, manifest_text in sorted(manifests.items()):
        try:
            manifest = json.loads(manifest_text)
        except (ValueError, RecursionError):
            continue
        if not isinstance(manifest, dict) or not isinstance(manifest.get("name"), str):
            continue
        folder = path.rpartition("/")[0]
        entry = _entry(manifest, folder, exists)
        packages[manifest["name"]] = _exports(entry, read, exists) if entry else None
    return TsTable(packages)


def _exports(entry: str, read: Callable[[str], bytes | None],
             exists: Callable[[str], bool]) -> Exports:
    names: set[str] = set()
    pending, seen = [entry], set()
    opened = False
    while pending and not opened:
        path = pending.pop()
        if path in seen:
            continue
        seen.add(path)
        data = read(path)
        if data is None or len(seen) > _MAX_FILES:
            return Exports(frozenset(names), True)
        own, stars, file_open = _parse_exports(data, path)
        names |= own
        opened = file_open
        for star in stars:
            if not star.startswith("."):
                return Exports(frozenset(names), True)  # another package's exports
            target = _source_file(_join(path.rpartition("/")[0], star), exists)
            if target is None:
                return Exports(frozenset(names), True)
            pending.append(target)
    return Exports(frozenset(names), opened)
