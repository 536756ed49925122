"""Which changed lines hold code. A line whose text is all comment (``# note``, ``// note``,
``/* note */``) changes nothing a page documents, so it anchors nothing; a comment that is
documentation (``#:``, JSDoc, the comment opening a function's body) is not such a comment
(docs/concepts/anchoring-rules.md#comments)."""

from __future__ import annotations

from functools import lru_cache

from tree_sitter import Point, Query, QueryCursor, Tree

from govern.drift.anchors.syntax import parsed_text, parser_for

_FUNCTIONS = ("function_declaration", "function_expression", "arrow_function",
              "method_definition", "generator_function_declaration", "generator_function")
_TS_QUERY = "(comment) @comment " + " ".join(
    f"({function} body: (statement_block . (comment)) @opened)" for function in _FUNCTIONS)
_QUERIES = {
    # a comment between a ``def`` line and its body is a child of the definition
    "python": "(comment) @comment (function_definition (comment) @leading)",
    "typescript": _TS_QUERY, "tsx": _TS_QUERY, "javascript": _TS_QUERY}
"""The comments, and the comments opening a function's body, before its first statement, where
a docstring would stand: in Python, those of the definition; in TS/JS, those its body
``opened`` with. Not ``(comment)+`` after an anchor: tree-sitter matched that in time quadratic
in the comments (4,000: 40 ms)."""

_DOCUMENTATION = (b"#:", b"/**")
"""Comments that are documentation wherever they are: a Sphinx attribute doc-comment, which
autodoc renders, and a JSDoc/TSDoc block."""


@lru_cache(maxsize=4)
def _query(language: str) -> Query:
    grammar = parser_for(language).language
    assert grammar is not None  # parser_for builds every parser with its language
    return Query(grammar, _QUERIES[language])


_BLANKED = bytes(32 if byte != 10 else 10 for byte in range(256))
"""What a comment's bytes are read as: spaces, its newlines kept (a line stays a line)."""


def code_lines(tree: Tree, language: str, source: bytes,
               lines: frozenset[int]) -> frozenset[int]:
    """The ``lines`` (1-based) of ``source``, parsed as ``tree``, that hold code: not those
    whose text, blanks aside, lies wholly in comments. ``lines`` itself when it loses none.

    One query over the changed lines' range finds the comments, each read once, and the text
    with those comments blanked out is read at each changed line: no search per line
    (100,000 lines of comments, all changed, take a fifth of a second)."""
    if not lines:
        return lines
    ordered = sorted(lines)
    text = parsed_text(language, source)
    cursor = QueryCursor(_query(language))
    cursor.set_point_range(Point(ordered[0] - 1, 0), Point(ordered[-1], 0))
    found = cursor.captures(tree.root_node)
    code = bytearray(text)
    leading = {comment.start_byte for comment in found.get("leading", [])}
    for body in found.get("opened", []):
        walker = body.walk()
        walker.goto_first_child()  # the ``{``
        while walker.goto_next_sibling() and walker.node is not None \
                and walker.node.type == "comment":
            leading.add(walker.node.start_byte)
    for comment in found.get("comment", []):
        start, end = comment.start_byte, comment.end_byte
        if start not in leading and not (text.startswith(_DOCUMENTATION, start)
                                         and not text.startswith(b"/**/", start)):
            code[start:end] = text[start:end].translate(_BLANKED)
    written, blanked = text.split(b"\n"), code.split(b"\n")
    comments = frozenset(line for line in ordered if line <= len(written)
                         and written[line - 1].strip() and not blanked[line - 1].strip())
    return lines - comments if comments else lines
