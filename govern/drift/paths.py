"""File paths: a page that names a changed file by its path (an include such as
``{* ../../docs_src/app/tutorial001.py hl[4] *}``, ``--8<-- "snippets/setup.sh"``,
``.. literalinclude:: ../examples/app.py``, ``<<< @/snippets/config.ts``, or a path in prose)
shows or describes that file, so a change to it is the page's business
(docs/concepts/anchoring-rules.md#file-paths).

Any changed file under ``code.paths`` counts, not only source: an example's JSON, a shell
script, a config sample. A page names a file by a trailing part of its path of at least two
segments, and only a part that no other file of the tree ends with: ``src/index.ts`` is every
package's, while ``core/src/index.ts`` may be one file's. markdown-include's ``{!path!}``
names a file by the trailing part of its path the statement's path ends with, down to the
file's name alone: the build may include a copy it made in another folder (pydantic's
``{!.tmp_examples/main.py!}`` of ``docs/examples/main.py``). A folder's README names the
files beneath its folder by their names alone (an example's README listing its notebooks).
Pages (md, mdx, rst) and tests are left out: a link between pages is navigation, and a test is
nobody's documentation.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator
from typing import NamedTuple

from govern.drift.anchors.dependencies import REQUIREMENTS
from govern.drift.anchors.extract import Candidate
from govern.drift.anchors.python import (
    ReexportIndex,
    StarSource,
    deprecates_module,
    is_public,
    module_path,
    star_binds,
    star_source,
)
from govern.drift.docs.corpus import PAGE_SUFFIXES, README_NAMES
from govern.drift.docs.index import DocsIndex
from govern.drift.docs.lines import PageMentions
from govern.drift.docs.page_code import python_imports
from govern.drift.still_declared import declared_names
from govern.git.diff import ChangedFile
from govern.git.packages import is_example_file, is_test_file

KIND = "file"


MAX_SEGMENTS = 12
"""The longest trailing part of a path a page is matched on: deeper paths than any docs write,
and a hostile path of thousands of segments stays linear."""


def path_forms(path: str, shortest: int = 2) -> list[str]:
    """The trailing parts of ``path`` a page may write, longest first, each of at least
    ``shortest`` segments (two: ``c.py`` alone is no path) and at most ``MAX_SEGMENTS``:
    ``a/b/c.py``, ``b/c.py``."""
    segments = path.split("/")
    return ["/".join(segments[start:]) for start in
            range(max(0, len(segments) - MAX_SEGMENTS), len(segments) - shortest + 1)]


def describable(path: str) -> bool:
    """Not a page (a link between pages is navigation), not a test."""
    return not path.endswith(PAGE_SUFFIXES) and not is_test_file(path)


def _ending_with(tree_paths: Iterable[str], forms: Collection[str]) -> Counter[str]:
    """How many files of the tree end with each of ``forms``: one pass over the tree, and only
    the files of a name some form ends in are split."""
    names = {form.rpartition("/")[2] for form in forms}
    counts: Counter[str] = Counter()
    for path in tree_paths:
        if path.rpartition("/")[2] in names:
            counts.update(form for form in path_forms(path, 1) if form in forms)
    return counts


def _included(paths: Iterable[str], index: DocsIndex) -> dict[tuple[str, str], str]:
    """(path a page includes, file) -> the tail they share, for each of ``paths`` some page
    includes by a path ending in its name: markdown-include's ``{!.tmp_examples/main.py!}``
    on pydantic's pages shows ``docs/examples/main.py``, which the build copies to
    ``docs/.tmp_examples/`` first.

    The tail is the longest trailing part of the included path, on whole segments, that one
    of ``paths`` ends with (``examples/main.py`` of ``tmp/examples/main.py`` and
    ``docs/examples/main.py``), and it must be that one's alone: a tail two changed files end
    with names neither (and pairing every include with every file of its name made a PR of
    2,000 files named ``m.py`` and a page of as many includes quadratic: 15 s)."""
    holders: dict[str, list[str]] = {}
    for path in paths:
        for form in path_forms(path, 1):
            holders.setdefault(form, []).append(path)
    names = {form.rpartition("/")[2] for form in holders}
    found: dict[tuple[str, str], str] = {}
    for written in index.including(names):
        tail = next((form for form in path_forms(written, 1) if form in holders), None)
        if tail is not None and len(holders[tail]) == 1:
            found[(written, holders[tail][0])] = tail
    return found


class NamedFiles(NamedTuple):
    """The ``file`` candidates of a change (:func:`path_candidates`) and, for each token that is
    a file's name alone, the only pages it may match: a name is every folder's, so the run
    confines it (``apply_guards``'s ``confined``)."""

    candidates: list[Candidate]
    scopes: dict[tuple[str, str], set[int]]


def _described_sides(changes: Iterable[ChangedFile], is_code: Callable[[str], bool],
                     release_data: Collection[str]) -> tuple[dict[tuple[str, str], None], set[str]]:
    """(path, side) of each changed file a page may describe, and the changed paths at HEAD."""
    def described(path: str) -> bool:
        return describable(path) and is_code(path)

    sides: dict[tuple[str, str], None] = {}
    at_head: set[str] = set()
    for change in changes:
        if change.path in release_data:
            continue
        if change.status != "A" and described(change.base_path):
            sides[(change.base_path, "base")] = None
        if change.status != "D":
            at_head.add(change.path)
            if described(change.path):
                sides[(change.path, "head")] = None
    return sides, at_head


def path_candidates(changes: Iterable[ChangedFile], index: DocsIndex,
                    tree_paths: Iterable[str], is_code: Callable[[str], bool],
                    release_data: Collection[str], manifests: Collection[str]) -> NamedFiles:
    """A ``file`` candidate for each side a changed file is on, and each form of its path
    there that some page writes and that no other file of the tree (at HEAD) ends with, and
    for each path a page includes that shares such a part with it (:func:`_included`), and
    for its name alone where a folder's README writes it and no other file beneath that folder
    has the name (:func:`_in_folders`); ``is_code`` says which paths the change set reads
    (``code.paths`` and ``code.exclude``). A deleted file, and the old path of a renamed one,
    are on the base side only: a page naming them is stale (``removed_paths``). A file in
    ``release_data`` (changed in place, only its version or other release data:
    ``ChangeSetAnchors.release_data``) gives none: the run counts it as a skipped bump, and
    the page naming it is a release checklist linking it (DRF's ``project-management.md``),
    listed by every release otherwise."""
    sides, at_head = _described_sides(changes, is_code, release_data)
    if not sides:
        return NamedFiles([], {})
    tree = list(tree_paths)
    named = index.naming_paths(form for path, _side in sides for form in path_forms(path))
    included = _included({path for path, _side in sides}, index)
    found: list[Candidate] = []
    if named or included:
        counts = _ending_with(tree, set(named).union(included.values()))
        # a file at HEAD ends with its own forms; a deleted one is not in the tree
        found = [Candidate(KIND, form, path, side)
                 for path, side in sides for form in path_forms(path)
                 if form in named and counts[form] == (path in at_head)]
        # an include names the file by the tail it shares with it, the name alone when the
        # folder is a copy the build makes; the token is the path the page writes
        found += [Candidate(KIND, written, path, side)
                  for (written, path), tail in included.items() for side in ("base", "head")
                  if (path, side) in sides and counts[tail] == (path in at_head)]
    # a name alone is any folder's: it matches the pages including it and the READMEs of the
    # folders it is alone in, no other page writing it
    scopes: dict[tuple[str, str], set[int]] = {
        (KIND, token): index.showing_path(token)
        for token in {c.token for c in found if "/" not in c.token}}
    for c, page_ids in _in_folders(sides, at_head, index, tree, manifests):
        found.append(c)
        scopes.setdefault((KIND, c.token), set()).update(page_ids)
    return NamedFiles(list(dict.fromkeys(found)), scopes)


def _folders_above(path: str) -> list[str]:
    """The folders holding ``path``, nearest first, at most ``MAX_SEGMENTS`` of them, and never
    the repository's root, whose README names everyone's files (``setup.py``, the reader's
    ``conftest.py``): a hostile path of thousands of segments stays linear."""
    segments = path.split("/")
    return ["/".join(segments[:end])
            for end in range(len(segments) - 1, max(0, len(segments) - 1 - MAX_SEGMENTS), -1)]


def _in_folders(sides: Collection[tuple[str, str]], at_head: Collection[str],
                index: DocsIndex, tree: Iterable[str], manifests: Collection[str]
                ) -> Iterator[tuple[Candidate, set[int]]]:
    """Files a folder's README names by their name alone (``modal_app.py``), each with the
    READMEs naming it: a README describes the files beneath its folder (an example's lists its
    notebooks, a package's the data file it is built from), so it names one of them by its
    name where no other file beneath that folder (down to ``MAX_SEGMENTS`` folders, as far as
    it names them) has the name. Other pages are about a topic, not their folder: a guide
    beside ``docs/conf.py`` writing `conf.py` means the reader's. Nor does a README name a
    package manifest so (``manifests``), or a requirements file: "add it to your
    ``package.json``" is the reader's own, and ``pip install -r requirements.txt`` installs
    whatever the file lists (a dependency it drops is the dependencies rule's). A name is
    written whole, not as the end of a path to another file. A file the change adds or
    renames into is named by no README yet: one writing its name before it existed meant
    another (``marimo edit <notebook.py>``)."""
    sides_of: dict[str, list[str]] = {}  # a changed file a README may name -> its sides
    for path, side in sides:
        name = path.rpartition("/")[2]
        # a file the change adds, or renames into, had no name a README was written with
        if name not in manifests and name != REQUIREMENTS and (path, "base") in sides:
            sides_of.setdefault(path, []).append(side)
    writing: dict[str, set[int]] = {}  # a name -> the folder READMEs writing it
    for name, page_ids in index.naming_files({path.rpartition("/")[2]
                                              for path in sides_of}).items():
        readmes = {page_id for page_id in page_ids
                   if index.pages[page_id].path.rpartition("/")[2].lower() in README_NAMES}
        if readmes:
            writing[name] = readmes
    wanted = {(index.pages[page_id].path.rpartition("/")[0], name)
              for name, page_ids in writing.items() for page_id in page_ids}
    changed: dict[tuple[str, str], set[str]] = {}  # (folder, name) -> changed files beneath
    for path in sides_of:
        name = path.rpartition("/")[2]
        for folder in _folders_above(path):
            if (folder, name) in wanted:
                changed.setdefault((folder, name), set()).add(path)
    if not changed:
        return
    beneath: Counter[tuple[str, str]] = Counter()  # (folder, name) -> files at HEAD beneath
    for path in tree:
        name = path.rpartition("/")[2]
        if name in writing:
            beneath.update(key for folder in _folders_above(path)
                           if (key := (folder, name)) in changed)
    found: list[tuple[int, str, set[str]]] = []  # (README, name, the files it names)
    for name, page_ids in writing.items():
        for page_id in page_ids:
            key = (index.pages[page_id].path.rpartition("/")[0], name)
            holders = changed.get(key, set())
            present = holders.intersection(at_head)
            # the one file of the name beneath the folder at HEAD, changed; or, none left, the
            # changed files that had it, all deleted or renamed away: the page is stale
            named = (present if beneath[key] == 1 == len(present)
                     else holders if not beneath[key] else set())
            if named:
                found.append((page_id, name, named))
    # each README read once, however many names it writes (one listing 10,000 files)
    texts = index.read_texts({page_id for page_id, _name, _named in found})
    mentions = {page_id: PageMentions(text, index.pages[page_id].path)
                for page_id, text in texts.items()}
    for page_id, name, named in found:
        if mentions[page_id].lines(name, "path"):
            for path in named:
                for side in sides_of[path]:
                    yield Candidate(KIND, name, path, side), {page_id}


def removed_paths(candidates: Iterable[Candidate]) -> frozenset[tuple[str, str]]:
    """(kind, token) of the forms of files this change deleted or renamed away, on the base
    side alone: certain drift where a page names them, like a removed symbol."""
    sides: dict[str, set[str]] = {}
    for c in candidates:
        if c.kind == KIND:
            sides.setdefault(c.token, set()).add(c.side)
    return frozenset((KIND, token) for token, seen in sides.items() if seen == {"base"})


def example_scopes(candidates: Iterable[Candidate], index: DocsIndex,
                   tree_paths: Iterable[str]) -> dict[tuple[str, str], set[int]]:
    """(kind, token) of each name, literal or route only example code declares -> the pages it
    may anchor: those naming a file of the same folder as one of its examples (sqlmodel's
    ``where.md`` includes ``docs_src/tutorial/where/tutorial001.py`` to ``tutorial006.py``, so
    a change to ``tutorial006b.py`` is its business). An example's names are the reader's
    program's: 86 of sqlmodel's examples declare ``create_db_and_tables``, and a page naming
    it without showing one of these examples is about another
    (docs/concepts/anchoring-rules.md#example-code). A name declared in some folders pages
    show and in others no page shows (sqlmodel's ``tutorial001_py310/`` beside the
    ``tutorial001/`` its page includes) anchors the pages showing the first. A name only
    folders no page shows declare is left out: it anchors by name. A command phrase or a
    file path is anchored by its own rules."""
    folders: dict[tuple[str, str], set[str]] = {}
    declared_in_code: set[tuple[str, str]] = set()
    examples: set[str] = set()
    for c in candidates:
        if c.kind in ("command", KIND):
            continue
        if is_example_file(c.file):
            folders.setdefault((c.kind, c.token), set()).add(c.file.rpartition("/")[0])
            examples.add(c.file)  # a deleted example is in no tree but its page names it
        else:
            declared_in_code.add((c.kind, c.token))
    for key in declared_in_code:
        folders.pop(key, None)
    if not folders:
        return {}
    wanted = set().union(*folders.values())
    # an example whose names library code declares too is in no folder wanted
    files = {path for path in examples if path.rpartition("/")[0] in wanted}.union(
        path for path in tree_paths if path.rpartition("/")[0] in wanted)
    forms: dict[str, set[str]] = {}  # a form some file of a wanted folder ends with -> folders
    for path in files:
        if describable(path):
            for form in path_forms(path):
                forms.setdefault(form, set()).add(path.rpartition("/")[0])
    shown: dict[str, set[int]] = {folder: set() for folder in wanted}
    for form, pages in index.naming_paths(forms).items():
        for folder in forms[form]:
            shown[folder] |= pages
    # an example no page shows by path is described by its names alone: flask's tutorial
    # pages walk through examples/flaskr/ writing `init_db` and `connect_db`, never a path.
    # Beside a shown folder, an unshown one is a copy of it (a variant for another Python)
    return {key: set().union(*(shown[folder] for folder in seen))
            for key, seen in folders.items() if any(shown[folder] for folder in seen)}


def _module_folder(path: str) -> str:
    """The path a Python module's file stands for, without its suffix: ``pkg/mod`` of
    ``pkg/mod.py`` and of ``pkg/mod/__init__.py``."""
    folder, _, name = path.rpartition("/")
    return folder if name == "__init__.py" else path[: -len(".py")]


def _binds(path: str, init: bytes | None, name: str) -> bool:
    """Whether a package ``__init__`` binds ``name``: imports it (``from pkg.talk import chat``
    keeps ``pkg.chat`` a name after ``pkg/chat.py`` moved) or declares it."""
    if not init:
        return False
    text = init.decode("utf-8", "replace")
    return (any(bound == name for _module, bound, _aliased in python_imports(text))
            or bool(declared_names({path: init}, {name})))


def is_module_source(path: str, is_code: Callable[[str], bool]) -> bool:
    """A Python file of the code (``is_code``) that is no test and no example: a module some
    user imports. Tests and example code are nobody's API."""
    return path.endswith(".py") and is_code(path) and not is_test_file(path) \
        and not is_example_file(path)


def is_public_dotted(module: str) -> bool:
    """A module's dotted name a page can name alone: a top-level module's is a single word,
    the package's own or a plain one."""
    return "." in module and all(is_public(part) for part in module.split("."))


def removed_modules(changes: Iterable[ChangedFile], head_paths: Iterable[str],
                    base_exists: Callable[[str], bool], read_head: Callable[[str], bytes | None],
                    is_code: Callable[[str], bool]) -> list[Candidate]:
    """A base-side ``symbol`` candidate for the dotted name of each public Python module this
    change deleted or renamed away, when nothing at HEAD provides that name any more (no
    ``pkg/mod.py``, no Python file under ``pkg/mod/``, no ``mod`` its package's ``__init__``
    binds): ``.. automodule:: twine.commands.register`` is stale once
    ``twine/commands/register.py`` is gone, as a page writing the file's path is. Dotted names
    only: a top-level module's name is a single word, the package's own or a plain one. Tests
    and example code are nobody's API."""
    gone: dict[str, str] = {}
    for change in changes:
        path = change.base_path
        if change.status in ("D", "R") and is_module_source(path, is_code):
            gone.setdefault(_module_folder(path), path)
    if not gone:
        return []
    provided: set[str] = set()
    for path in head_paths:
        if path.endswith(".py"):
            provided.add(path[: -len(".py")])
            folder = path
            while (folder := folder.rpartition("/")[0]) and folder not in provided:
                provided.add(folder)  # a package, or a namespace package, at HEAD
    found = []
    for folder, path in gone.items():
        if folder in provided:
            continue
        module, _packages = module_path(path, base_exists)
        parent, _, name = folder.rpartition("/")
        init = f"{parent}/__init__.py"
        if is_public_dotted(module) and not _binds(init, read_head(init), name):
            found.append(Candidate("symbol", module, path, "base"))
    return found


def star_bound(removed: Collection[tuple[str, str]], candidates: Iterable[Candidate],
               read_head: Callable[[str], bytes | None],
               locate: Callable[[str, str], str | None],
               written: Callable[[str], bool]) -> frozenset[tuple[str, str]]:
    """Of the ``removed`` dotted Python names, those their module at HEAD still binds through
    a star import (:func:`~govern.drift.anchors.python.star_binds`), and the declaration's
    own spelling with them: ``parse_line`` gone from ``pkg/lines.py`` while
    ``pkg/__init__.py`` star-imports an unchanged ``pkg/text.py`` declaring one leaves
    ``pkg.parse_line``, so ``parse_line`` too, and a page writing either is not stale
    (docs/concepts/anchoring-rules.md#certain-drift). ``read_head`` reads HEAD's files,
    ``locate(importer, module)`` finds the file an import names there; each module is read
    once, and only for a name some page writes in one of the two spellings (``written``): a
    deleted module of hundreds of functions no page names reads nothing."""
    modules: dict[str, StarSource | None] = {}

    def read(path: str) -> StarSource | None:
        if path not in modules:
            text = read_head(path)
            modules[path] = None if text is None else star_source(text)
        return modules[path]

    found = set()
    for c in candidates:
        declaration = c.declaration
        if declaration is None or c.side != "base" or (c.kind, c.token) not in removed \
                or not c.file.endswith((".py", ".pyi")) \
                or not c.token.endswith(f".{declaration.key}") \
                or not (written(c.token) or written(declaration.key)):
            continue
        path = locate(c.file, c.token[: -len(declaration.key) - 1])
        if path is not None and star_binds(path, declaration.key, read, locate):
            found.update({(c.kind, c.token), (c.kind, declaration.key)})
    return frozenset(found)


def deprecated_modules(changes: Iterable[ChangedFile],
                       reads: tuple[Callable[[str], bytes | None], Callable[[str], bytes | None]],
                       head_exists: Callable[[str], bool],
                       reexports: Callable[[str, str], ReexportIndex | None],
                       is_code: Callable[[str], bool]) -> list[Candidate]:
    """A head-side ``symbol`` candidate for the dotted name of each public Python module whose
    changed lines hold a deprecation warning its import always runs (:func:`deprecates_module`)
    where its base side ran none (``reads``: each side's reader): werkzeug's
    ``contrib/lint.py`` turned into a shim warning that it moved, and
    ``docs/contrib/lint.rst``, which renders ``werkzeug.contrib.lint``, is no longer right
    (docs/concepts/anchoring-rules.md#certain-drift). An old shim's warning reworded or
    re-wrapped says nothing new. Dotted names only, as for a deleted module
    (``removed_modules``), and not one its package's ``__init__`` binds to another module's
    name (``reexports``: flask's ``session.py`` warned it moved while ``flask.session`` is the
    session object ``from .globals import session`` gives); tests and example code are
    nobody's API."""
    read_base, read_head = reads
    found = []
    for change in changes:
        if change.status == "D" or not is_module_source(change.path, is_code):
            continue
        source = read_head(change.path)
        if source is None or b"warn" not in source or not deprecates_module(source,
                                                                           change.new_lines):
            continue
        before = read_base(change.base_path) if change.status != "A" else None
        if before is not None and b"warn" in before and deprecates_module(before, None):
            continue
        module = module_path(change.path, head_exists)[0]
        if is_public_dotted(module) and not _bound_otherwise(module, change.path, reexports):
            found.append(Candidate("symbol", module, change.path, "head"))
    return found


def _bound_otherwise(module: str, path: str,
                     reexports: Callable[[str, str], ReexportIndex | None]) -> bool:
    """Whether the ``__init__.py`` beside a module binds the module's name to a name another
    module gives: then the dotted name is that object's too."""
    package, _, name = module.rpartition(".")
    folder = path.rpartition("/")[0]
    index = reexports(f"{folder}/__init__.py" if folder else "__init__.py", package)
    return index is not None and any(exported == name and source != module
                                     for (source, _), (_, exported) in index.names.items())
