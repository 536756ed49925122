"""tree-sitter plumbing shared by the language extractors: parsers loaded once per language,
node helpers, the changed declarations and members of a tree, and the callers of a name in its
file. Which string literals are declared surface is ``literals``' job."""

from __future__ import annotations

import codecs
import re
from bisect import bisect_left, bisect_right
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache
from itertools import chain, islice
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, Any, TypeVar

from tree_sitter import Language, Node, Parser, Point, Tree

from govern.drift.anchors.model import Declaration

if TYPE_CHECKING:
    from govern.git.gitio import Hunk

_ROUTE_LITERAL = re.compile(r"(/[\w\-.:{}<>*?]+)+/?")
# Where a PEP 263 declaration can be: two lines, each rarely past a few dozen bytes.
_DECLARATION_SPAN = 1024

EXTENSIONS = {
    ".py": "python",
    ".pyi": "python",
    ".ts": "typescript",
    ".mts": "typescript",
    ".cts": "typescript",
    ".tsx": "tsx",
    ".js": "javascript",
    ".jsx": "javascript",
    ".mjs": "javascript",
    ".cjs": "javascript",
}
SOURCE_PATHSPECS = tuple(f"*{suffix}" for suffix in EXTENSIONS)
"""The source files the extractors read, as git pathspecs (for one ``git grep`` of a tree)."""


def language_of(path: str) -> str:
    """The grammar of a source file the extractors read, by its suffix (``EXTENSIONS``)."""
    return EXTENSIONS[PurePosixPath(path).suffix]


@cache
def parser_for(language: str) -> Parser:
    """A parser per language, built on first use: each grammar costs 20–40 ms to load."""
    if language == "python":
        import tree_sitter_python

        return Parser(Language(tree_sitter_python.language()))
    if language in ("typescript", "tsx"):
        import tree_sitter_typescript

        loader = (tree_sitter_typescript.language_tsx if language == "tsx"
                  else tree_sitter_typescript.language_typescript)
        return Parser(Language(loader()))
    if language == "javascript":
        import tree_sitter_javascript

        return Parser(Language(tree_sitter_javascript.language()))
    raise ValueError(f"no grammar for {language}")


def is_route_literal(value: str) -> bool:
    """A string shaped like a wire path: ``/`` segments with a letter, no spaces
    (``/api/v1/items``, ``/users/:id``)."""
    return (value.startswith("/") and len(value) > 2 and _ROUTE_LITERAL.fullmatch(value)
            is not None and any(c.isalpha() for c in value))


_TREES: OrderedDict[tuple[str, bytes], tuple[Tree, bool]] = OrderedDict()
"""The trees of the last few sources parsed, least recently used first, each with whether it
is of its source with variance modifiers blanked (``_readable``)."""
_TREES_KEPT = 16


def parse(language: str, source: bytes) -> Tree:
    """The tree of ``source``; Python source is first read in its declared encoding.

    Memoised on the bytes: a changed file is read by the symbol extractor, the route scan and
    the route spans of one run, and parsing is most of what each costs. A memoised tree is
    never edited (``parse_edited`` edits a copy), so a shared one is safe; the few kept are
    the files of the last reads."""
    key = (language, source)
    held = _TREES.get(key)
    if held is None:
        read = parsed_text(language, source)
        return _remember(key, *_readable(language, read, parser_for(language).parse(read)))
    _TREES.move_to_end(key)
    return held[0]


def parse_edited(language: str, source: bytes, before: bytes,
                 hunks: Sequence[Hunk]) -> Tree:
    """The tree of ``source``, which ``hunks`` (a ``-U0`` diff's, in order) turn ``before``
    into, memoised as ``parse`` memoises: the tree of ``before``, when ``parse`` has it, is
    edited where the hunks say and parsed again, which re-reads only the changed regions
    (a one-line change of a 1 MB file costs a few milliseconds, not fifty).

    The hunks are checked against the bytes (every span between them the same on both
    sides), else the file is parsed afresh. The tree is a fresh parse's: node for node, type
    and position, on 7,257 changed files of six repositories' histories (42 with syntax
    errors) and 150 versions of a 1 MB file tree-sitter cannot fully parse
    (docs/decisions/sqlite-docs-index.md, "The head side is an edit")."""
    key = (language, source)
    held = _TREES.get((language, before))
    if key in _TREES or held is None:
        return parse(language, source)
    old, new = parsed_text(language, before), parsed_text(language, source)
    edits = _edits(old, new, hunks)
    if edits is None or held[1]:  # a blanked tree is of other bytes than ``old``
        return parse(language, source)
    edited = held[0].copy()
    for edit in edits:
        edited.edit(**edit)
    return _remember(key, *_readable(language, new, parser_for(language).parse(new, edited)))


_MODIFIER = re.compile(
    rb"(?P<first>in|out)\s++(?:(?P<second>in|out)\s++)?(?!extends\b)[A-Za-z_$]")
"""A variance modifier, ``in`` or ``out`` (or ``in out``), before the type parameter it
modifies."""
_VARIANCE_WORDS = frozenset({b"in", b"out"})


def _readable(language: str, text: bytes, tree: Tree) -> tuple[Tree, bool]:
    """``tree``, the parse of ``text``, and False; or, when a type parameter list of it has an
    error at a variance modifier (``interface ZodType<out Output = unknown, …>``, ``<in out
    T>``, which tree-sitter-typescript 0.23 cannot parse: zod's schemas were a syntax error on
    every change), the parse of ``text`` with those modifiers blanked, and True. Spaces of the
    same length: lines and byte offsets hold. Only after an error, so a file the grammar
    reads is parsed as written."""
    if not tree.root_node.has_error or language not in ("typescript", "tsx"):
        return tree, False
    matches = [match for word in _misread_modifiers(tree.root_node)
               if (match := _MODIFIER.match(text, word.start_byte)) is not None]
    if not matches:
        return tree, False
    blanked = bytearray(text)
    for match in matches:  # the words, not the spaces and newlines between them
        for start, end in (match.span("first"), match.span("second")):
            blanked[start:end] = b" " * (end - start)  # (-1, -1) for no second: nothing
    return parser_for(language).parse(bytes(blanked)), True


def _misread_modifiers(root: Node) -> Iterator[Node]:
    """The words ``in``/``out`` of type parameter lists with an error, where tree-sitter put
    them: the name of a type parameter or a word of an ERROR among them. Only subtrees with an
    error are walked."""
    for parameters in walk(root, frozenset({"type_parameters"}), lambda node: node.has_error):
        if not parameters.has_error:
            continue
        for child in parameters.named_children:
            words = [child.child_by_field_name("name")] if child.type == "type_parameter" \
                else child.named_children if child.type == "ERROR" else []
            yield from (word for word in words if word is not None and word.text
                        in _VARIANCE_WORDS)


def _remember(key: tuple[str, bytes], tree: Tree, blanked: bool) -> Tree:
    _TREES[key] = (tree, blanked)
    if len(_TREES) > _TREES_KEPT:
        _TREES.popitem(last=False)
    return tree


_LINES: OrderedDict[bytes, tuple[bytes, ...]] = OrderedDict()
"""The lines of the last few texts split, least recently used first."""
_LINES_KEPT = 8


def lines_of(text: bytes) -> tuple[bytes, ...]:
    """``text`` split at its newlines, memoised on the bytes: a changed file's two sides are
    read line by line for comments, blank lines, private renames, re-spacing and respellings,
    and splitting a 1 MB side each time was 12 ms of 18 for a one-line change (objectstack's
    ``protocol.ts``). A tuple, so no reader can change what another reads."""
    held = _LINES.get(text)
    if held is None:
        held = _LINES[text] = tuple(text.split(b"\n"))
        if len(_LINES) > _LINES_KEPT:
            _LINES.popitem(last=False)
    else:
        _LINES.move_to_end(text)
    return held


def parsed_text(language: str, source: bytes) -> bytes:
    """The bytes the parser reads for ``source`` (Python's in UTF-8, :func:`python_utf8`; every
    other language's as they are): a tree's byte offsets are into these."""
    return python_utf8(source) if language == "python" else source


def _line_starts(source: bytes) -> list[int]:
    """The byte offset of each line's start; line ``n`` (1-based) starts at ``[n - 1]``."""
    return [0, *(match.end() for match in _NEWLINE.finditer(source))]


_NEWLINE = re.compile(rb"\n")
MAX_EDITS = 1000
"""Hunks up to which the head side is parsed as an edit of the base side."""


def _edits(old: bytes, new: bytes, hunks: Sequence[Hunk]) -> list[dict[str, Any]] | None:
    """tree-sitter's ``Tree.edit`` arguments for the hunks, in order, each in the coordinates
    of the text the edits before it left (so ``new``'s up to its end); None when the hunks do
    not describe ``old`` to ``new`` (a span between them differs), or when there are so many
    that the file was rewritten (editing the tree and reparsing then costs more than a fresh
    parse: twice as much for 40,000 one-line hunks)."""
    if len(hunks) > MAX_EDITS:
        return None
    old_starts, new_starts = _line_starts(old), _line_starts(new)
    edits: list[dict[str, Any]] = []
    old_after = new_after = 0  # where the last hunk ended on each side
    for hunk in hunks:
        old_start, old_end = _span(old_starts, len(old), hunk.old_start, hunk.old_count)
        new_start, new_end = _span(new_starts, len(new), hunk.new_start, hunk.new_count)
        if old[old_after:old_start] != new[new_after:new_start]:
            return None
        start = _point(new_starts, new_start)
        edits.append({
            "start_byte": new_start, "old_end_byte": new_start + old_end - old_start,
            "new_end_byte": new_end, "start_point": start,
            "old_end_point": _advance(start, old[old_start:old_end]),
            "new_end_point": _point(new_starts, new_end)})
        old_after, new_after = old_end, new_end
    return edits if old[old_after:] == new[new_after:] else None


def _span(starts: list[int], size: int, start: int, count: int) -> tuple[int, int]:
    """The bytes of ``count`` lines from line ``start``; with no lines, the empty span after
    line ``start`` (``-U0``'s ``@@ -5,0 +6,2 @@`` inserts after line 5)."""
    first = start - 1 if count else start

    def offset(line: int) -> int:
        return starts[line] if line < len(starts) else size

    return offset(first), offset(first + count)


def _point(starts: list[int], offset: int) -> Point:
    row = bisect_right(starts, offset) - 1
    return Point(row, offset - starts[row])


def _advance(start: Point, text: bytes) -> Point:
    """Where ``text`` ends when written from ``start``."""
    rows = text.count(b"\n")
    if not rows:
        return Point(start.row, start.column + len(text))
    return Point(start.row + rows, len(text) - text.rfind(b"\n") - 1)


def parse_regions(language: str, source: bytes, regions: list[tuple[int, int]]) -> Tree:
    """The tree of the byte ``regions`` of ``source`` (in order, apart, each starting a line),
    parsed as one text in which each gap between them is as many blank lines as it held:
    every node keeps its line, so line numbers hold (its byte offsets do not).

    Not tree-sitter's included ranges, which do the same without the blank lines: on a TSX
    file found by fuzzing they never returned."""
    pieces: list[bytes] = []
    after = 0
    for start, stop in regions:
        pieces.append(b"\n" * source.count(b"\n", after, start))
        pieces.append(source[start:stop])
        after = stop
    return parser_for(language).parse(b"".join(pieces))


def python_utf8(source: bytes) -> bytes:
    """Python source as the UTF-8 tree-sitter reads: transcoded from the encoding a PEP 263
    ``# -*- coding: latin-1 -*-`` line declares, a UTF-8 byte-order mark dropped. Lines stay
    where they were, so changed-line numbers still hold. An unknown encoding, or bytes that do
    not decode in it, are left as they are (tree-sitter then reports the error)."""
    if source.startswith(codecs.BOM_UTF8):
        return source[len(codecs.BOM_UTF8):]
    if b"coding" not in source[:_DECLARATION_SPAN]:  # PEP 263: on line 1 or 2, or not at all
        return source
    import io
    import tokenize

    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(source).readline)
        return source if encoding == "utf-8" else source.decode(encoding).encode("utf-8")
    except (SyntaxError, UnicodeDecodeError):  # an unknown codec, or bytes it cannot decode
        return source


def text(node: Node | None) -> str:
    return node.text.decode("utf-8", "replace") if node is not None and node.text else ""


MAX_NAME_BYTES = 256
"""The longest expression read as a name (a callee, a router). Code names those with a
variable or a dotted path; a longer one is an expression naming neither, such as a chain
``f()()…()``, whose callee spans the whole chain before it: its text, taken at each call,
made a file quadratic (320 kB of ``()`` took 39 s)."""


def name_text(node: Node | None) -> str | None:
    """The text of a node read as a name: None when it spans more than
    :data:`MAX_NAME_BYTES` (no name is that long), without copying it."""
    if node is not None and node.end_byte - node.start_byte > MAX_NAME_BYTES:
        return None
    return text(node)


def last_name(node: Node | None) -> Node | None:
    """The last name of a dotted one (``option`` of ``click.option``, ``config`` of
    ``self.config``), a bare name itself, and None for any other expression."""
    if node is not None and node.type in ("attribute", "member_expression"):
        return node.child_by_field_name("attribute") or node.child_by_field_name("property")
    return node if node is not None and node.type == "identifier" else None


def first_line(node: Node) -> int:
    return node.start_point.row + 1


def last_line(node: Node) -> int:
    return node.end_point.row + 1


_ORDERED: dict[int, tuple[frozenset[int], tuple[int, ...]]] = {}
"""The last few sets of changed lines sorted, by identity (each kept with its set, so the
identity is not reused meanwhile). Not an ``lru_cache``: it compares a set equal to a kept one
element by element, and the changed lines of the other side of an in-place edit are such a set,
so each node a scan asked about cost a pass over them (16,000 lines edited in place: the
second side took 28 s, the first 0.5 s)."""


def _in_order(lines: frozenset[int]) -> tuple[int, ...]:
    held = _ORDERED.get(id(lines))
    if held is None or held[0] is not lines:
        held = keep_recent(_ORDERED, id(lines), (lines, tuple(sorted(lines))))
    return held[1]


_K = TypeVar("_K")
_V = TypeVar("_V")


def keep_recent(memo: dict[_K, _V], key: _K, value: _V) -> _V:
    """``value`` kept in ``memo``, which forgets its oldest past ``_TREES_KEPT``."""
    memo.pop(key, None)
    memo[key] = value
    if len(memo) > _TREES_KEPT:
        del memo[next(iter(memo))]
    return value


def touches(node: Node, lines: frozenset[int]) -> bool:
    """Does the node span any of the (1-based) lines? (A search in the sorted lines: a scan
    asks this of thousands of nodes, and a large diff has thousands of lines.)"""
    return any_within(lines, range(node.start_point.row + 1, node.end_point.row + 2))


def own_first_line(node: Node) -> int:
    """The first line of a call's own part, from its callee's last name: each link of a chain
    (``new Hono()\\n  .get(…)\\n  .post(…)``, ``program\\n  .option(a)\\n  .option(b)``)
    starts at its own name where its node starts at the chain's, holding every link before
    it. Any other node (a decorated definition, an object): its first line."""
    name = last_name(node.child_by_field_name("function"))
    return first_line(node if name is None else name)


def touches_own_part(call: Node, lines: frozenset[int]) -> bool:
    """Does the call's own part (from :func:`own_first_line` to its closing parenthesis) span
    any of the lines? A change to a link chained before it is not its own. Any other node:
    :func:`touches`."""
    return any_within(lines, range(own_first_line(call), call.end_point.row + 2))


def any_within(lines: frozenset[int], span: range) -> bool:
    """Is any of ``lines`` in ``span`` (a range of lines)? A search, not a pass over ``span``
    (a member's lines, asked once per name it declares)."""
    ordered = _in_order(lines)
    at = bisect_left(ordered, span.start)
    return at < len(ordered) and ordered[at] < span.stop


def _member_lines(span: Node, members: Iterable[Node]) -> tuple[dict[int, range], set[int]]:
    """Each member's lines, by node id, with the comment block written directly above it (a
    ``#:`` attribute comment, a JSDoc block): that comment documents the member, so changing
    it changes the member; and with the docstring written after it (``documented_end``). A
    comment ending a line of the previous member is that member's, not this one's. Also the
    lines of every comment among the members.

    Read from each parent's children once, the parent found walking down from ``span``:
    tree-sitter finds a node's parent or sibling by walking down from the root, so asking
    them of each member of a class 20,000 blocks deep in a ``.d.ts`` took 3 ms a member."""
    places: dict[int, tuple[list[Node], int]] = {}  # node -> (its siblings, its place there)
    comments: set[int] = set()
    documented: dict[int, range] = {}
    for member in members:
        if member.id in documented:
            continue
        if member.id not in places:
            parent = _parent_below(span, member)
            if parent is None:  # not under ``span``: never so for a container's members
                parent = member.parent
            siblings = parent.named_children if parent is not None else [member]
            for at, sibling in enumerate(siblings):
                places[sibling.id] = (siblings, at)
                if sibling.type == "comment":
                    comments.update(range(first_line(sibling), last_line(sibling) + 1))
        siblings, at = places[member.id]
        end = documented_end(siblings, at)
        start = first_line(member)
        while at and _documents_next(siblings, at - 1, start):
            at -= 1
            start = first_line(siblings[at])
        documented[member.id] = range(start, end + 1)
    return documented, comments


def documented_end(siblings: list[Node], at: int) -> int:
    """The last line of ``siblings[at]``, or of its attribute docstring: in Python, the string
    statement that follows an assignment (blank lines and comments between) documents the
    names it binds, as Sphinx's autodoc and mkdocstrings read it (mkdocs documents each
    config field so). Changing that string changes the field, not its class."""
    if python_assignment(siblings[at]) is not None:
        after = at + 1  # by index: ``islice`` would step over the siblings before ``at``
        while after < len(siblings) and siblings[after].type == "comment":
            after += 1
        if after < len(siblings) and _is_docstring(siblings[after]):
            return last_line(siblings[after])
    return last_line(siblings[at])


def python_assignment(statement: Node) -> Node | None:
    """The assignment a Python statement is (``a = …``, ``a: T = …``, ``a: T``), if it is."""
    if statement.type == "expression_statement" and statement.named_children:
        first = statement.named_children[0]
        if first.type == "assignment":
            return first
    return None


def _documents_next(siblings: list[Node], at: int, line: int) -> bool:
    """Is ``siblings[at]`` a comment ending the line above ``line`` that does not end a line
    of the statement before it?"""
    comment = siblings[at]
    return (comment.type == "comment" and last_line(comment) == line - 1
            and not (at and last_line(siblings[at - 1]) == first_line(comment)))


def _parent_below(top: Node, node: Node) -> Node | None:
    """The parent of ``node``, found walking down from ``top``, which holds it (None if it
    does not): a few steps from a container to its members, however deep the container."""
    cursor = top.walk()
    parent = None
    while cursor.node != node:
        parent = cursor.node
        # the child holding ``node``: the first to end past its start
        if cursor.goto_first_child_for_byte(node.start_byte) is None:
            return None
    return parent


def signature_lines(member: Node, documented: range) -> range:
    """A constructor's lines a caller reads: its comment, decorators and parameters (its
    ``documented`` lines up to its body), and a docstring (Python's leading string); not the
    statements of its body."""
    function = member.child_by_field_name("definition") or member
    body = function.child_by_field_name("body")
    if body is None or not body.named_children:
        return documented
    first = body.named_children[0]
    end = last_line(first) if _is_docstring(first) else first_line(first) - 1
    return range(documented.start, max(end, first_line(function)) + 1)


def changed_in_body_only(function: Node, documented: range, lines: frozenset[int]) -> bool:
    """Are the changed ``lines`` of a function's ``documented`` lines all in its body, past
    its signature and docstring (:func:`signature_lines`)? Not for a declaration with no body
    (a field, an assignment): its lines are all its signature."""
    definition = function.child_by_field_name("definition") or function
    if definition.child_by_field_name("body") is None:
        return False
    return not any_within(lines, signature_lines(function, documented))


def _is_docstring(statement: Node) -> bool:
    return (statement.type == "expression_statement" and len(statement.named_children) == 1
            and statement.named_children[0].type == "string")


def docstring(body: Node) -> Node | None:
    """The string a Python body opens with (a class's or a function's docstring), if any."""
    first = body.named_children[0] if body.named_child_count else None
    return first.named_children[0] if first is not None and _is_docstring(first) else None


def _documentation(member: Node, documented: range) -> tuple[range, range, range]:
    """A declaration's documentation, as lines: the comment block written above it (its
    ``documented`` lines before its own: JSDoc, ``#:``), the string written after a field
    (its ``documented`` lines after its own: :func:`documented_end`), and in Python its
    docstring from the first line it does not share with the header (``def f(): \"\"\"…``
    shares one)."""
    above = range(documented.start, first_line(member))
    after = range(last_line(member) + 1, documented.stop)
    definition = member.child_by_field_name("definition") or member
    body = definition.child_by_field_name("body")
    string = docstring(body) if body is not None and body.type == "block" else None
    if body is None or string is None:
        return above, after, range(0)
    opened = body.start_byte
    header = max(last_line(child) for child in definition.children if child.end_byte <= opened)
    return above, after, range(max(first_line(string), header + 1), last_line(string) + 1)


def respelled_only(span: Node, lines: frozenset[int], respelled: frozenset[int]) -> bool:
    """Are the changed lines with text of ``span`` (a doc comment, say) all ``respelled``:
    changed only in the spelling of their words (:func:`govern.core.spelling.is_respelling`)?
    """
    return all(line in respelled for line in _changed_text_lines(span, lines))


def _changed_within(span: Node, lines: frozenset[int], within: range) -> tuple[int, ...]:
    """The changed lines of ``span`` with text (:func:`_changed_text_lines`) in ``within``."""
    changed = _changed_text_lines(span, lines)
    return changed[bisect_left(changed, within.start):bisect_left(changed, within.stop)]


def changed_in_doc_only(member: Node, documented: range, span: Node, lines: frozenset[int],
                        respelled: frozenset[int]) -> bool:
    """Are the changed lines with text of a declaration's ``documented`` lines (in ``span``,
    which holds them) all in its documentation (:func:`_documentation`) and all
    ``respelled``, changed only in the spelling of their words? Then its documentation says
    what it said, and only a generated reference, which renders it, shows the change
    (``Declaration.doc_only``). A docstring whose words changed says something new, which a
    guide describing the function may owe its readers too."""
    parts = _documentation(member, documented)
    changed = _changed_within(span, lines, documented)
    return bool(changed) and all(line in respelled and any(line in part for part in parts)
                                 for line in changed)


def _own_changed_lines(span: Node, documented: Iterable[range], comments: set[int],
                       lines: frozenset[int]) -> Iterator[int]:
    """The changed lines of a container's own declaration: its header (name, bases,
    decorators), its docstring, its class-level statements. Not those of its members (their
    ``documented`` lines), and not the blank lines or detached ``comments`` between members:
    they change nothing a reader uses (docs/concepts/anchoring-rules.md#what-anchors).
    Lazily: a caller stops at the first line it needs, so the containers of one span do not
    each pass over all of its changed lines."""
    changed = _changed_text_lines(span, lines)
    if not changed:
        return
    skipped = set(comments)
    for member_lines in documented:
        skipped.update(member_lines)
    yield from (line for line in changed if line not in skipped)


def _own_doc_only(span: Node, own: Iterator[int], first: int, respelled: frozenset[int]
                  ) -> bool:
    """Are a container's own changed lines (``first``, then the rest of ``own``) all in its
    docstring and all ``respelled``? Read up to the first that is not."""
    string = _documentation(span, range(first_line(span), last_line(span) + 1))[2]
    return all(line in string and line in respelled for line in chain((first,), own))


_SPLIT: dict[tuple[int, int], tuple[Node, frozenset[int], tuple[int, ...]]] = {}
"""``_changed_text_lines`` of the last few spans, by node and by the identity of the lines."""


def _changed_text_lines(span: Node, lines: frozenset[int]) -> tuple[int, ...]:
    """The lines of ``span`` in ``lines`` that are not blank, in order. Remembered: each
    declaration of ``export const a = {…}, b = {…}, …`` has the whole statement as its span,
    and splitting it once per declaration was quadratic (15,000 of them: 41 s)."""
    key = (span.id, id(lines))
    held = _SPLIT.get(key)
    if held is not None and held[0] == span and held[1] is lines:
        return held[2]
    start = first_line(span)
    ordered = _in_order(lines)
    inside = ordered[bisect_left(ordered, start):bisect_right(ordered, last_line(span))]
    text_lines = (span.text or b"").split(b"\n") if inside else []
    found = tuple(line for line in inside if text_lines[line - start].strip())
    return keep_recent(_SPLIT, key, (span, lines, found))[2]


def touched_members(name: str, span: Node, members: list[tuple[str, Node]],
                    lines: frozenset[int], role: Callable[[str, Node], str],
                    respelled: frozenset[int] = frozenset()) -> list[Declaration]:
    """What a changed container contributes: each touched member (with the comment written
    above it) whose ``role`` is ``member`` or ``field`` (an instance field, which never
    bridges); the container itself for a touched member whose role is ``container`` (a dunder),
    for a ``constructor`` touched on its ``signature_lines`` (how the class is used; its body
    anchors the fields it assigns) and for a changed line of its own declaration
    (``_own_changed_lines``); ``hidden`` members (private) contribute nothing. Each is
    ``doc_only`` when its changed lines are all ``respelled`` documentation
    (:func:`changed_in_doc_only`)."""
    # Each member node read once, and each name of it once: a namespace's ``const a = 0,
    # b = 1, …`` is the member of every name it declares, and was read once per name
    # (2,000 names: 29 s). A name repeated on one node adds nothing the first did not.
    documented, comments = _member_lines(span, (member for _, member in members))
    found: list[Declaration] = []
    named = {(member_name, member.id): member for member_name, member in members}
    for (member_name, key), member in named.items():
        if not any_within(lines, documented[key]):
            continue
        kind = role(member_name, member)
        if kind in ("member", "field"):
            # a field is data a handler reads through an instance, not code it calls
            found.append(Declaration(member_name, name, bridgeable=kind == "member",
                                     body_only=kind == "member" and changed_in_body_only(
                                         member, documented[key], lines),
                                     doc_only=changed_in_doc_only(member, documented[key],
                                                                  span, lines, respelled)))
        elif kind == "container" or (kind == "constructor" and any_within(
                lines, signature_lines(member, documented[key]))):
            # found again for another member or its own lines, the container is doc-only
            # only as each finding is (``unique``)
            found.append(Declaration(name, None, bridgeable=False, doc_only=changed_in_doc_only(
                member, documented[key], span, lines, respelled)))
    own = _own_changed_lines(span, documented.values(), comments, lines)
    first = next(own, None)
    if first is not None:
        found.insert(0, Declaration(name, None, bridgeable=False,
                                    doc_only=_own_doc_only(span, own, first, respelled)))
    return found


_PASSED_OVER_ROLES = {"hidden": "private `{}`", "constructor": "the body of `{}`"}


def passed_over_members(name: str, members: list[tuple[str, Node]], lines: frozenset[int],
                        role: Callable[[str, Node], str]) -> list[str]:
    """The changed members of a container that ``touched_members`` passed over, as NOT
    COVERED's reason names them (``Extraction.passed_over``): a private one, a constructor's
    body (uvicorn's ``UvicornWorker.__init__``, which assigns no ``self.x``)."""
    return [_PASSED_OVER_ROLES[kind].format(f"{name}.{member}") for member, node in members
            if touches(node, lines) and (kind := role(member, node)) in _PASSED_OVER_ROLES]


MAX_INHERITING = 64
"""Classes of one file that may inherit a changed member as their own anchor; a member more
classes inherit is anchored on its own class only (``skipped.widely_inherited``)."""


def inherited_members(touched: list[Declaration], bases: dict[str, list[str]],
                      members: dict[str, set[str]]) -> tuple[list[Declaration], int]:
    """``Sub.method`` for each touched ``Base.method`` and each class of the file that
    inherits it (directly or through another, without overriding it): docs name the class
    users instantiate (docs/concepts/anchoring-rules.md#inherited-members). ``bases`` maps a
    class to the names it extends or implements; ``members`` a class to its own members.

    Also how many members more than ``MAX_INHERITING`` classes inherit: those give none, since
    a member every class has names no one class, and 1,000 members of a base inherited by
    1,000 classes would be a million anchors from a file of 60 KB."""
    children: dict[str, list[str]] = {}
    for child, parents in bases.items():
        for parent in dict.fromkeys(parents):
            children.setdefault(parent, []).append(child)
    known = set(touched)
    found: list[Declaration] = []
    wide = 0
    for declaration in touched:
        if declaration.container is None or not declaration.bridgeable:
            continue
        inheriting: list[str] = []  # the classes; a Declaration only for those kept
        frontier, seen = [declaration.container], {declaration.container}
        while frontier and len(inheriting) <= MAX_INHERITING:
            for child in children.get(frontier.pop(), ()):
                if child in seen:
                    continue
                seen.add(child)
                if declaration.name in members.get(child, set()):
                    continue  # overridden: the subclass has its own member
                frontier.append(child)
                inheriting.append(child)
                if len(inheriting) > MAX_INHERITING:
                    # widely inherited: counting on past the cap read every subclass once per
                    # changed member (4,000 members of a base 4,000 classes extend: 38 s)
                    break
        if len(inheriting) > MAX_INHERITING:
            wide += 1
            continue
        for child in inheriting:
            inherited = Declaration(declaration.name, child, bridgeable=True,
                                    body_only=declaration.body_only,
                                    doc_only=declaration.doc_only,
                                    inherited_from=declaration.container)
            if inherited not in known:
                known.add(inherited)
                found.append(inherited)
    return found, wide


_CALLER_CAP = 64
"""Enough callers to tell a cross-cutting helper; a longer chain is not followed."""


def local_callers(names: list[str], units: list[tuple[str, Node]]) -> dict[str, frozenset[str]]:
    """For each name, the units (functions, methods) of the same file whose text references
    it as an identifier, directly or through a chain of units, so a helper called by wrappers
    that routes call is counted against every one of those routes
    (docs/concepts/anchoring-rules.md#cross-cutting). A word search over each unit's text finds
    the few candidates; only those are walked, so a name in a comment is not a reference.

    At most ``_CALLER_CAP`` callers each; past it, any that many of them. The names are
    followed all at once (``_reaching``), not in one walk each: 10,000 changed functions one
    hub calls, itself called by 10,000 functions, walked the 10,000 once per function
    (50 s)."""
    # Each body once, with the units it is the body of: a namespace's ``const a = 0, b = 1,
    # …`` is the unit of each name it declares, and was read once per name.
    bodies: dict[int, tuple[Node, list[str]]] = {}
    for unit, body in units:
        bodies.setdefault(body.id, (body, []))[1].append(unit)
    # each word -> the bodies whose text holds it, in file order: a name is looked up, not
    # searched for in every unit (20,000 changed functions of one file would be quadratic).
    # Only the words a chain can ask for are kept: the names and the units' own names.
    wanted = {name.encode() for name in names} | {unit.encode() for unit, _ in units}
    holding: dict[bytes, list[int]] = {}
    for key, (body, _) in bodies.items():
        for word in wanted.intersection(_WORD_RUN.findall(body.text or b"")):
            holding.setdefault(word, []).append(key)
    identifiers: dict[int, set[str]] = {}

    def referring(node: str | int) -> Sequence[str | int]:
        """The bodies referencing a name as an identifier; the units of a body."""
        if isinstance(node, int):
            return bodies[node][1]
        found = []
        for key in holding.get(node.encode(), ()):
            if all(unit == node for unit in bodies[key][1]):
                continue  # the name's own body (a function names itself): it leads back only
            if key not in identifiers:
                identifiers[key] = _identifier_names(bodies[key][0])
            if node in identifiers[key]:
                found.append(key)
        return found

    reach = _reaching(names, referring, _CALLER_CAP + 1)
    # a name on a cycle reaches itself, and is not its own caller; past the cap, the first
    # callers by name are kept, not those a set's hash order gives first: the same file gives
    # the same callers, and so the same cross-cutting verdict, on every run
    return {name: frozenset(sorted(unit for unit in reach[name] if unit != name)[:_CALLER_CAP])
            for name in names}


def _reaching(starts: list[str], following: Callable[[str | int], Sequence[str | int]],
              limit: int) -> dict[str | int, set[str]]:
    """For each node reached from ``starts`` through ``following``: the names (``str`` nodes)
    it reaches, itself included; when it reaches more than ``limit``, ``limit`` or more of
    them.

    Tarjan's strongly connected components, iterative (a chain of callers can be deeper than
    Python's recursion limit). The nodes of a component (functions calling each other) reach
    the same names: the component's and those of the components it leads to, which complete
    before it. So each node and edge is read once, however many names lead to it; a reach
    walked from each name read a hub's callers once per function the hub calls, and the
    callers of a ring of 62 functions 62 times per function the ring reaches."""
    order: dict[str | int, int] = {}  # when each node was entered
    low: dict[str | int, int] = {}  # the earliest node still on the path it leads back to
    edges: dict[str | int, Sequence[str | int]] = {}
    path: list[str | int] = []  # the nodes entered whose component is not complete
    calls: list[tuple[str | int, Iterator[str | int]]] = []  # the walk's own stack
    reach: dict[str | int, set[str]] = {}

    def enter(node: str | int) -> None:
        order[node] = low[node] = len(order)
        path.append(node)
        edges[node] = following(node)
        calls.append((node, iter(edges[node])))

    for start in starts:
        if start in order:
            continue
        enter(start)
        while calls:
            current, pending = calls[-1]
            for after in pending:
                if after not in order:
                    enter(after)
                    break
                if after not in reach:  # still on the path: in the component of `current`
                    low[current] = min(low[current], order[after])
            else:
                calls.pop()
                if calls:
                    caller = calls[-1][0]
                    low[caller] = min(low[caller], low[current])
                if low[current] == order[current]:  # `current` roots a component: complete
                    at = len(path) - 1
                    while path[at] != current:
                        at -= 1
                    component = path[at:]
                    del path[at:]
                    joined = _joined(component, edges, reach, limit)
                    reach.update(dict.fromkeys(component, joined))
    return reach


def _joined(component: list[str | int], edges: dict[str | int, Sequence[str | int]],
            reach: dict[str | int, set[str]], limit: int) -> set[str]:
    """The names a completed component reaches: its own, and those its edges lead to. A set
    that holds ``limit`` is full: it is shared as it is, not copied into another."""
    joined = set(islice((node for node in component if isinstance(node, str)), limit))
    for node in component:
        for after in edges[node]:
            if len(joined) >= limit:
                return joined
            more = reach.get(after)  # None for a node of this component
            if more is not None and len(more) >= limit:
                return more
            if more is not None:
                joined.update(more)
    return joined


_WORD_RUN = re.compile(rb"[\w$]+")
"""The words of a unit's text, each a maximal run: a unit names ``current`` as a word only if
``current`` is one of them."""


_IDENTIFIERS = frozenset({"identifier", "property_identifier", "shorthand_property_identifier",
                          "type_identifier"})


def _identifier_names(node: Node) -> set[str]:
    return {text(found) for found in walk(node, _IDENTIFIERS)}


def first_error_line(tree: Tree) -> int | None:
    """The first line tree-sitter recovered from (an ERROR or MISSING node), if any. A file
    that does not parse as a whole has an ERROR for its root: the first error is looked for
    among what it holds (immer's ``types-external.ts`` was "near line 1" for line 172)."""
    root = tree.root_node
    if not root.has_error:
        return None
    stack = [root] if not root.is_error else list(reversed(
        [child for child in root.children if child.has_error or child.is_missing]))
    while stack:
        node = stack.pop()
        if node.is_error or node.is_missing:
            return first_line(node)
        stack.extend(reversed([child for child in node.children if child.has_error
                               or child.is_missing]))
    return first_line(tree.root_node)


def walk(root: Node, types: frozenset[str],
         descend: Callable[[Node], bool] | None = None) -> Iterator[Node]:
    """Every node of the given types under ``root`` (itself included), in source order,
    through named nodes: an anonymous node is a keyword or punctuation (TypeScript's ``object``
    type keyword is one), never what a scan looks for. With ``descend``, only the children of
    the nodes it accepts are visited (a scan that needs a few lines skips the rest)."""
    return (node for node, _ in walk_with_parents(root, types, descend))


def walk_with_parents(root: Node, types: frozenset[str],
                      descend: Callable[[Node], bool] | None = None
                      ) -> Iterator[tuple[Node, Node | None]]:
    """``walk``, each node with its parent (None for ``root``), carried down the walk.

    A tree cursor visits the nodes without building each node's list of children, which made
    this two to three times faster on registrar scans than a stack of ``named_children``. The
    parents are kept here rather than asked for: tree-sitter finds a node's parent by walking
    down from the root, and counts a cursor's depth by reading its whole stack, so either,
    asked at every node, made a walk quadratic in the nesting depth (20,000 nested calls took
    half a minute)."""
    cursor = root.walk()
    if root.type in types:
        yield root, None
    if not cursor.goto_first_child():
        return
    ancestors = [root]
    while True:
        node = cursor.node
        named = node is not None and node.is_named
        if named and node is not None and node.type in types:
            yield node, ancestors[-1]
        if named and node is not None and (descend is None or descend(node)) and \
                cursor.goto_first_child():
            ancestors.append(node)
            continue
        while not cursor.goto_next_sibling():
            ancestors.pop()
            if not ancestors or not cursor.goto_parent():
                return


Ancestors = tuple[Node, "Ancestors"] | None
"""A node's parent, linked to the parent's own ancestors: read from the walk that found the
node, since tree-sitter finds a parent by walking down from the root."""


def python_string(node: Node | None) -> str | None:
    """A Python string literal's value, or None when it is not one or interpolates."""
    if node is None or node.type != "string":
        return None
    parts = [c for c in node.named_children if c.type not in ("string_start", "string_end")]
    if all(c.type == "string_content" for c in parts):
        return "".join(text(c) for c in parts)
    return None


def ts_string(node: Node | None) -> str | None:
    """A TS/JS quoted string literal's value (escapes kept as written), else None."""
    if node is None or node.type != "string":
        return None
    return "".join(text(c) for c in node.named_children if c.type == "string_fragment")


def python_call_args(call: Node) -> tuple[list[Node], dict[str, Node]]:
    """(positional arguments, keyword arguments by name) of a Python call."""
    arguments = call.child_by_field_name("arguments")
    positional: list[Node] = []
    keywords: dict[str, Node] = {}
    for arg in arguments.named_children if arguments is not None else []:
        if arg.type == "keyword_argument":
            value = arg.child_by_field_name("value")
            if value is not None:  # None only where tree-sitter recovered from a syntax error
                keywords[text(arg.child_by_field_name("name"))] = value
        elif arg.type != "comment":
            positional.append(arg)
    return positional, keywords


def string_value(node: Node, content_types: frozenset[str],
                 delimiter_types: frozenset[str]) -> str | None:
    """The literal text of a string node without its quotes, or None if it interpolates."""
    parts = [child for child in node.named_children if child.type not in delimiter_types]
    if any(child.type not in content_types for child in parts):
        return None
    return "".join(text(child) for child in parts)


def is_dunder(name: str) -> bool:
    """A Python language name (``__init__``, ``__name__``), never a project's own."""
    return name.startswith("__") and name.endswith("__")


def is_code_shaped(token: str) -> bool:
    """An uppercase letter after the first character, an underscore, or a dot; a leading
    ``$`` before a name (pinia's ``$subscribe``, Vue's ``$emit``: no word of prose starts
    so); or a ``/`` with a ``-``, a scoped kebab-case name (a lint rule's
    ``mobx/no-anonymous-observer``), where a bare kebab-case word (``built-in``) is English."""
    return "_" in token or "." in token or any(c.isupper() for c in token[1:]) \
        or (token.startswith("$") and token[1:2].isalpha()) \
        or ("/" in token and "-" in token)
