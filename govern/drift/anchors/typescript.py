"""TypeScript and JavaScript declarations touched by changed lines, from the tree-sitter tree.

Public means exported: ``export`` on the declaration (``export declare`` too), an ``export { … }``
clause, a default export, or CommonJS ``module.exports``/``exports.x`` (``exports.X = local``
exports the file's declaration ``local`` under ``X``); or global: declared in a
``declare global { … }`` or ``declare module 'name' { … }`` block, or anywhere in a ``.d.ts``
script (a declaration file without imports or exports); or reached by ``export =``: a
top-level namespace the exported value's type names (``_reached_namespaces``). Containers are
classes, interfaces, object type aliases, enums, namespaces, and consts bound to an object
literal (directly or as a call argument, as in ``z.object({ key: … })``). The containers a
namespace declares are read as top-level ones (``declare namespace fastify { interface
FastifyServerOptions { … } }`` gives ``FastifyServerOptions.trustProxy``). In a CommonJS
module (no ``import`` or ``export`` statement), an exported object's API may also be assigned
member by member: ``app.render = function …`` where ``app`` is what ``module.exports`` holds, and
``Router.prototype.route = …`` (or ``Object.defineProperties(Router.prototype, { route: … })``)
for an exported constructor, and ``module.exports.transport = …`` where ``module.exports``
is a value of its own (``pino.transport`` of ``pino.js``); or it is the object literal
``module.exports`` is set to, whose methods, accessors and entries are the module's names,
``response.redirect`` of koa's ``lib/response.js`` (``module_object``). A ``require()``
binding is another module's, never a declaration of this one.
An exported ``const X = local`` (through casts: zustand's ``devtools = devtoolsImpl as unknown as
Devtools``) publishes the file's ``local`` under ``X``, as ``exports.X = local`` does; one
bound to an instance the file makes (vitest's ``export const vi = new VitestUtils()`` or
``createVitest()``) publishes its members as ``X.member`` (``_bound_instances``). A class
written as an expression is read as the class it names: the one ``module.exports`` is set to
(koa's ``module.exports = class Application …``), and the one an exported const's immediately
called function returns (h3's ``export const H3 = (() => { class H3 … return H3 })()``).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import replace
from typing import NamedTuple

from tree_sitter import Node

from govern.drift.anchors.inheritance import inherited_spellings
from govern.drift.anchors.literals import settings_reads, shaped_literals
from govern.drift.anchors.model import Declaration, Extraction, unique
from govern.drift.anchors.syntax import (
    MAX_NAME_BYTES,
    changed_in_body_only,
    first_error_line,
    first_line,
    inherited_members,
    is_code_shaped,
    last_line,
    lines_of,
    local_callers,
    name_text,
    parse,
    passed_over_members,
    respelled_only,
    text,
    touched_members,
    touches,
    ts_string,
    walk,
)

DECLARATION_FILES = (".d.ts", ".d.mts", ".d.cts")
"""Type declaration files: a script among them declares globals."""
_FUNCTIONS = frozenset({"function_declaration", "generator_function_declaration",
                        "function_signature"})
_CLASSES = frozenset({"class_declaration", "abstract_class_declaration", "class"})
VARIABLES = frozenset({"lexical_declaration", "variable_declaration"})
"""Statements declaring variables (``const a = 1, b = 2``), each declarator a name."""
NAMESPACES = frozenset({"internal_module", "module"})
"""``namespace N { … }`` and ``module N { … }``."""
_WRAPPERS = frozenset({"as_expression", "satisfies_expression", "parenthesized_expression",
                       "non_null_expression"})
_NO_NAMES: Mapping[str, Node] = {}
"""No top-level functions or classes named: ``Object.assign`` follows only one written there."""
_MEMBER_NAME_TYPES = frozenset({"property_identifier", "identifier", "string",
                                "type_identifier", "shorthand_property_identifier"})


def _name(node: Node | None) -> str | None:
    if node is None:
        return None
    if node.type == "string":
        return "".join(text(c) for c in node.named_children if c.type == "string_fragment")
    if node.type in _MEMBER_NAME_TYPES or node.type == "private_property_identifier":
        return text(node)
    return None


def _unwrap(node: Node | None) -> Node | None:
    while node is not None and node.type in _WRAPPERS:
        node = node.named_children[0] if node.named_children else None
    return node


def _object_of(value: Node | None) -> Node | None:
    """The object literal a const is bound to, directly or as a call's argument."""
    value = _unwrap(value)
    if value is None:
        return None
    if value.type == "object":
        return value
    if value.type == "call_expression":
        arguments = value.child_by_field_name("arguments")
        for argument in arguments.named_children if arguments is not None else []:
            found = _unwrap(argument)
            if found is not None and found.type == "object":
                return found
    return None


HIDDEN_MARKS = ("_", "#", "~")
"""How a member's name hides it: ``#`` by the language, ``_`` and ``~`` by convention (h3 hid
its internals as ``"~addRoute"``, a name no page can write as ``H3.~addRoute``)."""


def _is_hidden_member(member: Node, name: str) -> bool:
    """Private by modifier, by ``#`` name, by ``_`` or ``~`` convention, or a constructor."""
    if name.startswith(HIDDEN_MARKS) or name == "constructor":
        return True
    # A variable statement takes no modifier, and is the member of each name it declares
    # (``namespace NS { const a = 0, b = 1, … }``): its declarators are not read per name.
    return member.type not in VARIABLES and any(
        child.type == "accessibility_modifier" and text(child) in ("private", "protected")
        for child in member.children)


def _class_members(body: Node) -> Iterator[tuple[str, Node]]:
    for member in body.named_children:
        name = _name(member.child_by_field_name("name"))
        if name is not None:
            yield name, member


def _enum_members(body: Node) -> Iterator[tuple[str, Node]]:
    for member in body.named_children:
        if member.type == "enum_assignment":
            name = _name(member.child_by_field_name("name"))
        else:
            name = _name(member)
        if name is not None:
            yield name, member


def object_members(obj: Node) -> Iterator[tuple[str, Node]]:
    for member in obj.named_children:
        if member.type == "pair":
            name = _name(member.child_by_field_name("key"))
        elif member.type == "method_definition":
            name = _name(member.child_by_field_name("name"))
        elif member.type == "shorthand_property_identifier":
            name = text(member)
        else:
            name = None
        if name:
            yield name, member


def _namespace_declarations(body: Node) -> Iterator[tuple[str, Node, Node]]:
    """(name, declaring node, span) of each declaration of a namespace's body, the span being
    what a top-level declaration's would be (``_span``). An export list (``export type { A,
    B as C }``, as a ``.d.ts`` namespace gathers its imported types) declares each name it
    lists under its public name, the specifier its node and span: a changed line of the list
    is the names written on it, not the namespace."""
    for statement in body.named_children:
        if statement.type == "export_statement":
            for _local, public, specifier in export_specifiers(statement):
                yield public, specifier, specifier
        for inner, _public in _declaring(statement, True):
            for name, node in _declarations(inner):
                yield name, node, _span(statement, node)


def _namespace_members(body: Node) -> Iterator[tuple[str, Node]]:
    for name, _node, span in _namespace_declarations(body):
        yield name, span


def _nested_containers(namespace: Node) -> Iterator[tuple[str, Node, list[tuple[str, Node]]]]:
    """(name, span, members) of each container a namespace declares (an interface, an object
    type, a class, an enum, an object const): read as a top-level one is, so its members
    anchor ``Interface.member``. None for a node that is no namespace. A namespace in a
    namespace stays a member of the outer one: reading it as a container too would read
    namespaces nested thousands deep (a ``.d.ts`` can be) by recursion."""
    body = namespace.child_by_field_name("body") if namespace.type in NAMESPACES else None
    for name, node, span in _namespace_declarations(body) if body is not None else ():
        if node.type not in NAMESPACES:
            is_container, members = _members(node)
            if is_container:
                yield name, span, members


def _span(statement: Node, node: Node) -> Node:
    """The lines of a declaration: its ``export`` statement, else its own node (one
    declarator of ``const a = 1, b = 2``)."""
    return statement if statement.type == "export_statement" else node


def _declarations(node: Node) -> Iterator[tuple[str, Node]]:
    """(name, declaring node) for a statement: several for ``const a = 1, b = 2``."""
    if node.type in VARIABLES:
        for declarator in node.named_children:
            if declarator.type == "variable_declarator":
                name = _name(declarator.child_by_field_name("name"))
                if name:
                    yield name, declarator
        return
    if node.type == "expression_statement":
        yield from _commonjs_declarations(node)
        return
    name = _name(node.child_by_field_name("name"))
    if name and node.type in (_FUNCTIONS | _CLASSES | NAMESPACES | {
            "interface_declaration", "type_alias_declaration", "enum_declaration"}):
        yield name, node


def _commonjs_declarations(statement: Node) -> Iterator[tuple[str, Node]]:
    """``exports.x = …`` and ``module.exports.x = …`` declare ``x``; ``module.exports = class
    Application …`` (koa's ``lib/application.js``, in a chain too) declares the class it
    names, as ``export default class Application`` does: the node is the class."""
    assignment = statement.named_children[0] if statement.named_children else None
    if assignment is None or assignment.type != "assignment_expression":
        return
    for value, _aliases in _exports_chain(assignment, []):
        name = _name(value.child_by_field_name("name")) if value.type == "class" else None
        if name:
            yield name, value
    left = assignment.child_by_field_name("left")
    if left is None or left.type != "member_expression":
        return
    target = text(left.child_by_field_name("object"))
    if target in ("exports", "module.exports"):
        name = _name(left.child_by_field_name("property"))
        if name:
            yield name, assignment


def _assigned_local(node: Node, callables: Mapping[str, Node] = _NO_NAMES) -> str | None:
    """The local an assignment's or a declarator's value names, through casts: ``Command`` of
    ``exports.Command = Command``, ``devtoolsImpl`` of ``const devtools = devtoolsImpl as
    unknown as Devtools``; and one of ``callables`` (the file's top-level functions and
    classes) that ``Object.assign`` copies keys onto and returns, the same object:
    ``createObservable`` of mobx's ``observable = Object.assign(createObservable,
    observableFactories)``."""
    value = _unwrap(node.child_by_field_name(
        "right" if node.type == "assignment_expression" else "value"))
    onto = _assigned_onto(value)
    if onto is not None and onto.type == "identifier" and text(onto) in callables:
        value = onto
    return text(value) if value is not None and value.type == "identifier" else None


def _members(node: Node) -> tuple[bool, list[tuple[str, Node]]]:
    """(is a container, its members) for a declaring node."""
    if node.type in _CLASSES:
        body = node.child_by_field_name("body")
        return True, list(_class_members(body)) if body is not None else []
    if node.type == "interface_declaration":
        body = node.child_by_field_name("body")
        return True, list(_class_members(body)) if body is not None else []
    if node.type == "type_alias_declaration":
        value = node.child_by_field_name("value")
        if value is not None and value.type == "object_type":
            return True, list(_class_members(value))
        return False, []
    if node.type == "enum_declaration":
        body = node.child_by_field_name("body")
        return True, list(_enum_members(body)) if body is not None else []
    if node.type in NAMESPACES:
        body = node.child_by_field_name("body")
        return True, list(_namespace_members(body)) if body is not None else []
    if node.type == "variable_declarator":
        value = _unwrap(node.child_by_field_name("value"))
        made, obj = _class_made(value), _object_of(value)
        if made is not None:
            # with the keys of an object ``Object.assign`` copies onto it
            return True, _members(made)[1] + (list(object_members(obj)) if obj is not None else [])
        if obj is not None:
            return True, list(object_members(obj))
    return False, []


def _class_made(value: Node | None) -> Node | None:
    """The class a const's value gives through a call: the class an immediately called
    function returns, or the one ``Object.assign(class …, …)`` copies keys onto (``_held``).
    None for any other value, a class written as the value itself too: ``const Foo = class
    extends Base {…}`` is read as a value, as ever, by its members (``_members``) and by the
    classes it would inherit from (``_class_tree``) alike."""
    value = _unwrap(value)
    held = _held(value)
    return held if held is not None and value is not None and held.id != value.id \
        and held.type in _CLASSES else None


def _iife_class(value: Node | None) -> Node | None:
    """The class an immediately called function returns, a const's value: h3's ``export const
    H3 = /* @__PURE__ */ (() => { class H3 extends H3Core {…}; return H3 })()``, which a
    bundler may drop when unused. The const is that class. Only a function called as it is
    written, and only the top-level statements of its body, each read once: the class it
    declares there and the identifier a ``return`` there names. None for any other value."""
    call = _unwrap(value)
    function = _unwrap(call.child_by_field_name("function")) \
        if call is not None and call.type == "call_expression" else None
    body = function.child_by_field_name("body") \
        if function is not None and function.type in _FUNCTION_VALUES else None
    if body is None or body.type != "statement_block":
        return None
    classes: dict[str, Node] = {}
    for statement in body.named_children:
        if statement.type in _CLASSES:
            classes.update(_declarations(statement))
        elif statement.type == "return_statement" and statement.named_children:
            returned = _unwrap(statement.named_children[0])
            if returned is not None and returned.type == "identifier":
                return classes.get(text(returned))
    return None


def export_specifiers(statement: Node) -> Iterator[tuple[str, str, Node]]:
    """(local name, public name, specifier) of each name an ``export { a, b as c }``
    statement lists."""
    for clause in statement.named_children:
        if clause.type == "export_clause":
            for spec in clause.named_children:
                local = _name(spec.child_by_field_name("name"))
                if local:
                    yield local, _name(spec.child_by_field_name("alias")) or local, spec


def exported_names(root: Node) -> set[str]:
    """Names exported by ``export { a, b as c }``, ``export default x``, ``module.exports = x``,
    or the object ``module.exports`` is set to (or its factory hands out, ``_handed_out``): its
    shorthand keys (``{ a, b }``) and the locals
    its values name (``{ add: decorateAdd }``), which is what the file declares. Its other keys
    are the module's own members (``module_object``), no local name: ``vary (field) {…}`` does
    not export the ``vary`` a ``require`` bound."""
    names: set[str] = set()
    assigned: list[str] = []
    for statement in root.named_children:
        if statement.type == "export_statement":
            names.update(local for local, _, _ in export_specifiers(statement))
            for clause in statement.named_children:
                if clause.type == "identifier":
                    names.add(text(clause))
                    if any(c.type == "=" for c in statement.children):
                        assigned.append(text(clause))
    names.update(_reached_namespaces(root, assigned))
    for value, _aliases in _module_exports_values(root):
        if value.type == "object":
            names.update(local for local, _key in _object_locals(value))
        elif value.type == "identifier":
            names.add(text(value))
    handed = _handed_out(root)
    if handed is not None:
        names.update(local for local, _key in _object_locals(handed))
    return names


_QUALIFIED = frozenset({"nested_type_identifier", "nested_identifier", "member_expression"})


def _reached_namespaces(root: Node, assigned: list[str]) -> set[str]:
    """The top-level namespaces what ``export =`` assigns reaches: one of its name, and one
    a qualified name (``local.Command``, ``typeof local.Command``) names in the type of a
    ``declare const`` of its name or in a namespace reached. Their declarations are the
    module's, public as a ``declare module``'s: commander's ``typings/index.d.ts`` declares
    its classes in ``declare namespace local``, which ``declare const commander:
    commander.CommanderStatic; export = commander`` reaches through ``namespace commander``'s
    ``type Command = local.Command``. Each top-level statement is walked once at most."""
    if not assigned:
        return set()
    reaching: dict[str, list[Node]] = {}  # name -> the namespace bodies and const types
    namespaces: set[str] = set()
    for statement in root.named_children:
        inner = statement.named_children[0] if statement.type == "ambient_declaration" \
            and statement.named_children else _bare_namespace(statement)
        if inner.type in NAMESPACES:
            name, body = inner.child_by_field_name("name"), inner.child_by_field_name("body")
            if name is not None and name.type == "identifier" and body is not None:
                namespaces.add(text(name))
                reaching.setdefault(text(name), []).append(body)
        elif inner.type in ("lexical_declaration", "variable_declaration"):
            for declarator in inner.named_children:
                name = declarator.child_by_field_name("name")
                kind = declarator.child_by_field_name("type")
                if name is not None and kind is not None:
                    reaching.setdefault(text(name), []).append(kind)
    reached = set(assigned)
    pending = list(reached)
    while pending:
        for node in reaching.pop(pending.pop(), []):
            walk = [node]
            while walk:
                current = walk.pop()
                walk.extend(current.named_children)
                head = current.named_children[0] if current.type in _QUALIFIED \
                    and current.named_children else None
                if head is not None and head.type == "identifier" \
                        and text(head) not in reached:
                    reached.add(text(head))
                    pending.append(text(head))
    return reached & namespaces


def _object_locals(obj: Node) -> Iterator[tuple[str, str]]:
    """(local, key) of each entry of an object literal that names a local as its value:
    ``{ a }`` and ``{ add: decorateAdd }``."""
    for member in obj.named_children:
        if member.type == "shorthand_property_identifier":
            yield text(member), text(member)
        elif member.type == "pair":
            key = _name(member.child_by_field_name("key"))
            value = _unwrap(member.child_by_field_name("value"))
            if key and value is not None and value.type == "identifier":
                yield text(value), key


def _module_exports_values(root: Node) -> Iterator[tuple[Node, list[str]]]:
    """(value, names bound to it in the same chain) of each top-level statement that sets
    ``module.exports``: ``module.exports = {…}``, ``exports = module.exports = {…}``, ``const
    proto = module.exports = {…}`` (``proto``). The chain is followed by a loop, each link once."""
    for statement in root.named_children:
        if statement.type == "expression_statement" and statement.named_children:
            chains: list[tuple[Node | None, str | None]] = [(statement.named_children[0], None)]
        elif statement.type in VARIABLES:
            chains = [(d.child_by_field_name("value"), _name(d.child_by_field_name("name")))
                      for d in statement.named_children if d.type == "variable_declarator"]
        else:
            continue
        for value, bound in chains:
            yield from _exports_chain(value, [bound] if bound else [])


def _exports_chain(value: Node | None, aliases: list[str]) -> Iterator[tuple[Node, list[str]]]:
    """(value, ``aliases`` and the names the chain binds) of a chain of assignments that sets
    ``module.exports`` (``exports = module.exports = {…}``); nothing for one that does not."""
    exported = False
    value = _unwrap(value)
    while value is not None and value.type == "assignment_expression":
        left = name_text(value.child_by_field_name("left"))
        if left == "module.exports":
            exported = True
        elif left is not None and left != "exports" and left.isidentifier():
            aliases.append(left)
        value = _unwrap(value.child_by_field_name("right"))
    if exported and value is not None:
        yield value, aliases


def _exported_value(root: Node) -> tuple[Node, list[str]] | None:
    """The value ``module.exports`` is last set to at the top level, as at run time, with the
    names its chain binds (``_module_exports_values``)."""
    values = list(_module_exports_values(root))
    return values[-1] if values else None


_PROTOTYPE_SETTERS = {"Object.create": 0, "Object.setPrototypeOf": 1}
"""Calls that give an object its prototype, and which of their arguments that prototype is."""


def _handed_out(root: Node) -> Node | None:
    """The object literal a CommonJS module's exported factory gives as the prototype of what
    it makes: pino's ``lib/proto.js`` declares ``const prototype = { child, … }`` and exports
    ``function () { return Object.create(prototype) }``, so every logger has ``child``. The
    factory is the function ``module.exports`` is set to, or the top-level function it names;
    the prototype, ``Object.create(obj)`` or ``Object.setPrototypeOf(made, obj)`` in it, where
    ``obj`` names a top-level object literal. The factory is read in one walk of its nodes,
    through ``Object.assign(factory, …)`` (``_held``)."""
    exported = _exported_value(root)
    if exported is None:  # an ES module, or a script exporting nothing: the common case
        return None
    values: dict[str, Node] = {}  # top-level name -> the function or value it is bound to
    for statement in root.named_children:
        if statement.type == "function_declaration":
            values[text(statement.child_by_field_name("name"))] = statement
        elif statement.type in VARIABLES:
            for declarator in statement.named_children:
                name = _name(declarator.child_by_field_name("name"))
                value = _unwrap(declarator.child_by_field_name("value"))
                if name and value is not None:
                    values[name] = value
    factory = _held(values.get(text(exported[0])) if exported[0].type == "identifier"
                    else exported[0], values)
    if factory is None or factory.type not in _FUNCTION_VALUES | {"function_declaration"}:
        return None
    for call in walk(factory, frozenset({"call_expression"})):
        position = _PROTOTYPE_SETTERS.get(name_text(call.child_by_field_name("function")) or "")
        arguments = call.child_by_field_name("arguments")
        if position is None or arguments is None:
            continue
        given = [argument for argument in arguments.named_children if argument.type != "comment"]
        prototype = _unwrap(given[position]) if len(given) > position else None
        if prototype is not None and prototype.type == "identifier":
            found = values.get(text(prototype))
            if found is not None and found.type == "object":
                return found
    return None


def _module_exports_aliases(root: Node) -> set[str]:
    """Names bound to the object ``module.exports`` or ``exports`` is set to in one chain:
    ``var app = exports = module.exports = {}``."""
    aliases: set[str] = set()
    for statement in root.named_children:
        if statement.type not in VARIABLES:
            continue
        for declarator in statement.named_children:
            value = declarator.child_by_field_name("value") \
                if declarator.type == "variable_declarator" else None
            while value is not None and value.type == "assignment_expression":
                if text(value.child_by_field_name("left")) in ("exports", "module.exports"):
                    name = _name(declarator.child_by_field_name("name"))
                    if name:
                        aliases.add(name)
                    break
                value = value.child_by_field_name("right")
    return aliases


def assigned_members(root: Node) -> Iterator[tuple[str, str, Node]]:
    """(object, member, span) of each top-level ``obj.member = …`` and ``Obj.prototype.member
    = …`` (the span: the statement), and of each property that ``Object.defineProperty(Obj,
    'member', …)`` or ``Object.defineProperties(Obj.prototype, { member: …, … })`` defines
    (``_defined_properties``)."""
    for statement in root.named_children:
        if statement.type != "expression_statement" or not statement.named_children:
            continue
        expression = statement.named_children[0]
        if expression.type == "call_expression":
            yield from _defined_properties(expression, statement)
            continue
        left = expression.child_by_field_name("left") \
            if expression.type == "assignment_expression" else None
        if left is None or left.type != "member_expression":
            continue
        member = _name(left.child_by_field_name("property"))
        owner = _owner(left.child_by_field_name("object"))
        if member and owner:
            yield owner, member, statement


def _owner(target: Node | None) -> str | None:
    """The object whose member ``target.x`` is: ``Obj`` for ``Obj`` and ``Obj.prototype``."""
    if target is not None and target.type == "member_expression" \
            and text(target.child_by_field_name("property")) == "prototype":
        target = target.child_by_field_name("object")
    return text(target) if target is not None and target.type == "identifier" else None


def _defined_properties(call: Node, statement: Node) -> Iterator[tuple[str, str, Node]]:
    """(object, member, span) of what ``Object.defineProperty(Obj.prototype, 'member', {…})``
    (the statement its span) and ``Object.defineProperties(Obj, { member: {…}, … })`` (each
    entry its own span: a changed getter is that property) define: the same members as
    ``Obj.prototype.member = …`` and ``Obj.member = …``, fastify's ``Reply.mediaType``."""
    callee = name_text(call.child_by_field_name("function"))
    arguments = call.child_by_field_name("arguments")
    if callee not in ("Object.defineProperty", "Object.defineProperties") or arguments is None:
        return
    given = [argument for argument in arguments.named_children if argument.type != "comment"]
    owner = _owner(given[0]) if len(given) >= 2 else None
    if owner is None:
        return
    if callee == "Object.defineProperty":
        member = ts_string(given[1])  # a computed key (a variable, a symbol) names nothing
        if member:
            yield owner, member, statement
        return
    properties = _unwrap(given[1])
    if properties is not None and properties.type == "object":
        for member, entry in object_members(properties):
            yield owner, member, entry


def _commonjs_members(root: Node, exported: set[str], exported_as: dict[str, list[str]],
                      module: str | None) -> Iterator[tuple[str, str, Node]]:
    """(object, member, span) of each public member a CommonJS module assigns to an object
    it exports, one by one: one of ``exported`` (``module.exports = res``) or bound in the
    chain that sets ``module.exports`` (``var app = exports = module.exports = {}``), named
    as it is exported: ``Router.prototype.route = …`` is ``Route.route`` when ``exports.Route
    = Router`` (``exported_as``); and ``module.exports.x = …`` (``_module_exports_members``).
    ``exports.x = …`` is a top-level name of its own. Only in a module without import or
    export statements: in an ES module the same shape is a component's ``Panel.displayName =
    …``, not API."""
    if not _is_script(root):
        return
    objects = exported | _module_exports_aliases(root)
    for obj, member, span in assigned_members(root):
        names = [obj] if obj in objects else []
        for name in dict.fromkeys([*names, *exported_as.get(obj, ())]):
            if not name.startswith("_") and not member.startswith("_"):
                yield name, member, span
    yield from _module_exports_members(root, module)


def _module_exports_members(root: Node, module: str | None) -> Iterator[tuple[str, str, Node]]:
    """(module, member, statement) of each top-level ``module.exports.x = …`` in a module that
    sets ``module.exports`` to a value of its own: pino's ``module.exports = pino`` then
    ``module.exports.transport = require('./lib/transport')``. Importers bind that value under
    the module's name (``const pino = require('pino')``) and call ``pino.transport()``, so the
    member is ``module.x``, named after the file (``module``) or, not known, the local
    exported. Only the statement is the member's: a change inside a local it names is that
    local's. The module given again under a key for ES imports (``module.exports.pino = pino``,
    ``module.exports.default = pino``) is no member: a page writes ``pino``, not ``pino.pino``
    (and ``default`` is named as each import likes). Without ``module.exports = …``, ``exports.x``
    builds an object importers take apart (``const { Command } = require('commander')``), so
    the bare name is the one they write."""
    found = _exported_value(root)
    if found is None:
        return
    value, aliases = found
    itself = text(value) if value.type == "identifier" else None
    name = module or itself or next(iter(aliases), None)
    if name is None:
        return
    for statement in root.named_children:
        if statement.type != "expression_statement":
            continue
        for member, assignment in _commonjs_declarations(statement):
            left = assignment.child_by_field_name("left")
            owner = text(left.child_by_field_name("object")) if left is not None else ""
            if owner == "module.exports" and member != "default" \
                    and not member.startswith("_") \
                    and (itself is None or _assigned_local(assignment) != itself):
                yield name, member, statement


_IDENTIFIER = re.compile(r"[A-Za-z_$][\w$]*")
_NAMELESS_FOLDERS = frozenset({"", "lib", "src", "dist", "build", "cjs"})
"""Folders an ``index.js`` stands for that name no module of their own."""


def module_name(path: str) -> str | None:
    """The name a module's importers give it (``const response = require('./response')``),
    which names the members of the object it sets ``module.exports`` to: the file's stem,
    camel-cased (``response`` of ``lib/response.js``, ``searchParams`` of
    ``search-params.js``), or its folder's for an ``index`` file (``router`` of
    ``router/index.js``). None for a stem that is no name (``jest.config.js``, or the
    ``index.js`` of ``lib/``)."""
    folder, _, file = path.rpartition("/")
    stem = file.rpartition(".")[0] or file
    if stem == "index":
        stem = folder.rpartition("/")[2]
        if stem in _NAMELESS_FOLDERS:
            return None
    head, *rest = stem.split("-")
    name = head + "".join(part[:1].upper() + part[1:] for part in rest)
    return name if _IDENTIFIER.fullmatch(name) and len(name) <= MAX_NAME_BYTES else None


class ModuleObject(NamedTuple):
    """The object literal a CommonJS module exports (``module_object``)."""

    name: str | None
    """The name its importers give it, which qualifies its members; None when unknown."""
    obj: Node
    members: list[tuple[str, Node]]
    renamed: dict[str, list[str]]
    """local -> the keys it is exported under (``{ add: decorateAdd }``)."""
    data: bool
    """Does it hold no code: data some tool reads (prettier's options, a ``sidebars.js``)?"""

    @property
    def bare(self) -> bool:
        """Are its members named bare only: it is data, or no name qualifies them?"""
        return self.data or self.name is None


def module_object(root: Node, module: str | None) -> ModuleObject | None:
    """The object literal a CommonJS module sets ``module.exports`` to (koa's
    ``module.exports = { get header () {…}, redirect (url) {…}, … }``), directly or in a
    chain (``const proto = module.exports = {…}``); the last one, as at run time; or, with
    none, the one the exported factory hands out as a prototype (``_handed_out``: pino's
    ``Object.create(prototype)``). Its members are the module's names: methods, accessors and
    ``key: value`` entries, each named ``module.member`` after the name its importers give it
    (``module_name``), or after the name the chain binds when that is not known. A shorthand
    entry (``{ a }``) is no member: it exports the local ``a``, as ``{ add: decorateAdd }``
    exports ``decorateAdd`` under ``add``. An object that holds no code (no method, accessor
    or function value) is data some tool reads: prettier's options (``bracketSameLine: {
    since, type, … }``), a docs site's ``sidebars.js``. Its code-shaped keys are settings
    pages write bare, as are the members of an object no name qualifies (``bare``); an entry
    naming a local exports that local, as before. None when no object is exported."""
    found = None
    for value, aliases in _module_exports_values(root):
        if value.type == "object":
            found = value, aliases
    if found is None and (handed := _handed_out(root)) is not None:
        found = handed, []  # named after the file only: no importer writes `prototype`
    if found is None:
        return None
    obj, aliases = found
    members = [(key, member) for key, member in object_members(obj)
               if member.type != "shorthand_property_identifier" and _IDENTIFIER.fullmatch(key)]
    code = any(_is_code(member) for _, member in members)
    if not code:  # data: its entries naming locals export them (``renamed``), no more
        members = [(key, member) for key, member in members
                   if _object_member_role(key, member) != "member"]
    renamed: dict[str, list[str]] = {}
    for local, key in _object_locals(obj):
        if key != local:
            renamed.setdefault(local, []).append(key)
    return ModuleObject(module or next(iter(aliases), None), obj, members, renamed, data=not code)


def _is_code(member: Node) -> bool:
    """Is an entry of an object literal code: a method, an accessor, a function value?"""
    if member.type == "method_definition":
        return True
    value = _unwrap(member.child_by_field_name("value")) if member.type == "pair" else None
    return value is not None and value.type in _CALLABLE_VALUES


def _object_member_role(name: str, member: Node) -> str:
    """A member of the module object: code (``_is_code``), or a local a key names, is what a
    caller calls; another value is data (``field``: it never bridges)."""
    if _is_hidden_member(member, name):
        return "hidden"
    value = _unwrap(member.child_by_field_name("value")) if member.type == "pair" else None
    if _is_code(member) or (value is not None and value.type == "identifier"):
        return "member"
    return "field"


def _is_required(value: Node | None) -> bool:
    """Is a value another module's: ``require('vary')``, a member of it (``require('path')
    .extname``) or what calling it gives (``require('debug')('koa')``)? Such a binding is
    no declaration of this module. Followed down the callee chain, each link once."""
    node = _unwrap(value)
    while node is not None:
        if node.type == "call_expression":
            callee = node.child_by_field_name("function")
            if callee is not None and callee.type == "identifier" and text(callee) == "require":
                return True
            node = _unwrap(callee)
        elif node.type == "member_expression":
            node = _unwrap(node.child_by_field_name("object"))
        else:
            return False
    return False


def _reexports(root: Node, declared: set[str]) -> frozenset[str]:
    """Public names the file exports from other modules: every name of ``export { a as b }
    from './x'`` and ``export * as ns from './x'``, and the names of a plain ``export { a }``
    that the file does not declare itself (imported, then exported again)."""
    names: set[str] = set()
    for statement in root.named_children:
        if statement.type != "export_statement":
            continue
        sourced = statement.child_by_field_name("source") is not None
        for clause in statement.named_children:
            if clause.type == "namespace_export":
                names.update(text(c) for c in clause.named_children if c.type == "identifier")
        names.update(public for local, public, _ in export_specifiers(statement)
                     if public != "default" and (sourced or local not in declared))
    return frozenset(names)


def _touches_reexports(root: Node, lines: frozenset[int],
                       exported_as: dict[str, list[str]]) -> bool:
    """Does a changed line lie in an ``export { … }`` or ``export … from`` statement, or in an
    ``exports.X = local`` that exports a declaration of the file (``exported_as``)? When no
    changed line anchors, the names it exports are those it did before (``_reexport_changes``
    anchors a name a file starts or stops exporting)."""
    return any(touches(statement, lines) and (
        statement.type == "export_statement" and (
            statement.child_by_field_name("source") is not None
            or any(child.type == "export_clause" for child in statement.named_children))
        # without the file's callables, as ``_top_level`` skips: ``exports.x = Object.assign(
        # local, keys)`` copies keys onto the local, no re-export of it unchanged
        or statement.type == "expression_statement" and any(
            _assigned_local(node) in exported_as for _, node in _commonjs_declarations(statement)))
        for statement in root.named_children)


def _declared_at_top(root: Node, script: bool) -> Iterator[tuple[str, Node, Node, bool, bool]]:
    """(name, declaring node, statement, public, declared by ``exports.x = …``) for each
    top-level declaration, but a ``require()`` binding."""
    for statement in root.named_children:
        for inner, public in _declaring(statement, script):
            commonjs = inner.type == "expression_statement"
            for name, node in _declarations(inner):
                if node.type == "variable_declarator" \
                        and _is_required(node.child_by_field_name("value")):
                    continue  # another module's, bound here: ``const vary = require('vary')``
                yield name, node, statement, public, commonjs


def _exported_as(declarations: list[tuple[str, Node, Node, bool, bool]],
                 clause_exports: set[str], callables: Mapping[str, Node]) -> dict[str, list[str]]:
    """local -> the names ``exports.X = local`` (or ``module.exports.X = local``) exports it
    under, for each local that one of ``declarations`` (``_declared_at_top``) declares in its
    own statement: commander's ``exports.Command = Command`` after ``class Command``; and the
    names of the exported consts that are the local as it is, through casts (zustand's
    ``export const devtools = devtoolsImpl as unknown as Devtools``): the public name is the
    implementation; so are those of an exported const that ``Object.assign`` makes of one of
    ``callables``, the object it returns. A local that is a ``require()`` binding is none: that
    is another module's, passed on. Nor is ``module.exports.default = fastify``: an import names the
    default as it likes, so ``default`` is no name a page writes (``default.listen``)."""
    locals_ = {name for name, _, _, _, commonjs in declarations if not commonjs}
    exported: dict[str, list[str]] = {}
    for name, node, _, public, commonjs in declarations:
        alias = node.type == "variable_declarator" and (public or name in clause_exports)
        local = _assigned_local(node, callables) if commonjs or alias else None
        if local in locals_ and name != "default":
            exported.setdefault(local, []).append(name)
    return exported


TopLevel = list[tuple[str, Node, Node, bool]]
"""(name, declaring node, statement, exported) of each top-level declaration."""


class _TopLevels(NamedTuple):
    """A file's top-level declarations as ``_top_level`` reads them."""

    top: TopLevel
    exported_as: dict[str, list[str]]
    """local -> the names ``exports.X = local`` or ``export const X = local`` exports it under
    (``_exported_as``)."""
    callables: dict[str, Node]
    """Top-level name -> the function or class it declares or holds (``_callables``)."""


def _top_level(root: Node, script: bool) -> _TopLevels:
    """Each top-level declaration (``TopLevel``), the names ``exports.X = local`` or ``export
    const X = local`` exports a local under, and the file's functions and classes
    (``_TopLevels``), read in one pass of the file; ``script`` when every declaration is
    global (a declaration file without imports or exports). A declaration exported so is given
    under ``X`` (as well as its own name when something else exports that). The assignment
    declares nothing itself; the const still does, as a value bound, as before: zustand's
    ``redux = reduxImpl as Redux`` turned ``as unknown as Redux`` changes no type a page
    shows. A const ``Object.assign`` makes of a local (``observable = Object.assign(
    createObservable, …)``) holds that function or class (``_held``), and is read so."""
    clause_exports = exported_names(root)
    found = list(_declared_at_top(root, script))
    callables = _callables((name, node) for name, node, _, _, commonjs in found if not commonjs)
    exported_as = _exported_as(found, clause_exports, callables)
    top: TopLevel = []
    for name, node, statement, public, commonjs in found:
        # ``callables`` not passed: ``exports.x = Object.assign(local, keys)`` stays, read as
        # ``export const x = Object.assign(local, keys)``'s declarator is, its line the const's
        if commonjs and _assigned_local(node) in exported_as:
            continue  # it names the declaration it exports, given below under its name
        names = exported_as.get(name) if not commonjs else None
        if names is None:
            top.append((name, node, statement, public or commonjs or name in clause_exports))
            continue
        top.extend((public_name, node, statement, True) for public_name in dict.fromkeys(
            [name, *names] if public or name in clause_exports else names))
    return _TopLevels(top, exported_as, callables)


def _declaring(statement: Node, public: bool) -> Iterator[tuple[Node, bool]]:
    """(declaring statement, public) for a top-level statement: itself, what an ``export``
    or a ``declare`` wraps, and every statement of a ``declare global { … }`` or ``declare
    module 'name' { … }`` block, which augment a scope others import and so are public.

    Walked with a stack, in source order: a ``.d.ts`` can nest ``declare global {`` deeper
    than Python's recursion limit. Each entry says whether to look inside it: what a
    ``declare`` wraps directly is a declaration as it is."""
    pending: list[tuple[Node, bool, bool]] = [(statement, public, True)]
    while pending:
        node, node_public, look_inside = pending.pop()
        if not look_inside or node.type not in ("export_statement", "ambient_declaration"):
            yield _bare_namespace(node), node_public
        elif node.type == "export_statement":
            inner = node.child_by_field_name("declaration") or next(
                (c for c in node.named_children if c.type in _FUNCTIONS | _CLASSES), None)
            if inner is not None:
                pending.append((inner, True, True))
        else:
            pending.extend(reversed(list(_ambient_parts(node, node_public))))


def _augments(node: Node, statement: Node) -> bool:
    """Whether a declaration sits in the block of a ``declare global { … }`` or ``declare
    module 'x' { … }``: it merges into a name declared elsewhere (immer's ``interface Map<K,
    V> {}`` for ``--target es5``), not one of this file's own."""
    return statement.type == "ambient_declaration" and node.parent is not None \
        and node.parent.id != statement.id


def _bare_namespace(statement: Node) -> Node:
    """The namespace of a ``namespace X { … }`` written without ``export`` or ``declare``,
    which tree-sitter reads as an expression statement holding it; else the statement."""
    inner = statement.named_children[0] if statement.type == "expression_statement" \
        and statement.named_children else None
    return inner if inner is not None and inner.type == "internal_module" else statement


def _ambient_parts(ambient: Node, public: bool) -> Iterator[tuple[Node, bool, bool]]:
    """The entries of ``_declaring``'s stack for a ``declare`` statement: what it wraps, or
    the statements of the block of a ``declare global`` or ``declare module 'name'``."""
    for inner in ambient.named_children:
        name = inner.child_by_field_name("name")
        block: Node | None = inner
        if inner.type == "module" and name is not None and name.type == "string":
            block = inner.child_by_field_name("body")  # a module's name is not a declaration
        elif inner.type != "statement_block":  # not `declare global { … }`
            yield inner, public, False
            continue
        # None: `declare module 'x'` with no body, a shorthand that names nothing
        for member in block.named_children if block is not None else ():
            yield member, True, True


def _member_role(member_name: str, member: Node) -> str:
    if member_name == "constructor":
        return "constructor"
    return "hidden" if _is_hidden_member(member, member_name) else "member"


_CALLABLE_VALUES = frozenset({"arrow_function", "function_expression", "function",
                              "generator_function", "class"})


_FUNCTION_VALUES = _CALLABLE_VALUES - {"class"}


def _is_function_value(declarator: Node) -> bool:
    value = _held(declarator.child_by_field_name("value"))
    return value is not None and value.type in _FUNCTION_VALUES


_HELD = _CALLABLE_VALUES | _FUNCTIONS | _CLASSES
"""What a const may hold as a function or class: one written in its value, or the top-level
declaration ``Object.assign`` names (``_held``)."""


def _held(value: Node | None, callables: Mapping[str, Node] = _NO_NAMES) -> Node | None:
    """What a const or an assignment holds: its value through casts; the function, arrow or
    class ``Object.assign(F, …)`` is given first, which it copies the other arguments' keys
    onto and returns (mobx's ``export const flow: Flow = Object.assign(function flow(…) {…},
    flowAnnotation)`` is a function), written there or named there, one of ``callables`` (the
    file's top-level functions and classes, ``_callables``: mobx's ``observable =
    Object.assign(createObservable, observableFactories)``); and the class an immediately
    called function returns (``_iife_class``). Any other first argument (``Object.assign({},
    defaults)``, a ``target`` bound to a value or declared elsewhere) leaves the call a
    value."""
    value = _unwrap(value)
    first = _assigned_onto(value)
    if first is not None and first.type == "identifier":
        first = callables.get(text(first))
    if first is not None and first.type in _HELD:
        return first
    returned = _iife_class(value)
    return returned if returned is not None else value


def _assigned_onto(value: Node | None) -> Node | None:
    """The first argument of an ``Object.assign(…)`` call, through casts; None for another
    value."""
    if value is None or value.type != "call_expression":
        return None
    callee = value.child_by_field_name("function")
    arguments = value.child_by_field_name("arguments")
    if callee is None or callee.type != "member_expression" or callee.text != b"Object.assign" \
            or arguments is None or not arguments.named_children:
        return None
    return _unwrap(arguments.named_children[0])


def _callables(declarations: Iterable[tuple[str, Node]]) -> dict[str, Node]:
    """Top-level name -> the function or class a declaration of ``declarations`` declares, or
    the one a const is bound to (``_held``, one hop: what it names is not followed), where
    ``Object.assign(name, …)`` finds it. Built once per file, in one pass."""
    found: dict[str, Node] = {}
    for name, node in declarations:
        held = _held(node.child_by_field_name("value")) \
            if node.type == "variable_declarator" else node
        if held is not None and held.type in _HELD:
            found[name] = held
    return found


def _is_binding(node: Node, callables: Mapping[str, Node] = _NO_NAMES) -> bool:
    """Is a declaration a name bound to a value that is no function or class (``const limit =
    5``, ``exports.app = createApp()``)? ``callables``: the file's top-level functions and
    classes, which ``Object.assign`` may name (``_held``)."""
    if node.type == "variable_declarator":
        value = _held(node.child_by_field_name("value"), callables)
    elif node.type == "assignment_expression":
        value = _held(node.child_by_field_name("right"), callables)
    else:
        return False
    return value is not None and value.type not in _HELD


_FUNCTION_DECLARATIONS = frozenset({"function_declaration", "generator_function_declaration"})


def _touched(name: str, node: Node, span: Node, lines: frozenset[int],
             respelled: frozenset[int], callables: Mapping[str, Node]) -> list[Declaration]:
    """The declarations a changed top-level declaration contributes: its helpers' keys, itself,
    or its touched members, ``doc_only`` where their changed lines are all ``respelled``
    documentation (``changed_in_doc_only``); ``callables``: the file's functions and classes
    (``_held``)."""
    is_container, members = _members(node)
    if not is_container:
        helpers, given = _helpers(node)
        handed = [Declaration(key, name, bridgeable=True)
                  for key, statement in given if touches(statement, lines)]
        # each statement once: one given out under K keys is K pairs
        spans = {statement.id: statement for statement in
                 [*helpers, *(statement for _, statement in given)]}
        if (helpers or given) and not touches(span, _outside(lines, list(spans.values()))):
            # its helpers' change, not its own: a helper it gives out under a key of the
            # object it returns is that member of what callers get (anchoring-rules.md#what-anchors)
            return handed
        # a function's body alone: what a generated reference (an automd block) renders of it,
        # its JSDoc (read as its first line, ``_jsdoc_changed``) and signature, is unchanged
        body_only = node.type in _FUNCTION_DECLARATIONS and changed_in_body_only(
            node, range(first_line(span), last_line(span) + 1), lines)
        return [Declaration(name, None, bridgeable=True, binding=_is_binding(node, callables),
                            body_only=body_only), *handed]
    nested = list(_nested_containers(node))
    # The namespace reads the lines its containers do not: its own, its other members', and
    # the comment written above a container, which documents it (``Namespace.Interface``).
    found = touched_members(name, span, members, _outside(lines, [s for _, s, _ in nested]),
                            _member_role, respelled)
    for inner, inner_span, inner_members in nested:
        if touches(inner_span, lines):
            # the container's own change is ``Interface`` and ``Namespace.Interface``, as a
            # member of the namespace; its members' are ``Interface.member``
            found.extend(Declaration(d.name, name, bridgeable=False, doc_only=d.doc_only)
                         if d == Declaration(inner, None, bridgeable=False) else d
                         for d in touched_members(inner, inner_span, inner_members, lines,
                                                  _member_role, respelled))
    return found


def _function_body(declaration: Node) -> Node | None:
    """The block of a function a declaration declares (``function f () {…}``, ``const f =
    () => {…}``, ``exports.f = function () {…}``, ``const f = Object.assign(function () {…},
    …)``: ``_held``); None for anything else, or an arrow function whose body is an
    expression. A top-level function ``Object.assign`` names is read as itself, under the
    const's name (``_exported_as``)."""
    function: Node | None = declaration
    if declaration.type in ("variable_declarator", "assignment_expression"):
        function = _held(declaration.child_by_field_name("value")
                         or declaration.child_by_field_name("right"))
    body = function.child_by_field_name("body") if function is not None \
        and function.type in _FUNCTIONS | _CALLABLE_VALUES else None
    return body if body is not None and body.type == "statement_block" else None


class _Returns(NamedTuple):
    """What a function body returns (``_returns``)."""

    objects: list[Node]
    """The object literals it returns, written in a ``return`` or bound to a local it
    returns, each once, in order."""
    names: set[str]
    """The text of every value it returns (``utils``, ``wrapper``)."""
    locals: dict[str, Node]
    """Its locals bound to an object literal (``const utils = { … }``)."""


def _returns(body: Node) -> _Returns:
    """The object literals a function's body returns, the values it returns, and its locals
    bound to an object literal: what ``_helpers`` gives out under keys and
    ``_instance_members`` reads as members. A ``return`` names the local bound before it."""
    found = _Returns([], set(), {})
    read: set[int] = set()  # ids of the objects returned
    for statement in body.named_children:
        if statement.type in VARIABLES:
            found.locals.update((name, obj) for name, node in _declarations(statement)
                                for obj in [_object_of(node.child_by_field_name("value"))]
                                if obj)
        elif statement.type == "return_statement":
            for value in map(_unwrap, statement.named_children):
                held = found.locals.get(text(value)) if value is not None \
                    and value.type == "identifier" else value
                found.names.add(text(value))
                # ``return u`` written N times is u's entries once: each was a member N
                # times, each read for its role and lines (2,000 returns: 64 s)
                if held is not None and held.type == "object" and held.id not in read:
                    read.add(held.id)
                    found.objects.append(held)
    return found


MAX_GIVEN_PAIRS = 64
"""A helper declared by several statements (a TS function's overloads, then its body) and
given out under several keys is each key on each statement: past this many pairs (1,000
overloads given out under 1,000 keys: a million), each key is given on its last statement
(the body) and each other statement under the first key, as many as statements and keys."""


def _helpers(declaration: Node) -> tuple[list[Node], list[tuple[str, Node]]]:
    """The statements of a function's body that declare a helper of its own: a named function
    (fastify's factory nests ``function addHttpMethod (…) {…}``), or locals bound to functions
    only (``const build = () => …``); and, apart, (key, statement) of each helper it gives out
    under a key of the object it returns, written in the ``return`` or bound to a local it
    returns (fastify's ``const fastify = { listen, setNotFoundHandler: setNotFoundHandler }``,
    trpc's ``return { useQuery: _useQuery }``), or assigned to that local member by member
    (yargs' ``const self = {}``, ``self.demandOption = function …``, ``return self``:
    ``_assigned_out``). Not one the function returns as it is (``return wrapper``): that
    helper is what the function gives. None for a declaration that is no function."""
    body = _function_body(declaration)
    if body is None:
        return [], []
    returns = _returns(body)
    keys: dict[str, list[str]] = {}  # a helper given out in a returned object -> its keys
    for held in returns.objects:
        for entry in held.named_children:
            key = entry.child_by_field_name("key")
            held_name = text(_unwrap(entry.child_by_field_name("value")) or entry)
            # a key as users write it: ``'my-route'`` unquoted; a computed one (``[kState]``)
            # is no name a page writes
            written = held_name if key is None else ts_string(key) \
                if key.type == "string" else text(key) \
                if key.type == "property_identifier" else None
            if written:
                keys.setdefault(held_name, []).append(written)
    helpers: list[tuple[set[str], Node]] = []
    # ``self.key = value`` of a local bound to an object literal
    assigned: list[tuple[str, list[str], Node, Node]] = []
    for statement in body.named_children:
        member = _member_assigned(statement, returns.locals)
        if member is not None:
            assigned.append((*member, statement))
            continue
        if statement.type in _FUNCTIONS:
            declared = [(name, statement) for name, _ in _declarations(statement)]
        elif statement.type in VARIABLES and all(
                _is_function_value(node) for _, node in _declarations(statement)):
            declared = list(_declarations(statement))
        else:
            continue
        if declared:
            helpers.append(({name for name, _ in declared}, statement))
    kept, handed = _assigned_out(assigned, returns.names, keys)
    out = [(sorted(names & keys.keys()), statement) for names, statement in helpers
           if not names & returns.names]
    declaring: dict[str, list[Node]] = {}  # a name given out -> the statements declaring it
    for names, statement in out:
        for name in names:
            declaring.setdefault(name, []).append(statement)
    each = {name: list(dict.fromkeys(keys[name])) for name in declaring}  # its keys, once each
    given = [(key, statement) for names, statement in out for name in names
             for key in (each[name] if len(declaring[name]) * len(each[name]) <= MAX_GIVEN_PAIRS
                         or statement is declaring[name][-1] else each[name][:1])]
    return [statement for names, statement in helpers
            if not names & returns.names and not names & keys.keys()] + kept, given + handed


def _member_assigned(statement: Node, objects: dict[str, Node]) -> tuple[str, list[str],
                                                                         Node] | None:
    """(local, keys, value) of a statement of a function's body that gives one of ``objects``
    (its locals bound to an object literal) a member: ``self.demandOption = value``, and each
    key of a chain (yargs' ``self.demand = self.required = function …``), read link by link.
    None for another statement, or a chain that sets anything else."""
    expression = statement.named_children[0] if statement.type == "expression_statement" \
        and statement.named_children else None
    local: str | None = None
    names: list[str] = []
    while expression is not None and expression.type == "assignment_expression":
        left = expression.child_by_field_name("left")
        owner = left.child_by_field_name("object") if left is not None \
            and left.type == "member_expression" else None
        key = _name(left.child_by_field_name("property")) if left is not None else None
        if owner is None or owner.type != "identifier" or text(owner) not in objects \
                or local not in (None, text(owner)) or not key:
            return None
        local = text(owner)
        names.append(key)
        expression = _unwrap(expression.child_by_field_name("right"))
    return (local, names, expression) if local is not None and expression is not None else None


def _assigned_out(assigned: list[tuple[str, list[str], Node, Node]], returned: set[str],
                  keys: dict[str, list[str]]) -> tuple[list[Node], list[tuple[str, Node]]]:
    """(helpers kept, (key, statement) of each given out) of the members a function assigns
    to a local object it returns (``_member_assigned``), as an object literal it returns would
    hold them: a function value is given out under each key, the statement its span; a local
    named as the value is that helper given out (``keys``, filled here). A ``_``-led key is
    private, so a function there is a helper the function keeps. Other values (``self.count =
    0``), and members of an object it does not return, are lines of its own body."""
    kept: list[Node] = []
    given: list[tuple[str, Node]] = []
    for local, names, value, statement in assigned:
        if local not in returned:
            continue
        public = [name for name in names if not name.startswith("_")]
        if value.type == "identifier" and public:
            keys.setdefault(text(value), []).extend(public)
        elif value.type in _FUNCTION_VALUES:
            if public:
                given.extend((name, statement) for name in public)
            else:
                kept.append(statement)
    return kept, given


def _outside(lines: frozenset[int], spans: list[Node]) -> frozenset[int]:
    """``lines`` outside every one of ``spans``."""
    ordered = sorted(lines)
    inside: set[int] = set()
    for span in spans:
        inside.update(ordered[bisect_left(ordered, first_line(span)):
                              bisect_right(ordered, last_line(span))])
    return lines - inside if inside else lines


_HERITAGE = frozenset({"class_heritage", "extends_type_clause"})
_HERITAGE_NAMES = frozenset({"identifier", "type_identifier"})


def _class_tree(top: TopLevel) -> tuple[dict[str, list[str]], dict[str, set[str]]]:
    """(exported class or interface -> what it extends or implements, -> its own members)."""
    bases: dict[str, list[str]] = {}
    members: dict[str, set[str]] = {}
    for name, declared, _statement, exported in top:
        node = _class_made(declared.child_by_field_name("value")) \
            if declared.type == "variable_declarator" else declared
        if not exported or node is None or node.type not in _CLASSES | {"interface_declaration"}:
            continue
        heritage = [child for child in node.children if child.type in _HERITAGE]
        bases[name] = [text(found) for part in heritage for found in walk(part, _HERITAGE_NAMES)]
        members[name] = {member for member, _ in _members(node)[1]}
    return bases, members


def _declared_keys(name: str, node: Node, members: list[tuple[str, Node]]) -> Iterator[str]:
    """The keys a public top-level declaration declares: its own, its public members', for a
    namespace the public members of the containers it declares, and for a function the keys
    of the object it returns that hold its helpers (``createApp.route``)."""
    yield name
    yield from (f"{name}.{key}" for key, _ in _helpers(node)[1])
    for container, held in [(name, members), *((inner, inner_members) for inner, _, inner_members
                                               in _nested_containers(node))]:
        yield from (f"{container}.{member}" for member, m in held
                    if not _is_hidden_member(m, member))


def _object_touched(exported: ModuleObject, lines: frozenset[int], units: list[tuple[str, Node]],
                    declared: set[str]) -> tuple[list[Declaration], list[str]]:
    """The members of the module object (``module_object``) that ``lines`` touch, each with
    the comment above it, and the changed keys of data passed over; its members are added to
    ``units``, and its public ones and the keys it exports locals under to ``declared``. The
    object's own lines (``module.exports = {``) are no declaration: a page describes the
    module's members, not an object holding them (as a namespace's). A ``bare`` object's
    members are named alone and as bindings, so a plain word among them never anchors; data's
    plain-word keys are no names at all (``title`` of a site's config, ``rules`` of an
    ``.eslintrc.js``), while a code-shaped one is a setting pages write (``bracketSameLine``)."""
    name = None if exported.bare else exported.name
    members = [(key, node) for key, node in exported.members
               if not exported.data or is_code_shaped(key)]
    units.extend(members)
    declared.update(_spelled(name, member) for member, node in members
                    if not _is_hidden_member(node, member))
    declared.update(_spelled(exported.name, key) for keys in exported.renamed.values()
                    for key in keys if not key.startswith("_"))
    if not touches(exported.obj, lines):
        return [], []
    found = [declaration for declaration in touched_members(
                 name or "", exported.obj, members, lines, _object_member_role)
             if declaration.container is not None]
    passed = [f"the data key `{key}`" for key, node in exported.members
              if exported.data and not is_code_shaped(key) and touches(node, lines)]
    return (found if name else [replace(declaration, container=None, binding=True)
                                for declaration in found]), passed


def _spelled(container: str | None, member: str) -> str:
    """``container.member``, or the member alone when no name qualifies it."""
    return f"{container}.{member}" if container else member


_MADE_BY = {"new_expression": "constructor", "call_expression": "function"}
"""The field naming what makes the value: ``new VitestUtils()``, ``createVitest()``."""
MAX_BOUND_INSTANCES = 3
"""More exported consts than this holding what one class or factory makes: a table of values
(``export const red = new Color(…)``, one for each colour), not an API written on one of
them; and each would declare every member again."""


def _bound_instances(top: TopLevel) -> dict[str, list[str]]:
    """Class or function of the file -> the exported consts bound to an instance it makes:
    vitest's ``export const vitest = new VitestUtils()``, later ``export const vitest =
    createVitest()``. Its alias ``export const vi = vitest`` is listed by ``_top_level`` with
    the node of the const it names, so it is read the same way: one hop. A class is made with
    ``new``, a factory by a call; a value of another module makes nothing of this file."""
    makers = {name: node for name, node, _, _ in top
              if node.type in _CLASSES or _function_body(node) is not None}
    bound: dict[str, list[str]] = {}
    for name, node, _, exported in top:
        value = _unwrap(node.child_by_field_name("value")) if exported \
            and node.type == "variable_declarator" else None
        made_by = _MADE_BY.get(value.type) if value is not None else None
        callee = _unwrap(value.child_by_field_name(made_by)) \
            if value is not None and made_by is not None else None
        made = text(callee) if callee is not None and callee.type == "identifier" else ""
        maker = makers.get(made)
        if maker is not None and value is not None \
                and (maker.type in _CLASSES) == (value.type == "new_expression"):
            bound.setdefault(made, []).append(name)
    return {made: names for made, names in bound.items() if len(names) <= MAX_BOUND_INSTANCES}


def _instance_members(maker: Node) -> list[tuple[str, Node]]:
    """The members of what ``maker`` makes (``_bound_instances``): a class's own; a
    factory's, the entries of the object literal it returns, written in the ``return`` or
    bound to a local it returns (vitest's ``const utils = { fn, spyOn, stubGlobal (…) {…} };
    return utils``), and the helpers it gives out under a key of it (``_helpers``). A
    shorthand entry names a helper, given out so, or another module's value."""
    if maker.type in _CLASSES:
        return _members(maker)[1]
    body = _function_body(maker)
    if body is None:
        return []
    return [(key, entry) for held in _returns(body).objects
            for key, entry in object_members(held)
            if entry.type != "shorthand_property_identifier"] + _helpers(maker)[1]


def _instance_role(name: str, member: Node) -> str:
    """A member of an instance the file makes: its constructor and private members are
    hidden (callers get the instance made), a returned literal's data entry is a field."""
    if member.type == "pair":
        return _object_member_role(name, member)
    return "hidden" if _is_hidden_member(member, name) else "member"


def _instance_touched(bindings: list[str], maker: Node, span: Node, lines: frozenset[int],
                      declared: set[str]) -> list[Declaration]:
    """What a change to a class or factory gives each exported const bound to what it makes
    (``_bound_instances``): each touched public member as ``binding.member`` (``vi.stubGlobal``),
    and the binding itself for a line of its own, a value bound (a plain word, ``vi``, never
    anchors bare). The public members are added to ``declared``. A function returning no
    object (``export const x = helper()``) makes no instance: ``x`` is a value it computes."""
    if not bindings:  # nothing holds what it makes: its members are not read
        return []
    members = _instance_members(maker)
    if not members:
        return []
    found: list[Declaration] = []
    # a member is one New API entry, named on the shortest const (``vi`` beside its alias
    # ``vitest``, as New API names any entry): the others' spellings are folded into it
    named = min(bindings, key=len)
    for binding in bindings:
        declared.update(f"{binding}.{member}" for member, node in members
                        if _instance_role(member, node) != "hidden")
        if touches(span, lines):
            found.extend(Declaration(binding, None, bridgeable=False, binding=True)
                         if d.container is None else d if binding == named
                         else replace(d, alias_of=named)
                         for d in touched_members(binding, span, members, lines, _instance_role))
    return found


def _jsdoc_changed(root: Node, lines: frozenset[int]) -> dict[int, Node]:
    """The top-level statements whose JSDoc block, written directly above them, holds a
    changed line, by id, each with that block: it documents the declaration as a class
    member's does (h3 rewrote ``createError``'s, and the page naming it was edited with it)."""
    if not lines:
        return {}
    statements = root.named_children
    return {
        statement.id: above for above, statement in zip(statements, statements[1:], strict=False)
        if _is_jsdoc_of(above, statement) and touches(above, lines)}


def _is_jsdoc_of(above: Node, statement: Node) -> bool:
    """Whether ``above`` is a JSDoc block (``/** … */``) written directly above ``statement``."""
    return above.type == "comment" and above.end_point.row + 1 >= statement.start_point.row \
        and (above.text or b"").startswith(b"/**")


def _jsdoc_of(statement: Node) -> bytes:
    """The JSDoc block written directly above a top-level statement, blanks made single
    spaces; empty without one."""
    above = statement.prev_named_sibling
    return _spaced(above.text or b"") if above is not None and _is_jsdoc_of(above, statement) \
        else b""


_TYPES = frozenset({"type_alias_declaration", "interface_declaration"})
_TYPE_NAMES = frozenset({"type_identifier"})
_SIGNATURES = ("type_parameters", "parameters", "return_type")
MAX_TYPE_DEPTH = 4
"""Unexported types one may stand behind, counting itself, and still be part of an exported
signature: ``type Options = {…} & Config`` behind ``devtools(…, options?: Options)`` is two."""
MAX_TYPE_NAMES = 64
"""Unexported types one change follows into the exported signatures that name them."""


def _signature(node: Node) -> list[Node]:
    """What the emitted ``.d.ts`` shows of an exported declaration, where a type it names is
    read: a type's or an interface's whole text; a function's type parameters, parameters and
    return type (each overload's), not its body; a const's annotation, and the signature of
    the function it holds. A class is not read: its members' types are its members' own."""
    if node.type in _TYPES:
        return [node]
    parts = []
    if node.type == "variable_declarator":
        parts.append(node.child_by_field_name("type"))
        value = _held(node.child_by_field_name("value"))
        node = value if value is not None and value.type in _FUNCTION_VALUES else node
    if node.type in _FUNCTIONS | _FUNCTION_VALUES:
        parts.extend(node.child_by_field_name(part) for part in _SIGNATURES)
    return [part for part in parts if part is not None]


def _names_in(nodes: list[Node]) -> set[str]:
    """The type names written in ``nodes``."""
    return {text(name) for node in nodes for name in walk(node, _TYPE_NAMES)}


def _exposing(changed: list[str], top: TopLevel,
              callables: Mapping[str, Node]) -> list[Declaration]:
    """The exported declarations whose signature names a changed unexported type, directly or
    through other unexported types: the emitted ``.d.ts`` declares those too, so a change of
    one is a change of what the exported declaration takes or gives (valtio's ``d132d66``
    changed only ``type Options = {…} & Config``, and ``devtools(proxyObject, options?:
    Options)`` is what ``docs/api/utils/devtools.mdx`` documents). Followed at most
    ``MAX_TYPE_DEPTH`` types deep and ``MAX_TYPE_NAMES`` types in all; every node is read
    once, however the types name each other; in source order, so the same types are
    followed on every run. ``callables``: the file's functions and classes (``_held``)."""
    users: dict[str, list[str]] = {}  # a type name -> the unexported types naming it
    for name, node, _, exported in top:
        if not exported and node.type in _TYPES:
            for used in _names_in([node]) - {name}:
                users.setdefault(used, []).append(name)
    reached = dict.fromkeys(changed[:MAX_TYPE_NAMES])
    level = list(reached)
    for _ in range(MAX_TYPE_DEPTH - 1):
        level = list(dict.fromkeys(user for name in level for user in users.get(name, ())
                                   if user not in reached))[:MAX_TYPE_NAMES - len(reached)]
        reached.update(dict.fromkeys(level))
    return [Declaration(name, None, bridgeable=node.type not in _TYPES,
                        binding=_is_binding(node, callables))
            for name, node, _, exported in top
            if exported and not _names_in(_signature(node)).isdisjoint(reached)]


def moved_text(sides: Iterable[tuple[bytes, frozenset[int]]]) -> bytes:
    """The given lines of each text (a side of a changed file and its changed lines), each
    file's run of lines with its blanks made single spaces (:func:`_spaced`): where a type
    moved to another module is written again, ``export`` before it or not."""
    return b"\n".join(_spaced(b" ".join(text[n - 1] for n in sorted(lines) if n <= len(text)))
                       for data, lines in sides for text in [lines_of(data)])


def _spaced(text: bytes) -> bytes:
    return b" ".join(text.split())


def _definition(node: Node) -> bytes:
    """What a type declaration says after its name (``<S> = S extends …``, an interface's
    ``{ … }``), blanks made single spaces: the same, under another name or after ``export``,
    where it was moved or renamed (valtio's ``d132d66`` renamed ``EnhancerOptions``)."""
    name = node.child_by_field_name("name")
    after = name.end_byte - node.start_byte if name is not None else 0
    return _spaced((node.text or b"")[after:])


_Documented = tuple[bytes, bytes]
"""A type's JSDoc block (``_jsdoc_of``) and its definition (``_definition``): what the
emitted ``.d.ts`` shows of it."""


def _documented(node: Node, statement: Node) -> _Documented:
    return _jsdoc_of(statement), _definition(node)


def _type_definitions(source: bytes, language: str) -> dict[str, set[_Documented]]:
    """Name -> the definitions of the types and interfaces of that name a file declares at its
    top, exported or not, each with the JSDoc block above it (``_documented``): an interface
    may be declared more than once."""
    found: dict[str, set[_Documented]] = {}
    for name, node, statement, *_ in _declared_at_top(parse(language, source).root_node,
                                                      script=False):
        if node.type in _TYPES:
            found.setdefault(name, set()).add(_documented(node, statement))
    return found


def _still_changed(changed: list[tuple[str, Node, Node]], counterpart: bytes, language: str,
                   elsewhere: Callable[[], bytes]) -> list[str]:
    """The names of the ``changed`` unexported types (name, node, statement) whose change is
    one of the exported signatures naming them (``_exposing``), the file's text on the other
    side being ``counterpart``. Declared on both sides, one whose definition and JSDoc block
    (``_documented``) are the same on both did not change: it moved within the file, its
    comment with it, or only gained or lost ``export`` (the type itself is then new API or
    removed); its definition or its JSDoc changed, moved or not, it changed them. Declared on
    one side only, only its definition is compared, not its JSDoc: one whose definition the
    change writes again, the same, in ``elsewhere`` (its other side's changed lines,
    :func:`moved_text`, read only then) moved to another module or from one, or was renamed,
    whatever comment it took along; a signature naming it changed its own lines if it changed
    at all (zustand's ``d2ac8205e``). Moved and changed, it changed them. At most
    ``MAX_TYPE_NAMES`` types, each one search."""
    other = _type_definitions(counterpart, language)
    changed = changed[:MAX_TYPE_NAMES]
    written = elsewhere() if any(name not in other for name, _, _ in changed) else b""
    return [name for name, node, statement in changed
            if ((_documented(node, statement) not in other[name]) if name in other
                else (_definition(node) not in written))]


def _is_script(root: Node) -> bool:
    """Whether a file has no top-level import or export: a script, whose declarations are
    global."""
    return not any(statement.type in ("import_statement", "export_statement")
                   for statement in root.named_children)


def extract_typescript(source: bytes, lines: frozenset[int], language: str,
                       declaration_file: bool = False, module: str | None = None,
                       respelled: frozenset[int] = frozenset(),
                       counterpart: bytes | None = None,
                       elsewhere: Callable[[], bytes] = bytes) -> Extraction:
    """Declarations enclosing ``lines`` in a TS/TSX/JS source (``language`` names the grammar).
    In a ``declaration_file`` (``.d.ts``) that is a script, every declaration is public: such a
    file declares globals (``interface ImportMeta``) for every program that includes it.
    ``module`` is the name its importers give the module (``module_name``): the members of
    the object it sets ``module.exports`` to are ``module.member``. ``respelled``: the changed
    lines whose words changed only in spelling, which make a declaration changed in them and
    its doc comment alone ``doc_only``. ``counterpart``: the file's text on the other side of
    the change: a changed unexported type anchors the exported signatures naming it
    (``_exposing``) only when it is declared there too with another definition or JSDoc
    block, or, declared on one side only, its definition is not written again, the same, in
    what ``elsewhere`` gives (the change set's changed lines on the other side,
    :func:`moved_text`, read only then): moved and changed, it changed them
    (``_still_changed``). None reads every changed type so (a file added or deleted changes
    every signature's own lines anyway)."""
    tree = parse(language, source)
    script = declaration_file and _is_script(tree.root_node)
    declared: set[str] = set()
    in_file: set[str] = set()
    touched: list[Declaration] = []
    units: list[tuple[str, Node]] = []
    namespaces: set[str] = set()
    passed_over: list[str] = []
    exported_object = module_object(tree.root_node, module)
    object_name, renamed = (exported_object.name, exported_object.renamed) \
        if exported_object is not None else (None, {})
    top, exported_as, callables = _top_level(tree.root_node, script)
    jsdoc_changed = _jsdoc_changed(tree.root_node, lines)
    augmented: set[str] = set()
    instances = _bound_instances(top)
    changed_types: list[tuple[str, Node, Node]] = []
    for name, node, statement, exported in top:
        in_file.add(name)
        # a changed JSDoc above it is read as a change of the declaration's own first line
        its_lines = lines | {first_line(statement)} if statement.id in jsdoc_changed else lines
        if node.type in NAMESPACES:
            namespaces.add(name)
        is_container, members = _members(node)
        if _augments(node, statement):
            augmented.update(_declared_keys(name, node, members))
        # Units are what can call a helper: functions and methods, not the containers whose
        # text merely holds them.
        units.extend(members if is_container else [(name, node)])
        span = _span(statement, node)
        # an exported const holds what it makes: vitest's ``vi`` of ``class VitestUtils``
        given = _instance_touched(instances.get(name, []), node, span, its_lines, declared)
        touched.extend(given)
        if not exported:  # exported is public, ``_``-led or not (pinia's ``_StoreWithState``)
            if touches(span, its_lines) and not given:
                passed_over.append(f"unexported `{name}`")
                if node.type in _TYPES:
                    changed_types.append((name, node, statement))
            continue
        declared.update(_declared_keys(name, node, members))
        if touches(span, its_lines):
            found = _touched(name, node, span, its_lines, respelled, callables)
            jsdoc = jsdoc_changed.get(statement.id)
            if jsdoc is not None and not touches(span, lines) \
                    and respelled_only(jsdoc, lines, respelled):
                # its JSDoc alone changed, in spelling: what only a generated reference shows
                found = [replace(d, doc_only=True) for d in found]
            touched.extend(found)
            if not found:
                passed_over.extend(passed_over_members(name, members, its_lines, _member_role))
            # the module object gives it out under another key: ``{ add: decorateAdd }``
            touched.extend(Declaration(key, object_name, bridgeable=True,
                                       binding=object_name is None)
                           for d in found if d.key == name for key in renamed.get(name, ()))
    exposed = _still_changed(changed_types, counterpart, language, elsewhere) \
        if changed_types and counterpart is not None else [name for name, _, _ in changed_types]
    if exposed:
        # a declaration its own lines changed is read as they say: they may read a const as a
        # container or an instance, which bridges to no route, where its signature alone
        # reads a leaf (mobx's ``flow = Object.assign(function flow…, { annotationType_ })``)
        read_already = {declaration.key for declaration in touched}
        touched.extend(declaration for declaration in _exposing(exposed, top, callables)
                       if declaration.key not in read_already)
    if exported_object is not None:
        found_in_object, data_keys = _object_touched(exported_object, lines, units, declared)
        touched.extend(found_in_object)
        passed_over.extend(data_keys)
        # read as a namespace: a member gained or lost is the module's, not a change of an
        # object a page calls ``response``
        if object_name is not None and not exported_object.bare:
            namespaces.add(object_name)
    for obj, member, span in _commonjs_members(tree.root_node, declared, exported_as, module):
        units.append((member, span))
        declared.add(f"{obj}.{member}")
        if touches(span, lines):
            touched.append(Declaration(member, obj, bridgeable=True))
    touched = unique(touched)  # in order, once each (a dict: linear)
    bases, own = _class_tree(top)
    inherited, widely_inherited = inherited_members(touched, bases, own)
    touched.extend(inherited)
    declared.update(inherited_spellings(bases, own,
                                        lambda member: not member.startswith(HIDDEN_MARKS)))
    literals, literal_kin = shaped_literals(
        tree.root_node, lines, frozenset({"string", "template_string"}),
        frozenset({"string_fragment"}))
    settings, settings_kin = settings_reads(tree.root_node, lines)  # ``config.socketPath``
    literals.extend(settings)
    literal_kin = {**settings_kin, **literal_kin}
    return Extraction(
        touched=tuple(touched),
        declared=frozenset(declared),
        literals=tuple(dict.fromkeys(literals)),
        literal_kin=literal_kin,
        error_line=first_error_line(tree),
        reexports=_reexports(tree.root_node, in_file),
        widely_inherited=widely_inherited,
        inherited=frozenset(d.key for d in inherited),
        namespaces=frozenset(namespaces),
        callers=local_callers([d.name for d in touched if d.bridgeable], units),
        augmented=frozenset(augmented),
        passed_over=tuple(dict.fromkeys(passed_over + (
            # a reason for NOT COVERED: asked only of a file whose lines anchor nothing
            ["re-exports of unchanged names"]
            if not touched and _touches_reexports(tree.root_node, lines, exported_as)
            else []))),
    )
