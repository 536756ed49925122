"""What a JavaScript/TypeScript package publishes, read from its source: the files its
manifest's entry points lead to, what each file's top-level ``export`` statements say, and
how far the ``export … from`` chains from those entries reach.

Two readers share it: docs-refs (does the package export the name a page imports?) and
affected-docs' New API rule (is a new name in this file one a user can import at all, or an
internal module's?). An entry's source file is the first the manifest leads to (``source``,
the ``exports`` map, ``types``/``module``/``main``, a build folder's path mapped back to
``src/`` or, for TypeScript, to the path without the build folder); build output and CommonJS
shims say nothing of the source's exports."""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Iterator
from typing import NamedTuple

from tree_sitter import Node

from govern.drift.anchors.syntax import parse, text, ts_string
from govern.drift.anchors.typescript import export_specifiers
from govern.git.packages import load_manifest

_SOURCE_SUFFIXES = (".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs", ".d.ts")
_COMPILED = (".ts", ".tsx", ".mts", ".cts")
"""What a TypeScript compiler builds a module from."""
_BUILT = (".d.mts", ".d.cts", ".d.ts", ".mjs", ".cjs", ".js", ".mts", ".cts", ".ts", ".tsx")
_DECLARATION_NAMES = frozenset({"function_declaration", "generator_function_declaration",
                                "function_signature", "class_declaration",
                                "abstract_class_declaration", "interface_declaration",
                                "type_alias_declaration", "enum_declaration",
                                "internal_module", "module"})
MAX_FILES = 200
"""Files one package's export chains may span before what it exports is called unknowable."""
_BUILD_FOLDERS = frozenset({"dist", "build", "out", "distribution"})
"""Where a manifest's paths name build output, which the repository does not hold as source."""
_CONDITIONS = ("source", "types", "typings", "import", "module", "default", "require", "node")
"""The ``exports`` conditions read, in the order tried: the ones every build of a package
resolves to the same API (``browser``, ``react-server``, … may export less)."""
_MAX_DECLARED = 16
"""Paths one manifest may declare for an entry before the rest are ignored: each is a
candidate whose export chain is walked."""
_MAX_CONDITION_NODES = 64
"""Values of an ``exports`` map walked for those paths (a manifest can nest them deeply)."""


# a named tuple: a frozen dataclass costs every run 0.9 ms of import (Python 3.11)
class FileExports(NamedTuple):
    """What one file's top-level ``export`` statements say."""

    names: frozenset[str]
    """The names it exports itself."""
    stars: tuple[str, ...]
    """The modules it re-exports with ``export *``."""
    forwarded: tuple[tuple[str, str, str], ...]
    """``(module, name there, name here)`` of each name it re-exports one by one: ``export {
    a as b } from "./x"``, or imported from ``./x`` and then exported."""
    namespaces: tuple[tuple[str, str, str], ...]
    """``(module, name here, name written)`` of each module it exports whole as a namespace:
    ``export * as ns from "./x"``, or ``import * as ns`` then exported (``export { ns }``,
    ``export default ns``). The name written is the one pages use: the name exported, or for
    a default export the one the module binds (zod's ``export { z as default }``: ``z``)."""
    default_declared: str | None
    """The name of the declaration it exports as ``default`` (``export default class Foo``)."""
    open: bool
    """``export = …``: CommonJS-style, any shape."""
    commonjs: bool
    """A ``.cjs`` file, or a ``.js`` one with no ``import`` or ``export``: what it exports is
    whatever ``module.exports`` becomes when it runs (in a package's root, most often a shim
    that requires the build)."""
    broken: bool = False
    """tree-sitter could not parse all of it (a grammar older than the TypeScript written:
    immer's `IProduce` overloads): exports past the error may be missing from ``names``."""
    default: str | None = None
    """What the file exports as ``default``: the local it names (``export default produce``,
    ``export { produce as default }``, ``export default function produce``), ``module:name``
    for one forwarded from another module, ``""`` for a value with no name (``export default
    {…}``); None when it exports no default."""


class Origin(NamedTuple):
    """Where a name a file forwards comes from."""

    path: str
    """The file the ``from`` names."""
    name: str
    """The name there (``a`` of ``export { a as b }``)."""
    siblings: frozenset[str]
    """Every name that file exports but ``default``."""


_TYPE_STAR = re.compile(rb"^([ \t]*export[ \t]+)type(?=[ \t]+\*)", re.M)
"""``export type * from`` (TypeScript 5.0), which the grammar does not parse: of the names a
module exports it is ``export *`` (the ones it adds are types only, which a page importing
one as a value is not told)."""


def parse_exports(source: bytes, path: str, written: Node | None = None) -> FileExports:
    """What a file's top-level ``export`` statements say, and whether it is CommonJS.
    ``written``: the tree of ``source`` as written, when the caller has it; a file with
    ``export type *`` is parsed again, rewritten as the grammar reads it."""
    readable, rewritten = _TYPE_STAR.subn(rb"\1    ", source)
    root = written if written is not None and not rewritten else \
        parse(_grammar(path), readable).root_node
    names: set[str] = set()
    stars: list[str] = []
    forwarded: list[tuple[str, str, str]] = []
    namespaces: list[tuple[str, str, str]] = []
    imported: dict[str, tuple[str, str | None]] = {}  # local name -> (module, name there)
    exported_locals: list[tuple[str, str]] = []  # (local name, name exported as)
    default_declared = None
    default_export: str | None = None
    opened = False
    module_syntax = False
    statements = list(root.named_children)
    for statement in statements:
        if statement.type == "import_statement":
            module_syntax = True
            _read_import(statement, imported)
            continue
        if statement.type != "export_statement":
            continue
        module_syntax = True
        if statement.named_child_count == 1 and statement.named_children[0].type == "identifier" \
                and any(c.type == "=" for c in statement.children):
            assigned = text(statement.named_children[0])
            bodies = _merged_namespaces(root, assigned)
            if bodies:
                # DefinitelyTyped's shape (fastify's ``declare namespace fastify { export type
                # { FastifyInstance } … }`` and ``export = fastify``): what the namespace
                # declares is the module's, and the function or class merged with it its
                # default. An ambient namespace's members are exported with or without
                # ``export``, and every block of the name merges.
                names.add("default")
                default_export = assigned
                for body in bodies:
                    statements.extend(s for s in body.named_children
                                      if s.type == "export_statement")
                    names.update(name for s in body.named_children
                                 if s.type not in ("export_statement", "import_statement")
                                 for name in declared_names(s))
                continue
        source_node = statement.child_by_field_name("source")
        module = (ts_string(source_node) or "") if source_node is not None else None
        clause = next((c for c in statement.named_children if c.type == "export_clause"), None)
        declaration = statement.child_by_field_name("declaration")
        namespace = next((c for c in statement.named_children if c.type == "namespace_export"),
                         None)
        default = any(c.type == "default" for c in statement.children)
        if clause is not None:
            for own, public, _ in export_specifiers(statement):
                names.add(public)
                if public == "default":
                    default_export = own if module is None else f"{module}:{own}"
                if module is not None:
                    forwarded.append((module, own, public))
                else:
                    exported_locals.append((own, public))
        elif namespace is not None:
            exported = [text(c) for c in namespace.named_children if c.type == "identifier"]
            names.update(exported)
            namespaces.extend((module or "", name, name) for name in exported)
        elif declaration is not None:
            declared = declared_names(declaration)
            names.update(declared)
            value = declaration.child_by_field_name("value")
            if declaration.type == "type_alias_declaration" and value is not None \
                    and value.type == "type_identifier":
                # ``export type H3 = H3Type`` of an import: h3's ``src/h3.ts`` publishes the
                # ``H3`` class ``types/h3.ts`` declares so, as ``export { H3Type as H3 }`` would
                exported_locals.extend((text(value), name) for name in declared)
            if default and declared:
                default_declared = next(iter(declared))
            if default:
                default_export = default_declared or ""
        elif module is not None:
            stars.append(module)
        elif default:
            names.add("default")
            value = statement.child_by_field_name("value")
            default_export = ""
            if value is not None and value.type == "identifier":  # ``export default ns``
                exported_locals.append((text(value), "default"))
                default_export = text(value)
        else:
            opened = True  # ``export = …``
    for local, as_name in exported_locals:
        if local in imported:
            origin, there = imported[local]
            if as_name == "default":  # ``import create from "./react"; export default create``
                default_export = f"{origin}:{there or '*'}"
            if there is None:
                namespaces.append((origin, as_name, local if as_name == "default" else as_name))
            else:
                forwarded.append((origin, there, as_name))
    commonjs = path.endswith(".cjs") or (path.endswith(".js") and not module_syntax)
    return FileExports(frozenset(names), tuple(stars), tuple(forwarded), tuple(namespaces),
                       default_declared, opened, commonjs, root.has_error, default_export)


def _merged_namespaces(root: Node, name: str) -> list[Node]:
    """The bodies of the file's top-level ``declare namespace name { … }`` blocks."""
    bodies = []
    for statement in root.named_children:
        module = statement.named_children[0] if statement.type == "ambient_declaration" \
            and statement.named_children else statement
        if module.type == "internal_module":
            identifier = module.child_by_field_name("name")
            body = module.child_by_field_name("body")
            if identifier is not None and text(identifier) == name and body is not None:
                bodies.append(body)
    return bodies


def _grammar(path: str) -> str:
    return "tsx" if path.endswith((".tsx", ".jsx")) else "typescript"


def _read_import(statement: Node, imported: dict[str, tuple[str, str | None]]) -> None:
    """The local names an ``import`` binds, each with its module and the name it has there
    (None for a namespace import)."""
    source_node = statement.child_by_field_name("source")
    if source_node is None:
        return
    module = ts_string(source_node) or ""
    for own, local in import_bindings(statement):
        imported[local] = (module, own)


def import_bindings(statement: Node) -> Iterator[tuple[str | None, str]]:
    """(its name in the module, ``default`` for a default import, None for a namespace; the
    local name) of each binding an ``import`` statement makes."""
    clause = next((c for c in statement.named_children if c.type == "import_clause"), None)
    for part in clause.named_children if clause is not None else ():
        if part.type == "identifier":
            yield "default", text(part)
        elif part.type == "namespace_import":
            yield from ((None, text(c)) for c in part.named_children if c.type == "identifier")
        elif part.type == "named_imports":
            for spec in (c for c in part.named_children if c.type == "import_specifier"):
                own = spec.child_by_field_name("name")
                alias = spec.child_by_field_name("alias") or own
                if own is not None and alias is not None:
                    yield text(own), text(alias)


def declared_names(declaration: Node) -> set[str]:
    """The names an exported declaration binds: also a declaration file's bodiless forms, a
    function's signature (``export function useQuery(): Result``, each overload) and an
    ambient ``export declare …`` of any kind."""
    if declaration.type == "ambient_declaration":
        return set().union(*map(declared_names, declaration.named_children))
    if declaration.type in _DECLARATION_NAMES:
        name = declaration.child_by_field_name("name")
        return {text(name)} if name is not None else set()
    if declaration.type in ("lexical_declaration", "variable_declaration"):
        return {text(named) for d in declaration.named_children
                if d.type == "variable_declarator"
                and (named := d.child_by_field_name("name")) is not None
                and named.type == "identifier"}
    return set()


def join_path(folder: str, relative: str) -> str:
    """``relative`` (``../x``, ``./y``) read from ``folder``, as a repository path."""
    parts = [p for p in folder.split("/") if p]
    for part in relative.split("/"):
        if part == "..":
            parts = parts[:-1]
        elif part not in (".", ""):
            parts.append(part)
    return "/".join(parts)


def source_file(candidate: str, exists: Callable[[str], bool]) -> str | None:
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


def condition_paths(exports: object) -> list[str]:
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


def subpaths_of(exports: object) -> dict[str, object] | None:
    """An ``exports`` map's subpaths (``"."``, ``"./router"``); None for a map without them,
    which is all conditions of the root."""
    if isinstance(exports, dict) and any(key.startswith(".") for key in exports):
        return {key: value for key, value in exports.items() if key.startswith(".")}
    return None


def _source_guesses(path: str) -> list[tuple[str, bool]]:
    """Where the source of a path a manifest declares may lie, each with whether only a file a
    TypeScript compiler builds from will do: a build folder's path is build output, its source
    under ``src/`` instead (``dist/index.d.ts`` -> ``src/index``), else the same path with the
    build folder taken out, as a compiler's ``outDir`` mirrors its sources (got's
    ``dist/source/index.js`` -> ``source/index.ts``), else under ``source/``, a ``rootDir`` of
    that name (ky's ``distribution/index.js`` -> ``source/index.ts``); any other path as
    written, then under ``src/`` in place of ``lib/``."""
    parts = path.removeprefix("./").split("/")
    built = next((at for at, part in enumerate(parts[:-1]) if part in _BUILD_FOLDERS), None)
    if built is not None:
        return [("/".join([*parts[:built], "src", *parts[built + 1:]]), False),
                ("/".join([*parts[:built], *parts[built + 1:]]), True),
                ("/".join([*parts[:built], "source", *parts[built + 1:]]), True)]
    relative = "/".join(parts)
    return [(relative, False), (relative.replace("lib/", "src/", 1), False)]


def _compiled_source(built: str, exists: Callable[[str], bool]) -> str | None:
    """The TypeScript file a compiler builds ``built`` from, beside it once the build folder
    is taken out (``source/index.js`` -> ``source/index.ts``): never a JavaScript file, which
    there may be a committed build or a CommonJS shim, nor a declaration file."""
    stem = next((built[: -len(end)] for end in _BUILT if built.endswith(end)), built)
    return next((option for option in (*(stem + end for end in _COMPILED),
                                       *(f"{stem}/index{end}" for end in _COMPILED))
                 if exists(option)), None)


def source_files(declared: list[object], folder: str, exists: Callable[[str], bool]) -> list[str]:
    """The source files the declared paths may be, in order, each once."""
    guesses = [guess for path in declared if isinstance(path, str)
               for guess in _source_guesses(path)]
    found = ((_compiled_source if compiled else source_file)(join_path(folder, guess), exists)
             for guess, compiled in guesses)
    return list(dict.fromkeys(path for path in found if path is not None))


def root_entries(manifest: dict[str, object], folder: str, exists: Callable[[str], bool]
                 ) -> list[str]:
    """The files that may be a package's root entry, most certain first: what its manifest
    declares, then the conventional places."""
    exports = manifest.get("exports")
    subpaths = subpaths_of(exports)
    root = subpaths.get(".") if subpaths is not None else exports
    declared = [manifest.get("source"), *condition_paths(root),
                *(manifest.get(key) for key in ("types", "typings", "module", "main"))]
    return source_files([*declared, *CONVENTIONAL_ENTRIES], folder, exists)


CONVENTIONAL_ENTRIES = ("src/index", "index", "lib/index")
"""Where a package's root entry conventionally is, when its manifest's paths say nothing."""


_REEXPORTS = re.compile(rb"\bexport\s*(?:type\s*)?[*{=]"
                        rb"|\bexport\s++type\s++[\w$]++\s*+=\s*+[\w$]++[ \t]*+(?:[;\r\n]|\Z)")
"""A statement an export chain follows (``export *``, ``export {``, ``export type {``, the
alias ``export type H3 = H3Type`` of what may be an import) or that opens the file
(``export =``): a file without one is no link of a chain."""
_MODULE_SYNTAX = re.compile(rb"^[ \t]*(?:import|export)\b", re.M)


class ExportReader:
    """The ``export`` statements of one tree's files, each file parsed once: packages, and the
    several entries each tries, share their files."""

    def __init__(self, read: Callable[[str], bytes | None],
                 exists: Callable[[str], bool]) -> None:
        self.read = read
        self.exists = exists
        self.files: dict[str, FileExports | None] = {}
        self.linked: dict[str, FileExports | None] = {}
        self.trees: dict[str, Node | None] = {}
        self.starred: dict[str, frozenset[str]] = {}
        self.star_targets: dict[str, list[str]] = {}

    def tree(self, path: str) -> Node | None:
        """The root of a file's tree as written (None: the repository does not hold it),
        parsed once for every reader of the run: its export statements, and docs-refs' reading
        of what the bindings it exports hold."""
        if path not in self.trees:
            data = self.read(path)
            self.trees[path] = None if data is None else self._tree(path, data)
        return self.trees[path]

    def _tree(self, path: str, data: bytes) -> Node:
        root = self.trees.get(path)
        if root is None:
            root = self.trees[path] = parse(_grammar(path), data).root_node
        return root

    def _exports(self, path: str, data: bytes) -> FileExports:
        # a file with ``export type *`` is parsed rewritten, not as written: its tree as
        # written is made only when asked for
        return parse_exports(data, path, None if _TYPE_STAR.search(data) else
                             self._tree(path, data))

    def parsed(self, path: str) -> FileExports | None:
        """What a file exports (None: the repository does not hold it)."""
        if path not in self.files:
            data = self.read(path)
            self.files[path] = None if data is None else self._exports(path, data)
        return self.files[path]

    def links(self, path: str) -> FileExports | None:
        """What an export chain needs of a file: its re-exports, whether it is CommonJS or
        opens with ``export =``. A file with no statement that re-exports (most of a
        package's modules) is not parsed: its own names are all a chain could publish, and
        tree-sitter reading each was most of a run's time on a large package."""
        if path not in self.linked:
            data = self.files[path] if path in self.files else self.read(path)
            if not isinstance(data, bytes):  # parsed already, or not held
                self.linked[path] = data
            elif _REEXPORTS.search(data):
                self.linked[path] = self.files[path] = self._exports(path, data)
            else:
                commonjs = path.endswith(".cjs") or (path.endswith(".js")
                                                     and not _MODULE_SYNTAX.search(data))
                self.linked[path] = FileExports(frozenset(), (), (), (), None, False, commonjs)
        return self.linked[path]

    def mentions(self, path: str, words: frozenset[bytes]) -> bool:
        """Whether a file's text holds one of ``words``: a search of its bytes, before a parse
        that a file naming no other changed module does not need (a parse of each changed
        barrel cost a run a tenth of a second, and the head side's trees, made before the
        extractors', were no longer edits of the base side's)."""
        data = self.files[path] if path in self.files else self.read(path)
        if not isinstance(data, bytes):
            return data is not None
        return any(word in data for word in words)

    def star_names(self, path: str) -> frozenset[str]:
        """The names a file exports through its ``export *`` chains: every name each module
        it reaches so exports, but ``default``, which ``export *`` never passes on. A barrel
        rewritten from ``export { a, b } from './x'`` to ``export * from './x'`` exports what
        it did (valtio's ``e7e8524``). Breadth first, each file once, at most ``MAX_FILES``;
        another package's module, or a file the repository does not hold, adds nothing. A
        file without ``export … from`` is not parsed (:meth:`links`), and each file's modules
        are looked for once, however many files' chains pass through it."""
        if path not in self.starred:
            reached = {path: None}
            queue = deque([path])
            while queue and len(reached) <= MAX_FILES:
                for target in self._star_targets(queue.popleft()):
                    if target not in reached:
                        reached[target] = None
                        queue.append(target)
            self.starred[path] = frozenset(
                name for at in reached if at != path
                for found in [self.parsed(at)] if found is not None
                for name in found.names if name != "default")
        return self.starred[path]

    def _star_targets(self, path: str) -> list[str]:
        """The files of the repository a file's ``export *`` statements name."""
        if path not in self.star_targets:
            found = self.links(path)
            self.star_targets[path] = [
                target for module in (found.stars if found is not None else ())
                if (target := self.target(path, module)) is not None]
        return self.star_targets[path]

    def exported(self, path: str) -> frozenset[str]:
        """Every name a file exports, its ``export *`` chains resolved (none: the repository
        does not hold it)."""
        found = self.parsed(path)
        return frozenset() if found is None else found.names | self.star_names(path)

    def origins(self, path: str) -> dict[str, Origin]:
        """Each name a file forwards one by one (``export { a as b } from './x'``) from a file
        of the repository -> where it comes from: valtio's ``isProxyMap``, which
        ``src/vanilla/utils.ts`` began to forward from ``utils/proxyMap.ts`` beside
        ``proxyMap``. One link is read: the file the ``from`` names."""
        found = self.parsed(path)
        siblings: dict[str, frozenset[str]] = {}  # one set per file, however many names
        origins = {}
        for module, there, exported in found.forwarded if found is not None else ():
            target = self.target(path, module)
            if target is None:
                continue
            if target not in siblings:
                parsed = self.parsed(target)
                siblings[target] = frozenset() if parsed is None else \
                    parsed.names - {"default"}
            origins[exported] = Origin(target, there, siblings[target])
        return origins

    def target(self, importer: str, module: str) -> str | None:
        """The source file a relative ``module`` names from ``importer``; None for another
        package's module or a file the repository does not hold."""
        if not module.startswith("."):
            return None
        return source_file(join_path(importer.rpartition("/")[0], module), self.exists)


class ChainLinks(NamedTuple):
    """What the changed files' ``export … from`` statements at HEAD say of the other changed
    files (:func:`chain_links`)."""

    passed: dict[str, frozenset[str]]
    """A changed file -> the names a changed file re-exports from it and exported before the
    change as well: a barrel inserted into a chain that already published them (valtio's
    ``e7e8524`` moved ``src/utils.ts``'s list into the new ``src/vanilla/utils.ts`` and made
    ``src/utils.ts`` ``export *`` from it). No export the inserted file starts."""
    aliases: dict[str, dict[str, tuple[str, bool]]]
    """A changed file -> its name -> (the other name a changed file forwards it as, whether
    that file exported that name before the change): valtio's ``f03dcc5`` renamed
    ``proxyWithHistory`` to ``proxyWithHistory_DEPRECATED`` and its barrel forwards it as
    ``proxyWithHistory``, the name users import."""


def _module_word(path: str) -> bytes:
    """What a relative module specifier naming ``path`` writes after a ``/``: the file's name
    without its suffix (``./utils`` for ``utils.ts``), its folder's for an ``index`` file
    (``./vanilla`` for ``vanilla/index.ts``)."""
    folder, _, name = path.rpartition("/")
    stem = name.partition(".")[0]
    return ("/" + (folder.rpartition("/")[2] if stem == "index" and folder else stem)).encode(
        "utf-8", "surrogateescape")


def chain_links(changed: dict[str, str], base: ExportReader, head: ExportReader) -> ChainLinks:
    """The links between changed files at HEAD: ``changed`` maps each changed file's path at
    HEAD to its path on the base side. Only a JS/TS file that re-exports is parsed
    (:meth:`ExportReader.links`), and its base side only when it links to a changed file."""
    passed: dict[str, set[str]] = {}
    aliases: dict[str, dict[str, tuple[str, bool]]] = {}
    modules = frozenset(_module_word(path) for path in changed)
    for path, base_path in changed.items():
        linked = head.links(path) if path.endswith(_SOURCE_SUFFIXES) \
            and head.mentions(path, modules - {_module_word(path)}) else None
        if linked is None:
            continue
        # (the changed file linked to, its name and the name here of one forwarded; "" for
        # ``export *``)
        links = [(target, there, exported) for module, there, exported in (
            *((module, "", "") for module in linked.stars), *linked.forwarded)
            if (target := head.target(path, module)) is not None and target in changed]
        if not links:
            continue
        before = base.exported(base_path)
        kept = before & head.exported(path)
        for target, there, exported in links:
            if not there:
                passed.setdefault(target, set()).update(kept)
            elif exported in kept:
                passed.setdefault(target, set()).add(there)
            if there and exported not in (there, "default"):
                aliases.setdefault(target, {})[there] = (exported, exported in before)
    return ChainLinks({path: frozenset(names) for path, names in passed.items()}, aliases)


class Surface:
    """The files a package's entry points reach through ``export … from`` chains, each with
    the names the package publishes from it, walked only as far as a question needs: a name
    an entry's chain publishes early is answered without reading the rest of the package."""

    def __init__(self, entries: list[str], reader: ExportReader, nested: bool = True) -> None:
        self.reader = reader
        self.nested = nested
        """Follow a namespace the chains export (``export * as locales``): its names are
        published, under another name (``z.locales.hi``, not ``z.hi``)."""
        self.reached: dict[str, frozenset[str] | None] = {}
        """A file reached -> the names published from it (None: every name it exports)."""
        self.pending: deque[tuple[str, frozenset[str] | None]] = deque(
            (entry, None) for entry in entries)
        self.unknowable = False

    def publishes(self, path: str, name: str) -> bool | None:
        """Does the package publish ``name`` of ``path``? None when that cannot be told (a
        chain through a file the repository does not hold, CommonJS, ``export =``, one that
        does not parse cleanly, more than ``MAX_FILES`` files). Such a link hides what its
        chain would reach, not what the others reach: a name they publish is published
        (zod's ``z.input``, forwarded by the file that also re-exports a schemas module a
        grammar too old for it cannot parse)."""
        while True:
            if path in self.reached:
                names = self.reached[path]
                if names is None or name in names:
                    return True
            if not self.pending:
                return None if self.unknowable else False
            self._step(path)

    def _step(self, toward: str) -> None:
        """Follow the next link of the chains: breadth first, but first a link to ``toward``
        itself, then the file in the deepest folder above it, the likeliest way to it
        (``src/data/index.ts`` for ``src/data/field.zod.ts``, of a package with forty entry
        points). Its folder's other files come after it: objectstack's plugin-security entry
        lists ``security-plugin.ts`` (310 kB, re-exporting a name, so parsed: 25 ms) before
        the ``field-masker.ts`` asked about."""
        folder_of = toward.rpartition("/")[0] + "/"
        _, _, at = max(((file == toward, len(folder), -n)
                        for n, (file, _) in enumerate(self.pending)
                        for folder in [file.rpartition("/")[0] + "/"]
                        if folder_of.startswith(folder)), default=(False, 0, 0))
        at = -at
        self.pending.rotate(-at)
        path, wanted = self.pending.popleft()
        self.pending.rotate(at)
        held = self.reached.get(path, frozenset())
        if path in self.reached and (held is None or (wanted is not None and wanted <= held)):
            return  # nothing new reaches it
        found = self.reader.links(path)
        if found is None or found.commonjs or found.open:
            self.unknowable = True
            return
        self.unknowable |= found.broken  # what did parse is still followed
        if wanted is not None and "default" in wanted:
            default = (self.reader.parsed(path) or found).default_declared
            wanted = wanted | {default} if default else wanted
        wanted = None if wanted is None or held is None else wanted | held
        self.reached[path] = wanted
        if len(self.reached) > MAX_FILES:
            self.unknowable = True
            self.pending.clear()
            return
        for module in found.stars:  # may supply any of the names wanted
            target = self.reader.target(path, module)
            if target is None and module.startswith("."):
                self.unknowable = True
            elif target is not None:
                self._push(target, wanted)
        for module, exported, _ in found.namespaces if self.nested else ():
            target = self.reader.target(path, module)
            if target is not None and (wanted is None or exported in wanted):
                self._push(target, None)
        # the names one module forwards go on as one link: zod's ``external.ts`` forwards
        # sixteen from ``core/index.ts``, whose own chains were walked again for each
        forwarded: dict[str, set[str]] = {}
        for module, there, exported in found.forwarded:
            target = self.reader.target(path, module)
            if target is not None and (wanted is None or exported in wanted):
                forwarded.setdefault(target, set()).add(there)
        for target, names in forwarded.items():
            self._push(target, frozenset(names))

    def _push(self, path: str, wanted: frozenset[str] | None) -> None:
        """A link to follow, unless what it wants of ``path`` was reached already."""
        held = self.reached.get(path, frozenset())
        if path not in self.reached or not (held is None or (wanted is not None
                                                             and wanted <= held)):
            self.pending.append((path, wanted))


def published_surface(manifest_text: str, folder: str, reader: ExportReader
                      ) -> Surface | None:
    """What the package of the manifest at ``folder`` publishes, from every subpath of its
    ``exports`` map (or its root entry); None when that cannot be told from the manifest: no
    entry declared (an application, a private tool), an ``exports`` pattern (``"./*"``), or
    an entry that is no source."""
    manifest = load_manifest("package.json", manifest_text)
    entries = _published_entries(manifest, folder, reader) if manifest is not None else None
    return Surface(entries, reader) if entries else None


_MAX_NAMESPACES = 64
"""Namespaces of one entry whose chains are followed: each is walked on its own."""


class Namespaces:
    """The modules a package's root entry exports whole as a namespace, each by the name
    pages write it (zod's entry: ``import * as z from "./external.js"; export { z, z as
    default }``, and pages write ``z.string()``), with the files each one's chains reach."""

    def __init__(self, entry: FileExports, path: str, reader: ExportReader) -> None:
        self.surfaces: dict[tuple[str, str], Surface] = {}
        """(name written, the module's file) -> what that module publishes under the name,
        not counting the namespaces it exports in turn (``z.locales.hi`` is no ``z.hi``)."""
        named: dict[str, list[str]] = {}  # the module's file -> the names it is exported by
        defaults: dict[str, list[str]] = {}  # ... -> the bindings it is the default export of
        for module, exported, written in entry.namespaces[:_MAX_NAMESPACES]:
            target = reader.target(path, module)
            if target is not None:
                (defaults if exported == "default" else named).setdefault(
                    target, []).append(written)
        # a default export is imported by any name: the binding spells it only when no name
        # does (old zod: ``export { mod as z }; export default mod`` is ``z``, never ``mod``)
        for target in named.keys() | defaults.keys():
            for written in named.get(target) or defaults[target]:
                self.surfaces.setdefault((written, target),
                                         Surface([target], reader, nested=False))

    def spellings(self, path: str, name: str) -> list[str]:
        """The namespaces through which the package publishes ``name`` of ``path`` (``z`` for
        an ``input`` that ``./external.js`` re-exports: ``z.input``)."""
        return sorted({written for (written, _), surface in self.surfaces.items()
                       if surface.publishes(path, name)})


def entry_namespaces(manifest_text: str, folder: str, reader: ExportReader
                     ) -> Namespaces | None:
    """The namespaces the root entry of the package at ``folder`` exports: the first file
    that is a module of those its manifest may lead to (:func:`root_entries`), as docs-refs
    reads it; None when there is no such file."""
    manifest = load_manifest("package.json", manifest_text) or {}
    for path in root_entries(manifest, folder, reader.exists):
        entry = reader.parsed(path)
        if entry is not None and not entry.commonjs:
            return Namespaces(entry, path, reader)
    return None


_MAX_DEFAULT_LINKS = 8
"""Files one entry's ``export { default } from`` chain is followed through."""


def default_sources(manifest_text: str, folder: str, reader: ExportReader) -> dict[str, str]:
    """The files whose ``default`` export is a package entry point's, each -> the module
    specifier a page default-imports it by: the package's name for the root entry (``import
    produce from "immer"``), with the subpath after it for another. An entry's own, and
    along the chain it forwards its default through (zustand's ``src/index.ts`` writes
    ``export { default } from './react'``, whose ``export default create`` is the one pages
    import). A subpath pattern (``"./*"``) names no one file, and a package without a name
    is imported by none."""
    manifest = load_manifest("package.json", manifest_text) or {}
    name = manifest.get("name")
    if not isinstance(name, str) or not name:
        return {}
    entries = dict.fromkeys(root_entries(manifest, folder, reader.exists), name)
    for subpath, value in (subpaths_of(manifest.get("exports")) or {}).items():
        declared: list[object] = list(condition_paths(value))
        if "*" not in subpath and subpath != ".":
            for path in source_files(declared, folder, reader.exists):
                entries.setdefault(path, name + subpath[1:])
    found: dict[str, str] = {}
    for entry, specifier in entries.items():
        at: str | None = entry
        links = 0
        while at is not None and at not in found and links < _MAX_DEFAULT_LINKS:
            exports = reader.parsed(at) if at.endswith(_SOURCE_SUFFIXES) else None
            if exports is None:
                break
            found[at] = specifier
            links += 1
            module, _, there = (exports.default or "").rpartition(":")
            at = reader.target(at, module) if there == "default" else None
    return found


def _published_entries(manifest: dict[str, object], folder: str, reader: ExportReader
                       ) -> list[str] | None:
    """The source files of each entry point the manifest declares; None when one declared
    entry has no source file that is a module (its exports cannot be read)."""
    exports = manifest.get("exports")
    subpaths = subpaths_of(exports)
    if subpaths is not None:
        if any("*" in key for key in subpaths):
            return None  # a pattern publishes files by their names: any file may be API
        declared: list[list[object]] = [
            list(condition_paths(value)) for value in subpaths.values()]
    else:
        declared = [[manifest.get("source"), *condition_paths(exports),
                     *(manifest.get(key) for key in ("types", "typings", "module", "main"))]]
    entries: list[str] = []
    for paths in declared:
        # a stylesheet, a JSON file (the ``"./package.json"`` subpath many packages export):
        # no code a user imports names from
        found = [path for path in source_files(paths, folder, reader.exists)
                 if not path.endswith(".json")]
        if not found:
            continue
        modules = [path for path in found
                   if (linked := reader.links(path)) is not None and not linked.commonjs]
        if not modules:
            return None
        entries.extend(modules)
    return list(dict.fromkeys(entries))
