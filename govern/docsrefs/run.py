"""The docs-refs run: reads the docs corpus and the code at one or two commits through git,
builds the symbol tables (each module's symbols cached by blob id), and hands them to the pure
checks. ``--all`` audits every page at HEAD; diff mode keeps what the change introduced."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from govern.config import Config
from govern.core import cache
from govern.core.errors import MISSING_OBJECT_REMEDY, NotJudged
from govern.core.text import inert_line
from govern.docsrefs.argparse_table import build_argparse_trees
from govern.docsrefs.check import (
    Tables,
    check_references,
    cli_renames_between,
    introduced,
    renames_between,
)
from govern.docsrefs.cli_table import build_cli_table
from govern.docsrefs.model import DocsRefFinding, Reference, Tally
from govern.docsrefs.oclif_table import build_oclif_trees
from govern.docsrefs.python_symbols import ModuleSymbols, parse_python_symbols
from govern.docsrefs.python_table import build_python_table, paths_of
from govern.docsrefs.references import PageReading, read_page
from govern.docsrefs.route_table import build_route_table
from govern.docsrefs.ts_table import build_ts_table
from govern.drift.anchors.commands import parse_scripts
from govern.drift.anchors.programs import parse_setup_scripts
from govern.drift.anchors.python import module_path
from govern.drift.docs.corpus import is_history_page, select_pages, suggest_docs_paths
from govern.drift.docs.index import Unreadable, decode_page
from govern.drift.scans import read_bridge_scans
from govern.git.diff import build_changes
from govern.git.gitio import Git, TreeEntry

FORMAT = 3
"""Bumped whenever ModuleSymbols changes shape, so cached symbols of the old shape are not read."""
_BLOB_MODES = ("100644", "100755")


@dataclass(frozen=True)
class DocsRefsResult:
    head: str
    base: str | None
    """The merge base diff mode compared against (None: ``--all``)."""
    findings: tuple[DocsRefFinding, ...]
    tally: Tally
    pages: int
    unreadable: tuple[tuple[str, str], ...]
    corpus_suggestion: tuple[str, ...] = ()
    """With no page checked, the ``docs.paths`` globs that would read the pages under docs
    folders (pytest's ``doc/en/``): a gate that judged nothing must say so."""

    def to_json(self) -> dict[str, Any]:
        return {"schema_version": 1, "head": self.head, "base": self.base,
                "mode": "all" if self.base is None else "diff", "pages": self.pages,
                "summary": self.tally.to_json(),
                "findings": [finding.to_json() for finding in self.findings],
                "unreadable": [{"page": page, "reason": reason}
                               for page, reason in self.unreadable]}


def _decode_symbols(data: Any) -> ModuleSymbols:
    return ModuleSymbols.from_json(data)


def _is_python(entry: TreeEntry, config: Config) -> bool:
    return (entry.mode in _BLOB_MODES and entry.path.endswith((".py", ".pyi"))
            and config.code.paths.matches(entry.path) and not config.code.exclude.matches(
                entry.path))


def read_tables(git: Git, rev: str, config: Config, entries: list[TreeEntry]) -> Tables:
    """The symbol tables of the code at ``rev``; module symbols cached by blob id."""
    path = cache.cache_dir(git.common_dir()) / f"docsrefs-python-v{FORMAT}.json"
    memo = cache.load_json(path, "cache-docsrefs-python.schema.json", _decode_symbols)
    before = len(memo)
    python = [entry for entry in entries if _is_python(entry, config)]
    by_path: dict[str, ModuleSymbols] = {}
    click_sources: list[bytes] = []
    argparse_sources: dict[str, bytes] = {}
    exists = paths_of(entry.path for entry in entries)
    unreadable: list[str] = []
    for entry in python:
        data = git.blobs.read(entry.sha)
        if data is None:
            unreadable.append(entry.path)
            continue
        if len(data) > config.code.max_parse_bytes:
            continue
        symbols = memo.get(entry.sha)
        if symbols is None:
            symbols = memo[entry.sha] = parse_python_symbols(data)
        by_path[entry.path] = symbols
        if b"click" in data or b"typer" in data:
            click_sources.append(data)
        module = module_path(entry.path, exists)[0]
        if module and not entry.path.endswith(".pyi"):
            argparse_sources[module] = data
    if len(memo) != before:
        used = {entry.sha for entry in python}
        cache.save_json(path, {k: v for k, v in memo.items() if k in used},
                        lambda symbols: symbols.to_json())
    scripts: dict[str, tuple[str, ...]] = {}
    manifests: dict[str, str] = {}
    blob_of = {entry.path: entry.sha for entry in entries if entry.mode in _BLOB_MODES}
    for entry in entries:
        if entry.mode not in _BLOB_MODES or "node_modules/" in entry.path:
            continue
        filename = entry.path.rpartition("/")[2]
        if filename == "pyproject.toml":
            scripts.update(parse_scripts(git.read_text(rev, entry.path) or ""))
        elif filename in ("setup.cfg", "setup.py"):
            scripts.update(parse_setup_scripts(filename, git.read_text(rev, entry.path) or ""))
        elif filename == "package.json":
            manifest = git.blobs.read(entry.sha)
            if manifest is None:
                unreadable.append(entry.path)
            else:
                manifests[entry.path] = manifest.decode("utf-8", "replace")
    if unreadable:
        # a module the table lacks would make every reference into it someone else's code
        shown = ", ".join(inert_line(path) for path in unreadable[:3])
        raise NotJudged(f"{len(unreadable)} file(s) of {rev[:12]} whose names pages may write "
                        f"cannot be read ({shown}{', …' if len(unreadable) > 3 else ''}), so "
                        "the references into them cannot be judged",
                        remedy=MISSING_OBJECT_REMEDY)
    scans = read_bridge_scans(git, rev, entries, config)
    routes = build_route_table(route for scan in scans.registrars.values()
                               for route in scan.routes)

    def read(path: str) -> bytes | None:
        return git.blobs.read(blob_of[path]) if path in blob_of else None

    packages = build_ts_table(manifests, read, exists)
    cli = build_cli_table(click_sources, scripts).merged(
        build_argparse_trees(argparse_sources, scripts),
        build_oclif_trees(manifests, blob_of, read))
    return Tables(build_python_table(by_path, exists), cli, routes, packages)


@dataclass(frozen=True)
class _Docs:
    """What the checked pages of one commit say about code."""

    references: list[Reference]
    documented: frozenset[str]
    """The names those pages document by hand (a role on any page links to them)."""
    pages: int
    unreadable: list[tuple[str, str]]


def _read_docs(git: Git, entries: list[TreeEntry], config: Config, programs: frozenset[str],
               readings: dict[tuple[str, str], PageReading | Unreadable]) -> _Docs:
    """The checked pages of a tree, each read once per run by path and blob (``readings``):
    the merge base's pages are read for what they document, and most are the head's."""
    references: list[Reference] = []
    documented: set[str] = set()
    unreadable: list[tuple[str, str]] = []
    # Release notes and migration guides name code as it was: they are history, not drift.
    pages = [page for page in select_pages(entries, config.docs)
             if not page.release_owned and not is_history_page(page.path)]
    for page in pages:
        key = (page.path, page.blob)
        if key not in readings:
            decoded = decode_page(git.blobs.read(page.blob))
            readings[key] = decoded if isinstance(decoded, Unreadable) else read_page(
                decoded, page.path, programs)
        reading = readings[key]
        if isinstance(reading, Unreadable):
            unreadable.append((page.path, reading.reason))
            continue
        references.extend(reading.references)
        documented.update(reading.documents)
    return _Docs(references, frozenset(documented), len(pages), unreadable)


def read_docs_refs(git: Git, config: Config, head: str, base: str | None) -> DocsRefsResult:
    """Check the docs at ``head``: every finding with ``base`` None, else those introduced
    since the merge base of ``base`` and ``head``."""
    head_sha = git.resolve_commit(head)
    entries = git.ls_tree(head_sha)
    tables = read_tables(git, head_sha, config, entries)
    readings: dict[tuple[str, str], PageReading | Unreadable] = {}
    docs = _read_docs(git, entries, config, tables.cli.names, readings)
    tables = replace(tables, documented=docs.documented)
    suggestion = tuple(suggest_docs_paths(entries, config.docs)) if not docs.pages else ()
    if base is None:
        checked = check_references(docs.references, tables)
        return DocsRefsResult(head_sha, None, checked.findings, checked.tally, docs.pages,
                              tuple(docs.unreadable), suggestion)
    merge_base = git.merge_bases(git.resolve_commit(base), head_sha)[0]
    base_entries = git.ls_tree(merge_base)
    base_tables = read_tables(git, merge_base, config, base_entries)
    # what the base's docs documented: a role whose target a change stopped documenting broke
    base_tables = replace(base_tables, documented=_read_docs(
        git, base_entries, config, base_tables.cli.names, readings).documented)
    renames = {**renames_between(base_tables.python, tables.python),
               **cli_renames_between(base_tables.cli, tables.cli)}
    checked = check_references(docs.references, tables, renames)
    # binary as the merge base says: a PR marking its pages `-diff` would add no lines to read
    changes = build_changes(git.changed_files(merge_base, head_sha),
                            git.hunks(merge_base, head_sha, attributes_of=merge_base))
    added = {change.path: change.new_lines for change in changes}
    findings = introduced(checked.findings, base_tables, added)
    return DocsRefsResult(head_sha, merge_base, findings, checked.tally.judged(len(findings)),
                          docs.pages, tuple(docs.unreadable), suggestion)


