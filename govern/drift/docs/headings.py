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


def _names_its_section(heading: str, token: str) -> bool:
    """Is the heading the section of ``token``: its text, markup taken out, is that name,
    perhaps qualified (``fastify.setErrorHandler``, yargs' ``.demand``), perhaps with its
    parameters or type (``setErrorHandler(handler)``, ``pageSize: number``) or a closing
    colon? A name that is one part of a longer heading (typer's ``### Name and help in
    `typer.Typer()` ``) is mentioned there, not documented."""
    text = _SIGNATURE.sub("", _MARKUP.sub("", heading).strip().rstrip("#").strip())
    typed = _TYPED.fullmatch(text)
    text = typed.group(1) if typed is not None else text.rstrip(" \t:.")
    if not text.endswith(token):
        return False
    before = text[: len(text) - len(token)]
    starts_a_word = not before or not (before[-1].isalnum() or before[-1] in "_$")
    return starts_a_word and _QUALIFIER.fullmatch(before) is not None


def has_heading_naming(text: str, path: str, token: str) -> bool:
    """Does a heading of the page at ``path`` (a reStructuredText title, or a markdown heading
    outside fenced code) name ``token`` as its own section (``_names_its_section``)? Linear in
    the text: each line is read once."""
    if path.endswith(".rst"):
        return any(_names_its_section(match.group(1), token) for match in _RST.finditer(text))
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
        if heading is not None and _names_its_section(heading.group(1), token):
            return True
        if previous and _SETEXT.fullmatch(line) and _names_its_section(previous, token):
            return True
        previous = "" if heading is not None or not line.strip() else line
    return False
