"""Python signatures whose change is only in how their annotations are written: the same types
spelled another way (``typing.Optional[int]`` become ``int | None``), which changes nothing a
caller or a page reads (docs/concepts/anchoring-rules.md#typing-respellings).

Each header (decorators, ``def``/``class`` line, parameters, return type, bases) is reduced to
an interned number: a node's number stands for its label and its children's numbers, so two
headers are equal when their numbers are, and each node is read once, by an explicit stack
(annotations nested thousands deep are attacker-controlled text)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from tree_sitter import Node, Tree

from govern.drift.anchors.syntax import (
    any_within,
    first_line,
    last_line,
    parser_for,
    python_string,
    text,
    walk_with_parents,
)

_LOWERED = {"List": "list", "Dict": "dict", "Tuple": "tuple", "Set": "set",
            "FrozenSet": "frozenset", "Type": "type"}
"""``typing``'s aliases of builtins, which name the builtin itself since Python 3.9."""
_LOWERING = frozenset({"", "typing", "typing_extensions"})
"""The qualifiers (none: a bare name) under which ``_LOWERED`` holds: ``collections.abc.Set``
is the abstract set, not ``set``."""
_COLLAPSED = frozenset({"typing", "typing_extensions", "collections.abc", "re", "types",
                        "builtins"})
"""The modules whose qualifier a name drops: the standard library's modules of types, which
re-export each other's objects under the same names (``typing.Pattern`` is ``re.Pattern``,
``typing.Callable`` is ``collections.abc.Callable``, ``typing_extensions`` backports
``typing``), and whose names a project does not define again. Any other qualifier is part of
the name (``v1.BaseModel`` is not ``BaseModel``): another module's object of the same name is
another type."""
_UNIONS = frozenset({"Union", "Optional"})
_TRANSPARENT = frozenset({"type", "parenthesized_expression"})
"""Nodes that only wrap the type they hold."""
_SKIPPED = frozenset({",", "comment", "line_continuation"})
"""Punctuation that carries nothing the tree does not (a trailing comma), and comments."""
_DEFINITIONS = frozenset({"function_definition", "class_definition"})
_FORMS = frozenset({"union_type", "binary_operator", "subscript", "generic_type", "attribute",
                    "member_type", "identifier", "none"})
"""The nodes that may be a union, a name or a generic: any other is read as written."""
UNQUOTED_PER_FILE = 256
"""How many string annotations of one file are parsed as the types they write (each is a parse
of its own): past them, a header whose string annotations changed counts as changed."""


class _Unread(Exception):
    """A string annotation past ``UNQUOTED_PER_FILE``: its header counts as changed."""


@dataclass
class _Forms:
    """The numbers given so far, shared by both sides of one file so equal forms are equal
    numbers."""

    numbers: dict[tuple[object, ...], int] = field(default_factory=dict)
    unquoted: dict[str, int] = field(default_factory=dict)
    """A string annotation -> the number of the type it writes, each parsed once."""

    def number(self, key: tuple[object, ...]) -> int:
        return self.numbers.setdefault(key, len(self.numbers))

    def union(self, members: list[int]) -> int:
        """A union of ``members`` (``Optional[X]`` is ``X | None``), one member itself."""
        flat = sorted(set(members))  # order does not change a union
        return flat[0] if len(flat) == 1 else self.number(("|", *flat))


MAX_DOTTED_PARTS = 16
"""Parts of a dotted name read as one name; a longer chain is compared link by link."""


def _name(node: Node) -> str | None:
    """A dotted name, lowered when ``typing`` aliases a builtin; None for any other expression.
    A qualifier in ``_COLLAPSED`` is dropped (``re.Pattern`` is ``Pattern``), any other is kept:
    ``models.User`` and ``schemas.User`` are two names, and neither is ``User``."""
    parts: list[str] = []
    while node.type in ("attribute", "member_type"):  # ``a.B``, in an expression or a type
        if len(parts) == MAX_DOTTED_PARTS:
            # read as structure, node by node: asked of each link, a long chain walked
            # whole each time cost its length squared (``g().a.a…``: 8 kB, 38 s)
            return None
        named = [child for child in node.named_children if child.type != "comment"]
        if len(named) != 2 or named[1].type != "identifier" or named[1].text is None:
            return None
        parts.append(named[1].text.decode("utf-8", "replace"))
        node = named[0]
        if node.type == "type" and len(node.named_children) == 1:  # a ``member_type``'s head
            node = node.named_children[0]
    if node.type == "none" and not parts:
        return "None"
    if node.type != "identifier" or node.text is None:
        return None
    parts.append(node.text.decode("utf-8", "replace"))
    word, qualifier = parts[0], ".".join(reversed(parts[1:]))
    if qualifier and qualifier not in _COLLAPSED:
        return f"{qualifier}.{word}"
    return _LOWERED.get(word, word) if qualifier in _LOWERING else word


def _subscript(node: Node) -> tuple[str | None, list[Node]]:
    """(the generic's name, its arguments) of ``X[a, b]``: a ``subscript`` or a
    ``generic_type``; (None, []) for any other node."""
    if node.type == "subscript":
        value = node.child_by_field_name("value")
        arguments = [child for child in node.named_children if child != value
                     and child.type != "comment"]
        return (_name(value) if value is not None else None), arguments
    if node.type == "generic_type" and node.named_children:
        head, *rest = node.named_children
        arguments = [child for parameters in rest if parameters.type == "type_parameter"
                     for child in parameters.named_children]
        return _name(head), arguments
    return None, []


def _union_members(node: Node) -> tuple[list[Node], bool] | None:
    """The members of a union written ``A | B``, ``Union[A, B]`` or ``Optional[A]``, through
    unions nested in it, and whether an ``Optional`` adds ``None`` to them; None when ``node``
    is no union. Each nested union is read here once and never again on its own, so a chain
    of 10,000 ``|`` is one pass."""
    if not _is_union(node):
        return None
    members: list[Node] = []
    optional = False
    pending = [node]
    while pending:
        current = pending.pop()
        while current.type in _TRANSPARENT and current.named_children:
            current = current.named_children[0]
        if not _is_union(current):
            members.append(current)
        elif current.type in ("binary_operator", "union_type"):  # ``A | B``, as either
            pending.extend(reversed(current.named_children))
        else:
            name, arguments = _subscript(current)
            pending.extend(reversed(arguments))
            optional = optional or name == "Optional"
    return members, optional


def _is_union(node: Node) -> bool:
    if node.type == "union_type":
        return True
    if node.type == "binary_operator":
        operator = node.child_by_field_name("operator")
        return operator is not None and operator.type == "|"
    name, arguments = _subscript(node)
    return name in _UNIONS and bool(arguments)


@dataclass
class _Reader:
    """Reads one header into its number, annotations in their normal form."""

    forms: _Forms
    unquote: bool = True
    """Whether a string annotation is read as the type it writes (else as its text)."""
    quoted: bool = False
    """Whether a string annotation was read, as its text, since this was last set False."""

    def header(self, definition: Node, outer: Node) -> int:
        """The number of a definition's header (``outer`` is its decorated definition, or
        itself): what a caller reads of it. A body on the header's own line (``def f(x: T) ->
        T: ...``) is part of it, as written."""
        body = definition.child_by_field_name("body")
        bases = definition.child_by_field_name("superclasses")
        # a bare decorator (``@typing.overload``) and a class's bases name types too
        parts = [(child, _name(child.named_children[-1]) is not None)
                 for child in outer.children if child.type == "decorator"
                 and child.named_children]
        parts += [(child, child == bases or child.type == "type")  # a return type
                  for child in definition.children if child != body]
        numbers = [self.read(part, typed) for part, typed in parts]
        if body is not None and first_line(body) == header_end(definition):
            numbers.append(self.forms.number(("body", body.text)))
        return self.forms.number(("header", *numbers))

    def read(self, top: Node, typed: bool) -> int:
        """The number of ``top`` (``typed``: a type), children before parents, by an explicit
        stack: no recursion."""
        done: dict[int, int] = {}
        # a node's children, once read, stay on the stack with it
        stack: list[tuple[Node, bool, list[tuple[Node, bool]] | None]] = [(top, typed, None)]
        while stack:
            node, in_type, children = stack.pop()
            if children is None:
                children = self._children(node, in_type)
                if children:
                    stack.append((node, in_type, children))
                    stack.extend((child, child_typed, None)
                                 for child, child_typed in reversed(children))
                    continue
            done[node.id] = self._leaf(node, in_type,
                                       [done[child.id] for child, _ in children])
        return done[top.id]

    def _children(self, node: Node, typed: bool) -> list[tuple[Node, bool]]:
        """The children ``_leaf`` reads ``node`` from, each with whether it is in a type."""
        if typed and node.type in _FORMS:
            union = _union_members(node)
            if union is not None:
                return [(member, True) for member in union[0]]
            if _name(node) is not None:
                return []
            name, arguments = _subscript(node)
            if name is not None:  # a ``Literal``'s arguments are values, its strings too
                return [(argument, name != "Literal") for argument in arguments]
        elif typed and node.type == "string" \
                and (not self.unquote or python_string(node) is not None):
            return []  # the type it writes, or its text
        kept = [child for child in node.children if child.type not in _SKIPPED]
        return [(child, typed or child.type == "type") for child in kept]

    def _leaf(self, node: Node, typed: bool, numbers: list[int]) -> int:
        """The number of ``node`` from its children's (``numbers``, as ``_children`` gave)."""
        forms = self.forms
        if typed and node.type in _FORMS:
            union = _union_members(node)
            if union is not None:
                return forms.union(numbers + [forms.number(("name", "None"))] * union[1])
            name = _name(node)
            if name is not None:
                return forms.number(("name", name))
            generic, _ = _subscript(node)
            if generic is not None:
                return forms.number(("generic", generic, *numbers))
        elif typed and node.type == "string":
            if not self.unquote:
                self.quoted = True
                return forms.number(("string", node.text))
            quoted = python_string(node)
            if quoted is not None:
                return self._unquoted(quoted)
        elif typed and node.type in _TRANSPARENT and len(numbers) == 1:
            return numbers[0]
        if node.type == "type" and len(numbers) == 1:  # a ``Literal``'s argument
            return numbers[0]
        if not numbers:
            return forms.number((node.type, node.text))
        return forms.number((node.type, *numbers))

    def _unquoted(self, annotation: str) -> int:
        """A string annotation (a forward reference, ``"Dict[str, int]"``) read as the type it
        writes; ``_Unread`` past ``UNQUOTED_PER_FILE`` parses."""
        known = self.forms.unquoted.get(annotation)
        if known is not None:
            return known
        if len(self.forms.unquoted) >= UNQUOTED_PER_FILE:
            raise _Unread
        self.forms.unquoted[annotation] = number = self._parsed(annotation)
        return number

    def _parsed(self, annotation: str) -> int:
        """The number of the type ``annotation`` writes, from a parse of its own (the string
        itself when it writes no one expression)."""
        tree = parser_for("python").parse(annotation.encode("utf-8", "replace"))
        statements = tree.root_node.named_children
        if tree.root_node.has_error or len(statements) != 1 \
                or statements[0].type != "expression_statement" \
                or len(statements[0].named_children) != 1:
            return self.forms.number(("string", annotation))
        # its own strings are read as written: the quoting nests no deeper
        return _Reader(self.forms, unquote=False).read(statements[0].named_children[0], True)


def header_end(definition: Node) -> int:
    """The last line of a definition's header: its ``:``, before its body."""
    body = definition.child_by_field_name("body")
    before = [child for child in definition.children if child != body]
    return last_line(before[-1]) if before else first_line(definition)


def _definitions(tree: Tree) -> dict[str, list[tuple[Node, Node]]]:
    """Each function and class of a file by name, in file order, with its decorated definition
    (or itself): the parent kept from the walk, which tree-sitter finds only from the root."""
    found: dict[str, list[tuple[Node, Node]]] = {}
    for node, parent in walk_with_parents(tree.root_node, _DEFINITIONS):
        name = node.child_by_field_name("name")
        outer = parent if parent is not None and parent.type == "decorated_definition" \
            else node
        found.setdefault(text(name), []).append((node, outer))
    return found


def header_lines(definition: Node, outer: Node) -> range:
    """A definition's header lines, from its first decorator to its ``:``."""
    return range(first_line(outer), header_end(definition) + 1)


def respelled_headers(base: Tree, head: Tree, lines: tuple[frozenset[int], frozenset[int]]
                      ) -> Iterator[tuple[range, range]]:
    """The header lines on each side of each changed header whose annotations name the same
    types before and after, and which changed in nothing else. Definitions are paired by
    name, in file order, where both sides have as many of that name: an overload added pairs
    none, and each header of that name counts as changed."""
    base_found, head_found = _definitions(base), _definitions(head)
    forms = _Forms()
    # string annotations are first read as their text, which needs no parse: equal texts are
    # equal types, and only a header whose strings differ is read again with them parsed
    as_text, unquoting = _Reader(forms, unquote=False), _Reader(forms)
    for name, olds in base_found.items():
        news = head_found.get(name, [])
        if len(news) != len(olds):
            continue
        for old, new in zip(olds, news, strict=True):
            spans = header_lines(*old), header_lines(*new)
            if not (any_within(lines[0], spans[0]) or any_within(lines[1], spans[1])):
                continue
            as_text.quoted = False
            if as_text.header(*old) == as_text.header(*new) \
                    or as_text.quoted and _same_unquoted(unquoting, old, new):
                yield spans


def _same_unquoted(reader: _Reader, old: tuple[Node, Node], new: tuple[Node, Node]) -> bool:
    """Whether two headers are equal with their string annotations read as the types they
    write; not when that is past ``UNQUOTED_PER_FILE`` parses."""
    try:
        return reader.header(*old) == reader.header(*new)
    except _Unread:
        return False
