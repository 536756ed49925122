"""Python declarations touched by changed lines, found in the tree-sitter syntax tree, and the
qualified names Python docs use for them (``httpx.Client.send``, ``click.echo``)."""

from __future__ import annotations

import builtins
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache

from tree_sitter import Node

from govern.drift.anchors.inheritance import inherited_spellings, overriding
from govern.drift.anchors.literals import registered_keys, shaped_literals
from govern.drift.anchors.model import Declaration, Extraction, unique
from govern.drift.anchors.syntax import (
    any_within,
    changed_in_body_only,
    changed_in_doc_only,
    documented_end,
    first_error_line,
    first_line,
    inherited_members,
    is_dunder,
    last_line,
    local_callers,
    parse,
    passed_over_members,
    python_assignment,
    python_string,
    text,
    touched_members,
    touches,
)
from govern.git.packages import is_example_file, is_test_file

# Compound statements whose blocks still hold module-level definitions
# (``if TYPE_CHECKING:``, ``try: import … except …:``).
_TRANSPARENT = frozenset({"if_statement", "try_statement", "with_statement", "block",
                          "else_clause", "elif_clause", "except_clause", "finally_clause"})


def is_public(name: str) -> bool:
    return not name.startswith("_")


def statements(node: Node, transparent: frozenset[str] = _TRANSPARENT) -> Iterator[Node]:
    """The statements of a block, looking through the compound statements in ``transparent``
    (whose blocks still bind names at this level), in source order.

    Walked with a stack of the blocks being read, not by recursion: ``if`` statements nested
    600 deep were past Python's recursion limit."""
    reading = [iter(node.named_children)]
    while reading:
        for child in reading[-1]:
            if child.type in transparent:
                reading.append(iter(child.named_children))
                break
            yield child
        else:
            reading.pop()


def unwrap_definition(node: Node) -> Node:
    """The definition a decorated_definition wraps, or the node itself."""
    if node.type == "decorated_definition":
        inner = node.child_by_field_name("definition")
        if inner is not None:
            return inner
    return node


def _targets(node: Node) -> Iterator[Node]:
    """The identifiers an assignment's left side binds (``a = …``, ``a, b = …``, ``a: T``), in
    order; walked with a stack, as tuples may nest past Python's recursion limit."""
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type == "identifier":
            yield current
        elif current.type in ("pattern_list", "tuple_pattern", "list_pattern"):
            stack.extend(reversed(current.named_children))


def assigned(statement: Node) -> Iterator[tuple[str, Node]]:
    """(name, value) of each name an assignment statement binds: each target of a chain
    (attrs' ``attr = ib = _make_attr``, which keeps ``ib`` as it makes ``attr``), all bound to
    the value at its end, and of a tuple (``a, b = …``); a ``NAME: T`` without a value gives
    its assignment."""
    if statement.type != "expression_statement":
        return
    for expression in statement.named_children:
        chain: list[Node] = []
        while expression.type == "assignment":
            chain.append(expression)
            right = expression.child_by_field_name("right")
            if right is None or right.type != "assignment":
                break
            expression = right
        if not chain:
            continue
        value = chain[-1].child_by_field_name("right") or chain[-1]
        for link in chain:
            left = link.child_by_field_name("left")
            for target in _targets(left) if left is not None else ():
                yield text(target), value


def _declarations(node: Node) -> list[tuple[str, Node]]:
    """(name, value) of each name a statement declares: a def or class (itself the value), or
    each name an assignment binds (``assigned``)."""
    definition = unwrap_definition(node)
    if definition.type in ("function_definition", "class_definition"):
        name = text(definition.child_by_field_name("name"))
        return [(name, definition)] if name else []
    return list(assigned(node))


def _string_keyed_dict(statement: Node) -> Node | None:
    """The dict literal of ``NAME = {"key": …}`` when every key is a plain string. Not of a
    tuple target: ``A, B = {"x": 1, "y": 2}`` binds ``A`` to ``"x"``, and neither holds
    the dict's keys."""
    assignment = python_assignment(statement)
    left = assignment.child_by_field_name("left") if assignment is not None else None
    if assignment is None or left is None or left.type != "identifier":
        return None
    right = assignment.child_by_field_name("right")
    if right is None or right.type != "dictionary":
        return None
    pairs = [child for child in right.named_children if child.type == "pair"]
    if not pairs or len(pairs) != len([c for c in right.named_children if c.type != "comment"]):
        return None
    if all(python_string(pair.child_by_field_name("key")) is not None for pair in pairs):
        return right
    return None


def _class_members(body: Node) -> Iterator[tuple[str, Node]]:
    for member in body.named_children:
        for name, value in _declarations(member):
            yield name, member
            if name == "__init__":
                yield from _instance_fields(unwrap_definition(member))
            elif name == "__slots__":
                yield from _slot_entries(value)


_SLOT_LISTS = frozenset({"tuple", "list", "set", "expression_list", "dictionary"})


def _slot_entries(value: Node) -> Iterator[tuple[str, Node]]:
    """Each entry of a class's ``__slots__`` (a tuple, list or set of strings, a dict's keys,
    or one string), with its string: an instance attribute of the class, declared there as
    ``__init__``'s ``self.name = …`` declares one. A changed entry is a change to that
    attribute (aiohttp's ``StreamReader`` gaining ``"total_compressed_bytes"``), not to the
    class (docs/concepts/anchoring-rules.md#what-anchors)."""
    strings = [value] if value.type == "string" else [
        child.child_by_field_name("key") if child.type == "pair" else child
        for child in value.named_children] if value.type in _SLOT_LISTS else []
    for string in strings:
        name = python_string(string)
        if string is not None and name and name.isidentifier():
            yield name, string


def _instance_fields(init: Node) -> Iterator[tuple[str, Node]]:
    """The ``self.name = …`` statements of a constructor's body: the instance's fields, which
    docs name as the class's (``Flask.config``, documented by the ``#:`` comment above)."""
    body = init.child_by_field_name("body")
    for statement in statements(body) if body is not None else ():
        name = _instance_field(statement)
        if name is not None:
            yield name, statement


def _instance_field(statement: Node) -> str | None:
    """``name`` of a ``self.name = …`` statement."""
    assignment = python_assignment(statement)
    target = assignment.child_by_field_name("left") if assignment is not None else None
    if target is None or target.type != "attribute" \
            or text(target.child_by_field_name("object")) != "self":
        return None
    return text(target.child_by_field_name("attribute"))


def _dict_members(dictionary: Node) -> Iterator[tuple[str, Node]]:
    """The keys of a string-keyed table that are names (``RULES.MR001``); a URL, a path or a
    phrase (``"api/reference.rst"``) is a value, never a member a page names as one."""
    for pair in dictionary.named_children:
        if pair.type == "pair":
            key = python_string(pair.child_by_field_name("key"))
            if key and key.isidentifier():
                yield key, pair


def _members(statement: Node) -> tuple[bool, list[tuple[str, Node]]]:
    """(is a container, its members) for a top-level statement."""
    definition = unwrap_definition(statement)
    if definition.type == "class_definition":
        body = definition.child_by_field_name("body")
        return True, list(_class_members(body)) if body is not None else []
    dictionary = _string_keyed_dict(statement)
    if dictionary is not None:
        return True, list(_dict_members(dictionary))
    return False, []


def _member_role(member_name: str, member: Node) -> str:
    if member_name == "__init__":
        return "constructor"
    if member_name == "__slots__":
        return "slots"  # its entries are the members it declares: it anchors nothing itself
    if member.type == "string":  # a ``__slots__`` entry: an instance field, or a private one
        return "field" if is_public(member_name) else "hidden"
    if is_dunder(member_name):
        return "container"
    if not is_public(member_name):
        return "hidden"
    return "field" if _instance_field(member) is not None else "member"


def _touched(statement: Node, name: str, lines: frozenset[int], is_container: bool,
             members: list[tuple[str, Node]], respelled: frozenset[int] = frozenset()
             ) -> list[Declaration]:
    """The declarations a changed statement contributes: its touched members, else itself
    (``is_container`` and ``members`` as ``_members`` gives them); ``doc_only`` where the
    changed lines are all ``respelled`` documentation (``changed_in_doc_only``)."""
    if not is_container:
        definition = unwrap_definition(statement)
        binding = definition.type not in ("function_definition", "class_definition")
        function = definition.type == "function_definition"
        documented = range(first_line(statement), last_line(statement) + 1)
        return [Declaration(name, None, bridgeable=True, binding=binding,
                            body_only=function and changed_in_body_only(
                                statement, documented, lines),
                            doc_only=function and changed_in_doc_only(
                                statement, documented, statement, lines, respelled))]
    found = touched_members(name, statement, members, lines, _member_role, respelled)
    own = Declaration(name, None, bridgeable=False)
    if _deprecates_instances(members, lines):
        # every instance warns: found by a docstring line too, the class is still no
        # documentation-only change (``unique`` keeps its first place)
        found = [*found, own] if own in found else [own, *found]
    return found


def _deprecates_instances(members: list[tuple[str, Node]], lines: frozenset[int]) -> bool:
    """Does a changed statement of a constructor's body (``__init__``'s, through ``if`` and
    ``try`` blocks) warn that the class is deprecated? Every instance warns, so the class is
    what changed, as when its constructor's signature does: DRF deprecated
    ``DjangoObjectPermissionsFilter`` so, and edited the two pages naming the class. Another
    dunder (``__new__``, ``__init_subclass__``) already anchors its class, and a method's
    warning its method."""
    for member_name, member in members:
        if member_name != "__init__" or not touches(member, lines):
            continue
        body = unwrap_definition(member).child_by_field_name("body")  # none of an assignment
        if body is not None and any(touches(statement, lines) and _is_deprecation(statement)
                                    for statement in statements(body)):
            return True
    return False


def _is_deprecation(statement: Node) -> bool:
    """Is a statement a call warning that what holds it is deprecated
    (``warnings.warn("…", DeprecationWarning)``, a project's own ``…DeprecationWarning``,
    ``FutureWarning``, or the warning made in the call: flask's old
    ``warn(DeprecationWarning('please use flask.sessions instead'))``)?"""
    call = statement.named_children[0] if statement.type == "expression_statement" \
        and statement.named_children else None
    if call is None or call.type != "call":
        return False
    function = call.child_by_field_name("function")
    arguments = call.child_by_field_name("arguments")
    if function is None or arguments is None \
            or (function.text or b"").rpartition(b".")[2] != b"warn":
        return False
    # the category: the second positional argument, or ``category=``; never the message,
    # unless the first argument makes the warning itself
    positional = [a for a in arguments.named_children
                  if a.type not in ("keyword_argument", "comment")]
    made = [made for first in positional[:1] if first.type == "call"
            and (made := first.child_by_field_name("function")) is not None]
    categories = made + positional[1:2] + [
        value for a in arguments.named_children if a.type == "keyword_argument"
        and (name := a.child_by_field_name("name")) is not None and name.text == b"category"
        and (value := a.child_by_field_name("value")) is not None]
    return any(category.type in ("identifier", "attribute")
               and (b"Deprecat" in (last := (category.text or b"").rpartition(b".")[2])
                    and last.endswith(b"Warning") or last == b"FutureWarning")
               for category in categories)


def deprecates_module(source: bytes, lines: frozenset[int] | None) -> bool:
    """Does a changed statement (any, for None ``lines``) of the module's own level, run on
    every import (not inside an ``if``, a ``try`` or a function), warn that the module is
    deprecated? werkzeug's ``contrib/lint.py`` became ``from ..middleware.lint import *`` and
    such a warning (docs/concepts/anchoring-rules.md#certain-drift). A warning under a
    condition is about the condition: attrs' ``__init__`` warned only on Python 3.6."""
    return any((lines is None or touches(statement, lines)) and _is_deprecation(statement)
               for statement in parse("python", source).root_node.named_children)


def string_list(node: Node | None) -> frozenset[str] | None:
    """The strings of a list or tuple (``__all__ = ["a", "b"]``, ``("a",)``, or ``'a', 'b'``
    unparenthesised, as pydantic's ``fields.py`` writes it); None for any other value."""
    if node is None or node.type not in ("list", "tuple", "expression_list"):
        return None
    return frozenset(v for v in (python_string(c) for c in node.named_children) if v)


def all_entries(source: bytes) -> frozenset[str]:
    """The names a module's top-level ``__all__`` statements write, whatever their form:
    a list, ``__all__ += […]``, or an expression joining other modules' lists to its own
    (aiohttp's ``client_exceptions.__all__ + … + ("ClientSession", …)``, which
    :func:`string_list` cannot read as the module's whole list)."""
    return _all_strings(parse("python", source).root_node)


def _all_strings(root: Node) -> frozenset[str]:
    found: set[str] = set()
    for statement in statements(root):
        expression = statement.named_children[0] if statement.type == "expression_statement" \
            and statement.named_children else None
        if expression is None or expression.type not in ("assignment", "augmented_assignment") \
                or text(expression.child_by_field_name("left")) != "__all__":
            continue
        stack = [expression.child_by_field_name("right")]
        while stack:  # a stack, not recursion: a sum of 10,000 lists nests 10,000 deep
            node = stack.pop()
            if node is None:
                continue
            if node.type == "string":
                value = python_string(node)
                if value and value.isidentifier():
                    found.add(value)
            else:
                stack.extend(node.named_children)
    return frozenset(found)


def from_imports(statement: Node) -> dict[str, str]:
    """``from M import a, b as c`` / ``from M import *`` -> {exported name: "M:original"}."""
    return {name: source for name, source, _ in _imported(statement)}


def _imported(statement: Node) -> Iterator[tuple[str, str, Node]]:
    """(exported name, "M:original", its node) of each name a ``from M import`` binds."""
    if statement.type != "import_from_statement":
        return
    module = text(statement.child_by_field_name("module_name"))
    for child in statement.named_children:
        if child.type == "wildcard_import":
            yield f"*{module}", f"{module}:*", child
        elif child.type == "aliased_import":
            original = text(child.child_by_field_name("name"))
            yield text(child.child_by_field_name("alias")), f"{module}:{original}", child
        elif child.type == "dotted_name" and child != statement.child_by_field_name("module_name"):
            yield text(child), f"{module}:{text(child)}", child


def _for_type_checkers(statement: Node, memo: dict[int, bool]) -> bool:
    """Is a statement in the block of an ``if TYPE_CHECKING:`` (``typing.TYPE_CHECKING``),
    which only a type checker runs? Each block above it is judged once (``memo``, by node
    id), so the statements of blocks nested thousands deep cost one walk, not one each."""
    above: list[Node] = []
    current = statement.parent
    while current is not None and current.id not in memo:
        above.append(current)
        current = current.parent
    inside = current is not None and memo[current.id]
    for block in reversed(above):
        parent = block.parent
        inside = inside or (parent is not None and parent.type == "if_statement"
                            and block == parent.child_by_field_name("consequence")
                            and text(parent.child_by_field_name("condition")).rpartition(".")[2]
                            == "TYPE_CHECKING")
        memo[block.id] = inside
    return inside


def _import_bound(statement: Node) -> Iterator[str]:
    """The names an ``import`` statement binds: ``toml`` of ``import toml``, ``toml`` of
    ``import tomli as toml``, ``os`` of ``import os.path``."""
    return (name for name, _ in _module_bindings(statement))


def _module_bindings(statement: Node) -> Iterator[tuple[str, str]]:
    """(name, the module it is bound to) of each name an ``import`` statement binds: ``os``
    -> ``os`` of ``import os.path`` (``os.path.join`` is read through it), ``toml`` ->
    ``tomli`` of ``import tomli as toml``."""
    if statement.type != "import_statement":
        return
    for child in statement.named_children:
        if child.type == "aliased_import":
            yield (text(child.child_by_field_name("alias")),
                   text(child.child_by_field_name("name")))
        elif child.type == "dotted_name":
            name = text(child).partition(".")[0]
            yield name, name


_BUILTINS = frozenset(name for name in dir(builtins) if is_public(name))
"""The built-in names (``DeprecationWarning``, ``open``); the dunders are module metadata."""


def _borrowed(imports: set[str], assignments: set[str], definitions: set[str],
              all_names: frozenset[str] | None) -> dict[str, str]:
    """The names a module binds only by assignment that are another's (name -> the reason a
    NOT COVERED line gives): one it also imports (``toml = None``, the fallback of ``try:
    import toml``) is the import's, and one a built-in has (pydantic's ``else:
    DeprecationWarning = PydanticDeprecatedSince20``, a workaround for an editor) rebinds
    it. Neither is the module's declaration, unless ``__all__`` lists it; a def or class is
    (requests' ``class ConnectionError``)."""
    listed = all_names or frozenset()
    reasons = {name: f"the built-in `{name}` rebound" for name in assignments & _BUILTINS}
    reasons.update((name, f"`{name}`, which the module imports") for name in assignments & imports)
    return {name: reason for name, reason in reasons.items()
            if name not in definitions and name not in listed}


_STANDARD_LIBRARY = frozenset(sys.stdlib_module_names) | {"typing_extensions"}
"""Top-level modules of the standard library (``__future__`` among them), and the backport
of ``typing``'s."""


def _republishes(origin: str, node: Node) -> bool:
    """Does an import (``origin`` as :func:`from_imports` gives it, ``node`` the name's) in a
    module without ``__all__`` re-export the name? Not one from the standard library
    (``from typing import Any`` in cattrs' ``preconf/__init__.py``): the package uses it, and
    a page documents it under its own module. One from the package itself or from a
    dependency it does (flask's ``from markupsafe import Markup``, documented as
    ``flask.Markup``), and one written with ``as`` always (``from x import a as a``, the
    explicit re-export type checkers read)."""
    module = origin.rpartition(":")[0]
    return node.type == "aliased_import" or module.partition(".")[0] not in _STANDARD_LIBRARY


def _class_tree(top_level: list[tuple[str, Node]]
                ) -> tuple[dict[str, list[str]], dict[str, set[str]], dict[str, list[str]]]:
    """(class -> the names of its bases, class -> its own member names, class -> its bases as
    written), for every class, exported or not: an exported class inherits through one
    ``__all__`` leaves out. A dotted base (``fields.Field``) counts by its last part for the
    inherited members, but is no class of the file for the overrides rule: a local class of
    the same name (``class Field(fields.Field)``) is not its base. As written, a subscripted
    base is the generic class it subscripts (``BasePlugin`` of ``BasePlugin[Config]``)."""
    bases: dict[str, list[str]] = {}
    members: dict[str, set[str]] = {}
    written: dict[str, list[str]] = {}
    for name, statement in top_level:
        definition = unwrap_definition(statement)
        if definition.type != "class_definition":
            continue
        listed = definition.child_by_field_name("superclasses")
        arguments = [arg for arg in (listed.named_children if listed is not None else [])
                     if arg.type in ("identifier", "attribute", "subscript")]
        bases[name] = [text(arg).rsplit(".", 1)[-1] for arg in arguments
                       if arg.type != "subscript"]
        written[name] = [text(arg.child_by_field_name("value") if arg.type == "subscript"
                              else arg) for arg in arguments]
        members[name] = {member for member, _ in _members(statement)[1]}
    return bases, members, written


BaseReference = tuple[str, str]
"""(the module a class is imported from as the file writes it, ``""`` for the file itself;
the class's name there)."""


@dataclass(frozen=True)
class ClassTable:
    """A module's classes as the overrides rule reads them across imports
    (docs/concepts/anchoring-rules.md#overrides)."""

    members: dict[str, frozenset[str]]
    """Each class's own member names."""
    bases: dict[str, tuple[BaseReference, ...]]
    """Each class's bases, each once, in order: those of the file and those it imports (not a
    name it neither declares nor imports, as a star import's)."""
    imports: dict[str, BaseReference]
    """What each name a ``from … import`` binds is, in its module (``from .app import App``:
    ``App`` -> (``.app``, ``App``)): a base imported from a package's ``__init__`` that only
    imports it is read where it is declared."""
    markers: frozenset[str] = frozenset()
    """The names the module binds to a pluggy hook-implementation marker (tox's ``impl =
    pluggy.HookimplMarker(NAME)``)."""
    decorators: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Each decorated function's decorators as written, by key (``tox_add_option``,
    ``Plugin.pytest_configure``): ``impl`` of ``@impl``, ``pytest.hookimpl`` of
    ``@pytest.hookimpl(tryfirst=True)``."""


def class_table(source: bytes) -> ClassTable:
    """The classes of a Python module, the names its imports bind, its hook-implementation
    markers and its functions' decorators (one walk of its top level, on the parse
    :func:`parse` memoises)."""
    top_level: list[tuple[str, Node]] = []
    imports: dict[str, BaseReference] = {}
    modules: dict[str, str] = {}  # a name ``import`` binds -> its module
    markers: set[str] = set()
    for statement in statements(parse("python", source).root_node):
        modules.update(_module_bindings(statement))
        for name, origin, _ in _imported(statement):
            module, _, original = origin.rpartition(":")
            if not name.startswith("*"):
                imports[name] = (module, original)
        markers.update(name for name, value in assigned(statement) if _makes_marker(value))
        top_level.extend((name, statement) for name, _ in _declarations(statement))
    _, members, written = _class_tree(top_level)
    references = {name: dict.fromkeys(reference for base in listed if (
        reference := _base_reference(name, base, members, imports, modules)) is not None)
                  for name, listed in written.items()}
    return ClassTable({name: frozenset(names) for name, names in members.items()},
                      {name: tuple(found) for name, found in references.items()}, imports,
                      frozenset(markers), _decorated(top_level))


HOOK_MARKER = "hookimpl"
"""pluggy's own name for a hook-implementation marker, the one its users' docs write
(``@pytest.hookimpl``, datasette's ``@hookimpl``): a decorator of that name marks a hook's
implementation wherever it is bound (docs/concepts/anchoring-rules.md#overrides)."""
MARKER_IMPORTS = 2
"""Imports followed to where a decorator's name is bound: the module the file imports it
from, and the one that module imports it from in turn (datasette's ``__init__`` imports
``hookimpl`` from ``hookspecs``). A name bound farther is unread, and marks nothing."""


def _makes_marker(value: Node) -> bool:
    """Is an assigned value a call of pluggy's ``HookimplMarker``
    (``pluggy.HookimplMarker(NAME)``, ``HookimplMarker("proj")``)?"""
    callee = value.child_by_field_name("function") if value.type == "call" else None
    return callee is not None and callee.type in ("identifier", "attribute") \
        and text(callee).rpartition(".")[2] == "HookimplMarker"


def _decorators(statement: Node) -> tuple[str, ...]:
    """The decorators of a decorated definition as written (a call's callee: ``hookimpl`` of
    ``@hookimpl(tryfirst=True)``); only names and dotted names, not other expressions."""
    if statement.type != "decorated_definition":
        return ()
    found = []
    for decorator in statement.named_children:
        expression = decorator.named_children[0] if decorator.type == "decorator" \
            and decorator.named_children else None
        if expression is not None and expression.type == "call":
            expression = expression.child_by_field_name("function")
        if expression is not None and expression.type in ("identifier", "attribute"):
            found.append(text(expression))
    return tuple(found)


def _decorated(top_level: list[tuple[str, Node]]) -> dict[str, tuple[str, ...]]:
    """Each decorated function's decorators (:func:`_decorators`), by key: a top-level
    function's and a class's methods'."""
    found: dict[str, tuple[str, ...]] = {}
    for name, statement in top_level:
        definition = unwrap_definition(statement)
        if definition.type == "function_definition" and (written := _decorators(statement)):
            found[name] = written
        elif definition.type == "class_definition":
            found.update((f"{name}.{member}", written) for member, node in _members(statement)[1]
                         if (written := _decorators(node)))
    return found


TableOf = Callable[[str, str], tuple[str, ClassTable] | None]
"""(importing file, module as it writes it) -> the file of the tree that module is, and its
table; None for a module no file of the tree is."""


def hook_implementations(touched: Iterable[Declaration], path: str, table: ClassTable,
                         table_of: TableOf) -> frozenset[str]:
    """Keys of the touched functions a pluggy hook-implementation marker decorates (tox's
    ``@impl def tox_add_option``): each implements the hook its name is, which pages document
    on the hook's spec, so it anchors in qualified forms only, as an override does
    (docs/concepts/anchoring-rules.md#overrides). ``table`` is the file's own (at
    ``path``). A marker is a decorator named :data:`HOOK_MARKER`, or a bare name the file
    binds to ``HookimplMarker(…)``, or imports from a module of the tree that binds it so
    (``from tox.plugin import impl``, through :data:`MARKER_IMPORTS` imports at most): an
    ``@impl`` bound to anything else is any decorator. Each name is judged once a file."""
    judged: dict[str, bool] = {}

    def marks(written: str) -> bool:
        if written not in judged:
            judged[written] = _is_marker(written, path, table, table_of)
        return judged[written]

    return frozenset(declaration.key for declaration in touched
                     if any(marks(written) for written in table.decorators.get(
                         declaration.key, ())))


def _is_marker(written: str, path: str, table: ClassTable, table_of: TableOf) -> bool:
    """Is the decorator ``written`` in the file at ``path`` (``table`` its own) a
    hook-implementation marker (:func:`hook_implementations`)?"""
    if written.rpartition(".")[2] == HOOK_MARKER or written in table.markers:
        return True
    reference = table.imports.get(written)
    for _ in range(MARKER_IMPORTS):
        if reference is None:
            return False
        module, name = reference
        found = table_of(path, module)
        if found is None:
            return False
        path, table = found
        if name in table.markers:
            return True
        reference = table.imports.get(name)
    return False


def _base_reference(name: str, base: str, classes: dict[str, set[str]],
                    imports: dict[str, BaseReference],
                    modules: dict[str, str]) -> BaseReference | None:
    """Where the base written ``base`` of the class ``name`` is declared: a class of the file
    (named bare), a name a ``from … import`` binds, or a dotted name read through an imported
    module (``import pkg.mod`` then ``pkg.mod.Base``, ``from pkg import mod`` then
    ``mod.Base``); None when it is none of them. A class named as its base (``class
    Widget(Widget)``) extends the one it imports: its own name is not bound yet."""
    head, dotted, rest = base.partition(".")
    if not dotted:
        return ("", base) if base in classes and base != name else imports.get(base)
    middle, _, attribute = rest.rpartition(".")
    if head in modules:
        module = modules[head]
    elif head in imports:  # ``from pkg import mod``: the module ``pkg.mod``
        package, imported = imports[head]
        module = f"{package}{imported}" if package.endswith(".") else f"{package}.{imported}"
    else:
        return None
    return (f"{module}.{middle}" if middle else module), attribute


_MODULE_GETATTR = re.compile(r"^def[ \t]++__getattr__[ \t]*+\([ \t]*+([A-Za-z_]\w*+)", re.M)
_FUNCTION_END = re.compile(r"\n(?=[^\s#])")
_QUOTED = r"""["']([A-Za-z_]\w*+)["']"""


def module_getattr_names(text: str) -> set[str]:
    """The names a module-level ``__getattr__`` (PEP 562) serves: the strings it compares its
    parameter with (``name == "BaseCommand"``, ``name in {"get_text_stream", …}``). click
    renamed ``get_binary_stream`` to ``_get_binary_stream`` and serves the old name from
    such a shim, with a deprecation warning: the name is still there to import and document."""
    found: set[str] = set()
    for shim in _MODULE_GETATTR.finditer(text):
        end = _FUNCTION_END.search(text, shim.end())
        body = text[shim.end():end.start() if end else len(text)]
        param = re.escape(shim.group(1))
        compared = re.compile(rf"(?<![\w.]){param}[ \t]*+==[ \t]*+{_QUOTED}"
                              rf"|{_QUOTED}[ \t]*+==[ \t]*+{param}(?!\w)")
        for match in compared.finditer(body):
            found.add(match.group(1) or match.group(2))
        listed = re.compile(rf"(?<![\w.]){param}[ \t]++in[ \t]*+[{{(\[]([^}})\]]*+)")
        for match in listed.finditer(body):
            found.update(re.findall(_QUOTED, match.group(1)))
    return found


_MODULE_MACHINERY = frozenset({
    "__all__", "__path__", "__doc__", "__file__", "__name__", "__spec__", "__loader__",
    "__package__", "__builtins__", "__annotations__", "__cached__"})
"""Module attributes Python itself reads or sets: assigning one configures the module, it
publishes nothing (``__all__`` lists the exports, ``__path__`` where submodules are found)."""
RELEASE_DATA = frozenset({
    "__version__", "__version_info__", "__copyright__", "__license__", "__author__",
    "__author_email__", "__email__", "__maintainer__", "__maintainer_email__", "__credits__",
    "__status__"})
"""Module metadata each release or change of hands rewrites: its version, the years of its
copyright, its licence, who wrote and keeps it, its development status. Written out as a
literal it is release data, as the ``LICENSE`` and ``AUTHORS`` files are repository metadata:
no page documents ``pkg.__copyright__`` as API, and DRF's copyright-year bumps listed its
release checklist. What the package is (``__title__``, ``__description__``, ``__url__``)
stays metadata a page may document."""
_WRITTEN_OUT = frozenset({"string", "concatenated_string", "integer", "float", "tuple", "list"})


def _is_metadata(name: str, value: Node) -> bool:
    """Is a top-level dunder, bound to ``value`` (:func:`_declarations`), a module attribute
    the package publishes: bound by an assignment (``__description__ = …``, attrs'
    ``__version_info__``, which its API page tells users to compare), not one of
    ``_MODULE_MACHINERY``, nor a def (``__getattr__``, ``__dir__``: hooks of the module, not
    values)? One of ``RELEASE_DATA`` written out as a literal (``__version__ = "1.2.3"``,
    ``__copyright__ = "Copyright 2011-2015 …"``) is release data, which each release
    rewrites: a bump, not API. Computed (attrs' ``__version_info__``), it is an object the
    module publishes."""
    if not is_dunder(name) or name in _MODULE_MACHINERY \
            or value.type in ("function_definition", "class_definition"):
        return False
    return not (name in RELEASE_DATA and value.type in _WRITTEN_OUT)


def _unexported_reason(name: str, statement: Node) -> str:
    """How a NOT COVERED reason names a changed top-level declaration that is not exported."""
    if not is_dunder(name):
        return f"private `{name}`" if not is_public(name) \
            else f"`{name}`, which `__all__` leaves out"
    if unwrap_definition(statement).type == "function_definition":
        return f"module hook `{name}`"
    return f"module {'attribute' if name in _MODULE_MACHINERY else 'metadata'} `{name}`"


def _first_parameter(function: Node) -> str | None:
    """The name of a function's first parameter (``name``, ``name: str``)."""
    parameters = function.child_by_field_name("parameters")
    first = parameters.named_children[0] if parameters is not None \
        and parameters.named_children else None
    if first is not None and first.type == "typed_parameter" and first.named_children:
        first = first.named_children[0]
    return text(first) if first is not None and first.type == "identifier" else None


def _compared(condition: Node, parameter: str) -> Iterator[Node]:
    """The strings a condition compares ``parameter`` with: ``name == "x"``, ``"x" == name``,
    ``name in {"x", …}`` (a set, tuple or list), under ``or``/``and`` too."""
    stack = [condition]
    while stack:
        node = stack.pop()
        if node.type != "comparison_operator":
            stack.extend(node.named_children)
            continue
        if node.child_count != 3:
            continue
        left, operator, right = node.children
        if operator.type == "==":
            for one, other in ((left, right), (right, left)):
                if one.type == "identifier" and text(one) == parameter and other.type == "string":
                    yield other
        elif operator.type == "in" and left.type == "identifier" and text(left) == parameter \
                and right.type in ("set", "tuple", "list"):
            yield from (item for item in right.named_children if item.type == "string")


def _served(function: Node, lines: frozenset[int]) -> list[str]:
    """The names a module ``__getattr__`` (PEP 562) serves that a change touched: each string
    its parameter is compared with on a changed line, and all of a branch's when a line of its
    block changed. click's shim began returning ``_get_binary_stream`` under ``if name ==
    "get_binary_stream":``, which changed what ``click.get_binary_stream`` is."""
    parameter = _first_parameter(function)
    body = function.child_by_field_name("body")
    if parameter is None or body is None:
        return []
    found: list[str] = []
    stack = [body]
    while stack:
        node = stack.pop()
        if not touches(node, lines):
            continue
        condition = node.child_by_field_name("condition") \
            if node.type in ("if_statement", "elif_clause") else None
        if condition is not None:
            block = node.child_by_field_name("consequence")
            whole = block is not None and touches(block, lines)
            found.extend(value for string in _compared(condition, parameter)
                         if (whole or touches(string, lines))
                         and (value := python_string(string)) and is_public(value))
        stack.extend(reversed(node.named_children))
    return list(dict.fromkeys(found))


def extract_python(source: bytes, lines: frozenset[int],
                   imported: frozenset[str] = frozenset(),
                   respelled: frozenset[int] = frozenset()) -> Extraction:
    """The declarations enclosing ``lines`` (1-based) in a Python source, and what it declares.
    ``imported``: the names its package's ``__init__`` imports from it by name, public
    whatever the module's own ``__all__`` says (jinja 2's ``runtime.__all__`` listed what
    compiled templates star-import; ``jinja2.ChainableUndefined`` is documented API).
    ``respelled``: the changed lines whose words changed only in spelling, which make a
    declaration changed in them and its documentation alone ``doc_only``."""
    tree = parse("python", source)
    all_names: frozenset[str] | None = None
    reexports: dict[str, str] = {}
    republished: set[str] = set()  # the imports that re-export where no ``__all__`` says
    top_level: list[tuple[str, Node]] = []
    metadata: set[str] = set()
    deprecated = False  # a changed top-level warning deprecates the module's whole API
    changed_imports: list[str] = []  # the names ``from … import`` binds on changed lines
    imports: set[str] = set()  # every name an import binds
    assignments: set[str] = set()  # every name an assignment binds
    definitions: set[str] = set()  # every name a def or class binds
    checked: set[str] = set()  # what ``from … import`` binds for type checkers, and at runtime
    runtime: set[str] = set()
    blocks: dict[int, bool] = {}
    called: dict[str, str] = {}  # a top-level name bound to a call -> the name it calls
    for statement in statements(tree.root_node):
        imports.update(_import_bound(statement))
        for imported_name, origin, node in _imported(statement):
            imports.add(imported_name)
            (checked if _for_type_checkers(statement, blocks) else runtime).add(imported_name)
            reexports[imported_name] = origin
            if _republishes(origin, node):
                republished.add(imported_name)
            if touches(node, lines):
                changed_imports.append(imported_name)
        deprecated = deprecated or (touches(statement, lines) and _is_deprecation(statement))
        for name, value in _declarations(statement):
            if name == "__all__":
                all_names = string_list(value)
            else:
                (definitions if value.type in ("function_definition", "class_definition")
                 else assignments).add(name)
                top_level.append((name, statement))
                if value.type == "call" and (function := value.child_by_field_name(
                        "function")) is not None and function.type == "identifier":
                    called[name] = text(function)
                # ``__all__`` lists what a star import takes; module metadata is read as
                # ``pkg.__version_info__``, never star-imported, so ``__all__`` leaving it out
                # hides nothing. Judged on the value each name is bound to, once: a statement
                # binding 4,000 dunders was read again for each of them (40 s).
                if _is_metadata(name, value):
                    metadata.add(name)

    borrowed = _borrowed(imports, assignments, definitions, all_names)
    if all_names is None:
        # an import only type checkers run is no name of the module at runtime: it publishes
        # nothing unless ``__all__`` lists it (pydantic's ``json_schema.py`` imports
        # ``PydanticDataclass`` from ``_internal`` under ``if TYPE_CHECKING:``)
        for name in checked - runtime:
            del reexports[name]
            republished.discard(name)

    def exported(name: str) -> bool:
        return name in metadata or is_public(name) and name not in borrowed and (
            all_names is None or name in all_names or name in imported)

    declared: set[str] = set()
    touched: list[Declaration] = []
    units: list[tuple[str, Node]] = []
    # an import ``__all__`` leaves out re-exports nothing (``index_reexports``), even of the
    # package's own name: the reason says which, since a page may still write ``pkg.Name``
    passed_over = [f"an import of `{name}`, which `__all__` leaves out" for name in changed_imports
                   if all_names is not None and name not in all_names
                   and not name.startswith("*") and is_public(name)]
    # the touched members of classes not exported, which an exported subclass may inherit
    # (jinja's ``LoopContext`` inherits ``changed()`` from ``LoopContextBase``), and the
    # reason each such class gave, dropped when one does
    hidden: list[Declaration] = []
    hidden_reasons: dict[str, str] = {}
    slots: set[str] = set()  # the entries of the classes' ``__slots__``
    # a module variable's lines run to the docstring written after it, as a class field's do;
    # only at the module's own level (an ``if``/``try`` block's last assignment is not the
    # statement before a string after that block)
    module_level = tree.root_node.named_children
    ends = {statement.id: documented_end(module_level, at)
            for at, statement in enumerate(module_level)}

    def changed(statement: Node) -> bool:
        end = ends.get(statement.id, last_line(statement))
        return any_within(lines, range(first_line(statement), end + 1))

    for name, statement in top_level:
        is_container, members = _members(statement)
        slots.update(member for member, node in members if node.type == "string")
        # Units are what can call a helper: functions and methods, not the containers whose
        # text merely holds them, nor the fields a constructor (itself a unit) assigns or a
        # ``__slots__`` entry names.
        units.extend([(member, node) for member, node in members
                      if node.type != "string" and _instance_field(node) is None]
                     if is_container else [(name, statement)])
        if not exported(name):
            if changed(statement):
                definition = unwrap_definition(statement)
                served = [Declaration(served_name, None, bridgeable=False, binding=True)
                          for served_name in _served(definition, lines)] \
                    if name == "__getattr__" and definition.type == "function_definition" \
                    else []
                touched.extend(served)
                if not served:
                    passed_over.append(borrowed.get(name) or _unexported_reason(name, statement))
                    hidden_reasons[name] = passed_over[-1]
                    if is_container:
                        hidden.extend(_touched(statement, name, lines, True, members))
            continue
        declared.add(name)
        declared.update(f"{name}.{member}" for member, _ in members if is_public(member))
        if changed(statement):
            # a table whose docstring alone changed: the table's own declaration
            found = _touched(statement, name, lines, is_container, members, respelled) \
                if touches(statement, lines) or not is_container \
                else [Declaration(name, None, bridgeable=False)]
            touched.extend(found)
            if not found:
                passed_over.extend(passed_over_members(name, members, lines, _member_role))
    if deprecated:
        # uvicorn's ``warnings.warn("The uvicorn.workers module is deprecated…",
        # DeprecationWarning)``: every page naming its API (``uvicorn.workers.UvicornWorker``)
        touched.extend(Declaration(name, None, bridgeable=False)
                       for name, _ in top_level if exported(name))
    if any(name == "__getattr__" for name, _ in top_level):  # a module's, not a class's
        declared.update(name for name in module_getattr_names(source.decode("utf-8", "replace"))
                        if is_public(name))
    touched = unique(touched)  # in order, once each (a dict: linear)
    bases, own, written_bases = _class_tree(top_level)
    inherited, widely_inherited = inherited_members(touched + hidden, bases, own)
    inherited = [declaration for declaration in inherited if exported(declaration.container or "")]
    touched.extend(inherited)
    declared.update(key for key in inherited_spellings(bases, own, is_public)
                    if exported(key.partition(".")[0]))
    # a class ``__all__`` leaves out is passed over only when no exported class inherits
    inheriting = {hidden_reasons.get(d.inherited_from or "") for d in inherited}
    passed_over = [reason for reason in passed_over if reason not in inheriting]
    literals, literal_kin = shaped_literals(tree.root_node, lines, frozenset({"string"}),
                               frozenset({"string_content"}),
                               frozenset({"string_start", "string_end"}))
    registered = registered_keys(tree.root_node, lines)
    literals.extend(registered.changed)
    literal_kin.update(dict.fromkeys(registered.changed, registered.kin))
    # ``__all__`` entries are export declarations, not data keys: the names they list anchor
    # through their definitions, as a ``__slots__`` entry anchors as the field it declares.
    exported_strings = _all_strings(tree.root_node) | slots
    reexported = frozenset(name for name in reexports if not name.startswith("*")
                           and is_public(name) and (name in republished if all_names is None
                                                    else name in all_names))
    return Extraction(
        touched=tuple(touched),
        declared=frozenset(declared),
        literals=tuple(dict.fromkeys(v for v in literals if v not in exported_strings)),
        literal_kin={v: kin for v, kin in literal_kin.items() if v not in exported_strings},
        error_line=first_error_line(tree),
        import_reexports=reexports,
        all_names=all_names,
        instances={name: reexports.get(callee, f".:{callee}")
                   for name, callee in called.items()
                   if exported(name) and (callee in reexports or callee in definitions)},
        reexports=reexported,
        widely_inherited=widely_inherited,
        inherited=frozenset(d.key for d in inherited),
        overrides=overriding(touched, written_bases, own),
        registered=registered.every,
        callers=local_callers([d.name for d in touched if d.bridgeable], units),
        passed_over=tuple(dict.fromkeys(passed_over)),
    )


# -- qualified names --------------------------------------------------------------------------

MAX_PACKAGE_DEPTH = 32
"""Folders a Python file may sit under and still be importable by a dotted name
(:func:`module_path`)."""


def module_path(path: str,
                exists: Callable[[str], bool]) -> tuple[str, list[tuple[str, str]]]:
    """(dotted module name, its packages as (directory, dotted name), nearest first); ``("",
    [])`` when a component is not a Python identifier (the file cannot be imported by name).

    The import root is the folder above the outermost package: ``src/httpx/_client.py`` is
    module ``httpx._client`` when ``src/httpx/__init__.py`` exists and ``src/__init__.py``
    does not. A folder without an ``__init__.py`` inside a package is a namespace package
    and importable all the same: ``marimo/_plugins/ui/_impl/chat/chat.py`` is
    ``marimo._plugins.ui._impl.chat.chat`` though ``chat/`` has no ``__init__.py``.

    A file more than ``MAX_PACKAGE_DEPTH`` folders deep is importable by no name: finding its
    packages builds each ancestor's path, a cost that grows as the square of a path git lets
    nest thousands of folders deep (a hostile tree), while no real package nests so.
    """
    parts = path.split("/")
    if len(parts) - 1 > MAX_PACKAGE_DEPTH:
        return "", []
    stem = parts[-1].rsplit(".", 1)[0]
    dirs = parts[:-1]
    # has_init[i]: the folder of the first i + 1 parts holds an __init__.py
    has_init = [exists("/".join([*parts[:end], "__init__.py"])) for end in range(1, len(dirs) + 1)]
    packages: list[str] = []
    while dirs and any(has_init[:len(dirs)]):
        packages.append("/".join(dirs))
        dirs = dirs[:-1]
    names = [p.rsplit("/", 1)[-1] for p in reversed(packages)]
    if stem != "__init__":
        names.append(stem)
    if not all(name.isidentifier() for name in names):
        # `my pkg/`, `qu"ote/`, `dotted.name.py`: not importable, so no dotted name to give
        return "", []
    dotted = [".".join(names[: len(packages) - depth]) for depth in range(len(packages))]
    return ".".join(names), list(zip(packages, dotted, strict=True))


def resolve_import(module: str, package: str) -> str:
    """An import's module (``.x``, ``..y.z``, ``pkg.x``) as an absolute dotted name."""
    if not module.startswith("."):
        return module
    dots = len(module) - len(module.lstrip("."))
    base = package.split(".") if package else []
    base = base[: len(base) - (dots - 1)] if dots > 1 else base
    rest = module[dots:]
    return ".".join([*base, rest] if rest else base)


def module_reexports(extraction: Extraction | None, path: str,
                     exists: Callable[[str], bool]) -> frozenset[str]:
    """The names a public module that is no package ``__init__`` re-exports: those its
    ``__all__`` lists, or without one those it imports from a private module of its own
    package (trio's ``subprocess.py``: ``from ._subprocess import run``). An import from a
    public module or another package is the module's use of the name, not a publication of
    it (docs/concepts/affected-docs.md#re-exports)."""
    if extraction is None:
        return frozenset()
    module = module_path(path, exists)[0]
    if not module or not _is_public_path(module):
        return frozenset()
    if extraction.all_names is not None:
        return extraction.reexports
    package = module.rpartition(".")[0]
    return frozenset(name for name in extraction.reexports
                     if _is_private_inside(extraction.import_reexports[name], package))


def _is_private_inside(origin: str, package: str) -> bool:
    """Is an import's module (``origin`` as :func:`from_imports` gives it) a private module
    inside ``package``?"""
    resolved = resolve_import(origin.rpartition(":")[0], package)
    return resolved.startswith(f"{package}.") and not _is_public_path(resolved)


@dataclass(frozen=True)
class StarSource:
    """What a module binds, as far as a star import of it is concerned."""

    declared: frozenset[str]
    """Keys of its public declarations (``Extraction.declared``: as its ``__all__`` allows)."""
    imported: frozenset[str]
    """The names its ``from … import`` statements bind by name (not under ``if
    TYPE_CHECKING:`` where no ``__all__`` says)."""
    all_names: frozenset[str] | None
    """Its ``__all__``: what a star import of it brings, when it has one."""
    stars: tuple[str, ...]
    """The modules it star-imports, as written (``.text``, ``pkg._parsing``), each once."""
    served: frozenset[str]
    """The names its module ``__getattr__`` serves (:func:`module_getattr_names`)."""

    def brings(self, name: str) -> bool:
        """Does ``from this_module import *`` bring ``name`` (if the module binds it)? Without
        an ``__all__``, a star import copies the module's own bindings, which a name its
        ``__getattr__`` serves is not."""
        if self.all_names is None:
            return is_public(name) and name not in self.served
        return name in self.all_names


def star_source(source: bytes) -> StarSource:
    """A module's :class:`StarSource`, read from its text."""
    extraction = extract_python(source, frozenset())
    imports = extraction.import_reexports
    served = module_getattr_names(source.decode("utf-8", "replace")) \
        if b"__getattr__" in source else set()
    return StarSource(extraction.declared,
                      frozenset(name for name in imports if not name.startswith("*")),
                      extraction.all_names,
                      tuple(dict.fromkeys(imports[name].rpartition(":")[0] for name in imports
                                          if name.startswith("*"))),
                      frozenset(served))


MAX_STARRED = 64
"""Star imports followed for one name, along all its chains: more than any package writes
(attrs' ``attrs/validators.py`` has one; werkzeug's shims, one each)."""


def star_binds(path: str, key: str, read: Callable[[str], StarSource | None],
               locate: Callable[[str, str], str | None]) -> bool:
    """Does the module at ``path`` still bind the declaration ``key`` (``parse_line``,
    ``Parser.feed``), itself or through the chain of its star imports: a module ``from .text
    import *`` reaches that declares it, or, for a top-level name, imports it by name? Each
    module a star import reaches brings only what its ``__all__`` lists, or without one its
    public names (docs/concepts/anchoring-rules.md#certain-drift). ``read(path)`` is a
    module's :class:`StarSource`, ``locate(importer, module)`` the file an import names. At
    most :data:`MAX_STARRED` star imports are followed in all, each module read once: a
    module of 100,000 star imports, asked about each name a change removed, costs a few
    lookups a name."""
    name = key.partition(".")[0]
    reached = [(path, False)]  # (file, reached through a star import)
    seen = {path}
    followed = 0
    # Any module of the chain binding the key counts, not only the one Python would bind it
    # from last: two starred modules both declaring ``Parser``, the later one without
    # ``feed``, leave ``pkg.Parser.feed`` bound here. Rare, and it costs only a certainty.
    for file, starred in reached:  # grows while read: a walk, breadth first
        module = read(file)
        if module is None or starred and not module.brings(name):
            continue
        if key in module.declared or (key == name and name in module.imported):
            return True
        for star in module.stars[: MAX_STARRED - followed]:
            followed += 1
            target = locate(file, star)
            if target is not None and target not in seen:
                seen.add(target)
                reached.append((target, True))
    return False


@dataclass(frozen=True)
class ReexportIndex:
    """A package ``__init__``'s re-exports indexed by where each comes from, so how it
    re-exports one name costs a few lookups, not a pass over every import: an ``__init__``
    of 40,000 imports, asked about each name, is linear, not quadratic. Each value keeps the
    import's place in the file, since the first import that matches wins."""

    names: dict[tuple[str, str], tuple[int, str]]
    """(module, original name) -> (place, exported name), for imports ``__all__`` allows."""
    stars: dict[str, int]
    """Modules star-imported -> place."""
    submodules: dict[str, list[tuple[int, str]]]
    """``module.original`` -> (place, exported name) of each import that may re-export a
    module (``from pkg._plugins import ui``)."""
    instances: dict[tuple[str, str], list[str]] = field(default_factory=dict)
    """(module, original name) of a class -> the names the package exports an instance of it
    as (loguru's ``logger = _Logger(…)``: ``("loguru._logger", "Logger")`` -> ``["logger"]``)."""


def index_reexports(init: Extraction, package: str) -> ReexportIndex:
    """The re-exports of ``package``'s ``__init__``, relative imports resolved, and the
    instances it exports."""
    instances: dict[tuple[str, str], list[str]] = {}
    for instance, source in init.instances.items():
        source_module, original = source.rsplit(":", 1)
        instances.setdefault((resolve_import(source_module, package), original),
                             []).append(instance)
    names: dict[tuple[str, str], tuple[int, str]] = {}
    stars: dict[str, int] = {}
    submodules: dict[str, list[tuple[int, str]]] = {}
    for place, (exported, source) in enumerate(init.import_reexports.items()):
        source_module, original = source.rsplit(":", 1)
        resolved = resolve_import(source_module, package)
        if original == "*":
            stars.setdefault(resolved, place)
        elif init.all_names is None or exported in init.all_names:
            names.setdefault((resolved, original), (place, exported))
            submodules.setdefault(f"{resolved}.{original}", []).append((place, exported))
    return ReexportIndex(names, stars, submodules, instances)


def package_instances(path: str, name: str, exists: Callable[[str], bool],
                       read_reexports: Callable[[str, str], ReexportIndex | None]) -> list[str]:
    """The dotted names of the instances a public package exports of the class ``name`` of
    ``path``: loguru's ``__init__`` binds ``logger = _Logger(…)`` of the private
    ``loguru._logger.Logger``, which users reach only as ``loguru.logger``
    (docs/concepts/anchoring-rules.md#instance-names). Each package of the class's chain
    outwards is asked, under each name the chain gives the class."""
    module, packages = module_path(path, exists)
    if not module:
        return []
    steps = _outwards(module, packages, name, read_reexports)
    found: list[str] = []
    for package_dir, package in packages:
        index = read_reexports(f"{package_dir}/__init__.py", package)
        if index is not None and _is_public_path(package):
            found.extend(f"{package}.{instance}" for step in steps
                         for instance in index.instances.get(step, ()))
    return list(dict.fromkeys(found))


def qualified_names(path: str, name: str, exists: Callable[[str], bool],
                    read_reexports: Callable[[str, str], ReexportIndex | None],
                    files: frozenset[str] | None = None,
                    source: Callable[[str], bytes | None] | None = None,
                    module_words: dict[str, PublicModuleWords] | None = None) -> list[str]:
    """Public dotted paths under which a top-level ``name`` of ``path`` can be imported.

    The module's own path (when every component is public), then each package ``__init__``
    that re-exports it, following the chain outwards. A package that does not re-export it
    is passed over, not the end of the chain: ``marimo/_plugins/ui/__init__.py`` imports
    ``plotly`` from ``marimo._plugins.ui._impl.plotly`` past an ``_impl/__init__.py`` that
    does not, and ``marimo/__init__.py`` then re-exports the module ``ui`` itself, which makes
    ``marimo.ui.plotly``. ``read_reexports(path, package)`` gives a module's index.

    With ``files`` (HEAD's tree), a **public module** of a public package of the chain that
    imports a step from a private module of that package spells it under its own path:
    trio's ``subprocess.py`` does ``from ._subprocess import run``, which is
    ``trio.subprocess.run``; ``source(path)``, when given, is a file's text (``module_words``
    the caller's memo of what those texts name, kept for one tree read one way), and a module
    whose text cannot import the name is not parsed. And a **sibling package** that
    re-exports a step of that chain
    spells it too: attrs' ``attrs/validators.py`` star-imports ``attr.validators``, so
    ``attr.validators.provides`` is also ``attrs.validators.provides``, and
    ``attrs/__init__.py`` imports ``define`` from ``attr``: ``attrs.define``.
    """
    module, packages = module_path(path, exists)
    if not module:
        return []
    steps = _outwards(module, packages, name, read_reexports)
    found = _spelled(steps)
    if files is not None and packages:
        found.extend(f"{module}.{alias}" for module, alias in
                     _module_reexports(steps, packages, files, read_reexports, source,
                                       {} if module_words is None else module_words))
        for sibling, alias, sibling_packages in _sibling_reexports(
                steps, packages[-1][0], files, exists, read_reexports):
            found.extend(_spelled(_outwards(sibling, sibling_packages, alias, read_reexports)))
    return list(dict.fromkeys(found))


def _spelled(steps: list[tuple[str, str]]) -> list[str]:
    """The dotted names of the steps whose module path is public."""
    return [f"{module}.{name}" for module, name in steps if _is_public_path(module)]


def _outwards(module: str, packages: list[tuple[str, str]], name: str,
              read_reexports: Callable[[str, str], ReexportIndex | None]
              ) -> list[tuple[str, str]]:
    """(module, name) of each step of the chain outwards: ``module.name`` itself, then each
    package of ``packages`` (nearest first) whose ``__init__`` re-exports the step before."""
    steps = [(module, name)]
    for package_dir, package in packages:
        current_module, current_name = steps[-1]
        if package == current_module:
            continue  # the file is this package's own __init__.py
        index = read_reexports(f"{package_dir}/__init__.py", package)
        alias = None if index is None else _reexported_as(index, current_module, current_name)
        if alias is not None:
            steps.append((package, alias))
    return steps


def _module_reexports(steps: list[tuple[str, str]], packages: list[tuple[str, str]],
                      files: frozenset[str],
                      read_reexports: Callable[[str, str], ReexportIndex | None],
                      source: Callable[[str], bytes | None] | None,
                      module_words: dict[str, PublicModuleWords]
                      ) -> Iterator[tuple[str, str]]:
    """(module, name) of each public module (``pkg/NAME.py`` or ``pkg/NAME/__init__.py``) of a
    public package of the chain that imports a private step of the chain from inside that
    package, as its ``__all__`` allows. A step already public has its own public path: a
    public module importing it uses it, as it uses a dependency's names.

    Only a module whose text names a step (``from ._core import Task``: the step's name is a
    word of the text, each part of a dotted one) or star-imports (``from ._core import *``)
    is parsed: pydantic's forty public modules, parsed for a change to ``_internal``, had
    added 0.6 s to a run of 1 s. The words of a package's modules are indexed once a run,
    so which modules name a step is a lookup, not a search of each text for each name. One
    importing the private module itself under a public alias (``from . import _core as
    core``) is not followed."""
    private = [(module, name) for module, name in steps if not _is_public_path(module)]
    if not private:
        return
    for package_dir, package in packages:
        inside = [step for step in private if step[0].startswith(f"{package}.")]
        if not _is_public_path(package) or not inside:
            continue
        named = _public_module_words(files, source, package_dir, module_words)
        for path, stem in named.candidates(step_name for _, step_name in inside):
            module = f"{package}.{stem}"
            index = read_reexports(path, _package_of_module(path, module))
            aliases = [] if index is None else [_reexported_as(index, *step) for step in inside]
            alias = next((alias for alias in aliases if alias is not None), None)
            if alias is not None:
                yield module, alias


_IDENTIFIER_BYTES = re.compile(rb"[A-Za-z0-9_\x80-\xff]+")
"""A run of identifier characters in a file's bytes (a UTF-8 letter's bytes are all 0x80 or
more): the words of its text a name is looked up among."""


@dataclass(frozen=True)
class PublicModuleWords:
    """The public modules of one package folder that :func:`_module_reexports` may read
    (the first :data:`MAX_PUBLIC_MODULES`), indexed by the identifiers their text holds, so
    which of them can import a name is a lookup, not a search of every module's text for
    each name asked: 4,000 names beside 64 modules of 100 kB had taken 28 s."""

    modules: tuple[tuple[str, str], ...]
    """(path, stem) of each module, by path."""
    naming: dict[bytes, list[int]]
    """A word -> the places in ``modules`` of those whose text holds it as a whole word
    (``run`` is not in ``runner``)."""
    always: tuple[int, ...]
    """Places of the modules read whatever the name: those that star-import (``import *``)
    and those whose text is not known."""

    def candidates(self, names: Iterable[str]) -> list[tuple[str, str]]:
        """The modules, by path, whose text names one of ``names`` (each part of a dotted
        one) or star-imports."""
        places = set(self.always)
        for name in names:
            parts = [self.naming.get(part, []) for part in name.encode().split(b".")]
            places.update(set(parts[0]).intersection(*parts[1:]))
        return [self.modules[place] for place in sorted(places)]


def _public_module_words(files: frozenset[str], source: Callable[[str], bytes | None] | None,
                         package_dir: str, built: dict[str, PublicModuleWords]
                         ) -> PublicModuleWords:
    """The public modules of ``package_dir`` indexed by their words, built on the first ask
    and kept in ``built``, the caller's memo for one tree read one way (a run's side: each
    module's text is read and indexed once)."""
    if package_dir not in built:
        modules = public_modules(files).get(package_dir, ())[:MAX_PUBLIC_MODULES]
        naming: dict[bytes, list[int]] = {}
        always: list[int] = []
        for place, (path, _) in enumerate(modules):
            text = source(path) if source is not None else None
            if text is None or b"import *" in text:
                always.append(place)
                continue
            for word in set(_IDENTIFIER_BYTES.findall(text)):
                naming.setdefault(word, []).append(place)
        built[package_dir] = PublicModuleWords(modules, naming, tuple(always))
    return built[package_dir]


MAX_PUBLIC_MODULES = 64
"""Public modules read in one package for what they import from its private ones: a package
holding more keeps the first, by path (trio has eight, pydantic forty; each name asked of a
package of thousands would read them all)."""


def _is_public_path(module: str) -> bool:
    return all(is_public(part) for part in module.split("."))


@lru_cache(maxsize=4)
def public_modules(files: frozenset[str]) -> dict[str, tuple[tuple[str, str], ...]]:
    """The public modules of a tree by the folder they sit in (``"src/trio"`` ->
    ``(("src/trio/abc.py", "abc"), ("src/trio/testing/__init__.py", "testing"), …)``): its
    ``NAME.py`` files and ``NAME/__init__.py`` packages, NAME a public identifier, not a
    test's. Built once per tree."""
    found: dict[str, list[tuple[str, str]]] = {}
    for path in sorted(files):
        folder, _, file = path.rpartition("/")
        if file == "__init__.py":
            folder, _, stem = folder.rpartition("/")
        elif file.endswith(".py"):
            stem = file[:-3]
        else:
            continue
        if stem.isidentifier() and is_public(stem) and not is_test_file(path):
            found.setdefault(folder, []).append((path, stem))
    return {folder: tuple(modules) for folder, modules in found.items()}


MAX_SIBLINGS = 64
"""Top-level packages read beside one package for re-exports: a tree holding more keeps the
first, by path (a sibling re-exporting another is a package's compatibility name, one or two
of them, not a tree of hundreds)."""


def _sibling_reexports(steps: list[tuple[str, str]], outermost: str, files: frozenset[str],
                       exists: Callable[[str], bool],
                       read_reexports: Callable[[str, str], ReexportIndex | None]
                       ) -> Iterator[tuple[str, str, list[tuple[str, str]]]]:
    """(module, name, its packages) of each public module of a sibling package (a top-level
    package in the same folder as ``outermost``, the chain's own) that re-exports a step of
    the chain: the sibling's ``__init__``, or its module of the same path (``attrs.validators``
    for ``attr.validators``)."""
    root, _, own = outermost.rpartition("/")
    for sibling_dir in top_level_packages(files).get(root, ())[:MAX_SIBLINGS]:
        sibling = sibling_dir.rpartition("/")[2]
        if sibling == own:
            continue
        for module, name in steps:
            rest = module.split(".")[1:]
            mirrors = [(f"{sibling_dir}/__init__.py", sibling)]
            if rest and all(is_public(part) for part in rest):
                mirrors.extend((f"{sibling_dir}/{'/'.join(rest)}{tail}", ".".join([sibling, *rest]))
                               for tail in (".py", "/__init__.py"))
            for mirror, mirror_module in mirrors:
                index = read_reexports(mirror, _package_of_module(mirror, mirror_module))
                alias = None if index is None else _reexported_as(index, module, name)
                if alias is not None:
                    yield mirror_module, alias, module_path(mirror, exists)[1]


def _package_of_module(path: str, module: str) -> str:
    """The package a module's relative imports start from: itself for an ``__init__``."""
    return module if path.endswith("/__init__.py") else module.rpartition(".")[0]


@lru_cache(maxsize=4)
def top_level_packages(files: frozenset[str]) -> dict[str, tuple[str, ...]]:
    """The public top-level packages of a tree by the folder they sit in (``"src"`` ->
    ``("src/attr", "src/attrs")``): folders holding an ``__init__.py`` that no folder above
    holds, not a test's or an example's. Built once per tree."""
    packages = {path.rpartition("/")[0] for path in files if path.endswith("/__init__.py")}
    # folder -> a package folder above it; each folder of the tree is settled once (a hostile
    # path a thousand packages deep would otherwise test every prefix of every package)
    nested: dict[str, bool] = {"": False}
    found: dict[str, list[str]] = {}
    for folder in sorted(packages):
        unsettled = [folder]
        while unsettled[-1] not in nested:
            unsettled.append(unsettled[-1].rpartition("/")[0])
        for below, above in zip(reversed(unsettled[:-1]), reversed(unsettled[1:]),
                                strict=True):
            nested[below] = above in packages or nested[above]
        parent, _, name = folder.rpartition("/")
        if not nested[folder] and is_public(name) and not is_test_file(
                f"{folder}/__init__.py") and not is_example_file(f"{folder}/__init__.py"):
            found.setdefault(parent, []).append(folder)
    return {root: tuple(folders) for root, folders in found.items()}


def _reexported_as(index: ReexportIndex, module: str, name: str) -> str | None:
    """The name under which a package re-exports ``module.name``, if it does: the name
    itself, or through the module (``from pkg._plugins import ui`` re-exports
    ``pkg._plugins.ui.plotly`` as ``ui.plotly``); the first import in the file that does."""
    matches: list[tuple[int, str]] = []
    if (module, name) in index.names:
        matches.append(index.names[(module, name)])
    if module in index.stars and is_public(name):
        matches.append((index.stars[module], name))
    parts = module.split(".")
    for end in range(1, len(parts) + 1):
        submodule = ".".join(parts[:end])
        for place, exported in index.submodules.get(submodule, ()):
            alias = f"{exported}{module[len(submodule):]}.{name}"
            # not `ui._impl.plotly.other`: a private path is no public name
            if all(is_public(part) for part in alias.split(".")):
                matches.append((place, alias))
    return min(matches)[1] if matches else None
