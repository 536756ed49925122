"""Whether a Markdown page changed only in syntax that renders the same: a formatter run over
the docs (mobx's 2b6f301a74 ran Prettier over ``docs/``: ``*`` list markers became ``-``,
``*word*`` became ``_word_``) edits pages no code change asked for, so calibrate keeps such a
page out of the reference set as it does typo fixes.

Each side is written in one canonical spelling of the syntax Markdown renders alike, and the
two are then compared as prose is (whitespace, link targets and bare tags aside; a code
block's tokens are joined by a NUL, so they are compared one by one):

- a bullet (``*``, ``-``, ``+``) or an ordered-list number (``1.``, ``2)``) opening a line,
  and a blockquote's ``>`` markers there;
- emphasis markers outside code: ``*x*`` and ``_x_``, ``**x**`` and ``__x__``, an escaped
  ``\\*`` and a bare one;
- a thematic break (``***``, ``- - -``, ``___``), a table's outer pipes and its delimiter row
  (``|---|:--|``), a code fence (``~~~`` or three backquotes or more) and its indentation, and
  a line that is one HTML comment (a formatter's ``<!-- prettier-ignore -->``);
- in a code block, what a code formatter changes without changing the code: the spaces and
  line breaks between its tokens (a name or number is one token, any other character one
  each: ``{a}`` and ``{ a }`` are the same three), a quote's kind (``'mobx'`` and
  ``"mobx"``), semicolons, a comma before a closing bracket (a trailing comma), the
  parentheses around an arrow function's one parameter (``(x) =>`` and ``x =>``) and those
  around JSX after ``=>`` or ``return``, and in a JavaScript or TypeScript block the quotes of
  an object key (``{"John": 1}`` and ``{ John: 1 }``).

Words, the text of code spans and every other token of a code block are kept as written, in
order: a page where one of them changed stays a reference page (``connect(host, port)`` and
``connect(hostport)``, ``print 'hello'`` and ``print('hello')`` differ). Every step reads each
character a bounded number of times, so a hostile page is read in linear time."""

from __future__ import annotations

import re
from collections import Counter

MARKDOWN_SUFFIXES = (".md", ".mdx")
"""The pages read so (an rst page marks lists and emphasis otherwise)."""

# Each pattern is a single character class, repeated: one pass, no backtracking.
_SPACE = re.compile(r"[ \t]*")
_PREFIX = re.compile(r"[ \t>]*")
_TICKS = re.compile(r"`+")
_DASHES = re.compile(r"-+")
_BULLETS = "*+-"
_BREAK_MARKS = "*-_"
_FENCE_MARKS = "`~"
_EMPHASIS = str.maketrans("*", "_")
_TOKEN = re.compile(r"\w+|\S")
"""A code block's tokens: a run of word characters, or any other character but a space."""
_WORD = re.compile(r"\w+")
_CLOSERS = frozenset(")]}")
_SCRIPTS = frozenset({"js", "javascript", "jsx", "mjs", "cjs", "ts", "typescript", "tsx"})
"""The languages of a fence (its info string's first word) whose object keys are quoted only
when they must be: Prettier's ``{"John": 1}`` made ``{John: 1}`` is the same code there."""
_JOIN = "\0"
"""What a code block's tokens are joined by: no whitespace, so comparing pages as prose (which
drops it) does not run two tokens together, and no token (a NUL in the code is a space)."""
_MAX_NUMBER = 9
"""Digits an ordered-list number may have (CommonMark's bound)."""


def _past(run: re.Pattern[str], line: str, at: int = 0) -> int:
    """Where the run of ``run``'s characters starting at ``at`` ends."""
    match = run.match(line, at)
    return match.end() if match else at


def _list_marker(line: str, at: int) -> tuple[str, int] | None:
    """The canonical marker of the list item opening at ``at`` (``-`` or ``1.``) and where its
    text starts, or None when no item opens there."""
    if at < len(line) and line[at] in _BULLETS:
        end, marker = at + 1, "-"
    else:
        end = at
        while end < len(line) and end - at <= _MAX_NUMBER and line[end].isdigit():
            end += 1
        if not 0 < end - at <= _MAX_NUMBER or end == len(line) or line[end] not in ".)":
            return None
        end, marker = end + 1, "1."
    if end < len(line) and line[end] not in " \t":
        return None  # ``*word*``, ``-1``, ``3.14``: no list item
    return marker, _past(_PREFIX, line, end)


def _emphasis(text: str) -> str:
    """Text outside code with every emphasis marker ``_``: the ``*`` and ``_`` spellings, and
    a marker escaped or not, render alike."""
    return text.translate(_EMPHASIS).replace("\\_", "_")


def _inline(text: str) -> str:
    """A line's text, its emphasis markers canonical outside its code spans. A code span runs
    from a backquote run to the next run as long (CommonMark); a run no later one matches is
    literal text."""
    runs = [(m.start(), m.end()) for m in _TICKS.finditer(text)]
    ahead = Counter(end - start for start, end in runs)
    out: list[str] = []
    at, opened = 0, 0  # opened: the length of the open span's run, 0 outside a span
    for start, end in runs:
        length = end - start
        ahead[length] -= 1
        if not opened and ahead[length]:
            out.append(_emphasis(text[at:start]))
            at, opened = start, length
        elif opened == length:
            out.append(text[at:end])
            at, opened = end, 0
    out.append(text[at:] if opened else _emphasis(text[at:]))
    return "".join(out)


def _is_break(rest: str) -> bool:
    """``***``, ``- - -``, ``___``: three or more of one mark, spaces between."""
    marks = rest.replace(" ", "").replace("\t", "")
    return len(marks) >= 3 and marks[0] in _BREAK_MARKS and not marks.strip(marks[0])


def _fence(rest: str) -> tuple[str, int] | None:
    """The mark and length of a code fence opening ``rest``, or None."""
    if not rest or rest[0] not in _FENCE_MARKS:
        return None
    length = len(rest) - len(rest.lstrip(rest[0]))
    return (rest[0], length) if length >= 3 else None


def _table_row(rest: str) -> str:
    """A table row without its outer pipes, which are optional; a delimiter row's dashes,
    which a formatter pads to the column's width, one each."""
    rest = rest.removeprefix("|")
    if rest.endswith("|") and not rest.endswith("\\|"):
        rest = rest[:-1]
    return _DASHES.sub("-", rest) if not rest.strip(" \t|:-") else _inline(rest)


def _prose_line(line: str) -> tuple[str, tuple[str, int] | None]:
    """A line outside code blocks written canonically, and the fence it opens, if any."""
    at = _past(_PREFIX, line)
    markers: list[str] = []
    # a break is looked for before the markers and after them (``* * *`` is a break, ``- ***``
    # an item holding one), not at each: a line of nested markers is read once
    if not _is_break(line[at:]):
        while (found := _list_marker(line, at)) is not None:
            marker, at = found
            markers.append(marker)
    rest = line[at:].rstrip(" \t")
    fence = _fence(rest)
    if _is_break(rest):
        rest = "---"
    elif rest.startswith("<!--") and rest.endswith("-->"):
        rest = ""  # a comment renders nothing (``<!-- prettier-ignore -->``)
    elif fence is not None:
        rest = "```" + rest[fence[1]:].strip()
    else:
        rest = _table_row(rest) if "|" in rest else _inline(rest)
    return " ".join([*markers, rest]), fence


def _code_line(line: str, quotes: int) -> str:
    """A line inside a code block without its indentation and its container's ``>`` markers
    (``quotes`` of them): the code's own are kept."""
    at = _past(_SPACE, line)
    for _ in range(quotes):  # the line's markers, up to the first character of another kind
        if at == len(line) or line[at] != ">":
            break
        at = _past(_SPACE, line, at + 1)
    return line[at:]


def _code_tokens(tokens: list[str], script: bool) -> list[str]:
    """A code block's tokens without what a code formatter adds or drops (the module's list);
    ``script``: the block is JavaScript or TypeScript, whose object keys may be quoted or not."""
    out: list[str] = []
    wrapping: list[bool] = []  # for each open parenthesis, whether it only wraps JSX (dropped)
    for at, token in enumerate(tokens):
        if token == ";":
            continue
        if token == "'":
            token = '"'
        elif token == "(":
            # ``=> (<div>…</div>)``, ``return (<div>…``: the parentheses a formatter puts
            # around JSX of several lines
            wrapping.append(at + 1 < len(tokens) and tokens[at + 1] == "<" and (
                out[-2:] == ["=", ">"] or out[-1:] == ["return"]))
            if wrapping[-1]:
                continue
        elif token == ")" and wrapping and wrapping.pop():
            continue
        if token in _CLOSERS and out and out[-1] == ",":
            out.pop()  # a trailing comma
        elif (token == ">" and len(out) >= 4 and out[-1] == "=" and out[-2] == ")"
              and out[-4] == "(" and _WORD.fullmatch(out[-3])):
            out[-4:] = [out[-3], "="]  # (x) => is x =>
        elif (script and token == ":" and len(out) >= 4 and out[-1] == out[-3] == '"'
              and out[-2].isidentifier() and out[-4] in "{,"):
            out[-3:] = [out[-2]]  # {"John": 1} is {John: 1}
        out.append(token)
    return out


def _code_block(tokens: list[str], language: str) -> str:
    return _JOIN.join(_code_tokens(tokens, language in _SCRIPTS))


def canonical_markdown(text: str) -> str:
    """``text`` with the syntax that renders alike written one way (the module's list). A code
    block's lines are joined into one, so that the lines a formatter splits its code into
    compare as the code they hold: its tokens, joined by a NUL."""
    out: list[str] = []
    fence: tuple[str, int] | None = None  # the open code block's fence
    quotes = 0  # the ``>`` markers that open each line of that block
    language = ""  # the first word of its info string, lower case (``javascript``)
    code: list[str] = []  # its tokens so far
    for line in text.splitlines():
        if fence is None:
            written, fence = _prose_line(line)
            out.append(written)
            quotes = line.count(">", 0, _past(_PREFIX, line))
            if fence is not None:
                info = written.partition("```")[2].split(maxsplit=1)
                language = info[0].lower() if info else ""
            continue
        rest = _code_line(line, quotes)
        closing = _fence(rest)
        if (closing is not None and closing[0] == fence[0] and closing[1] >= fence[1]
                and not rest.strip(" \t" + fence[0])):
            out.append(_code_block([*code, "```"], language))
            fence, code = None, []
        else:
            code += _TOKEN.findall(rest.replace(_JOIN, " "))
    if code:
        out.append(_code_block(code, language))
    return "\n".join(out)


def is_markdown(path: str) -> bool:
    return path.lower().endswith(MARKDOWN_SUFFIXES)
