"""The repository's Python namespace at one commit, and resolving a dotted name through it:
modules and packages, what each binds, re-exports through ``__init__.py`` and star imports,
classes with their own and inherited members. A name is *missing* only where every step was
the repository's own closed namespace; anything third-party is out of scope, anything dynamic
is unresolvable."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from govern.docsrefs.model import Resolution, Status
from govern.docsrefs.python_symbols import ModuleSymbols
from govern.drift.anchors.python import module_path, resolve_import

# Folders whose modules are not the library docs describe.
_NOT_LIBRARY = frozenset({"tests", "test", "testing", "docs", "doc", "examples", "example",
                          "scripts", "benchmarks", "tools"})
_MAX_HOPS = 32
"""Re-export and inheritance chains longer than this are not followed (a cycle, or absurd)."""


@dataclass(frozen=True)
class _Module:
    name: str


@dataclass(frozen=True)
class _Class:
    module: str
    name: str


class _Value:
    """A function, a variable, an attribute: what lies inside it is not listed."""


class _Unknown:
    """Third-party or dynamic: nothing can be said."""


class _OutOfScope(_Unknown):
    """Not the repository's code."""


_VALUE, _UNKNOWN, _OUT = _Value(), _Unknown(), _OutOfScope()
_Target = _Module | _Class | _Value | _Unknown


@dataclass(frozen=True)
class _Missing:
    container: str
    part: str
    candidates: tuple[str, ...]
    in_class: bool = False


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

    def resolve(self, name: str, context: str | None = None, search: bool = False,
                within: bool = False) -> Resolution:
        """What ``name`` (``pkg.mod.Class.member``, or ``Class.member``) is in this namespace.

        ``context`` is the module an rst page set: a name is tried there first, as Sphinx does.
        ``search`` (a ``.``-prefixed Sphinx target) resolves when any name ends with it.
        ``within``: a bare name must be the context's (an autodoc directive imports it from
        there), where a role's bare name may be a builtin."""
        first = name.split(".", 1)[0]
        if context and not name.startswith(context + "."):
            scoped = self._resolve_dotted(f"{context}.{name}")
            # Under the context only a name whose first part is there is the page's meaning:
            # ``json.dumps`` in ``.. currentmodule:: pkg`` is the standard library's.
            if scoped.status is Status.RESOLVED or (scoped.status is Status.MISSING and (
                    scoped.missing != first or (within and "." not in name))):
                return scoped
        plain = self._resolve_dotted(name)
        if plain.status is not Status.OUT_OF_SCOPE:
            return Resolution(Status.UNRESOLVABLE) if search and plain.status is \
                Status.MISSING else plain
        return Resolution(Status.UNRESOLVABLE) if search else self._resolve_by_class(name)

    def _resolve_dotted(self, name: str) -> Resolution:
        parts = name.split(".")
        if parts[0] not in self.roots:
            return Resolution(Status.OUT_OF_SCOPE)
        return self._walk(_Module(parts[0]), parts[0], parts[1:])

    def _resolve_by_class(self, name: str) -> Resolution:
        """``Client.send``: a class the repository defines under that name, then the member."""
        head, _, rest = name.partition(".")
        owners = self.classes_named.get(head, ())
        if not owners or not rest:
            return Resolution(Status.OUT_OF_SCOPE)
        results = [self._walk(_Class(module, cls), f"{module}.{cls}", rest.split("."))
                   for module, cls in owners]
        if any(r.status is Status.RESOLVED for r in results):
            return Resolution(Status.RESOLVED)
        if all(r.status is Status.MISSING for r in results):
            first = results[0]
            return Resolution(Status.MISSING, first.missing, head, first.candidates, True)
        return Resolution(Status.UNRESOLVABLE)

    def _walk(self, target: _Target, path: str, parts: list[str]) -> Resolution:
        for part in parts:
            found = self._member(target, part, 0)
            if isinstance(found, _Missing):
                return Resolution(Status.MISSING, part, path, found.candidates, found.in_class)
            if isinstance(found, _OutOfScope):
                return Resolution(Status.OUT_OF_SCOPE)
            if isinstance(found, _Unknown):
                return Resolution(Status.UNRESOLVABLE)
            if isinstance(found, _Value):
                # A value's attributes are not listed: the rest is unknowable, not wrong.
                return Resolution(Status.RESOLVED if part == parts[-1] else Status.UNRESOLVABLE)
            target, path = found, f"{path}.{part}"
        return Resolution(Status.RESOLVED)

    # -- one step ------------------------------------------------------------------------------

    def _member(self, target: _Target, part: str, hops: int) -> _Target | _Missing:
        if hops > _MAX_HOPS:
            return _UNKNOWN
        if isinstance(target, _Module):
            return self._module_member(target.name, part, hops)
        if isinstance(target, _Class):
            return self._class_member(target, part, hops)
        return _UNKNOWN

    def _package(self, module: str) -> str:
        """The package a module's relative imports start from: itself if it is one."""
        return module if module in self.packages else module.rpartition(".")[0]

    def _module_member(self, module: str, part: str, hops: int) -> _Target | _Missing:
        submodule = f"{module}.{part}"
        if submodule in self.modules:
            return _Module(submodule)
        symbols = self.modules.get(module)
        if symbols is None:
            # A namespace package, or a module the table could not read: nothing to say.
            return _UNKNOWN
        if part in symbols.classes:
            return _Class(module, part)
        if part in symbols.imports:
            return self._imported(module, symbols.imports[part], hops)
        if part in symbols.names:
            return _VALUE
        for star in symbols.star_imports:
            source = resolve_import(star, self._package(module))
            if source not in self.modules:
                return _OUT if source.split(".")[0] not in self.roots else _UNKNOWN
            exported = self.modules[source].all_names
            if exported is not None and part not in exported:
                continue
            found = self._module_member(source, part, hops + 1)
            if not isinstance(found, _Missing):
                return found
        if symbols.open:
            return _UNKNOWN
        candidates = set(symbols.names) | {m.rpartition(".")[2] for m in self.modules
                                           if m.rpartition(".")[0] == module}
        return _Missing(module, part, tuple(sorted(n for n in candidates
                                                   if not n.startswith("_"))))

    def _imported(self, module: str, source: str, hops: int) -> _Target | _Missing:
        """What ``from M import name`` (``M:name``) or ``import M`` (``M:``) bound."""
        origin, _, original = source.partition(":")
        absolute = resolve_import(origin, self._package(module))
        if absolute.split(".")[0] not in self.roots:
            return _OUT
        if not original:
            return _Module(absolute) if absolute in self.modules else _UNKNOWN
        if absolute not in self.modules:
            return _UNKNOWN
        found = self._module_member(absolute, original, hops + 1)
        return _UNKNOWN if isinstance(found, _Missing) else found

    def _class_member(self, target: _Class, part: str, hops: int) -> _Target | _Missing:
        symbols = self.modules[target.module].classes[target.name]
        if part in symbols.members:
            return _VALUE  # a nested class too: its members are not listed
        if symbols.open:
            return _UNKNOWN
        inherited: set[str] = set()
        for base in symbols.bases:
            if base in ("object", "builtins.object"):
                continue
            resolved = self._base(target.module, base, hops)
            if not isinstance(resolved, _Class):
                return _UNKNOWN  # a third-party or dynamic base may define anything
            found = self._class_member(resolved, part, hops + 1)
            if not isinstance(found, _Missing):
                return found
            inherited.update(found.candidates)
        candidates = {m for m in symbols.members | inherited if not m.startswith("_")}
        return _Missing(f"{target.module}.{target.name}", part, tuple(sorted(candidates)), True)

    def _base(self, module: str, base: str, hops: int) -> _Target | _Missing:
        current: _Target | _Missing = _Module(module)
        for part in base.split("."):
            if not isinstance(current, _Module | _Class):
                return _UNKNOWN
            current = self._member(current, part, hops + 1)
        return current


def build_python_table(modules_by_path: dict[str, ModuleSymbols],
                       exists: Callable[[str], bool]) -> PythonTable:
    """The namespace of every module under a package (a folder with ``__init__.py``)."""
    modules: dict[str, ModuleSymbols] = {}
    packages: set[str] = set()
    for path, symbols in sorted(modules_by_path.items()):
        name, chain = module_path(path, exists)
        if not chain or not name or name.split(".")[0] in _NOT_LIBRARY:
            continue  # a script, a test, a docs conf.py: not importable library code
        if path.endswith(("/__init__.py", "/__init__.pyi")):
            packages.add(name)
        if name not in modules or path.endswith(".py"):
            modules[name] = symbols
    roots = frozenset(name.split(".")[0] for name in modules)
    return PythonTable(modules, frozenset(packages), roots, _classes_named(modules))


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

