"""Checking references against the code: each reference resolved in the tables of one commit,
findings for the ones that name nothing, with a suggestion, and the diff-mode rule of which
findings a change introduced. Pure: tables and references in, findings out."""

from __future__ import annotations

import bisect
import difflib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from govern.docsrefs.cli_table import CliCommand, CliTable
from govern.docsrefs.model import DocsRefFinding, Reference, RefKind, Resolution, Status, Tally
from govern.docsrefs.python_table import PythonTable
from govern.docsrefs.route_table import RouteTable
from govern.docsrefs.ts_table import TsTable

# CapWords with a lowercase letter: the shape of a class, which entry-point groups, logger
# names and plugin namespaces (lowercase by convention) never take.
_CLASS_SHAPED = re.compile(r"_?[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*")
_READ = frozenset({RefKind.ROLE, RefKind.CODE})
"""The references a reader follows by name, which a hand-written object directive makes
real whatever the code holds (a method an extension adds at run time). Imports and autodoc
targets are run: the code must have them."""


@dataclass(frozen=True)
class Tables:
    """Everything a reference can resolve against at one commit."""

    python: PythonTable
    cli: CliTable
    routes: RouteTable
    scripts: TsTable
    """The JavaScript/TypeScript packages' exports."""
    documented: frozenset[str] = frozenset()
    """The names the docs' hand-written object directives document (``.. py:data::
    SECRET_KEY``): Sphinx links a role to them whatever the code holds, and a reader finds
    them in the docs' index, so a code span naming one names something too."""

    def resolve(self, reference: Reference) -> Resolution:
        if reference.kind is RefKind.COMMAND:
            return self.cli.resolve(reference.name)
        if reference.kind is RefKind.ROUTE:
            return self.routes.resolve(reference.name)
        if ":" in reference.name and reference.kind in (RefKind.IMPORT, RefKind.CODE):
            found = self.scripts.resolve(reference.name)  # ``zod:string``: a package's name
            return Resolution(Status.UNRESOLVABLE) if reference.loose and \
                found.status is Status.MISSING else found
        resolution = self.python.resolve(reference.name, reference.scopes, reference.search,
                                         within=reference.kind is RefKind.DIRECTIVE)
        if resolution.status is not Status.RESOLVED and reference.kind in _READ and \
                self._documented(reference):
            return Resolution(Status.RESOLVED)
        if reference.loose and resolution.status is Status.MISSING and \
                not resolution.in_class and \
                not _CLASS_SHAPED.fullmatch(resolution.missing or ""):
            return Resolution(Status.UNRESOLVABLE)
        return resolution

    @cached_property
    def _documented_tails(self) -> frozenset[str]:
        """Every documented name's dotted ends of two parts or more
        (``Environment.install_null_translations`` of ``jinja2.Environment.…``), indexed on the
        first ``Class.member`` asked about."""
        tails: set[str] = set()
        for name in self.documented:
            parts = name.split(".")
            tails.update(".".join(parts[at:]) for at in range(1, len(parts) - 1))
        return frozenset(tails)

    def _documented(self, reference: Reference) -> bool:
        """Whether the docs document the name, as the code table reads it: as written, in one
        of its scopes, or (a dotted name that is no module's, ``Environment.install_…``) by
        its class's name, whichever module documents it."""
        name = reference.name
        return name in self.documented or any(
            f"{scope}.{name}" in self.documented for scope in reference.scopes) or (
            "." in name and name.partition(".")[0] not in self.python.roots
            and name in self._documented_tails)


@dataclass(frozen=True)
class Checked:
    findings: tuple[DocsRefFinding, ...]
    tally: Tally


_WORK = 4_000_000
"""What a run may spend on difflib, in ``_cost`` units (0.1 µs each for real names, up to 0.5
µs for contrived ones): every suggestion, or every rename pairing, compared each name with every
candidate, so thousands of missing names against thousands of names took minutes. Past it (a
suggestion it cannot pay for ends the suggesting), findings keep the diff's renames but get no
nearest name, and renames pair by ``_by_rename_key``. Real runs spend a fraction of it."""
_PER_COMPARISON = 64
"""The fixed part of one comparison, in ``_cost`` units."""
_MAX_COMPARED = 1000
"""Candidates one suggestion compares: of a longer list (which comes sorted), those around
where the missing name would sort: the ones sharing its beginning, the likeliest typos."""


def _cost(words: Sequence[str], others: Sequence[str]) -> int:
    """An upper bound of comparing each of ``words`` with each of ``others``: difflib's
    longest-match search is quadratic in the two names' lengths."""
    return (sum(map(len, words)) * sum(map(len, others))
            + _PER_COMPARISON * len(words) * len(others))


@dataclass
class _Budget:
    """The ``_cost`` units one run still may spend on comparing names."""

    left: int = _WORK

    def spend(self, cost: int) -> bool:
        if cost > self.left:
            return False
        self.left -= cost
        return True


def _nearest(missing: str, candidates: tuple[str, ...], budget: _Budget) -> str | None:
    """The candidate closest to ``missing`` (difflib's), while the run can afford it."""
    if not budget.left:
        return None
    at = bisect.bisect_left(candidates, missing)
    start = max(0, min(at - _MAX_COMPARED // 2, len(candidates) - _MAX_COMPARED))
    pool = candidates[start:start + _MAX_COMPARED]
    if not budget.spend(_cost([missing], pool)):
        budget.left = 0  # no more are tried: a try that fails costs its pool's length each time
        return None
    close = difflib.get_close_matches(missing, pool, n=1, cutoff=0.6)
    return close[0] if close else None


def _suggest(reference: Reference, resolution: Resolution, tables: Tables,
             renames: dict[str, str], budget: _Budget, documented: frozenset[str]
             ) -> str | None:
    """The page's name with the missing part replaced: by the rename the diff shows first,
    else by the same name where the package defines it, else by the nearest name its container
    has."""
    missing = resolution.missing or ""
    leaf = (resolution.container or "").rsplit(".", 1)[-1]
    replacement = renames.get(f"{leaf}.{missing}")
    if replacement is None:
        moved = _defined_elsewhere(reference, resolution, tables.python, documented) or \
            _kin_having(reference, resolution, tables.python, documented)
        if moved is not None:
            return moved
        replacement = _nearest(missing, resolution.candidates, budget)
    if replacement is None:
        return None
    if reference.kind is RefKind.ROUTE:
        return replacement
    parts = reference.name.split(" " if reference.kind is RefKind.COMMAND else ".")
    at = _last_at(parts, missing)
    if at is None:
        return replacement
    parts[at] = replacement
    return (" " if reference.kind is RefKind.COMMAND else ".").join(parts)


def _last_at(parts: list[str], part: str) -> int | None:
    """Where ``part`` last occurs in a name's parts (None: nowhere): the missing part of
    ``a.b.a`` is the one the walk reached last."""
    return len(parts) - 1 - parts[::-1].index(part) if part in parts else None


def _defined_elsewhere(reference: Reference, resolution: Resolution, python: PythonTable,
                       documented: frozenset[str]) -> str | None:
    """The page's Python name with the missing module-level part replaced by where its package
    does define that name, when it does once (``black.BracketTracker`` ->
    ``black.brackets.BracketTracker``), by the path the docs or the package's re-exports
    give it (:meth:`PythonTable.public_path`): a name written exactly is likelier meant than
    one spelled alike. None when only a private path reaches it."""
    if reference.kind in (RefKind.COMMAND, RefKind.ROUTE) or ":" in reference.name or \
            resolution.in_class or not resolution.container or not resolution.missing:
        return None
    qualified = python.declared_in_package(resolution.missing,
                                           resolution.container.partition(".")[0])
    parts = reference.name.split(".")
    at = _last_at(parts, resolution.missing)
    path = None if qualified is None else python.public_path(qualified, documented)
    if path is None or at is None:
        return None
    return ".".join([path, *parts[at + 1:]])


def _kin_having(reference: Reference, resolution: Resolution, python: PythonTable,
                documented: frozenset[str]) -> str | None:
    """The page's Python name with the class that lacks the missing member replaced by a
    class named like it with more in front that has it (``Environment.call`` ->
    ``SandboxedEnvironment.call``): as the page writes it when that resolves where the page
    reads it, else by the path the docs or the package's re-exports give that class."""
    if not resolution.in_class or not resolution.container or not resolution.missing:
        return None
    leaf = resolution.container.rsplit(".", 1)[-1]
    kin = python.kin_having(leaf, resolution.missing)
    parts = reference.name.split(".")
    at = _last_at(parts, leaf)
    if kin is None or at is None:
        return None
    module, cls = kin
    written = ".".join([*parts[:at], cls, *parts[at + 1:]])
    if python.resolve(written, reference.scopes).status is Status.RESOLVED:
        return written
    path = python.public_path(f"{module}.{cls}", documented)
    return None if path is None else ".".join([path, *parts[at + 1:]])


def _message(reference: Reference, resolution: Resolution) -> str:
    if reference.kind is RefKind.COMMAND:
        return f"`{reference.name}`: `{resolution.container}` has no `{resolution.missing}`"
    if reference.kind is RefKind.ROUTE:
        return f"`{reference.name}` is not among the routes the code registers"
    return (f"`{reference.name}` names nothing: {resolution.container or 'the code'} has no "
            f"`{resolution.missing}`")


def check_references(references: Iterable[Reference], tables: Tables,
                     renames: dict[str, str] | None = None) -> Checked:
    """Resolve every reference; a finding for each that is missing."""
    tally = Tally()
    findings: list[DocsRefFinding] = []
    budget = _Budget()
    references = list(references)
    documented = tables.documented | _directive_names(references)
    for reference in references:
        resolution = tables.resolve(reference)
        tally = tally.add(resolution)
        if resolution.status is Status.MISSING:
            findings.append(DocsRefFinding(reference, _message(reference, resolution),
                                           _suggest(reference, resolution, tables,
                                                    renames or {}, budget, documented)))
    return Checked(tuple(findings), tally)


def _directive_names(references: list[Reference]) -> frozenset[str]:
    """The names the pages' autodoc and module directives make Sphinx register, each as
    written and under each of its scopes (``.. autofunction:: run_simple`` under ``.. module::
    werkzeug.serving``): what a suggestion should name for a role to link. Only ever compared
    with paths that reach one object, so a spelling Sphinx does not register costs nothing."""
    return frozenset(name for reference in references if reference.kind is RefKind.DIRECTIVE
                     for name in (reference.name, *(f"{scope}.{reference.name}"
                                                    for scope in reference.scopes)))


def introduced(findings: Iterable[DocsRefFinding], base: Tables,
               added_lines: dict[str, frozenset[int]]) -> tuple[DocsRefFinding, ...]:
    """The findings a change brought: a reference that resolved at the base and does not at
    the head (the code moved under the page), or one on a docs line the change added."""
    kept = []
    for finding in findings:
        reference = finding.reference
        added = reference.line in added_lines.get(reference.page, frozenset())
        if added or base.resolve(reference).status is Status.RESOLVED:
            kept.append(finding)
    return tuple(kept)


def renames_between(base: PythonTable, head: PythonTable) -> dict[str, str]:
    """``Container.old -> new`` (the container by its last name, as pages write it) for each
    name a module or class lost while gaining exactly one name, or a close one: the rename a
    diff shows."""
    renames: dict[str, str] = {}
    budget = _Budget()
    for module, symbols in head.modules.items():
        before = base.modules.get(module)
        if before is None:
            continue
        _pair_renames(module.rsplit(".", 1)[-1], before.names - symbols.names,
                      symbols.names - before.names, renames, budget)
        for cls, members in symbols.classes.items():
            old = before.classes.get(cls)
            if old is not None:
                _pair_renames(cls, old.members - members.members,
                              members.members - old.members, renames, budget)
    return renames


def _command_paths(table: CliTable) -> dict[str, CliCommand]:
    """Every command by the words that invoke it (``prog sub``)."""
    found: dict[str, CliCommand] = {}
    todo: list[tuple[str, str, str | None]] = [
        (name, key, None) for name, key in table.programs.items() if key is not None]
    while todo:
        path, key, separator = todo.pop()
        command = table.commands.get(key)
        if command is None or path in found or len(found) > 100_000:
            continue
        found[path] = command
        joint = ":" if separator == ":" else " "  # below an oclif root, ``topic:command``
        todo.extend((f"{path}{joint}{name}", child, separator or command.separator)
                    for name, child in command.children.items())
    return found


def cli_renames_between(base: CliTable, head: CliTable) -> dict[str, str]:
    """``prog sub.--old -> --new`` (and subcommands alike) for each command that lost an option
    while gaining one, or a close one: the rename a diff shows, keyed as ``_suggest`` looks."""
    renames: dict[str, str] = {}
    budget = _Budget()
    before = _command_paths(base)
    for path, command in _command_paths(head).items():
        old = before.get(path)
        if old is not None:
            _pair_renames(path, old.options.keys() - command.options.keys(),
                          command.options.keys() - old.options.keys(), renames, budget)
            _pair_renames(path, old.children.keys() - command.children.keys(),
                          command.children.keys() - old.children.keys(), renames, budget)
    return renames


def _pair_renames(container: str, lost: Iterable[str], gained: Iterable[str],
                  renames: dict[str, str], budget: _Budget) -> None:
    lost, gained = sorted(lost), sorted(gained)
    if len(lost) == len(gained) == 1:
        renames[f"{container}.{lost[0]}"] = gained[0]
        return
    if not budget.spend(_cost(lost, gained)):
        _pair_by_key(container, lost, gained, renames)
        return
    for name in lost:
        match = difflib.get_close_matches(name, gained, n=1, cutoff=0.5)
        if match:
            renames[f"{container}.{name}"] = match[0]


def _by_rename_key(names: list[str]) -> dict[str, list[str]]:
    """Names by how they are spelled but for case, ``_`` and ``-``."""
    keyed: dict[str, list[str]] = {}
    for name in names:
        keyed.setdefault(name.lower().replace("_", "").replace("-", ""), []).append(name)
    return keyed


def _pair_by_key(container: str, lost: list[str], gained: list[str],
                 renames: dict[str, str]) -> None:
    """Renames too many to compare each with each: a lost name pairs with the one gained name
    spelled alike but for case, ``_`` and ``-`` (``getData`` -> ``get_data``)."""
    found = _by_rename_key(gained)
    for key, names in _by_rename_key(lost).items():
        match = found.get(key, [])
        if len(names) == len(match) == 1:
            renames[f"{container}.{names[0]}"] = match[0]
