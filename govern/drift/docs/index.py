"""The token index of a docs corpus, built once per run from per-page scans that are cached by
blob id, so an unchanged page is never scanned twice. Lookups cost one dict probe per anchor,
whatever the corpus size."""

from __future__ import annotations

import re
from collections.abc import Callable, MutableMapping
from dataclasses import dataclass, field

from govern.drift.docs.corpus import Page
from govern.drift.docs.scanner import PageTokens, scan_page
from govern.drift.route_paths import TAIL_MARK, SegmentIndex, route_segments


@dataclass
class DocsIndex:
    pages: list[Page]
    read_blob: Callable[[str], bytes | None] = field(repr=False)
    """Reads a page's blob, for the few checks the token index cannot answer (phrases)."""
    words: dict[str, list[int]] = field(default_factory=dict)
    calls: dict[str, list[int]] = field(default_factory=dict)
    prefixes: dict[str, list[int]] = field(default_factory=dict)
    loose: list[frozenset[str]] = field(default_factory=list)
    routes: SegmentIndex[int] = field(default_factory=SegmentIndex)
    """Page ids by the wire paths the pages write."""
    unreadable: list[tuple[str, str]] = field(default_factory=list)
    """(path, reason) of each page that could not be read."""

    def read_text(self, page_id: int) -> str:
        """A page's text by id (an undecodable byte replaced: only phrases are looked for)."""
        return (self.read_blob(self.pages[page_id].blob) or b"").decode("utf-8-sig", "replace")

    def naming(self, token: str) -> set[int]:
        """Pages that name ``token``: as written, or inside a documented reference prefix
        (``::: httpx.Client`` names ``httpx.Client.send``)."""
        found = set(self.words.get(token, ()))
        parts = token.split(".")
        for end in range(1, len(parts)):
            found.update(self.prefixes.get(".".join(parts[:end]), ()))
        return found

    def routing(self, token: str) -> set[int]:
        """Pages that write the route ``token`` (params as wildcards; a ``…`` tail matches the
        end of a longer path)."""
        return set(self.routes.find(route_segments(token), tail=token.startswith(TAIL_MARK)))

    def saying(self, phrase: str) -> set[int]:
        """Pages that write a command phrase (``os meta resync``) as whitespace-separated
        words (oclif's ``os meta:resync`` too). Only pages naming its first word are read."""
        words = phrase.split()
        first = words[0]
        candidates = set(self.words.get(first, ())) | {
            page_id for page_id, loose in enumerate(self.loose) if first in loose}
        pattern = re.compile(r"(?<![\w-])" + r"(?:[ \t]+|:)".join(map(re.escape, words))
                             + r"(?![\w-])")
        return {page_id for page_id in candidates if pattern.search(self.read_text(page_id))}

    def calling(self, token: str) -> set[int]:
        """Pages that write ``token`` in call form inside code."""
        return set(self.calls.get(token, ()))


@dataclass(frozen=True)
class Unreadable:
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


def build_index(pages: list[Page], read_blob: Callable[[str], bytes | None],
                cache: MutableMapping[str, PageTokens | str]) -> DocsIndex:
    """Scan every page (or take its tokens from ``cache``, keyed by blob id) and invert.

    ``cache`` maps a blob id to its PageTokens, or to the reason it was unreadable; new scans
    are added to it for the caller to persist.
    """
    index = DocsIndex(pages=[], read_blob=read_blob)
    for page in pages:
        tokens = cache.get(page.blob)
        if tokens is None:
            decoded = decode_page(read_blob(page.blob))
            tokens = decoded.reason if isinstance(decoded, Unreadable) else scan_page(
                decoded, page.path)
            cache[page.blob] = tokens
        if isinstance(tokens, str):
            index.unreadable.append((page.path, tokens))
            continue
        page_id = len(index.pages)
        index.pages.append(page)
        index.loose.append(tokens.loose)
        for segments in tokens.routes:
            index.routes.add(segments, False, page_id)
        for table, values in ((index.words, tokens.words), (index.calls, tokens.calls),
                              (index.prefixes, tokens.prefixes)):
            for value in values:
                table.setdefault(value, []).append(page_id)
    return index
