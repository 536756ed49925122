"""Which changed lines hold code. A line whose text is all comment (``# note``, ``// note``,
``/* note */``) changes nothing a page documents, so it anchors nothing; a comment that is
documentation (``#:``, JSDoc, the comment opening a function's body) is not such a comment
(docs/concepts/anchoring-rules.md#comments)."""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from tree_sitter import Node, Tree

from govern.drift.anchors.syntax import lines_of, parsed_text

if TYPE_CHECKING:
    from govern.git.gitio import Hunk

_FUNCTIONS = frozenset({"function_declaration", "function_expression", "arrow_function",
                        "method_definition", "generator_function_declaration",
                        "generator_function"})
"""TS/JS nodes whose ``statement_block`` body a comment may open, where a docstring would
stand."""

_DOCUMENTATION = (b"#:", b"/**")
"""Comments that are documentation wherever they are: a Sphinx attribute doc-comment, which
autodoc renders, and a JSDoc/TSDoc block."""

_BLANKED = bytes(32 if byte != 10 else 10 for byte in range(256))
"""What a comment's bytes are read as: spaces, its newlines kept (a line stays a line)."""

_URL = re.compile(rb"(@default(?:Value)?+[ \t]++)?+https?+://[^\s)>\]}'\"`*]++")
"""A web address in a documentation comment (``@link https://…``, ``<https://…>``): moving
the page it links to documents nothing new, as a page edit of link targets only is cosmetic
(docs/concepts/anchoring-rules.md#comments). Not a value the comment documents (``@default
https://api.example.com/v1``), caught here to be kept. Possessive: one pass over hostile
text."""


def _link_word(address: re.Match[bytes]) -> bytes:
    """A link's address as one word; a documented default as written."""
    return address[0] if address[1] else b"https://"


def code_lines(tree: Tree, language: str, source: bytes,
               lines: frozenset[int]) -> frozenset[int]:
    """The ``lines`` (1-based) of ``source``, parsed as ``tree``, that hold code: not those
    whose text, blanks aside, lies wholly in comments. ``lines`` itself when it loses none."""
    return _code_only(lines, _commented(tree, language, source, lines))


def changed_code(language: str, base: tuple[Tree, bytes, frozenset[int]],
                 head: tuple[Tree, bytes, frozenset[int]],
                 hunks: Sequence[Hunk]) -> tuple[frozenset[int], frozenset[int]]:
    """Each side's changed lines (``(tree, source, lines)``, the base's then the head's) that
    change code: not a line wholly comment (:func:`code_lines`), nor any line of a hunk whose
    code reads the same on both sides once comments are blanked, the hunk changing only a
    comment at a line's end (``# noqa`` added, a typo fixed in ``x = 1  # the limt``) or
    moving one off it, or a documentation comment's web addresses only; nor a hunk of blank
    lines outside strings (:func:`_blank_only`)."""
    commented = [_commented(tree, language, source, lines) for tree, source, lines in (base, head)]
    kept = [_code_only(lines, found)
            for (_, _, lines), found in zip((base, head), commented, strict=True)]
    blank = _blank_only(language, base, head, hunks)
    kept = [lines - dropped if dropped else lines
            for lines, dropped in zip(kept, blank, strict=True)]
    if commented == [None, None]:
        return kept[0], kept[1]
    # each side's lines as written and blanked, the same lists where it blanked nothing
    old, new = (found if found is not None else (lines_of(parsed_text(language, source)),) * 2
                for (_, source, _), found in zip((base, head), commented, strict=True))
    only_comments: list[set[int]] = [set(), set()]
    for hunk in hunks:
        old_lines = [line for line in hunk.old_lines() if line <= len(old[0])]
        new_lines = [line for line in hunk.new_lines() if line <= len(new[0])]
        touched = any(old[0][line - 1] != old[1][line - 1] for line in old_lines) or any(
            new[0][line - 1] != new[1][line - 1] for line in new_lines)
        if touched and _code_of(old[1], old_lines) == _code_of(new[1], new_lines):
            only_comments[0].update(old_lines)
            only_comments[1].update(new_lines)
    old_code, new_code = (lines - dropped if dropped else lines
                          for lines, dropped in zip(kept, only_comments, strict=True))
    return old_code, new_code


def _blank_only(language: str, base: tuple[Tree, bytes, frozenset[int]],
                head: tuple[Tree, bytes, frozenset[int]],
                hunks: Sequence[Hunk]) -> tuple[set[int], set[int]]:
    """Each side's lines of the hunks that only add or drop blank lines outside strings:
    a blank line between two statements means nothing to the parser, in Python as elsewhere
    (loguru's ``StandardSink.write`` gained one beside a new comment, and anchored). One
    inside a string (a docstring's paragraph break, a template literal's line) is text,
    and counts."""
    sides = ((base[0], lines_of(parsed_text(language, base[1]))),
             (head[0], lines_of(parsed_text(language, head[1]))))
    blank: tuple[set[int], set[int]] = (set(), set())
    for hunk in hunks:
        numbered = (hunk.old_lines(), hunk.new_lines())
        found: list[list[int]] = [[], []]
        for side, (tree, written) in enumerate(sides):
            found[side] = [line for line in numbered[side] if line <= len(written)
                           and not written[line - 1].strip() and not _in_string(tree, line)]
        if len(found[0]) == len(numbered[0]) and len(found[1]) == len(numbered[1]):
            blank[0].update(found[0])
            blank[1].update(found[1])
    return blank


def _in_string(tree: Tree, line: int) -> bool:
    """Whether a blank ``line`` (1-based) lies inside a string literal of ``tree``: the
    smallest node holding the line's start is then the string or its content (``string``,
    ``string_content``, ``template_string``). Asked without walking up the tree: a node's
    parent walks its parent's children."""
    node = tree.root_node.descendant_for_point_range((line - 1, 0), (line - 1, 0))
    return node is not None and "string" in node.type


def _code_of(blanked: Sequence[bytes], lines: list[int]) -> list[bytes]:
    """The code of ``lines``, as written with comments blanked: blank lines left out, each
    line's indent kept (Python's blocks are its indent) and its end's blanks dropped."""
    return [text for text in (blanked[line - 1].rstrip() for line in lines) if text]


def same_code(language: str, base: tuple[Tree, bytes], head: tuple[Tree, bytes]) -> bool:
    """Whether two versions of a file, each with its tree, hold the same code once every
    comment, documentation ones included, is blanked (:func:`_code_of` of every line): a
    change to comments alone changes nothing the program does
    (docs/concepts/anchoring-rules.md#written-regions). A comment opened around code that
    was there comments it out, which is a change of code."""
    return _file_code(language, *base) == _file_code(language, *head)


def _file_code(language: str, tree: Tree, source: bytes) -> list[bytes]:
    """:func:`_code_of` every line of ``source``, every comment blanked: one walk of the
    tree."""
    every = frozenset(range(1, source.count(b"\n") + 2))
    commented = _commented(tree, language, source, every, documentation=False)
    blanked = commented[1] if commented is not None else lines_of(parsed_text(language, source))
    return _code_of(blanked, list(range(1, len(blanked) + 1)))


def _commented(tree: Tree, language: str, source: bytes, lines: frozenset[int],
               documentation: bool = True) -> tuple[Sequence[bytes], Sequence[bytes]] | None:
    """``source``'s lines as written and with the comments that span one of ``lines`` blanked
    (documentation ones kept, each web address in them read as one word, unless not
    ``documentation``), or None when no such comment is there.

    The tree is walked only into the nodes that span a changed line, so a few changed lines
    of a large file read a few branches of its tree; the text with those comments blanked out
    is then read at each changed line, no search per line (linear: 100,000 comment lines
    between 100,000 of code, all changed, take 0.6 s). A tree-sitter query was tried first:
    compiling it took 18 ms of every run that read a TypeScript file, and it read every comment
    between the first changed line and the last (objectstack's `0668f02a6`: 54 ms more a warm
    run, 7 ms now)."""
    if not lines:
        return None
    text = parsed_text(language, source)
    code = bytearray(text)
    blanked_any = False
    kept: list[tuple[int, int]] = []
    for comment, opens_a_body in _comments_on(tree, sorted(line - 1 for line in lines),
                                              language):
        start, end = comment.start_byte, comment.end_byte
        if documentation and (opens_a_body or (text.startswith(_DOCUMENTATION, start)
                                               and not text.startswith(b"/**/", start))):
            kept.append((start, end))
            continue
        code[start:end] = text[start:end].translate(_BLANKED)
        blanked_any = True
    if kept:
        code, linked = _links_as_words(code, kept)
        blanked_any = blanked_any or linked
    if not blanked_any:
        return None
    return lines_of(text), bytes(code).split(b"\n")


def _links_as_words(code: bytearray, comments: list[tuple[int, int]]) -> tuple[bytearray, bool]:
    """``code`` with each web address of the documentation ``comments`` (byte spans) read as
    one word, and whether one was. Built from pieces, in order, and joined once: shortening
    the text in place moved the rest of a file once per comment (400,000 commented addresses:
    a minute)."""
    text = bytes(code)
    pieces: list[bytes] = []
    done = 0
    for start, end in sorted(comments):
        if b"http" in text[start:end]:
            pieces.append(text[done:start])
            pieces.append(_URL.sub(_link_word, text[start:end]))
            done = end
    if not pieces:
        return code, False
    pieces.append(text[done:])
    joined = b"".join(pieces)
    return bytearray(joined), joined != text


def _code_only(lines: frozenset[int],
               commented: tuple[Sequence[bytes], Sequence[bytes]] | None) -> frozenset[int]:
    """The ``lines`` but those whose text, blanks aside, is all comment (``commented``: the
    lines as written and blanked, None when no comment was blanked); ``lines`` itself when it
    loses none (the tree scans memoise a set of lines by its identity)."""
    if commented is None:
        return lines
    written, blanked = commented
    comments = frozenset(line for line in lines if line <= len(written)
                         and written[line - 1].strip() and not blanked[line - 1].strip())
    return lines - comments if comments else lines


def _comments_on(tree: Tree, rows: list[int], language: str) -> Iterator[tuple[Node, bool]]:
    """The comment nodes that span one of ``rows`` (0-based, sorted), each with whether it
    opens a function's body, before its first statement: in Python, a comment of the
    definition itself (between its ``def`` line and its body); in TS/JS, a comment with only
    comments before it in a function's ``{`` block. The walk goes into a node only when it
    spans one of ``rows``, each node once, and tells each comment's place from the walk:
    asking tree-sitter for a node's parent or previous sibling walks its parent's children,
    so 100,000 comments in one block took a minute."""
    stack: list[tuple[Node, str]] = [(tree.root_node, "")]  # a node and its parent's type
    while stack:
        node, parent_type = stack.pop()
        in_body = node.type == "function_definition" if language == "python" else (
            node.type == "statement_block" and parent_type in _FUNCTIONS)
        after_brace = False  # the last child that was no comment is the block's ``{``
        for child in node.children:
            kind = child.type
            at = bisect_left(rows, child.start_point.row)
            if at < len(rows) and rows[at] <= child.end_point.row:
                if kind == "comment":
                    yield child, in_body and (language == "python" or after_brace)
                else:
                    stack.append((child, node.type))
            if kind != "comment":
                after_brace = kind == "{"
