"""The repository's Python namespace at one commit, and resolving a dotted name through it:
modules and packages, what each binds, re-exports through ``__init__.py`` and star imports,
classes with their own and inherited members. A name is *missing* only where every step was
the repository's own closed namespace; anything third-party is out of scope, anything dynamic
is unresolvable."""

from __future__ import annotations

import bisect
import builtins
import itertools
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from functools import cached_property

from govern.docsrefs.model import Resolution, Status
from govern.docsrefs.python_symbols import ModuleSymbols
from govern.drift.anchors.python import module_path, resolve_import
from govern.git.packages import EXAMPLE_DIRS

# Folders whose modules are not the library docs describe: tests, tooling, and example code.
_NOT_LIBRARY = EXAMPLE_DIRS | {"tests", "test", "testing", "scripts", "benchmarks", "tools"}
_MANIFESTS = ("pyproject.toml", "setup.py", "setup.cfg")
"""The files that make a folder a Python distribution's root."""
_MAX_HOPS = 32
"""Re-export, star-import and inheritance chains longer than this are not followed (absurd)."""
_MAX_KIN = 64
"""Classes named like a written one (``SandboxedEnvironment`` for ``Environment``) one
suggestion asks for the missing member, shortest names first."""
_MAX_VISITS = 256
"""Containers one lookup may ask before it gives up (unknown): a real package star-imports a
few dozen modules; a PR fanning star imports or bases over thousands would otherwise make every
missing name of its pages walk all of them."""


@dataclass(frozen=True)
class _Module:
    name: str


@dataclass(frozen=True)
class _Class:
    module: str
    name: str


class _Value:
    """A function, a variable, an attribute: what lies inside it is not listed."""


@dataclass(frozen=True)
class _Defined(_Value):
    """A module-level function or variable, by the module defining it: every path a
    re-export opens to it finds the same one."""

    module: str
    name: str


class _Unknown:
    """Third-party or dynamic: nothing can be said."""


class _OutOfScope(_Unknown):
    """Not the repository's code."""


_VALUE, _UNKNOWN, _OUT = _Value(), _Unknown(), _OutOfScope()
_STRANGER = ""
"""Stands for any name the repository binds nowhere: no module, class or ``__all__`` has it."""
_Target = _Module | _Class | _Value | _Unknown
_Container = _Module | _Class


@dataclass(frozen=True)
class _Missing:
    """``owner`` has no such member (its names, for a suggestion, are listed only when the
    lookup's answer is reported: most misses are steps of a longer walk)."""

    owner: _Container


_Found = _Target | _Missing


@dataclass(frozen=True)
class PythonTable:
    modules: dict[str, ModuleSymbols]
    """Every module of the repository's packages, by dotted name."""
    packages: frozenset[str]
    """The modules that are packages (an ``__init__.py``): relative imports start there."""
    roots: frozenset[str]
    """Top-level package names: a reference starting elsewhere is not this repository's."""
    classes_named: dict[str, tuple[tuple[str, str], ...]]
    """A class name -> the (module, name) of each public class so named: how a page's
    ``Client.send`` is read."""
    children: dict[str, frozenset[str]] = field(repr=False, compare=False)
    """A module -> the last names of its submodules, indexed once: finding them by walking
    every module for each missing name was quadratic."""
    bound: frozenset[str] = field(repr=False, compare=False)
    """Every name the repository binds anywhere (``_step`` asks one it does not as
    ``_STRANGER``)."""
    copies: dict[str, int] = field(default_factory=dict, repr=False, compare=False)
    """A top-level package the repository holds in several folders -> how many (pyramid's
    tutorials keep 33 packages named ``tutorial``, one a chapter): only one is read, so a
    name it lacks may be another copy's."""
    _answers: dict[tuple[_Container, str], _Found] = field(
        init=False, repr=False, compare=False, default_factory=dict)
    _candidates: dict[_Container, tuple[str, ...]] = field(
        init=False, repr=False, compare=False, default_factory=dict)
    _by_class: dict[tuple[str, tuple[str, ...]], Resolution] = field(
        init=False, repr=False, compare=False, default_factory=dict)
    _scopes: dict[str, _Found] = field(init=False, repr=False, compare=False,
                                       default_factory=dict)

    @cached_property
    def declared(self) -> dict[tuple[str, str], str | None]:
        """(top-level package, name) -> the one module or module-level definition (not an
        import) of that name in the package, by its qualified name; None when there are
        several. Built on the first suggestion asked for: a run without findings needs none."""
        return _declarations(self.modules)

    @cached_property
    def imported_roots(self) -> frozenset[str]:
        """The top-level modules the repository's code imports from outside it (``yarl``,
        ``multidict``): modules that exist, though the repository's table does not hold them.
        Built on the first scoped lookup that needs it."""
        origins = (origin for symbols in self.modules.values()
                   for origin in (*symbols.imports.values(), *symbols.star_imports))
        return frozenset(origin.partition(":")[0].split(".")[0] for origin in origins
                         if not origin.startswith(".")) - self.roots

    @cached_property
    def _named_ending(self) -> dict[str, tuple[str, ...]]:
        """A class name -> the longer public class names ending with it at a capital
        (``Environment`` -> ``SandboxedEnvironment``), shortest first. Built on the first
        suggestion that asks: a run without findings needs none."""
        ending: dict[str, list[str]] = {}
        for name in self.classes_named:
            for at in range(1, len(name)):
                if name[at].isupper():
                    ending.setdefault(name[at:], []).append(name)
        return {tail: tuple(sorted(names, key=lambda n: (len(n), n)))
                for tail, names in ending.items()}

    def kin_having(self, cls: str, member: str) -> tuple[str, str] | None:
        """The (module, name) of the class named like ``cls`` with more in front
        (``SandboxedEnvironment`` for ``Environment``) that has ``member``, the shortest such
        name first: a page's ``Environment.call`` that ``Environment`` lacks likelier means
        that class than a member of ``Environment`` spelled alike. At most ``_MAX_KIN``
        classes are asked: thousands of findings each asking thousands of classes named alike
        would be their product."""
        if member not in self.bound:
            return None  # no class has it
        owners = (owner for name in self._named_ending.get(cls, ())
                  for owner in self.classes_named[name])
        for module, owner in itertools.islice(owners, _MAX_KIN):
            names = self._names_of(_Class(module, owner))  # sorted, and listed once per class
            at = bisect.bisect_left(names, member)
            if at < len(names) and names[at] == member:
                return module, owner
        return None

    def declared_in_package(self, name: str, package: str) -> str | None:
        """The qualified name of the only public module or module-level definition named
        ``name`` in the top-level package ``package`` (None: none, or several)."""
        return self.declared.get((package, name))

    def public_path(self, qualified: str, documented: frozenset[str] = frozenset()
                    ) -> str | None:
        """The name a reader should write for the module-level ``qualified``, given by where
        it is defined: of the paths through its package's public modules that reach that same
        object, one the docs document, else the shortest re-export, else ``qualified``
        (werkzeug defines ``FileStorage`` in ``werkzeug.datastructures.file_storage``; its
        docs, and Sphinx, know it as ``werkzeug.datastructures.FileStorage``). None when that
        is a private path (a ``_`` part) that neither the docs document nor any public module
        re-exports: a reader is not to import typer's vendored ``typer._click.types.File``."""
        module, _, name = qualified.rpartition(".")
        target = self._step(_Module(module), name)
        if not isinstance(target, _Module | _Class | _Defined):
            return qualified  # a value's paths cannot be told apart
        parts = module.split(".")
        reaching = [f"{outer}.{name}" for outer in (".".join(parts[:depth])
                                                    for depth in range(1, len(parts)))
                    if not _private(outer) and self._step(_Module(outer), name) == target]
        candidates = [*reaching, qualified]
        path = next((path for path in candidates if path in documented), candidates[0])
        return None if path not in documented and _private(path) else path

    def resolve(self, name: str, scopes: tuple[str, ...] = (), search: bool = False,
                within: bool = False) -> Resolution:
        """What ``name`` (``pkg.mod.Class.member``, or ``Class.member``) is in this namespace.

        ``scopes`` are where a page's relative name is looked up, innermost first (the class a
        directive's body documents, the module the page made current), as Sphinx does.
        ``search`` (a ``.``-prefixed Sphinx target) resolves when any name ends with it.
        ``within``: a bare name must be the scope's (an autodoc directive imports it from
        there), where a role's bare name may be a builtin."""
        found = self._resolve(name, scopes, search, within)
        root = (found.container or "").split(".")[0]
        if found.status is Status.MISSING and root in self.copies:
            return Resolution(Status.UNRESOLVABLE, why=(
                f"{self.copies[root]} folders hold a package named `{root}`, so which one a "
                "page means cannot be told: names the one read lacks are unresolvable"))
        return found

    def _resolve(self, name: str, scopes: tuple[str, ...], search: bool,
                 within: bool) -> Resolution:
        plain = self._resolve_dotted(name)
        if scopes and plain.status is not Status.RESOLVED:
            scoped = self._in_scopes(name, scopes, search, within)
            if scoped is not None:
                return scoped
        if plain.status is not Status.OUT_OF_SCOPE:
            return Resolution(Status.UNRESOLVABLE) if search and plain.status is \
                Status.MISSING else plain
        return Resolution(Status.UNRESOLVABLE) if search else self._resolve_by_class(name)

    def _in_scopes(self, name: str, scopes: tuple[str, ...], search: bool,
                   within: bool) -> Resolution | None:
        """``name`` under each scope: resolved when one holds it; else missing from the
        innermost scope that means it (:func:`_meant_in`), unless a scope is open (it may hold
        it), the target is a search (Sphinx then looks through every name) or the name as
        written is another project's (:meth:`_written_outside`); None when the scopes do not
        tell, and the name is read as written. A scope the code lacks, or that
        is not the repository's, holds nothing: a page's module directive is judged itself."""
        missing: Resolution | None = None
        open_scope = False
        for scope in scopes:
            where = self._scope(scope)
            if isinstance(where, _Missing | _OutOfScope):
                continue
            if not isinstance(where, _Module | _Class):
                open_scope = True  # a value's, or a dynamic module's: its names are unknown
                continue
            found = self._walk(where, scope, name.split("."))
            if found.status is Status.RESOLVED:
                return found
            open_scope = open_scope or found.status is Status.UNRESOLVABLE
            if missing is None and found.status is Status.MISSING and _meant_in(
                    found, scope, name, within):
                missing = found
        return None if open_scope or search or self._written_outside(name) else missing

    def _written_outside(self, name: str) -> bool:
        """Whether ``name`` as written names a module outside the repository: dotted, its first
        part a standard-library module or one the repository imports from elsewhere
        (``http.cookies.SimpleCookie`` under ``.. currentmodule:: aiohttp``, which has an
        ``http`` of its own). Sphinx, not finding it in the current module, falls back to the
        name as written, which is then another project's: out of scope, not missing."""
        head, dot, _ = name.partition(".")
        return bool(dot) and head not in self.roots and (
            head in sys.stdlib_module_names or head in self.imported_roots)

    def _scope(self, scope: str) -> _Found:
        """What a scope (``shop.Client``) is, walked once per table: a page looks every
        relative name up in it, and a deep one walked again for each was their product."""
        if scope not in self._scopes:
            first, *parts = scope.split(".")
            found: _Found = _Module(first) if first in self.roots else _OUT
            for part in parts:
                if not isinstance(found, _Module | _Class):
                    break
                found = self._step(found, part)
            self._scopes[scope] = found
        return self._scopes[scope]

    def _resolve_dotted(self, name: str) -> Resolution:
        parts = name.split(".")
        if parts[0] not in self.roots:
            return Resolution(Status.OUT_OF_SCOPE)
        return self._walk(_Module(parts[0]), parts[0], parts[1:])

    def _resolve_by_class(self, name: str) -> Resolution:
        """``Client.send``: a class the repository defines under that name, then the member.
        Every class so named is walked, so the answer is kept by the name's shape, its parts
        bound nowhere as ``_STRANGER``: a page naming thousands of missing members of a name
        thousands of modules define walked them all for each."""
        head, _, rest = name.partition(".")
        owners = self.classes_named.get(head, ())
        if not owners or not rest:
            return Resolution(Status.OUT_OF_SCOPE)
        parts = rest.split(".")
        shape = (head, tuple(p if p in self.bound else _STRANGER for p in parts))
        if shape not in self._by_class:
            self._by_class[shape] = self._owners_answer(owners, head, list(shape[1]))
        found = self._by_class[shape]
        if found.missing == _STRANGER:  # no walk passes a name bound nowhere: the first one
            return replace(found, missing=next(p for p in parts if p not in self.bound))
        return found

    def _owners_answer(self, owners: tuple[tuple[str, str], ...], head: str,
                       parts: list[str]) -> Resolution:
        results = [self._walk(_Class(module, cls), f"{module}.{cls}", parts)
                   for module, cls in owners]
        if any(r.status is Status.RESOLVED for r in results):
            return Resolution(Status.RESOLVED)
        if all(r.status is Status.MISSING for r in results):
            first = results[0]
            return Resolution(Status.MISSING, first.missing, head, first.candidates, True)
        return Resolution(Status.UNRESOLVABLE)

    def _walk(self, target: _Target, path: str, parts: list[str]) -> Resolution:
        for part in parts:
            found = self._step(target, part)
            if isinstance(found, _Missing):
                return Resolution(Status.MISSING, part, path, self._names_of(found.owner),
                                  isinstance(found.owner, _Class))
            if isinstance(found, _OutOfScope):
                return Resolution(Status.OUT_OF_SCOPE)
            if isinstance(found, _Unknown):
                return Resolution(Status.UNRESOLVABLE)
            if isinstance(found, _Value):
                # A value's attributes are not listed: the rest is unknowable, not wrong.
                return Resolution(Status.RESOLVED if part == parts[-1] else Status.UNRESOLVABLE)
            target, path = found, f"{path}.{part}"
        return Resolution(Status.RESOLVED)

    def _step(self, target: _Target, part: str) -> _Found:
        """``target.part``, asked once per table: pages name the same things again and again.
        A name bound nowhere is found nowhere, so where the walk ends for it does not depend on
        which such name it is: all are asked once, as ``_STRANGER`` (a page naming thousands
        of missing names through a wide star import walked it for each)."""
        if not isinstance(target, _Module | _Class):
            return _UNKNOWN
        key = (target, part if part in self.bound else _STRANGER)
        if key not in self._answers:
            self._answers[key] = _Lookup(self).member(*key)
        return self._answers[key]

    def _names_of(self, owner: _Container) -> tuple[str, ...]:
        """The public names ``owner`` has (a class's inherited ones too), listed once."""
        if owner not in self._candidates:
            names = _Lookup(self).names(owner)
            self._candidates[owner] = tuple(sorted(n for n in names if not n.startswith("_")))
        return self._candidates[owner]

    def package(self, module: str) -> str:
        """The package a module's relative imports start from: itself if it is one."""
        return module if module in self.packages else module.rpartition(".")[0]


class _Lookup:
    """One question put to the namespace, and the questions it leads to (a re-export's
    source, a star-imported module, a base class). Each is answered once: a diamond of star
    imports or bases, walked path by path, was exponential in its depth. A question met again
    while it is still being answered (a cycle) is not walked round again (``_cycle``); a chain
    deeper than ``_MAX_HOPS``, or a lookup asking more than ``_MAX_VISITS``, is unknown."""

    def __init__(self, table: PythonTable) -> None:
        self.table = table
        self.answers: dict[tuple[_Container, str], _Found] = {}
        self.asking: set[tuple[_Container, str]] = set()

    def member(self, target: _Target, part: str) -> _Found:
        if not isinstance(target, _Module | _Class):
            return _UNKNOWN
        key = (target, part)
        if key in self.answers:
            return self.answers[key]
        if key in self.asking:
            return self._cycle(target)
        if len(self.asking) > _MAX_HOPS or len(self.answers) > _MAX_VISITS:
            return _UNKNOWN
        self.asking.add(key)
        found = self._module_member(target.name, part) if isinstance(target, _Module) else \
            self._class_member(target, part)
        self.asking.discard(key)
        self.answers[key] = found
        return found

    @staticmethod
    def _cycle(target: _Container) -> _Found:
        """The answer of a question met again while it is being answered. Star imports that
        go round find nothing more by going round again: the modules on the way were asked.
        A class that is its own ancestor is, in real code, ``class Client(Client)`` over an
        imported ``Client`` the namespace cannot tell apart: what it inherits is unknown."""
        return _Missing(target) if isinstance(target, _Module) else _UNKNOWN

    def _module_member(self, module: str, part: str) -> _Found:
        table = self.table
        if f"{module}.{part}" in table.modules:
            return _Module(f"{module}.{part}")
        symbols = table.modules.get(module)
        if symbols is None:
            # A namespace package, or a module the table could not read: nothing to say.
            return _UNKNOWN
        if part in symbols.classes:
            return _Class(module, part)
        if part in symbols.imports:
            return self._imported(module, symbols.imports[part])
        if part in symbols.names:
            return _Defined(module, part)
        for star in symbols.star_imports:
            source = resolve_import(star, table.package(module))
            if source not in table.modules:
                return _OUT if source.split(".")[0] not in table.roots else _UNKNOWN
            exported = table.modules[source].all_names
            if exported is not None and part not in exported:
                continue
            found = self.member(_Module(source), part)
            if not isinstance(found, _Missing):
                return found
        return _UNKNOWN if symbols.open else _Missing(_Module(module))

    def _imported(self, module: str, source: str) -> _Found:
        """What ``from M import name`` (``M:name``) or ``import M`` (``M:``) bound."""
        table = self.table
        origin, _, original = source.partition(":")
        absolute = resolve_import(origin, table.package(module))
        if absolute.split(".")[0] not in table.roots:
            return _OUT
        if not original:
            return _Module(absolute) if absolute in table.modules else _UNKNOWN
        if absolute not in table.modules:
            return _UNKNOWN
        found = self.member(_Module(absolute), original)
        return _UNKNOWN if isinstance(found, _Missing) else found

    def _class_member(self, target: _Class, part: str) -> _Found:
        symbols = self.table.modules[target.module].classes[target.name]
        if part in symbols.members:
            return _VALUE  # a nested class too: its members are not listed
        if symbols.open:
            return _UNKNOWN
        for base in self._bases(target):
            if not isinstance(base, _Class):
                return _UNKNOWN  # a third-party or dynamic base may define anything
            found = self.member(base, part)
            if not isinstance(found, _Missing):
                return found
        return _Missing(target)

    def _bases(self, target: _Class) -> Iterator[_Found]:
        """What each base of ``target`` (but ``object``) is, in order."""
        for base in self.table.modules[target.module].classes[target.name].bases:
            if base in ("object", "builtins.object"):
                continue
            current: _Found = _Module(target.module)
            for part in base.split("."):
                current = self.member(current, part) if isinstance(current, _Module | _Class) \
                    else _UNKNOWN
            yield current

    def names(self, owner: _Container) -> set[str]:
        """Every name ``owner`` has: a module's own and its submodules'; a class's members and
        those of every class it inherits from (each class once, however often inherited)."""
        if isinstance(owner, _Module):
            symbols = self.table.modules.get(owner.name)
            own = symbols.names if symbols is not None else frozenset()
            return set(own | self.table.children.get(owner.name, frozenset()))
        names: set[str] = set()
        todo, seen = [owner], {owner}
        while todo:
            cls = todo.pop()
            names.update(self.table.modules[cls.module].classes[cls.name].members)
            for base in self._bases(cls):
                if isinstance(base, _Class) and base not in seen:
                    seen.add(base)
                    todo.append(base)
        return names


def _meant_in(found: Resolution, scope: str, name: str, within: bool) -> bool:
    """Whether ``name``, missing under ``scope``, is missing as the page means it: the scope
    holds its first part but not the rest (``json.dumps`` under ``shop`` is the standard
    library's: shop has no ``json``), or it lacks a bare name that an autodoc directive imports
    from it, or a role's that is not Python's own (``:class:`str``` is the builtin)."""
    return found.container != scope or (
        "." not in name and (within or not _pythons_own(name)))


_BUILTINS = frozenset(dir(builtins))


def _pythons_own(name: str) -> bool:
    """A builtin (``str``, ``len``, ``ValueError``) or a data-model name every object has
    (``__init__``, ``__call__``): Sphinx links it to Python's docs, or the object has it."""
    return name in _BUILTINS or (name.startswith("__") and name.endswith("__"))


def build_python_table(modules_by_path: dict[str, ModuleSymbols],
                       exists: Callable[[str], bool]) -> PythonTable:
    """The namespace of every module under a package (a folder with ``__init__.py``)."""
    modules: dict[str, ModuleSymbols] = {}
    packages: set[str] = set()
    folders: dict[str, set[str]] = {}  # a top-level package -> the folders holding it
    for path, symbols in sorted(modules_by_path.items()):
        name, chain = module_path(path, exists)
        if not chain or not name or not _is_library(name, chain[-1][0], exists):
            continue  # a script, a test, a docs conf.py: not importable library code
        folders.setdefault(name.split(".")[0], set()).add(chain[-1][0])
        if path.endswith(("/__init__.py", "/__init__.pyi")):
            packages.add(name)
        if name not in modules or path.endswith(".py"):
            modules[name] = symbols
    roots = frozenset(name.split(".")[0] for name in modules)
    children: dict[str, set[str]] = {}
    for module in modules:
        parent, _, leaf = module.rpartition(".")
        children.setdefault(parent, set()).add(leaf)
    return PythonTable(modules, frozenset(packages), roots, _classes_named(modules),
                       {parent: frozenset(leaves) for parent, leaves in children.items()},
                       _bound_names(modules.values(), children),
                       {root: len(held) for root, held in folders.items() if len(held) > 1})


def _is_library(module: str, package: str, exists: Callable[[str], bool]) -> bool:
    """Whether a module of the outermost package ``package`` (a folder) is library code the
    docs describe: not a package named like test, docs or example code. A package named like
    a standard-library module (``enum``, ``datetime``) would shadow it, so it is the project's
    only where a distribution ships it (:func:`_distributed_from`), never in a folder of test,
    docs or example code (typer's ``docs_src/parameter_types/enum/``): anywhere else a page's
    ``enum.Enum`` is Python's."""
    top = module.split(".")[0]
    if top in _NOT_LIBRARY:
        return False
    if top not in sys.stdlib_module_names:
        return True
    root = package.rpartition("/")[0]
    return not any(folder in _NOT_LIBRARY for folder in root.split("/")) and \
        _distributed_from(root, exists)


def _distributed_from(root: str, exists: Callable[[str], bool]) -> bool:
    """Whether ``root`` is where a Python distribution's packages are imported from: the
    repository's root or a folder with a pyproject.toml, setup.py or setup.cfg, or the
    ``src/`` folder of one."""
    project = "" if root == "src" else root.removesuffix("/src")
    return not project or any(exists(f"{project}/{manifest}") for manifest in _MANIFESTS)


def _bound_names(modules: Iterable[ModuleSymbols], children: dict[str, set[str]]
                 ) -> frozenset[str]:
    """Every name a lookup can find somewhere: bound, imported, exported, a class member, a
    submodule."""
    bound: set[str] = set()
    for symbols in modules:
        bound.update(symbols.names, symbols.classes, symbols.imports, symbols.all_names or ())
        for cls in symbols.classes.values():
            bound.update(cls.members)
    for leaves in children.values():
        bound.update(leaves)
    return frozenset(bound - {_STRANGER})  # an ``__all__`` may list anything


def _private(path: str) -> bool:
    """Is a dotted path private: has it a part starting with ``_``?"""
    return any(part.startswith("_") for part in path.split("."))


def _declarations(modules: dict[str, ModuleSymbols]) -> dict[tuple[str, str], str | None]:
    """Each public name a package's modules define (or a module's own name), by the package
    and the name: the qualified name of the one definition, None for a name defined twice."""
    declared: dict[tuple[str, str], str | None] = {}
    for module, symbols in modules.items():
        top = module.partition(".")[0]
        definitions = [(module.rpartition(".")[2], module), *(
            (name, f"{module}.{name}") for name in symbols.names - symbols.imports.keys())]
        for name, qualified in definitions:
            key = (top, name)
            if not name.startswith("_"):
                declared[key] = None if key in declared else qualified
    return declared


def _classes_named(modules: dict[str, ModuleSymbols]) -> dict[str, tuple[tuple[str, str], ...]]:
    named: dict[str, list[tuple[str, str]]] = {}
    for module, symbols in modules.items():
        for cls in symbols.classes:
            if not cls.startswith("_"):
                named.setdefault(cls, []).append((module, cls))
    return {name: tuple(owners) for name, owners in named.items()}


def paths_of(tree: Iterable[str]) -> Callable[[str], bool]:
    """An ``exists`` test over a tree's paths."""
    present = frozenset(tree)
    return present.__contains__

