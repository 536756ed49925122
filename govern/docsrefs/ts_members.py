"""The members of a binding a JavaScript/TypeScript package exports, for the names a page
writes after importing it: ``axios.get`` after ``import axios from "axios"`` (the default
export), ``z.string`` after ``import { z } from "zod"`` (a namespace exported by name).

Sure or silent. A namespace holds what its module exports. A value declared with a type of
its own file (axios's ``index.d.ts``: ``declare const axios: AxiosStatic``) holds that type's
members: an interface's or a class's, with those of what it extends, as TypeScript checks a
page's ``axios.get``; so does an instance a TypeScript file makes of its own class (trpc's
``export const initTRPC = new TRPCBuilder()``). Anything else is built at run time (axios's
``lib/axios.js``: ``const axios = createInstance(defaults)``, then ``axios.all = …``): it
holds the properties the file assigns to it, and maybe more, so a name it is not seen to
have is unresolvable, never a finding."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from tree_sitter import Node

from govern.drift.anchors.syntax import text, ts_string
from govern.drift.anchors.ts_exports import declared_names, import_bindings
from govern.drift.anchors.typescript import (
    NAMESPACES,
    VARIABLES,
    assigned_members,
    export_specifiers,
    object_members,
)

_PARTLY = ": names it is not seen to have are unresolvable"
_MAX_HOPS = 64
"""Files and types one binding's trail may pass through (re-exports, imports, types it
extends) before what it holds is called unknowable."""
_TYPESCRIPT = (".ts", ".tsx", ".mts", ".cts")
_TYPES = frozenset({"interface_declaration", "class_declaration", "abstract_class_declaration",
                    "type_alias_declaration"})
_MEMBERS = frozenset({"property_signature", "method_signature", "method_definition",
                      "public_field_definition", "abstract_method_signature"})


@dataclass(frozen=True)
class Members:
    names: frozenset[str]
    hidden: str | None = None
    """Why the binding may hold more than ``names`` (None: exactly these)."""


def _open(why: str, names: frozenset[str] = frozenset()) -> Members:
    return Members(names, why + _PARTLY)


def joined(parts: list[Members]) -> Members:
    """What several parts together hold: open when one is."""
    return Members(frozenset().union(*(part.names for part in parts)),
                   next((part.hidden for part in parts if part.hidden), None))


class MemberReader:
    """The members of the bindings one tree's files export."""

    def __init__(self, tree: Callable[[str], Node | None],
                 target: Callable[[str, str], str | None],
                 namespace: Callable[[str], Members]) -> None:
        self.tree = tree
        """The root of a file's tree (None: not held), from the parse its exports were read
        from (:meth:`ExportReader.tree`): each file is parsed once for both."""
        self.target = target
        """The file a relative module names from an importer (None: another package's)."""
        self.namespace = namespace
        """What the module at a path exports, as a namespace of it holds."""
        self.found: dict[tuple[str, str], Members | None] = {}
        """(file, binding) -> what it holds: each looked up once, however many stars of
        however many files lead to it (a lattice of ``export *`` would otherwise be walked
        once per path through it)."""
        self._reading: set[tuple[str, str]] = set()
        """The lookups under way: a trail leading back to one finds nothing new there."""
        self._unsure: list[tuple[str, str]] = []
        """Lookups that found nothing while a trail was cut at one under way: their answer
        may lie past the cut (``b`` re-exports ``a``, which has ``x`` through ``c``), so they
        are forgotten once the first lookup ends, and asked again if asked."""
        self._cut = False

    def exported(self, path: str, binding: str) -> Members | None:
        """What ``binding`` (``default`` for the default export), as the file at ``path``
        exports it, holds; None when the file does not export it."""
        return self._exported(path, binding, 0)

    def _exported(self, path: str, binding: str, hops: int) -> Members | None:
        key = (path, binding)
        if key in self.found:
            return self.found[key]
        if key in self._reading:  # a trail leading back here finds nothing new
            self._cut = True
            return None
        self._reading.add(key)
        root = self.tree(path)
        if root is None or hops > _MAX_HOPS:
            found: Members | None = _open(
                f"the trail of `{binding}` reaches `{path}`, which is not read")
        else:
            found = self._exported_here(path, root, binding, hops)
            if found is not None and found.hidden is None and root.has_error:
                found = _open(f"`{path}` does not parse cleanly", found.names)
        self._reading.discard(key)
        self.found[key] = found
        if found is None and self._cut:
            self._unsure.append(key)
        if not self._reading:  # the first lookup is done: what a cut left unsure is forgotten
            for unsure in self._unsure:
                del self.found[unsure]
            self._unsure.clear()
            self._cut = False
        return found

    def _exported_here(self, path: str, root: Node, binding: str, hops: int) -> Members | None:
        stars: list[str] = []
        for statement in (s for s in root.named_children if s.type == "export_statement"):
            source = statement.child_by_field_name("source")
            module = ts_string(source) if source is not None else None
            declaration = statement.child_by_field_name("declaration")
            default = any(c.type == "default" for c in statement.children)
            namespace = next((c for c in statement.named_children
                              if c.type == "namespace_export"), None)
            for own, public, _ in export_specifiers(statement):
                if public == binding:
                    return self._local(path, root, own, hops) if module is None else \
                        self._imported(path, module, own, hops)
            if namespace is not None and module is not None:
                if binding in (text(c) for c in namespace.named_children):
                    return self._module(path, module)
            elif declaration is not None:
                if default and binding == "default":
                    return _open(f"`{path}` exports a {declaration.type.split('_')[0]} as "
                                 "its default, whose members are not read")
                if binding in declared_names(declaration):
                    return self._local(path, root, binding, hops)
            elif module is not None and not any(child.type == "export_clause"
                                                for child in statement.named_children):
                stars.append(module)  # ``export * from``, not ``export { a } from``
            elif default and binding == "default":
                value = statement.child_by_field_name("value")
                if value is not None and value.type == "identifier":
                    return self._local(path, root, text(value), hops)
                return _open(f"`{path}` exports a value built at run time as its default",
                             _literal_keys(value))
        if binding == "default":
            return None  # ``export *`` re-exports every name but the default
        for module in stars:  # ``export * from "./x"`` may be where it comes from
            target = self.target(path, module)
            found = self._exported(target, binding, hops + 1) if target else None
            if found is not None:
                return found
        return None

    def _module(self, path: str, module: str) -> Members:
        target = self.target(path, module)
        if target is None:
            return _open(f"`{path}` takes it from `{module}`, which is not read")
        return self.namespace(target)

    def _imported(self, path: str, module: str, name: str, hops: int) -> Members:
        target = self.target(path, module)
        found = self._exported(target, name, hops + 1) if target is not None else None
        return found if found is not None else _open(
            f"`{path}` takes it from `{module}`, which is not read")

    def _local(self, path: str, root: Node, name: str, hops: int) -> Members:
        """What the name ``name`` the file binds holds: an import's, a typed value's type's,
        or what a value built at run time is seen to be given."""
        for statement in (s for s in root.named_children if s.type == "import_statement"):
            source = statement.child_by_field_name("source")
            module = ts_string(source) if source is not None else None
            for own, local in import_bindings(statement):
                if local == name and module is not None:
                    return self._module(path, module) if own is None else \
                        self._imported(path, module, own, hops)
        declarations = [node for node in _declarations(root) if name in declared_names(node)]
        held = self._declared(path, root, name, declarations)
        if held.hidden is None and any(node.type in NAMESPACES for node in declarations):
            return _open(f"`{path}` merges a namespace into `{name}`", held.names)
        return held

    def _declared(self, path: str, root: Node, name: str, declarations: list[Node]
                  ) -> Members:
        """What the value the file declares as ``name`` holds."""
        declarator = next((d for node in declarations if node.type in VARIABLES
                           for d in node.named_children if d.type == "variable_declarator"
                           and text(d.child_by_field_name("name")) == name), None)
        if declarator is None:
            return _open(f"`{path}` declares `{name}` as a function, class or namespace, "
                         "whose members are not read")
        given = _assigned(root, name)
        annotation = declarator.child_by_field_name("type")
        if annotation is not None and annotation.named_children:
            typed = self._typed(path, root, annotation.named_children[0], set())
            return joined([typed, Members(given)])
        value = declarator.child_by_field_name("value")
        made = value.child_by_field_name("constructor") if value is not None and \
            value.type == "new_expression" else None
        if made is not None and made.type == "identifier":
            # an instance of a class (trpc's ``export const initTRPC = new TRPCBuilder()``):
            # TypeScript holds it to the members the class declares, JavaScript does not
            built = self._typed(path, root, made, set())
            if path.endswith(_TYPESCRIPT):
                return joined([built, Members(given)])
            return _open(f"`{path}` makes `{name}` a `{text(made)}` in JavaScript, whose "
                         "constructor may give it any member", built.names | given)
        return _open(f"`{path}` builds `{name}` at run time", given | _literal_keys(value))

    def _typed(self, path: str, root: Node, node: Node, seen: set[str]) -> Members:
        """The members of a type written in the file at ``path``: an interface's, a class's
        (its instances': no static or private member), an object type's, with those of what
        each extends; open for any other type, or one the file does not declare."""
        if node.type == "object_type":  # ``declare const client: { get(): void }``
            return _body(node, path)
        if node.type in _COMPOUND:  # ``A & B & C``: each part's members
            return joined([self._typed(path, root, part, seen) for part in _parts(node)])
        if node.type == "generic_type":
            node = node.child_by_field_name("name") or node
        name = text(node)
        if node.type not in ("type_identifier", "identifier"):  # a class's base: ``identifier``
            return _open(f"`{path}` types it as `{name[:80]}`, whose members are not read")
        if name in seen:
            return Members(frozenset())  # a type extending itself adds nothing
        if len(seen) > _MAX_HOPS:
            return _open(f"`{path}` types it through more than {_MAX_HOPS} types")
        seen.add(name)
        shapes = [node for node in _declarations(root)
                  if node.type in _TYPES and text(node.child_by_field_name("name")) == name]
        if not shapes:
            return _open(f"`{path}` types it as `{name}`, which it does not declare")
        parts: list[Members] = []
        for shape in shapes:
            if shape.type == "type_alias_declaration":
                value = shape.child_by_field_name("value")
                if value is not None:
                    parts.append(self._typed(path, root, value, seen))
                continue
            body = shape.child_by_field_name("body")
            parts.append(_body(body, path) if body is not None else Members(frozenset()))
            for extended in _extended(shape):
                parts.append(self._typed(path, root, extended, seen))
        return joined(parts)


_COMPOUND = frozenset({"intersection_type", "parenthesized_type"})


def _parts(node: Node) -> list[Node]:
    """The types an intersection joins, however it nests (``A & B & C`` is ``(A & B) & C``),
    read without recursion: a hostile alias may nest thousands deep."""
    parts: list[Node] = []
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type in _COMPOUND:
            stack.extend(reversed(current.named_children))
        else:
            parts.append(current)
    return parts


def _body(body: Node, path: str) -> Members:
    """The public instance members an interface, class or object type body declares."""
    names: set[str] = set()
    hidden = None
    for member in body.named_children:
        if member.type == "index_signature":
            hidden = f"a type in `{path}` takes any key{_PARTLY}"
        name = member.child_by_field_name("name")
        if member.type not in _MEMBERS or name is None or any(
                c.type == "static" or (c.type == "accessibility_modifier" and text(c) != "public")
                for c in member.children):
            continue
        written = ts_string(name) if name.type == "string" else text(name) \
            if name.type == "property_identifier" else None
        if written == "constructor":
            names.update(_parameter_properties(member))
        elif written:
            names.add(written)
    return Members(frozenset(names), hidden)


def _parameter_properties(constructor: Node) -> Iterator[str]:
    """The public members a TypeScript constructor's parameters declare (``constructor(public
    url: string, readonly options: Options)``)."""
    parameters = constructor.child_by_field_name("parameters")
    for parameter in parameters.named_children if parameters is not None else ():
        modifiers = [c for c in parameter.children
                     if c.type in ("accessibility_modifier", "readonly")]
        pattern = parameter.child_by_field_name("pattern")
        if modifiers and pattern is not None and pattern.type == "identifier" and all(
                text(c) in ("public", "readonly") for c in modifiers):
            yield text(pattern)


def _extended(shape: Node) -> Iterator[Node]:
    """The types an interface extends, or the class a class does (its ``implements`` adds no
    member)."""
    for part in shape.children:
        if part.type == "extends_type_clause":
            yield from part.children_by_field_name("type")
        elif part.type == "class_heritage":
            for clause in (c for c in part.named_children if c.type == "extends_clause"):
                # a class written by name is its instances' type; any other expression is
                # one no declaration names, which ``_typed`` leaves open
                yield from clause.children_by_field_name("value")


def _declarations(root: Node) -> Iterator[Node]:
    """The file's top-level declarations, out of their ``export`` and ``declare``."""
    for statement in root.named_children:
        node = statement.child_by_field_name("declaration") if \
            statement.type == "export_statement" else statement
        if node is not None and node.type == "ambient_declaration":
            yield from node.named_children
        elif node is not None:
            yield node


def _assigned(root: Node, name: str) -> frozenset[str]:
    """The properties the file's top-level statements give ``name`` (``axios.all = …``,
    ``Object.defineProperty(axios, 'spread', …)``)."""
    return frozenset(member for owner, member, _ in assigned_members(root) if owner == name)


def _literal_keys(value: Node | None) -> frozenset[str]:
    """The keys an object literal writes (``{ get, post() {}, put: f }``)."""
    if value is None or value.type != "object":
        return frozenset()
    return frozenset(key for key, _ in object_members(value))
