"""What one Python module defines, read from its tree-sitter syntax tree: the names bound at
module level, each class with its bases and members, the names it imports, and whether its
namespace is *open* (a module ``__getattr__``, a star import from outside the repository), so
the resolver never reports a name it cannot know is absent."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from tree_sitter import Node

from govern.drift.anchors.python import assigned, statements, string_list, unwrap_definition
from govern.drift.anchors.syntax import parse, python_string, text

# Compound statements whose blocks still bind module- or class-level names.
_TRANSPARENT = frozenset({"if_statement", "try_statement", "with_statement", "block",
                          "else_clause", "elif_clause", "except_clause", "finally_clause",
                          "for_statement", "while_statement", "match_statement"})
_DYNAMIC_ATTRIBUTES = frozenset({"__getattr__", "__getattribute__"})
# A module that installs an import hook or extends its own ``__path__`` gains submodules at run
# time (``from pkg.ext import anything``).
_IMPORT_HOOKS = (b"meta_path", b"path_hooks", b"__path__", b"extend_path")


@dataclass(frozen=True)
class ClassSymbols:
    """A class: its bases as written (dotted names) and the member names it binds itself."""

    bases: tuple[str, ...]
    members: frozenset[str]
    open: bool
    """Defines ``__getattr__``/``__getattribute__`` or sets attributes dynamically: its members
    cannot be listed."""

    def to_json(self) -> dict[str, Any]:
        return {"bases": list(self.bases), "members": sorted(self.members), "open": self.open}

    @staticmethod
    def from_json(data: dict[str, Any]) -> ClassSymbols:
        return ClassSymbols(tuple(data["bases"]), frozenset(data["members"]), bool(data["open"]))


@dataclass(frozen=True)
class ModuleSymbols:
    """One module's namespace as written in its source."""

    names: frozenset[str]
    """Every name bound at module level: defs, classes, assignments, imports."""
    classes: dict[str, ClassSymbols]
    imports: dict[str, str]
    """Bound name -> ``module:name`` for ``from M import name``, or ``module:`` for
    ``import M`` / ``import M as name`` (relative modules kept with their dots)."""
    star_imports: tuple[str, ...]
    """Modules imported with ``from M import *`` (relative ones with their dots)."""
    all_names: frozenset[str] | None
    open: bool
    """A module-level ``__getattr__``, or an import hook: any name may exist."""

    def to_json(self) -> dict[str, Any]:
        return {"names": sorted(self.names),
                "classes": {name: c.to_json() for name, c in sorted(self.classes.items())},
                "imports": dict(sorted(self.imports.items())),
                "star_imports": list(self.star_imports),
                "all": sorted(self.all_names) if self.all_names is not None else None,
                "open": self.open}

    @staticmethod
    def from_json(data: dict[str, Any]) -> ModuleSymbols:
        return ModuleSymbols(
            frozenset(data["names"]),
            {name: ClassSymbols.from_json(c) for name, c in data["classes"].items()},
            dict(data["imports"]), tuple(data["star_imports"]),
            frozenset(data["all"]) if data["all"] is not None else None, bool(data["open"]))


def _statements(node: Node) -> Iterator[Node]:
    return statements(node, _TRANSPARENT)


def _imports(statement: Node) -> tuple[dict[str, str], list[str]]:
    """The names an import statement binds, and the modules it star-imports."""
    bound: dict[str, str] = {}
    stars: list[str] = []
    if statement.type == "import_statement":
        for child in statement.named_children:
            if child.type == "dotted_name":  # ``import a.b`` binds ``a``
                first = text(child).split(".", 1)[0]
                bound[first] = f"{first}:"
            elif child.type == "aliased_import":
                bound[text(child.child_by_field_name("alias"))] = (
                    f"{text(child.child_by_field_name('name'))}:")
    elif statement.type == "import_from_statement":
        module_node = statement.child_by_field_name("module_name")
        module = text(module_node)
        for child in statement.named_children:
            if child.type == "wildcard_import":
                stars.append(module)
            elif child.type == "aliased_import":
                bound[text(child.child_by_field_name("alias"))] = (
                    f"{module}:{text(child.child_by_field_name('name'))}")
            elif child.type == "dotted_name" and child != module_node:
                bound[text(child)] = f"{module}:{text(child)}"
    return bound, stars


def _self_attributes(function: Node, self_name: str) -> Iterator[str]:
    """Attributes a method sets on ``self`` (``self.status_code = …``): instance members."""
    stack = [function]
    while stack:
        node = stack.pop()
        if node.type == "assignment":
            left = node.child_by_field_name("left")
            for target in (left.named_children if left is not None and left.type in (
                    "pattern_list", "tuple_pattern") else [left]):
                if target is not None and target.type == "attribute":
                    owner = target.child_by_field_name("object")
                    if owner is not None and text(owner) == self_name:
                        yield text(target.child_by_field_name("attribute"))
        if node.type not in ("function_definition", "class_definition") or node is function:
            stack.extend(node.named_children)


def _first_parameter(function: Node) -> str | None:
    parameters = function.child_by_field_name("parameters")
    for child in parameters.named_children if parameters is not None else ():
        if child.type == "identifier":
            return text(child)
        if child.type in ("typed_parameter", "default_parameter", "typed_default_parameter"):
            name = child.child_by_field_name("name") or (
                child.named_children[0] if child.named_children else None)
            return text(name) if name is not None and name.type == "identifier" else None
        return None
    return None


def _class(node: Node) -> ClassSymbols:
    bases: list[str] = []
    superclasses = node.child_by_field_name("superclasses")
    dynamic = False
    for base in superclasses.named_children if superclasses is not None else ():
        if base.type in ("identifier", "attribute"):
            bases.append(text(base))
        elif base.type == "subscript":  # ``Generic[T]``, ``Base[int]``
            value = base.child_by_field_name("value")
            bases.append(text(value))
        elif base.type == "keyword_argument":  # ``metaclass=…`` may add anything
            dynamic = True
        else:
            dynamic = True
    members: set[str] = set()
    body = node.child_by_field_name("body")
    for statement in _statements(body) if body is not None else ():
        inner = unwrap_definition(statement)
        if inner.type in ("function_definition", "class_definition"):
            name = text(inner.child_by_field_name("name"))
            members.add(name)
            dynamic = dynamic or name in _DYNAMIC_ATTRIBUTES
            if inner.type == "function_definition":
                self_name = _first_parameter(inner)
                if self_name:
                    members.update(_self_attributes(inner, self_name))
        else:
            for name, value in assigned(statement):
                members.add(name)
                if name == "__slots__":
                    members.update(_slot_names(value))
            members.update(_annotated(statement))
    return ClassSymbols(tuple(bases), frozenset(members), dynamic)


def _slot_names(value: Node) -> Iterator[str]:
    """The attributes a ``__slots__`` declares (a string, or a tuple, list or set of them):
    members however they are set (attrs' ``Attribute`` sets its own through
    ``object.__setattr__``)."""
    strings = [value] if value.type == "string" else [
        item for item in value.named_children if item.type == "string"] \
        if value.type in ("tuple", "list", "set", "parenthesized_expression") else []
    for string in strings:
        name = python_string(string)
        if name and name.isidentifier():
            yield name


def _annotated(statement: Node) -> Iterator[str]:
    """``name: T`` without a value (dataclass and TypedDict fields)."""
    if statement.type != "expression_statement":
        return
    for expression in statement.named_children:
        if expression.type == "assignment" and expression.child_by_field_name("right") is None:
            left = expression.child_by_field_name("left")
            if left is not None and left.type == "identifier":
                yield text(left)


def parse_python_symbols(source: bytes) -> ModuleSymbols:
    """The namespace a Python module's source binds (pure: text in, model out)."""
    tree = parse("python", source)
    names: set[str] = set()
    classes: dict[str, ClassSymbols] = {}
    imports: dict[str, str] = {}
    stars: list[str] = []
    all_names: frozenset[str] | None = None
    module_open = False
    for statement in _statements(tree.root_node):
        inner = unwrap_definition(statement)
        if inner.type in ("function_definition", "class_definition"):
            name = text(inner.child_by_field_name("name"))
            names.add(name)
            module_open = module_open or name == "__getattr__"
            if inner.type == "class_definition":
                classes[name] = _class(inner)
            continue
        bound, star = _imports(statement)
        imports.update(bound)
        names.update(bound)
        stars.extend(star)
        for name, right in assigned(statement):
            names.add(name)
            if name == "__all__":
                all_names = string_list(right)
        names.update(_annotated(statement))
    module_open = module_open or any(hook in source for hook in _IMPORT_HOOKS)
    return ModuleSymbols(frozenset(names), classes, imports, tuple(stars), all_names,
                         module_open)
