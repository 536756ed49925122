"""Lines a change only re-indented, where whitespace has no meaning
(docs/concepts/anchoring-rules.md#what-anchors): what ``git diff -w`` would not show.

A formatter sweep that re-indents fastify's 80-line ``FastifyErrorCodes`` union around one
real edit changes every line of it as git sees it, and each line anchored its error code: 79
anchors and four pages for a change to one. A hunk that replaces as many lines as it removes
pairs them in order; a pair that reads the same once each line's indentation and runs of
blanks are evened out is the same line, re-indented. A hunk of another shape moved code
into or out of a block (a namespace's members made top-level), which changes what it
declares, so its lines all count. Python is never read so: its indentation is its block
structure."""

from __future__ import annotations

from collections.abc import Sequence

from govern.git.gitio import Hunk


def _evened(line: bytes) -> bytes:
    """The line without its indentation and trailing blanks, each run of blanks one space:
    a blank inside a string still counts (``'a b'`` is not ``'ab'``)."""
    return b" ".join(line.split())


def reindented_lines(old: bytes, new: bytes, hunks: Sequence[Hunk]
                     ) -> tuple[frozenset[int], frozenset[int]]:
    """Each side's lines of ``hunks`` that the hunk only re-indented (the base side's, then
    the head side's)."""
    old_text, new_text = old.split(b"\n"), new.split(b"\n")
    same_old: set[int] = set()
    same_new: set[int] = set()
    for hunk in hunks:
        if hunk.old_count != hunk.new_count:
            continue
        for old_line, new_line in zip(hunk.old_lines(), hunk.new_lines(), strict=True):
            if old_line > len(old_text) or new_line > len(new_text):
                break
            evened = _evened(old_text[old_line - 1])
            if evened and evened == _evened(new_text[new_line - 1]):
                same_old.add(old_line)
                same_new.add(new_line)
    return frozenset(same_old), frozenset(same_new)
