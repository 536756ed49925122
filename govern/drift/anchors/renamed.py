"""Lines a change only renamed private names in (docs/concepts/anchoring-rules.md#what-anchors):
a name no caller can see, so nothing a page shows changes.

jotai's "fix: typo" renamed the module's unexported ``let overiddenCreateStore`` to
``overriddenCreateStore``; the lines using it sit in the bodies of ``createStore`` and
``INTERNAL_overrideCreateStore``, and as changed body lines they anchored both: seven pages
naming ``createStore``, none edited. Within a hunk of as many added lines as removed ones,
each removed line and the added line in its place are one line, unchanged, when they read the
same byte for byte but where an identifier stands for another (``_IDENTIFIER``). A hunk any
of whose lines differ in anything else (a blank, a string, an operator) counts whole: the
rename is then one change among others.

A rename counts only when it is one over the whole file, and private on both sides:

- one old name stands for one new name everywhere (never two old names for one new one),
  the old name appears nowhere in the head side's text and the new one nowhere in the base
  side's, as a word (a comment or a string still writing it is text the change left);
- every word of the old name in the base side's text is an identifier of the syntax tree in
  a place a rename keeps to the file (``_Reader``): a declaration of a private name, or a use.
  Never a parameter (Python's are keywords callers write; a default value is part of a
  signature), a member after ``.``, an object key, a keyword argument, an imported or
  exported name, a string, a regex: any of these counts as a word the tree does not accept,
  and the rename counts as a change. At least one declaration, none public. Private: in
  TypeScript and JavaScript, a top-level ``let``/``const``/``var``/``function``/``class`` no
  ``export`` wraps and no ``export { name }``, ``export default name`` or ``module.exports``
  names (:func:`.typescript.exported_names`), or a variable, function or class declared in a
  function's body; in Python, a name assigned, or a function or class defined, at module or
  class level whose name starts with ``_`` (not a dunder), or anything bound so in a
  function's body (not a member of a class defined there, which its callers call, nor a name
  ``global`` or ``nonlocal`` hands to the module or an enclosing function). Read the same
  way, the new name on the head side.

The declaration's own line (``let overiddenCreateStore: …``) is such a line too: a private
name's declaration anchors nothing, renamed or not. A file that does not parse on either side
is read as before: what a line is cannot be told.

Bounds: one split of each changed line by a regular expression without backtracking, at
most ``MAX_RENAMED`` renamed names per file (past them, the rule does not apply, and the scan
stops there), four word searches of the file's texts per name, and one walk of each side's
tree, only when a hunk is a rename: linear in the file."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from tree_sitter import Node, Tree

from govern.drift.anchors.syntax import is_dunder, lines_of, walk_with_parents
from govern.drift.anchors.typescript import exported_names
from govern.git.gitio import Hunk

MAX_RENAMED = 8
"""Renamed names one file may hold for its lines to be read as renamed."""

_WORD = rb"\w$\x80-\xff"
_IDENTIFIER = re.compile(rb"(?<![%(w)s])([A-Za-z_$\x80-\xff][%(w)s]*+)" % {b"w": _WORD})
"""An identifier-shaped word, kept by ``split`` (its group): a number's letters (``1e5``,
``0xff``) are part of the number, not a word of their own."""

_FUNCTIONS = frozenset({"function_definition", "function_declaration",
                        "generator_function_declaration", "function_expression", "function",
                        "generator_function", "arrow_function", "method_definition"})
"""Definitions whose body holds local names (Python's and TS/JS's)."""
_CLASSES = frozenset({"class_definition", "class_declaration", "abstract_class_declaration",
                      "class"})
"""Definitions whose body holds members, not local names, even inside a function's body: a
class a factory defines and returns has methods its callers call."""
_NAMES = frozenset({"identifier", "type_identifier"})
"""Nodes that may be a renamed name: a TypeScript class's name and its uses as a type are
``type_identifier``."""
_DECLARING = frozenset({"variable_declarator", "function_declaration",
                        "generator_function_declaration", "class_declaration",
                        "abstract_class_declaration", "function_definition",
                        "class_definition"})
"""The nodes whose ``name`` declares a name a rename may keep private; any other node's
``name`` (an interface, a keyword argument, an import specifier, a default parameter) is
another file's or a caller's too."""
_TOP_STATEMENTS = frozenset({"lexical_declaration", "variable_declaration",
                             "function_declaration", "generator_function_declaration",
                             "class_declaration", "abstract_class_declaration"})
_JSX_NAMED = frozenset({"jsx_opening_element", "jsx_closing_element", "jsx_self_closing_element"})
"""Nodes whose ``name`` is a use (``<Panel />``), not a declaration."""
_BINDING_LISTS = frozenset({"pattern_list", "tuple_pattern", "list_pattern"})
"""Python's ``a, b = …`` and ``for a, b in …``: each identifier in it is bound."""
_LEFT_BINDING = frozenset({"assignment", "for_statement", "for_in_clause"})
"""Python statements binding the identifier on their ``left``."""
_FORBIDDEN = frozenset({
    # parameters: a caller's keywords, and a signature's text
    "parameters", "lambda_parameters", "typed_parameter", "list_splat_pattern",
    "dictionary_splat_pattern", "formal_parameters", "required_parameter",
    "optional_parameter", "rest_pattern", "assignment_pattern", "array_pattern",
    "object_pattern", "pair_pattern", "object_assignment_pattern", "catch_clause",
    "type_parameter", "keyword_pattern", "default_parameter", "typed_default_parameter",
    # another module's names, bound here, or this module's, given out
    "dotted_name", "aliased_import", "import_statement", "import_from_statement",
    "import_clause", "namespace_import", "import_require_clause", "export_statement",
    "export_specifier", "export_clause",
    # a module's name a function's body binds (``global``), or an enclosing function's
    "global_statement", "nonlocal_statement"})
"""Parents whose identifiers a rename never keeps to the file."""


def _renames(old: bytes, new: bytes) -> list[tuple[bytes, bytes]] | None:
    """The (old name, new name) of each identifier where two lines differ; None unless they
    differ in identifiers alone."""
    before, after = _IDENTIFIER.split(old), _IDENTIFIER.split(new)
    if len(before) != len(after) or before[::2] != after[::2]:
        return None
    return [(a, b) for a, b in zip(before[1::2], after[1::2], strict=True) if a != b]


def _hunk_renames(hunk: Hunk, old_text: Sequence[bytes], new_text: Sequence[bytes]
                  ) -> set[tuple[bytes, bytes]] | None:
    """The renames of a hunk whose every removed line reads as the added line in its place
    but for identifiers; None for any other hunk (one that renames nothing too)."""
    removed, added = hunk.old_lines(), hunk.new_lines()
    if len(removed) != len(added) or not removed \
            or removed[-1] > len(old_text) or added[-1] > len(new_text):
        return None
    found: set[tuple[bytes, bytes]] = set()
    for old, new in zip(removed, added, strict=True):
        pairs = _renames(old_text[old - 1], new_text[new - 1])
        if pairs is None:
            return None
        found.update(pairs)
    return found or None


def _words(name: bytes, data: bytes) -> int:
    """How many times ``name`` is written as a word of ``data``."""
    return sum(1 for _ in re.finditer(
        rb"(?<![%(w)s])%(n)s(?![%(w)s])" % {b"w": _WORD, b"n": re.escape(name)}, data))


@dataclass
class _Reader:
    """The identifiers of one side's tree that are some of ``names``, walked once, in
    source order: each a private declaration, a use, or anything else (:func:`_kept`)."""

    language: str
    names: frozenset[bytes]
    kept: dict[bytes, int] = field(default_factory=dict)
    """Per name, its identifiers a rename keeps to the file."""
    declared: set[bytes] = field(default_factory=set)
    """Names with a private declaration."""
    refused: set[bytes] = field(default_factory=set)
    """Names with a public declaration, or an identifier in a place a rename changes."""
    _bodies: list[tuple[int, int, bool, bool]] = field(default_factory=list)
    """The function and class bodies open at the walk's place, ends never growing up the
    stack: (start, end, whether a function's, whether the definition opening it sits in a
    function's body)."""
    _top: set[int] = field(default_factory=set)
    """TS/JS: ids of the top-level declaring statements and of their declarators."""

    def read(self, root: Node) -> None:
        exported = {name.encode() for name in exported_names(root)} \
            if self.language != "python" else set()
        types = _NAMES | _FUNCTIONS | _CLASSES | _TOP_STATEMENTS | {"variable_declarator"}
        for node, parent in walk_with_parents(root, types):
            if node.type in _FUNCTIONS or node.type in _CLASSES:
                self._open(node)
            if parent is None:
                continue
            if node.type in _TOP_STATEMENTS and parent.type == "program" \
                    or node.type == "variable_declarator" and parent.id in self._top:
                self._top.add(node.id)
            if node.type in _NAMES and node.text in self.names:
                self._read_name(node, parent, exported)

    def _open(self, definition: Node) -> None:
        """A function's or a class's definition is entered: bodies it is past are left."""
        body = definition.child_by_field_name("body")
        if body is None:
            return
        within = self._in_function(definition.start_byte)
        self._bodies.append((body.start_byte, body.end_byte, definition.type in _FUNCTIONS,
                             within))

    def _leave(self, at: int) -> None:
        while self._bodies and self._bodies[-1][1] <= at:
            self._bodies.pop()

    def _in_function(self, at: int) -> bool:
        """Whether the innermost body holding ``at`` is a function's. The body on top of the
        stack holds ``at``, or ``at`` is in the header of the definition opening it (its
        name, parameters or bases), which sits where that definition does: told when it was
        opened, one step however deeply headers nest."""
        self._leave(at)
        if not self._bodies:
            return False
        start, _, function, within = self._bodies[-1]
        return function if start <= at else within

    def _read_name(self, node: Node, parent: Node, exported: set[bytes]) -> None:
        name = node.text or b""
        kind = _kind(node, parent)
        if kind == "declaration" and self._private(name, node, parent, exported):
            self.declared.add(name)
        elif kind != "use":  # a public declaration, or a place the name is not the file's
            self.refused.add(name)
            return
        self.kept[name] = self.kept.get(name, 0) + 1

    def _private(self, name: bytes, node: Node, parent: Node, exported: set[bytes]) -> bool:
        """Whether a declaration declares a name no other file sees."""
        if self._in_function(node.start_byte):
            return True
        if self.language == "python":
            return name.startswith(b"_") and not is_dunder(name.decode("utf-8", "replace"))
        return parent.id in self._top and name not in exported


def _kind(node: Node, parent: Node) -> str:
    """What an identifier is: a ``declaration`` (of a name ``_Reader._private`` judges), a
    ``use``, or ``other``, a place where its name is not the file's alone."""
    if parent.type in _FORBIDDEN:
        return "other"
    if parent.type == "attribute":  # Python's ``obj.name``
        return "other" if parent.child_by_field_name("attribute") == node else "use"
    if parent.type == "arrow_function" and parent.child_by_field_name("parameter") == node:
        return "other"
    if parent.child_by_field_name("name") == node:
        if parent.type in _DECLARING:
            return "declaration"
        return "use" if parent.type in _JSX_NAMED else "other"
    if parent.type in _BINDING_LISTS \
            or parent.type in _LEFT_BINDING and parent.child_by_field_name("left") == node:
        return "declaration"
    return "use"


def _private_names(language: str, tree: Tree, data: bytes, names: frozenset[bytes]
                   ) -> frozenset[bytes]:
    """Those of ``names`` each word of which in ``data`` is an identifier of ``tree`` a rename
    keeps to the file, at least one a private declaration and none a public one."""
    reader = _Reader(language, names)
    reader.read(tree.root_node)
    return frozenset(name for name in reader.declared - reader.refused
                     if reader.kept[name] == _words(name, data))


def _file_renames(hunks: Sequence[Hunk], old_text: Sequence[bytes], new_text: Sequence[bytes]
                  ) -> tuple[list[tuple[Hunk, set[tuple[bytes, bytes]]]], dict[bytes, bytes]]:
    """The hunks that only rename, each with its renames, and the renames over the file (old
    name -> new name); none when one name stands for two, or past ``MAX_RENAMED``."""
    renaming: list[tuple[Hunk, set[tuple[bytes, bytes]]]] = []
    forward: dict[bytes, bytes] = {}
    backward: dict[bytes, bytes] = {}
    for hunk in hunks:
        pairs = _hunk_renames(hunk, old_text, new_text)
        if pairs is None:
            continue
        for old, new in pairs:
            if forward.setdefault(old, new) != new or backward.setdefault(new, old) != old \
                    or len(forward) > MAX_RENAMED:
                return [], {}
        renaming.append((hunk, pairs))
    return renaming, forward


def renamed_lines(language: str, base: tuple[Tree, bytes], head: tuple[Tree, bytes],
                  hunks: Sequence[Hunk]) -> tuple[frozenset[int], frozenset[int]]:
    """Each side's lines of ``hunks`` that only rename private names (the base side's, then
    the head side's)."""
    (base_tree, old), (head_tree, new) = base, head
    if base_tree.root_node.has_error or head_tree.root_node.has_error:
        return frozenset(), frozenset()
    renaming, renames = _file_renames(hunks, lines_of(old), lines_of(new))
    if not renames:
        return frozenset(), frozenset()
    consistent = {a: b for a, b in renames.items() if not _words(a, new) and not _words(b, old)}
    private = _private_names(language, base_tree, old, frozenset(consistent)) if consistent \
        else frozenset()
    kept = _private_names(language, head_tree, new,
                          frozenset(consistent[a] for a in private)) if private \
        else frozenset()
    done = {a for a in private if consistent[a] in kept}
    lines = [(hunk.old_lines(), hunk.new_lines()) for hunk, pairs in renaming
             if all(a in done for a, _ in pairs)]
    return (frozenset(n for removed, _ in lines for n in removed),
            frozenset(n for _, added in lines for n in added))
