"""Whether a page has a heading naming a token: the section that documents it
(docs/concepts/affected-docs.md#guards). A name on too many pages to list is still listed on
the one page whose heading is that name (fastify's ``#### setErrorHandler`` in
``Server.md``, among the nine pages writing ``setErrorHandler``)."""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator

_MARKDOWN = re.compile(r"[ \t]{0,3}+#{1,6}+[ \t]++(.*+)")
"""An ATX heading's text (``### `trustProxy` ``), matched at a line's start."""
_SETEXT = re.compile(r"[ \t]{0,3}+(?:=++|-++)[ \t\r]*+")
"""A setext underline: the paragraph line above it is a heading (``Title`` over ``=====``)."""
_FENCE = re.compile(r"[ \t]{0,3}+(`{3,}+|~{3,}+)")
"""A line opening or closing a fenced code block, where a ``#`` line is a comment."""
_RST = re.compile(r"^([^\n]*+)\n([=\-~^\"'`#*+<>:._])\2{2,}+[ \t\r]*+$", re.M)
"""A reStructuredText title's text: a line underlined by a run of one punctuation mark."""


_MARKUP = re.compile(r"<[^<>\n]*+>|\{#[^{}]*+\}|:(?:[\w.+-]++:){1,2}+(?=`)|[`*\\]")
"""What a heading writes around its text: an HTML or JSX tag (``<a name="demand"></a>``,
``<Badge text="beta"/>``, ``<code>``, a generic's ``<T>``), an attribute list
(``{#demand}``), a Sphinx role before its backticked target (``:func:``), backticks,
emphasis, an escape."""
_SIGNATURE = re.compile(r"\([^()]*+\)(?:[ \t]*+(?::|->|=>)[^()]*+)?+$")
"""A call's parameters closing a heading, with a return type after them
(``setErrorHandler(handler)``, ``parse(text): Tree``, ``run() -> None``)."""
_TYPED = re.compile(r"([\w$.@-]++)\??+[ \t]*+:[^:]*+")
"""A member's heading with its type (``pageSize?: number``): the name before the colon."""
_QUALIFIER = re.compile(r"(?:new[ \t]++|@|(?:-[\w-]++,[ \t]*+)++)?+[\w$.]*+")
"""What may stand before the name in its own heading: ``fastify.``, ``.`` (yargs'
``.demand()``), ``new ``, a decorator's ``@``, a flag's short form (``-w, --watch``)."""


def _section_text(heading: str) -> str:
    """A heading's text as it names a section: its markup, parameters or type and a closing
    colon taken out (``### `setErrorHandler(fn)` {#h}`` is ``setErrorHandler``)."""
    text = _SIGNATURE.sub("", _MARKUP.sub("", heading).strip().rstrip("#").strip())
    typed = _TYPED.fullmatch(text)
    return typed.group(1) if typed is not None else text.rstrip(" \t:.")


def _names(text: str, token: str) -> bool:
    """Is ``text`` (a heading's :func:`_section_text`) the name ``token``, perhaps qualified?"""
    if not text.endswith(token):
        return False
    before = text[: len(text) - len(token)]
    starts_a_word = not before or not (before[-1].isalnum() or before[-1] in "_$")
    return starts_a_word and _QUALIFIER.fullmatch(before) is not None


def _names_its_section(heading: str, token: str) -> bool:
    """Is the heading the section of ``token``: its text, markup taken out, is that name,
    perhaps qualified (``fastify.setErrorHandler``, yargs' ``.demand``), perhaps with its
    parameters or type (``setErrorHandler(handler)``, ``pageSize: number``) or a closing
    colon? A name that is one part of a longer heading (typer's ``### Name and help in
    `typer.Typer()` ``) is mentioned there, not documented."""
    return _names(_section_text(heading), token)


def _headings(text: str, path: str) -> Iterator[str]:
    """The text of each heading of the page at ``path``, in order: a reStructuredText page's
    titles, a markdown page's ATX and setext headings outside fenced code and front matter."""
    if path.endswith(".rst"):
        yield from (match.group(1) for match in _RST.finditer(text))
        return
    fence = ""
    lines = text.split("\n")
    if lines[0].rstrip() == "---":  # front matter: YAML, whose ``#`` is a comment
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
        if heading is not None:
            yield heading.group(1)
        if previous and _SETEXT.fullmatch(line):
            yield previous
        previous = "" if heading is not None or not line.strip() else line


class SectionHeadings:
    """A page's headings (a reStructuredText title, or a markdown heading outside fenced
    code), read once for every token asked of it: a run asks a page about each of its
    anchors, and one writing a thousand of them was read a thousand times over. Linear in
    the text: each line is read once.

    Each heading's section text is kept reversed and sorted, so the headings ending with a
    token are found by a binary search instead of trying every heading."""

    def __init__(self, text: str, path: str) -> None:
        self._text = text
        self._markdown = not path.endswith(".rst")
        # (section text reversed, the heading as written), each once
        self._ends = sorted({(_section_text(heading)[::-1], heading)
                             for heading in _headings(text, path)})

    def naming(self, token: str) -> bool:
        """Does a heading of the page name ``token`` as its own section
        (:func:`_names_its_section`)?"""
        ends, backwards = self._ends, token[::-1]
        at = bisect.bisect_left(ends, (backwards,))
        while at < len(ends) and ends[at][0].startswith(backwards):
            reversed_text, heading = ends[at]
            at += 1
            if _names(reversed_text[::-1], token):
                # a markdown page must write the token itself (a heading may name it with
                # markup inside, ``set\\_handler``): the page is searched only then
                return not self._markdown or token in heading or token in self._text
        return False
