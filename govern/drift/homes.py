"""Module home pages: the page that documents a changed module as a whole
(docs/concepts/anchoring-rules.md#module-homes).

A page named after a source file (``routing.py`` and ``docs/routing.md``), or one holding an
autodoc/mkdocstrings directive of exactly that module (``::: starlette.routing``), is where
a change to one of the module's public symbols most likely shows, even when the page writes
none of the names the guards let through. These rows rank below every name match
(docs/concepts/ranking.md) and are fed only by symbol anchors.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from govern.core.text import lines_holding
from govern.drift.anchors.extract import Candidate
from govern.drift.docs.corpus import Page
from govern.drift.docs.index import PREFIX, DocsIndex
from govern.drift.docs.scanner import is_signpost

FOLDER_STEMS = frozenset({"__init__", "index", "readme", "mod"})
"""File and page stems that stand for their folder (``middleware/__init__.py``,
``docs/middleware/index.md``)."""

VAGUE_STEMS = frozenset({
    "index", "readme", "api", "apis", "utils", "util", "types", "type", "typing", "core",
    "init", "main", "base", "common", "helpers", "helper", "shared", "internal", "lib", "src",
    "misc", "compat", "constants", "globals", "defaults", "mod", "docs", "reference",
})
"""Stems that name no one module: a page called ``api.md`` or ``utils.md`` is not the home of
a file called ``utils.py``."""

MAX_HOMES = 2
"""More pages than this share a stem: no one of them is the module's home. Of two, the
shallower is (``docs/testing.rst`` rather than ``docs/tutorial/testing.rst``); two at the
same depth are as ambiguous as three."""


MIN_STEM = 3
"""A shorter stem (``a.ts``, ``io.py``) is a name too short to mean one module, as a shorter
anchor is too short to mean one symbol (``is_generic``)."""


# a named tuple: a frozen dataclass costs every run 0.9 ms of import (Python 3.11)
class Home(NamedTuple):
    """A page documenting the module of ``token``: named after its file, or, when ``module``
    is set, holding a directive of exactly that module."""

    page_id: int
    token: str
    side: str
    module: str | None = None


_LOWERED = bytes.maketrans(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ", b"abcdefghijklmnopqrstuvwxyz")


def stem_key(path: str) -> str | None:
    """The normalised name a file or page is about (``routing.py``, ``docs/routing.md`` and
    ``use-query.mdx`` give ``routing``, ``routing``, ``usequery``); None when it names no
    one module."""
    folder, _, name = path.rpartition("/")
    dot = name.rfind(".")
    stem = (name[:dot] if 0 < dot < len(name) - 1 else name).lower()  # PurePosixPath.stem
    if stem in FOLDER_STEMS:  # string operations: this runs on every file of the tree
        if not folder:
            return None
        stem = folder.rpartition("/")[2].lower()
    key = stem.strip("_").replace("_", "").replace("-", "")
    vague = len(key) < MIN_STEM or key in VAGUE_STEMS or stem.strip("_") in VAGUE_STEMS
    return None if vague else key


def module_name(candidate: Candidate) -> str | None:
    """The dotted module of a symbol written module-qualified (``starlette.routing`` of
    ``starlette.routing.Router.add``), with at least two parts; None otherwise."""
    declaration = candidate.declaration
    if declaration is None or not candidate.token.endswith("." + declaration.key):
        return None
    module = candidate.token[:-len(declaration.key) - 1]
    return module if module.count(".") >= 1 else None


def _pages_by_stem(pages: Sequence[Page]) -> dict[str, list[int]]:
    found: dict[str, list[int]] = {}
    for page_id, page in enumerate(pages):
        key = None if page.release_owned else stem_key(page.path)
        if key is not None:
            found.setdefault(key, []).append(page_id)
    return found


def _named_home(page_ids: list[int], pages: Sequence[Page]) -> list[int]:
    """The one page a stem names: the only one, or the shallower of two."""
    if len(page_ids) <= 1:
        return page_ids
    if len(page_ids) > MAX_HOMES:
        return []
    depths = sorted((pages[p].path.count("/"), p) for p in page_ids)
    return [depths[0][1]] if depths[0][0] < depths[1][0] else []


MAX_SCANNED_STEMS = 32
"""More stems than this are not looked for in the tree's text: each costs a scan of it
(0.05-0.25 ms on objectstack's 6,000 paths, 320 kB), and the stem of every path 9 ms; a
warm run of its PRs has 1 to 7."""


def _code_stems(tree: list[str], counted: set[str], is_code: Callable[[str], bool]
                ) -> Counter[str]:
    """How many code files of ``tree`` have each stem of ``counted``. A path's stem is spelled
    in its text lowered and without ``_`` and ``-``, so only the paths where that text holds
    one get a stem (every file of the tree did: 8 ms on objectstack's 6,000), and only those
    sharing a stem are matched as code. A tree with a path not in ASCII, or holding a newline,
    gets one a path: lowering is then not always letter by letter; so does a tree where more
    than ``MAX_SCANNED_STEMS`` stems are counted, or the stems are held by more lines than the
    tree has paths (stems ``aaa`` to 250 ``a`` against paths of long runs of ``a``): each
    path's own stem then costs less than finding them."""
    text = "\n".join(tree)
    if len(counted) <= MAX_SCANNED_STEMS and text.isascii() \
            and text.count("\n") == len(tree) - 1:
        folded = text.encode().translate(_LOWERED, b"_-")
        spans = lines_holding(folded, (stem.encode() for stem in counted), len(tree))
        if spans is not None:
            tree = [tree[line] for line in _line_numbers(folded, spans)]
    return Counter(key for path in tree if (key := stem_key(path)) in counted and is_code(path))


def _line_numbers(text: bytes, spans: list[tuple[int, int]]) -> list[int]:
    """The 0-based number of each line ``spans`` (:func:`lines_holding`'s) starts, in order."""
    numbers: list[int] = []
    line, last = 0, 0
    for start, _ in spans:
        line += text.count(b"\n", last, start)
        last = start
        numbers.append(line)
    return numbers


def _named_pages(file: str, stems: dict[str, list[int]], code_stems: Counter[str]) -> list[int]:
    """The pages named after ``file``: those of its stem, when no other code file has it, or
    where no page has it, those of its plural, when no code file has that."""
    key = stem_key(file)
    if key is None or code_stems[key] > 1:
        return []
    if key not in stems and key + "s" in stems:
        return stems[key + "s"] if code_stems[key + "s"] == 0 else []
    return stems.get(key, [])


def _signposts(index: DocsIndex, page_ids: set[int]) -> set[int]:
    """Those of ``page_ids`` that have no words of their own (:func:`is_signpost`): a page
    saying "This document has been updated and moved" and linking the page that does is
    named after the module it once documented, and documents nothing."""
    return {page_id for page_id, text in index.read_texts(page_ids).items()
            if is_signpost(text, index.pages[page_id].path)}


def find_homes(candidates: Iterable[Candidate], index: DocsIndex, tree: Iterable[str],
               is_code: Callable[[str], bool], generic: Callable[[str], bool]) -> list[Home]:
    """One home per page for the changed modules' symbol anchors, each with the most
    qualified token of its file: the page named after the file, when no other code file of
    the ``tree`` has that name and the page has words of its own (no signpost), and pages
    holding a directive of exactly its module (for a symbol changed beyond its body: the
    directive renders signatures and docstrings, and a named page holding one is no home of
    a change to bodies alone). A ``generic`` name (built in or ``anchors.generic_names``)
    feeds no home: the user said it means nothing; a plain word does, since its module is
    what it is about."""
    by_file: dict[str, list[Candidate]] = {}
    for candidate in candidates:
        if candidate.kind == "symbol" and candidate.declaration is not None \
                and not generic(candidate.token):
            by_file.setdefault(candidate.file, []).append(candidate)
    if not by_file:
        return []
    stems = _pages_by_stem(index.pages)
    keys = {key for file in by_file if (key := stem_key(file)) is not None}
    # a plural page is its singular module's (fastify's ``Routes.md``, ``lib/route.js``) when
    # no page has the module's own stem
    wanted = {key for key in keys if key in stems} | {key + "s" for key in keys
                                                     if key not in stems and key + "s" in stems}
    code_stems = _code_stems(list(tree), wanted | keys, is_code)
    named_by_file = {file: _named_pages(file, stems, code_stems) for file in by_file}
    signposts = _signposts(index, {page_id for named in named_by_file.values()
                                   if len(named) <= MAX_HOMES for page_id in named})
    homes: dict[int, Home] = {}
    for file, found in sorted(by_file.items()):
        best = max(found, key=lambda c: (c.token.count("."), c.token))
        sides = {c.side for c in found if c.token == best.token}
        side = sides.pop() if len(sides) == 1 else "both"
        named = [page_id for page_id in named_by_file[file] if page_id not in signposts]
        # a directive renders signatures and docstrings: a body-only change shows nothing there
        rendered = [c for c in found if c.declaration is not None and not c.declaration.body_only]
        # nor on the page named after the file when that page renders the module by a directive
        # (alembic's api/commands.rst, ``.. automodule:: alembic.command``, for command.py)
        modules = {m for m in map(module_name, found) if m is not None}
        rendering = index.pages_with(PREFIX, sorted(modules)) if modules and not rendered \
            else set()
        # a docstring only respelled shows where a directive renders it, never on a page
        # written by hand about the file (docs/concepts/anchoring-rules.md#what-anchors)
        respelled = all(c.declaration is not None and c.declaration.doc_only for c in found)
        for page_id in [] if respelled else _named_home(named, index.pages):
            if page_id not in rendering:
                homes.setdefault(page_id, Home(page_id, best.token, side))
        for module in sorted({m for m in map(module_name, rendered) if m is not None}):
            for page_id in sorted(index.pages_with(PREFIX, (module,))):
                if not index.pages[page_id].release_owned:
                    homes.setdefault(page_id, Home(page_id, best.token, side, module))
    return [homes[page_id] for page_id in sorted(homes)]
