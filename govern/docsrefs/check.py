"""Checking references against the code: each reference resolved in the tables of one commit,
findings for the ones that name nothing, with a suggestion, and the diff-mode rule of which
findings a change introduced. Pure: tables and references in, findings out."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass

from govern.docsrefs.cli_table import CliCommand, CliTable
from govern.docsrefs.model import DocsRefFinding, Reference, RefKind, Resolution, Status, Tally
from govern.docsrefs.python_table import PythonTable
from govern.docsrefs.route_table import RouteTable
from govern.docsrefs.ts_table import TsTable

# CapWords with a lowercase letter: the shape of a class, which entry-point groups, logger
# names and plugin namespaces (lowercase by convention) never take.
_CLASS_SHAPED = re.compile(r"_?[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*")


@dataclass(frozen=True)
class Tables:
    """Everything a reference can resolve against at one commit."""

    python: PythonTable
    cli: CliTable
    routes: RouteTable
    scripts: TsTable
    """The JavaScript/TypeScript packages' exports."""

    def resolve(self, reference: Reference) -> Resolution:
        if reference.kind is RefKind.COMMAND:
            return self.cli.resolve(reference.name)
        if reference.kind is RefKind.ROUTE:
            return self.routes.resolve(reference.name)
        if reference.kind is RefKind.IMPORT and ":" in reference.name:
            return self.scripts.resolve(reference.name)
        # Only cross-references resolve in the module an rst page set; code is read as written.
        scoped = reference.kind in (RefKind.ROLE, RefKind.DIRECTIVE)
        resolution = self.python.resolve(reference.name, reference.context if scoped else None,
                                         reference.search,
                                         within=reference.kind is RefKind.DIRECTIVE)
        if reference.loose and resolution.status is Status.MISSING and \
                not resolution.in_class and \
                not _CLASS_SHAPED.fullmatch(resolution.missing or ""):
            return Resolution(Status.UNRESOLVABLE)
        return resolution


@dataclass(frozen=True)
class Checked:
    findings: tuple[DocsRefFinding, ...]
    tally: Tally


def _suggest(reference: Reference, resolution: Resolution, renames: dict[str, str]
             ) -> str | None:
    """The page's name with the missing part replaced: by the rename the diff shows first,
    else by the nearest name its container has."""
    missing = resolution.missing or ""
    leaf = (resolution.container or "").rsplit(".", 1)[-1]
    replacement = renames.get(f"{leaf}.{missing}")
    if replacement is None:
        close = difflib.get_close_matches(missing, resolution.candidates, n=1, cutoff=0.6)
        replacement = close[0] if close else None
    if replacement is None:
        return None
    if reference.kind is RefKind.ROUTE:
        return replacement
    parts = reference.name.split(" " if reference.kind is RefKind.COMMAND else ".")
    if missing not in parts:
        return replacement
    at = len(parts) - 1 - parts[::-1].index(missing)
    parts[at] = replacement
    return (" " if reference.kind is RefKind.COMMAND else ".").join(parts)


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
    for reference in references:
        resolution = tables.resolve(reference)
        tally = tally.add(resolution.status)
        if resolution.status is Status.MISSING:
            findings.append(DocsRefFinding(reference, _message(reference, resolution),
                                           _suggest(reference, resolution, renames or {})))
    return Checked(tuple(findings), tally)


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
    for module, symbols in head.modules.items():
        before = base.modules.get(module)
        if before is None:
            continue
        _pair_renames(module.rsplit(".", 1)[-1], before.names - symbols.names,
                      symbols.names - before.names, renames)
        for cls, members in symbols.classes.items():
            old = before.classes.get(cls)
            if old is not None:
                _pair_renames(cls, old.members - members.members,
                              members.members - old.members, renames)
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
    before = _command_paths(base)
    for path, command in _command_paths(head).items():
        old = before.get(path)
        if old is not None:
            _pair_renames(path, old.options.keys() - command.options.keys(),
                          command.options.keys() - old.options.keys(), renames)
            _pair_renames(path, old.children.keys() - command.children.keys(),
                          command.children.keys() - old.children.keys(), renames)
    return renames


def _pair_renames(container: str, lost: Iterable[str], gained: Iterable[str],
                  renames: dict[str, str]) -> None:
    lost, gained = sorted(lost), sorted(gained)
    for name in lost:
        match = gained if len(lost) == len(gained) == 1 else difflib.get_close_matches(
            name, gained, n=1, cutoff=0.5)
        if match:
            renames[f"{container}.{name}"] = match[0]
