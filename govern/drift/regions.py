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

from govern.drift.anchors.comments import only_comments
from govern.drift.anchors.extract import Candidate, Side
from govern.drift.anchors.syntax import EXTENSIONS, parse
from govern.drift.anchors.ts_exports import join_path, source_file
from govern.drift.docs.corpus import PAGE_SUFFIXES
from govern.drift.docs.index import DocsIndex
from govern.git.diff import ChangedFile
from govern.git.packages import is_test_file

KIND = "region"
MAX_MARKERS = 200
"""Markers looked for in the code at most, the first in sorted order: one ``git grep`` with a
pattern each, which a hostile corpus of thousands of markers would otherwise make long."""

_JS_IMPORT = re.compile(r"(?:\bfrom|\bimport\(?|\brequire\()[ \t]*+['\"]"
                        r"(\.\.?/[^'\"\n]{1,300}+)['\"]")
_PY_IMPORT = re.compile(r"^[ \t]*+from[ \t]++(\.++)([\w.]{0,300}+)[ \t]++import[ \t]++\(?"
                        r"([\w, \t]{1,1000}+)", re.MULTILINE)


def imported_files(path: str, text: str, exists: Callable[[str], bool]) -> set[str]:
    """The files of the tree that the script at ``path`` imports by a relative path:
    JavaScript's and TypeScript's ``./x`` (``x.ts``, ``x.json``, ``x/index.ts``), Python's
    ``from .x import y`` (``x.py``, or ``x/y.py`` when ``y`` is a module)."""
    folder = path.rpartition("/")[0]
    if not path.endswith(".py"):
        stems = [join_path(folder, specifier) for specifier in _JS_IMPORT.findall(text)]
        # node resolves a JSON file as it does a script: a generator's data often is one
        return {file for file in (
            stem if exists(stem) else source_file(stem, exists)
            or (f"{stem}.json" if exists(f"{stem}.json") else None) for stem in stems)
            if file is not None}
    found: set[str] = set()
    for dots, module, names in _PY_IMPORT.findall(text):
        package = folder
        for _ in range(len(dots) - 1):
            package = package.rpartition("/")[0]
        stem = join_path(package, module.replace(".", "/"))
        options = [f"{stem}/{name.strip()}.py" for name in names.split(",")]
        if module:
            options += [f"{stem}.py", f"{stem}/__init__.py"]
        found.update(option for option in options if exists(option))
    return found


def written_markers(regions: Mapping[str, set[int]], script: str, ends: frozenset[str],
                    page_path: Callable[[int], str]) -> list[str]:
    """The markers the text of a script writes: those it holds, when it names every page
    holding the marker by its file name at the end of a string (``ends``), a name no other of
    those pages has. fastapi's sixteen translations of ``index.md`` hold the ``<!-- sponsors
    -->`` region its script writes into ``README.md`` from the English one: a script naming
    ``index.md`` names none of them."""
    written = []
    for marker, pages in regions.items():
        names = [page_path(page).rpartition("/")[2] for page in pages]
        if marker in script and len(set(names)) == len(names) and ends.issuperset(names):
            written.append(marker)
    return sorted(written)


_STRING_END = re.compile(r"[/\"'`]([^/\"'`\n]{1,255}+)(?=[\"'`])")
"""The last part of each path a string ends with (``"sponsors.yml"``, ``'data/sponsors.yml'``,
`` `${root}/README.md` ``), among other pieces between quotes: read on only to the next quote,
``/`` or line end, so linear."""


def string_ends(script: str) -> frozenset[str]:
    """The file names the text of a script writes at the end of a string, read once however
    many names are looked up in it (:data:`_STRING_END`)."""
    return frozenset(_STRING_END.findall(script))


def named_files(ends: frozenset[str], paths: Iterable[str],
                unique: Callable[[str], bool]) -> set[str]:
    """Those of ``paths`` a script names by their file name at the end of a string (its
    :func:`string_ends`): data it reads at run time. Only a name no other file of the tree has
    (``unique``): every package has an ``index.ts``."""
    return {path for path in paths if path.rpartition("/")[2] in ends and unique(path)}


def changes_only_comments(change: ChangedFile, base: Side, head: Side) -> bool:
    """Whether the changed lines of a source file are, on each side, blank or comments,
    documentation ones included (a typo fixed in a script's doc comment): the script writes
    what it wrote. Any change to another file (data, a config) may change what is written."""
    for side, path, lines in ((base, change.base_path, change.old_lines),
                              (head, change.path, change.new_lines)):
        language = EXTENSIONS.get(PurePosixPath(path).suffix)
        data = side.source(path) if lines and language is not None else None
        if lines and (data is None or language is None
                      or not only_comments(parse(language, data), language, data, lines)):
            return False
    return True


def region_candidates(changes: Iterable[ChangedFile], index: DocsIndex,
                      holding: Callable[[list[str]], Mapping[str, bytes | None]],
                      head_files: Collection[str], is_code: Callable[[str], bool],
                      comments_alone: Callable[[ChangedFile], bool]) -> list[Candidate]:
    """A ``region`` candidate, its token the marker, for each side of a changed file that a
    script writing a page's region is, imports or names. ``holding`` gives the text at HEAD of
    each code file holding one of the markers it is given; ``head_files`` are the files of
    HEAD's tree; ``is_code`` tells which paths the change set reads; a file whose change
    ``comments_alone`` says is to comments (asked only of a file a script reads) changes
    nothing. A page
    (md, mdx, rst) is what a script writes, not what it reads (trpc's script names the
    ``_sponsors.mdx`` it writes too), and a test is no script's input."""
    regions = index.regions()
    if not regions:
        return []
    sides = [(change, path, side) for change in changes
             for path, side in ((change.base_path, "base"), (change.path, "head"))
             if (change.status, side) not in (("A", "base"), ("D", "head")) and is_code(path)
             and not path.endswith(PAGE_SUFFIXES) and not is_test_file(path)]
    if not sides:
        return []
    changed = {path for _, path, _ in sides}
    names = {path.rpartition("/")[2] for path in changed}
    counts = Counter(name for path in head_files
                     if (name := path.rpartition("/")[2]) in names)

    def unique(path: str) -> bool:
        return counts[path.rpartition("/")[2]] == (path in head_files)

    markers = sorted(regions)[:MAX_MARKERS]
    found: dict[Candidate, None] = {}
    for script, raw in holding(markers).items():
        text = (raw or b"").decode("utf-8", "replace")
        ends = string_ends(text)
        written = written_markers({marker: regions[marker] for marker in markers}, text, ends,
                                  lambda page: index.pages[page].path)
        if not written:
            continue
        read = ({script} | imported_files(script, text, head_files.__contains__)
                | named_files(ends, changed, unique))
        found.update((Candidate(KIND, marker, path, side), None)
                     for change, path, side in sides
                     if path in read and not comments_alone(change) for marker in written)
    return list(found)
