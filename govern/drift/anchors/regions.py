"""The parts of a TypeScript/JavaScript source that can hold the route registrations its hint
lines point at, so that a large file is parsed in those parts only.

A registration is one call or one object, and it sits inside one statement of the module (a
top-level statement starts at column 0 in formatted code). When that statement is large (a
class of ten thousand lines, a table of flows), only the member holding the hint is kept,
with the statement's first lines and its closing line around it, which parse as the same
statement with one member. The regions are a guess from indentation, so the whole file is
parsed instead when they are not clearly smaller, when a part kept whole leaves a bracket
open, when one seems to start inside a template literal, a comment or JSX text, or when the
regions do not parse cleanly (docs/decisions/sqlite-docs-index.md, "Registrars are parsed
where they register").
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from functools import cache

# What begins a statement or a member on its line: a keyword or a name, a decorator, a private
# name, a parenthesis or a bracket, a comment (and for a member, a quoted key). Not a closing
# bracket, a `.` or an operator continuing the line above, nor `*` (inside a JSDoc block).
_STARTS = rb"A-Za-z_$@#(\["
# Each pattern here starts with a literal (a newline, `/`), which Python's regex finds by a fast
# search; a leading `^` or lookbehind is tried at every byte, ten times slower on large files.
_TOP_START = re.compile(rb"\n(?:[%s]|/[/*])" % _STARTS)
# A block comment's opening: not the `/*` of a path or glob in a string (`'/api/*'`,
# `${base}/*`).
_COMMENT_OPEN = re.compile(rb"/\*(?<![\w'\"`/*.}\-]/\*)")
_COMMENT_CLOSE = re.compile(rb"\*/")
# A string in quotes on one line, or a comment on a line of its own: their brackets are text
# (prose wrapped over comment lines opens a parenthesis on one and closes it on the next). Not
# a comment after code: `//` is as often in a template literal, `${base}/a//b`.
_TEXT = re.compile(rb"'(?:[^'\\\n]|\\.)*+'|\"(?:[^\"\\\n]|\\.)*+\"|\n[ \t]*+//[^\n]*+")
# A top-level statement larger than this is narrowed to the members holding hints.
LARGE_STATEMENT = 16 * 1024
_LEADING_BLANKS = re.compile(rb"[ \t]*+")
# The first non-blank line of a block, and its indentation.
_FIRST_INDENTED = re.compile(rb"\n([ \t]*)[^ \t\r\n]")
# Members indented this deep or deeper are not told apart: their parent is kept whole.
_DEEPEST = 33


def registration_regions(source: bytes, hints: list[tuple[int, bool]]
                         ) -> list[tuple[int, int]] | None:
    """Byte ranges, in order and apart, covering the statements (or the members of a large
    statement) that hold the ``hints``: byte offsets on hinted lines, in order, each with
    whether it is a ``path:`` key (whose registration is the object around its line) rather
    than a call or decorator (whose registration starts on its line). None when the whole
    source should be parsed instead."""
    if not hints:
        return None
    tops = ([0] if _TOP_START.match(b"\n" + source[:2]) else []) + [
        match.start() + 1 for match in _TOP_START.finditer(source)]
    memo = _Memo()
    spans: list[tuple[int, int]] = []
    line = searched = 0
    for hint, key in hints:  # in order: each stretch of the source is searched once
        newline = source.rfind(b"\n", searched, hint)
        line, searched = (newline + 1 if newline >= 0 else line), hint
        at = bisect_right(tops, line)
        top = tops[at - 1] if at else 0
        end = tops[at] if at < len(tops) else len(source)
        found = _spans(source, top, end, line, key, 0, memo)
        if found is None:
            return None
        spans.extend(found)
    regions = _merged(spans)
    if sum(stop - start for start, stop in regions) * 4 > len(source) * 3:
        return None
    starts = [start for start, _ in regions]
    if _any_inside_literal_or_comment(source, starts) or not _after_statements(source, starts):
        return None
    return regions


@dataclass(frozen=True)
class _Block:
    """A statement or member too large to keep whole: where its members begin (the lines
    indented as its first body line that begin a member), their indentation, and where its
    closing line begins (the end, when it has none)."""

    members: list[int]
    indent: int
    closer: int


@dataclass
class _Memo:
    """What one file's regions have worked out, by where it starts: many hints share a
    statement (a line of them, a table of routes), which is then read once."""

    blocks: dict[int, _Block] = field(default_factory=dict)
    balanced: dict[tuple[int, int], bool] = field(default_factory=dict)
    indents: dict[int, int] = field(default_factory=dict)

    def indent(self, source: bytes, line: int) -> int:
        """The indentation of the line starting at ``line``."""
        if line not in self.indents:
            blanks = _LEADING_BLANKS.match(source, line)  # matches everywhere, maybe empty
            self.indents[line] = blanks.end() - line if blanks else 0
        return self.indents[line]

    def whole(self, source: bytes, start: int, stop: int) -> list[tuple[int, int]] | None:
        """The part kept whole, or None when it does not close every bracket it opens."""
        if (start, stop) not in self.balanced:
            self.balanced[start, stop] = _balanced(source, start, stop)
        return [(start, stop)] if self.balanced[start, stop] else None


def _spans(source: bytes, top: int, end: int, line: int, key: bool, indent: int,
           memo: _Memo) -> list[tuple[int, int]] | None:
    """What of the statement or member at ``top`` (to ``end``, indented ``indent``) is kept
    for the hint on the ``line`` starting there: all of it when small or when the hint is a
    key written at its members' indentation (`path:`, or `...base, path:`), else its header,
    the member holding the hint (narrowed the same way) and its closing line. None when the
    part kept whole does not close every bracket it opens: its lines were not one member
    (a line out of indentation), and parts put together could parse as something else."""
    if end - top <= LARGE_STATEMENT or line == top:
        return memo.whole(source, top, end)
    if top not in memo.blocks:
        memo.blocks[top] = _block(source, top, end, indent)
    block = memo.blocks[top]
    at = bisect_right(block.members, line)
    if not at or block.closer <= line or (key and memo.indent(source, line) == block.indent):
        return memo.whole(source, top, end)  # a key's line is a member: its object is kept
    start = block.members[at - 1]
    stop = block.members[at] if at < len(block.members) else block.closer
    member = _spans(source, start, stop, line, key, block.indent, memo)
    return None if member is None else [(top, block.members[0]), *member, (block.closer, end)]


def _balanced(source: bytes, start: int, stop: int) -> bool:
    """Does the text open as many of each bracket as it closes, outside quoted strings (`'('`
    in a message) and comment lines? Brackets in template literals and block comments are
    counted: a lone one there only sends the file to a whole parse."""
    code = _TEXT.sub(b"", source[start - 1:stop] if start else source[:stop])
    return all(code.count(opening) == code.count(closing)
               for opening, closing in ((b"{", b"}"), (b"(", b")"), (b"[", b"]")))


def _block(source: bytes, top: int, end: int, indent: int) -> _Block:
    body = source.find(b"\n", top, end)
    last = end
    while last > top and source[last - 1] in b" \t\r\n":
        last -= 1
    closer = source.rfind(b"\n", top, last) + 1
    if not (closer > top and source[closer + indent:closer + indent + 1] in (b"}", b")", b"]")
            and not source[closer:closer + indent].strip()):
        closer = end
    # the members' indentation is the first body line's: the least in the block would be a
    # line of a template literal's text (HTML, SQL) as often as a member
    first = _FIRST_INDENTED.search(source, body, end) if body >= 0 else None
    inner = len(first.group(1)) if first is not None else 0
    if inner <= indent or inner >= _DEEPEST:
        return _Block([], 0, closer)
    return _Block([m.start() + 1 for m in _member_start(inner).finditer(source, body, closer)],
                  inner, closer)


@cache
def _member_start(width: int) -> re.Pattern[bytes]:
    return re.compile(rb"\n[ \t]{%d}(?:[%s'\"]|/[/*])" % (width, _STARTS))


def _merged(regions: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for start, stop in sorted(r for r in regions if r[1] > r[0]):
        if out and start <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], stop))
        else:
            out.append((start, stop))
    return out


def _any_inside_literal_or_comment(source: bytes, offsets: list[int]) -> bool:
    """Does any of the (ascending) ``offsets`` look to be inside a template literal (an odd
    number of unescaped backticks before it) or a block comment (its last ``/*`` after its
    last ``*/``)? A guess that errs towards yes: a stray backtick or ``/*`` in a string only
    sends the file to a whole parse."""
    opens = [match.start() for match in _COMMENT_OPEN.finditer(source)]
    closes = [match.end() for match in _COMMENT_CLOSE.finditer(source)]
    backticks = counted = 0
    for offset in offsets:
        backticks += source.count(b"`", counted, offset) - source.count(b"\\`", counted, offset)
        counted = offset
        if backticks % 2:
            return True
        opened = bisect_left(opens, offset)  # a comment opening the region is in it
        if opened and opens[opened - 1] >= _last_before(closes, offset):
            return True
    return False


# How the line before a statement or member ends, in formatted code: a statement's `;`, a
# block's `{` or `}`, a list's `,`, a comment's `*/` (line comments are passed over).
_STATEMENT_ENDS = (b";", b"{", b"}", b",", b"*/")


def _after_statements(source: bytes, starts: list[int]) -> bool:
    """Does the line before each of ``starts`` (ascending line starts) end a statement or open
    a block? Text in a template literal, JSX or a comment seldom does (`Usage:`, `<pre>`,
    `{}/*`): the region would start inside it. A file written without semicolons is parsed
    whole. Blank and comment lines are passed over, back to the start before at most (its
    own line was judged already), so every line is read once."""
    before = 0
    for start in starts:
        at = start
        while at > before:
            line = source.rfind(b"\n", 0, at - 1) + 1
            text = source[line:at].strip()
            if text and not text.startswith(b"//"):
                if not text.endswith(_STATEMENT_ENDS):
                    return False
                break
            at = line
        before = start
    return True


def _last_before(offsets: list[int], offset: int) -> int:
    at = bisect_right(offsets, offset)
    return offsets[at - 1] if at else -1
