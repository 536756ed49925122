"""tree-sitter plumbing shared by the language extractors: parsers loaded once per language,
node helpers, and the identifier-shaped string literals found on changed lines."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import cache

from tree_sitter import Language, Node, Parser, Tree

from govern.drift.anchors.model import Declaration

# Identifier-shaped: ``snake_case_key``, ``camelKey``, ``dotted.name`` (docs/concepts/affected-
# docs.md#anchor-kinds).
LITERAL_SHAPE = re.compile(r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*")
LITERAL_MIN, LITERAL_MAX = 4, 64
_ROUTE_LITERAL = re.compile(r"(/[\w\-.:{}<>*?]+)+/?")

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


def parse(language: str, source: bytes) -> Tree:
    return parser_for(language).parse(source)


def text(node: Node | None) -> str:
    return node.text.decode("utf-8", "replace") if node is not None and node.text else ""


def first_line(node: Node) -> int:
    return node.start_point.row + 1


def last_line(node: Node) -> int:
    return node.end_point.row + 1


def touches(node: Node, lines: frozenset[int]) -> bool:
    """Does the node span any of the (1-based) lines?"""
    start, end = first_line(node), last_line(node)
    return any(start <= line <= end for line in lines)


def touches_outside(node: Node, parts: list[Node], lines: frozenset[int]) -> bool:
    """Does a changed line fall in ``node`` but in none of ``parts`` (its members)?"""
    inside = {line for line in lines if first_line(node) <= line <= last_line(node)}
    for part in parts:
        inside -= set(range(first_line(part), last_line(part) + 1))
    return bool(inside)


def touched_members(name: str, span: Node, members: list[tuple[str, Node]],
                    lines: frozenset[int],
                    role: Callable[[str, Node], str]) -> list[Declaration]:
    """What a changed container contributes: each touched member whose ``role`` is
    ``member``, the container itself for a touched member whose role is ``container`` (a
    constructor changes how the class is used) and for a changed line outside every member;
    ``hidden`` members (private) contribute nothing."""
    found: list[Declaration] = []
    for member_name, member in members:
        if not touches(member, lines):
            continue
        kind = role(member_name, member)
        if kind == "member":
            found.append(Declaration(member_name, name, bridgeable=True))
        elif kind == "container":
            found.append(Declaration(name, None, bridgeable=False))
    if touches_outside(span, [member for _, member in members], lines):
        found.insert(0, Declaration(name, None, bridgeable=False))
    return found


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


def walk(root: Node, types: frozenset[str]) -> Iterator[Node]:
    """Every node of the given types under ``root``, in source order."""
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type in types:
            yield node
        stack.extend(reversed(node.named_children))


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


def iter_nodes(node: Node, types: frozenset[str], lines: frozenset[int]) -> Iterator[Node]:
    """Nodes of the given types that lie on a changed line (pruning subtrees that do not)."""
    stack = [node]
    while stack:
        current = stack.pop()
        if not touches(current, lines):
            continue
        if current.type in types:
            yield current
            continue
        stack.extend(reversed(current.children))


def string_value(node: Node, content_types: frozenset[str],
                 delimiter_types: frozenset[str]) -> str | None:
    """The literal text of a string node without its quotes, or None if it interpolates."""
    parts = [child for child in node.named_children if child.type not in delimiter_types]
    if any(child.type not in content_types for child in parts):
        return None
    return "".join(text(child) for child in parts)


def shaped_literals(root: Node, lines: frozenset[int], string_types: frozenset[str],
                    content_types: frozenset[str],
                    delimiter_types: frozenset[str] = frozenset()) -> list[str]:
    """Identifier- or route-shaped string literals that start on a changed line."""
    found = []
    for node in iter_nodes(root, string_types, lines):
        if first_line(node) not in lines:
            continue
        value = string_value(node, content_types, delimiter_types)
        if value and (LITERAL_MIN <= len(value) <= LITERAL_MAX
                      and LITERAL_SHAPE.fullmatch(value) or is_route_literal(value)):
            found.append(value)
    return found
