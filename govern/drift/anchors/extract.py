"""From changed files to candidate anchors: classify each file
(docs/concepts/affected-docs.md#change-set), parse both sides of the source files the diff touches,
and name each touched declaration the ways docs do."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import PurePosixPath

from tree_sitter import Tree

from govern.config import EXTRA_LOCKFILES, LOCKFILES, Config
from govern.core.spelling import is_respelling
from govern.drift.anchors.commands import (
    MAY_DECLARE_COMMANDS,
    CommandResolver,
    CommandTree,
    ManifestReader,
    declared_programs,
    oclif_phrase,
    parse_oclif,
    python_command_tree,
    python_scripts,
)
from govern.drift.anchors.comments import changed_code, code_lines
from govern.drift.anchors.dependencies import (
    REQUIREMENTS,
    declared_dependencies,
    removed_dependencies,
)
from govern.drift.anchors.inheritance import overrides_in
from govern.drift.anchors.literals import in_private_module, published_literals
from govern.drift.anchors.model import (
    MANIFEST,
    NO_EXTRACTOR,
    Declaration,
    Extraction,
    not_covered_reason,
)
from govern.drift.anchors.options import (
    declared_flags,
    may_derive_flags,
    touched_flags,
    written_flags,
)
from govern.drift.anchors.python import (
    RELEASE_DATA,
    ClassTable,
    PublicModuleWords,
    ReexportIndex,
    all_entries,
    class_table,
    extract_python,
    hook_implementations,
    index_reexports,
    is_public,
    module_path,
    module_reexports,
    package_instances,
    qualified_names,
    resolve_import,
    top_level_packages,
)
from govern.drift.anchors.renamed import renamed_lines
from govern.drift.anchors.retyped import respelled_headers
from govern.drift.anchors.routes import RegistrarScan, touched_routes
from govern.drift.anchors.runtimes import dropped, supported
from govern.drift.anchors.syntax import (
    EXTENSIONS,
    MAX_INHERITING,
    first_line,
    is_code_shaped,
    is_route_literal,
    language_of,
    lines_of,
    parse,
    parse_edited,
    touches,
)
from govern.drift.anchors.ts_exports import (
    ExportReader,
    FileExports,
    Namespaces,
    Origin,
    Surface,
    chain_links,
    default_sources,
    entry_namespaces,
    parse_exports,
    published_surface,
)
from govern.drift.anchors.typescript import (
    DECLARATION_FILES,
    extract_typescript,
    module_name,
    moved_text,
)
from govern.drift.anchors.whitespace import reindented_lines
from govern.drift.docs.corpus import DOCS_FOLDERS, PAGE_SUFFIXES, is_docs_path
from govern.drift.route_paths import TAIL_MARK, is_specific_tail
from govern.git.diff import ChangedFile
from govern.git.gitio import ABSENT_MODE, SUBMODULE_MODE, SYMLINK_MODE, Hunk
from govern.git.packages import (
    is_dev_only_manifest_change,
    is_docs_config,
    is_example_file,
    is_package_script,
    is_test_file,
    package_of,
)

RegistrarReader = Callable[[str, bytes, str], RegistrarScan | None]
"""(blob id, source, path) -> the source's registrar scan, None when it is no registrar."""
LFS_POINTER = b"version https://git-lfs.github.com/spec/v1"
_WRITTEN_NAME = re.compile(rb"[A-Za-z_$][\w$]*+(?:\.[A-Za-z_$][\w$]*+)*+")
"""A name as a file writes it (``SESSION_COOKIE_PATH``, ``config.debug``): a table key the
base file wrote this way is not new."""


ClassNode = tuple[str, str]
"""A class as the overrides rule reads it across imports: (its file, its name)."""


@dataclass
class Side:
    """One commit of the diff, read lazily by path. The small files read beyond the diff
    (``__init__.py`` chains, manifests) are read once and parsed once."""

    name: str
    """``base`` or ``head``."""
    read: Callable[[str], bytes | None]
    head_files: frozenset[str] | None = None
    """HEAD's files, on either side, when the run has its tree listing: where the packages
    beside a changed one are found, which may re-export its names (a sibling read on the base
    side when it is there too); on the head side, a file's existence is looked up there, not
    read (finding a TS module tries a dozen names a path could have)."""
    _files: dict[str, bytes | None] = field(default_factory=dict)
    _inits: dict[str, ReexportIndex | None] = field(default_factory=dict)
    _commands: dict[tuple[str, tuple[str, ...]], CommandTree | None] = field(
        default_factory=dict)
    _surfaces: dict[str, Surface | None] = field(default_factory=dict)
    _namespaces: dict[str, Namespaces | None] = field(default_factory=dict)
    _defaults: dict[str, dict[str, str]] = field(default_factory=dict)
    _exports: ExportReader | None = None
    module_words: dict[str, PublicModuleWords] = field(default_factory=dict)
    """What each package's public modules name, indexed on the first name asked of it
    (``qualified_names``): one index a side, read once."""
    _classes: dict[str, ClassTable | None] = field(default_factory=dict)
    _class_bases: dict[ClassNode, tuple[ClassNode, ...]] = field(default_factory=dict)
    _modules: dict[tuple[str, str], str | None] = field(default_factory=dict)

    def _file(self, path: str) -> bytes | None:
        if path not in self._files:
            self._files[path] = self.read(path)
        return self._files[path]

    def source(self, path: str) -> bytes | None:
        return self._file(path)

    def exists(self, path: str) -> bool:
        if self.name == "head" and self.head_files is not None:
            return path in self.head_files
        return self._file(path) is not None

    def python_reexports(self, path: str, package: str) -> ReexportIndex | None:
        """The re-exports of ``package``'s ``__init__.py`` at ``path`` (reads beyond the
        diff, docs/concepts/affected-docs.md#anchor-kinds)."""
        if path not in self._inits:
            data = self._file(path)
            self._inits[path] = None if data is None else index_reexports(
                extract_python(data, frozenset()), package)
        return self._inits[path]

    def class_table(self, path: str, data: bytes | None = None) -> ClassTable | None:
        """The classes of the Python file at ``path`` (``data``, when the caller read it),
        parsed once however many subclasses name them (reads beyond the diff:
        docs/concepts/anchoring-rules.md#overrides); None when this side has no such file."""
        if path not in self._classes:
            source = data if data is not None else self._file(path)
            self._classes[path] = None if source is None else class_table(source)
        return self._classes[path]

    def class_bases(self, node: ClassNode) -> tuple[ClassNode, ...]:
        """The classes the class ``node`` extends, each once, as files of this side: the first
        ``MAX_INHERITING`` bases it lists that are of its file or of a module of the tree
        (the rest are unread, as a dependency's are). For a name the file imports rather
        than declares (a package ``__init__``'s ``from .app import App``), the class it
        imports: the walk goes on where the class is declared."""
        if node not in self._class_bases:
            path, name = node
            table = self.class_table(path)
            listed = () if table is None else table.bases[name] if name in table.members \
                else (table.imports[name],) if name in table.imports else ()
            found = ((self.module_file(path, module) if module else path, base)
                     for module, base in listed[:MAX_INHERITING])
            self._class_bases[node] = tuple(dict.fromkeys(
                (file, base) for file, base in found if file is not None))
        return self._class_bases[node]

    def module_file(self, importer: str, module: str) -> str | None:
        """The file of this side that the file ``importer`` imports as ``module``, looked for
        once (:func:`_module_file`)."""
        key = (importer, module)
        if key not in self._modules:
            self._modules[key] = _module_file(importer, module, self.exists, self.head_files)
        return self._modules[key]

    def command_tree(self, module: str, roots: tuple[str, ...]) -> CommandTree | None:
        """The CLI commands of the module ``module``, found under the first of the import
        ``roots`` that holds it; None when no file of this side is that module (reads beyond
        the diff: docs/concepts/anchoring-rules.md#program-names)."""
        key = (module, roots)
        if key not in self._commands:
            self._commands[key] = None
            relative = module.replace(".", "/")
            for root in roots:
                for path, package in ((f"{root}{relative}.py", module.rpartition(".")[0]),
                                      (f"{root}{relative}/__init__.py", module)):
                    data = self._file(path)
                    if data is not None:
                        self._commands[key] = python_command_tree(data, package)
                        return self._commands[key]
        return self._commands[key]

    def ts_surface(self, package_dir: str) -> Surface | None:
        """What the JS/TS package at ``package_dir`` publishes (reads beyond the diff: its
        package.json and the files its export chains reach); None when that cannot be told."""
        if package_dir not in self._surfaces:
            manifest = self.manifest(package_dir, "package.json")
            self._surfaces[package_dir] = None if manifest is None else published_surface(
                manifest, package_dir, self._export_reader())
        return self._surfaces[package_dir]

    def ts_namespaces(self, package_dir: str) -> Namespaces | None:
        """The namespaces the root entry of the JS/TS package at ``package_dir`` exports
        (reads beyond the diff, as :meth:`ts_surface`); None when it has no root entry."""
        if package_dir not in self._namespaces:
            manifest = self.manifest(package_dir, "package.json")
            self._namespaces[package_dir] = None if manifest is None else entry_namespaces(
                manifest, package_dir, self._export_reader())
        return self._namespaces[package_dir]

    def ts_default_sources(self, package_dir: str) -> dict[str, str]:
        """The files whose default export is an entry point's of the JS/TS package at
        ``package_dir``, each with the specifier pages import it by (reads beyond the diff,
        as :meth:`ts_surface`)."""
        if package_dir not in self._defaults:
            manifest = self.manifest(package_dir, "package.json")
            self._defaults[package_dir] = {} if manifest is None else default_sources(
                manifest, package_dir, self._export_reader())
        return self._defaults[package_dir]

    def ts_star_names(self, path: str) -> frozenset[str]:
        """The names a TS/JS file of this side exports through ``export *`` chains."""
        return self._export_reader().star_names(path)

    def ts_origins(self, path: str) -> dict[str, Origin]:
        """The files a TS/JS file of this side forwards names from, with their exports
        (:meth:`ExportReader.origins`)."""
        return self._export_reader().origins(path)

    def exports(self, path: str) -> FileExports | None:
        """What a file of this side exports, parsed once for every question of the run."""
        return self._export_reader().parsed(path)

    def _export_reader(self) -> ExportReader:
        """One reader of this side's export statements: the published surface and the entry's
        namespaces walk the same chains, each file parsed once."""
        if self._exports is None:
            self._exports = ExportReader(self._file, self.exists)
        return self._exports

    def manifest(self, package_dir: str, name: str) -> str | None:
        """A package manifest's text (reads beyond the diff: program names,
        docs/concepts/affected-docs.md#anchor-kinds)."""
        return self.text(f"{package_dir}/{name}" if package_dir else name)

    def text(self, path: str) -> str | None:
        """A small file's text (a manifest), read once however many steps read it: a changed
        manifest is read to tell a dev-only edit, then for the programs it declares."""
        data = self._file(path)
        return data.decode("utf-8", "replace") if data is not None else None


@dataclass(frozen=True)
class Candidate:
    """An anchor before the guards: what one side of one file yields."""

    kind: str
    token: str
    file: str
    side: str
    declaration: Declaration | None = None
    """The declaration a symbol token names (None for literals)."""


@dataclass(frozen=True)
class Added:
    """A public declaration this change added (at HEAD, absent from the base): a candidate for
    "New API, not yet on any page" (docs/concepts/anchoring-rules.md#new-api)."""

    file: str
    declaration: Declaration
    tokens: tuple[str, ...]
    """The names docs would use for it, bare first."""
    kin: frozenset[str]
    """The public declarations of its container (``Client.send``, ``Client.close``) and the
    container itself (``Client``), or of its file's top level, itself among them: one object
    shared by every entry of that container or file, so a file of 20,000 new names holds one
    set, not 20,000."""
    written: bool = False
    """A table's key or member: a value users write (a config key, a rule code), API
    wherever its table is kept, whether a user can import the table or not."""
    family: frozenset[str] = frozenset()
    """For a member, its file's top-level declarations, its container among them: the page
    about the file names them (``createJSONStorage`` and ``StateStorage`` beside the options
    of ``PersistOptions``). Shared as ``kin`` is."""
    inherited: tuple[str, ...] = ()
    """For a member a base class gained, the names of each subclass's spelling of it
    (``Stmt.frozen`` of ``Node.frozen``): one entry, on the declaring class, which a page
    naming any of them names (docs/concepts/anchoring-rules.md#inherited-members)."""
    barrel: bool = False
    """A name a TS/JS file's ``export … from`` starts exporting, its kin the file's every
    export: pages naming them are its home only when none names two of its own file's."""
    forwarded_by: str = ""
    """For a name credited to the file it is forwarded from, the file that starts exporting
    it: published only if that file's name is (a barrel no entry reaches publishes none)."""


SKIPPED_LABELS = {
    "docs_pages": "docs page(s) outside the corpus",
    "test_files": "test file(s)",
    "script_files": "package script file(s)",
    "docs_config": "Sphinx configuration file(s) (a docs folder's conf.py)",
    "dev_only_manifests": "dev-only manifest edit(s)",
    "lockfiles": "lockfile(s) (regenerated from the manifests, never written by hand)",
    "repository_metadata": "repository metadata file(s) (.gitignore, AUTHORS, LICENSE, "
                           "CODEOWNERS …: about the repository, not what it ships)",
    "docs_site_files": "docs site file(s) no extractor reads (a docs folder's stylesheets, "
                       "templates, images, page fragments)",
    "oversized": "oversized source file(s)",
    "generated_files": "generated source file(s) (their generator's change is what pages "
                       "follow)",
    "version_bumps": "version bump(s) (a version, copyright or author written out is "
                     "release data, not API)",
    "comment_only": "source file(s) whose changed lines change only comments, spacing or "
                    "the names of private variables",
    "empty_files": "empty source file(s) (a package's blank __init__.py)",
    "widely_inherited": f"changed member(s) inherited by more than {MAX_INHERITING} classes "
                        "of their file (anchored on their own class only, not on each "
                        "subclass)",
}
"""What a run counts as skipped (docs/concepts/affected-docs.md#change-set), and how each
count reads in prose."""
_LOCKFILES = frozenset((*LOCKFILES, *EXTRA_LOCKFILES))
_REPOSITORY_METADATA = re.compile(
    r"\.gitignore|\.gitattributes|\.gitmodules|\.mailmap|\.git-blame-ignore-revs|\.editorconfig"
    r"|\.pre-commit-config\.yaml|\.readthedocs\.ya?ml"
    r"|(?i:authors|contributors|maintainers|codeowners|owners|licen[cs]e|copying|notice)"
    r"(?:[-_][\w.-]*+|\.(?i:txt|md|rst|markdown|adoc)|\.[A-Z][A-Z.-]*+)?")
"""What git, editors, commit hooks, the forge and the docs host read about a repository, not
what it ships: ignore and attribute files, the hooks a contributor's commits run through
(``.pre-commit-config.yaml``; a ``.pre-commit-hooks.yaml`` offers hooks to others, and ships),
Read the Docs' build settings, who wrote and owns it, its licence (``LICENSE``,
``LICENSE-MIT``, ``LICENSE.txt``, ``COPYING.LESSER``), as text: ``Notice.vue`` or
``authors.json`` is some program's own file. Tooling that can change the shipped code or what
installs (``tsconfig.json``, ``.babelrc``, ``.npmignore``, CI workflows) is not among them: NOT
COVERED is right there."""
_FORGE_METADATA = (".github/ISSUE_TEMPLATE/", ".github/FUNDING.yml")
"""GitHub's community files: the forms an issue opens with, the sponsor button."""
_CHECK_RECORDS = frozenset({
    "whitelist.txt", "ignore-words.txt", "ignore_words.txt", "wordlist.txt", ".wordlist.txt",
    "typos.toml", "_typos.toml", ".typos.toml", ".size-snapshot.json", ".size-limit.json"})
"""What a check of the repository keeps beside the code, by the names its tool reads them
by: spell-checkers' word lists (flake8-spellcheck's ``whitelist.txt``, codespell's
``ignore-words.txt``, pyspelling's ``.wordlist.txt``, typos' ``_typos.toml``; any file named
for spelling, as cspell's ``cspell.json`` or codespell's ``.codespellrc``, is one too) and
size checks' records and budgets (rollup-plugin-size-snapshot's ``.size-snapshot.json``,
size-limit's ``.size-limit.json``). They change with the code (a new name joins the word
list, a bundle's new size is recorded) but judge it, and no build reads them."""
_PLAIN_README = re.compile(r"(?i)readme(?:\.txt)?")
"""A README as plain text (``README``, ``README.txt``): prose in no format the corpus reads,
counted with the pages outside it, never NOT COVERED."""
_SCRIPT_SUFFIXES = {"node": ".js", "python": ".py"}
"""The suffix an extensionless script is read with, by the program its ``#!`` line runs."""
_PYTHON_PROGRAM = re.compile(r"python[\d.]*")


@dataclass
class ChangeSetAnchors:
    candidates: list[Candidate] = field(default_factory=list)
    declared_at_head: set[str] = field(default_factory=set)
    """Declaration keys present at HEAD in the changed files: a base-only symbol absent here
    was removed by the change."""
    anchorless: list[dict[str, str]] = field(default_factory=list)
    parse_errors: list[dict[str, str]] = field(default_factory=list)
    packages: dict[str, None] = field(default_factory=dict)
    """Package dirs of the changed code files, in first-seen order."""
    added: list[Added] = field(default_factory=list)
    callers: dict[tuple[str, str], frozenset[str]] = field(default_factory=dict)
    """(file, changed name) -> the functions of that file that reach it (cross-cutting cut)."""
    skipped: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SKIPPED_LABELS, 0))
    everyday_forms: set[str] = field(default_factory=set)
    """Changed members spelled on an instance their package exports, as pages use them
    (``logger.add`` of loguru's ``Logger.add``): ``without_everyday_forms``
    (:mod:`govern.drift.instances`) drops those many pages write."""
    removed_flags: set[str] = field(default_factory=set)
    """Flags an option declaration of a changed file declared on the base side and no longer
    does at HEAD: removed, unless another code file still writes them (run.py)."""
    removed_programs: set[str] = field(default_factory=set)
    """Program names the changed manifests' package declared on the base side and no manifest
    declares at HEAD: removed, stale on the pages that run them."""
    dropped_runtimes: set[str] = field(default_factory=set)
    """Runtime versions (``Python 3.8``) a changed manifest's package admitted on the base side
    and no longer does: stale on the pages that say them."""
    release_data: set[str] = field(default_factory=set)
    """Paths of the files changed in place whose change is only release data (counted in
    ``skipped["version_bumps"]``): a page naming such a file by its path (a release
    checklist linking ``rest_framework/__init__.py``) is not its business
    (``paths.path_candidates``)."""
    exact: set[tuple[str, str]] = field(default_factory=set)
    """(kind, token) of the anchors every page naming them uses, however many: a package's
    re-pointed default export, which a page names only by importing it. The share guard and
    the row cap never drop them, yet they are no removal (``apply_guards``)."""


def is_code_path(path: str, config: Config) -> bool:
    return (
        config.code.paths.matches(path)
        and not config.code.exclude.matches(path)
        and not is_docs_path(path, config.docs)
        and not config.docs.release_owned.matches(path)
    )


def is_code_file(path: str, config: Config) -> bool:
    """A source file the anchor extractors read, in ``code.paths``, not a test or a page."""
    name = path.rpartition("/")[2]
    suffix = name[name.rfind("."):] if "." in name[1:] else ""
    return (suffix in EXTENSIONS and config.code.paths.matches(path)
            and not config.code.exclude.matches(path) and not is_test_file(path)
            and not is_docs_path(path, config.docs))


def _tokens(declaration: Declaration, path: str, side: Side, package_dir: str) -> list[str]:
    """The names docs use for a declaration: bare, ``Container.member``, for Python the
    public import paths (``httpx.Client.send``, ``click.echo``), and for JS/TS the name under
    each namespace its package's entry points export it in (zod's ``z.input``)."""
    return _spellings(declaration, path, side, package_dir)[0]


def _spellings(declaration: Declaration, path: str, side: Side, package_dir: str
               ) -> tuple[list[str], list[str]]:
    """:func:`_tokens`, and those of them that are everyday forms on an instance its package
    exports (``logger.add``): both come from one reading of the instances."""
    top = declaration.container or declaration.name
    tokens = [declaration.name]
    everyday: list[str] = []
    if declaration.container:
        tokens.append(declaration.key)
    if path.endswith((".py", ".pyi")):
        for qualified in qualified_names(path, top, side.exists, side.python_reexports,
                                         side.head_files, side.source, side.module_words):
            tokens.append(f"{qualified}.{declaration.name}" if declaration.container
                          else qualified)
        for spelled, everyday_form in _instance_forms(declaration, path, side):
            tokens += (spelled, everyday_form)
            everyday.append(everyday_form)
    elif (namespaces := side.ts_namespaces(package_dir)) is not None:
        tokens.extend(f"{namespace}.{declaration.key}"
                      for namespace in namespaces.spellings(path, top))
    return tokens, everyday


def _instance_forms(declaration: Declaration, path: str, side: Side) -> list[tuple[str, str]]:
    """A Python member spelled on each instance of its class a package exports: (qualified,
    everyday) forms, ``loguru.logger.add`` and ``logger.add`` of ``Logger.add``
    (:func:`~govern.drift.anchors.python.package_instances`)."""
    if not declaration.container:
        return []
    return [(f"{instance}.{declaration.name}", f"{instance.rpartition('.')[2]}.{declaration.name}")
            for instance in package_instances(path, declaration.container, side.exists,
                                              side.python_reexports)]


def _extract(path: str, data: bytes, lines: frozenset[int], side: Side,
             respelled: frozenset[int] = frozenset(),
             counterpart: bytes | None = None,
             elsewhere: Callable[[], bytes] = bytes) -> Extraction:
    """The file's declarations and anchors on ``lines``, the changed lines that hold code,
    and where those fall in a region that did not parse; ``respelled`` are the changed lines
    whose words changed only in spelling (:func:`_respelled_lines`); ``counterpart`` is the
    file's text on the other side, if it has one, and ``elsewhere`` gives the change set's
    changed TS/JS lines there (:class:`ChangedText`)."""
    language = language_of(path)
    if language == "python":
        extraction = extract_python(data, lines, _imported_by_package(path, side), respelled)
        imported = _imported_overrides(path, data, extraction, side) \
            | _hook_implementations(path, data, extraction, side)
        if imported:
            extraction = replace(extraction, overrides=extraction.overrides | imported)
        if extraction.literals and in_private_module(path):
            extraction = replace(extraction, literals=published_literals(
                extraction.literals, data, lines))
    else:
        extraction = extract_typescript(data, lines, language,
                                        declaration_file=path.endswith(DECLARATION_FILES),
                                        module=module_name(path), respelled=respelled,
                                        counterpart=counterpart, elsewhere=elsewhere)
    if extraction.error_line is None:
        return extraction
    return replace(extraction, unparsed_line=unparsed_line(parse(language, data), lines))


def _imported_overrides(path: str, data: bytes, extraction: Extraction,
                        side: Side) -> frozenset[str]:
    """Keys of the touched members that override a member of a class their class extends
    through an import (``on_mount`` of textual's ``App``, imported from ``textual.app``),
    read in the files of the same side (docs/concepts/anchoring-rules.md#overrides). Those
    overriding a base of their own file are ``extraction.overrides`` already."""
    pending = [declaration for declaration in extraction.touched
               if declaration.container is not None and declaration.key not in extraction.overrides]
    if not pending:
        return frozenset()
    side.class_table(path, data)

    def members(node: ClassNode) -> frozenset[str]:
        table = side.class_table(node[0])
        return table.members.get(node[1], frozenset()) if table is not None else frozenset()

    return overrides_in(pending, lambda container: (path, container), side.class_bases,
                        members)


def _hook_implementations(path: str, data: bytes, extraction: Extraction,
                          side: Side) -> frozenset[str]:
    """Keys of the touched functions a hook-implementation marker decorates, the marker
    bound in the file or in a module of the tree of the same side
    (:func:`hook_implementations`)."""
    table = side.class_table(path, data) if extraction.touched else None
    if table is None or not table.decorators:
        return frozenset()

    def table_of(importer: str, module: str) -> tuple[str, ClassTable] | None:
        file = side.module_file(importer, module)
        found = side.class_table(file) if file is not None else None
        return (file, found) if file is not None and found is not None else None

    return hook_implementations(extraction.touched, path, table, table_of)


def _module_file(importer: str, module: str, exists: Callable[[str], bool],
                 files: frozenset[str] | None) -> str | None:
    """The file of the tree that ``importer`` imports as ``module`` (``..widget``,
    ``textual.app``): looked for where ``importer``'s own module is imported from, then in
    the folder of the tree's top-level package of that name (``src/textual/app.py`` for an
    example under ``docs/examples`` importing ``textual.app``). None for a module of no file
    of the tree: a dependency's, the standard library's."""
    _, packages = module_path(importer, exists)  # bounded: MAX_PACKAGE_DEPTH folders
    # the nearest package resolves relative imports (an __init__.py is its own package)
    absolute = resolve_import(module, packages[0][1] if packages else "")
    if not all(part.isidentifier() for part in absolute.split(".")):
        return None
    roots = [_import_root(importer, packages)]
    if files is not None and (root := _package_roots(files).get(absolute.partition(".")[0])):
        roots.append(root)
    relative = absolute.replace(".", "/")
    return next((path for root in dict.fromkeys(roots)
                 for path in (f"{root}{relative}.py", f"{root}{relative}/__init__.py")
                 if exists(path)), None)


@lru_cache(maxsize=4)
def _package_roots(files: frozenset[str]) -> dict[str, str]:
    """Each top-level package's name -> the folder it is imported from, as a prefix (``src/``
    for ``src/textual``; the first folder, in path order, when two hold one of a name).
    Built once per tree."""
    roots: dict[str, str] = {}
    for parent, folders in sorted(top_level_packages(files).items()):
        for folder in folders:
            roots.setdefault(folder.rpartition("/")[2], f"{parent}/" if parent else "")
    return roots


def unparsed_line(tree: Tree, lines: frozenset[int]) -> int | None:
    """The first line of a top-level statement tree-sitter could not parse (it holds an ERROR
    or MISSING node, or is one) that one of ``lines`` falls in. Inside it, what a line
    belongs to is a guess: a function written after immer's body-less anonymous overloads
    was read as their body. Past it tree-sitter starts again, so a change in a statement of
    its own is read as in any file (docs/concepts/affected-docs.md#change-set). A root that
    is itself an ERROR (a file that does not parse as a whole) is looked into, as
    :func:`.syntax.first_error_line` does."""
    return next((first_line(node) for node in tree.root_node.children
                 if (node.has_error or node.is_missing) and touches(node, lines)), None)


def _imported_by_package(path: str, side: Side) -> frozenset[str]:
    """The names the ``__init__.py`` beside a module imports from it by name (its package's
    re-exports: :meth:`Side.python_reexports`)."""
    folder, _, name = path.rpartition("/")
    init = f"{folder}/__init__.py" if folder else "__init__.py"
    if name == "__init__.py" or not side.exists(init):
        return frozenset()
    module, _ = module_path(path, side.exists)
    reexports = side.python_reexports(init, module.rpartition(".")[0]) if module else None
    if reexports is None:
        return frozenset()
    return frozenset(original for source, original in reexports.names if source == module)


def _lines_of_code(paths: tuple[str, str], texts: tuple[bytes | None, bytes | None],
                   lines: tuple[frozenset[int], frozenset[int]],
                   hunks: tuple[Hunk, ...]) -> tuple[frozenset[int], frozenset[int]]:
    """Each side's changed lines that change code (a line all comment, or a hunk that only
    edits a comment at a line's end, anchors nothing: docs/concepts/anchoring-rules.md#comments;
    nor does a line only renaming private names: :mod:`.renamed`; outside Python, nor one only
    re-spaced or re-wrapped: :mod:`.whitespace`; in Python, nor a header only respelling its
    annotations: :mod:`.retyped`).
    Both sides are parsed here, the head side as the base side's tree edited where the hunks
    say when both are of one language, which is what it costs to read both sides of a large
    file; the extractors then read the memoised trees."""
    base_data, head_data = texts
    languages = [language_of(path) if data is not None else ""
                 for path, data in zip(paths, texts, strict=True)]
    if base_data is None or head_data is None or languages[0] != languages[1]:
        return (code_lines(parse(languages[0], base_data), languages[0], base_data, lines[0])
                if base_data is not None else lines[0],
                code_lines(parse(languages[1], head_data), languages[1], head_data, lines[1])
                if head_data is not None else lines[1])
    language = languages[0]
    base_tree = parse(language, base_data)
    head_tree = parse_edited(language, head_data, base_data, hunks)
    code = changed_code(language, (base_tree, base_data, lines[0]),
                        (head_tree, head_data, lines[1]), hunks)
    renamed = renamed_lines(language, (base_tree, base_data), (head_tree, head_data), hunks)
    code = code[0] - renamed[0], code[1] - renamed[1]
    if language == "python":  # indentation is Python's block structure
        # a header only respelling its annotations changes nothing: :mod:`.retyped`
        respelled = list(respelled_headers(base_tree, head_tree, code))
        return (code[0].difference(*(old for old, _ in respelled)),
                code[1].difference(*(new for _, new in respelled)))
    reindented = reindented_lines(base_data, head_data, hunks)
    return code[0] - reindented[0], code[1] - reindented[1]


def anchor_changes(changes: list[ChangedFile], base: Side, head: Side,
                   package_dirs: frozenset[str], config: Config,
                   registrar_scan: RegistrarReader) -> ChangeSetAnchors:
    """Classify every changed file and extract candidate anchors from the source files;
    ``registrar_scan`` gives a source's registrar scan (None: no registrar), from the bridge's
    cache when it holds one."""
    result = ChangeSetAnchors()
    # what re-exports yield goes last, so a name the change also declares is attributed to
    # the file declaring it (anchors merge on the first file that yields them)
    reexports = ChangeSetAnchors()
    links = chain_links({change.path: change.base_path for change in changes
                         if is_code_path(change.path, config)},
                        base._export_reader(), head._export_reader())
    moved = ChangedText([change for change in changes if is_code_path(change.path, config)],
                        base, head)
    for change in changes:
        if not (is_code_path(change.path, config) or is_code_path(change.base_path, config)):
            continue
        _anchor_file(change, base, head, package_dirs, config, result, registrar_scan,
                     reexports, links.passed.get(change.path, frozenset()), moved)
    _aliased(result, links.aliases)
    result.candidates.extend(reexports.candidates)
    result.added.extend(reexports.added)
    return result


@dataclass
class ChangedText:
    """What a change set's TS/JS files write on each side, their changed lines blanks made
    single spaces (:func:`~govern.drift.anchors.typescript.moved_text`): where a type one
    file removes or adds is found written again (moved to another module). Read once a side,
    and only when a file asks: most runs change no type on one side only."""

    changes: list[ChangedFile]
    base_side: Side
    head_side: Side
    _read: dict[str, bytes] = field(default_factory=dict)

    def base(self) -> bytes:
        return self._written(self.base_side)

    def head(self) -> bytes:
        return self._written(self.head_side)

    def _written(self, side: Side) -> bytes:
        if side.name not in self._read:
            self._read[side.name] = moved_text(
                (data, change.old_lines if side is self.base_side else change.new_lines)
                for change in self.changes
                if EXTENSIONS.get(PurePosixPath(change.path).suffix, "python") != "python"
                and (data := side.source(change.base_path if side is self.base_side
                                         else change.path)) is not None)
        return self._read[side.name]


def _aliased(result: ChangeSetAnchors, aliases: dict[str, dict[str, tuple[str, bool]]]
             ) -> None:
    """A new TS/JS declaration a changed file forwards under another name is New API by the
    name users import (valtio's ``f03dcc5``: ``export { proxyWithHistory_DEPRECATED as
    proxyWithHistory }``); none when that file exported the name before: the name is the
    same, the object behind it changed, and it anchors as changed (:func:`chain_links`)."""
    kept = []
    for entry in result.added:
        alias = aliases.get(entry.file, {}).get(entry.declaration.name) \
            if entry.declaration.container is None else None
        if alias is None:
            kept.append(entry)
        elif alias[1]:
            result.candidates.append(Candidate("symbol", alias[0], entry.file, "head",
                                               entry.declaration))
        else:
            kept.append(replace(entry, tokens=tuple(
                alias[0] if token == entry.declaration.name else token
                for token in entry.tokens)))
    result.added[:] = kept


def _unanchorable_reason(change: ChangedFile, read_as: tuple[str, str]) -> str | None:
    if SUBMODULE_MODE in (change.old_mode, change.new_mode):
        return "submodule: its contents are another repository's"
    if not _is_source(change.old_mode) and not _is_source(change.new_mode):
        return "symlink: the link target is not parsed"
    if not _extracted(read_as[0]) and not _extracted(read_as[1]):
        suffix = PurePosixPath(change.path).suffix
        return f"{NO_EXTRACTOR} {suffix or 'extensionless'} files"
    return None


def _is_source(mode: str) -> bool:
    """Is a side of a change, by its mode, a file of source (not a symlink, not absent)?"""
    return mode not in (SYMLINK_MODE, ABSENT_MODE)


def _extracted(path: str) -> bool:
    """Does an extractor read a file of this name?"""
    return PurePosixPath(path).suffix in EXTENSIONS


def _is_repository_metadata(path: str) -> bool:
    """A file about the repository, not what it ships (``_REPOSITORY_METADATA``): counted in
    ``skipped``, never NOT COVERED (commander's ``.gitignore``, werkzeug's ``AUTHORS``). A
    source file is code whatever its name (a ``license.py`` module)."""
    return not _extracted(path) and (
        _REPOSITORY_METADATA.fullmatch(PurePosixPath(path).name) is not None
        or path.startswith(_FORGE_METADATA) or _is_check_record(path))


def _is_check_record(path: str) -> bool:
    """A check's data (``_CHECK_RECORDS``, or a file or tool folder named for spelling:
    ``cspell.json``, ``.cspell/words.txt``) at the repository's root or in a tool's dot-folder
    there: tox's ``whitelist.txt`` was NOT COVERED in 7 of 40 commits, valtio's
    ``.size-snapshot.json`` in its every size change. Under any other folder a file of such a
    name may be what a package ships (an allow list, ``lib/whitelist.txt``): still NOT
    COVERED."""
    *folders, name = path.lower().split("/")
    return all(folder.startswith(".") for folder in folders) and (
        name in _CHECK_RECORDS or (_is_data_name(name)
                                   and any("spell" in part for part in (*folders, name))))


_DATA_SUFFIXES = frozenset({"", ".txt", ".json", ".jsonc", ".toml", ".yml", ".yaml", ".cfg",
                            ".ini", ".dic", ".dict"})
"""What a tool's settings or word list is written in: a name without one (``.codespellrc``)
or a text or settings format. ``spellcheck.go`` is a program, NOT COVERED as any."""


def _is_data_name(name: str) -> bool:
    return PurePosixPath(name).suffix in _DATA_SUFFIXES or name.endswith("rc")


_SOURCE_FOLDERS = frozenset({"src", "lib", "source"})
"""Folders of a program's source: a ``docs`` folder under one is the program's."""


_BUILD_SCRIPTS = frozenset({"setup.py", "noxfile.py"})
"""Scripts a build or task runner runs (setuptools, nox), never modules a user imports.
``conftest.py`` is pytest's, a test file already."""


def is_build_script(path: str, base: Side, head: Side) -> bool:
    """A ``setup.py`` or ``noxfile.py`` outside any importable package (no ``__init__.py``
    beside it on either side): its names (cattrs' ``requirements = ["attrs >= 17.3"]``, read
    as ``setup.requirements``) are no API a page documents. One in a package is a module
    named so (``pkg/commands/setup.py``), read as any other."""
    folder, _, name = path.rpartition("/")
    init = f"{folder}/__init__.py" if folder else "__init__.py"
    return name in _BUILD_SCRIPTS and not head.exists(init) and not base.exists(init)


def _is_docs_site_file(path: str) -> bool:
    """Under a docs folder (``docs/``, ``doc/``, ``documentation/`` at any depth) and read by
    no extractor: the site's stylesheets, templates, images and page fragments (werkzeug's
    ``docs/_static/style.css`` and ``docs/contents.rst.inc``), no code its pages describe. A
    docs folder's source files are still read: VitePress pages import their theme's code."""
    *folders, _ = path.split("/")
    for folder in (folder.lower() for folder in folders):
        if folder in _SOURCE_FOLDERS:
            return False  # ``src/docs/strings.json``: the program's own data
        if folder in DOCS_FOLDERS:
            return not _extracted(path)
    return False


def _script_suffix(data: bytes) -> str | None:
    """The suffix of the language an extensionless script's ``#!`` line runs (``#!/usr/bin/env
    node``: ``.js``; ``#!/usr/bin/python3``: ``.py``), None for any other first line."""
    if not data.startswith(b"#!"):
        return None
    words = data[2:256].split(b"\n", 1)[0].decode("utf-8", "replace").split()
    if words and words[0].rpartition("/")[2] == "env":  # env's options and variables aside
        words = [word for word in words[1:] if not word.startswith("-") and "=" not in word]
    program = words[0].rpartition("/")[2] if words else ""
    if _PYTHON_PROGRAM.fullmatch(program):
        program = "python"
    return _SCRIPT_SUFFIXES.get(program)


def _read_as(path: str, mode: str, side: Side) -> str:
    """The name the extractors read a side's file by, which they pick a grammar by: its own,
    or an extensionless script's with the suffix its ``#!`` line says (commander's
    ``examples/pizza``, a Node program). A script is run, never imported: what it would
    re-export or default-export is read from no script (``_anchor_file``)."""
    if PurePosixPath(path).suffix or not _is_source(mode) or mode == SUBMODULE_MODE:
        return path
    data = side.read(path)
    suffix = _script_suffix(data) if data is not None else None
    return path if suffix is None else path + suffix


def _dev_only_edit(change: ChangedFile, base: Side, head: Side, name: str) -> bool:
    old = base.text(change.base_path) if change.status != "A" else None
    new = head.text(change.path) if change.status != "D" else None
    return old is not None and new is not None and is_dev_only_manifest_change(name, old, new)


def _respelled_lines(texts: tuple[bytes | None, bytes | None], hunks: tuple[Hunk, ...]
                     ) -> tuple[frozenset[int], frozenset[int]]:
    """Each side's lines of the hunks that changed only the spelling of their words, line for
    line (:func:`is_respelling`: ``occured`` → ``occurred``, ``following:`` →
    ``following::``; no word added, dropped or moved to another line). A docstring so
    changed says what it said: the declaration is ``doc_only``
    (docs/concepts/anchoring-rules.md#what-anchors). Each hunk is read once, and
    :func:`is_respelling` stops at its bound of words: linear in the diff."""
    if texts[0] is None or texts[1] is None:
        return frozenset(), frozenset()
    old_text, new_text = lines_of(texts[0]), lines_of(texts[1])
    old: set[int] = set()
    new: set[int] = set()
    for hunk in hunks:
        removed, added = hunk.old_lines(), hunk.new_lines()
        if len(removed) != len(added) or not removed or removed.stop > len(old_text) + 1 \
                or added.stop > len(new_text) + 1:
            continue
        if is_respelling(_text_of(old_text, removed), _text_of(new_text, added)):
            old.update(removed)
            new.update(added)
    return frozenset(old), frozenset(new)


def _text_of(text_lines: Sequence[bytes], lines: range) -> str:
    """The text of ``lines`` (1-based) of a side split into ``text_lines``."""
    return b"\n".join(text_lines[lines.start - 1:lines.stop - 1]).decode("utf-8", "replace")


def _anchor_file(change: ChangedFile, base: Side, head: Side, package_dirs: frozenset[str],
                 config: Config, result: ChangeSetAnchors, registrar_scan: RegistrarReader,
                 reexports: ChangeSetAnchors, linked: frozenset[str],
                 moved: ChangedText) -> None:
    package_dir = package_of(change.path, package_dirs)
    name = PurePosixPath(change.path).name
    if is_test_file(change.path):
        result.skipped["test_files"] += 1
        return
    if change.path.endswith(PAGE_SUFFIXES) or _PLAIN_README.fullmatch(name):
        # prose the corpus leaves out (a changeset, a generated reference page, a README
        # outside docs.paths, or in no format pages are read in, as click's
        # ``examples/colors/README``): no code to be NOT COVERED, and no package it changes
        result.skipped["docs_pages"] += 1
        return
    if is_package_script(change.path, package_dir):
        result.skipped["script_files"] += 1
        return
    if is_docs_config(change.path):
        result.skipped["docs_config"] += 1
        return
    if name in _LOCKFILES:
        result.skipped["lockfiles"] += 1
        return
    if _is_repository_metadata(change.path):
        result.skipped["repository_metadata"] += 1
        return
    manifest = name in config.code.package_manifests
    if manifest and _dev_only_edit(change, base, head, name):
        # changes no package by itself, and leaves in one its code changes (issue 14)
        result.skipped["dev_only_manifests"] += 1
        return
    if not manifest and _is_docs_site_file(change.path):
        result.skipped["docs_site_files"] += 1
        return
    if not manifest and is_build_script(change.path, base, head):
        result.skipped["script_files"] += 1
        return
    result.packages.setdefault(package_dir)
    if manifest:
        programs = _program_changes(change, package_dir, base, head, package_dirs, result)
        dependencies = _dependency_changes(change, package_dir, base, head, package_dirs, result)
        if _runtime_changes(change, package_dir, base, head, result) or programs or dependencies:
            return
        verb = {"A": "added", "D": "deleted"}.get(change.status, "changed")
        result.anchorless.append({"path": change.path, "reason":
                                  f"{MANIFEST} {verb}: manifests yield no anchor"})
        return
    # a package's requirements.txt is read as its manifests are: for the dependencies it drops
    at_root = change.path.rpartition("/")[0] == package_dir and package_dir in package_dirs
    if name == REQUIREMENTS and at_root and _dependency_changes(
            change, package_dir, base, head, package_dirs, result):
        return
    read_as = (_read_as(change.base_path, change.old_mode, base),
               _read_as(change.path, change.new_mode, head))
    script = read_as != (change.base_path, change.path)
    reason = _unanchorable_reason(change, read_as)
    if reason is not None:
        result.anchorless.append({"path": change.path, "reason": reason})
        return
    yielded = False
    extractions: dict[str, Extraction] = {}
    base_data: bytes | None = None
    # a side that is a symlink (a file turned into one, or back), or named as no extractor
    # reads (``helper`` renamed to ``helper.py``), holds no source: the file's names are gone
    # from it, as from a deleted file, or new in it, as in an added one (every line of the
    # other side counts as changed, whatever the diff between the two texts)
    read: list[tuple[bytes, frozenset[int]]] = []  # each side's text and lines of code
    flags: dict[str, list[str]] = {}  # each side's flags of the option declarations changed
    changed = False  # a line of either side changed (a mode change changes none)
    sources = (change.status != "A" and _is_source(change.old_mode) and _extracted(read_as[0]),
               change.status != "D" and _is_source(change.new_mode) and _extracted(read_as[1]))
    texts = (base.read(change.base_path) if sources[0] else None,
             head.read(change.path) if sources[1] else None)
    if is_minified(change.path) or any(is_generated(data) for data in texts if data is not None):
        result.skipped["generated_files"] += 1
        return
    sides = ((base, read_as[0], change.old_lines, texts[0], change.old_blob),
             (head, read_as[1], change.new_lines, texts[1], change.new_blob))
    changed_lines: list[frozenset[int]] = []
    for _, _, lines, data, _ in sides:
        if data is not None and sources[0] != sources[1]:
            lines = frozenset(range(1, data.count(b"\n") + 2))
        changed_lines.append(lines)
        if data is None:
            continue
        problem = _unparseable(data, config.code.max_parse_bytes)
        if problem == "oversized":
            result.skipped["oversized"] += 1
            result.anchorless.append({"path": change.path, "reason": (
                f"oversized: {len(data):,} bytes is over code.max_parse_bytes "
                f"({config.code.max_parse_bytes:,}), so it was not parsed")})
            return
        if problem is not None:
            result.anchorless.append({"path": change.path, "reason": problem})
            return
        changed = changed or bool(lines)
    code = _lines_of_code(read_as, texts,
                          (changed_lines[0], changed_lines[1]), change.hunks)
    respelled = _respelled_lines(texts, change.hunks) if sources[0] == sources[1] \
        else (frozenset(), frozenset())
    for (side, path, _, data, blob), lines, typos in zip(sides, code, respelled, strict=True):
        if data is None:
            continue
        extraction = _extract(path, data, lines, side, typos,
                              *((texts[1], moved.head) if side is base else (texts[0], moved.base)))
        read.append((data, lines))
        extractions[side.name] = extraction
        if side is base:
            base_data = data
        if extraction.error_line is not None:
            result.parse_errors.append({
                # the file's own name, not the one a script is read by
                "path": change.base_path if side is base else change.path, "side": side.name,
                "message": f"syntax error near line {extraction.error_line}; tree-sitter "
                           "recovered, declarations in the broken region may be missed"})
        hoisted = _hoisted(extraction, extractions.get("base"), base_data) \
            if side is head else frozenset()
        if side is head:
            result.declared_at_head.update(extraction.declared)
            result.declared_at_head.update(hoisted)
            result.declared_at_head.update(extraction.registered)
        # an augmentation merges into a name declared elsewhere: gone from either side, it
        # removed nothing
        result.declared_at_head.update(extraction.augmented)
        for name, callers in extraction.callers.items():
            key = (change.path, name)
            result.callers[key] = result.callers.get(key, frozenset()) | callers
        new_members = _members_of_new_containers(extraction, extractions.get("base")) \
            if side is head else frozenset()
        if side is head and not is_example_file(change.path):
            # an example's declarations and its tables' keys are the reader's program's, no
            # API a page owes (typer's ``docs_src/commands/index/tutorial004.py``, sqlmodel's
            # ``connect_args = {"check_same_thread": False}``)
            result.added.extend(_added(change.path, extraction, extractions.get("base"),
                                       new_members, path, side, base_data, package_dir,
                                       hoisted))
        # a new container's instance fields anchor by their qualified spellings only
        new_fields = {member.name for member in new_members if not member.bridgeable}
        for declaration in _with_changed_containers(extraction, extractions, side.name):
            tokens, everyday = _spellings(declaration, path, side, package_dir)
            result.everyday_forms.update(everyday)
            for token in tokens:
                if token == declaration.name and (declaration.name in new_fields
                                                  or declaration.key in extraction.overrides):
                    continue
                result.candidates.append(Candidate("symbol", token, change.path, side.name,
                                                   declaration))
                yielded = True
        for phrase in _command_phrases(path, data, extraction, side, package_dir):
            result.candidates.append(Candidate("command", phrase, change.path, side.name))
            yielded = True
        language = language_of(path)
        # an example's flags are the reader's program's: a page showing the example names
        # its file, and another example's page writing the same ``--force`` is no reference
        flags[side.name] = [] if is_example_file(change.path) else \
            touched_flags(parse(language, data), language, data, lines)
        for flag in flags[side.name]:
            result.candidates.append(Candidate("command", flag, change.path, side.name))
            yielded = True
        for literal in extraction.literals:
            if literal in new_fields:  # ``__slots__ = ("field_transformer", …)``
                continue
            kind = "route" if is_route_literal(literal) else "literal"
            # a settings key the file registers is declared: gone from HEAD, it is removed
            declared = Declaration(literal, None, bridgeable=False) \
                if literal in extraction.registered else None
            result.candidates.append(Candidate(kind, literal, change.path, side.name,
                                               declared))
            yielded = True
        scan = registrar_scan(blob, data, path) if lines else None
        for route in touched_routes(data, language, lines, scan):
            if is_specific_tail(route) or not route.startswith(TAIL_MARK):
                result.candidates.append(Candidate("route", route, change.path, side.name))
                yielded = True
    if any(flags.values()):
        _option_changes(change, read_as, texts, flags, result)
    result.skipped["widely_inherited"] += max(
        (extraction.widely_inherited for extraction in extractions.values()), default=0)
    # a script is no module: nothing imports what it exports
    if not script and _reexport_changes(change, extractions, (base, head), reexports,
                                        package_dir, linked):
        yielded = True
    if not script and _all_changes(change, texts, extractions, (base, head), result,
                                   package_dir):
        yielded = True
    if not script and _default_export_change(change, texts, head, package_dir, result):
        yielded = True
    if not yielded:
        if _is_version_bump(read):
            result.skipped["version_bumps"] += 1
            if change.status == "M":
                result.release_data.add(change.path)
        elif changed and not any(lines for _, lines in read):
            # no code changed, so nothing a page could follow: counted, not NOT COVERED
            result.skipped["comment_only"] += 1
        elif read and not any(data.strip() for data, _ in read):
            # nothing in it on either side: no blind spot (typer's example folders)
            result.skipped["empty_files"] += 1
        else:
            result.anchorless.append({"path": change.path,
                                      "reason": not_covered_reason(extractions.values())})


def _hoisted(head: Extraction, base: Extraction | None, base_data: bytes | None
             ) -> frozenset[str]:
    """The base side's namespace members (``commander.InvalidArgumentError`` of ``declare
    namespace commander`` and ``export = commander``) that the head side of the same file
    declares at its top (``export class InvalidArgumentError``): moved out of a namespace
    that merges with the module, so still reached by the qualified spelling, neither removed
    nor New API (docs/concepts/anchoring-rules.md#certain-drift). A namespace of its own
    (``export namespace Utils``) is no module: ``Utils.parse`` flattened is gone."""
    if base is None or not base.namespaces or not base_data:
        return frozenset()
    merged = {namespace for namespace in base.namespaces
              if re.search(rb"^export[ \t]*+=[ \t]*+" + re.escape(namespace.encode())
                           + rb"[ \t]*+;?[ \t]*+\r?$", base_data, re.M)}
    return frozenset(key for key in base.declared
                     if (split := key.partition("."))[0] in merged
                     and split[2] in head.declared)


def _members_of_new_containers(head: Extraction, base: Extraction | None
                               ) -> frozenset[Declaration]:
    """The touched members of containers the base side does not declare: the change adds the
    class, so they come with it (a New API entry of their own is none: ``_added``), and its
    instance fields (not ``bridgeable``) are read through an instance, so a page writing the
    bare name means something else (attrs' new ``ClassProps.field_transformer`` and the
    ``field_transformer=`` parameter of ``attrs()`` that ``docs/extending.md`` is about).
    Those anchor by their qualified spellings only (docs/concepts/anchoring-rules.md#new-api).
    A class-level field is a key users write bare (marimo's new ``AnthropicConfig.api_key``,
    ``api_key = …`` in its config docs)."""
    new = {d.key for d in head.touched if d.container is None
           and (base is None or d.key not in base.declared)}
    return frozenset(d for d in head.touched if d.container in new)


def _published(file: str, declaration: Declaration, tokens: Iterable[str]) -> bool:
    """Is a new declaration public API a page should take in? Not when its file sits in a
    private module or folder (``pkg/_internal/_refs.py``, ``src/_impl/``) and no public
    dotted name reaches it (``pkg.Refs``, re-exported by the package): a user never imports
    it, so no page is its home (docs/concepts/anchoring-rules.md#new-api). What a JS/TS
    package's entry points publish is judged once the run knows which new names no page
    names yet (:func:`ts_published`), by this rule only where its chains cannot tell."""
    folders_and_module = PurePosixPath(file).with_suffix("").parts
    if not any(part.startswith("_") and part != "__init__" for part in folders_and_module):
        return True
    # an import path, not ``Container.member``: more parts than the key, as the alias a
    # module re-exports it by has too (trio's ``to_thread_run_sync`` is
    # ``trio.to_thread.run_sync``)
    return any(token.count(".") > declaration.key.count(".")
               and not any(part.startswith("_") for part in token.split("."))
               for token in tokens)


def ts_published(added: Added, head: Side, package_dirs: frozenset[str],
                 chains: bool = True) -> bool:
    """Does the JS/TS package of a new name publish it? Its entry points' export chains must
    reach the name (hono's ``router/reg-exp-router/node.ts`` is no entry's); a table's key is
    written, not imported, and a package whose chains cannot be read, or are not to be read
    (not ``chains``), publishes every name outside a private module or folder
    (``_published``; docs/concepts/anchoring-rules.md#new-api)."""
    if added.written or _is_python(added.file):
        return True
    file, name = (added.forwarded_by, added.tokens[0]) if added.forwarded_by else \
        (added.file, added.declaration.container or added.declaration.name)
    surface = head.ts_surface(package_of(file, package_dirs)) if chains else None
    verdict = None if surface is None else surface.publishes(file, name)
    # the chains decide when they can tell: h3's ``src/_entries/node.ts`` is an entry, its
    # folder's ``_`` notwithstanding
    return _published(file, added.declaration, added.tokens) if verdict is None else verdict


def _is_python(file: str) -> bool:
    return file.endswith((".py", ".pyi"))


def _added(file: str, head: Extraction, base: Extraction | None,
           new_members: frozenset[Declaration], path: str, side: Side,
           base_data: bytes | None, package_dir: str,
           hoisted: frozenset[str]) -> list[Added]:
    """Declarations touched at HEAD that the base does not declare, with their kin (a member's
    container among them) and, for a member, its file's declarations as family; and the
    table keys and members on changed lines that the base file never wrote, with the rest of
    their table as kin (a config default's new key: docs/concepts/anchoring-rules.md#new-api).
    A module dict's new key is both: one entry, whose kin are its container's declarations
    and the table's keys as written, since a page names ``MR001``, not ``RULES.MR001``."""
    moved = {key.partition(".")[2] for key in hoisted}  # out of a namespace: no New API
    # a hook's new implementation (a top-level override: ``@impl def tox_add_option``) is
    # no name of its own a page owes; its spec is
    new = [declaration for declaration in head.touched
           if (base is None or (declaration.key not in base.declared
                                and declaration.key not in moved))
           and not (declaration.container is None and declaration.key in head.overrides)]
    # every name the change declares, a new container's members too: a ``__slots__`` entry
    # naming one is that member, folded with its class, not a table key of its own
    declared_new = {declaration.name for declaration in new}
    inherited = _folded_spellings(new, path, side, package_dir)
    # a new container's members come with it: the page that documents the class documents
    # what it holds (werkzeug's new ``MisdirectedRequest`` restates ``code`` and
    # ``description``, which would each be listed with no home of their own); a member a base
    # gained is its entry, not each subclass's, as one ``vi`` gained is not ``vitest``'s
    new = [declaration for declaration in new if declaration not in new_members
           and declaration.key not in inherited[1]]
    groups: dict[str, frozenset[str]] = {}
    if new:
        kin: dict[str, set[str]] = {}  # container ("" for the top level) -> its declarations
        for key in head.declared:
            container, dot, _ = key.partition(".")
            kin.setdefault(container if dot else "", set()).add(key)
        # a container is its members' sibling: the page naming ``PersistOptions`` and one of
        # its options documents them all (zustand's ``persisting-store-data.md``)
        groups = {container: frozenset(keys | {container}) if container else frozenset(keys)
                  for container, keys in kin.items()}
    # one set per (container, table), however many of its keys are new
    joined: dict[tuple[str, frozenset[str]], frozenset[str]] = {}
    found = []
    for declaration in new:
        container = declaration.container or ""
        table = head.literal_kin.get(declaration.name)
        tokens = _tokens(declaration, path, side, package_dir)
        # a table's key is a value users write (a config key, a rule code), imported or not
        if table is None and _is_python(file) and not _published(file, declaration, tokens):
            continue
        if table is not None and (container, table) not in joined:
            joined[container, table] = groups.get(container, frozenset()) | table
        found.append(Added(file, declaration, tuple(tokens),
                           joined[container, table] if table is not None
                           else groups.get(container, frozenset()), table is not None,
                           groups.get("", frozenset()) if container else frozenset(),
                           tuple(inherited[0].get(declaration.key, ()))))
    # a key with fewer than two others beside it has no siblings a page could name; a private
    # one (a ``__slots__`` entry such as ``"_default_ssl"``) is no value a user writes
    keys = {value: table for value, table in head.literal_kin.items()
            if len(table) - (value in table) >= 2 and value not in declared_new
            and not value.startswith("_")}
    if keys and base_data is not None:
        written = set(_WRITTEN_NAME.findall(base_data))  # one pass, however many keys
        keys = {value: table for value, table in keys.items() if value.encode() not in written}
    found.extend(Added(file, Declaration(value, None, bridgeable=False), (value,), table, True)
                 for value, table in keys.items())
    return found


def _folded_spellings(new: list[Declaration], path: str, side: Side, package_dir: str
                      ) -> tuple[dict[str, list[str]], set[str]]:
    """(new member -> the names of its other new spellings, the keys of those spellings):
    those on the subclasses that inherit it, as a subclass's ``Stmt.frozen`` is no entry of
    its own when the ``Node.frozen`` it inherits is new too (jinja's 110 node classes), and
    those on the other consts holding its instance (``vitest.stubGlobal`` of
    ``vi.stubGlobal``). A spelling whose member is not new (a subclass now inheriting what
    its new base declares) stays one, as does one whose base is no declaration (a base
    ``__all__`` leaves out)."""
    keys = {declaration.key for declaration in new}
    names: dict[str, list[str]] = {}
    folded: set[str] = set()
    for declaration in new:
        container = declaration.inherited_from or declaration.alias_of
        origin = f"{container}.{declaration.name}"
        if container is not None and origin in keys:
            names.setdefault(origin, []).extend(
                _tokens(declaration, path, side, package_dir)[1:])  # the bare name is its own
            folded.add(declaration.key)
    return names, folded


def _option_changes(change: ChangedFile, read_as: tuple[str, str],
                    texts: tuple[bytes | None, bytes | None],
                    flags: dict[str, list[str]], result: ChangeSetAnchors) -> None:
    """What the change did to the file's options: a flag the head side declares that the base
    side did not is a new option, New API at home where the file's other flags are listed; a
    flag the base side declared that the head side does not is gone from the file, and
    removed unless another file still holds it (``removed_flags``)
    (docs/concepts/anchoring-rules.md#command-line-options)."""
    declared = [_declared_flags(path, data) for path, data in zip(read_as, texts, strict=True)]
    added = [flag for flag in flags.get("head", []) if flag not in declared[0]]
    result.added.extend(Added(change.path, Declaration(flag, None, bridgeable=False), (flag,),
                              declared[1], True) for flag in added)
    result.removed_flags.update(flag for flag in flags.get("base", [])
                                if flag not in declared[1])


def flags_in_code(path: str, data: bytes) -> set[str]:
    """The long flags a code file holds: every one it writes, a help text's too, and in Python
    those its typer parameters derive from their names, written nowhere (a command moved to
    another module keeps its ``--title``). Only a file that may derive one is parsed: the
    parameter names looked for are common words, held by many files."""
    derived = _declared_flags(path, data) \
        if language_of(path) == "python" and may_derive_flags(data) else frozenset()
    return written_flags(data) | derived


def _declared_flags(path: str, data: bytes | None) -> frozenset[str]:
    if data is None:
        return frozenset()
    language = language_of(path)
    return declared_flags(parse(language, data), language, data)


def _reexport_changes(change: ChangedFile, extractions: dict[str, Extraction],
                      sides: tuple[Side, Side], result: ChangeSetAnchors, package_dir: str,
                      linked: frozenset[str]) -> bool:
    """A file that starts or stops re-exporting a name changes the public API even when the
    name's own file is untouched (docs/concepts/affected-docs.md#re-exports).

    A package ``__init__.py`` publishes the name under the package (``marimo.ui.chat``): its
    qualified forms anchor, new at HEAD (a New API candidate) or removed (stale), and not the
    bare name, which exists either way in its module. So does a public module of what it
    imports from a private one (``trio.subprocess.run``: :func:`module_reexports`). A TS/JS
    file's ``export … from`` publishes the bare name, as TS docs write it; whether another
    entry point still exports it cannot be told from this file, so a name it stops exporting
    is a changed name, not a removed one. A name the other side declares in the file itself
    has moved, not come or gone. A TS/JS file exports what its ``export *`` chains reach
    too, on each side; ``linked``: the names it starts passing on to a changed file that
    exported them before (:func:`chain_links`), which the package published already."""
    base, head = sides
    python = change.path.endswith((".py", ".pyi"))
    old, new = extractions.get("base"), extractions.get("head")
    before = old.reexports if old is not None else frozenset()
    after = new.reexports if new is not None else frozenset()
    if python and PurePosixPath(change.path).name != "__init__.py":
        before = module_reexports(old, change.base_path, base.exists)
        after = module_reexports(new, change.path, head.exists)
    # a package's names are its family (the namespace); a barrel's kin are its exports, its
    # own top-level names too (``onDispose`` beside the ``DisposeCallback`` that h3's
    # ``utils/response.ts`` forwards): one set, shared by every name it starts exporting
    if not python:
        before |= base.ts_star_names(change.base_path) - _top_names(old)
        after |= head.ts_star_names(change.path) - _top_names(new)
    kin = frozenset() if python or new is None else after | _top_names(new)
    found = False
    for names, side, path, other in ((after - before - linked, head, change.path, old),
                                     (before - after, base, change.base_path, new)):
        # a TS/JS name is credited to the file it is forwarded from, whose page is its module
        # home and whose other names are its nearest siblings
        origins = {} if python or not names or side is base else side.ts_origins(path)
        for name in sorted(names - (other.declared if other is not None else frozenset())):
            declaration = Declaration(name, None, bridgeable=False)
            tokens = [token for token in _tokens(declaration, path, side, package_dir)
                      if "." in token or not python]
            origin = origins.get(name) if side is head else None
            for token in tokens:
                # a TS/JS name on the base side is never removed: another entry may export it
                result.candidates.append(Candidate(
                    "symbol", token, origin.path if origin else change.path, side.name,
                    declaration if python or origin else None))
                found = True
            if origin is not None and tokens:
                result.added.append(Added(origin.path, Declaration(
                    origin.name, None, bridgeable=False), tuple(tokens), origin.siblings,
                    forwarded_by=change.path))
            if side is head and tokens:
                result.added.append(Added(change.path, declaration, tuple(tokens), kin,
                                          barrel=not python))
    return found


def _top_names(extraction: Extraction | None) -> frozenset[str]:
    """The names a file declares at its top level."""
    return frozenset() if extraction is None else frozenset(
        key for key in extraction.declared if "." not in key)


def _all_changes(change: ChangedFile, texts: tuple[bytes | None, bytes | None],
                 extractions: dict[str, Extraction], sides: tuple[Side, Side],
                 result: ChangeSetAnchors, package_dir: str) -> bool:
    """A Python module's ``__all__`` rewritten anchors the names one side lists and the other
    does not, on the side listing them; not those both list, which the rewrite kept
    (aiohttp's ``57cb76c860`` dropped ``request`` and kept ``ClientSession``, and had listed
    a page naming ``ClientSession``). A name it imports is a re-export, anchored as such
    (:func:`_reexport_changes`). Never a removal: a name ``__all__`` stops listing is still
    there to import (docs/concepts/anchoring-rules.md#what-anchors)."""
    if None in texts or not change.path.endswith((".py", ".pyi")) \
            or not any(b"__all__" in data for data in texts if data is not None):
        return False  # most modules write no ``__all__``: neither side is parsed again
    listed = [all_entries(data) for data in texts if data is not None]
    found = False
    for side, names, other in ((sides[0], listed[0], listed[1]),
                               (sides[1], listed[1], listed[0])):
        imported = extractions[side.name].import_reexports
        path = change.base_path if side is sides[0] else change.path
        for name in sorted(names - other):
            if name in imported or not is_public(name):
                continue
            for token in _tokens(Declaration(name, None, bridgeable=False), path, side,
                                 package_dir):
                result.candidates.append(Candidate("symbol", token, change.path, side.name))
                found = True
    return found


def _default_export_change(change: ChangedFile, texts: tuple[bytes | None, bytes | None],
                           head: Side, package_dir: str, result: ChangeSetAnchors) -> bool:
    """A package entry's default export that the change removes or re-points anchors
    ``PKG.default`` (docs/concepts/anchoring-rules.md#certain-drift). Removed (no default at
    HEAD): every page default-importing the package (``import produce from "immer"``) is
    stale. Pointed at another object (``export default create``, or zustand's deprecated
    wrapper ``export default (s) => …``): the import still works, so the name is changed, not
    removed, and the pages are listed, not stale. A page names it only by importing it, so
    each of them runs what changed: none is guarded away as a mention in passing
    (``ChangeSetAnchors.exact``). One the change keeps, its body changed or not, anchors
    nothing of its own, and nor does one that was a value with no name (``export default
    {…}``) or that is forwarded from another module on either side (``export { default }
    from './react'``, a file moved or inlined): whether it became another object cannot be
    told from this file."""
    old, new = texts
    if old is None or b"default" not in old or language_of(change.path) == "python":
        return False
    specifier = head.ts_default_sources(package_dir).get(change.path)
    if specifier is None:
        return False
    before = parse_exports(old, change.base_path).default
    # the head's entry was parsed to find the entries: read from that parse
    exported = head.exports(change.path) if new is not None else None
    after = exported.default if exported is not None else None
    if not before or (after is not None and (after == before or ":" in before + after)):
        return False
    declaration = Declaration("default", specifier, bridgeable=False)
    # a base-side name HEAD does not declare is removed (``removed_tokens``); one HEAD still
    # exports is the head's
    side = "base" if after is None else "head"
    result.candidates.append(Candidate("symbol", declaration.key, change.path, side,
                                       declaration))
    if after is not None:
        result.exact.add(("symbol", declaration.key))
    return True


def _with_changed_containers(extraction: Extraction, seen: dict[str, Extraction],
                             side: str) -> list[Declaration]:
    """The touched declarations, plus (at HEAD, once both sides are read) the container of a
    member this change added (absent from the base) or removed (absent from HEAD) whose own
    name is a plain word: the class stands in for a member too weak to anchor alone (zod's
    ``ZodString`` gaining ``email``, on the README listing its methods). A code-shaped
    member anchors itself, and is New API where its siblings are
    (docs/concepts/anchoring-rules.md#what-anchors)."""
    found = list(extraction.touched)
    base = seen.get("base")
    if side != "head" or base is None:
        return found
    # looked for in a set: in the list, 20,000 classes each given a member took 153 s
    present = set(found)
    namespaces = extraction.namespaces | base.namespaces
    for current, against in ((extraction, base), (base, extraction)):
        # a member inherited from one both sides declare was changed where it is declared,
        # not gained or lost by the subclass; one the base class gains, the subclass gains too
        changed_in_place = {d.name for d in current.touched if d.key not in current.inherited
                            and d.key in against.declared}
        for declaration in current.touched:
            if declaration.container and declaration.key not in against.declared \
                    and not is_code_shaped(declaration.name) \
                    and declaration.container not in namespaces \
                    and not (declaration.key in current.inherited
                             and declaration.name in changed_in_place):
                container = Declaration(declaration.container, None, bridgeable=False,
                                        by_members=True)
                if container not in present:
                    present.add(container)
                    found.append(container)
    return found


def _command_phrases(path: str, data: bytes, extraction: Extraction, side: Side,
                     package_dir: str) -> list[str]:
    """``prog sub cmd`` for each CLI command the change touched in this file."""
    if not path.endswith(".py"):
        manifest = side.manifest(package_dir, "package.json")
        oclif = parse_oclif(manifest) if manifest is not None else None
        if oclif is None:
            return []
        found = (oclif_phrase(path, package_dir, program, oclif[1]) for program in oclif[0])
        return [phrase for phrase in found if phrase]
    if not MAY_DECLARE_COMMANDS.search(data):
        return []
    programs = {(entry, attr): names
                for target, names in python_scripts(_manifests(side, package_dir)).items()
                for entry, _, attr in [target.partition(":")] if attr}
    if not programs:
        return []
    module, packages = module_path(path, side.exists)
    # the nearest package resolves relative imports (an __init__.py is its own package)
    tree = python_command_tree(data, packages[0][1] if packages else "")
    prefix = f"{package_dir}/" if package_dir else ""
    # the other modules are looked for where this one is imported from, then in the usual roots
    roots = tuple(dict.fromkeys((_import_root(path, packages), prefix, f"{prefix}src/")))

    resolver = CommandResolver(programs, lambda name: tree if name == module
                               else side.command_tree(name, roots))

    own_programs = [names for (entry, _), names in programs.items() if entry == module]
    phrases: dict[str, None] = {}  # an ordered set: a list was searched for each phrase
    for declaration in extraction.touched:
        phrases.update(dict.fromkeys(resolver.class_invocations(
            module, declaration.container, declaration.name)))
        if declaration.container:
            continue
        # a copy: the resolver keeps its answer for later look-ups, which must not see these
        invoking = list(resolver.invocations(module, declaration.name))
        if declaration.name in tree.handlers:
            invoking += [f"{program} {tree.handlers[declaration.name]}"
                         for names in own_programs for program in names]
        # the program alone is no anchor: a bare program name is on every page
        phrases.update(dict.fromkeys(phrase for phrase in invoking if " " in phrase))
    return list(phrases)


def _import_root(path: str, packages: list[tuple[str, str]]) -> str:
    """The folder ``path``'s module is imported from, as a prefix (``""``, ``"lib/"``): the
    folder above its outermost package, or its own folder when it is in no package."""
    folder = packages[-1][0].rpartition("/")[0] if packages else path.rpartition("/")[0]
    return f"{folder}/" if folder else ""


def _manifests(side: Side, package_dir: str) -> ManifestReader:
    return lambda name: side.manifest(package_dir, name)


def _program_changes(change: ChangedFile, package_dir: str, base: Side, head: Side,
                     package_dirs: frozenset[str], result: ChangeSetAnchors) -> bool:
    """A program name the package's manifests declare on one side and not the other: one the
    base side declared is removed, stale on the pages that run it, unless a manifest of
    another package still declares it; a new one is New API. A name that moved between
    manifests is neither (docs/concepts/anchoring-rules.md#program-names)."""
    before, after = (declared_programs(_manifests(side, package_dir)) for side in (base, head))
    removed, added = before - after, after - before
    if removed:
        removed -= {name for folder in package_dirs - {package_dir}
                    for name in declared_programs(_manifests(head, folder))}
    for name in sorted(removed):
        result.candidates.append(Candidate("command", name, change.path, "base"))
        result.removed_programs.add(name)
    for name in sorted(added):
        result.candidates.append(Candidate("command", name, change.path, "head"))
        result.added.append(Added(change.path, Declaration(name, None, bridgeable=False),
                                  (name,), after, True))
    return bool(removed or added)


def _dependency_changes(change: ChangedFile, package_dir: str, base: Side, head: Side,
                        package_dirs: frozenset[str], result: ChangeSetAnchors) -> bool:
    """The dependencies the package's manifests installed with it on the base side and
    declare nowhere at HEAD, unless a manifest of another package still declares them: each
    anchors the install commands that name it
    (docs/concepts/anchoring-rules.md#dependencies). An added one anchors nothing."""
    gone = removed_dependencies(*(declared_dependencies(_manifests(side, package_dir))
                                  for side in (base, head)))
    if gone:
        others = (declared_dependencies(_manifests(head, folder))
                  for folder in package_dirs - {package_dir})
        gone -= {name for found in others if found is not None for name in found.known}
    for name in sorted(gone):
        result.candidates.append(Candidate("dependency", name, change.path, "base"))
    return bool(gone)


def _runtime_changes(change: ChangedFile, package_dir: str, base: Side, head: Side,
                     result: ChangeSetAnchors) -> bool:
    """The runtime versions the package's manifests admitted on the base side and no longer
    do (a raised ``requires-python`` or ``engines.node``): stale on the pages that still say
    them (docs/concepts/anchoring-rules.md#runtime-versions)."""
    versions = dropped(*(supported(_manifests(side, package_dir)) for side in (base, head)))
    for version in versions:
        result.candidates.append(Candidate("runtime", version, change.path, "base"))
        result.dropped_runtimes.add(version)
    return bool(versions)


_GENERATED = re.compile(
    rb"@generated|auto-?generated|automatically generated|do not edit|"
    rb"(?:code|file) (?:is |was )?generated by|this file (?:is|was) generated", re.I)
_HEADER_BYTES = 1024
_LINE_COMMENTS = (b"#", b"//", b"--", b";")
_BLOCKS = ((b"/*", b"*/"), (b'"""', b'"""'), (b"'''", b"'''"), (b"<!--", b"-->"))


_MINIFIED = (".min.js", ".min.mjs", ".min.cjs")


def is_minified(path: str) -> bool:
    """A minified script (``jquery-3.6.0.min.js``): a bundler's output or a vendored copy of
    another project's library, whose names are that library's (mkdocs' themes ship
    ``js/*.min.js``, which had been NOT COVERED in every change to them)."""
    return path.endswith(_MINIFIED)


def is_generated(data: bytes) -> bool:
    """Does the comment block a file opens with (its first kilobyte, before the first line of
    code) say a tool wrote it: ``// This file is autogenerated by build/build-validation.js,
    do not edit``, ``# @generated``, protobuf's ``DO NOT EDIT!``? Its literals and names are
    its generator's output: fastify's options validator listed 17 pages through the strings
    of two 1,900-character lines. A comment further down (``# do not edit this list``) is a
    note on some code, not on the file."""
    closing: bytes | None = None
    for raw in data[:_HEADER_BYTES].splitlines():
        line = raw.strip()
        if closing is None:
            if not line:
                continue
            opened = next((pair for pair in _BLOCKS if line.startswith(pair[0])), None)
            if opened is not None:
                rest = line[len(opened[0]):]
                closing = None if opened[1] in rest else opened[1]
            elif not line.startswith(_LINE_COMMENTS):
                return False  # code: the header is over
        elif closing in line:
            closing = None
        if _GENERATED.search(line):
            return True
    return False


_VERSION_LINE = re.compile(
    rb"[ \t]*(?:(?:export[ \t]+)?(?:const|let|var)[ \t]+)?(?:"
    + b"|".join(sorted(name.encode() for name in RELEASE_DATA))
    + rb"|VERSION|version)[ \t]*(?::[^=\n]*)?=[^=\n][^\n]*")


def _is_version_bump(read: list[tuple[bytes, frozenset[int]]]) -> bool:
    """Are the changed lines of both sides (``(data, line numbers)``; blank ones aside) all
    the assignment of a version or other release data (``__version__ = "1.2.3"``, ``export
    const VERSION = '4.0.0'``, ``__copyright__ = "Copyright 2011-2015 …"``)? A bump is
    release data: it changes no name a page documents, so it is counted, not NOT COVERED.
    Asked only of a file that anchored nothing: a computed value anchors as module
    metadata (:mod:`.python`)."""
    changed = [line.rstrip(b"\r") for data, lines in read
               for text in [lines_of(data)]
               for line in (text[n - 1] for n in sorted(lines) if n <= len(text))
               if line.strip()]
    return bool(changed) and all(_VERSION_LINE.fullmatch(line) for line in changed)


def _unparseable(data: bytes, max_bytes: int) -> str | None:
    if len(data) > max_bytes:
        return "oversized"
    if data.startswith(LFS_POINTER):
        return "Git LFS pointer: the content is stored outside the repository"
    if b"\0" in data:
        return "binary file"
    return None
