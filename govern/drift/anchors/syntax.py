"""tree-sitter plumbing shared by the language extractors: parsers loaded once per language,
node helpers, and the identifier-shaped string literals found on changed lines."""

from __future__ import annotations

import codecs
import re
from bisect import bisect_left, bisect_right
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from functools import cache, lru_cache
from itertools import islice
from typing import TYPE_CHECKING, Any, NamedTuple

from tree_sitter import Language, Node, Parser, Point, Tree

from govern.drift.anchors.model import Declaration

if TYPE_CHECKING:
    from govern.git.gitio import Hunk

# Identifier-shaped: ``snake_case_key``, ``camelKey``, ``dotted.name`` (docs/concepts/affected-
# docs.md#anchor-kinds).
LITERAL_SHAPE = re.compile(r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*")
LITERAL_MIN, LITERAL_MAX = 4, 64
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


_TREES: OrderedDict[tuple[str, bytes], Tree] = OrderedDict()
"""The trees of the last few sources parsed, least recently used first."""
_TREES_KEPT = 16


def parse(language: str, source: bytes) -> Tree:
    """The tree of ``source``; Python source is first read in its declared encoding.

    Memoised on the bytes: a changed file is read by the symbol extractor, the route scan and
    the route spans of one run, and parsing is most of what each costs. A memoised tree is
    never edited (``parse_edited`` edits a copy), so a shared one is safe; the few kept are
    the files of the last reads."""
    key = (language, source)
    tree = _TREES.get(key)
    if tree is None:
        tree = _remember(key, parser_for(language).parse(_readable(language, source)))
    else:
        _TREES.move_to_end(key)
    return tree


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
    old, new = _readable(language, before), _readable(language, source)
    edits = _edits(old, new, hunks)
    if edits is None:
        return parse(language, source)
    edited = held.copy()
    for edit in edits:
        edited.edit(**edit)
    return _remember(key, parser_for(language).parse(new, edited))


def _remember(key: tuple[str, bytes], tree: Tree) -> Tree:
    _TREES[key] = tree
    if len(_TREES) > _TREES_KEPT:
        _TREES.popitem(last=False)
    return tree


def _readable(language: str, source: bytes) -> bytes:
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


def first_line(node: Node) -> int:
    return node.start_point.row + 1


def last_line(node: Node) -> int:
    return node.end_point.row + 1


@lru_cache(maxsize=16)
def _in_order(lines: frozenset[int]) -> tuple[int, ...]:
    return tuple(sorted(lines))


def touches(node: Node, lines: frozenset[int]) -> bool:
    """Does the node span any of the (1-based) lines? (A search in the sorted lines: a scan
    asks this of thousands of nodes, and a large diff has thousands of lines.)"""
    ordered = _in_order(lines)
    at = bisect_left(ordered, node.start_point.row + 1)
    return at < len(ordered) and ordered[at] <= node.end_point.row + 1


def _documented_span(member: Node) -> range:
    """A member's lines with the comment block written directly above it (a ``#:`` attribute
    comment, a JSDoc block): that comment documents the member, so changing it changes the
    member. A comment ending a line of the previous member is that member's, not this one's."""
    start = first_line(member)
    before = member.prev_named_sibling
    while (before is not None and before.type == "comment" and last_line(before) == start - 1
           and not _ends_a_statement_line(before)):
        start = first_line(before)
        before = before.prev_named_sibling
    return range(start, last_line(member) + 1)


def _ends_a_statement_line(comment: Node) -> bool:
    before = comment.prev_named_sibling
    return before is not None and last_line(before) == first_line(comment)


def signature_lines(member: Node) -> range:
    """A constructor's lines a caller reads: its comment, decorators and parameters, and a
    docstring (Python's leading string); not the statements of its body."""
    span = _documented_span(member)
    function = member.child_by_field_name("definition") or member
    body = function.child_by_field_name("body")
    if body is None or not body.named_children:
        return span
    first = body.named_children[0]
    end = last_line(first) if _is_docstring(first) else first_line(first) - 1
    return range(span.start, max(end, first_line(function)) + 1)


def _is_docstring(statement: Node) -> bool:
    return (statement.type == "expression_statement" and len(statement.named_children) == 1
            and statement.named_children[0].type == "string")


def own_lines(span: Node, members: list[Node]) -> set[int]:
    """The lines of a container's own declaration: its header (name, bases, decorators), its
    docstring, its class-level statements. Not its members (with their comments), and not the
    blank lines or detached comments between members: they change nothing a reader uses
    (docs/concepts/anchoring-rules.md#what-anchors)."""
    start = first_line(span)
    lines = {start + at for at, line in enumerate((span.text or b"").split(b"\n"))
             if line.strip()}
    for member in members:
        lines.difference_update(_documented_span(member))
    for parent in {member.parent for member in members if member.parent is not None}:
        for comment in parent.named_children:
            if comment.type == "comment":
                lines.difference_update(range(first_line(comment), last_line(comment) + 1))
    return lines


def touched_members(name: str, span: Node, members: list[tuple[str, Node]],
                    lines: frozenset[int],
                    role: Callable[[str, Node], str]) -> list[Declaration]:
    """What a changed container contributes: each touched member (with the comment written
    above it) whose ``role`` is ``member`` or ``field`` (an instance field, which never
    bridges); the container itself for a touched member whose role is ``container`` (a dunder),
    for a ``constructor`` touched on its ``signature_lines`` (how the class is used; its body
    anchors the fields it assigns) and for a changed line of its own declaration
    (``own_lines``); ``hidden`` members (private) contribute nothing."""
    found: list[Declaration] = []
    for member_name, member in members:
        if lines.isdisjoint(_documented_span(member)):
            continue
        kind = role(member_name, member)
        if kind in ("member", "field"):
            # a field is data a handler reads through an instance, not code it calls
            found.append(Declaration(member_name, name, bridgeable=kind == "member"))
        elif kind == "container" or (kind == "constructor"
                                     and not lines.isdisjoint(signature_lines(member))):
            found.append(Declaration(name, None, bridgeable=False))
    if not lines.isdisjoint(own_lines(span, [member for _, member in members])):
        found.insert(0, Declaration(name, None, bridgeable=False))
    return found


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
        inheriting: list[Declaration] = []
        frontier, seen = [declaration.container], {declaration.container}
        while frontier and len(inheriting) <= MAX_INHERITING:
            for child in children.get(frontier.pop(), ()):
                if child in seen:
                    continue
                seen.add(child)
                if declaration.name in members.get(child, set()):
                    continue  # overridden: the subclass has its own member
                frontier.append(child)
                inheriting.append(Declaration(declaration.name, child, bridgeable=True))
        if len(inheriting) > MAX_INHERITING:
            wide += 1
            continue
        for inherited in inheriting:
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
    the few candidates; only those are walked, so a name in a comment is not a reference."""
    # each word -> the units whose text holds it, in file order: a name is looked up, not
    # searched for in every unit (20,000 changed functions of one file would be quadratic).
    # Only the words a chain can ask for are kept: the names and the units' own names.
    wanted = {name.encode() for name in names} | {unit.encode() for unit, _ in units}
    holding: dict[bytes, list[int]] = {}
    for at, (_, body) in enumerate(units):
        for word in wanted.intersection(_WORD_RUN.findall(body.text or b"")):
            holding.setdefault(word, []).append(at)
    identifiers: dict[int, set[str]] = {}
    found: dict[str, frozenset[str]] = {}
    for name in names:
        seen: set[str] = set()
        frontier = [name]
        while frontier and len(seen) < _CALLER_CAP:
            current = frontier.pop()
            for at in holding.get(current.encode(), ()):
                unit, body = units[at]
                if unit in seen or unit == name:
                    continue
                if at not in identifiers:
                    identifiers[at] = _identifier_names(body)
                if current in identifiers[at]:
                    seen.add(unit)
                    frontier.append(unit)
        found[name] = frozenset(seen)
    return found


_WORD_RUN = re.compile(rb"[\w$]+")
"""The words of a unit's text, each a maximal run: a unit names ``current`` as a word only if
``current`` is one of them."""


_IDENTIFIERS = frozenset({"identifier", "property_identifier", "shorthand_property_identifier",
                          "type_identifier"})


def _identifier_names(node: Node) -> set[str]:
    return {text(found) for found in walk(node, _IDENTIFIERS)}


def first_error_line(tree: Tree) -> int | None:
    """The first line tree-sitter recovered from (an ERROR or MISSING node), if any."""
    if not tree.root_node.has_error:
        return None
    stack = [tree.root_node]
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


def is_code_shaped(token: str) -> bool:
    """An uppercase letter after the first character, an underscore, or a dot."""
    return "_" in token or "." in token or any(c.isupper() for c in token[1:])


_FUNCTION_NODES = frozenset({
    "function_declaration", "generator_function_declaration", "function_expression",
    "generator_function", "arrow_function", "method_definition", "function",
    "function_definition", "lambda"})
_LITERAL_WRAPPERS = frozenset({"as_expression", "satisfies_expression",
                               "parenthesized_expression", "non_null_expression"})
# Where a string is a member of a declared table, enum or union rather than a value used once.
_TABLE_PARENTS = frozenset({"pair", "array", "list", "tuple", "set", "dictionary",
                            "literal_type", "enum_assignment", "enum_body"})
_BINDING_PARENTS = frozenset({"variable_declarator", "assignment", "public_field_definition"})
_SCREAMING = re.compile(r"[A-Z][A-Z0-9_]*")


def _binding_name(node: Node) -> str:
    return text(node.child_by_field_name("name") or node.child_by_field_name("left"))


Ancestors = tuple[Node, "Ancestors"] | None
"""A node's parent, linked to the parent's own ancestors: read from the walk that found the
node, since tree-sitter finds a parent by walking down from the root."""


class Context(NamedTuple):
    """Where a string stands, carried down the walk that found it (``_strings_in_context``)."""

    ancestors: Ancestors
    in_function: bool
    """A function encloses it: a value used once, not a published name."""
    in_class: bool
    union: Node | None
    """The outermost node of the TS union of string literals it is a member of."""


def _parent(ancestors: Ancestors) -> tuple[Node | None, Ancestors]:
    """The nearest ancestor that is no wrapper (``(…)``, ``as``, ``satisfies``, ``!``), and
    that ancestor's own ancestors."""
    while ancestors is not None and ancestors[0].type in _LITERAL_WRAPPERS:
        ancestors = ancestors[1]
    return (None, None) if ancestors is None else ancestors


def is_declared_literal(node: Node, value: str, context: Context) -> bool:
    """Is a string literal declared surface (docs/concepts/anchoring-rules.md#literals)? A
    member of a table (object, dict, array, list), of an enum, of a union of string literal
    types or a ``Literal[…]``, or the value of a constant (``ERROR_CODE = "…"``, a class-level
    field such as an Enum member) — and, except for a table's keys and SCREAMING_CASE names
    (error codes, environment variables), never inside a function body, where a string is a
    value used once, not a name the package publishes."""
    parent, above = _parent(context.ancestors)
    if parent is None:
        return False
    grandparent = above[0] if above is not None else None
    if parent.type in _TABLE_PARENTS:
        declared = True
    elif parent.type in _BINDING_PARENTS:
        class_level = context.in_class and grandparent is not None and grandparent.type in (
            "expression_statement", "class_body")
        declared = _SCREAMING.fullmatch(_binding_name(parent)) is not None or class_level
    else:
        declared = _opens_literal_subscript(parent) or _opens_literal_subscript(grandparent)
    if parent.type == "pair" and parent.child_by_field_name("key") == node:
        return True  # a key names a field of the payload or config it builds, wherever it is
    if "_" in value and _SCREAMING.fullmatch(value):
        return True  # an error code or environment variable name, wherever it is read
    return declared and not context.in_function


def _opens_literal_subscript(node: Node | None) -> bool:
    """Does ``node`` open with ``Literal[``? Read from its first two children, not its text:
    a string nested in a large expression would otherwise copy that expression once per
    string."""
    if node is None or node.child_count < 2:
        return False
    first, second = node.children[0], node.children[1]
    return (first.type == "identifier" and text(first) == "Literal" and second.type == "["
            and second.start_byte == first.end_byte)


_CLASS_NODES = frozenset({"class_definition", "class_body"})


def _strings_in_context(root: Node, types: frozenset[str], lines: frozenset[int]
                        ) -> Iterator[tuple[Node, Context]]:
    """The nodes of ``types`` that lie on a changed line (pruning subtrees that do not), each
    with its ``Context``, carried down the walk. tree-sitter finds a node's parent by walking
    down from the root, so climbing from each string was quadratic in the nesting depth, and
    cubic to the root: a literal 3,000 lists deep, or a union of 20,000 members, took
    minutes."""
    stack: list[tuple[Node, Context]] = [(root, Context(None, False, False, None))]
    while stack:
        current, context = stack.pop()
        if not touches(current, lines):
            continue
        if current.type in types:
            yield current, context
            continue
        kind = current.type
        inner = Context(
            (current, context.ancestors),
            context.in_function or kind in _FUNCTION_NODES,
            context.in_class or kind in _CLASS_NODES,
            (current if context.union is None else context.union) if kind == "union_type"
            else context.union if kind == "literal_type" else None)
        stack.extend((child, inner) for child in reversed(current.children))


MAX_TABLE_KIN = 200
"""Strings of one table kept as a new key's siblings: a page naming two of them is a home, and a
table of 100,000 keys would otherwise be looked up key by key."""
_TABLE_MEMBERS_OF = frozenset({"array", "list", "tuple", "set"})
"""Tables whose members are their strings (a dict or object's are its pairs' keys)."""


def shaped_literals(root: Node, lines: frozenset[int], string_types: frozenset[str],
                    content_types: frozenset[str], delimiter_types: frozenset[str] = frozenset()
                    ) -> tuple[list[str], dict[str, frozenset[str]]]:
    """String literals that start on a changed line and are either route-shaped or code-shaped
    declared surface (``is_declared_literal``), and, for each code-shaped one that is a key
    or member of a table declared outside any function, that table's code-shaped strings
    (``table_kin``)."""
    found = []
    kin: dict[str, frozenset[str]] = {}
    tables: dict[int, frozenset[str]] = {}
    for node, context in _strings_in_context(root, string_types, lines):
        if first_line(node) not in lines:
            continue
        value = string_value(node, content_types, delimiter_types)
        if not value:
            continue
        route = is_route_literal(value)
        if not route and not (
                LITERAL_MIN <= len(value) <= LITERAL_MAX and LITERAL_SHAPE.fullmatch(value)
                and is_code_shaped(value) and is_declared_literal(node, value, context)):
            continue
        found.append(value)
        if route or value in kin or context.in_function:
            continue
        strings = table_kin(node, context, string_types, content_types, delimiter_types, tables)
        if strings is not None:
            kin[value] = strings
    return found, kin


def table_kin(node: Node, context: Context, string_types: frozenset[str],
              content_types: frozenset[str], delimiter_types: frozenset[str],
              tables: dict[int, frozenset[str]]) -> frozenset[str] | None:
    """The code-shaped keys and members of the table a literal is a key or member of (a dict
    or object, a list or array, a ``Literal[…]``, a TS union of string literals), for a
    literal no function encloses, as a config default or a registry is not: the literal's
    siblings for "New API" (docs/concepts/anchoring-rules.md#new-api). None for any other
    literal. ``tables`` keeps each table's strings, so the keys of one table share one set."""
    parent, above = _parent(context.ancestors)
    if parent is None:
        return None
    if parent.type == "pair":
        table = above[0] if above is not None and parent.child_by_field_name("key") == node \
            else None
    elif parent.type == "literal_type":
        table = context.union
    elif parent.type == "subscript" and _opens_literal_subscript(parent):
        table = parent
    else:
        table = parent if parent.type in _TABLE_MEMBERS_OF else None
    if table is None:
        return None
    if table.id not in tables:
        members = (_table_string(child, string_types, content_types, delimiter_types)
                   for child in _table_entries(table))
        tables[table.id] = frozenset(islice(
            (value for value in members if value and is_code_shaped(value)), MAX_TABLE_KIN))
    return tables[table.id]


def _table_entries(table: Node) -> Iterator[Node]:
    """A table's entries: a dict's pairs, a list's members, a union's member strings (the
    union of ``'a' | 'b' | 'c'`` nests: ``('a' | 'b') | 'c'``)."""
    if table.type != "union_type":
        yield from table.named_children
        return
    stack = [table]
    while stack:
        current = stack.pop()
        for child in reversed(current.named_children):
            if child.type == "union_type":
                stack.append(child)
            elif child.type == "literal_type" and child.named_children:
                yield child.named_children[0]


def _table_string(child: Node, string_types: frozenset[str], content_types: frozenset[str],
                  delimiter_types: frozenset[str]) -> str | None:
    """A table entry's name: a pair's key (quoted, or a TS property name), or a string member."""
    item = child.child_by_field_name("key") if child.type == "pair" else child
    if item is None:
        return None
    if item.type == "property_identifier":
        return text(item)
    return string_value(item, content_types, delimiter_types) if item.type in string_types \
        else None
