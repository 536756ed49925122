"""Where a page runs a program: a program name is a command only in command position
(docs/concepts/anchoring-rules.md#program-names)."""

from __future__ import annotations

import re
from bisect import bisect_right
from functools import lru_cache

from govern.drift.docs.scanner import fenced_blocks

_PROMPT_WINDOW = 16
"""How far before a program name its line may start: an indent and a prompt (``    $ ``)."""
_LINE_OPENING = re.compile(r"(?P<indent>[ \t]*+)(?P<prompt>[$%][ \t]++)?+")
_CODE_INDENT = 3
"""An indent that makes a line code: a Markdown indented block (4), an rst literal block or
``code-block`` body (3)."""


def invoked_at(text: str, start: int, program: str) -> bool:
    """Is ``program``, written at ``start``, run as a command there
    (docs/concepts/anchoring-rules.md#program-names)? It opens a code span and is followed by
    an argument (`` `httpie -h` ``), or opens a line of code (after a ``$``/``%`` prompt, in an
    indented block, or in a fenced one) followed by an argument or the line's end. ``http`` of
    ``http://…``, of `` `http` ``, or opening a line of prose is no command: a plain word
    such as ``http`` or ``run`` is on every page as a word."""
    after = text[start + len(program):start + len(program) + 1]
    if text[start - 1:start] == "`":
        return after in (" ", "\t")
    if after not in ("", " ", "\t", "\n", "\r"):
        return False
    window = text[max(0, start - _PROMPT_WINDOW):start]
    newline = window.rfind("\n")
    if newline < 0 and start > _PROMPT_WINDOW:
        return False  # more than an indent and a prompt before it on its line
    opening = _LINE_OPENING.fullmatch(window[newline + 1:])
    if opening is None:
        return False
    indent = opening.group("indent").expandtabs(4)
    return (opening.group("prompt") is not None or len(indent) >= _CODE_INDENT
            or _in_fenced_block(text, start))


@lru_cache(maxsize=4)
def _fenced(text: str) -> tuple[list[int], list[int]]:
    """The starts and ends of the page's fenced blocks, found once for all its names (a str
    keeps its hash, so the cache costs one pass of the page)."""
    blocks = fenced_blocks(text)
    return [start for start, _ in blocks], [end for _, end in blocks]


def _in_fenced_block(text: str, offset: int) -> bool:
    starts, ends = _fenced(text)
    at = bisect_right(starts, offset) - 1
    return at >= 0 and offset < ends[at]
