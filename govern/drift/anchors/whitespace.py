"""Lines a change only re-spaced or re-wrapped, where whitespace between tokens has no
meaning (docs/concepts/anchoring-rules.md#what-anchors): re-indented, or a blank added or
dropped where the tokens stay apart without it, or lines joined or split as a formatter does.

A formatter sweep that re-indents fastify's 80-line ``FastifyErrorCodes`` union around one
real edit changes every line of it as git sees it, and each line anchored its error code: 79
anchors and four pages for a change to one; got's ``function got (url`` becoming
``function got(url`` anchored ``got``. Within a hunk, a removed and an added line that read
the same token for token are one line, re-spaced; what is left is what changed. Unless what
is left opens or closes a block (``export namespace Utils {``, ``}``): then the hunk moved
code into or out of it, which changes what it declares, and all its lines count. Python is
never read so: its indentation is its block structure.

Prettier 3 re-wrapping jotai's call arguments over five lines and adding trailing commas to
its type parameter lists anchored ``useAtom``, ``selectAtom`` and ``unwrap``: a re-wrap
pairs no line with another. So a hunk is also read whole, its removed lines against its added
lines, each side as one stream of tokens going on into the line after the hunk (the same on
both sides); when the two read the same, every line of the hunk is unchanged. What a
formatter adds is dropped from both streams first (:data:`_TRAILING_COMMA`): a trailing comma,
the parentheses of an arrow function's one parameter, and those of a ``typeof`` an index
follows where a line shows a type position. Not a comma after an opening bracket or a comma
(``[,]`` holds a hole), nor a ``typeof`` in value code (``(typeof w)['name']`` is the length of
a string). And a hunk whose code holds a ``/`` outside strings and ``//`` comments is never
read whole: a regular expression's commas and brackets are its text (``/\\d{2,}/`` is not
``/\\d{2}/``), and without parsing it cannot be told from a division; such a hunk is read line by
line, which lists what it cannot pair: the safe side."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from functools import cache

from govern.drift.anchors.syntax import lines_of
from govern.git.gitio import Hunk

_OPENING = (b"{", b"(", b"[")
_CLOSING = (b"}", b")", b"]")


def _quoted(closing: bytes) -> bytes:
    """A string in any of the three quotes; ``closing`` is what follows its text (``?``: a
    string not closed on its line goes on to the line's end, a template literal going on)."""
    return b"|".join(rb"%s(?:\\.|[^%s\\])*+%s%s" % (quote, quote, quote, closing)
                     for quote in (b"'", b'"', b"`"))


_STRING = re.compile(rb"(%s)" % _quoted(b"?"))
_CLOSED = re.compile(_quoted(b""))
_BLANKS = re.compile(rb"[ \t\r\f\v]++")
_SEPARATOR = rb"()\[\]{},;"
_WORD = rb"\w$\x80-\xff"
_LOOSE = re.compile(
    rb" (?:(?<=[%(s)s] )|(?=[%(s)s])|(?<=[%(w)s] )(?=[^%(w)s/ ])|(?<=[^%(w)s/ ] )(?=[%(w)s]))"
    % {b"s": _SEPARATOR, b"w": _WORD})
"""A blank that parts no two tokens: one beside a separator, or between a word and an
operator. Two words (``return url``) or two operators (``a + +b`` is not ``a ++b``) would run
together without it, and a ``/`` may open or close a regex, whose blanks are its text."""
_QUOTES = frozenset(b"'\"`")
_IS_WORD = re.compile(rb"[%s]" % _WORD)

# What a formatter adds or drops without changing a token's meaning, in a line's code:
# a comma directly before a closing bracket when a token other than an opening bracket or a
# comma is before it (a trailing comma: ``[a, b,]`` is ``[a, b]``; ``,>`` closes a type
# parameter list; but ``[,]`` holds a hole and ``[a,,]`` two elements); the parentheses
# around an arrow function's one parameter (``(x) => x`` is ``x => x``); and those prettier
# puts around a ``typeof`` an index follows, in a type position (``(typeof window)['x']``:
# TypeScript reads the type ``typeof window['x']`` as that). In value code the two differ (the
# length of a string against the type of a property), so only where a line shows a type:
# right after the colon of a declared name (``let x:``, ``readonly x:``, the parameter
# ``(x:``), after ``type Name =``, or after the ``<`` of a type argument list that closes
# right after the index (``NonNullable<(typeof window)['x']>``; in value code that would be a
# comparison compared again).
_TRAILING_COMMA = re.compile(rb"(?<![(\[{<,]),(?=[)\]}>])")
_LEADING_COMMA = re.compile(rb"(?<=[^(\[{<,]),(?=[)\]}>])")
"""The same in a line's first piece of code, where a comma that opens the line follows a
token of the line above: it is kept."""
_OPENERS = frozenset(b"([{<,")
_CLOSERS = frozenset(b")]}>")
_ARROW_PARAMETER = re.compile(rb"\(([%(w)s]++)\)(?==>)" % {b"w": _WORD})
_TYPEOF = rb"(?P<paren>\((?P<inner>typeof [%(w)s.]++)\))(?=\[)" % {b"w": _WORD}
_DECLARED = re.compile(
    rb"(?:(?:(?:export|declare|public|private|protected|static|readonly|abstract|let|const"
    rb"|var) )++[%(w)s]++[?!]?:|(?:(?:export|declare) )?type [%(w)s]++(?:<[%(w)s, ]*+>)?=)"
    % {b"w": _WORD} + _TYPEOF)
"""A type right after a declared name's colon or a type alias's ``=``, read from the line's
start."""
_PARAMETER = re.compile(rb"(?<=\()[%(w)s]++\??:" % {b"w": _WORD} + _TYPEOF)
_ARGUMENT = re.compile(rb"(?<=[%(w)s]<)" % {b"w": _WORD} + _TYPEOF
                       + rb"(?=\[(?:[%(w)s.]*+\]>|\Z))" % {b"w": _WORD})
"""A type argument closed right after its index, the index in the same piece of code or
(the piece ending at ``[``) a string, checked by :func:`_formatted`."""

# Where a line breaks, the break parts no statements when the line ends in a token that must
# go on (an operator, an opening bracket, a comma) or the next begins with one that can only
# go on what is before it; else it may end a statement (a line without a semicolon), and
# the break stays. A line ending ``++``, ``--`` or a keyword after which a break ends the
# statement (``return`` alone returns nothing) keeps its break whatever follows.
_GOES_ON = (b"(", b"[", b"{", b",", b";", b"=", b"+", b"-", b"*", b"%", b"&", b"|", b"^",
            b"<", b"?", b":", b".", b"~", b"=>")
_GOES_ON_BEFORE = frozenset(b")]},?:|&>.")
_ENDS_HERE = (b"++", b"--")
_RESTRICTED = re.compile(rb"(?:^|[^%s])(?:return|throw|break|continue|yield)$" % _WORD)
_RESTRICTED_TAIL = len(b"continue") + 1
"""How much of a line's end holds such a keyword and the byte before it."""


def _read(line: bytes) -> list[bytes]:
    """The line as its tokens read, code and strings alternating (code first and last): each
    piece of code without its indentation and trailing blanks, each run of blanks one space
    where it parts two tokens and gone where it does not (``got (url`` is ``got(url``), each
    string that opens on the line as written (``'a b'`` is not ``'ab'``, nor ``'a  b'``). A
    line that goes on a template literal opened above, or a blank in a regular expression
    beside a bracket, is read as code: a hunk is read line by line. Read with regular
    expressions, not a loop over the line's blanks: a hunk may hold megabytes."""
    parts = _STRING.split(line)
    # a blank beside a quote, or at the line's ends, parts nothing, so each piece is stripped
    parts[::2] = [_LOOSE.sub(b"", _BLANKS.sub(b" ", code)).strip(b" ") for code in parts[::2]]
    return parts


def _bare(match: re.Match[bytes]) -> bytes:
    """An arrow function's parenthesised parameter without its parentheses, a blank before
    it where a word ends just before (``async(x)=>`` is ``async x=>``)."""
    start = match.start()
    return b" " + match[1] if start and _IS_WORD.match(match.string, start - 1) else match[1]


def _uncomma(match: re.Match[bytes]) -> bytes:
    """A trailing comma dropped; a blank in its place between two operators it parted
    (``Atom<any>,>`` is ``Atom<any> >``: without it they would read as ``>>``)."""
    before = match.string[match.start() - 1:match.start()]
    return b" " if before and _apart(before[0], match.string[match.end()]) else b""


def _typeof_bare(code: bytes, first: bool, string_index_closes: bool) -> bytes:
    """``code`` without the parentheses of each ``(typeof X)`` in a type position
    (:data:`_TRAILING_COMMA`); ``first``: whether it opens its line; ``string_index_closes``:
    whether a string follows it, closed, and then ``]>``."""
    found = [*_PARAMETER.finditer(code),
             *(match for match in _ARGUMENT.finditer(code)
               if match.end() + 1 < len(code) or string_index_closes)]
    declared = _DECLARED.match(code) if first else None
    if declared:
        found.append(declared)
    if not found:
        return code
    pieces, last = [], 0
    for match in sorted(found, key=lambda match: match.start("paren")):
        pieces += [code[last:match.start("paren")], match["inner"]]
        last = match.end("paren")
    return b"".join([*pieces, code[last:]])


def _formatted(parts: list[bytes]) -> list[bytes]:
    """A line's pieces (:func:`_read`) with what a formatter adds or drops dropped from its
    code (:data:`_TRAILING_COMMA`)."""
    formatted = [*parts]
    for at in range(0, len(parts), 2):
        closes = at + 2 < len(parts) and parts[at + 2].startswith(b"]>") \
            and bool(_CLOSED.fullmatch(parts[at + 1]))
        code = _ARROW_PARAMETER.sub(_bare, _typeof_bare(parts[at], not at, closes))
        formatted[at] = (_TRAILING_COMMA if at else _LEADING_COMMA).sub(_uncomma, code)
    return formatted


def _slashed(parts: list[bytes]) -> bool:
    """Whether a line's code (:func:`_read`), outside its strings and a ``//`` comment, holds
    a ``/``: a regular expression's (``/[,]/``, whose commas and brackets are its text) or a
    division's, which cannot be told apart without parsing. Its first ``/`` tells: one that
    opens ``//`` opens a comment to the line's end."""
    for code in parts[::2]:
        slash = code.find(b"/")
        if slash >= 0:
            return code[slash + 1:slash + 2] != b"/"
    return False


@cache
def _apart(left: int, right: int) -> bool:
    """Whether two tokens, one ending in ``left`` and the next starting with ``right``,
    need a blank between them to stay two (the rule of :data:`_LOOSE`; a quote is the edge
    of a string, which nothing runs into)."""
    if left in _QUOTES or right in _QUOTES:
        return False
    return len(_LOOSE.sub(b"", bytes((left, 32, right)))) == 3


def _breaks_nothing(before: bytes, after: bytes) -> bool:
    """Whether a line break between code ending ``before`` and code starting ``after`` (both
    read, not empty) parts no statements (:data:`_GOES_ON`)."""
    if before.endswith(_ENDS_HERE):
        return False
    if before.endswith(_GOES_ON):
        return True
    if after[0] not in _GOES_ON_BEFORE or after[:1] == b"." and after[1:2].isdigit():
        return False  # ``x\n.5`` is two statements
    return not _RESTRICTED.search(before[-_RESTRICTED_TAIL:])


def _stream(lines: Sequence[list[bytes]]) -> bytes | None:
    """``lines`` (:func:`_read`) as one stream of tokens: each break that parts no statements
    read as the blank its tokens need (``foo(\\n  a,\\n)`` is ``foo(a)``), the others kept,
    trailing commas and the parentheses of :func:`_formatted` dropped. None when a line ends
    inside a string: a break there is the string's text. Built as a list joined once: the
    stream of a 100,000-line hunk is megabytes."""
    stream: list[bytes] = []
    before = b""  # the last line read that has tokens
    comment = False  # whether it ends in a ``//`` comment, which the break ends
    for parts in lines:
        if len(parts) > 1 and not parts[-1] and not _CLOSED.fullmatch(parts[-2]):
            return None
        formatted = _formatted(parts)
        text = b"".join(formatted)
        if not text:
            continue
        if before and not comment and before.endswith(b",") and text[0] in _CLOSERS \
                and len(before) > 1 and before[-2] not in _OPENERS:
            before = stream[-1] = before[:-1]  # a trailing comma before the next line's closer
        if before:
            joins = not comment and _breaks_nothing(before, text)
            stream.append(b"\n" if not joins else b" " if _apart(before[-1], text[0]) else b"")
        stream.append(text)
        before, comment = text, any(b"//" in code for code in formatted[::2])
    return b"".join(stream)


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


def _respaced(before: list[bytes], after: list[bytes]) -> tuple[list[bool], list[bool]]:
    """For each removed and each added line of a hunk (evened), whether it pairs with a line
    of the other side that reads the same; none does when what is left opens or closes a
    block: the hunk moved lines into or out of it."""
    kept_old = _paired(before, Counter(after))
    kept_new = _paired(after, Counter(before))
    left = [line for line, kept in (*zip(before, kept_old, strict=True),
                                    *zip(after, kept_new, strict=True))
            if not kept and line]
    if any(_delimits(line) for line in left):
        return [False] * len(before), [False] * len(after)
    return kept_old, kept_new


def _rewrapped(removed: list[list[bytes]], added: list[list[bytes]], following: bytes) -> bool:
    """Whether a hunk's removed and added lines (:func:`_read`), each side going on into
    ``following``, read as one stream of tokens. Never when a removed or an added line holds
    a ``/`` (:func:`_slashed`): the hunk is then read line by line."""
    if any(_slashed(parts) for parts in (*removed, *added)):
        return False
    after = _read(following)
    old = _stream([*removed, after])
    return old is not None and old == _stream([*added, after])


def reindented_lines(old: bytes, new: bytes, hunks: Sequence[Hunk]
                     ) -> tuple[frozenset[int], frozenset[int]]:
    """Each side's lines of ``hunks`` that the hunk only re-spaced or re-wrapped (the base
    side's, then the head side's)."""
    old_text, new_text = lines_of(old), lines_of(new)
    same_old: set[int] = set()
    same_new: set[int] = set()
    for hunk in hunks:
        removed = [n for n in hunk.old_lines() if n <= len(old_text)]
        added = [n for n in hunk.new_lines() if n <= len(new_text)]
        if not removed or not added:
            continue
        before = [_read(old_text[n - 1]) for n in removed]
        after = [_read(new_text[n - 1]) for n in added]
        # the line after the hunk, where a trailing comma's closer may be: in a -U0 diff, the
        # same on both sides
        end = hunk.new_start + hunk.new_count
        if _rewrapped(before, after, new_text[end - 1] if end <= len(new_text) else b""):
            same_old.update(removed)
            same_new.update(added)
            continue
        kept_old, kept_new = _respaced([b"".join(parts) for parts in before],
                                       [b"".join(parts) for parts in after])
        same_old.update(n for n, kept in zip(removed, kept_old, strict=True) if kept)
        same_new.update(n for n, kept in zip(added, kept_new, strict=True) if kept)
    return frozenset(same_old), frozenset(same_new)
