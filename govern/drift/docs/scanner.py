"""The purpose-built page scanner: one pass of a few regular expressions per page, producing
the tokens a page *names*. A full markdown parser costs ~10 ms a page
(docs/concepts/affected-docs.md#docs-corpus-and-matching), too slow for a corpus scanned on every
PR; this needs only code regions and reference syntaxes.
"""

from __future__ import annotations

import bisect
import itertools
import re
import string
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import NamedTuple
from urllib.parse import parse_qs

from govern.drift.docs.pydomain import (
    AUTODOC,
    DECLARING,
    MKDOCSTRINGS,
    ClassBodies,
    ModuleContexts,
    in_module,
    inside,
    is_relative,
)
from govern.drift.route_paths import route_segments

# Possessive quantifiers keep every pattern linear: a page is scanned once, never re-tried.
# Each pattern starts with a literal where it can: the regex engine then jumps between
# occurrences of that character instead of trying the pattern at every position, which made
# the route and role scans ten times faster (docs/decisions/sqlite-docs-index.md, "Page scan
# and tree walks").
# tests/test_scanner.py pins that these read exactly what the patterns before them read.
_WORD = re.compile(r"[A-Za-z_$][\w$]*+(?:\.[A-Za-z_$][\w$]*+)*+")
_RAW_TOKEN = re.compile(r"[\w$@][\w$@./-]*+")
_TOKEN_ASCII = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_$@./-")
_ASCII_SEPARATORS = bytes(byte if byte in _TOKEN_ASCII or byte >= 0x80 else 0x20
                          for byte in range(256))
"""Every ASCII byte no raw token holds, as a blank; token bytes and those of other characters
kept (:func:`raw_tokens`)."""
_LEADING_MARKS = re.compile(rb" [./-]++")
"""The marks that open an ASCII run of token bytes but no token (``./`` of ``./app.py``), with
the blank before the run: a run of marks alone is no token."""
# A name followed by ``(`` is never shorter than the whole dotted name there, so the
# possessive form matches what the backtracking one does, without its retries. A Python
# definition (``def prompt(``, ``class Widget(``) is the reader's own code, no call; a JS
# ``function Home(`` is kept: example pages show the example app's own source, measured.
_CALL = re.compile(r"(?<![\w$.])(?<!def )(?<!class )"
                   r"([A-Za-z_$][\w$]*+(?:\.[A-Za-z_$][\w$]*+)*+)\(")
# Code spans and fenced blocks are read by small loops (inline_code_spans, fenced_blocks)
# over these linear patterns. The single patterns they replace read the same spans, but no
# quantifier could make them linear: ``(`++)([^`\n]++)\1`` was tried again at every
# backtick of a run, each try reading the rest of the run, and
# ``^ {0,3}(`{3,}|~{3,})[^\n]*\n(.*?)^ {0,3}\1`` tried every shorter fence in turn, each
# reading the rest of the page: quadratic on a long run of backticks or an unclosed fence.
_SPAN = re.compile(r"(`(?<!``)`*+)([^`\n]++)(`++)")
"""A code span read from the start of its run of backticks (a literal first, then a look
back: the search jumps between backticks, and tries each run once, from its start)."""
_SPAN_IN_RUN = re.compile(r"(`++)([^`\n]++)(`++)")
"""A code span read from inside a run, where the search goes on after a span closed by a
longer run."""
_FENCE = re.compile(r"( {0,3}+(`{3,}+|~{3,}+))")
_FENCE_LINE = re.compile(r"\n( {0,3}+(`{3,}+|~{3,}+))")
"""A fence opening a line after the first: the newline first, for the search to jump
between newlines instead of trying every character as a line start."""
# A line that opens an rst literal block: ``Example::``, or a code directive with a language
# (``.. code-block:: python``, ``.. code:: python``, ``.. sourcecode:: js``).
_RST_LITERAL_START = re.compile(r"::[ \t]*$|^[ \t]*\.\. (?:code-block|code|sourcecode)::")
_ROLE = re.compile(r":(?:[a-z]+:)?[a-z]+:`([^`]+)`|\{(?:[a-z]+:)?[a-z]+\}`([^`]+)`")
_LIST_BULLET = r"[ \t]*+(?:[-*+]|#\.|\d{1,9}+[.)])[ \t]"
_LINK_INDEX_BODY = (
    _LIST_BULLET + r"++(?::(?:[a-z]+:)?[a-z]+:`[^`\n]++`|\{(?:[a-z]+:)?[a-z]+\}`[^`\n]++`"
    r"|\[`[^`\n]++`\]\([^)\n]++\))[ \t\r]*+(?=\n(?:" + _LIST_BULLET + r"|[ \t]*+\r?+(?:\n|$))|$)")
LINK_INDEX = re.compile(_LINK_INDEX_BODY)
_LINK_INDEX_LINE = re.compile(r"\n(" + _LINK_INDEX_BODY + ")")
"""A link-index line (docs/concepts/anchoring-rules.md#link-indexes): a list item that is
nothing but one cross-reference role (``* :meth:`~loguru._logger.Logger.add```) or one link
whose text is a code span (``- [`proxyMap`](./proxyMap.md)``), the item ending with its line:
the next line opens another item, is blank, or there is none. The newline first, for the
search to jump between newlines; each try reads its line and the next one's indentation."""
# An autodoc directive or a hand-written object directive (``.. method:: send``), with its
# options: the lines indented under it up to the blank line before its body, which is left to
# be read on (the directives nested in a class's body are targets too). The indent is spaces
# and tabs only: ``\s*`` would start the match on the blank line before the directive, and the
# options, indented under it, would then never match.
_OBJECT_DIRECTIVE = re.compile(
    r"^([ \t]*)\.\. (?:py:)?(?P<kind>auto\w+|" + "|".join(sorted(DECLARING)) + r")::[ \t]*"
    r"(?P<target>\S+)[^\n]*(?P<options>(?:\n\1[ \t]++[^\n]*+)*+)", re.M)
_OBJECT_DIRECTIVE_MARK = re.compile(
    r"\.\. (?:py:)?(?:auto\w+|" + "|".join(sorted(DECLARING)) + r")::")
"""What every object directive writes, searched for first: its own pattern opens at a line's
start, which the search tries at every character, and a page's ``...`` had it read most MDX
pages whole (a fifth of their directive time left)."""
_MYST_AUTODOC = re.compile(
    r"^[`:]{3,}\{(?P<kind>auto\w+)\}\s*(?P<target>\S+)[^\n]*(?P<options>(?:\n:[^\n]*)*)", re.M)
# A members option, its value going on over the lines indented under it (``:members: a,\n
# b``) up to the next option or a blank line.
_MEMBERS_OPTION = re.compile(
    r"^[ \t]*+:(members|exclude-members|private-members|special-members):"
    r"([^\n]*+(?:\n[ \t]++(?![:\s])[^\n]*+)*+)", re.M)
_MEMBER = re.compile(r"[A-Za-z_]\w*+")
_AUTOREF = re.compile(r"\]\[([A-Za-z_][\w.]*)\]|\[([A-Za-z_][\w.]*)\]\[\]")
# The slash first, then a look back past it at the character before.
_ROUTE = re.compile(r"(/(?<![\w.~/:]/)[\w\-.:{}<>*]++(?:/[\w\-.:{}<>*]++)*+)")
_TSDOC_LINK = re.compile(r"\{@link(?:code|plain)?\s+([A-Za-z_$][\w$.#]*)")
# A JS default import, ``import produce from "immer"`` (with named or namespace imports after
# a comma too, over lines up to a bound), or ``require("immer").default``: the module's
# ``default`` export, named ``immer.default`` (docs/concepts/anchoring-rules.md#certain-drift).
_DEFAULT_IMPORT = re.compile(
    r"import[ \t]++(?:type[ \t]++)?[A-Za-z_$][\w$]*+[ \t]*+"
    r"(?:,[ \t]*+(?:\{[^}]{0,400}+\}|\*[ \t]*+as[ \t]++[A-Za-z_$][\w$]*+)[ \t]*+)?"
    r"""from[ \t]*+(['"])([^'"\s]++)\1""")
_DEFAULT_REQUIRE = re.compile(
    r"""require[ \t]*+\([ \t]*+(['"])([^'"\s]++)\1[ \t]*+\)[ \t]*+\.default(?![\w$])""")
"""Each starts with its keyword, which the regex engine then looks for as a literal: a
look-behind first (for the word's start, checked after the match instead) tried every
offset of every page, 84 ms of a cold run over objectstack's 391 pages (9 ms now)."""


FORMAT = 32
"""Bumped whenever PageTokens changes shape or the scan reads a page differently, so cached
scans of the old kind are not read (3: rst code directives, autodoc after a blank line; 4:
dotted suffixes of at most ``MAX_SUFFIX_PARTS`` parts; 5: the file a source link points to;
6: relative targets qualified with the current module; 7: a Python definition is no
call; 8: a mkdocstrings target is a whole line's dotted path; 9: listed and excluded members,
class bodies, hand-written object directives; 10: a mkdocstrings target is a Python dotted
path after a space, as the reference reader reads it; 11: a release-notes section is not
read; 12: a default import names ``module.default``; 13: calls in a markdown page's indented
code blocks; 14: an inline tag is a paragraph's text, and CRLF pages' indented blocks; 15: a
block quote ends the list items it is outside; 16: a front matter title is the page's title,
and an object's default repr names nothing; 17: a source link pinned to a commit names no
file; 18: a docblock link names its declaration, not its file; 19: a bare ``:members:``
documents private and special members only with the options that show them; 20: a docblock
link's path holds no ``:``; 21: of a prefix's directives, one not showing private (special)
members leaves them out; 22: the prefixes only autodoc documents; 23: rst doctest blocks
are code; 24: an automd block's names are generated, not written; 25: markdown-include's
``{!path!}`` includes; 26: a URL names nothing but the file a source link names; 27:
and a fragment that is a dotted name; 28: a directive's dotted target names its last part as a
tail, not a word; 29: a method chain's links, a call a line, name ``head.name``; 30: a name
written only on link-index lines is linked, not a word; 31: the markers of the regions a
script writes; 32: a source link to a line names no file)."""


@dataclass(frozen=True)
class PageTokens:
    """What one page names, by the form it names it in."""

    words: frozenset[str]
    """Identifiers and dotted names as written, the dotted suffixes of two or more parts
    (``client.meta.getAudit`` names ``meta.getAudit``), and reference targets' short forms."""
    calls: frozenset[str]
    """Names written in call form inside code (``parse(``, ``Widget(``)."""
    prefixes: frozenset[str]
    """Reference targets whose public members the page documents (``::: httpx.Client``)."""
    private: frozenset[str]
    """Those of ``prefixes`` whose private members (``_x``) the page documents too (``..
    automodule:: shop`` with ``:members:`` and ``:private-members:``)."""
    special: frozenset[str]
    """Those of ``prefixes`` whose special members (``__x__``) the page documents too
    (``:special-members:``)."""
    autodoc: frozenset[str]
    """Those of ``prefixes`` only autodoc directives document: ``.. automodule:: cattrs``
    renders what the module holds, never a member of its submodule (``cattrs.gen.x``, which
    ``.. automodule:: cattrs.gen`` renders). A mkdocstrings block may: its
    ``show_submodules`` option can be set for the whole site, where this scan does not read."""
    hidden: frozenset[str]
    """Members of those targets the page leaves out (``:exclude-members: close`` of ``..
    autoclass:: httpx.Client`` hides ``httpx.Client.close``)."""
    loose: frozenset[str]
    """Path- and package-like tokens (``@scope/pkg``, ``packages/mcp/src``): coarse mentions."""
    routes: frozenset[tuple[str, ...]]
    """Wire paths written on the page, as segments with params as ``*`` (a method before
    them is optional, so it is not kept)."""
    generated: frozenset[str] = frozenset()
    """What the page's generated blocks (:func:`generated_blocks`) name, kept out of the
    other fields: their words, and each name they write in call form in code with its ``(``
    (``html(``), as the shape guard reads a plain word only in call form."""
    included: frozenset[str] = frozenset()
    """The paths of the files a Markdown page includes with markdown-include's ``{!path!}``
    (:func:`included_paths`), which may name a build-time copy of the file
    (``tmp_examples/model_config_main.py``)."""
    tails: frozenset[str] = frozenset()
    """The last part of each dotted target of an object directive (``BINDINGS`` of ``:::
    textual.widgets.Switch.BINDINGS``, ``Client`` of ``.. autoclass:: shop.Client``) that the
    page writes nowhere as a word. The directive writes one object, not the bare name: a
    member's own name (``BINDINGS`` of another class) does not match it
    (:meth:`DocsIndex.naming_as_written`)."""
    linked: frozenset[str] = frozenset()
    """The names the page writes only on its link-index lines (:func:`link_index_lines`:
    ``* :meth:`~pkg.C.run```), as ``words`` would hold them: navigation to the object's
    documentation, which only a change breaking the link (the name removed or renamed) makes
    stale (:meth:`DocsIndex.linking`)."""
    regions: frozenset[str] = frozenset()
    """The opening marker of each region the page leaves to a script (``<!--
    SPONSORS:LIST:START -->`` … ``<!-- SPONSORS:LIST:END -->``), as written
    (:func:`written_regions`)."""


def inline_code_spans(text: str) -> list[tuple[int, int]]:
    r"""(start, end) of each inline code span's content, as ``(`++)([^`\n]++)\1`` finds
    them (group 2). That pattern is tried at each backtick of a run in turn, and matches at
    the first that leaves no more backticks in the run than the next run on the line has:
    one try from the run's start reads the run, the text and the run closing it, and tells
    where (if at all) the pattern matched, and where its search went on."""
    spans: list[tuple[int, int]] = []
    add = spans.append
    at = 0
    while True:
        if at and text.startswith("``", at - 1):  # the search goes on inside a closing run
            match = _SPAN_IN_RUN.match(text, at)
            if match is not None:
                opened, closes = content = match.span(2)
                add(content)
                at = closes + min(opened - match.start(), match.end() - closes)
                continue
        for match in _SPAN.finditer(text, at):
            opened, closes = content = match.span(2)
            add(content)
            start, end = match.span()
            if end - closes > opened - start:  # a longer run closed it: the search goes
                at = closes + opened - start  # on inside that run
                break
        else:
            return spans


def fenced_blocks(text: str) -> list[tuple[int, int]]:
    r"""(start, end) of each fenced block's content, as
    ``^ {0,3}(`{3,}|~{3,})[^\n]*\n(.*?)^ {0,3}\1`` (re.M | re.S) finds them (group 2), in
    one pass over the fence lines: a fence of K backticks (or tildes) is closed by the first
    later fence of the same character at least k long, k the longest in 3..K some later fence
    reaches; it closes nothing when none does, or when no line follows it."""
    if "```" not in text and "~~~" not in text:
        return []
    # (line start, fence start, character, length) of each line opening with a fence
    fences: list[tuple[int, int, str, int]] = []
    first = _FENCE.match(text)
    for match in itertools.chain((first,) if first else (), _FENCE_LINE.finditer(text)):
        run, end = match.span(2)
        fences.append((match.start(1), run, text[run], end - run))
    # the longest later fence of the same character, for each fence (0: none)
    longest_later = [0] * len(fences)
    longest = {"`": 0, "~": 0}
    for i in range(len(fences) - 1, -1, -1):
        _, _, char, length = fences[i]
        longest_later[i] = longest[char]
        longest[char] = max(longest[char], length)
    blocks: list[tuple[int, int]] = []
    i = 0
    while i < len(fences):
        _, run, char, length = fences[i]
        newline = text.find("\n", run + length)
        if newline < 0:
            break  # no line follows: neither this fence nor any after it opens a block
        reach = min(length, longest_later[i])
        if reach < 3:
            i += 1
            continue
        j = i + 1
        while fences[j][2] != char or fences[j][3] < reach:
            j += 1
        blocks.append((newline + 1, fences[j][0]))
        i = j + 1  # the search goes on from inside the closing line
    return blocks


CALL_ASSIGNMENT = re.compile(
    r"\b([a-z_][A-Za-z0-9_]*+)[ \t]*+(?::[ \t]*+[\w.]++[ \t]*+)?=[ \t]*+"
    r"(?:new[ \t]++)?(?:\w++\.)*+(\w++)\(")
"""``name = Container(``, ``name = module.Container(`` or JavaScript's ``const program = new
Command(``: the name a page's code binds to what a call makes (group 1), and the callee's last
part (group 2). Possessive, so one pass over a hostile page stays linear."""


def fence_language(text: str, start: int) -> str:
    """The language a fenced block's opening line names, lowercased (``js`` of ```` ```js
    title="cli.js" ````), given where its content starts; empty for an untagged fence."""
    opening = text.rfind("\n", 0, max(start - 1, 0)) + 1
    info = text[opening:start].strip().lstrip("`~").split(maxsplit=1)
    return info[0].lower() if info else ""


CHAIN_LANGUAGES = frozenset({"", "js", "javascript", "jsx", "mjs", "cjs", "ts", "typescript",
                             "tsx", "mts", "cts"})
"""The fences whose lines may continue a method chain (:func:`chain_links`): JS/TS, where a
fluent API's chain is written a call a line (commander's ``program\n  .option(…)``), and an
untagged fence. Python writes a chain only inside brackets, and mostly on what a call returns
(``session.query(User)\n    .filter(…)`` filters a query, not the session): not read."""
_CHAIN_LINK = re.compile(r"[ \t]*+\.([A-Za-z_$][\w$]*+)")
"""A line continuing a chain: its first non-blank characters are ``.name`` (``  .option(``);
``...rest`` is a spread, no member."""
_CHAIN_LINK_LINE = re.compile(r"\n[ \t]*+\.[A-Za-z_$]")
"""Where a block holds a chain's link line, found from the newline before it: a block with
none (most) is not read line by line."""
_CHAIN_HEAD = re.compile(
    r"[ \t]*+(?:(?:export[ \t]++)?(?:const|let|var)[ \t]++[A-Za-z_$][\w$]*+[ \t]*+=[ \t]*+"
    r"|[A-Za-z_$][\w$]*+[ \t]*+=(?!=)[ \t]*+|return[ \t]++)?(?:await[ \t]++)?"
    r"([A-Za-z_$][\w$]*+(?:\.[A-Za-z_$][\w$]*+)*+)(?:(\()|[ \t\r]*+(?://[^\n]*+)?$)")
"""The line a chain continues, opening with a dotted name (after a declaration, an assignment,
``return`` or ``await``) that is the whole expression (``program``) or is called (group 2:
``program.command('x')``, ``fetch(url)``)."""


MAX_CHAIN_HEAD = 200
"""The longest head a chain's links are named on: each link writes it again, so a hostile
head of a megabyte under many links would make a name that long of each."""


def _chain_head(line: str) -> str | None:
    """The object a chain continuing ``line`` is on: a name written alone, or the receiver of
    a method the line calls first (``program`` of ``program.command('x')``: a fluent method
    returns its object, or one of its kind, as commander's ``command`` returns a sub-command).
    None for a function's result (``fetch(url)``: what it returns is not ``fetch``) and for
    anything else (``new Command()``, ``items[0]``, ``})``), and for a name longer than
    ``MAX_CHAIN_HEAD``."""
    head = _CHAIN_HEAD.match(line)
    if head is None or head.end(1) - head.start(1) > MAX_CHAIN_HEAD:
        return None
    name: str = head.group(1)
    if head.group(2) is None:
        return name
    receiver, dot, _ = name.rpartition(".")
    return receiver if dot else None


def chain_links(text: str, fenced: list[tuple[int, int]] | None = None
                ) -> Iterator[tuple[str, int, bool]]:
    """(``head.name``, offset of ``name``, whether called) of each link of a method chain
    written a call a line in a fenced block of a chain language (:data:`CHAIN_LANGUAGES`)::

        const program = new Command();
        program
          .option('-d, --debug')   # program.option

    each as if written ``program.option(`` on one line (:func:`_chain_head` tells the head).
    The head is a name the page's code binds to what a call makes (:data:`CALL_ASSIGNMENT`),
    an instance whose fluent methods return it: a namespace a page imports with ``import`` is
    no such object (zod's ``z\n  .string()\n  .email()`` calls ``email`` on the string
    schema, not ``z.email``). A name bound by ``require(...)`` is a head whatever the module
    exports: commander's ``var program = require('commander')`` binds its instance, which the
    page alone cannot tell from a namespace required so. A chain goes on over its ``.name``
    lines and the comment lines between them; a blank line, a line ending in ``;`` or any
    other line ends it. Each line is split off
    once, the head read once a chain and the page's bindings once: linear. ``fenced`` is the
    page's :func:`fenced_blocks`, when the caller has them already (each block's content
    starts after a newline, which the search for a link line starts from)."""
    bound: set[str] | None = None
    for start, end in fenced_blocks(text) if fenced is None else fenced:
        if fence_language(text, start) not in CHAIN_LANGUAGES \
                or _CHAIN_LINK_LINE.search(text, start - 1, end) is None:
            continue
        head: str | None = None
        before = ""  # the last line that is no link, comment or blank: a chain's head line
        for line_start, line in _lines_of(text, start, end):
            link = _CHAIN_LINK.match(line)
            if link is None:
                stripped = line.strip()
                if not stripped.startswith("//"):
                    head, before = None, stripped and line
                continue
            if before:
                head, before = _chain_head(before), ""
                if head is not None:
                    if bound is None:
                        bound = {match.group(1) for match in CALL_ASSIGNMENT.finditer(text)}
                    head = head if head in bound else None
            if head is not None:
                yield (f"{head}.{link.group(1)}", line_start + link.start(1),
                       line.startswith("(", link.end()))
            if line.rstrip().endswith(";"):
                head = None


def _lines_of(text: str, start: int, end: int) -> Iterator[tuple[int, str]]:
    """(offset, text) of each line of ``text[start:end]``, its newline left off."""
    while start < end:
        newline = text.find("\n", start, end)
        line_end = end if newline < 0 else newline
        yield start, text[start:line_end]
        start = line_end + 1


_FENCE_OPENING = re.compile(r"(`{3,}+)(?!.*`)|(~{3,}+)")
"""A fence's opening run, as CommonMark reads it (a backtick fence's info string holds no
backtick)."""
_LIST_MARKER = re.compile(r"(?:[-+*]|(\d{1,9}+)[.)])(?=[ \t]|$)")
_ATX_OPENING = re.compile(r"#{1,6}+(?:[ \t]|$)")
_MKDOCS_CONTAINER = re.compile(r"(?:!!!|\?\?\?\+?)[ \t]++[\w\"-]|===[ \t]++[\"']")
"""An mkdocs admonition (``!!! note``, ``??? tip "Title"``) or content tab (``=== "Python"``):
Python-Markdown's extensions, not CommonMark, but what mkdocs sites write (DRF's 55 ``!!!
note`` blocks). Its body is indented four columns, as a list item's content is."""
_RAW_HTML = re.compile(r"<(?:(script|pre|style|textarea)(?=[ \t>]|$)|(!--))", re.I)
"""An HTML block that only its end tag (or ``-->``) closes, blank lines and all: a comment
around an indented example hides it."""
_HTML_OPENING = re.compile(r"<[A-Za-z/!?]")
"""Any other HTML block, read as one that a blank line ends (``<div>``): what it holds is
neither code nor a list."""
_INTERRUPTING_HTML = re.compile(
    r"<(?:[!?]|/?(?:address|article|aside|base|basefont|blockquote|body|caption|center|col|"
    r"colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|"
    r"frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|"
    r"noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|"
    r"thead|title|tr|track|ul)(?:[ \t>]|/>|$))", re.I)
"""The HTML that may interrupt a paragraph (CommonMark's block tags, ``<!…>``, ``<?…>``): any
other tag (``<span>``) is the paragraph's text, and the next line may still open a block."""


def _columns(indent: str) -> int:
    """The columns leading spaces and tabs fill, a tab reaching the next multiple of 4."""
    return _column_after(0, indent)


def _column_after(column: int, blanks: str) -> int:
    """The column reached from ``column`` past ``blanks`` (spaces and tabs)."""
    if "\t" not in blanks:
        return column + len(blanks)
    for blank in blanks:
        column = column + 4 - column % 4 if blank == "\t" else column + 1
    return column


MAX_ITEMS_OPENED = 10
"""List items one line opens (``- 1. - foo``) that are read as such: each is the rest of the
line read again, and a hostile line of 10,000 markers would be read 10,000 times."""


def _thematic_break(rest: str) -> bool:
    marks = rest.replace(" ", "").replace("\t", "")
    return len(marks) >= 3 and marks[0] in "-*_" and marks.count(marks[0]) == len(marks)


def front_matter_end(lines: Sequence[str]) -> int:
    """The index of the first line after a page's ``---`` front matter (0: none): the site
    generator strips it, and its indented YAML is no code."""
    if lines and lines[0].rstrip() == "---":
        for number in range(1, len(lines)):
            if lines[number].rstrip() in ("---", "..."):
                return number + 1
    return 0


def indented_code_lines(lines: Sequence[str]) -> list[tuple[int, int]]:
    """(first, end) line indices of each indented code block of a CommonMark page: lines
    indented four columns past the content of the list item they are in (or past the margin),
    after a blank line, a heading or another block that is no paragraph (an indented line goes
    on a paragraph), up to the last such line before a less indented one. Fenced blocks and
    the HTML blocks a blank line does not end hold none; block quotes are read as paragraphs
    (their code is missed, never prose taken for code); an mkdocs admonition's or tab's body
    is read as a list item's content. markdown-it-py is the oracle the tests hold this to
    (tests/test_scanner_oracles.py). One pass over the lines."""
    blocks: list[tuple[int, int]] = []
    items: list[int] = []  # the content column of each open list item, innermost last
    paragraph = False  # a paragraph is open: an indented line goes on with it
    empty_item = False  # the line before opened an empty list item
    quoted = False  # the paragraph is a block quote's, which any list item ends
    closing: str | None = None  # what ends the fence or raw HTML block being read
    code = -1  # the first line of the indented block being read (-1: none)
    last = base = 0  # its last non-blank line; the column its indentation is counted from
    for number in range(front_matter_end(lines), len(lines)):
        line = lines[number]
        rest = line.lstrip(" \t")
        if closing is not None:
            if not rest or _columns(line[:len(line) - len(rest)]) >= base:
                if _closes_block(line, closing, base):
                    closing = None
                continue
            closing = None  # less indented than the item's content: the item ends, and the
            # block in it with it
        if not rest:
            if empty_item:  # an item opens with at most one blank line
                items.pop()
            paragraph = empty_item = False
            continue
        empty_item = False
        indent = _columns(line[:len(line) - len(rest)])
        if code >= 0:
            if indent >= base + 4:
                last = number
                continue
            blocks.append((code, last + 1))
            code = -1
        # the items the line is inside; a line less indented closes the others, unless it goes
        # on with a paragraph (a lazy line)
        depth = bisect.bisect_right(items, indent)  # the columns grow inwards
        if not paragraph:
            del items[depth:]
        base = items[depth - 1] if depth else 0
        if indent >= base + 4:
            if not paragraph:
                code = last = number
            continue
        start = _block_start(rest, indent, paragraph and not quoted, depth < len(items))
        if start is None:  # paragraph text: it goes on with one, or opens one
            if rest.startswith(">") and depth < len(items):
                del items[depth:]  # a block quote is no lazy line: it ends the items it is outside
            quoted = rest.startswith(">") or (paragraph and quoted)
            paragraph = True
            continue
        quoted = False
        if start.closes:
            del items[depth:]
        items.extend(start.items)
        # the block's lines are indented from here; a tag that may go on with a paragraph
        # (``<span>``) is read to the blank line, whatever the indentation
        base = items[-1] if items and start.closes else 0
        paragraph, closing = start.paragraph, start.closing
        empty_item = start.empty
        if start.code:
            code = last = number
    if code >= 0:
        blocks.append((code, last + 1))
    return blocks


class _Opened(NamedTuple):
    """What a line opens."""

    paragraph: bool
    """A paragraph is open after it."""
    closing: str | None
    """What closes the fence or raw HTML block it opens."""
    items: list[int]
    """The content columns of the list items it opens."""
    code: bool = False
    """It opens an indented code block, as the content of a list item (``-     code``)."""
    empty: bool = False
    """Its last list item is empty so far: a blank line next closes it."""
    closes: bool = True
    """It closes the list items less indented than it."""


def _block_start(rest: str, indent: int, paragraph: bool, closes_items: bool
                 ) -> _Opened | None:
    """What a line that is no indented code opens, ``rest`` being the line from its first
    character at column ``indent``; None for paragraph text (a block quote is read as such).
    A list interrupts a paragraph only with a bullet or ``1.`` and some text, unless it closes
    items (a sibling item)."""
    opened: list[int] = []
    while len(opened) <= MAX_ITEMS_OPENED:
        fence = _FENCE_OPENING.match(rest)
        if fence:
            return _Opened(False, fence.group(1) or fence.group(2), opened)
        raw = _RAW_HTML.match(rest)
        if raw:
            end = "-->" if raw.group(2) else f"</{raw.group(1).lower()}>"
            return _Opened(False, None if _closes_block(rest, end, 0) else end, opened)
        if _HTML_OPENING.match(rest) and (not paragraph or opened
                                          or _INTERRUPTING_HTML.match(rest)):
            # a block a blank line ends: what it holds is neither code nor a list
            return _Opened(False, "", opened, closes=bool(opened) or not paragraph)
        marks = rest.rstrip(" \t")
        if _ATX_OPENING.match(rest) or _thematic_break(rest) or (
                paragraph and not opened and not closes_items and marks[0] in "=-"
                and marks.strip(marks[0]) == ""):
            # a heading, a break, or a setext underline (not a lazy line: ``===`` less
            # indented than the item's text goes on with it)
            return _Opened(False, None, opened)
        if not paragraph and _MKDOCS_CONTAINER.match(rest):
            return _Opened(False, None, [*opened, indent + 4])
        marker = _LIST_MARKER.match(rest)
        content = rest[marker.end():] if marker else ""
        text = content.lstrip(" \t")
        if marker is None or (paragraph and not opened and not closes_items and (
                not text or (marker.group(1) is not None and marker.group(1) != "1"))):
            return _Opened(True, None, opened) if opened else None
        after = indent + marker.end()
        indent = _column_after(after, content[:len(content) - len(text)])
        if not text or indent - after > 4:  # an empty item, or one opening with indented code
            opened.append(after + 1)
            return _Opened(False, None, opened, code=bool(text), empty=not text)
        opened.append(indent)
        rest, paragraph = text, False
    return _Opened(True, None, opened)  # deeper items are text: each line is read once


def _closes_block(line: str, closing: str, base: int) -> bool:
    """Whether ``line`` ends the block ``closing`` ends: a fence run at least as long, alone
    on the line and indented less than four columns past ``base`` (the content column of the
    list item the fence is in), an HTML end marker anywhere on it (``<!-->`` ends where it
    starts, as markdown-it reads it), or for ``""`` a blank line."""
    if not closing:
        return not line.strip(" \t")
    if closing[0] in "`~":
        run = line.lstrip(" \t")
        return run.startswith(closing) and not run.rstrip(" \t").strip(closing[0]) and \
            _columns(line[:len(line) - len(run)]) < base + 4
    return closing in line.lower()


def indented_code_blocks(text: str) -> list[tuple[int, int]]:
    """(start, end) of each indented code block (:func:`indented_code_lines`) of a markdown
    page, from its first line's start to its last line's end."""
    if "    " not in text and "\t" not in text:
        return []  # no four columns of indentation anywhere
    lines = text.split("\n")
    starts = list(itertools.accumulate((len(line) + 1 for line in lines), initial=0))
    # a CRLF page's lines end in "\r": read without it (blank lines, fence runs), the offsets
    # still the raw lines'
    read = [line.removesuffix("\r") for line in lines] if "\r" in text else lines
    return [(starts[first], starts[end] - 1) for first, end in indented_code_lines(read)]


_RELEASE_NOTES_TITLE_WORDS = (
    ("change", "log"), ("release", "notes"), ("release", "history"), ("version", "history"),
    ("change", "history"), ("what's", "new"), ("whats", "new"), ("what\u2019s", "new"))
"""Headings of a release-notes section inside an ordinary page (black's README ``## Change
Log``), by their two words: what such a section names is history, not documentation
(docs/concepts/affected-docs.md#docs-corpus-and-matching). A bare ``History`` or ``Changes``
is left out: it is as often the title of the feature a section documents (prompt_toolkit's
``History`` section documents ``FileHistory``)."""
RST_ADORNMENT = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
"""The characters an rst section title may be underlined with."""


_NOT_ALNUM = re.compile(r"[\W_]+")
"""What ``str.isalnum`` refuses: ``\\w`` is its characters and ``_``."""


def title_key(title: str) -> str:
    """A heading's words without case, spaces or punctuation (``What's New`` is
    ``whatsnew``)."""
    return _NOT_ALNUM.sub("", title.casefold())


RELEASE_NOTES_TITLES = frozenset(title_key(first + second)
                                 for first, second in _RELEASE_NOTES_TITLE_WORDS)
"""The release-notes headings as :func:`title_key` spells them."""


def adornment(line: str) -> str | None:
    """The character a line repeats from its start to its end (``=====``), if it does so at
    least three times and is one an underline may use."""
    line = line.rstrip()
    if len(line) >= 3 and line[0] in RST_ADORNMENT and line.count(line[0]) == len(line):
        return line[0]
    return None


def atx_heading(line: str) -> tuple[int, str] | None:
    """(level, title) of a markdown ``## Title ##`` line."""
    stripped = line.lstrip(" ")
    if len(line) - len(stripped) > 3 or not stripped.startswith("#"):
        return None
    level = len(stripped) - len(stripped.lstrip("#"))
    rest = stripped[level:]
    if level > 6 or (rest and rest[0] not in " \t"):
        return None
    return level, rest.strip().rstrip("#")


def _headings(text: str, rst: bool) -> Iterator[tuple[int, int, str]]:
    """(offset of the heading's first line, level, title) of each section heading, in one
    pass over the lines: markdown ``#`` and setext headings outside fenced blocks, or rst
    titles underlined (and perhaps overlined), an rst level being the rank of its adornment
    among those the page used before. A markdown page's front matter ``title:`` comes first,
    at level 0, above every heading of its body, unless that body opens with a level-1
    heading, which the site then shows as the page's title."""
    lines = text.split("\n")
    # a markdown page's front matter (``---`` lines around ``title: x``) holds no heading but
    # its title, which the site generator shows as the page's own unless its body opens with
    # a ``#`` heading
    matter = lines.index("---", 1) + 1 if not rst and lines[0] == "---" and "---" in lines[1:] \
        else 0
    title = _front_matter_title(lines[1:matter - 1]) if matter else ""
    for start, level, heading in _body_headings(text, lines, matter, rst):
        if title and level > 1:
            yield 0, 0, title
        title = ""
        yield start, level, heading
    if title:
        yield 0, 0, title


def _body_headings(text: str, lines: list[str], matter: int, rst: bool
                   ) -> Iterator[tuple[int, int, str]]:
    """:func:`_headings` of the ``lines`` of ``text`` past its front matter, which ends
    before line ``matter``."""
    starts = list(itertools.accumulate((len(line) + 1 for line in lines), initial=0))
    fenced = iter([] if rst else fenced_blocks(text))
    block = next(fenced, None)
    styles: dict[tuple[str, bool], int] = {}
    for i, line in enumerate(lines[matter:], matter):
        while block is not None and block[1] < starts[i]:
            block = next(fenced, None)
        if block is not None and block[0] <= starts[i] <= block[1]:
            continue  # a line of code, or the fence closing it
        char = adornment(line) if i and lines[i - 1].strip() else None
        if rst and char is not None and not lines[i - 1][:1].isspace() \
                and adornment(lines[i - 1]) is None:
            over = i >= 2 and adornment(lines[i - 2]) == char
            level = styles.setdefault((char, over), len(styles) + 1)
            yield starts[i - 2 if over else i - 1], level, lines[i - 1]
        elif not rst and char in ("=", "-") and line.strip(" ")[:1] == char \
                and atx_heading(lines[i - 1]) is None:
            yield starts[i - 1], 1 if char == "=" else 2, lines[i - 1]
        elif not rst and (atx := atx_heading(line)) is not None:
            yield starts[i], *atx


def _front_matter_title(matter: Sequence[str]) -> str:
    """The ``title:`` of a page's front matter (Docusaurus, Fumadocs, Starlight and MkDocs
    show it as the page's heading), quotes taken off; "" when it has none."""
    for line in matter:
        if line.startswith("title:"):
            return line[len("title:"):].strip().strip("'\"")
    return ""


def page_title(text: str, path: str) -> str:
    """A page's title: its front matter's ``title:``, else its first heading; "" when it has
    neither."""
    return next((title for _, _, title in _headings(text, path.endswith(".rst"))), "")


_LETTER = re.compile(r"[^\W\d_]")
_SIGNPOST_MARKUP = re.compile(
    r"<[^<>]*+>|!?\[[^\[\]]*+\](?:\([^()]*+\)|\[[^\[\]]*+\]|:[ \t]*+\S*+)"
    r"|`[^`<]*+<[^`<>]*+>`_{1,2}+")
"""What a signpost writes besides headings: an HTML or JSX tag (``<script …>``, an HTML
comment, an autolink), a markdown link or image with its text, a reference link or its
definition, an rst link (``\\`text <url>\\`_``). Each part stops at the next bracket of its
kind, so a try never reads past where the next one starts: linear."""


def is_signpost(text: str, path: str) -> bool:
    """Whether a page has no words of its own: past its front matter, only headings (markdown
    ATX or setext, rst titles), tags and links, their text included, and URLs. mobx's
    ``docs/refguide/configure.md`` is a heading saying "This document has been updated and
    moved", a script tag and a link to ``configuration.md``: it documents nothing. Code, a
    list, a sentence is a word of its own."""
    lines = text.split("\n")
    first = front_matter_end(lines)
    # a markdown title is underlined with ``=`` or ``-`` (a run of backticks is a fence)
    underlines = RST_ADORNMENT if path.endswith(".rst") else frozenset("=-")
    below = [*lines[first + 1:], ""]  # the line under each
    body = "\n".join(line for line, under in zip(lines[first:], below, strict=True)
                     if atx_heading(line) is None
                     and not (line.strip() and adornment(under) in underlines))
    return _LETTER.search(without_urls(_SIGNPOST_MARKUP.sub(" ", body))) is None


def is_release_notes_title(title: str) -> bool:
    """``Changelog``, ``Release Notes``, ``What's New`` and the like (:data:`RELEASE_NOTES_TITLES`),
    in any case and spacing."""
    return title_key(title) in RELEASE_NOTES_TITLES


def release_notes_spans(text: str, path: str) -> list[tuple[int, int]]:
    """(start, end) of each section whose heading names release notes (``## Change Log``,
    ``Release Notes`` underlined). The page's first heading is its title: a page titled
    ``Changelog`` is a changelog, read whole (``docs.release_owned`` says how it is listed)."""
    return titled_spans(text, path, RELEASE_NOTES_TITLES)


def titled_spans(text: str, path: str, titles: frozenset[str], *,
                 with_title: bool = False) -> list[tuple[int, int]]:
    """(start, end) of each section whose heading is one of ``titles`` (as :func:`title_key`
    spells them), from its heading to the next heading of the same or a higher level, or the
    end of the page. The page's first heading opens one only ``with_title``."""
    spans: list[tuple[int, int]] = []
    opened: tuple[int, int] | None = None  # (start, level) of the section being read
    headings = _headings(text, path.endswith(".rst"))
    if not with_title:
        next(headings, None)
    for start, level, title in headings:
        if opened is not None and level > opened[1]:
            continue  # a subsection (``### 1.2.0``) of the section
        if opened is not None:
            spans.append((opened[0], start))
            opened = None
        if title_key(title) in titles:
            opened = (start, level)
    if opened is not None:
        spans.append((opened[0], len(text)))
    return spans


def release_notes_sections(text: str, path: str) -> list[tuple[int, int]]:
    """:func:`release_notes_spans`, read only from a page that may hold one
    (:func:`may_hold_release_notes`)."""
    return release_notes_spans(text, path) if may_hold_release_notes(text) else []


def without_release_notes(text: str, path: str) -> str:
    """The page with each release-notes section's lines left blank: every other line keeps its
    number, and what the notes name is not read."""
    return blank_sections(text, release_notes_sections(text, path))


def blank_sections(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with each of ``spans`` left as blank lines, as many as it held."""
    if not spans:
        return text
    kept, at = [], 0
    for start, end in spans:
        kept += [text[at:start], "\n" * text.count("\n", start, end)]
        at = end
    kept.append(text[at:])
    return "".join(kept)


_HEADING_LINE = re.compile(r"\n(?: {0,3}+#|([" + re.escape("".join(sorted(RST_ADORNMENT)))
                           + r"])\1{2,}+[^\S\n]*+(?=\n|\Z))")
"""A line that may be a heading's, found from the newline before it: a line opening with
``#`` (at most three spaces before it), itself the heading, or a line of adornment
(:func:`adornment`), the heading the line above it."""


def may_hold_release_notes(text: str) -> bool:
    """Whether a heading of :data:`RELEASE_NOTES_TITLES` could be on the page: a line that
    opens with ``#``, or that a line of adornment (``===``, ``---``) follows, whose
    :func:`title_key` holds a title's. Such a heading's title is a piece of its line, and the
    key of a piece is a piece of the line's key: every heading :func:`release_notes_spans`
    would take is found. Most pages hold none, and are not read line by line for headings:
    that took 2 ms a page, 0.3 s for the 144 pages a phrase search read on objectstack. One
    search from newline to newline finds the lines that may be headings, and only those are
    keyed (searching the whole page for the titles' words first took twice as long, their
    first letters being common). Each line is read at most twice: linear."""
    page = "\n" + text
    for mark in _HEADING_LINE.finditer(page):
        end = page.find("\n", mark.start() + 1)
        line = page[mark.start() + 1:end if end >= 0 else len(page)]
        if mark.group(1) is None and _may_title_release_notes(line):  # a line opening with `#`
            return True
        # a line of adornment, `###` among them: the line above may be a heading
        if (mark.group(1) is not None or adornment(line) is not None) \
                and _may_title_release_notes(page[page.rfind("\n", 0, mark.start()) + 1:
                                                  mark.start()]):
            return True
    return False


_SHORTEST_TITLE = min(map(len, RELEASE_NOTES_TITLES))
CASEFOLD_GROWTH = 3
"""The most characters ``str.casefold`` turns one into (``ΐ``): a line shorter than a title's
key by this factor cannot key to one (a page of a million ``#`` lines is not keyed line by
line)."""


_A_TITLE = re.compile("|".join(sorted(RELEASE_NOTES_TITLES)))


def _may_title_release_notes(line: str) -> bool:
    """Does the :func:`title_key` of ``line`` hold a title of :data:`RELEASE_NOTES_TITLES`?"""
    return len(line) * CASEFOLD_GROWTH >= _SHORTEST_TITLE \
        and _A_TITLE.search(title_key(line)) is not None


def code_regions(text: str, path: str, fenced: list[tuple[int, int]] | None = None
                 ) -> list[tuple[int, int]]:
    """(start, end) of the code on a page, where the scanner reads calls: fenced blocks and
    inline code spans; in markdown (not MDX, which has no indented code) indented code blocks;
    in rst literal blocks (lines indented under a line ending in ``::``) and doctest blocks.
    ``fenced`` is the page's :func:`fenced_blocks`, when the caller has them already."""
    regions = fenced_blocks(text) if fenced is None else list(fenced)
    if "`" in text:
        regions += inline_code_spans(text)
    if path.endswith(".rst"):
        if "::" in text or ">>>" in text:
            regions += _rst_literal_blocks(text)
    elif not path.endswith(".mdx"):
        regions += indented_code_blocks(text)
    return regions


def _rst_literal_blocks(text: str) -> list[tuple[int, int]]:
    """(start, end) of each line indented under a line ending in ``::`` (``Example::``, ``..
    code-block::``), and each blank line among them; and of each line of a doctest block, a
    paragraph whose first line opens with ``>>>``, which docutils reads as code with no
    ``::`` (cattrs's ``>>> converter = cattrs.Converter()``)."""
    lines: list[tuple[int, int]] = []
    literal_indent: int | None = None
    doctest = False
    blank_before = True
    start = 0
    for line in text.split("\n"):
        stripped = line.strip()
        indent = len(line) - len(line.lstrip())
        if literal_indent is not None and stripped and indent <= literal_indent:
            literal_indent = None
        doctest = bool(stripped) and (doctest or (blank_before and (
            stripped == ">>>" or stripped.startswith(">>> "))))
        if literal_indent is not None or doctest:
            lines.append((start, start + len(line)))
        elif _RST_LITERAL_START.search(line):
            literal_indent = indent
        blank_before = not stripped
        start += len(line) + 1
    return lines


def _clean_target(target: str) -> str | None:
    """The name a reference target (``~pkg.mod.Class``, ``title <Client#send>``, ``f()``)
    stands for, or None when it is no name."""
    target = target.strip()
    if "<" in target and target.endswith(">"):
        target = target[target.index("<") + 1 : -1]
    # a signature written with the name (``.. automethod:: overlay([options])``) is no part of it
    target = target.lstrip("~!.").replace("#", ".").partition("(")[0]
    return target if _WORD.fullmatch(target) else None


def _reference_names(target: str) -> list[str]:
    """A reference target and the short names it documents: the name, then, when dotted,
    ``Class.member`` and its last part (last: :func:`_directive_names`)."""
    name = _clean_target(target)
    if name is None:
        return []
    parts = name.split(".")
    return [name, ".".join(parts[-2:]), parts[-1]] if len(parts) >= 2 else [name]


def _directive_names(target: str) -> tuple[list[str], list[str]]:
    """(names, tails) of a directive's target: :func:`_reference_names` less the last part of
    a dotted one, which the directive does not write alone (:attr:`PageTokens.tails`)."""
    found = _reference_names(target)
    return found[:2], found[2:]


_COMMIT_ID = re.compile(r"[0-9a-fA-F]{40}(?:[0-9a-fA-F]{24})?")
"""A full commit id, SHA-1 or SHA-256: the ref of a permalink. A shorter hex ref may be a
branch's name (``cafe``), so only a full id is read as one."""

MAX_SUFFIX_PARTS = 8
"""The longest dotted suffix a name is indexed under. Docs reach a member through a short
chain (``client.meta.getAudit`` names ``meta.getAudit``); every suffix of a hostile name of
100,000 parts would be gigabytes, each suffix at most this long keeps a page linear."""


def dotted_suffixes(token: str) -> list[str]:
    """The trailing dotted parts of ``token`` a page names with it, short of the whole name:
    at least two parts, at most ``MAX_SUFFIX_PARTS``."""
    parts = token.split(".")
    return [".".join(parts[i:]) for i in range(max(1, len(parts) - MAX_SUFFIX_PARTS),
                                                len(parts) - 1)]


def loose_forms(raw: str) -> list[str]:
    """The path-like tokens kept for a raw token: itself without the dots, dashes and slashes
    that end it, and, in a link to a file's source on a branch or tag
    (``github.com/o/r/blob/main/src/app.py``), the path of the file it links to
    (``src/app.py``), which names that file as surely as the path written out does. A link
    pinned to a full commit id (a permalink) names no file: it cites one version of a
    declaration, which no later change to the file makes stale."""
    form = raw.rstrip(".-/")
    linked = linked_path(form)
    return [form, linked] if linked else [form]


def linked_path(form: str) -> str:
    """The path of the file a link to a file's source on a branch or tag names
    (``src/app.py`` of ``github.com/o/r/blob/main/src/app.py``), "" for any other token: one
    with no ``/blob/``, or pinned to a full commit id."""
    ref, _, linked = form.partition("/blob/")[2].partition("/")
    return linked if linked and not _COMMIT_ID.fullmatch(ref) else ""


PRIVATE_MEMBERS, SPECIAL_MEMBERS = "private-members", "special-members"


def member_option(name: str) -> str | None:
    """The autodoc option a bare ``:members:`` needs beside it to render a member named
    ``name``: ``special-members`` for ``__x__``, ``private-members`` for another ``_x``, none
    for a public name. Without it autodoc skips the member, which the module still has
    (marshmallow's ``__version_info__`` under ``.. automodule:: marshmallow``)."""
    if not name.startswith("_"):
        return None
    return SPECIAL_MEMBERS if len(name) > 4 and name.endswith("__") and name.startswith("__") \
        else PRIVATE_MEMBERS


class Members(NamedTuple):
    """The members an autodoc directive of a module or class documents (``:members:``)."""

    listed: tuple[tuple[int, str], ...] | None
    """(offset, name) of each member named in ``:members: a, b`` and not excluded; None for a
    bare ``:members:``, which documents every public member."""
    excluded: frozenset[str]
    """The members ``:exclude-members:`` leaves out."""
    named: tuple[tuple[int, str], ...]
    """(offset, name) of each member ``:private-members: _a`` or ``:special-members: __call__``
    names and ``:exclude-members:`` does not: autodoc adds them to what ``:members:`` shows, and
    documents them with no ``:members:`` at all."""
    shown: frozenset[str]
    """The options (:func:`member_option`) given bare, which make a bare ``:members:`` render
    every private or special member too."""


class SphinxTarget(NamedTuple):
    """The target of a role or an object directive, where the page writes it (a tuple: a page
    of roles makes thousands)."""

    offset: int
    written: str
    """As written: ``~pkg.Client``, ``title <pkg.f>``."""
    kind: str
    """The role (``func``, ``c:func`` in another domain) or the directive (``autoclass``,
    ``method``)."""
    directive: bool
    """A directive, which documents what it names: in a class's body, a member of that class."""
    members: Members | None = None
    """The members an autodoc directive of a module or class documents, if any."""


def _members(text: str, start: int, end: int) -> Members | None:
    """The members a module or class directive whose options are ``text[start:end]``
    documents, if it has ``:members:`` or names a private or special member."""
    listed: list[tuple[int, str]] | None = None
    named: list[tuple[int, str]] = []
    excluded: set[str] = set()
    shown: set[str] = set()
    documents = False
    for option in _MEMBERS_OPTION.finditer(text, start, end):
        kind = option.group(1)
        names = [(found.start(), found.group()) for found in
                 _MEMBER.finditer(text, *option.span(2))]
        if kind == "exclude-members":
            excluded.update(name for _, name in names)
        elif kind == "members":
            documents = True
            if names:
                listed = [*(listed or ()), *names]
        elif names:
            named.extend(names)
        else:
            shown.add(kind)
    if not documents and not named:
        return None

    def kept(members: list[tuple[int, str]]) -> tuple[tuple[int, str], ...]:
        return tuple((offset, name) for offset, name in members if name not in excluded)

    return Members(None if documents and listed is None else kept(listed or []),
                   frozenset(excluded), kept(named), frozenset(shown))


def sphinx_targets(text: str) -> Iterator[SphinxTarget]:
    """Every role's and object directive's target on the page (rst and MyST forms, wherever
    they are written: a MyST page's ``{eval-rst}`` fence holds rst)."""
    if ":`" in text or "}`" in text:
        for match in _ROLE.finditer(text):
            group = 1 if match.group(1) is not None else 2
            domain, _, role = text[match.start():match.start(group)].strip(":{}`").rpartition(":")
            yield SphinxTarget(match.start(group), match.group(group),
                               role if domain in ("", "py") else f"{domain}:{role}", False)
    yield from _directive_targets(text)


def _directive_targets(text: str) -> Iterator[SphinxTarget]:
    """Every object directive's target on the page: rst's, and MyST's autodoc fences."""
    for present, pattern in ((_OBJECT_DIRECTIVE_MARK.search(text) is not None,
                              _OBJECT_DIRECTIVE), ("{auto" in text, _MYST_AUTODOC)):
        for match in pattern.finditer(text) if present else ():
            kind = match.group("kind")
            members = _members(text, *match.span("options")) \
                if kind in _MEMBER_DIRECTIVES else None
            yield SphinxTarget(match.start("target"), match.group("target"), kind, True, members)


_MEMBER_DIRECTIVES = frozenset({"automodule", "autoclass", "autoexception"})
"""Autodoc directives whose ``:members:`` option documents members."""


def named_targets(text: str, targets: Iterable[SphinxTarget]
                  ) -> Iterator[tuple[SphinxTarget, str]]:
    """Each target with each name it stands for: as written, then as Sphinx resolves a
    relative one, in the class whose directive body it is written in (``.. automethod::
    overlay`` under ``.. autoclass:: Environment`` names ``Environment.overlay``) and in the
    current module (``:func:`edit``` after ``.. currentmodule:: shop`` names ``shop.edit``;
    :func:`in_module` tells which autodoc targets are not). A role is looked up in both; a
    directive in a class's body documents a member of it."""
    modules = ModuleContexts(text)
    classes = ClassBodies(text, modules) if "class::" in text or "exception::" in text \
        else None
    for target in targets:
        name = _clean_target(target.written)
        if name is None:
            continue
        yield target, name
        if not is_relative(target.kind):
            continue
        member = inside(classes.at(target.offset), name) if classes else None
        if member:
            yield target, member
            if target.directive:
                continue
        qualified = inside(modules.at(target.offset), name) \
            if modules and in_module(target.kind, name) else None
        if qualified:
            yield target, qualified


def defined_names(text: str) -> set[str]:
    """The names the page's hand-written object directives define, each as Sphinx resolves it
    in the current module and class (``.. class:: ClientSession`` after ``.. module::
    aiohttp`` defines ``aiohttp.ClientSession``, not another module's ``ClientSession``): the
    text documenting that object, which a change to its signature is edited in. An autodoc
    directive's text is rendered from the code instead."""
    # the object directives alone (:func:`sphinx_targets` without its roles, and MyST's
    # autodoc fences, none of them declaring): a page of roles made thousands of targets here
    targets = [SphinxTarget(match.start("target"), match.group("target"), kind, True)
               for match in (_OBJECT_DIRECTIVE.finditer(text)
                             if _OBJECT_DIRECTIVE_MARK.search(text) else ())
               if (kind := match.group("kind")) in DECLARING]
    resolved: dict[int, str] = {}
    for target, name in named_targets(text, targets) if targets else ():
        resolved[target.offset] = name  # each target's last name is its most resolved
    return set(resolved.values())


def rendered_names(text: str) -> set[str]:
    """The names a page's autodoc directives and mkdocstrings blocks render from the code,
    each with the short names it documents and its dotted suffixes: ``.. automethod::
    Operations.f`` (in a class's body, as Sphinx resolves it), each member ``:members: f``
    lists, ``::: pkg.f``, a docblock link's declaration. Their docstrings and doc comments are
    the page's text there; a hand-written object directive's (``.. method:: f``) is the
    page's own."""
    targets = [target for target in _directive_targets(text) if target.kind in AUTODOC]
    names: list[str] = []
    for target, name in named_targets(text, targets) if targets else ():
        names.append(name)
        names.extend(member for _, member in listed_members(target, name))
    if ":::" in text:
        names.extend(match.group(1) for match in MKDOCSTRINGS.finditer(text))
    names.extend(docblock_declarations(text))
    return {form for name in names
            for form in (*_reference_names(name), *dotted_suffixes(name))}


def listed_members(target: SphinxTarget, name: str) -> Iterator[tuple[int, str]]:
    """(offset, full name) of each member ``:members: a, b`` (or ``:special-members:
    __call__``) names, ``target`` standing for ``name``."""
    if target.members is not None:
        for offset, member in (*(target.members.listed or ()), *target.members.named):
            yield offset, f"{name}.{member}"


def _leaves_out(members: Members, member: str) -> bool:
    """Whether a directive documenting every member (``members``) leaves ``member`` out: it
    excludes it, or it is private (special) and the directive does not show private (special)
    members. Of two directives for one prefix, ``:private-members:`` with ``:exclude-members:
    _helper`` and a bare ``:members:``, neither documents ``_helper``."""
    option = member_option(member)
    return member in members.excluded or (option is not None and option not in members.shown)


class References(NamedTuple):
    """What a page's reference syntaxes name (the fields of :class:`PageTokens` of the same
    names)."""

    names: set[str]
    prefixes: set[str]
    autodoc: set[str]
    hidden: set[str]
    private: set[str]
    special: set[str]
    tails: set[str]
    linked: set[str]


def _references(text: str, links: Sequence[tuple[int, int]] = ()) -> References:
    """Names, documented prefixes (and which of them show private and special members) and
    hidden members from the reference syntaxes docs use, the names of the roles on
    link-index lines (``links``, in order: :func:`link_index_lines`) kept apart. Each syntax
    is looked for only when its marker is on the page: most pages have none."""
    names: set[str] = set()
    linked: set[str] = set()
    link_starts = [start for start, _ in links]
    # each prefix whose every member a directive documents -> each of those directives'
    # Members: a member is hidden only if every one of them leaves it out (_leaves_out)
    directives: dict[str, list[Members]] = {}
    listed: set[str] = set()
    targets = list(sphinx_targets(text))
    tails: set[str] = set()
    for target, name in named_targets(text, targets) if targets else ():
        named, tail = _directive_names(name) if target.directive else (_reference_names(name), [])
        line = bisect.bisect_right(link_starts, target.offset) - 1
        (linked if not target.directive and line >= 0 and target.offset < links[line][1]
         else names).update(named)
        tails.update(tail)
        for _, member in listed_members(target, name):
            names.update(_reference_names(member))
            listed.add(member)
        if target.members is not None and target.members.listed is None:
            directives.setdefault(name, []).append(target.members)
    prefixes = set(directives)
    hidden = {f"{prefix}.{member}" for prefix, each in directives.items()
              for member in frozenset().union(*(members.excluded for members in each))
              if all(_leaves_out(members, member) for members in each)} - listed
    private, special = ({prefix for prefix, each in directives.items()
                         if any(option in members.shown for members in each)}
                        for option in (PRIVATE_MEMBERS, SPECIAL_MEMBERS))
    autodoc = set(prefixes)
    if ":::" in text:
        for match in MKDOCSTRINGS.finditer(text):
            autodoc.discard(match.group(1))
            named, tail = _directive_names(match.group(1))
            names.update(named)
            tails.update(tail)
            # mkdocstrings applies its own filters, set in options this scan does not read:
            # its block documents every member, underscored or not, as it always has
            for documented in (prefixes, private, special):
                documented.add(match.group(1))
    if "][" in text:
        for match in _AUTOREF.finditer(text):
            names.update(_reference_names(match.group(1) or match.group(2)))
    if "{@link" in text:
        for match in _TSDOC_LINK.finditer(text):
            names.update(_reference_names(match.group(1)))
    for declaration in docblock_declarations(text):
        names.update(_reference_names(declaration))
    return References(names, prefixes, autodoc, hidden, private, special, tails, linked)


DOCBLOCK_SCHEME = "docblock"
_DOCBLOCK = re.compile(r"docblock://[^\s?#()<>\[\]\"'`:]*+\?([^\s#()<>\[\]\"'`]*+)")
"""A link that embeds a declaration's doc comment when the site is built (redux-toolkit's
``[summary](docblock://query/createApi.ts?token=CreateApiOptions.keepUnusedDataFor)``): the
declaration is the ``token`` of its query (group 1), the path before it only where to look.
The path holds no ``:``, so it ends at the next link's ``docblock:``: a path that could run on
through ``"docblock://" * n`` (with no ``?``) was read from each link to the end of the run,
n²/2 steps (a 214 kB page took 51 s to scan)."""


def docblock_declarations(text: str) -> Iterator[str]:
    """The declarations the page's docblock links embed (``CreateApiOptions.keepUnusedDataFor``,
    ``createApi``), as written in their ``token``."""
    for match in _DOCBLOCK.finditer(text) if "docblock://" in text else ():
        yield from parse_qs(match.group(1)).get("token", ())


def without_docblock_paths(text: str) -> str:
    """``text`` with the scheme and path of each docblock link that has a query
    (``docblock://query/createApi.ts?token=createApi``, a path without ``:``) left blank and
    its query kept, offsets kept: the link names the declaration it embeds
    (:func:`docblock_declarations`), as an autodoc directive does, and shows nothing else of the
    file. Read as a file path, it had listed redux-toolkit's pages for every change anywhere in
    ``query/createApi.ts``. A link with no query (``docblock://query/createApi.ts``) embeds no
    declaration and is left as written: its path names the file, as any path does."""
    if "docblock://" not in text:
        return text
    return _DOCBLOCK.sub(lambda match: " " * (match.start(1) - match.start()) + match.group(1),
                         text)


URL_MARK = "://"
MAX_SCHEME = 32
"""The longest scheme read before ``://`` (``https``, ``git+ssh``): a hostile run of letters
before it is walked back over this far, no further."""
_SCHEME_CHARACTERS = frozenset(string.ascii_letters + string.digits + "+.-")
_URL_BODY = re.compile(r"[^\s<>\"'`()\[\]|]++")
"""What follows a URL's ``://``: up to a blank, or what closes a link around it (``)`` of
``[text](url)``, ``>`` of ``<url>``, a quote of ``href="url"``, a backtick of a code span)."""
_URL_HOST_PATH = re.compile(r"[\w$@./-]*+")
"""A URL's host and path, up to its first character no raw token holds (``:``, ``?``, ``#``):
the raw token the scanner read of it."""


def url_spans(text: str) -> Iterator[tuple[int, int, int]]:
    """(start, body, end) of each URL ``text`` writes (``https://pip.pypa.io/en/stable/``, as a
    link's target, an autolink or bare): its scheme's first letter, the offset past its ``://``
    and its end. A docblock link (``docblock://…``) is no URL of another site: its own rule
    reads it (:func:`without_docblock_paths`). Each ``://`` is looked at once, its scheme
    walked back over at most ``MAX_SCHEME`` characters, and the search goes on past a URL's
    end: linear."""
    at = text.find(URL_MARK)
    while at >= 0:
        start = at
        while start > max(0, at - MAX_SCHEME) and text[start - 1] in _SCHEME_CHARACTERS:
            start -= 1
        while start < at and text[start] not in string.ascii_letters:
            start += 1  # a scheme opens with a letter
        body = _URL_BODY.match(text, at + len(URL_MARK)) \
            if start < at and text[start:at] != DOCBLOCK_SCHEME else None
        if body is None:
            at = text.find(URL_MARK, at + 1)
            continue
        yield start, body.start(), body.end()
        at = text.find(URL_MARK, body.end())


_DOTTED_ANCHOR = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")
"""A URL fragment naming an object by its dotted path, as Sphinx and mkdocstrings anchor it."""
_CITED_LINES = re.compile(
    r"(?:\?[^#\s]*+)?#L[0-9]++(?:C[0-9]++)?(?:-L?[0-9]++(?:C[0-9]++)?)?[.,;:!?*_…]*+")
"""What follows a source link's path when it points at a line or lines of the file (``#L16``,
``#L16-L20``, ``#L16C5-L20C3``; GitLab's ``#L16-20``; after a query, GitHub's
``?plain=1#L16`` or GitLab's ``?ref_type=heads#L16``), and the marks closing a sentence or
emphasis after a bare URL."""


def without_urls(text: str) -> str:
    """``text`` with each URL (:func:`url_spans`) left blank, offsets kept: a link to another
    site names nothing of this one, where its path (a sandbox's ``?file=/src/index.js``) or
    its page (``https://pip.pypa.io/en/stable/cli/pip_install/``) had been read as a file path
    and a name. The link's text is kept, and so is the path a link to a file's source names
    (:func:`linked_path`), where it is written: ``src/app.py`` of
    ``https://github.com/o/r/blob/main/src/app.py``. A link to a line or lines of it
    (``…/app.py#L40``, :data:`_CITED_LINES`) cites the declaration written there and names no
    file, as a permalink: fastify's TypeScript reference heads each type with its name and
    such a link, and a change anywhere in the files it links had listed the page on 6 of 59
    sampled commits, none edited. A relative link (``../api.md``) is no
    URL and is read as before. So is a fragment that is a dotted name, the anchor an API
    reference gives an object (``…/api/inputs/chat.html#marimo.ui.chat``), where it is
    written."""
    if URL_MARK not in text:
        return text
    kept: list[str] = []
    at = 0
    for start, body, end in url_spans(text):
        host_path = _URL_HOST_PATH.match(text, body, end)
        assert host_path is not None  # it matches the empty string
        form = host_path.group().rstrip(".-/")
        linked = "" if _CITED_LINES.fullmatch(text, host_path.end(), end) else linked_path(form)
        path_start = body + len(form) - len(linked)  # the linked path ends the form
        hash_at = text.find("#", path_start + len(linked), end)
        fragment = text[hash_at + 1:end] if hash_at >= 0 else ""
        if not _DOTTED_ANCHOR.fullmatch(fragment):
            hash_at, fragment = end, ""
        kept += [text[at:start], " " * (path_start - start), linked,
                 " " * (hash_at - path_start - len(linked)), " " * (end > hash_at), fragment]
        at = end
    kept.append(text[at:])
    return "".join(kept)


_OBJECT_REPR = re.compile(r"<[\w.]+ object at 0x[0-9a-fA-F]+>")
INCLUDE_OPEN, INCLUDE_CLOSE = "{!", "!}"
"""markdown-include's statement, ``{!.tmp_examples/model_config_main.py!}``: the build puts
the file's content in its place."""


def without_object_reprs(text: str) -> str:
    """``text`` with each default repr of a Python object (``<typer.main.Typer object at
    0x7f04…>``, as a traceback's locals or a REPL print it) left blank, offsets kept: output
    saying what class a value was, not documentation of that class. typer's exceptions page,
    showing a traceback, had been listed for changes to ``Typer`` and offered as the home of
    every new name of ``typer.main``."""
    if " object at 0x" not in text:
        return text
    return _OBJECT_REPR.sub(lambda match: " " * len(match.group()), text)


def raw_tokens(text: str) -> set[str]:
    """The distinct matches of ``_RAW_TOKEN`` in ``text``, found in C rather than by ``findall``
    (the longest step of a cold page scan): no match crosses an ASCII character outside the
    token class, so the text is cut there by ``bytes.translate`` and ``split``. A run of ASCII
    is then one match, from its first character that may start one: the distinct runs are
    joined and their leading marks cut in one substitution. A run holding another script's
    characters, which may or may not be word characters (``é``, ``—``), is read by the
    pattern itself."""
    runs = set(text.encode("utf-8", "surrogatepass").translate(_ASCII_SEPARATORS).split())
    ascii_runs = list(filter(bytes.isascii, runs))
    tokens = set(_LEADING_MARKS.sub(b" ", b" " + b" ".join(ascii_runs)).decode("ascii").split())
    if len(ascii_runs) < len(runs):
        for run in runs.difference(ascii_runs):
            tokens.update(_RAW_TOKEN.findall(run.decode("utf-8", "surrogatepass")))
    return tokens


def default_imports(text: str) -> Iterator[tuple[str, int]]:
    """(``module.default``, offset) of each import of a module's default export in the text
    (``import produce from "immer"``, ``require("immer").default``): the name a package's
    removed default export anchors, which a page importing only named exports (``import
    {produce} from "immer"``) does not write."""
    for pattern, keyword in ((_DEFAULT_IMPORT, "import"), (_DEFAULT_REQUIRE, "require")):
        if keyword not in text:
            continue
        for match in pattern.finditer(text):
            before = text[match.start() - 1] if match.start() else " "
            if not (before.isalnum() or before in "_$."):  # the keyword starts a word
                yield f"{match.group(2)}.default", match.start()


def included_paths(text: str) -> Iterator[tuple[int, str]]:
    """(offset, path) of each file a Markdown page includes with markdown-include's plain
    ``{!path!}``, its path kept as the scanner keeps a path-like token (``tmp_examples/main.py``
    of ``{! .tmp_examples/main.py !}``): one run of token characters, or no path. The extension
    replaces the statement before Markdown reads anything else, so inside a fenced block as
    outside it (pydantic writes each in a ```` ```py ```` block). A statement is on one line;
    the form with a line range (``{!path!lines=1 3}``) is not read. The search goes on from a
    statement's end, or from the end of the line of an opening that never closes: linear."""
    at = text.find(INCLUDE_OPEN)
    line_end = -1
    while at >= 0:
        if line_end < at:
            line_end = text.find("\n", at)
            line_end = len(text) if line_end < 0 else line_end
        close = text.find(INCLUDE_CLOSE, at + len(INCLUDE_OPEN), line_end)
        if close < 0:  # no later opening of this line can close either
            at = text.find(INCLUDE_OPEN, line_end)
            continue
        path = text[at + len(INCLUDE_OPEN):close].strip().lstrip("./-").rstrip(".-/")
        if _RAW_TOKEN.fullmatch(path):
            yield at, path
        at = text.find(INCLUDE_OPEN, close + len(INCLUDE_CLOSE))


AUTOMD_JSDOCS, AUTOMD_END = "<!-- automd:jsdocs", "<!-- /automd -->"
"""The markers automd writes around the text it generates from a source's JSDoc (``<!--
automd:jsdocs src="../src/utils/response.ts" -->`` … ``<!-- /automd -->``)."""


def generated_blocks(text: str) -> list[tuple[int, int]]:
    """(start, end) of each block automd generates from JSDoc, its markers included: a
    generated reference, as an autodoc directive is, rendering the signatures and doc comments
    of what it names (docs/concepts/anchoring-rules.md#what-anchors). A block without its
    closing marker generates nothing: its text is read as hand-written, and so is every later
    block's, none of which can close either. Each search starts past the last: linear."""
    blocks: list[tuple[int, int]] = []
    start = text.find(AUTOMD_JSDOCS)
    while start >= 0:
        close = text.find(AUTOMD_END, start)
        if close < 0:
            break
        end = close + len(AUTOMD_END)
        blocks.append((start, end))
        start = text.find(AUTOMD_JSDOCS, end)
    return blocks


_MARKER = re.compile(r"^[ \t]{0,3}+(<!--[^\n<>]{0,200}+>)", re.MULTILINE)
"""A one-line HTML comment opening a line, at most 200 characters inside, none of them ``<``
or ``>``, once it ends with ``-->``: a region's marker. Each search reads on only to the next
``<``, ``>`` or line end, and never back: linear on a line of ``<!--`` openings."""
_OPENING_WORD = re.compile(r"start|begin")
_CLOSING_WORD = re.compile(r"end")
_NOT_A_NAME = re.compile(r"start|begin|end|[\W_]+")


def _marker_name(inner: str) -> str:
    """What a marker calls its region: its words without case, punctuation, and ``start``,
    ``begin`` or ``end`` (``SPONSORS:LIST:START`` and ``SPONSORS:LIST:END`` are both
    ``sponsorslist``)."""
    return _NOT_A_NAME.sub("", inner)


def written_regions(text: str, fenced: list[tuple[int, int]] | None = None
                    ) -> list[tuple[int, str]]:
    """(offset, marker) of each outermost region of a Markdown page that a marker opens and
    a later one of the same name closes (:func:`_marker_name`): a one-line HTML comment
    opening a line and saying ``start`` or ``begin`` (``<!-- SPONSORS:LIST:START -->``,
    ``<!-- START doctoc -->``, ``<!--sponsorsstart-->``) closed by one saying ``end``, or any
    comment closed by its name after a ``/`` (``<!-- sponsors -->`` … ``<!-- /sponsors -->``).
    Such a region is what a script writes between its markers, replacing whatever is there
    (docs/concepts/anchoring-rules.md#written-regions). A region inside another (a formatter's
    ``<!-- prettier-ignore-start -->`` in the script's output) is part of what the outer one's
    script writes. A marker never closed marks nothing and hides nothing; nor does one in a
    fenced block (``fenced``, found when not given) or after other text on its line: a page
    showing the markers in code writes no region. One pass over the markers, each opening
    looked for by name: linear."""
    if fenced is None:
        fenced = fenced_blocks(text)
    starts = [start for start, _ in fenced]
    pairs: list[tuple[int, int, str]] = []
    opened: list[tuple[str, int, str]] = []  # (name, offset, marker), innermost last
    depth: dict[str, list[int]] = {}  # name -> places in ``opened``
    for match in _MARKER.finditer(text):
        marker = match.group(1)
        at = match.start(1)
        block = bisect.bisect_right(starts, at) - 1
        if not marker.endswith("-->") or (block >= 0 and at < fenced[block][1]):
            continue
        inner = marker[4:-3].strip().casefold()
        closing = inner.startswith("/") or (_CLOSING_WORD.search(inner) is not None
                                            and _OPENING_WORD.search(inner) is None)
        name = _marker_name(inner)
        if not closing:
            depth.setdefault(name, []).append(len(opened))
            opened.append((name, at, marker))
        elif depth.get(name):
            place = depth[name][-1]
            for left, _, _ in opened[place:]:  # openings inside it never closed
                depth[left].pop()
            _, start, opening = opened[place]
            del opened[place:]
            pairs.append((start, match.end(1), opening))
    regions: list[tuple[int, str]] = []
    end = -1
    for start, close, opening in sorted(pairs):
        if start > end:
            regions.append((start, opening))
            end = close
    return regions


def link_index_lines(text: str) -> list[tuple[int, int]]:
    """(start, end) of each link-index line of the page (:data:`LINK_INDEX`), in order: one
    search over its newlines, each line read once (and the next one's indentation)."""
    if "`" not in text:
        return []
    first = LINK_INDEX.match(text)
    return [*((first.span(),) if first else ()),
            *(match.span(1) for match in _LINK_INDEX_LINE.finditer(text))]


def _names(raws: set[str]) -> tuple[set[str], set[str]]:
    """(words, loose) of a text's raw tokens: most are plain identifiers (`parse`, `Client`),
    words as they are, taken in one pass; the rest (dotted, paths, `$x`, numbers, other
    scripts) are read one by one."""
    words = set(filter(str.isascii, filter(str.isidentifier, raws)))
    loose: set[str] = set()
    for raw in raws.difference(words):
        if "/" in raw or "@" in raw or "-" in raw:
            loose.update(loose_forms(raw))
        for word in (raw,) if _WORD.fullmatch(raw) else _WORD.findall(raw):
            words.add(word)
            if word.count(".") > 1:
                words.update(dotted_suffixes(word))
    return words, loose


def _calls(text: str, path: str, fenced: list[tuple[int, int]] | None = None) -> set[str]:
    """The names ``text`` writes in call form in its code regions."""
    return set(_CALL.findall("\n".join(text[start:end]
                                       for start, end in code_regions(text, path, fenced))))


def _generated(text: str, path: str, blocks: list[tuple[int, int]]) -> set[str]:
    """:attr:`PageTokens.generated` of the page's generated ``blocks``."""
    found: set[str] = set()
    for start, end in blocks:
        block = text[start:end]
        found.update(_names(raw_tokens(block))[0])
        found.update(f"{call}(" for call in _calls(block, path))
    return found


def scan_page(text: str, path: str) -> PageTokens:
    """Tokens of one page (md, mdx or rst, told apart by ``path``).

    One regex pass yields the page's raw tokens; the few hundred distinct ones are then split
    into identifiers (words) and path/package-like tokens (loose) in Python. A release-notes
    section is not read (:func:`without_release_notes`), nor a URL (:func:`without_urls`), nor
    a docblock link's path (:func:`without_docblock_paths`); a generated block's names are
    kept apart
    (:func:`generated_blocks`), its source path read as no file's mention: it says where the
    block is generated from.
    """
    text = without_urls(without_object_reprs(without_release_notes(text, path)))
    blocks = generated_blocks(text) if AUTOMD_JSDOCS in text else []
    generated = _generated(text, path, blocks)
    text = blank_sections(text, blocks)
    links = link_index_lines(text)
    references = _references(text, links)
    linked, linked_loose = _names(raw_tokens("\n".join(text[start:end] for start, end in links)))
    text = without_docblock_paths(blank_sections(text, links))
    words, loose = _names(raw_tokens(text))
    loose.update(linked_loose)
    words.update(references.names)
    words.update(name for name, _ in default_imports(text))
    fenced = fenced_blocks(text)  # read by both: the calls in code and the chains
    calls = _calls(text, path, fenced)
    for name, _, called in chain_links(text, fenced):
        words.add(name)
        words.update(dotted_suffixes(name))
        if called:
            calls.add(name)
    routes = {route_segments(r.rstrip(".")) for r in _ROUTE.findall(text)} if "/" in text \
        else set()
    return PageTokens(
        words=frozenset(words),
        calls=frozenset(calls),
        prefixes=frozenset(references.prefixes),
        autodoc=frozenset(references.autodoc),
        hidden=frozenset(references.hidden),
        private=frozenset(references.private),
        special=frozenset(references.special),
        loose=frozenset(loose),
        routes=frozenset(r for r in routes if r and any(c.isalpha() for c in "".join(r))),
        generated=frozenset(generated),
        included=frozenset(included for _, included in included_paths(text))
        if INCLUDE_OPEN in text and path.endswith(".md") else frozenset(),
        tails=frozenset(references.tails - words),
        linked=frozenset((linked | references.linked) - words),
        regions=frozenset(marker for _, marker in written_regions(text, fenced))
        if "<!--" in text and not path.endswith(".rst") else frozenset(),
    )
