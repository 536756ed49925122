"""Whether a page has a heading naming a token: the section that documents it
(docs/concepts/affected-docs.md#guards). A name on too many pages to list is still listed on
the one page whose heading is that name (fastify's ``#### setErrorHandler`` in
``Server.md``, among the nine pages writing ``setErrorHandler``)."""

from __future__ import annotations

import re

_MARKDOWN = re.compile(r"[ \t]{0,3}+#{1,6}+[ \t]++(.*+)")
"""An ATX heading's text (``### `trustProxy` ``), matched at a line's start."""
_SETEXT = re.compile(r"[ \t]{0,3}+(?:=++|-++)[ \t\r]*+")
"""A setext underline: the paragraph line above it is a heading (``Title`` over ``=====``)."""
_FENCE = re.compile(r"[ \t]{0,3}+(`{3,}+|~{3,}+)")
"""A line opening or closing a fenced code block, where a ``#`` line is a comment."""
_RST = re.compile(r"^([^\n]*+)\n([=\-~^\"'`#*+<>:._])\2{2,}+[ \t\r]*+$", re.M)
"""A reStructuredText title's text: a line underlined by a run of one punctuation mark."""


def has_heading_naming(text: str, path: str, token: str) -> bool:
    """Does a heading of the page at ``path`` (a reStructuredText title, or a markdown heading
    outside fenced code) write ``token`` whole, not as part of a longer name? Linear in the
    text: each line is read once."""
    name = re.compile(r"(?<![\w$])" + re.escape(token) + r"(?![\w$])")
    if path.endswith(".rst"):
        return any(name.search(match.group(1)) for match in _RST.finditer(text))
    fence = ""
    lines = text.split("\n") if token in text else []
    if lines and lines[0].rstrip() == "---":  # front matter: YAML, whose ``#`` is a comment
        closing = next((n for n, line in enumerate(lines[1:], 1) if line.rstrip() == "---"), 0)
        lines = lines[closing + 1:]
    previous = ""  # the paragraph line a setext underline makes a heading
    for line in lines:
        opening = _FENCE.match(line)
        if opening is not None:
            marks = opening.group(1)
            if not fence:
                fence = marks
            elif marks[0] == fence[0] and len(marks) >= len(fence):
                fence = ""
            previous = ""
            continue
        if fence:
            continue
        heading = _MARKDOWN.match(line)
        if heading is not None and name.search(heading.group(1)):
            return True
        if previous and _SETEXT.fullmatch(line) and name.search(previous):
            return True
        previous = "" if heading is not None or not line.strip() else line
    return False
