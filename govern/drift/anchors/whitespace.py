"""Lines a change only re-spaced, where whitespace between tokens has no meaning
(docs/concepts/anchoring-rules.md#what-anchors): re-indented, or a blank added or dropped
where the tokens stay apart without it.

A formatter sweep that re-indents fastify's 80-line ``FastifyErrorCodes`` union around one
real edit changes every line of it as git sees it, and each line anchored its error code: 79
anchors and four pages for a change to one; got's ``function got (url`` becoming
``function got(url`` anchored ``got``. Within a hunk, a removed and an added line that read
the same token for token are one line, re-spaced; what is left is what changed. Unless what
is left opens or closes a block (``export namespace Utils {``, ``}``): then the hunk moved
code into or out of it, which changes what it declares, and all its lines count. Python is
never read so: its indentation is its block structure."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from govern.git.gitio import Hunk

_OPENING = (b"{", b"(", b"[")
_CLOSING = (b"}", b")", b"]")
# A quoted string, to the line's end if it is not closed there (a template literal going on).
_STRING = re.compile(rb"""('(?:\\.|[^'\\])*+'?|"(?:\\.|[^"\\])*+"?|`(?:\\.|[^`\\])*+`?)""")
_BLANKS = re.compile(rb"[ \t\r\f\v]++")
_SEPARATOR = rb"()\[\]{},;"
_WORD = rb"\w$\x80-\xff"
_LOOSE = re.compile(
    rb" (?:(?<=[%(s)s] )|(?=[%(s)s])|(?<=[%(w)s] )(?=[^%(w)s/ ])|(?<=[^%(w)s/ ] )(?=[%(w)s]))"
    % {b"s": _SEPARATOR, b"w": _WORD})
"""A blank that parts no two tokens: one beside a separator, or between a word and an
operator. Two words (``return url``) or two operators (``a + +b`` is not ``a ++b``) would run
together without it, and a ``/`` may open or close a regex, whose blanks are its text."""


def _evened(line: bytes) -> bytes:
    """The line as its tokens read: without its indentation and trailing blanks, each run of
    blanks one space where it parts two tokens and gone where it does not (``got (url`` is
    ``got(url``), each string that opens on the line as written (``'a b'`` is not ``'ab'``,
    nor ``'a  b'``). A line that goes on a template literal opened above, or a blank in a
    regular expression beside a bracket, is read as code: a hunk is read line by line. Read
    with regular expressions, not a loop over the line's blanks: a hunk may hold megabytes."""
    parts = _STRING.split(line)
    # parts alternate code and strings; a blank beside a quote, or at the line's ends, parts
    # nothing, so each piece of code is stripped
    parts[::2] = [_LOOSE.sub(b"", _BLANKS.sub(b" ", code)).strip(b" ") for code in parts[::2]]
    return b"".join(parts)


def _paired(lines: list[bytes], other: Counter[bytes]) -> list[bool]:
    """For each of ``lines`` (evened), whether ``other`` holds it, each entry used once."""
    found = []
    for line in lines:
        same = bool(line) and other[line] > 0
        if same:
            other[line] -= 1
        found.append(same)
    return found


def _delimits(line: bytes) -> bool:
    return line.endswith(_OPENING) or line.startswith(_CLOSING)


def reindented_lines(old: bytes, new: bytes, hunks: Sequence[Hunk]
                     ) -> tuple[frozenset[int], frozenset[int]]:
    """Each side's lines of ``hunks`` that the hunk only re-indented (the base side's, then
    the head side's)."""
    old_text, new_text = old.split(b"\n"), new.split(b"\n")
    same_old: set[int] = set()
    same_new: set[int] = set()
    for hunk in hunks:
        removed = [n for n in hunk.old_lines() if n <= len(old_text)]
        added = [n for n in hunk.new_lines() if n <= len(new_text)]
        if not removed or not added:
            continue
        before = [_evened(old_text[n - 1]) for n in removed]
        after = [_evened(new_text[n - 1]) for n in added]
        kept_old = _paired(before, Counter(after))
        kept_new = _paired(after, Counter(before))
        left = [line for line, kept in (*zip(before, kept_old, strict=True),
                                        *zip(after, kept_new, strict=True))
                if not kept and line]
        if any(_delimits(line) for line in left):
            continue  # a block opened or closed around the lines: they moved in or out of it
        same_old.update(n for n, kept in zip(removed, kept_old, strict=True) if kept)
        same_new.update(n for n, kept in zip(added, kept_new, strict=True) if kept)
    return frozenset(same_old), frozenset(same_new)
