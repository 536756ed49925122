"""The token index of a docs corpus: an inverted index (token -> pages) kept in SQLite, keyed by
blob id, so an unchanged page is never scanned twice and a run looks up only the tokens its
anchors name, whatever the corpus size (docs/decisions/sqlite-docs-index.md).

The store may be a file CI restored from another run, so it is read as untrusted data: its
schema is checked before any read (govern.core.cache.open_sqlite), values are compared, never
executed, and a store that fails mid-run is dropped and the run's pages rescanned in memory.
"""

from __future__ import annotations

import re
import sqlite3
import time
from bisect import bisect_right
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from govern.core.cache import transaction
from govern.core.progress import Progress, no_progress
from govern.core.text import SURROGATE
from govern.drift.docs.corpus import Page, is_history_page
from govern.drift.docs.headings import SectionHeadings
from govern.drift.docs.installs import INSTALLERS, installed
from govern.drift.docs.invocations import invoked_at
from govern.drift.docs.rendering import is_rendering_page
from govern.drift.docs.scanner import (
    FORMAT,
    PRIVATE_MEMBERS,
    SPECIAL_MEMBERS,
    PageTokens,
    blank_sections,
    defined_names,
    member_option,
    release_notes_sections,
    rendered_names,
    scan_page,
    without_docblock_paths,
    without_urls,
)
from govern.drift.docs.versions import RUNTIME_NAMES, version_mentions
from govern.drift.route_paths import TAIL_MARK, SegmentIndex, route_segments

(WORD, CALL, PREFIX, LOOSE, ROUTE, HIDDEN, PRIVATE, SPECIAL, AUTODOC, GENERATED,
 INCLUDE, TAIL, LINKED, REGION) = range(14)
"""Token kinds as stored: how the page names the token (docs/concepts/ranking.md)."""
SHOWING = {PRIVATE_MEMBERS: PRIVATE, SPECIAL_MEMBERS: SPECIAL}
"""The kind of the documented prefixes whose members need that option (:func:`member_option`)."""

SCHEMA = (
    "CREATE TABLE blobs (id INTEGER PRIMARY KEY, sha TEXT NOT NULL UNIQUE, unreadable TEXT, "
    "used INTEGER NOT NULL DEFAULT 0)",
    "CREATE TABLE tokens (kind INTEGER NOT NULL, token TEXT NOT NULL, blob INTEGER NOT NULL, "
    "PRIMARY KEY (kind, token, blob)) WITHOUT ROWID",
    "CREATE TABLE plain (blob INTEGER PRIMARY KEY, words TEXT NOT NULL)",
)
"""The whole schema: a store holding anything else (a view, a trigger) is not ours."""
STORE_FORMAT = f"docs-index-{FORMAT}"
MAX_REASON = 300
MAX_PARAMETERS = 500
"""Values bound to one statement at most (SQLite's own cap is 999 in older builds)."""


def is_plain(word: str) -> bool:
    """A lowercase ASCII word (``the``, ``parse``): three in four of a page's words. They are
    stored as one line of text per page rather than a row each, which makes a cold corpus
    several times cheaper to store; only a command's first word or a package name is ever
    looked up among them."""
    return word.isascii() and word.isalpha() and word.islower()


class StoreDamaged(Exception):
    """The store answered with something it could not have written."""


@dataclass
class DocsIndex:
    pages: list[Page]
    read_blob: Callable[[str], bytes | None] = field(repr=False)
    """Reads a page's blob, for the checks the token index cannot answer (phrases, lines)."""
    db: sqlite3.Connection = field(repr=False)
    """The store, with this run's pages in the temporary table ``run`` (blob id, page id)."""
    unreadable: list[tuple[str, str]] = field(default_factory=list)
    """(path, reason) of each page that could not be read."""
    on_damage: Callable[[], sqlite3.Connection] | None = field(default=None, repr=False)
    """Drops a damaged store and gives an empty one to rebuild the run's pages into."""
    _routes: SegmentIndex[int] | None = field(default=None, repr=False)
    read_blobs: Callable[[list[str]], dict[str, bytes | None]] | None = field(default=None,
                                                                             repr=False)
    """Reads many blobs in one exchange with git, when the reader can."""
    _texts: dict[int, str] = field(default_factory=dict, repr=False)
    """The pages read this run, as written: a phrase's candidates are often the next
    phrase's, and a listed page is read again for its line numbers."""
    _notes: dict[int, list[tuple[int, int]]] = field(default_factory=dict, repr=False)
    """A page read this run -> its release-notes sections, found once it writes a phrase."""
    _phrases: dict[str, tuple[list[int], PhraseRuns]] = field(default_factory=dict,
                                                               repr=False)
    """First word of a phrase -> the pages naming it, and what they write after it."""
    _headings: dict[int, SectionHeadings] = field(default_factory=dict, repr=False)
    """A page read this run -> its headings, read once it is asked for a section."""
    _defined: dict[int, set[str]] = field(default_factory=dict, repr=False)
    """A page read this run -> the names its object directives define, likewise."""
    _held: dict[int, bool] = field(default_factory=dict, repr=False)
    """Whether a page of the run holds a token of a kind (a generated block's, a directive's
    tail, a link-index line's), asked once a kind: most corpora hold none, and a name's lookup
    then costs no second query."""
    _installs: dict[str, set[int]] | None = field(default=None, repr=False)
    """Package name -> the pages whose install commands name it, read on the first
    dependency anchor for all of them."""

    def read_text(self, page_id: int) -> str:
        """A page's text by id as the scanner read it (an undecodable byte replaced: only
        phrases are looked for), its release notes, URLs and docblock paths left blank, so a
        line is found only where a name was."""
        return without_urls(without_docblock_paths(blank_sections(self._written(page_id),
                                                                  self._notes_of(page_id))))

    def read_texts(self, page_ids: Collection[int]) -> dict[int, str]:
        """:meth:`read_text` of each page, those not read yet read in one exchange with git
        (the 23 rows of objectstack's 3851f87f0 took 10 ms read one by one)."""
        self._read_written(page_ids)
        return {page_id: self.read_text(page_id) for page_id in page_ids}

    def rendering(self, page_ids: Collection[int]) -> set[int]:
        """Those of ``page_ids`` that hold nothing but generating directives
        (:func:`is_rendering_page`), read as written: a URL is text of the page's own."""
        return {page_id for page_id, text in self._read_written(page_ids).items()
                if is_rendering_page(text, self.pages[page_id].path)}

    def _written(self, page_id: int) -> str:
        if page_id not in self._texts:
            self._texts[page_id] = _decoded(self.read_blob(self.pages[page_id].blob))
        return self._texts[page_id]

    def _read_written(self, page_ids: Collection[int]) -> dict[int, str]:
        """Pages' texts as written, by id, those not read yet read together."""
        wanted = [page_id for page_id in page_ids if page_id not in self._texts]
        if self.read_blobs is not None and len(wanted) > 1:
            blobs = self.read_blobs([self.pages[page_id].blob for page_id in wanted])
            for page_id in wanted:
                self._texts[page_id] = _decoded(blobs.get(self.pages[page_id].blob))
        return {page_id: self._written(page_id) for page_id in page_ids}

    def _in_release_notes(self, page_id: int, offset: int) -> bool:
        """Whether ``offset`` of a page's text lies in one of its release-notes sections:
        found only for a page that writes a phrase, where blanking every candidate page first
        took 0.3 s for objectstack's 144. The sections are in order and apart: one is looked
        up, not each read (a page of many sections and many install commands)."""
        notes = self._notes_of(page_id)
        at = bisect_right(notes, offset, key=lambda span: span[0]) - 1
        return at >= 0 and offset < notes[at][1]

    def _notes_of(self, page_id: int) -> list[tuple[int, int]]:
        """A page's release-notes sections, found once a run."""
        if page_id not in self._notes:
            self._notes[page_id] = release_notes_sections(self._written(page_id),
                                                          self.pages[page_id].path)
        return self._notes[page_id]

    def _fetch(self, sql: str, params: tuple[object, ...]) -> list[tuple[Any, ...]]:
        """A query's rows; a store that breaks under it is rebuilt and asked once more. A
        name holding a byte that is not UTF-8 (a lone surrogate, from a file's path) is asked
        with U+FFFD in its place, as a page writing that byte was read: SQLite takes UTF-8
        text only."""
        params = tuple(SURROGATE.sub("\ufffd", param)
                       if isinstance(param, str) and not param.isascii() else param
                       for param in params)
        try:
            return self.db.execute(sql, params).fetchall()
        except sqlite3.DatabaseError:
            self._rebuild()
            return self.db.execute(sql, params).fetchall()

    def _lookup(self, sql: str, params: tuple[object, ...]) -> set[int]:
        return {page_id for (page_id,) in self._fetch(sql, params)}

    def _rebuild(self) -> None:
        """The store broke under a query: index this run's pages again in a fresh one."""
        if self.on_damage is None:
            raise StoreDamaged("the docs index store failed and cannot be rebuilt")
        rebuilt = fill_index(list(self.pages), self.read_blob, self.on_damage())
        self.db, self.on_damage = rebuilt.db, None

    def pages_with(self, kind: int, tokens: Iterable[str]) -> set[int]:
        """Pages holding any of ``tokens`` as ``kind``."""
        wanted = list(dict.fromkeys(tokens))
        found: set[int] = set()
        if kind == WORD:
            for word in (w for w in wanted if is_plain(w)):
                found |= self._lookup("SELECT run.page FROM plain JOIN run ON run.blob = "
                                      "plain.blob WHERE instr(plain.words, ?) > 0",
                                      (f" {word} ",))
            wanted = [w for w in wanted if not is_plain(w)]
        return found | {page_id for _, page_id in self._rows(kind, wanted)}

    def _rows(self, kind: int, tokens: list[str]) -> list[tuple[str, int]]:
        """(token, page) of each page holding one of ``tokens`` (distinct, none plain) as
        ``kind``."""
        if not tokens:
            return []
        marks = ",".join("?" * len(tokens))
        return [(token, page_id) for token, page_id in self._fetch(
            f"SELECT tokens.token, run.page FROM tokens JOIN run ON run.blob = tokens.blob "
            f"WHERE tokens.kind = ? AND tokens.token IN ({marks})", (kind, *tokens))]

    def naming_as_written(self, token: str, *, tails: bool = True) -> set[int]:
        """Pages that write ``token`` itself (not only a documented prefix of it). A name with
        a ``-`` (``installer.only-binary``) is no word the scan keeps: a page writing it keeps
        it whole, as a path-like token. With ``tails``, a bare name also as the last part of
        an object directive's target (``Client`` of ``.. autoclass:: shop.Client``,
        ``PageTokens.tails``): the object the directive writes when the name is a top-level
        one, never a member's own name (``BINDINGS`` of ``::: pkg.Switch.BINDINGS`` is not
        another class's ``BINDINGS``)."""
        written = self.pages_with(LOOSE if "-" in token else WORD, (token,))
        return written | self.pages_with(TAIL, (token,)) \
            if tails and "." not in token and self._holds(TAIL) else written

    def _holds(self, kind: int) -> bool:
        """Whether a page of the run holds a token of ``kind``, asked once a run."""
        if kind not in self._held:
            self._held[kind] = bool(self._fetch(
                "SELECT 1 FROM tokens JOIN run ON run.blob = tokens.blob WHERE tokens.kind = ? "
                "LIMIT 1", (kind,)))
        return self._held[kind]

    def linking(self, token: str) -> set[int]:
        """Pages that write ``token`` only on link-index lines (``* :meth:`~pkg.C.run```,
        ``PageTokens.linked``): navigation, which a change breaks only by removing or renaming
        the name (docs/concepts/anchoring-rules.md#link-indexes)."""
        return self.pages_with(LINKED, (token,)) if self._holds(LINKED) else set()

    def regions(self) -> dict[str, set[int]]:
        """Each marker opening a region a script writes (``PageTokens.regions``) -> the pages
        of the run holding such a region: none on most corpora, known from one query."""
        found: dict[str, set[int]] = {}
        if self._holds(REGION):
            for marker, page_id in self._fetch(
                    "SELECT tokens.token, run.page FROM tokens JOIN run ON run.blob = "
                    "tokens.blob WHERE tokens.kind = ?", (REGION,)):
                found.setdefault(str(marker), set()).add(page_id)
        return found

    def writing(self, marker: str) -> set[int]:
        """Pages holding a region that ``marker`` opens: a script writes it."""
        return self.pages_with(REGION, (marker,)) if self._holds(REGION) else set()

    def generating(self, token: str) -> set[int]:
        """Pages whose generated blocks name ``token`` (``html(`` for a call): a generated
        reference of the code, as a documented prefix is (``PageTokens.generated``)."""
        return self.pages_with(GENERATED, (token,)) if self._holds(GENERATED) else set()

    def naming(self, token: str, module: str = "", *, prefixes: bool = True,
               tails: bool = True) -> set[int]:
        """Pages that name ``token``: as written or in a generated block, or inside a
        documented reference prefix (``::: httpx.Client`` names ``httpx.Client.send``) whose
        member it is in the page does not leave out (``:exclude-members: send``), and shows
        when private or special (``:private-members:`` for ``shop._helper``). ``token`` is
        declared in ``module``, when known: autodoc's directive of a package above it (``..
        automodule:: cattrs`` for ``cattrs.gen.make_dict_structure_fn``) renders none of its
        submodules' members. Without ``prefixes``, only as written or in a generated block;
        without ``tails``, not as a directive's target's last part (:meth:`naming_as_written`)."""
        named = self.naming_as_written(token, tails=tails) | self.generating(token)
        if not prefixes:
            return named
        parts = token.split(".")
        # each prefix, and its member ``token`` is in: ``httpx.Client`` and ``httpx.Client.send``
        member_of = {".".join(parts[:end]): ".".join(parts[:end + 1])
                     for end in range(1, len(parts))}
        documented = self._rows(PREFIX, list(member_of))
        above = [prefix for prefix in member_of if module.startswith(prefix + ".")]
        if documented and above:
            flat = set(self._rows(AUTODOC, above))
            documented = [found for found in documented if found not in flat]
        if not documented:
            return named
        hidden = set(self._rows(HIDDEN, list(member_of.values())))
        # each documented prefix -> the kinds it must also be stored as, one for each option
        # a part of ``token`` under it needs (``shop.__version_info__``: special members)
        needs = {prefix: {SHOWING[option] for part in parts[prefix.count(".") + 1:]
                          if (option := member_option(part)) is not None}
                 for prefix, _ in documented}
        shown = {(kind, prefix, page_id) for kind in (PRIVATE, SPECIAL)
                 for prefix, page_id in self._rows(
                     kind, [prefix for prefix, kinds in needs.items() if kind in kinds])}
        return named | {
            page_id for prefix, page_id in documented
            if (member_of[prefix], page_id) not in hidden
            and all((kind, prefix, page_id) in shown for kind in needs[prefix])}

    def naming_under(self, namespace: str) -> dict[int, set[str]]:
        """For each page, the names it writes one dotted part below ``namespace``
        (``marimo.ui.slider`` and ``marimo.ui.table`` under ``marimo.ui``), on a link-index
        line too: a list of the family's links is where a new name of it gets one."""
        # Tokens under ``namespace.`` sort between ``namespace.`` and ``namespace/``.
        found = self._fetch(
            "SELECT tokens.token, run.page FROM tokens JOIN run ON run.blob = tokens.blob "
            "WHERE tokens.kind IN (?, ?) AND tokens.token > ? AND tokens.token < ?",
            (WORD, LINKED, namespace + ".", namespace + "/"))
        names: dict[int, set[str]] = {}
        start = len(namespace) + 1
        for token, page_id in found:
            if not isinstance(token, str):
                raise StoreDamaged("a stored token is not text")
            if "." not in token[start:]:
                names.setdefault(page_id, set()).add(token)
        return names

    def routing(self, token: str) -> set[int]:
        """Pages that write the route ``token`` (params as wildcards; a ``…`` tail matches the
        end of a longer path). The pages' routes are read once, on the first route anchor."""
        if self._routes is None:
            rows = self._fetch("SELECT tokens.token, run.page FROM tokens JOIN run ON "
                               "run.blob = tokens.blob WHERE tokens.kind = ?", (ROUTE,))
            self._routes = SegmentIndex()
            for route, page_id in rows:
                if not isinstance(route, str):
                    raise StoreDamaged("a stored route is not text")
                self._routes.add(tuple(route.split("/")), False, page_id)
        return set(self._routes.find(route_segments(token), tail=token.startswith(TAIL_MARK)))

    def saying(self, phrase: str) -> set[int]:
        """Pages that write a command phrase (``os meta resync``) as whitespace-separated
        words (oclif's ``os meta:resync`` too), or a command-line flag (``--ws-max-size``).
        Only pages naming its first word (a flag's without its dashes, as the scan keeps it)
        are read, once for every phrase opening with that word (:class:`PhraseRuns`)."""
        first, *rest = phrase.split()
        if first not in self._phrases:
            stem = first.lstrip("-")
            candidates = self.pages_with(WORD, (stem,)) | self.pages_with(LOOSE, (stem,))
            texts = self._read_written(candidates)
            self._phrases[first] = (list(texts), PhraseRuns(list(texts.values()), first))
        page_ids, runs = self._phrases[first]
        return {page_ids[runs.text_of[occurrence]] for occurrence in runs.said(rest)
                if not self._in_release_notes(page_ids[runs.text_of[occurrence]],
                                              runs.start_of[occurrence])}

    def stating(self, token: str) -> set[int]:
        """Pages that say a runtime version (``Python 3.8``) outside their release notes and
        pages about the past: only pages writing one of the runtime's names are read
        (docs/concepts/anchoring-rules.md#runtime-versions)."""
        names = RUNTIME_NAMES[token.partition(" ")[0]]
        candidates = self.pages_with(WORD, names) | self.pages_with(LOOSE, names)
        # a page about the past (a changelog, a post announcing vite 5 "requires Node.js 18")
        # says the versions of its time
        texts = self._read_written({page_id for page_id in candidates
                                    if not is_history_page(self.pages[page_id].path)})
        return {page_id for page_id, text in texts.items()
                if any(not self._in_release_notes(page_id, offset)
                       for offset in version_mentions(text, token))}

    def installing(self, name: str) -> set[int]:
        """Pages whose code installs the package ``name`` (``pip install name``), outside
        their release notes and pages about the past: only pages writing an installer's name
        are read, once for every dependency of the run
        (docs/concepts/anchoring-rules.md#dependencies)."""
        if self._installs is None:
            self._installs = {}
            candidates = self.pages_with(WORD, INSTALLERS)
            texts = self._read_written({page_id for page_id in candidates
                                        if not is_history_page(self.pages[page_id].path)})
            for page_id, text in texts.items():
                for package, offset in installed(text, self.pages[page_id].path):
                    pages = self._installs.setdefault(package, set())
                    if page_id not in pages and not self._in_release_notes(page_id, offset):
                        pages.add(page_id)
        return set(self._installs.get(name, ()))

    def sections(self, token: str, page_ids: Collection[int]) -> set[int]:
        """Those of ``page_ids`` holding the section that documents ``token``: a heading
        naming it (:mod:`.headings`), or a hand-written object directive defining it
        (:func:`defined_names`)."""
        self._read_written(page_ids)
        return {page_id for page_id in page_ids
                if self._headings_of(page_id).naming(token) or token in self._defined_of(page_id)}

    def rendered(self, page_id: int) -> set[str]:
        """The names a page renders from the code (:func:`rendered_names`), read as written:
        :meth:`read_text` leaves a docblock link's path blank."""
        return rendered_names(self._written(page_id))

    def _headings_of(self, page_id: int) -> SectionHeadings:
        """A page's headings, read once a run: a page is asked about each anchor it names."""
        if page_id not in self._headings:
            self._headings[page_id] = SectionHeadings(self._written(page_id),
                                                      self.pages[page_id].path)
        return self._headings[page_id]

    def _defined_of(self, page_id: int) -> set[str]:
        """The names a page's hand-written object directives define, found once a run."""
        if page_id not in self._defined:
            self._defined[page_id] = defined_names(self._written(page_id))
        return self._defined[page_id]

    def naming_paths(self, forms: Iterable[str]) -> dict[str, set[int]]:
        """The file path forms (``docs_src/app/main.py``) that some page writes, each with the
        pages writing it (govern/drift/paths.py), asked in a few statements however many."""
        written: dict[str, set[str]] = {}  # a variant a page may write -> the forms it is of
        for form in forms:
            for variant in path_variants(form):
                written.setdefault(variant, set()).add(form)
        variants = list(written)
        found: dict[str, set[int]] = {}
        # in slices: SQLite caps a statement's parameters, and a change may touch many files
        for start in range(0, len(variants), MAX_PARAMETERS):
            for token, page_id in self._rows(LOOSE, variants[start : start + MAX_PARAMETERS]):
                for form in written.get(token, ()):
                    found.setdefault(form, set()).add(page_id)
        return found

    def naming_path(self, form: str) -> set[int]:
        """Pages that write the file path form ``form``, or include it (``{!main.py!}``: a
        path of one segment is no path-like token); a file's name alone (``app.py``) also
        where a page writes it as :meth:`naming_files` finds names, which the run confines to
        the pages it may name (``govern.drift.paths.NamedFiles.scopes``)."""
        found = self.showing_path(form)
        return found if "/" in form else found | self.naming_files((form,)).get(form, set())

    def showing_path(self, form: str) -> set[int]:
        """Pages that write ``form`` as a path-like token, or include it."""
        return self.pages_with(LOOSE, path_variants(form)) | self.pages_with(INCLUDE, (form,))

    def naming_files(self, names: Collection[str]) -> dict[str, set[int]]:
        """The file names (``modal_app.py``) some page writes, each with the pages writing it:
        as a word, as a path-like token (a name holding a ``-``, ``image-compare.py``, is kept
        as one), or on a link-index line (``- [`custom.py`](custom.py)``). A name opening with
        dots is kept without them (``env.example`` of ``.env.example``); a lowercase word (a
        file named ``run``) is prose, and never asked."""
        written: dict[str, str] = {}  # a token a page may write -> the name it is of
        for name in names:
            if not is_plain(name) and not is_plain(undotted := name.lstrip(".")):
                written[name] = written[undotted] = name
        tokens = list(written)
        found: dict[str, set[int]] = {}
        for start in range(0, len(tokens), MAX_PARAMETERS):
            for kind in (WORD, LOOSE, LINKED):
                for token, page_id in self._rows(kind, tokens[start : start + MAX_PARAMETERS]):
                    found.setdefault(written[token], set()).add(page_id)
        return found

    def including(self, names: Collection[str]) -> dict[str, set[int]]:
        """The paths the pages include (``PageTokens.included``) of a file named one of
        ``names`` (``tmp_examples/main.py`` for ``main.py``), each with the pages including it:
        read all at once, as a site writes a few hundred."""
        found: dict[str, set[int]] = {}
        for token, page_id in self._fetch(
                "SELECT tokens.token, run.page FROM tokens JOIN run ON run.blob = tokens.blob "
                "WHERE tokens.kind = ?", (INCLUDE,)):
            if not isinstance(token, str):
                raise StoreDamaged("a stored include is not text")
            if token.rpartition("/")[2] in names:
                found.setdefault(token, set()).add(page_id)
        return found

    def calling_as_written(self, token: str) -> set[int]:
        """Pages that write ``token`` in call form inside code, out of a generated block."""
        return self.pages_with(CALL, (token,))

    def calling(self, token: str) -> set[int]:
        """Pages that write ``token`` in call form inside code, generated or not."""
        return self.calling_as_written(token) | self.generating(token + "(")

    def calling_qualified(self, names: Collection[str]) -> dict[str, set[int]]:
        """For each of ``names``, the pages that call it through a qualifier in code
        (``pkg.Client(``, ``pkg.web.Client(``): a call is stored whole, so the dotted calls
        are read in one pass, whatever the number of names."""
        found: dict[str, set[int]] = {}
        if not names:
            return found
        for token, page_id in self._fetch(
                "SELECT tokens.token, run.page FROM tokens JOIN run ON run.blob = tokens.blob "
                "WHERE tokens.kind = ? AND instr(tokens.token, '.') > 0", (CALL,)):
            if not isinstance(token, str):
                raise StoreDamaged("a stored call is not text")
            if (last := token.rpartition(".")[2]) in names:
                found.setdefault(last, set()).add(page_id)
        return found

    def mentioning(self, needles: Iterable[str]) -> set[int]:
        """Pages naming a package name or directory: as a word, or as a path-like token equal
        to it or under it (``packages/web/src`` mentions ``packages/web``)."""
        found: set[int] = set()
        for needle in dict.fromkeys(needles):
            found |= self.pages_with(WORD, (needle,)) | self.pages_with(LOOSE, (needle,))
            # Tokens under ``needle/`` sort between ``needle/`` and ``needle0`` ('0' follows '/').
            found |= self._lookup(
                "SELECT run.page FROM tokens JOIN run ON run.blob = tokens.blob "
                "WHERE tokens.kind = ? AND tokens.token >= ? AND tokens.token < ?",
                (LOOSE, needle + "/", needle + "0"))
        return found


def path_variants(form: str) -> tuple[str, ...]:
    """How the scanner keeps a file path a page writes: as written (a leading ``./`` or
    ``../`` is not part of a token), without the dots that open it (``.github/workflows/ci.yml``
    is read from its ``g``), and VitePress's ``@/`` root (``<<< @/snippets/config.ts``)."""
    undotted = form.lstrip(".")
    return tuple(dict.fromkeys((form, undotted, "@/" + undotted)))


PHRASE_DEPTH = 16
"""Tokens of a phrase followed down the tree of :class:`PhraseRuns`: its words' runs and
punctuation and the separators between them (``tool cmd.1`` is four after ``tool``). The rest
of a longer phrase is checked with its pattern where its first ``PHRASE_DEPTH`` are written;
the bound keeps a page that writes the first word at every other character (``os:os:os:…``)
from being read more than ``PHRASE_DEPTH`` times over."""
_TAIL_TOKEN = re.compile(r"([ \t]++)|(:)|([\w-]++)|[^\s\w-]")
"""What follows a phrase's first word, token by token: a blank run, a colon (either is a
separator), a run of word characters, or one other character; a newline ends it."""
_BLANK, _COLON, _RUN = 1, 2, 3
_PHRASE_TOKEN = re.compile(r"[\w-]++|[^\s\w-]")
_SEPARATOR = ""
"""The tree's key for a separator: a blank run or a colon, which the pattern takes alike."""


class _Node:
    """The places whose text after the first word reads as one path of tokens: until read
    further, each as (occurrence, offset reached, mask of the separators that were blanks);
    once read, the next token's nodes, and the places that may end a phrase here."""

    __slots__ = ("depth", "places", "children", "ends", "end_blanks")

    def __init__(self, depth: int) -> None:
        self.depth = depth
        self.places: list[tuple[int, int, int]] = []
        self.children: dict[str, _Node] | None = None
        self.ends: list[int] = []
        self.end_blanks: list[int] = []


class PhraseRuns:
    """Where ``texts`` write every phrase opening with ``first``: what :func:`phrase_pattern`
    finds, for any phrase, without a search of each text per phrase.

    The places ``first`` is written are found once; the text after them is read token by
    token into a tree, a level the first time a phrase reaches it, so a thousand commands of
    one program read a page about as often as the longest of them does. A separator is a
    blank run or a colon, which the pattern takes alike, and one key in the tree; a colon
    inside a phrase's word must be written as a colon, which the mask of each place's blank
    separators tells. A phrase ends where the next token is no word run (the pattern's
    ``(?![\\w-])``). Every place the pattern matches is found, also one inside another match
    (``a:a b`` at 2 in ``a:a:a b``), which ``finditer`` would skip: such a place is on the
    line of the match it is inside, and a page that holds one holds that match."""

    def __init__(self, texts: list[str], first: str) -> None:
        self.texts = texts
        self.first = first
        self.text_of: list[int] = []
        """Occurrence -> the index of its text."""
        self.start_of: list[int] = []
        """Occurrence -> the offset of ``first`` in its text."""
        self._root = _Node(0)
        written = phrase_pattern(first)
        for index, text in enumerate(texts):
            match = written.search(text)
            while match is not None:
                self._root.places.append((len(self.start_of), match.end(), 0))
                self.text_of.append(index)
                self.start_of.append(match.start())
                # on from the next character, not the match's end: ``a:a`` is written at 0
                # and at 2 in ``a:a:a``
                match = written.search(text, match.start() + 1)

    def said(self, rest: list[str]) -> list[int]:
        """:meth:`find`, but a program name alone (no flag) only where it is run as a command:
        a bare program name is a word of prose (docs/concepts/anchoring-rules.md#program-names)."""
        found = self.find(rest)
        if rest or self.first.startswith("-"):
            return found
        texts, text_of, start_of = self.texts, self.text_of, self.start_of
        return [occurrence for occurrence in found
                if invoked_at(texts[text_of[occurrence]], start_of[occurrence], self.first)]

    def find(self, rest: list[str]) -> list[int]:
        """The occurrences of the first word that the words ``rest`` follow as the phrase
        pattern reads them."""
        keys: list[str] = []
        colons = 0
        for word in rest:
            keys.append(_SEPARATOR)
            for token in _PHRASE_TOKEN.findall(word):
                if token == ":":
                    colons |= 1 << len(keys)
                    keys.append(_SEPARATOR)
                else:
                    keys.append(token)
        node = self._root
        for key in keys[:PHRASE_DEPTH]:
            found = self._read(node).get(key)
            if found is None:
                return []
            node = found
        if len(keys) > PHRASE_DEPTH:
            pattern = phrase_pattern(" ".join([self.first, *rest]))
            texts, text_of, start_of = self.texts, self.text_of, self.start_of
            return [occurrence for occurrence, _, _ in node.places
                    if pattern.match(texts[text_of[occurrence]], start_of[occurrence])]
        self._read(node)
        if not colons:
            return node.ends
        return [occurrence for occurrence, blanks in zip(node.ends, node.end_blanks,
                                                          strict=True) if not blanks & colons]

    def _read(self, node: _Node) -> dict[str, _Node]:
        """The node's children, reading the next token at each of its places the first time
        (a node ``PHRASE_DEPTH`` deep keeps its places, for the pattern, and has none)."""
        if node.children is not None:
            return node.children
        children: dict[str, _Node] = {}
        deeper = node.depth < PHRASE_DEPTH
        blank = 1 << node.depth
        texts, text_of = self.texts, self.text_of
        ends, end_blanks = node.ends, node.end_blanks
        read = _TAIL_TOKEN.match
        for place in node.places:
            occurrence, offset, blanks = place
            token = read(texts[text_of[occurrence]], offset)
            if token is None:
                ends.append(occurrence)
                end_blanks.append(blanks)
                continue
            kind = token.lastindex
            if kind == _RUN:
                key = token.group()
            else:
                ends.append(occurrence)
                end_blanks.append(blanks)
                if kind == _BLANK:
                    key, blanks = _SEPARATOR, blanks | blank
                else:
                    key = _SEPARATOR if kind == _COLON else token.group()
            if deeper:
                child = children.get(key)
                if child is None:
                    child = children[key] = _Node(node.depth + 1)
                child.places.append((occurrence, token.end(), blanks))
        node.children = children
        if deeper:  # the places are kept in the children
            node.places = []
        return children


def phrase_pattern(phrase: str) -> re.Pattern[str]:
    """A command phrase as written on a page: its words separated by blanks (or oclif's
    ``:``), not inside a longer word."""
    # The first word comes first, its boundary looked for behind it: a pattern opening with a
    # literal lets the search jump between its occurrences instead of trying the lookbehind at
    # every character (a 20th of the time on objectstack's pages).
    first, *rest = map(re.escape, phrase.split())
    return re.compile(first + rf"(?<![\w-]{first})"
                      + "".join(r"(?:[ \t]+|:)" + word for word in rest) + r"(?![\w-])")


def _decoded(data: bytes | None) -> str:
    return (data or b"").decode("utf-8-sig", "replace")


# a named tuple: a frozen dataclass costs every run 0.9 ms of import (Python 3.11)
class Unreadable(NamedTuple):
    """Why a page could not be read."""

    reason: str


def decode_page(data: bytes | None) -> str | Unreadable:
    """The page's text (a BOM dropped), or why it is unreadable (binary, not UTF-8)."""
    if data is None:
        return Unreadable("blob missing from the object store")
    if b"\0" in data:
        return Unreadable("binary file")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return Unreadable(f"not UTF-8 (invalid byte at offset {exc.start})")


def _split_plain(words: frozenset[str]) -> tuple[list[str], frozenset[str]]:
    """(plain words, the other words) of a page: :func:`is_plain` written out (a call per
    word was 4% of what storing a cold corpus executes), the others left by a set
    difference."""
    plain = [word for word in words if word.islower() and word.isalpha() and word.isascii()]
    return plain, words.difference(plain)


def _token_rows(tokens: PageTokens, words: Iterable[str],
                blob_id: int) -> Iterable[tuple[int, str, int]]:
    """The tokens table's rows for one page: ``words`` (its words but the plain ones) and
    every other token."""
    for word in words:
        yield WORD, word, blob_id
    for kind, values in ((CALL, tokens.calls), (PREFIX, tokens.prefixes), (LOOSE, tokens.loose),
                         (HIDDEN, tokens.hidden), (PRIVATE, tokens.private),
                         (SPECIAL, tokens.special), (AUTODOC, tokens.autodoc),
                         (GENERATED, tokens.generated), (INCLUDE, tokens.included),
                         (TAIL, tokens.tails), (LINKED, tokens.linked),
                         (REGION, tokens.regions)):
        for value in values:
            yield kind, value, blob_id
    for segments in tokens.routes:
        yield ROUTE, "/".join(segments), blob_id


def _plain_line(plain: list[str]) -> str:
    """The page's plain words, each between spaces, so ``instr`` finds a whole word."""
    return " " + " ".join(sorted(plain)) + " "


def known_blobs(db: sqlite3.Connection, shas: list[str]) -> dict[str, tuple[int, str | None]]:
    """Stored blobs among ``shas``: id and unreadable reason, each checked for its type."""
    known: dict[str, tuple[int, str | None]] = {}
    db.execute("CREATE TEMP TABLE IF NOT EXISTS wanted (sha TEXT PRIMARY KEY)")
    db.execute("DELETE FROM wanted")
    db.executemany("INSERT OR IGNORE INTO wanted VALUES (?)", ((sha,) for sha in shas))
    for sha, blob_id, reason in db.execute(
            "SELECT blobs.sha, blobs.id, blobs.unreadable FROM blobs JOIN wanted USING (sha)"):
        if not isinstance(blob_id, int) or not (reason is None or isinstance(reason, str)):
            raise StoreDamaged(f"blob {sha!r} is stored with values of the wrong type")
        known[sha] = (blob_id, None if reason is None else reason[:MAX_REASON])
    return known


STAMP_EVERY = 60
"""Seconds a blob's last-read stamp may lag: a run re-stamps only older ones."""
KEEP_RECENT = 600
"""Seconds after a run read a blob during which no other run prunes it."""

SCAN_CHUNK = 32
"""Pages scanned and written in one transaction by :func:`store_pages`."""


def store_pages(pages: list[Page], read_blob: Callable[[str], bytes | None],
                db: sqlite3.Connection,
                read_blobs: Callable[[list[str]], dict[str, bytes | None]] | None = None,
                progress: Progress = no_progress, *, from_end: bool = False) -> None:
    """Scan those of ``pages`` the store lacks into it, ``SCAN_CHUNK`` pages a transaction,
    asking the store again before each chunk. Two processes filling one store, one from
    each end of the same list (``from_end``), so meet in the middle: a cold run's fork and,
    once its own work is done, the run itself (docs/decisions/sqlite-docs-index.md). A page
    is read and scanned before the write lock is taken, which is then held for the inserts
    alone; a parallel run sees each chunk whole or not at all."""
    paths = {page.blob: page.path for page in pages}
    shas = sorted(paths, reverse=from_end)
    for start in range(0, len(shas), SCAN_CHUNK):
        chunk = shas[start : start + SCAN_CHUNK]
        known = known_blobs(db, chunk)
        wanted = [sha for sha in chunk if sha not in known]
        blobs = read_blobs(wanted) if read_blobs is not None and len(wanted) > 1 else {}
        scanned = []
        for sha in wanted:
            decoded = decode_page(blobs[sha] if sha in blobs else read_blob(sha))
            scanned.append((sha, decoded if isinstance(decoded, Unreadable)
                            else scan_page(decoded, paths[sha])))
        if scanned:
            _insert(db, scanned)
        # pages another process stored count as done: the fork's count reaches the end
        progress("docs pages indexed", start + len(chunk), len(shas))


def _insert(db: sqlite3.Connection, scanned: list[tuple[str, PageTokens | Unreadable]]) -> None:
    with transaction(db):
        rows: list[tuple[int, str, int]] = []
        for sha, tokens in scanned:
            reason = tokens.reason if isinstance(tokens, Unreadable) else None
            cursor = db.execute("INSERT OR IGNORE INTO blobs (sha, unreadable, used) "
                                "VALUES (?, ?, ?)", (sha, reason, int(time.time())))
            if cursor.rowcount and not isinstance(tokens, Unreadable):
                plain, other = _split_plain(tokens.words)
                blob_id = cursor.lastrowid or 0
                rows.extend(_token_rows(tokens, other, blob_id))
                db.execute("INSERT INTO plain VALUES (?, ?)", (blob_id, _plain_line(plain)))
        db.executemany("INSERT OR IGNORE INTO tokens VALUES (?, ?, ?)", rows)


def fill_index(pages: list[Page], read_blob: Callable[[str], bytes | None],
               db: sqlite3.Connection,
               read_blobs: Callable[[list[str]], dict[str, bytes | None]] | None = None,
               progress: Progress = no_progress) -> DocsIndex:
    """Scan the pages the store lacks into it, then mark this run's pages (table ``run``);
    ``progress`` is told as each chunk of pages is stored (a cold index of thousands takes a
    while).

    Raises sqlite3.DatabaseError or StoreDamaged for a store that is not what govern wrote:
    the caller drops it and calls again on a fresh one.
    """
    known = known_blobs(db, [page.blob for page in pages])
    now = int(time.time())
    # this run reads them: another run's prune keeps them (stamped at most once a minute, so
    # a warm run mostly writes nothing)
    db.execute("UPDATE blobs SET used = ? WHERE sha IN (SELECT sha FROM wanted) AND used < ?",
               (now, now - STAMP_EVERY))
    missing = [page for page in pages if page.blob not in known]
    if missing:
        store_pages(missing, read_blob, db, read_blobs, progress)
        known.update(known_blobs(db, sorted({page.blob for page in missing})))
    index = DocsIndex(pages=[], read_blob=read_blob, db=db, read_blobs=read_blobs)
    run: list[tuple[int, int]] = []
    for page in pages:
        if page.blob not in known:
            # another run on this repository pruned what this one just stored: its pages
            # would silently name nothing, so the caller starts a store of this run's own
            raise StoreDamaged(f"the store lost page {page.path} while this run read it")
        blob_id, reason = known[page.blob]
        if reason is not None:
            index.unreadable.append((page.path, reason))
            continue
        run.append((blob_id, len(index.pages)))
        index.pages.append(page)
    db.execute("CREATE TEMP TABLE IF NOT EXISTS run (blob INTEGER NOT NULL, page INTEGER NOT NULL)")
    db.execute("DELETE FROM run")
    db.executemany("INSERT INTO run VALUES (?, ?)", run)
    db.execute("CREATE INDEX IF NOT EXISTS temp.run_by_blob ON run (blob)")
    return index


def prune(db: sqlite3.Connection, pages: list[Page], keep: int) -> None:
    """Drop the blobs ``pages`` do not use once the store holds more than ``keep``, so it
    never grows with every blob ever seen (switching between branches stays warm below);
    not those another run read in the last ``KEEP_RECENT`` seconds: it may be reading them
    now (two runs on one clone, a calibration beside a run by hand)."""
    (stored,) = db.execute("SELECT count(*) FROM blobs").fetchone()
    if not isinstance(stored, int) or stored <= keep:
        return
    known_blobs(db, [page.blob for page in pages])  # the run's blobs, unreadable ones too
    with transaction(db):  # one pass over the tokens: no index by blob is kept for this
        db.execute("DELETE FROM blobs WHERE sha NOT IN (SELECT sha FROM wanted) AND used < ?",
                   (int(time.time()) - KEEP_RECENT,))
        db.execute("DELETE FROM tokens WHERE blob NOT IN (SELECT id FROM blobs)")
        db.execute("DELETE FROM plain WHERE blob NOT IN (SELECT id FROM blobs)")
