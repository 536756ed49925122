"""Written regions: a page region that a script of the repository writes between two markers
(``<!-- SPONSORS:LIST:START -->`` … ``<!-- SPONSORS:LIST:END -->``, found by
``scanner.written_regions``) is out of date once the script, or a file the script reads,
changes: the script has to be run again (docs/concepts/anchoring-rules.md#written-regions).

A script writes a page's region when its text holds the region's opening marker as written
and names every page holding that marker by its file name at the end of a string, a name no
other of them has: a marker many pages hold for another tool (a formatter's ``<!--
prettier-ignore-start -->``) is no script's unless the script names each of them. What a
script reads is itself, the files it imports by a relative path (``import { allSponsors }
from './script.output'``, ``from .data import SPONSORS``) and the files it names at the end of
a string when no other file of the tree has that name (``en_docs_path / "data" /
"sponsors.yml"``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping
from pathlib import PurePosixPath

from govern.drift.anchors.comments import same_code
from govern.drift.anchors.extract import Candidate, Side
from govern.drift.anchors.syntax import EXTENSIONS, parse
from govern.drift.anchors.ts_exports import join_path, source_file
from govern.drift.docs.index import DocsIndex
from govern.drift.paths import describable
from govern.git.diff import ChangedFile

KIND = "region"
MAX_MARKERS = 200
"""Markers looked for in the code at most, the first in sorted order: one ``git grep`` with a
pattern each, which a hostile corpus of thousands of markers would otherwise make long."""
MAX_SCRIPTS = 200
"""Code files holding a marker read at most, the first in path order: a repository has a few
scripts writing its pages, and a hostile tree thousands of files holding a marker."""

_JS_IMPORT = re.compile(r"(?:\bfrom|\bimport\(?|\brequire\()[ \t]*+['\"]"
                        r"(\.\.?/[^'\"\n]{1,300}+)['\"]")
_PY_IMPORT = re.compile(r"^[ \t]*+from[ \t]++(\.++)([\w.]{0,300}+)[ \t]++import[ \t]++"
                        r"(?:\(([\w,\s]{0,1000}+)\)|([\w, \t*]{0,1000}+))", re.MULTILINE)
"""``from .x import a, b``, ``from . import (a, b)`` over lines, ``from .x import *``."""
_COMMENT = re.compile(r"<!--[^\n<>]{0,200}+>")
"""An HTML comment as a page's marker is (``scanner._MARKER``), anywhere in a script's text:
each of a script's markers is found whole, in one pass."""
_STRING_END = re.compile(r"[/\"'`]([^/\"'`\n]{1,255}+)(?=[\"'`])")
"""The last part of each path a string ends with (``"sponsors.yml"``, ``'data/sponsors.yml'``,
`` `${root}/README.md` ``), among other pieces between quotes: read on only to the next quote,
``/`` or line end, so linear."""


def imported_files(path: str, text: str, exists: Callable[[str], bool]) -> set[str]:
    """The files of the tree that the script at ``path`` imports by a relative path:
    JavaScript's and TypeScript's ``./x`` (``x.ts``, ``x.json``, ``x/index.ts``), Python's
    ``from .x import y`` (``x.py``, or ``x/y.py`` when ``y`` is a module)."""
    folder = path.rpartition("/")[0]
    if EXTENSIONS.get(PurePosixPath(path).suffix) != "python":
        stems = [join_path(folder, specifier) for specifier in _JS_IMPORT.findall(text)]
        # node resolves a JSON file as it does a script: a generator's data often is one
        return {file for file in (
            source_file(stem, exists) or (f"{stem}.json" if exists(f"{stem}.json") else None)
            for stem in stems) if file is not None}
    found: set[str] = set()
    for dots, module, listed, written in _PY_IMPORT.findall(text):
        package = folder
        for _ in range(len(dots) - 1):
            package = package.rpartition("/")[0]
        stem = join_path(package, module.replace(".", "/"))
        options = [f"{stem}/{name.strip()}.py" for name in (listed or written).split(",")]
        if module:
            options += [f"{stem}.py", f"{stem}/__init__.py"]
        found.update(option for option in options if exists(option))
    return found


def string_ends(script: str) -> frozenset[str]:
    """The file names the text of a script writes at the end of a string, read once however
    many names are looked up in it (:data:`_STRING_END`)."""
    return frozenset(_STRING_END.findall(script))


def named_pages(regions: Mapping[str, set[int]], page_path: Callable[[int], str]
               ) -> dict[str, frozenset[str]]:
    """Marker -> the file names of the pages holding it, for the markers whose pages' file
    names differ: fastapi's sixteen translations of ``index.md`` hold the ``<!-- sponsors
    -->`` region its script writes into ``README.md`` from the English one, and a script
    naming ``index.md`` names none of them."""
    named: dict[str, frozenset[str]] = {}
    for marker, pages in regions.items():
        names = [page_path(page).rpartition("/")[2] for page in pages]
        if len(set(names)) == len(names):
            named[marker] = frozenset(names)
    return named


def changes_comments_alone(change: ChangedFile, base: Side, head: Side) -> bool:
    """Whether a changed source file holds the same code on both sides once its comments,
    documentation ones included, are blanked (a typo fixed in a script's doc comment): the
    script writes what it wrote. A change to any other file (data, a config), or a file
    added or deleted, may change what is written."""
    language = EXTENSIONS.get(PurePosixPath(change.path).suffix)
    if language is None or change.status in ("A", "D") \
            or EXTENSIONS.get(PurePosixPath(change.base_path).suffix) != language:
        return False
    old, new = base.source(change.base_path), head.source(change.path)
    return old is not None and new is not None \
        and same_code(language, (parse(language, old), old), (parse(language, new), new))


def region_candidates(changes: Iterable[ChangedFile], index: DocsIndex,
                      holding: Callable[[list[str]], Mapping[str, bytes | None]],
                      head_files: Collection[str], is_code: Callable[[str], bool],
                      comments_alone: Callable[[ChangedFile], bool]) -> list[Candidate]:
    """A ``region`` candidate, its token the marker, for each side of a changed file that a
    script writing a page's region is, imports or names. ``holding`` gives the text at HEAD of
    each code file holding one of the markers it is given (at most ``MAX_SCRIPTS`` files);
    ``head_files`` are the files of HEAD's tree; ``is_code`` tells which paths the change set
    reads; a file whose change ``comments_alone`` says is to its comments (asked once, and
    only of a file a script reads) changes nothing. A page (md, mdx, rst) is what a script
    writes, not what it reads (trpc's script names the ``_sponsors.mdx`` it writes too), and a
    test is no script's input.

    A marker gives one candidate a side: the first file in path order, on that side, that
    the first script writing the marker (in path order) reads (the run merges the sides of a
    token into one anchor of the first file).
    Each script is read once, and no further once every marker it holds has a candidate on
    each side; the changed files it names are found by one set intersection and sorted, and
    read in order only until each side has its file."""
    regions = index.regions()
    if not regions:
        return []
    sides: dict[str, list[tuple[ChangedFile, str]]] = {}  # path -> (change, side)
    for change in changes:
        for path, side in ((change.base_path, "base"), (change.path, "head")):
            if (change.status, side) not in (("A", "base"), ("D", "head")) \
                    and is_code(path) and describable(path):
                sides.setdefault(path, []).append((change, side))
    if not sides:
        return []
    names = {path.rpartition("/")[2] for path in sides}
    counts = Counter(name for path in head_files if (name := path.rpartition("/")[2]) in names)
    # a file named at a string's end is read when no other file of the tree has its name
    readable = {path.rpartition("/")[2]: path for path in sides
                if counts[path.rpartition("/")[2]] == (path in head_files)}
    markers = sorted(regions)[:MAX_MARKERS]
    named = named_pages({marker: regions[marker] for marker in markers},
                        lambda page: index.pages[page].path)
    alone: dict[str, bool] = {}  # by the change's path
    found: dict[tuple[str, str], Candidate] = {}  # (marker, side): one anchor a marker
    for script, raw in holding(markers).items():
        text = (raw or b"").decode("utf-8", "replace")
        held = named.keys() & set(_COMMENT.findall(text))
        if all((marker, side) in found for marker in held for side in ("base", "head")):
            continue  # nothing this script could add
        ends = string_ends(text)
        written = sorted(marker for marker in held if named[marker] <= ends)
        read = sorted({script, *imported_files(script, text, head_files.__contains__),
                       *map(readable.__getitem__, ends.intersection(readable))}
                      .intersection(sides))
        first: dict[str, str] = {}  # side -> the first changed file on it the script reads
        for path in read:
            for change, side in sides[path]:
                if change.path not in alone:
                    alone[change.path] = comments_alone(change)
                if not alone[change.path]:
                    first.setdefault(side, path)
            if len(first) == 2:
                break
        for marker in written:
            for side, path in first.items():
                found.setdefault((marker, side), Candidate(KIND, marker, path, side))
    return list(found.values())
