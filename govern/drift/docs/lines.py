"""Where on a page an anchor is named: the line numbers behind a row's evidence
(docs/concepts/ranking.md#line-numbers).

Computed only for the pages that end up as rows, by re-reading their text with the scanner's
own token patterns, so a line is reported exactly where the scanner saw the name; the index
itself stores no positions (docs/decisions/sqlite-docs-index.md says why). Each pass is one
linear scan of the page.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Iterator, Mapping
from typing import NamedTuple

from govern.drift.docs.index import PhraseRuns, path_variants
from govern.drift.docs.installs import installed
from govern.drift.docs.pydomain import MKDOCSTRINGS
from govern.drift.docs.scanner import (
    _CALL,
    _RAW_TOKEN,
    _ROUTE,
    _WORD,
    LINK_INDEX,
    _reference_names,
    chain_links,
    code_regions,
    default_imports,
    dotted_suffixes,
    front_matter_end,
    listed_members,
    loose_forms,
    named_targets,
    sphinx_targets,
    written_regions,
)
from govern.drift.docs.versions import version_mentions
from govern.drift.route_paths import TAIL_MARK, SegmentIndex, route_segments

_NEWLINE = re.compile("\n")
_RAW_PUNCTUATION = frozenset("_$@./-")
_RUN_PUNCTUATION = re.compile(r"[./-]*+")
"""What a run of raw-token characters may open with before its token starts."""


def _in_raw_token(char: str) -> bool:
    """A character of the scanner's raw tokens (``[\\w$@./-]``)."""
    return char.isalnum() or char in _RAW_PUNCTUATION

MAX_LINES = 20
"""Lines kept per anchor and page: enough to find the mentions, bounded on a huge page."""
DIRECT_SEARCHES = 64
"""Names, prefixes and paths looked for on one page by searching its text for each. Past this
many, the page's tokens are indexed in one pass instead: a page listed for 20,000 anchors was
searched 20,000 times, 3 s for a 500 KB page, and minutes for a larger one."""


class LineMap:
    """Offsets to 1-based line numbers for one text."""

    def __init__(self, text: str) -> None:
        self._starts = [0, *(match.end() for match in _NEWLINE.finditer(text))]
        self._length = len(text)

    def line(self, offset: int) -> int:
        return bisect.bisect_right(self._starts, offset)

    def span(self, line: int) -> tuple[int, int]:
        """The offsets of a 1-based line's text, its newline excluded."""
        end = self._starts[line] - 1 if line < len(self._starts) else self._length
        return self._starts[line - 1], end


_CONTENTS_ENTRY = re.compile(r"[ \t]*+(?:[-*+]|\d{1,9}+\.)[ \t]++\[[^\]\n]*+\]\(#[^)\n]*+\)"
                             r"[ \t\r]*+")
"""A markdown table of contents' entry: a list item that is only a link within the page
(``  - [`trustProxy`](#trustproxy)``)."""
_SUBSTITUTION_DEFINITION = re.compile(r"[ \t]*+\.\. \|([^|\n]++)\|[ \t]")
"""An rst substitution definition's line (``.. |opt| replace:: :meth:`~pkg.Logger.opt```), its
name (group 1)."""
_SUBSTITUTION_REFERENCE = re.compile(r"\|(?![\s|])([^|\n]++)(?<!\s)\|")
"""A substitution's use (``|opt|``), its name (group 1): a pipe first, and each try reads up
to the next pipe or line end, where the next try starts: linear."""


def _words_of(raw: str) -> Iterator[str]:
    """The names the scanner derives from one raw token (docs/concepts/ranking.md)."""
    for word in (raw,) if _WORD.fullmatch(raw) else _WORD.findall(raw):
        yield word
        yield from dotted_suffixes(word)


def _raw_tokens_around(text: str, needle: str) -> Iterator[re.Match[str]]:
    """The scanner's raw tokens that contain an occurrence of ``needle``, each once. Found
    from ``str.find`` hits, so the cost follows the occurrences, not the page length; the
    search goes on after the token an occurrence was found in, so a long token holding the
    needle thousands of times is walked once, not once per occurrence.

    A run of raw-token characters (``[\\w$@./-]``) holds at most one raw token: from its first
    character that can open one to the run's end. Each run is read once, for its first hit,
    and kept for the hits after it: a hit outside any token (``-/-/-/``, the needle ``/``)
    then costs nothing more, where walking back to the run's start again for every hit, and
    searching on from there for a token, was quadratic."""
    run_end, token = 0, None  # where the run read last ends, and its token (None: none)
    at = text.find(needle)
    while at >= 0:
        if at >= run_end:  # past the run read last: this hit's run starts after its end
            start = at
            while start > run_end and _in_raw_token(text[start - 1]):
                start -= 1
            opening = _RUN_PUNCTUATION.match(text, start)
            assert opening is not None  # it matches the empty string
            token = _RAW_TOKEN.match(text, opening.end())
            run_end = max(token.end() if token is not None else opening.end(), at + 1)
        if token is not None and token.start() <= at < token.end():
            yield token
            at = text.find(needle, token.end())
        else:
            at = text.find(needle, at + 1)


def _named_at(text: str, token: str) -> Iterator[int]:
    """Offsets of raw tokens naming ``token`` as written or as the tail of a qualified name
    (``pkg.mod.run_all`` names ``run_all``: a reference target's short form)."""
    tail = "." + token
    for match in _raw_tokens_around(text, token):
        if any(word == token or word.endswith(tail) for word in _words_of(match.group())):
            yield match.start()


def _prefixes(token: str) -> list[str]:
    """The dotted prefixes of ``token``, longest first: its containers, nearest first."""
    parts = token.split(".")
    return [".".join(parts[:end]) for end in range(len(parts) - 1, 0, -1)]


def _prefix_at(text: str, token: str) -> dict[str, list[int]]:
    """Offsets naming each prefix of ``token`` (``::: httpx.Client`` for
    ``httpx.Client.send``), by prefix."""
    prefixes = set(_prefixes(token))
    found: dict[str, list[int]] = {}
    for match in _raw_tokens_around(text, token.split(".", 1)[0]):
        for word in prefixes.intersection(_words_of(match.group())):
            found.setdefault(word, []).append(match.start())
    return found


def _pathed_at(text: str, form: str) -> Iterator[int]:
    """Offsets of raw tokens that write the file path ``form`` as the scanner keeps it."""
    variants = path_variants(form)
    # every variant holds the form without its opening dots
    for match in _raw_tokens_around(text, form.lstrip(".")):
        if any(written in variants for written in loose_forms(match.group())):
            yield match.start()


class _TokenOffsets:
    """Where each of a page's raw tokens starts, by what the scanner derives from it, read in
    one pass: the answers of :func:`_named_at`, :func:`_prefix_at` and :func:`_pathed_at` for
    any number of anchors (names of more than ``MAX_SUFFIX_PARTS`` dotted parts are found
    whole, not by a longer tail)."""

    def __init__(self, text: str) -> None:
        self.named: dict[str, list[int]] = {}
        """A derived word, or the last part of a dotted one -> offsets (``_named_at``)."""
        self.words: dict[str, list[int]] = {}
        """A derived word -> offsets (``_prefix_at``)."""
        self.paths: dict[str, list[int]] = {}
        """A path-like token the scanner keeps for a raw token (``loose_forms``) -> offsets."""
        for match in _RAW_TOKEN.finditer(text):
            start, raw = match.start(), match.group()
            words = set(_words_of(raw))
            for word in words:
                self.words.setdefault(word, []).append(start)
            for name in words | {word.rsplit(".", 1)[-1] for word in words}:
                self.named.setdefault(name, []).append(start)
            for written in loose_forms(raw):
                self.paths.setdefault(written, []).append(start)

    def prefixed(self, token: str) -> dict[str, list[int]]:
        return {prefix: self.words[prefix] for prefix in _prefixes(token)
                if prefix in self.words}

    def pathed(self, form: str) -> list[int]:
        return [offset for variant in path_variants(form) for offset in self.paths.get(variant, ())]


# a named tuple: a frozen dataclass costs every run 0.9 ms of import (Python 3.11)
class _ScopedNames(NamedTuple):
    """What a page's roles and object directives stand for (``_scoped_names``)."""

    forms: Mapping[str, list[int]]
    """Offsets of the names they stand for, by each form the scanner keeps of them: names the
    page may never write whole, a relative target qualified by its class or module
    (``:func:`edit``` after ``.. currentmodule:: shop`` names ``shop.edit``), and each member
    ``:members: a, b`` lists, where it lists it."""
    documenting: Mapping[str, list[int]]
    """A name -> the offsets of the directives documenting every member of it (a bare
    ``:members:``, mkdocstrings' ``::: shop.Client``)."""


def _scoped_names(text: str) -> _ScopedNames:
    """The names a page's roles and object directives stand for, and the directives that
    document every member of a name, read in one pass over its targets."""
    forms: dict[str, list[int]] = {}
    documenting: dict[str, list[int]] = {}
    for target, name in named_targets(text, sphinx_targets(text)):
        for offset, named in ((target.offset, name), *listed_members(target, name)):
            for form in _reference_names(named):
                forms.setdefault(form, []).append(offset)
        if target.members is not None and target.members.listed is None:
            documenting.setdefault(name, []).append(target.offset)
    for match in MKDOCSTRINGS.finditer(text) if ":::" in text else ():
        documenting.setdefault(match.group(1), []).append(match.start(1))
    return _ScopedNames(forms, documenting)


class PageMentions:
    """Where one page names each of its anchors. Built once per listed page: the page's line
    starts, routes, calls, phrases and default imports are read on first need and kept, and past
    ``DIRECT_SEARCHES`` anchors its tokens too, so a page listed for thousands of anchors is
    read for them once, not once per anchor."""

    def __init__(self, text: str, path: str) -> None:
        self.text = text
        self.path = path
        self._lines: LineMap | None = None
        self._routes: SegmentIndex[int] | None = None
        self._calls: dict[str, list[int]] | None = None
        self._searches = 0
        self._tokens: _TokenOffsets | None = None
        self._phrases: dict[str, PhraseRuns] = {}
        self._scoped: _ScopedNames | None = None
        self._defaults: dict[str, list[int]] | None = None
        self._chained: dict[str, list[int]] | None = None
        self._substitutions: dict[str, list[int]] | None = None
        self._matter: int | None = None
        self._regions: dict[str, list[int]] | None = None

    def _said_at(self, phrase: str) -> Iterable[int]:
        first, *rest = phrase.split()
        if first not in self._phrases:
            self._phrases[first] = PhraseRuns([self.text], first)
        runs = self._phrases[first]
        return [runs.start_of[occurrence] for occurrence in runs.said(rest)]

    def _indexed(self) -> _TokenOffsets | None:
        """The page's token offsets once it has been searched ``DIRECT_SEARCHES`` times."""
        self._searches += 1
        if self._tokens is None and self._searches > DIRECT_SEARCHES:
            self._tokens = _TokenOffsets(self.text)
        return self._tokens

    def _called_at(self, token: str) -> list[int]:
        if self._calls is None:
            self._calls = {}
            for start, end in code_regions(self.text, self.path):
                for match in _CALL.finditer(self.text, start, end):
                    self._calls.setdefault(match.group(1), []).append(match.start())
        return self._calls.get(token, [])

    def _scope(self) -> _ScopedNames:
        """The page's ``_scoped_names``, read on first need."""
        if self._scoped is None:
            self._scoped = _scoped_names(self.text)
        return self._scoped

    def _imported_default_at(self, token: str) -> list[int]:
        """Where the page imports the default export ``token`` (``module.default``), its
        default imports read on first need: a page may have many ``.default`` anchors."""
        if self._defaults is None:
            self._defaults = {}
            for name, offset in default_imports(self.text):
                self._defaults.setdefault(name, []).append(offset)
        return self._defaults.get(token, [])

    def _chained_at(self, token: str) -> list[int]:
        """Where a method chain's link names ``token`` (``program.option`` of ``program\n
        .option(…)``), the page's chains read on first need."""
        if self._chained is None:
            self._chained = {}
            for name, offset, _ in chain_links(self.text):
                self._chained.setdefault(name, []).append(offset)
        return self._chained.get(token, [])

    def _nearest_prefix(self, token: str) -> list[int]:
        """Where the page documents the nearest container of ``token``: the directives
        documenting every member of its longest prefix so documented (``.. autoclass:: Map``
        with ``:members:`` for ``Map.add_rule``, not every line importing ``Map``), else
        where it writes the longest prefix written, as a name or a qualified relative target
        (``.. autoclass:: Client`` for ``shop.Client.send``, not every line that writes
        ``shop``)."""
        tokens = self._indexed()
        scoped = self._scope()
        for prefix in _prefixes(token):
            if prefix in scoped.documenting:
                return scoped.documenting[prefix]
        written = tokens.prefixed(token) if tokens is not None else _prefix_at(self.text, token)
        for prefix in _prefixes(token):
            offsets = [*written.get(prefix, ()), *scoped.forms.get(prefix, ())]
            if offsets:
                return offsets
        return []

    def _routed_at(self, token: str) -> Iterator[int]:
        if self._routes is None:
            self._routes = SegmentIndex()
            for match in _ROUTE.finditer(self.text):
                self._routes.add(route_segments(match.group(1).rstrip(".")), False,
                                 match.start())
        yield from self._routes.find(route_segments(token), tail=token.startswith(TAIL_MARK))

    def lines(self, token: str, how: str) -> tuple[int, ...]:
        """Sorted line numbers where the page names ``token``.

        ``how`` is how the index matched the page: ``written`` (the name itself), ``prefix``
        (a documented container), ``call`` (call form in code), ``route``, ``phrase``,
        ``path`` (a file path), ``runtime`` (a runtime version), ``install`` (a package an
        install command names) or ``region`` (the marker opening a region a script writes).
        """
        text = self.text
        offsets: Iterable[int]
        if how == "written" and "-" in token:
            how = "path"  # written whole, as a path is (``DocsIndex.naming_as_written``)
        if how == "route":
            offsets = self._routed_at(token)
        elif how == "phrase":
            offsets = self._said_at(token)
        elif how == "runtime":
            offsets = version_mentions(text, token)
        elif how == "install":
            offsets = [offset for name, offset in installed(text, self.path) if name == token]
        elif how == "region":
            offsets = self._region_at(token)
        elif how == "call":
            offsets = self._called_at(token) if token + "(" in text else ()
        elif how == "prefix":
            offsets = self._nearest_prefix(token)
        elif (tokens := self._indexed()) is not None:
            offsets = tokens.pathed(token) if how == "path" else [
                *tokens.named.get(token, ()), *self._scope().forms.get(token, ())]
        elif how == "path":
            offsets = _pathed_at(text, token)
        else:
            offsets = [*_named_at(text, token), *self._scope().forms.get(token, ())]
        if how == "written" and "." in token:
            offsets = [*offsets, *self._chained_at(token)]
        if how == "written" and token.endswith(".default"):
            # a default import names ``module.default`` without writing it
            offsets = [*offsets, *self._imported_default_at(token)]
        if self._lines is None:
            self._lines = LineMap(text)
        lines = self._lines
        found = self._substituted({lines.line(offset) for offset in offsets})
        # a table of contents' entry or a link index points at the section: where the page
        # names the anchor is the section itself (fastify's Server.md lists `trustProxy` at
        # line 29, and its section is at 554); a front matter's key titles the page its body
        # names the anchor in (valtio's `title: 'proxyMap'` over `# `proxyMap``); each is
        # kept when it is all the page has
        named = [line for line in found
                 if not self._navigates(line) and line > self._front_matter_lines()]
        return tuple(named or found)[:MAX_LINES]

    def _region_at(self, marker: str) -> list[int]:
        """Where the page's regions that ``marker`` opens start, the page read for its
        regions once, however many markers are asked of it."""
        if self._regions is None:
            self._regions = {}
            for offset, opening in written_regions(self.text):
                self._regions.setdefault(opening, []).append(offset)
        return self._regions.get(marker, [])

    def _navigates(self, line: int) -> bool:
        """Whether the line is a table of contents' entry or a link-index line
        (docs/concepts/anchoring-rules.md#link-indexes): a link to where the name is
        documented."""
        assert self._lines is not None
        start, end = self._lines.span(line)
        return _CONTENTS_ENTRY.fullmatch(self.text, start, end) is not None \
            or LINK_INDEX.match(self.text, start) is not None

    def _front_matter_lines(self) -> int:
        """How many lines a markdown page's front matter fills (0: none), read once."""
        if self._matter is None:
            self._matter = front_matter_end(self.text.split("\n")) \
                if self.text.startswith("---") and not self.path.endswith(".rst") else 0
        return self._matter

    def _substituted(self, found: set[int]) -> list[int]:
        """``found`` in order, each line of an rst substitution definition replaced by the
        lines using the substitution (loguru's ``.. |opt| replace:: :meth:`…Logger.opt```
        at line 36, used as ``|opt|`` at lines 152 and 191): the definition is written once,
        at the top, for the text below. A substitution the page never uses keeps its
        definition's line, the only mention there is."""
        if not self.path.endswith(".rst") or ".. |" not in self.text:
            return sorted(found)
        assert self._lines is not None
        kept: set[int] = set()
        for line in found:
            definition = _SUBSTITUTION_DEFINITION.match(self.text, *self._lines.span(line))
            uses = {self._lines.line(offset) for offset in
                    self._substitution_uses().get(definition.group(1), ())} - {line} \
                if definition is not None else set()
            kept.update(uses or (line,))
        return sorted(kept)

    def _substitution_uses(self) -> dict[str, list[int]]:
        """Offsets of each substitution's uses (``|opt|``) by name, the page read once."""
        if self._substitutions is None:
            self._substitutions = {}
            for match in _SUBSTITUTION_REFERENCE.finditer(self.text):
                self._substitutions.setdefault(match.group(1), []).append(match.start())
        return self._substitutions


def mention_lines(text: str, path: str, token: str, how: str) -> tuple[int, ...]:
    """Sorted line numbers where ``text`` names ``token`` (``PageMentions.lines`` of a page
    read for one anchor)."""
    return PageMentions(text, path).lines(token, how)
