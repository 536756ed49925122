"""argparse programs as command trees: parsers, their sub-parsers (with ``aliases``) and their
options, read with tree-sitter by following the values through each function in source order.

A static read follows a parser through the names it is bound to, the groups it makes, the
functions of the repository it is passed to or returned from, and ``parents=[…]`` that name a
parser it read. Whatever it cannot follow makes the parser *open* (its unknown options are not
reported): a parser handed to code it cannot read or stored where it cannot see, options or
sub-parsers named by variables (built in a loop), ``parse_known_args``, a subclass that
overrides parsing. Abbreviations of long options are valid unless ``allow_abbrev=False``
(docs/how-to/docs-refs.md#what-it-resolves-against)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from tree_sitter import Node

from govern.docsrefs.cli_table import CliCommand, CliTable
from govern.drift.anchors.python import resolve_import
from govern.drift.anchors.syntax import (
    Ancestors,
    parse,
    python_call_args,
    python_string,
    text,
)

_NO_VALUE = frozenset({"store_true", "store_false", "store_const", "append_const", "count",
                       "help", "version", "BooleanOptionalAction"})
_HARMLESS = frozenset({"set_defaults", "parse_args", "parse_intermixed_args", "print_help",
                       "print_usage", "format_help", "format_usage", "error", "exit",
                       "get_default", "add_argument", "add_argument_group",
                       "add_mutually_exclusive_group", "add_subparsers"})
_OPENING = frozenset({"parse_known_args", "parse_known_intermixed_args"})
_OVERRIDES = frozenset({"parse_args", "parse_known_args", "_parse_known_args", "_parse_optional",
                        "_get_option_tuples", "add_argument", "_add_action", "_get_values",
                        "add_subparsers", "__init__"})
_SCOPES = frozenset({"function_definition", "lambda"})
_CONDITION = frozenset({"expression_statement", "delete_statement", "not_operator",
                        "boolean_operator", "comparison_operator", "if_statement",
                        "assert_statement"})
_READERS = frozenset({"autocomplete", "vars", "isinstance", "print", "repr", "str", "id", "type"})
"""Calls that read a parser without changing what it accepts (``argcomplete.autocomplete``)."""
_MAX_DEPTH = 4
_WORD = re.compile(r"\w+")
_REST = {"...": "REMAINDER", "A...": "PARSER"}
"""``nargs`` that take every word left, as strings and by argparse's names for them
(``PARSER`` is what sub-parsers use)."""
_LITERALS = frozenset({"integer", "float", "true", "false", "none"})


@dataclass(eq=False)
class _Parser:
    key: str
    names: list[str]
    prog: str | None = None
    options: dict[str, bool] = field(default_factory=dict)
    open: bool = False
    abbrev: bool = True
    arguments: bool = False
    remainder: bool = False
    rest_options: set[str] = field(default_factory=set)
    parents: list[_Parser] = field(default_factory=list)
    subparsers: _Subparsers | None = None


@dataclass(eq=False)
class _Subparsers:
    owner: _Parser
    children: list[_Parser] = field(default_factory=list)
    open: bool = False


@dataclass(eq=False)
class _Group:
    parser: _Parser


@dataclass(frozen=True)
class _Def:
    """A function of the repository, with the scopes its body sees."""

    node: Node
    module: str
    chain: tuple[dict[str, object], ...]

    @property
    def key(self) -> tuple[str, int]:
        return (self.module, self.node.start_byte)


@dataclass(frozen=True)
class _Import:
    module: str
    name: str


@dataclass
class _Scope:
    key: tuple[str, int]
    """(module, start byte of the function; -1 for the module body)."""
    module: str
    chain: list[dict[str, object]]
    defaults: dict[str, str]
    memo: dict[int, object] = field(default_factory=dict)

    def lookup(self, name: str) -> object:
        for env in self.chain:
            if name in env:
                return env[name]
        return None


_Value = _Parser | _Subparsers | _Group


def _close(value: object) -> None:
    """Mark ``value`` open: code govern cannot read may change it."""
    if isinstance(value, _Parser):
        value.open = True
    elif isinstance(value, _Group):
        value.parser.open = True
    elif isinstance(value, _Subparsers):
        value.open = True


def _scope_nodes(body: Node) -> Iterator[tuple[Node, Ancestors]]:
    """The nodes a scope runs, in source order, stopping at nested functions (yielded, not
    entered: their bodies are scopes of their own), each with its ancestors up to ``body``.
    The ancestors are carried down the walk: tree-sitter finds a node's parent by walking down
    from the root, so asking each identifier for its own was quadratic in the nesting depth."""
    stack: list[tuple[Node, Ancestors]] = [(body, None)]
    while stack:
        node, ancestors = stack.pop()
        yield node, ancestors
        if node.type in _SCOPES and node is not body:
            continue
        inner = (node, ancestors)
        stack.extend((child, inner) for child in reversed(node.named_children))


def _methods(definition: Node) -> Iterator[Node]:
    body = definition.child_by_field_name("body")
    for member in body.named_children if body is not None else ():
        inner = member.child_by_field_name("definition") \
            if member.type == "decorated_definition" else member
        if inner is not None and inner.type == "function_definition":
            yield inner


def _overrides_parsing(method: Node) -> bool:
    """A method that changes what the parser accepts: a parsing override, or an ``__init__``
    that adds arguments."""
    name = text(method.child_by_field_name("name"))
    return name in _OVERRIDES and (name != "__init__" or b"add_argument" in (method.text or b""))


def _parameters(function: Node) -> tuple[list[str], dict[str, str]]:
    """(parameter names in order, string defaults by name)."""
    names: list[str] = []
    defaults: dict[str, str] = {}
    params = function.child_by_field_name("parameters")
    for param in params.named_children if params is not None else ():
        if param.type == "identifier":
            names.append(text(param))
        elif param.type in ("default_parameter", "typed_default_parameter"):
            name = text(param.child_by_field_name("name"))
            names.append(name)
            value = python_string(param.child_by_field_name("value"))
            if value is not None:
                defaults[name] = value
        elif param.type == "typed_parameter" and param.named_children:
            names.append(text(param.named_children[0]))
        elif param.type in ("list_splat_pattern", "dictionary_splat_pattern"):
            names.append("*")
    return names, defaults


class _Reader:
    def __init__(self, trees: dict[str, Node]) -> None:
        self.trees = trees
        self.parsers: dict[str, _Parser] = {}
        self.created: dict[tuple[str, int], list[_Parser]] = {}
        self.calls: dict[tuple[str, int], set[tuple[str, int]]] = {}
        self.returns: dict[tuple[str, int], list[object]] = {}
        self.done: set[tuple[str, int]] = set()
        self.functions: dict[tuple[str, int], Node] = {}
        """Each function read, by key: the node a key names, without searching the tree."""
        self.running: set[tuple[str, int]] = set()
        self.unresolved: set[str] = set()
        self.imported: set[str] = set()
        self.classes, self.risky = self._subclasses()
        self.envs = {module: self._module_env(module, root) for module, root in trees.items()}

    def _subclasses(self) -> tuple[set[str], set[str]]:
        """Classes of the repository built on ArgumentParser; ``risky`` ones override how it
        parses or add arguments of their own. A base is matched by the names its bases are
        written with, looked up in the set found so far: testing each class found against
        each class's bases as text was quadratic in the number of classes."""
        bases: dict[str, tuple[str, frozenset[str], Node]] = {}
        for root in self.trees.values():
            for node in root.named_children:
                definition = node.child_by_field_name("definition") \
                    if node.type == "decorated_definition" else node
                if definition is not None and definition.type == "class_definition":
                    supers = text(definition.child_by_field_name("superclasses"))
                    bases[text(definition.child_by_field_name("name"))] = (
                        supers, frozenset(_WORD.findall(supers)), definition)
        classes: set[str] = set()
        risky: set[str] = set()
        for _ in range(3):  # a subclass of a subclass
            for name, (supers, words, definition) in bases.items():
                if name not in classes and ("ArgumentParser" in supers or any(
                        word in classes for word in words - {name})):
                    classes.add(name)
                    if any(_overrides_parsing(method) for method in _methods(definition)):
                        risky.add(name)
        return classes - risky, risky

    def _module_env(self, module: str, root: Node) -> dict[str, object]:
        env: dict[str, object] = {}
        package = module.rsplit(".", 1)[0] if "." in module else ""
        for node in root.named_children:
            definition = node.child_by_field_name("definition") \
                if node.type == "decorated_definition" else node
            if definition is not None and definition.type == "function_definition":
                env[text(definition.child_by_field_name("name"))] = _Def(definition, module, ())
            elif node.type == "import_from_statement":
                source = resolve_import(text(node.child_by_field_name("module_name")), package)
                for name_node in node.children_by_field_name("name"):
                    original = name_node.child_by_field_name("name") \
                        if name_node.type == "aliased_import" else name_node
                    alias = name_node.child_by_field_name("alias") \
                        if name_node.type == "aliased_import" else name_node
                    env[text(alias)] = _Import(source, text(original))
                    self.imported.add(text(original))
        return env

    def run(self) -> None:
        for module, env in self.envs.items():
            for name, value in list(env.items()):
                if isinstance(value, _Def):
                    env[name] = _Def(value.node, module, (env,))
        for module, root in self.trees.items():
            self._run(root, _Scope((module, -1), module, [self.envs[module]], {}))
        for env in self.envs.values():
            for name, value in env.items():
                if name in self.imported and isinstance(value, _Parser | _Subparsers | _Group):
                    _close(value)  # imported and changed elsewhere, where govern does not look
        for key, values in self.returns.items():
            if any(isinstance(v, _Parser | _Subparsers | _Group) for v in values):
                node = self.functions.get(key)
                if node is not None and text(node.child_by_field_name("name")) in \
                        self.unresolved:
                    for value in values:
                        _close(value)  # also returned to code govern could not follow

    def _run(self, body: Node, scope: _Scope) -> None:
        nested: list[_Def] = []
        env = scope.chain[0]
        for node, ancestors in _scope_nodes(body):
            if node is not body and node.type == "function_definition":
                function = _Def(node, scope.module, tuple(scope.chain))
                in_class = ancestors is not None and ancestors[1] is not None and \
                    ancestors[1][0].type == "class_definition"
                if not in_class and scope.key[1] != -1:  # module functions are bound already
                    env[text(node.child_by_field_name("name"))] = function
                nested.append(function)
            elif node.type == "assignment":
                self._assign(node, scope)
            elif node.type == "call":
                self._use(node, ancestors, self._call(node, scope), scope)
            elif node.type == "identifier":
                self._identifier(node, ancestors, scope)
            elif node.type == "return_statement" and node.named_children:
                returned = node.named_children[0]
                self.returns.setdefault(scope.key, []).append(
                    tuple(self._expr(item, scope) for item in returned.named_children)
                    if returned.type in ("expression_list", "tuple") else
                    self._expr(returned, scope))
            elif node.type in ("global_statement", "nonlocal_statement"):
                for name in node.named_children:
                    _close(scope.lookup(text(name)))
        for function in nested:
            self._ensure(function)

    def _ensure(self, function: _Def) -> None:
        """Read a function once with nothing bound to its parameters."""
        if function.key in self.done or function.key in self.running:
            return
        self.done.add(function.key)
        self._enter(function, {})

    def _enter(self, function: _Def, bindings: dict[str, object]) -> None:
        self.running.add(function.key)
        self.functions[function.key] = function.node
        _, defaults = _parameters(function.node)
        scope = _Scope(function.key, function.module, [dict(bindings), *function.chain],
                       defaults)
        body = function.node.child_by_field_name("body")
        if body is not None:
            self._run(body, scope)
        self.running.discard(function.key)

    def _assign(self, node: Node, scope: _Scope) -> None:
        left = node.child_by_field_name("left")
        value = self._expr(node.child_by_field_name("right"), scope)
        if left is not None and left.type == "identifier":
            scope.chain[0][text(left)] = value
        elif left is not None and left.type in ("pattern_list", "tuple_pattern") and \
                isinstance(value, tuple) and len(value) == len(left.named_children):
            for target, item in zip(left.named_children, value, strict=True):
                if target.type == "identifier":
                    scope.chain[0][text(target)] = item
                else:
                    _close(item)
        elif isinstance(value, tuple):
            for item in value:
                _close(item)
        elif isinstance(value, _Parser | _Subparsers | _Group):
            _close(value)  # stored in an attribute, an item or a tuple: followed no further

    def _expr(self, node: Node | None, scope: _Scope) -> object:
        if node is None:
            return None
        if node.type == "identifier":
            return scope.lookup(text(node))
        if node.type == "call":
            return self._call(node, scope)
        if node.type == "assignment":
            return self._expr(node.child_by_field_name("right"), scope)
        if node.type == "parenthesized_expression" and node.named_children:
            return self._expr(node.named_children[0], scope)
        return None

    def _identifier(self, node: Node, ancestors: Ancestors, scope: _Scope) -> None:
        parent = ancestors[0] if ancestors is not None else None
        if parent is None or parent.type == "keyword_argument" and \
                parent.child_by_field_name("name") == node:
            return
        if parent.type == "attribute" and parent.child_by_field_name("attribute") == node:
            return
        if parent.type == "assignment" and parent.child_by_field_name("left") == node:
            return
        value = scope.lookup(text(node))
        if isinstance(value, _Parser | _Subparsers | _Group):
            self._use(node, ancestors, value, scope)

    def _use(self, node: Node, ancestors: Ancestors, value: object, scope: _Scope) -> None:
        """Close ``value`` unless the place ``node`` puts it is one this reader follows."""
        if not isinstance(value, _Parser | _Subparsers | _Group):
            return
        while ancestors is not None and ancestors[0].type == "parenthesized_expression":
            node, ancestors = ancestors
        if ancestors is None:
            return
        parent, above = ancestors
        grandparent = above[0] if above is not None else None
        if parent.type in _CONDITION or parent.type == "return_statement":
            return
        if parent.type in ("expression_list", "tuple") and grandparent is not None and \
                grandparent.type == "return_statement":
            return  # returned with others: the caller unpacks it
        if parent.type == "attribute":
            return  # a method: _call judges it; an attribute read or set: harmless
        if parent.type == "assignment":
            if parent.child_by_field_name("right") == node:
                left = parent.child_by_field_name("left")
                if left is not None and left.type != "identifier":
                    _close(value)
            return
        call = grandparent if parent.type == "argument_list" else \
            above[1][0] if parent.type == "keyword_argument" and above is not None and \
            above[1] is not None else None
        if parent.type == "list" and grandparent is not None and \
                grandparent.type == "keyword_argument" and \
                text(grandparent.child_by_field_name("name")) == "parents":
            return
        if call is not None and call.type == "call" and (isinstance(
                self._function_of(call.child_by_field_name("function"), scope), _Def)
                or text(call.child_by_field_name("function")).rsplit(".", 1)[-1] in _READERS):
            return
        _close(value)

    def _function_of(self, node: Node | None, scope: _Scope) -> _Def | None:
        if node is None or node.type != "identifier":
            return None
        found = scope.lookup(text(node))
        if isinstance(found, _Import):
            env = self.envs.get(found.module)
            found = env.get(found.name) if env is not None else None
        return found if isinstance(found, _Def) else None

    def _call(self, node: Node, scope: _Scope) -> object:
        if node.id in scope.memo:
            return scope.memo[node.id]
        scope.memo[node.id] = None
        result = self._evaluate(node, scope)
        scope.memo[node.id] = result
        return result

    def _evaluate(self, node: Node, scope: _Scope) -> object:
        function = node.child_by_field_name("function")
        positional, keywords = python_call_args(node)
        if function is not None and function.type == "attribute":
            target = self._expr(function.child_by_field_name("object"), scope)
            method = text(function.child_by_field_name("attribute"))
            if isinstance(target, _Parser | _Group):
                return self._parser_method(target, method, node, positional, keywords, scope)
            if isinstance(target, _Subparsers):
                if method != "add_parser":
                    target.open = True
                    return None
                return self._add_parser(target, node, positional, keywords, scope)
        name = text(function).rsplit(".", 1)[-1]
        if name == "ArgumentParser" or name in self.classes or name in self.risky:
            parser = self._new_parser(node, positional, keywords, scope, [])
            parser.open = parser.open or name in self.risky
            self.created.setdefault(scope.key, []).append(parser)
            return parser
        definition = self._function_of(function, scope)
        if definition is None:
            self.unresolved.add(name)
            return None
        self.calls.setdefault(scope.key, set()).add(definition.key)
        bindings = self._bind(definition, positional, keywords, scope)
        if bindings:
            if len(self.running) > _MAX_DEPTH or definition.key in self.running:
                for value in bindings.values():
                    _close(value)
                return None
            self.returns.pop(definition.key, None)
            self._enter(definition, bindings)
        else:
            self._ensure(definition)
        returned = self.returns.get(definition.key, [])
        return returned[0] if len(returned) == 1 else None

    def _bind(self, definition: _Def, positional: list[Node], keywords: dict[str, Node],
              scope: _Scope) -> dict[str, object]:
        names, _ = _parameters(definition.node)
        bindings: dict[str, object] = {}
        given = [(names[i] if i < len(names) else "*", arg) for i, arg in enumerate(positional)]
        for param, arg in [*given, *keywords.items()]:
            value = self._expr(arg, scope)
            if not isinstance(value, _Parser | _Subparsers | _Group):
                continue
            if param == "*" or arg.type in ("list_splat", "dictionary_splat") or \
                    param not in names:
                _close(value)
            else:
                bindings[param] = value
        return bindings

    def _parser_method(self, target: _Parser | _Group, method: str, node: Node,
                       positional: list[Node], keywords: dict[str, Node],
                       scope: _Scope) -> object:
        parser = target.parser if isinstance(target, _Group) else target
        if method == "add_argument":
            _add_argument(parser, positional, keywords)
        elif method in ("add_argument_group", "add_mutually_exclusive_group"):
            return _Group(parser)
        elif method == "add_subparsers":
            parser.subparsers = parser.subparsers or _Subparsers(parser)
            return parser.subparsers
        elif method in _OPENING or method not in _HARMLESS:
            parser.open = True
        return None

    def _add_parser(self, subparsers: _Subparsers, node: Node, positional: list[Node],
                    keywords: dict[str, Node], scope: _Scope) -> _Parser:
        name = python_string(positional[0]) if positional else \
            python_string(keywords.get("name"))
        aliases_node = keywords.get("aliases")
        aliases = [python_string(a) for a in aliases_node.named_children] \
            if aliases_node is not None and aliases_node.type in ("list", "tuple") else []
        if name is None or None in aliases or (
                aliases_node is not None and aliases_node.type not in ("list", "tuple")):
            subparsers.open = True  # a name govern cannot read: built in a loop, a variable
        names = [n for n in (name, *aliases) if n]
        parser = self._new_parser(node, positional[1:], keywords, scope, names)
        if parser not in subparsers.children:
            subparsers.children.append(parser)
        return parser

    def _new_parser(self, node: Node, positional: list[Node], keywords: dict[str, Node],
                    scope: _Scope, names: list[str]) -> _Parser:
        key = f"argparse:{scope.module}:{node.start_byte}"
        if key in self.parsers:
            return self.parsers[key]
        parser = self.parsers[key] = _Parser(key, names)
        prog = keywords.get("prog") or (positional[0] if positional and not names else None)
        parser.prog = python_string(prog) or (scope.defaults.get(text(prog))
                                              if prog is not None else None)
        parser.abbrev = text(keywords.get("allow_abbrev")) != "False"
        if text(keywords.get("add_help")) != "False":
            parser.options.update({"-h": False, "--help": False})
        prefix = keywords.get("prefix_chars")
        spread = any(arg.type in ("list_splat", "dictionary_splat") for arg in positional)
        parser.open = spread or (prefix is not None and python_string(prefix) != "-")
        parents = keywords.get("parents")
        if parents is not None:
            found = [self._expr(item, scope) for item in parents.named_children] \
                if parents.type in ("list", "tuple") else [None]
            parser.parents = [p for p in found if isinstance(p, _Parser)]
            parser.open = parser.open or len(parser.parents) != len(found)
        return parser


def _add_argument(parser: _Parser, positional: list[Node], keywords: dict[str, Node]) -> None:
    names = [python_string(arg) for arg in positional]
    if None in names:
        parser.open = True  # names from a variable, a loop or a splat: not readable here
        return
    options = [name for name in names if name and name.startswith("-")]
    if not options:
        parser.arguments = True
        parser.remainder = parser.remainder or _hands_the_rest_on(keywords)
        return
    action_node = keywords.get("action")
    action = (python_string(action_node) or text(action_node).rsplit(".", 1)[-1]) \
        if action_node is not None else "store"
    takes = action not in _NO_VALUE and text(keywords.get("nargs")) != "0"
    if _nargs_remainder(keywords):
        parser.rest_options.update(options)
    for option in options:
        parser.options[option] = takes
        if action == "BooleanOptionalAction" and option.startswith("--"):
            parser.options[f"--no-{option[2:]}"] = False


def _hands_the_rest_on(keywords: dict[str, Node]) -> bool:
    """Whether a positional passes the rest of the line to another parser: it takes every word
    left (``nargs=REMAINDER``), or its ``choices`` are computed (twine's ``choices=`` the names
    of its entry points), so the command it names is read by a parser govern cannot see."""
    if _nargs_remainder(keywords):
        return True
    choices = keywords.get("choices")
    return choices is not None and (choices.type not in ("list", "tuple", "set") or not all(
        item.type in _LITERALS or python_string(item) is not None
        for item in choices.named_children))


def _nargs_remainder(keywords: dict[str, Node]) -> bool:
    """``nargs=REMAINDER`` (or ``'...'``): the argument takes every word left on the line."""
    nargs = keywords.get("nargs")
    return nargs is not None and (python_string(nargs) in _REST or
                                  text(nargs).rsplit(".", 1)[-1] in _REST.values())


@dataclass(frozen=True)
class _Accepted:
    """What a parser accepts with its parents' (``parents=[common]`` copies their options and
    positionals): its options, whether any of them is open, whether it or one of them takes
    positionals and hands the rest on, and the options that take every word left."""

    options: dict[str, bool]
    open: bool
    arguments: bool
    remainder: bool
    rest_options: frozenset[str]


def _merged_options(parsers: Iterable[_Parser]) -> dict[str, _Accepted]:
    """Each parser's options and positionals with its parents' (its own options win), and
    whether any of them is open. Each parser is merged once, from its parents' merged
    options, in a walk that keeps its own stack: walking up every path of a diamond of
    ``parents=[…]`` was exponential in its depth, and a chain of them deeper than Python's
    recursion limit crashed."""
    merged: dict[str, _Accepted] = {}
    for parser in parsers:
        path = [(parser, iter(parser.parents))] if parser.key not in merged else []
        on_path = {parser.key}
        while path:
            current, parents = path[-1]
            # its parents first; one on the path here (argparse makes no cycle) is left out
            parent = next((p for p in parents if p.key not in merged and p.key not in on_path),
                          None)
            if parent is not None:
                path.append((parent, iter(parent.parents)))
                on_path.add(parent.key)
                continue
            path.pop()
            on_path.discard(current.key)
            merged[current.key] = _merge(current, merged)
    return merged


def _merge(parser: _Parser, merged: dict[str, _Accepted]) -> _Accepted:
    inherited = [merged[parent.key] for parent in parser.parents if parent.key in merged]
    options: dict[str, bool] = {}
    for parent in inherited:
        options.update(parent.options)
    options.update(parser.options)
    # an option the parser declares again is its own, and takes what its own declaration says
    rest = {option for parent in inherited for option in parent.rest_options
            if option not in parser.options} | parser.rest_options
    return _Accepted(options, parser.open or any(parent.open for parent in inherited),
                     parser.arguments or any(parent.arguments for parent in inherited),
                     parser.remainder or any(parent.remainder for parent in inherited),
                     frozenset(rest))


def build_argparse_trees(sources: dict[str, bytes],
                         scripts: dict[str, tuple[str, ...]]) -> CliTable:
    """The parsers of ``sources`` (dotted module name -> source) and, for each program the
    manifests declare (``"module:function" -> names``), its root parser: the one whose
    ``prog`` is the program's name, else the only one the entry function reaches."""
    entries = {target.partition(":")[0] for target in scripts}
    trees = {module: parse("python", source).root_node for module, source in sources.items()
             if b"ArgumentParser" in source or b"add_argument" in source or module in entries}
    reader = _Reader(trees)
    reader.run()
    commands: dict[str, CliCommand] = {}
    merged = _merged_options(reader.parsers.values())
    for parser in reader.parsers.values():
        accepted = merged[parser.key]
        subparsers = parser.subparsers
        children = {name: child.key for child in (subparsers.children if subparsers else [])
                    for name in child.names}
        commands[parser.key] = CliCommand(
            parser.names[0] if parser.names else parser.prog or "", None, accepted.options,
            accepted.open, children, subparsers is not None, abbrev=parser.abbrev,
            arguments=accepted.arguments, remainder=accepted.remainder,
            open_children=subparsers.open if subparsers else False,
            rest_options=accepted.rest_options)
    shared = {parent.key for p in reader.parsers.values() for parent in p.parents}
    roots = [p for found in reader.created.values() for p in found if p.key not in shared]
    programs: dict[str, str | None] = {}
    for target, names in scripts.items():
        module, _, attribute = target.partition(":")
        reached = _reached(reader, module, attribute.split(".")[0])
        for name in names:
            named = {p.key for p in roots if p.prog == name}
            candidates = named or {p.key for key in reached for p in reader.created.get(key, [])
                                   if p.key not in shared}
            if named or module in trees:
                programs[name] = candidates.pop() if len(candidates) == 1 else None
    return CliTable(commands, programs)


def _reached(reader: _Reader, module: str, function: str) -> set[tuple[str, int]]:
    """The scopes an entry point runs: the function, what it calls, and their modules."""
    entry = reader.envs.get(module, {}).get(function)
    if isinstance(entry, _Import):
        entry = reader.envs.get(entry.module, {}).get(entry.name)
    todo = [entry.key] if isinstance(entry, _Def) else []
    seen: set[tuple[str, int]] = {(module, -1)}
    while todo:
        key = todo.pop()
        if key in seen:
            continue
        seen.add(key)
        seen.add((key[0], -1))
        todo.extend(reader.calls.get(key, ()))
    return seen
