"""Plain-text helpers every reader and renderer of untrusted text shares."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

_LINE_END = re.compile(r"\r\n|\r|\n")
# Controls that reorder or hide text (Trojan Source): bidi embeddings, overrides and isolates,
# directional marks, zero-width characters, and C0/C1 controls other than tab and newlines;
# and lone surrogates, which are no text at all: how a path's bytes that are not UTF-8 are
# held once decoded (``surrogateescape``), and what no UTF-8 output can carry.
_INVISIBLE = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064"
    "\u2066-\u2069\ufeff\ud800-\udfff]")
SURROGATE = re.compile("[\ud800-\udfff]")
"""A lone surrogate: a byte of a path that is not UTF-8, as git's paths are decoded."""


def utf8_text(text: str) -> str:
    """``text`` with each lone surrogate as U+FFFD, for RE2, which reads UTF-8 and cannot carry
    one: one character for another, so ``*`` and ``?`` still take it and no literal is it."""
    return text if text.isascii() else SURROGATE.sub("\ufffd", text)


def split_lines(text: str) -> list[str]:
    """Lines without terminators (CRLF, CR or LF) and without a leading byte-order mark."""
    return _LINE_END.split(text.removeprefix("\ufeff"))


def clip(value: Any, limit: int = 300) -> str:
    """``value`` as one line of at most ``limit`` characters, a longer one cut with ``…`` (a
    minified bundle's literal or a 4,000-character path must not eat a comment)."""
    text = " ".join(str(value).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def fold(text: str, limit: int) -> str:
    """``text`` cut at a line end to at most ``limit`` characters, ending with how many lines
    were left out: the last resort of a renderer whose least detailed output still overflows."""
    if len(text) <= limit:
        return text
    lines = text.splitlines(keepends=True)
    kept, size = 0, 0
    while kept < len(lines):
        note = f"… {len(lines) - kept - 1} more line(s) not shown\n"
        if size + len(lines[kept]) + len(note) > limit:
            break
        size += len(lines[kept])
        kept += 1
    return "".join(lines[:kept]) + f"… {len(lines) - kept} more line(s) not shown\n"


def visible(text: object) -> str:
    """``text`` with every bidi or invisible control shown as ``<U+202E>``: what is displayed
    is what is there."""
    return _INVISIBLE.sub(lambda m: f"<U+{ord(m.group()):04X}>", str(text))


def inert_line(text: str) -> str:
    """Plain text for a log line: controls shown (:func:`visible`), CR and LF as ``\\r`` and
    ``\\n``, so text quoted from a path or the PR cannot start a line of its own, where the
    runner would read ``::add-mask::`` or ``::error::`` as a command (and a path stays one line
    of output)."""
    return visible(text).replace("\r", "\\r").replace("\n", "\\n")


def json_text(data: Any, indent: int | None = None) -> str:
    """``data`` as JSON that is UTF-8 text: characters as they are, except a lone surrogate (a
    byte of a path that is not UTF-8), which only an escape (``\\udcff``) can say; ``json.loads``
    reads it back as the same string."""
    text = json.dumps(data, indent=indent, ensure_ascii=False)
    if text.isascii():
        return text
    return SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def lines_holding(text: bytes, words: Iterable[bytes], most: int | None = None
                  ) -> list[tuple[int, int]] | None:
    """(start, end) of each line of ``text`` that holds one of ``words``, in order, each
    once; None when the words are found more than ``most`` times (a word counted once a
    line). Each word is looked for on its own, its search going on past the line of each
    occurrence: a text costs a scan a word, where one pattern of them all is tried at every
    character, and every overlapping occurrence of every word is never listed."""
    ends: dict[int, int] = {}
    found = 0
    for word in words:
        at = text.find(word)
        while at >= 0:
            found += 1
            if most is not None and found > most:
                return None
            end = text.find(b"\n", at + len(word))
            end = len(text) if end < 0 else end
            ends[text.rfind(b"\n", 0, at) + 1] = end
            at = text.find(word, end + 1)
    return sorted(ends.items())
