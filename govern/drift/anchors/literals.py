"""Which string literals on changed lines are declared surface
(docs/concepts/anchoring-rules.md#literals): the members of tables, enums and unions and the
values of constants, not keys looked up in another object; the keys of a settings parameter a
function reads (``config.socketPath``); and each new key's table, its siblings for "New API"."""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import islice
from typing import NamedTuple

from tree_sitter import Node

from govern.drift.anchors.syntax import (
    Ancestors,
    first_line,
    is_code_shaped,
    is_dunder,
    is_route_literal,
    last_name,
    name_text,
    parse,
    python_string,
    string_value,
    text,
    touches,
    walk_with_parents,
)

# Identifier-shaped: ``snake_case_key``, ``camelKey``, ``dotted.name``, each part maybe joined
# by inner hyphens (``installer.only-binary``), or one ``scope/rule-name`` (docs/concepts/
# affected-docs.md#anchor-kinds). Every ``-``, ``.`` and ``/`` ends a run the next must open
# after it, so a match never backtracks.
_PART = r"[A-Za-z_$][\w$]*+(?:-[\w$]++)*+"
LITERAL_SHAPE = re.compile(rf"{_PART}(?:\.{_PART})*+|{_PART}/{_PART}")
LITERAL_MIN, LITERAL_MAX = 4, 64
ACRONYM_MAX = 4
"""An all-caps word of letters this long or shorter is an acronym or an HTTP method
(``"HTML"``, ``"UUID"``, ``"POST"``), no code; a longer one may be (``"THROTTLED"``, the error
code objectstack's approvals page documents)."""
_FILE_EXTENSIONS = frozenset({
    "txt", "toml", "cfg", "ini", "json", "lock", "yaml", "yml", "md", "rst", "py", "pyi", "js",
    "mjs", "cjs", "ts", "mts", "cts", "jsx", "tsx", "html", "css", "xml", "sh", "log", "csv",
    "env", "in"})
"""The last parts that make a two-part dotted literal a file's name (``requirements.txt``)."""


def is_literal_shaped(value: str) -> bool:
    """Could a string be a literal anchor by its shape: identifier-shaped (``LITERAL_SHAPE``)
    and code-shaped, not a short all-caps word of letters alone (``"HTML"``, a language's
    display name, as ``"POST"`` is a method's; a lint rule's ``"MR003"`` and an error's
    ``"THROTTLED"`` are codes), nor a hyphenated
    word that is not part of a dotted or scoped key (``"zh-CN"``), nor a file's name
    (``"requirements.txt"``, a file the program reads or writes, which pages name for reasons
    of their own)?"""
    if not (LITERAL_MIN <= len(value) <= LITERAL_MAX and LITERAL_SHAPE.fullmatch(value)
            and is_code_shaped(value)):
        return False
    if value.isalpha() and value.isupper() and len(value) <= ACRONYM_MAX:
        return False
    if "-" in value and "." not in value and "/" not in value:
        # a hyphen joins words inside a dotted or scoped key (``installer.only-binary``); in
        # a lone word it writes a locale, a header or a label (objectstack's ``"zh-CN"``,
        # ``"User-Agent"``: eleven rows of one PR), no declared name
        return False
    stem, dot, extension = value.rpartition(".")
    return not (dot and "." not in stem and extension in _FILE_EXTENSIONS)

_FUNCTION_NODES = frozenset({
    "function_declaration", "generator_function_declaration", "function_expression",
    "generator_function", "arrow_function", "method_definition", "function",
    "function_definition", "lambda"})
_LITERAL_WRAPPERS = frozenset({"as_expression", "satisfies_expression",
                               "parenthesized_expression", "non_null_expression"})
# Where a string is a member of a declared table, enum or union rather than a value used once.
_TABLE_PARENTS = frozenset({"pair", "array", "list", "tuple", "set", "dictionary",
                            "literal_type", "enum_assignment", "enum_body"})
_BINDING_PARENTS = frozenset({"variable_declarator", "assignment", "public_field_definition"})
_SCREAMING = re.compile(r"[A-Z][A-Z0-9_]*")


def _binding_name(node: Node) -> str:
    return text(node.child_by_field_name("name") or node.child_by_field_name("left"))


class Context(NamedTuple):
    """Where a string stands, carried down the walk that found it (``_strings_in_context``)."""

    ancestors: Ancestors
    in_function: bool
    """A function encloses it: a value used once, not a published name."""
    in_class: bool
    union: Node | None
    """The outermost node of the TS union of string literals it is a member of."""
    picks: bool = False
    """A TS type argument selecting another type's keys holds it (``_picks_keys``)."""


def _parent(ancestors: Ancestors) -> tuple[Node | None, Ancestors]:
    """The nearest ancestor that is no wrapper (``(…)``, ``as``, ``satisfies``, ``!``), and
    that ancestor's own ancestors."""
    while ancestors is not None and ancestors[0].type in _LITERAL_WRAPPERS:
        ancestors = ancestors[1]
    return (None, None) if ancestors is None else ancestors


def is_declared_literal(node: Node, value: str, context: Context,
                        bundles: dict[int, bool]) -> bool:
    """Is a string literal declared surface (docs/concepts/anchoring-rules.md#literals)? A
    member of a table (object, dict, array, list), of an enum, of a union of string literal
    types or a ``Literal[…]``, or the value of a constant (``ERROR_CODE = "…"``, a class-level
    field such as an Enum member) — and, except for a table's keys and SCREAMING_CASE names
    (error codes, environment variables), never inside a function body, where a string is a
    value used once, not a name the package publishes. Never a key looked up in another
    object (``_is_lookup_key``), nor a dunder, nor a private name (a leading ``_``) but for
    an environment variable read. ``bundles`` holds ``_bundles_arguments`` of the tables
    already asked, for one file's walk."""
    if is_dunder(value):
        return False  # a Python language name (``"__name__"``), never the package's own
    parent, above = _parent(context.ancestors)
    if parent is None or context.picks \
            or _is_lookup_key(node, parent, above, context.in_function) \
            or _is_prose_value(node, parent):
        return False
    if value.startswith("_"):
        # a private name (attrs' ``__slots__ = ("_converter", …)``) is no value users write,
        # but for a variable a CLI tells them to set (typer's ``_TYPER_COMPLETE``)
        return _is_screaming_name(value[1:]) and _reads_environment(node, parent, above)
    if _reads_settings(node, parent, above):
        return True  # a key users write in the settings it is read from, wherever it is
    grandparent = above[0] if above is not None else None
    if parent.type in _TABLE_PARENTS:
        declared = True
    elif parent.type in _BINDING_PARENTS:
        class_level = context.in_class and grandparent is not None and grandparent.type in (
            "expression_statement", "class_body")
        declared = _SCREAMING.fullmatch(_binding_name(parent)) is not None or class_level
    else:
        declared = _opens_literal_subscript(parent) or _opens_literal_subscript(grandparent)
    if parent.type == "pair" and parent.child_by_field_name("key") == node:
        # a key names a field of the payload or config it builds, wherever it is; not one of
        # a bundle of arguments passed on under their own names, which anchor, or not, where
        # they are declared
        return grandparent is None or not (
            (_forwards_own_name(parent, value) and _bundles_arguments(grandparent, bundles))
            or _is_record(grandparent, above[1] if above is not None else None))
    if _is_screaming_name(value):
        return True  # an error code or environment variable name, wherever it is read
    return declared and not context.in_function


_PROSE_KEYS = frozenset({"description", "title", "label", "help", "message", "group",
                         "summary", "hint"})
"""Keys whose value is text for people: a language's ``description: "TypeScript"``, an
option's ``group: "HTML"``."""
_LONGEST_PROSE_KEY = max(map(len, _PROSE_KEYS)) + 2  # quotes included


def _is_prose_value(node: Node, parent: Node) -> bool:
    """Is the string the value of a pair whose key is one of ``_PROSE_KEYS``: a display name
    or a help text, which pages write as English, not a name of the code's?"""
    if parent.type != "pair" or not _within(node, parent.child_by_field_name("value")):
        return False
    key = parent.child_by_field_name("key")
    return key is not None and key.end_byte - key.start_byte <= _LONGEST_PROSE_KEY \
        and text(key).strip("'\"") in _PROSE_KEYS


def _is_screaming_name(value: str) -> bool:
    return "_" in value and _SCREAMING.fullmatch(value) is not None


def _forwards_own_name(pair: Node, key: str | None) -> bool:
    """Is a pair's value the identifier its key spells (``"show_default": show_default``)?"""
    value = pair.child_by_field_name("value")
    return value is not None and value.type == "identifier" and text(value) == key


MIN_BUNDLE = 3
"""Pairs passing on variables of their own names that make a table a bundle of arguments."""
_KEY_STRING = (frozenset({"string"}), frozenset({"string_content", "string_fragment"}),
               frozenset({"string_start", "string_end"}))
"""A quoted key's string types, content types and delimiter types, Python's and TS/JS's."""


def _bundles_arguments(table: Node, bundles: dict[int, bool]) -> bool:
    """Does a dict or object pass on ``MIN_BUNDLE`` or more variables under their own names?
    Such a table hands another call its arguments (typer's ``{"is_eager": is_eager,
    "show_default": show_default, …}`` for click); a key or two of that kind beside others is
    a payload (fastapi's examples return ``{"item_id": item_id}``, which its pages show).
    Remembered in ``bundles`` for the whole walk of a file, so its keys do not each count its
    pairs again (a memo of the last few tables, evicted by the nested tables between a long
    table's keys, had let them)."""
    held = bundles.get(table.id)
    if held is not None:
        return held
    found = 0
    for pair in table.named_children:
        if pair.type == "pair" and _forwards_own_name(pair, _table_string(pair, *_KEY_STRING)):
            found += 1
            if found == MIN_BUNDLE:
                break
    bundles[table.id] = found == MIN_BUNDLE
    return bundles[table.id]


MIN_RECORDS = 3
"""Leading dicts or objects of a list or array that make each of its dicts a record of data."""
_MEMBERS_READ = 6
"""Members of a list read at most to find its first ``MIN_RECORDS``, comments passed over."""
_RECORD_TYPES = frozenset({"dictionary", "object"})
_RECORD_LISTS = frozenset({"list", "array"})


def _is_record(table: Node, outer: Ancestors) -> bool:
    """Is a dict or object held by a list or array of records (``_holds_records``)? Its keys
    are then the fields of data records (trpc's sponsors, ``[{"name": …, "imgSrc": …,
    "createdAt": …}, …]``), which the records' type declares, not this table; its values
    stay anchors (an error code's table of records still names its codes)."""
    holder, _ = _parent(outer)
    return holder is not None and holder.type in _RECORD_LISTS and _holds_records(holder)


def _holds_records(array: Node) -> bool:
    """Are a list's first ``MIN_RECORDS`` members, comments passed over, dicts or objects? A
    table of records opens so. Only its first few members are read, whatever its length:
    asked of every key of every dict it holds, counting all of them (or a memo of lists,
    which nested lists evict) had been quadratic in the file."""
    found = 0
    for at in range(min(array.named_child_count, _MEMBERS_READ)):
        member = array.named_child(at)
        if member is None or member.type == "comment":
            continue
        if member.type not in _RECORD_TYPES:
            return False
        found += 1
        if found == MIN_RECORDS:
            return True
    return False


_SUBSCRIPTS = {"subscript": "value", "subscript_expression": "object"}
"""Subscript node types, each with the field that holds the object it indexes."""
_ASSIGNMENTS = frozenset({"assignment", "augmented_assignment", "assignment_expression",
                          "augmented_assignment_expression"})
_CALLS = frozenset({"call", "call_expression"})
_READ_METHODS = frozenset({"get", "pop", "setdefault", "getlist", "has"})
"""Methods whose first argument is a key looked up in their object (``environ.get(…)``)."""
_READ_FUNCTIONS = frozenset({"getattr", "hasattr", "delattr"})
"""Functions whose second argument is a key looked up in their first, as are getters named
``get_…`` (``_get_wsgi_string(environ, "PATH_INFO")``)."""
_PROCESS_ENVIRONMENT = frozenset({"os.environ", "process.env", "import.meta.env", "Deno.env"})
_LONGEST_ENVIRONMENT = max(map(len, _PROCESS_ENVIRONMENT))
_ENVIRONMENT_GETTERS = frozenset({"os.getenv", "getenv"})
"""Functions whose first argument is the name of an environment variable they read."""
_SETTINGS_NAMES = frozenset({"config", "settings", "conf"})
"""Names of a configuration object (flask's ``self.config``, ``current_app.config``)."""
_SETTINGS_GETTER_WORDS = _SETTINGS_NAMES | {"setting", "env"}
"""Words of a ``get_…`` getter's name that say it reads settings (``get_setting``)."""


def _within(node: Node, outer: Node | None) -> bool:
    return outer is not None and outer.start_byte <= node.start_byte \
        and node.end_byte <= outer.end_byte


def _is_lookup_key(node: Node, parent: Node, above: Ancestors, in_function: bool) -> bool:
    """Is the string a key looked up in another object, which declares it: a subscript's
    index (``environ["PATH_INFO"]``), the key of a ``.get``/``.pop``-like method or of a
    ``getattr``-like getter (``_lookup_receiver``), a TS indexed access's, the left side of
    ``in``? Not when that object holds the package's settings (``_holds_settings``), nor a
    subscript that ``Literal[…]`` opens or that a module-level assignment registers in a
    table."""
    if parent.type in _SUBSCRIPTS and (_opens_literal_subscript(parent) or (
            not in_function and _assigned_to(parent, above))):
        return False
    receiver = _lookup_receiver(node, parent, above)
    if parent.type == "literal_type" and above is not None and above[0].type == "lookup_type":
        indexed = above[0].named_children[0]  # a TS indexed access, ``T["_zod"]``
        receiver = None if _within(node, indexed) else indexed
    elif parent.type in ("comparison_operator", "binary_expression") \
            and parent.child_count == 3 and parent.children[1].type in ("in", "not in") \
            and _within(node, parent.children[0]):
        receiver = parent.children[2]
    return receiver is not None and not _holds_settings(receiver)


def _assigned_to(subscript: Node, above: Ancestors) -> bool:
    """Is the subscript the target an assignment writes (``RULES["MR001"] = …``)? Read from
    its own parent, wrappers not skipped: the strings of one subscript (``x["a", "b", …]``)
    would each climb the same chain of ``((…))``."""
    target = above[0] if above is not None else None
    return target is not None and target.type in _ASSIGNMENTS \
        and _within(subscript, target.child_by_field_name("left"))


def _lookup_receiver(node: Node, parent: Node, above: Ancestors) -> Node | None:
    """The object the string, whose parent is ``parent``, is looked up in as a key: the
    object a subscript indexes with it (``environ`` of ``environ["PATH_INFO"]``), or the one
    a read call looks it up in (``_read_call_receiver``); None for any other string."""
    if parent.type in _SUBSCRIPTS:
        indexed = parent.child_by_field_name(_SUBSCRIPTS[parent.type])
        return None if indexed is None or _within(node, indexed) else indexed
    call = _call_of(parent, above)
    return None if call is None else _read_call_receiver(node, parent, call)


def _call_of(arguments: Node, above: Ancestors) -> Node | None:
    """The call whose argument list ``arguments`` is, with ``above`` its ancestors; else None."""
    if arguments.type in ("argument_list", "arguments") and above is not None \
            and above[0].type in _CALLS:
        return above[0]
    return None


def _holds_settings(receiver: Node) -> bool:
    """Is the object a key is read from the package's settings, whose keys users write and docs
    document: the process environment (``os.environ``, ``process.env``) or a configuration
    object (``self.config["SERVER_NAME"]`` of flask, whose config page lists it)?"""
    if _is_process_environment(receiver):
        return True
    name = text(last_name(receiver))
    getter = name.lstrip("_")
    return name in _SETTINGS_NAMES or (getter.startswith("get_") and not _SETTINGS_GETTER_WORDS
                                       .isdisjoint(getter.split("_")))


def _is_process_environment(receiver: Node) -> bool:
    return receiver.end_byte - receiver.start_byte <= _LONGEST_ENVIRONMENT \
        and text(receiver) in _PROCESS_ENVIRONMENT


def _reads_settings(node: Node, parent: Node, above: Ancestors) -> bool:
    """Is the string a key read from the package's settings (``_holds_settings``): by
    subscript, ``.get`` or a getter (alembic's ``config.get_main_option("revision_environment")``,
    which its tutorial documents)?"""
    receiver = _lookup_receiver(node, parent, above)
    return receiver is not None and _holds_settings(receiver)


def _reads_environment(node: Node, parent: Node, above: Ancestors) -> bool:
    """Is the string the name of a variable read from the process environment:
    ``os.environ["X"]``, ``os.environ.get("X")``, ``process.env["X"]``, ``os.getenv("X")``?"""
    call = _call_of(parent, above)
    if call is not None and name_text(call.child_by_field_name("function")) \
            in _ENVIRONMENT_GETTERS:
        return _within(node, _argument(parent, 0))
    receiver = _lookup_receiver(node, parent, above)
    return receiver is not None and _is_process_environment(receiver)


def _read_call_receiver(node: Node, arguments: Node, call: Node) -> Node | None:
    """The object a read call looks the string up in, or None if the call is no read of it:
    ``obj.get(KEY)``'s ``obj``, ``getattr(obj, KEY)``'s ``obj``; for a ``get_…`` getter given
    the key alone (werkzeug's ``_get_wsgi_string("PATH_INFO")``, a closure over the
    environ), the getter itself, whose name tells whose keys it reads. Only the first two
    arguments are read (``named_child``), so a call of 10,000 strings costs no more per
    string."""
    callee = call.child_by_field_name("function")
    if callee is None:
        return None
    method = callee.type in ("attribute", "member_expression")
    name = text(last_name(callee))
    owner = callee.child_by_field_name("object") if method else None
    if method and name in _READ_METHODS and _within(node, _argument(arguments, 0)):
        return owner
    getter = name.lstrip("_").startswith("get_")
    if getter and owner is not None and _holds_settings(owner) and (
            _within(node, _argument(arguments, 0)) or _within(node, _argument(arguments, 1))):
        # a settings object's getter reads its keys, a section's name and an option's
        # (alembic's ``config.get_section_option("alembic", "script_location")``)
        return owner
    if (name in _READ_FUNCTIONS or getter) and _within(node, _argument(arguments, 1)):
        return _argument(arguments, 0)
    if getter and _within(node, _argument(arguments, 0)):
        return callee
    return None


def _argument(arguments: Node, at: int) -> Node | None:
    return arguments.named_child(at) if at < arguments.named_child_count else None


def _opens_literal_subscript(node: Node | None) -> bool:
    """Does ``node`` open with ``Literal[``? Read from its first two children, not its text:
    a string nested in a large expression would otherwise copy that expression once per
    string."""
    if node is None or node.child_count < 2:
        return False
    first, second = node.children[0], node.children[1]
    return (first.type == "identifier" and text(first) == "Literal" and second.type == "["
            and second.start_byte == first.end_byte)


_CLASS_NODES = frozenset({"class_definition", "class_body"})


def _strings_in_context(root: Node, types: frozenset[str], lines: frozenset[int]
                        ) -> Iterator[tuple[Node, Context]]:
    """The nodes of ``types`` that lie on a changed line (pruning subtrees that do not), each
    with its ``Context``, carried down the walk. tree-sitter finds a node's parent by walking
    down from the root, so climbing from each string was quadratic in the nesting depth, and
    cubic to the root: a literal 3,000 lists deep, or a union of 20,000 members, took
    minutes."""
    stack: list[tuple[Node, Context]] = [(root, Context(None, False, False, None))]
    while stack:
        current, context = stack.pop()
        if not touches(current, lines):
            continue
        if current.type in types:
            yield current, context
            continue
        kind = current.type
        inner = Context(
            (current, context.ancestors),
            context.in_function or kind in _FUNCTION_NODES,
            context.in_class or kind in _CLASS_NODES,
            (current if context.union is None else context.union) if kind == "union_type"
            else context.union if kind == "literal_type" else None,
            _picks_keys(current, context))
        stack.extend((child, inner) for child in reversed(current.children))


_KEY_PICKERS = frozenset({"Pick", "Omit", "Extract", "Exclude"})
"""TS utility types whose arguments after the first select keys or members of the first."""
_KEY_UNIONS = frozenset({"union_type", "literal_type", "parenthesized_type"})


def _picks_keys(node: Node, context: Context) -> bool:
    """Is a type (``context`` its own) a key a TS utility type selects of another type, or part
    of one: ``"status" | "statusText"`` of ``Pick<ResponseInit, "status" | "statusText">``
    names keys ``ResponseInit`` declares, as ``T["key"]`` does (``_is_lookup_key``). Read
    from its parent and grandparent, and carried down the walk through the union's parts."""
    if node.type not in _KEY_UNIONS:
        return False
    if context.picks:
        return True
    parent, above = context.ancestors if context.ancestors is not None else (None, None)
    generic = above[0] if above is not None else None
    first = parent.named_child(0) if parent is not None else None
    return parent is not None and parent.type == "type_arguments" and generic is not None \
        and generic.type == "generic_type" and first is not None and first.id != node.id \
        and text(generic.child_by_field_name("name")) in _KEY_PICKERS


_PARAMETER_NAME_FIELDS = {"required_parameter": "pattern", "optional_parameter": "pattern",
                          "assignment_pattern": "left"}
"""The field naming a parameter that is more than its name (``config?: C``, ``config = {}``)."""
# Not ``options``/``opts``: every trpc adapter takes ``opts`` and reads ``opts.onError``, which
# listed five pages a change at a time (35 more rows for one more hit).
_SETTINGS_READS = tuple(f"{name}{dot}".encode() for name in sorted(_SETTINGS_NAMES)
                        for dot in (".", "?."))
"""A property read on one of ``_SETTINGS_NAMES`` as a file writes it (``config.``,
``config?.``): a file without one holds no settings read."""


def settings_reads(root: Node, lines: frozenset[int]
                   ) -> tuple[list[str], dict[str, frozenset[str]]]:
    """Code-shaped keys read as ``P.X`` on a changed line, where ``P`` is a parameter named
    like settings (``_SETTINGS_NAMES``) of an enclosing function: axios' adapters read
    each option as ``config.socketPath``, as ``config["socketPath"]`` would be (a settings
    key, docs/concepts/anchoring-rules.md#literals). A write (``config.x = …``) sets a key the
    code fills in, not one it reads; ``this.config.x`` is no parameter. Each key comes with
    the code-shaped keys its function reads from ``P`` (``literal_kin``): a new option's
    siblings, which the page documenting the options names."""
    found: list[str] = []
    kin: dict[str, frozenset[str]] = {}
    tables: dict[tuple[int, str], frozenset[str]] = {}
    source = root.text or b""
    if not lines or not any(read in source for read in _SETTINGS_READS):
        return found, kin
    split = source.split(b"\n")
    changed = [split[line - 1] for line in lines if 0 < line <= len(split)]
    if not any(read in line for line in changed for read in _SETTINGS_READS):
        return found, kin  # no changed line reads one: the walk took 47 ms on objectstack
    stack: list[tuple[Node, Node | None, dict[str, Node]]] = [(root, None, {})]
    while stack:
        current, parent, bound = stack.pop()
        if not touches(current, lines):
            continue
        if current.type in _FUNCTION_NODES:
            taken = dict.fromkeys(_settings_parameters(current), current)
            bound = {**bound, **taken} if taken else bound
        read = _settings_read(current, parent, bound)
        if read is not None and first_line(current) in lines:
            name, key = read
            found.append(key)
            table = (bound[name].id, name)
            if table not in tables:
                tables[table] = _keys_read(bound[name], name)
            kin.setdefault(key, tables[table])
        # a read is a named node: punctuation and keywords hold none
        stack.extend((child, current, bound) for child in reversed(current.named_children))
    return found, kin


def _settings_parameters(function: Node) -> Iterator[str]:
    """The parameters of a function named like settings (``config``, ``config = {}``,
    ``config?: C``, an arrow's lone ``config``)."""
    lone = function.child_by_field_name("parameter")
    parameters = function.child_by_field_name("parameters")
    for parameter in [lone] if lone is not None else (
            parameters.named_children if parameters is not None else []):
        field = _PARAMETER_NAME_FIELDS.get(parameter.type)
        name = parameter.child_by_field_name(field) if field else parameter
        if name is not None and name.type == "identifier" \
                and text(name) in _SETTINGS_NAMES:
            yield text(name)


def _settings_read(node: Node, parent: Node | None, bound: dict[str, Node]
                   ) -> tuple[str, str] | None:
    """``(P, X)`` when ``node``, whose parent is ``parent``, reads ``P.X`` of a settings
    parameter ``P`` in ``bound`` and ``X`` is code-shaped."""
    if node.type != "member_expression":
        return None
    holder, key = node.child_by_field_name("object"), node.child_by_field_name("property")
    if holder is None or key is None or holder.type != "identifier" \
            or key.type != "property_identifier" or text(holder) not in bound:
        return None
    value = text(key)
    if not (LITERAL_MIN <= len(value) <= LITERAL_MAX and is_code_shaped(value)):
        return None
    if parent is not None and parent.type in _ASSIGNMENTS \
            and parent.child_by_field_name("left") == node:
        return None  # a write
    return text(holder), value


def _keys_read(function: Node, name: str) -> frozenset[str]:
    """The code-shaped keys ``function`` reads as ``name.X``, not in a function of its own
    that takes another ``name`` (whose keys are that function's): so each node is read once
    per settings name, however deep such functions nest."""
    def descend(node: Node) -> bool:
        return node.type not in _FUNCTION_NODES or name not in _settings_parameters(node)

    bound = {name: function}
    keys: set[str] = set()
    for node, parent in walk_with_parents(function, frozenset({"member_expression"}), descend):
        read = _settings_read(node, parent, bound)
        if read is not None:
            keys.add(read[1])
            if len(keys) == MAX_TABLE_KIN:
                break
    return frozenset(keys)


_REGISTERING = frozenset({"add_config", "add_constant"})
"""Methods of a settings object that register its keys (tox's ``self.conf.add_config(keys=
["allowlist_externals"], …)``, ``add_constant``): their first argument or ``keys=`` names them."""
_REGISTERING_BYTES = tuple(sorted(name.encode() for name in _REGISTERING))
_KEY_LISTS = frozenset({"list", "tuple"})


class Registered(NamedTuple):
    """The settings keys a Python file registers (:func:`registered_keys`)."""

    changed: list[str]
    """Those written on a changed line, in order, once each."""
    every: frozenset[str]
    """All of them, on any line."""
    kin: frozenset[str]
    """The first ``MAX_TABLE_KIN`` of them: a new key's siblings."""


def registered_keys(root: Node, lines: frozenset[int]) -> Registered:
    """The code-shaped keys a Python call registers on a settings object (``_REGISTERING``
    on an object ``_holds_settings`` tells: tox's ``self.conf.add_config(keys=[…], …)``):
    each is declared there, as a config default's key is in its table, so it anchors when
    its line changes, and a key the file stops registering is removed
    (docs/concepts/anchoring-rules.md#literals). A plain word (``labels``), a private name
    and a dunder are no such key.

    Only the nodes on a line writing a registering method's name are walked, and each call
    reads its own arguments once: linear, however many calls or keys a file holds."""
    source = root.text or b""
    if not any(name in source for name in _REGISTERING_BYTES):
        return Registered([], frozenset(), frozenset())
    calling = frozenset(number for number, line in enumerate(source.split(b"\n"), 1)
                        if any(name in line for name in _REGISTERING_BYTES))
    found: dict[str, bool] = {}  # key -> on a changed line
    stack = [root]
    while stack:
        current = stack.pop()
        if not touches(current, calling):
            continue
        if current.type == "call":
            for string, key in _registered(current):
                found[key] = found.get(key, False) or first_line(string) in lines
        stack.extend(reversed(current.named_children))
    return Registered([key for key, changed in found.items() if changed], frozenset(found),
                      frozenset(islice(found, MAX_TABLE_KIN)))


def _registered(call: Node) -> Iterator[tuple[Node, str]]:
    """(string, key) of each key a registering call names: its first argument, or each
    string of it, and its ``keys=`` argument's."""
    callee = call.child_by_field_name("function")
    arguments = call.child_by_field_name("arguments")
    owner = callee.child_by_field_name("object") if callee is not None \
        and callee.type == "attribute" else None
    if owner is None or arguments is None or arguments.type != "argument_list" \
            or text(last_name(callee)) not in _REGISTERING or not _holds_settings(owner):
        return
    first = _argument(arguments, 0)
    values: list[Node | None] = [first] if first is not None \
        and first.type != "keyword_argument" else []
    values.extend(argument.child_by_field_name("value") for argument in arguments.named_children
                  if argument.type == "keyword_argument"
                  and text(argument.child_by_field_name("name")) == "keys")
    for value in values:
        if value is None:
            continue
        for string in value.named_children if value.type in _KEY_LISTS else [value]:
            key = python_string(string)
            if key and not key.startswith("_") and not is_dunder(key) \
                    and is_literal_shaped(key):
                yield string, key


MAX_TABLE_KIN = 200
"""Strings of one table kept as a new key's siblings: a page naming two of them is a home, and a
table of 100,000 keys would otherwise be looked up key by key."""
_TABLE_MEMBERS_OF = frozenset({"array", "list", "tuple", "set"})
"""Tables whose members are their strings (a dict or object's are its pairs' keys)."""


def shaped_literals(root: Node, lines: frozenset[int], string_types: frozenset[str],
                    content_types: frozenset[str], delimiter_types: frozenset[str] = frozenset()
                    ) -> tuple[list[str], dict[str, frozenset[str]]]:
    """String literals that start on a changed line and are either route-shaped or code-shaped
    declared surface (``is_declared_literal``), and, for each code-shaped one that is a key
    or member of a table declared outside any function, that table's code-shaped strings
    (``table_kin``)."""
    found = []
    kin: dict[str, frozenset[str]] = {}
    tables: dict[int, frozenset[str]] = {}
    bundles: dict[int, bool] = {}
    for node, context in _strings_in_context(root, string_types, lines):
        if first_line(node) not in lines:
            continue
        value = string_value(node, content_types, delimiter_types)
        if not value:
            continue
        route = is_route_literal(value)
        if not route and not (is_literal_shaped(value)
                              and is_declared_literal(node, value, context, bundles)):
            continue
        found.append(value)
        if route or value in kin or context.in_function:
            continue
        strings = table_kin(node, context, string_types, content_types, delimiter_types, tables)
        if strings is not None:
            kin[value] = strings
    return found, kin


def table_kin(node: Node, context: Context, string_types: frozenset[str],
              content_types: frozenset[str], delimiter_types: frozenset[str],
              tables: dict[int, frozenset[str]]) -> frozenset[str] | None:
    """The code-shaped keys and members of the table a literal is a key or member of (a dict
    or object, a list or array, a ``Literal[…]``, a TS union of string literals), for a
    literal no function encloses, as a config default or a registry is not: the literal's
    siblings for "New API" (docs/concepts/anchoring-rules.md#new-api). None for any other
    literal. ``tables`` keeps each table's strings, so the keys of one table share one set."""
    parent, above = _parent(context.ancestors)
    if parent is None:
        return None
    if parent.type == "pair":
        table = above[0] if above is not None and parent.child_by_field_name("key") == node \
            else None
    elif parent.type == "literal_type":
        table = context.union
    elif parent.type == "subscript" and _opens_literal_subscript(parent):
        table = parent
    else:
        table = parent if parent.type in _TABLE_MEMBERS_OF else None
    if table is None:
        return None
    if table.id not in tables:
        members = (_table_string(child, string_types, content_types, delimiter_types)
                   for child in _table_entries(table))
        tables[table.id] = frozenset(islice(
            (value for value in members if value and is_code_shaped(value)), MAX_TABLE_KIN))
    return tables[table.id]


def in_private_module(path: str) -> bool:
    """Is ``path`` a Python module its package keeps private: a folder or file whose name
    leads with ``_`` (``pydantic/_migration.py``, ``pkg/_internal/config.py``), a dunder
    (``__init__.py``) aside."""
    if not path.endswith((".py", ".pyi")):
        return False
    return any(part.startswith("_") and not is_dunder(part)
               for part in path.rpartition(".")[0].split("/"))


def published_literals(literals: tuple[str, ...], source: bytes, lines: frozenset[int]
                       ) -> tuple[str, ...]:
    """Those of a private module's declared ``literals`` (:func:`in_private_module`) that
    its package publishes. A table, a union or a constant declared outside any function there
    is the code's own lookup (pydantic's ``_migration.py`` maps 200 removed v1 paths), not
    surface a public name gives out; a key in a function body still names the payload it
    builds, and a SCREAMING_CASE name (an error code, an environment variable) anchors
    wherever it is (docs/concepts/anchoring-rules.md#literals)."""
    # the same walk that found them, for where each one stands (the tree is memoised)
    in_functions = {string_value(node, _PYTHON_CONTENT, _PYTHON_DELIMITERS)
                    for node, context in _strings_in_context(
                        parse("python", source).root_node, _PYTHON_STRINGS, lines)
                    if context.in_function}
    return tuple(literal for literal in literals
                 if literal in in_functions or _is_screaming_name(literal))


_PYTHON_STRINGS, _PYTHON_CONTENT, _PYTHON_DELIMITERS = (
    frozenset({"string"}), frozenset({"string_content"}), frozenset({"string_start", "string_end"}))
"""Python's string node types, content types and delimiter types."""


def _table_entries(table: Node) -> Iterator[Node]:
    """A table's entries: a dict's pairs, a list's members, a union's member strings (the
    union of ``'a' | 'b' | 'c'`` nests: ``('a' | 'b') | 'c'``)."""
    if table.type != "union_type":
        yield from table.named_children
        return
    stack = [table]
    while stack:
        current = stack.pop()
        for child in reversed(current.named_children):
            if child.type == "union_type":
                stack.append(child)
            elif child.type == "literal_type" and child.named_children:
                yield child.named_children[0]


def _table_string(child: Node, string_types: frozenset[str], content_types: frozenset[str],
                  delimiter_types: frozenset[str]) -> str | None:
    """A table entry's name: a pair's key (quoted, or a TS property name), or a string member."""
    item = child.child_by_field_name("key") if child.type == "pair" else child
    if item is None:
        return None
    if item.type == "property_identifier":
        return text(item)
    return string_value(item, content_types, delimiter_types) if item.type in string_types \
        else None
