"""Lines a change only re-indented or re-spaced, where whitespace has no meaning
(docs/concepts/anchoring-rules.md#what-anchors): what ``git diff -w`` would not show.

A formatter sweep that re-indents fastify's 80-line ``FastifyErrorCodes`` union around one
real edit changes every line of it as git sees it, and each line anchored its error code: 79
anchors and four pages for a change to one. Within each hunk, a removed line and an added
line that read the same once their blanks are taken out are the same line, moved or
re-indented; what is left is what changed. Python is never read so: its indentation is its
block structure."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from govern.git.gitio import Hunk

_BLANKS = b" \t\r\f\v"


def _squeezed(line: bytes) -> bytes:
    return line.translate(None, _BLANKS)


def _unmatched(lines: list[int], text: list[bytes], other: Counter[bytes]) -> set[int]:
    """Those of ``lines`` (1-based in ``text``) whose squeezed text ``other`` holds, each of
    its entries used once."""
    same = set()
    for line in lines:
        key = _squeezed(text[line - 1])
        if key and other[key] > 0:
            other[key] -= 1
            same.add(line)
    return same


def respaced_lines(old: bytes, new: bytes, hunks: Sequence[Hunk]
                   ) -> tuple[frozenset[int], frozenset[int]]:
    """Each side's lines of ``hunks`` that the other side of the same hunk holds but for
    whitespace (the base side's, then the head side's)."""
    old_text, new_text = old.split(b"\n"), new.split(b"\n")
    same_old: set[int] = set()
    same_new: set[int] = set()
    for hunk in hunks:
        removed = [line for line in hunk.old_lines() if line <= len(old_text)]
        added = [line for line in hunk.new_lines() if line <= len(new_text)]
        if not removed or not added:
            continue
        same_new |= _unmatched(added, new_text,
                               Counter(_squeezed(old_text[line - 1]) for line in removed))
        same_old |= _unmatched(removed, old_text,
                               Counter(_squeezed(new_text[line - 1]) for line in added))
    return frozenset(same_old), frozenset(same_new)
