"""Command-line options as docs write them: ``--ws-max-size``. A changed line inside the call
that declares an option (click's and typer's ``option``/``Option``, argparse's
``add_argument``, commander's and cac's ``.option``, oclif's ``Flags.string`` under its key),
or inside a Python dict that declares one as data for ``add_argument(**spec)``, anchors each
long flag it declares, and so does one inside a typer command's parameter whose ``Option``
spells no flag, the flag typer derives from its name
(docs/concepts/anchoring-rules.md#command-line-options):
the help text, default or type of ``--forwarded-allow-ips`` changed, and the pages listing
that flag say what it does."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from tree_sitter import Node, Tree

from govern.drift.anchors.cleo import (
    SIGNATURE_ITEM,
    declares_commands,
    imports_cleo,
    option_flag,
    signature_flags,
)
from govern.drift.anchors.python import from_imports, statements, unwrap_definition
from govern.drift.anchors.syntax import (
    keep_recent,
    last_name,
    name_text,
    python_string,
    text,
    touches,
    touches_own_part,
    walk_with_parents,
)

OPTION_CALLS = frozenset({"option", "Option", "add_argument", "requiredOption"})
"""The last part of a callee that declares an option: ``click.option``, ``typer.Option``,
``parser.add_argument``, commander's ``program.option``/``requiredOption``, cac's
``cli.option``."""
_CALLS = {"python": frozenset({"call"}), "typescript": frozenset({"call_expression"}),
          "tsx": frozenset({"call_expression"}),
          "javascript": frozenset({"call_expression"})}
_DICTS = frozenset({"dictionary"})
"""A Python dict literal: httpie's ``{'flags': ['-f', '--format'], 'choices': ['json']}``,
applied with ``add_argument(**spec)``."""
_FLAG_KEYS = frozenset({"flags", "option_strings"})
"""A dict key whose value is an option's flags."""
_PARAMETERS = frozenset({"default_parameter", "typed_default_parameter", "typed_parameter"})
"""A Python function's parameter: typer reads each of a command's as an option or argument."""
_BOOL_TYPE = re.compile(r"(?:(?:typing\.|t\.)?(?:Optional\[bool\]|Union\[bool,None\])"
                        r"|bool\|None|None\|bool|bool)")
"""A parameter type typer reads as a boolean option, spaces and quotes taken out: ``bool``,
``Optional[bool]``, ``bool | None``."""
_ARGPARSE_KEYS = frozenset({"help", "action", "default", "dest", "metavar", "nargs", "choices"})
"""``add_argument``'s keywords: a dict holding one of them beside a flag string is the option's
spec (httpie's ``{'variadic': ['--bind-cookies'], 'action': 'store_true', …}``); their own
values are prose or values, never the option's flags."""
_WHOLE_FLAG = re.compile(r"--[A-Za-z0-9][A-Za-z0-9_-]{0,61}+")
"""A string that is one long flag (``MAX_FLAG_CHARS`` at most), not a help text naming one."""
_STRINGS = frozenset({"string"})
_LISTS = frozenset({"list", "tuple", "array"})
_FLAG = re.compile(rb"--(?<![\w-]--)[A-Za-z0-9][A-Za-z0-9_-]*+")
"""A long flag, not inside a longer word: ``--port`` of ``-p, --port <number>``, both of
``--reload/--no-reload`` (the dashes first, for the search to jump between them)."""
UNIVERSAL_FLAGS = frozenset({"--help", "--version"})
"""Flags every program has: a page writing one names no option of this program's."""
MAX_FLAG_CHARS = 64
_OCLIF_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,62}")
"""An oclif flag's key, its name after ``--``."""


def touched_flags(tree: Tree, language: str, source: bytes,
                  lines: frozenset[int]) -> list[str]:
    """The long flags of the option declarations spanning a changed line, in order."""
    calls = _declaring_nodes(language)
    if calls is None or not lines or not _may_declare(source):
        return []
    commands = _commands_of(tree, language, source)
    found: dict[str, None] = {}
    for call, parent in walk_with_parents(tree.root_node, calls,
                                          lambda node: touches(node, lines)):
        if touches_own_part(call, lines):
            found.update(dict.fromkeys(_declared(call, parent, commands)))
    if language == "python" and SIGNATURE_ITEM.search(source):
        found.update(dict.fromkeys(signature_flags(tree.root_node, lines)))
    return list(found)


def declared_flags(tree: Tree, language: str, source: bytes) -> frozenset[str]:
    """Every long flag the file's option declarations spell: the siblings of a new one, and
    what the base side declared of them."""
    calls = _declaring_nodes(language)
    if calls is None or not _may_declare(source):
        return frozenset()
    commands = _commands_of(tree, language, source)
    signatures = signature_flags(tree.root_node, None) \
        if language == "python" and SIGNATURE_ITEM.search(source) else ()
    return frozenset(flag for call, parent in walk_with_parents(tree.root_node, calls)
                     for flag in _declared(call, parent, commands)).union(signatures)


@dataclass(frozen=True)
class _Commands:
    """What a Python file's commands say of its option calls."""

    typer: frozenset[int]
    """:func:`typer_commands`."""
    cleo: bool
    """The file is cleo's, whose ``option("no-truncate", …)`` names a flag without its
    dashes: it imports from cleo, or a class of it declares a cleo command by its shape."""


_NO_COMMANDS = _Commands(frozenset(), cleo=False)
_COMMANDS: dict[int, tuple[Tree, _Commands]] = {}
"""The commands of the last few trees read, by identity (each kept with its tree, so the
identity is not reused meanwhile): a changed file's flags are read twice from the one tree
``parse`` keeps, those its change touched and all it declares, which had each found them."""


def _commands_of(tree: Tree, language: str, source: bytes) -> _Commands:
    """The commands of ``tree``, a parse of ``source``, found once a tree."""
    if language != "python":
        return _NO_COMMANDS
    held = _COMMANDS.get(id(tree))
    if held is None or held[0] is not tree:
        cleo = b"option(" in source and (imports_cleo(source)
                                          or declares_commands(tree.root_node))
        held = keep_recent(_COMMANDS, id(tree), (
            tree, _Commands(typer_commands(tree.root_node, source), cleo)))
    return held[1]


def parameter_names(flag: str) -> tuple[str, ...]:
    """The words a file declaring ``flag`` without spelling it holds: the names of the typer
    parameters that would derive it (``dry_run`` for ``--dry-run``, and ``force`` too for
    ``--no-force``), and the name cleo's ``option("dry-run")`` gives it."""
    name = flag[2:].replace("-", "_")
    typer = (name, name[3:]) if name.startswith("no_") and len(name) > 3 else (name,)
    return (*typer, flag[2:]) if "-" in flag[2:] else typer


_CALL_MARKS = (b"add_argument(", b"lags.")
"""Text a file declaring an option writes beside a flag (``add_argument(``, oclif's
``Flags.``; ``option(`` and ``Option(`` decide alone, in :func:`_may_declare`, as cleo's
``option("dev")`` and typer's spell no dashes): a file holding none is not walked, which a
large one changed in a few lines would cost milliseconds."""


def written_flags(text: bytes) -> set[str]:
    """Every long flag ``text`` writes whole, in one pass: a help text or a comment naming a
    flag counts too."""
    return {found.decode("ascii") for found in _FLAG.findall(text)}


_SPEC_KEY_MARK = re.compile(
    rb"""['"](?:flags|option_strings|help|action|default|dest|metavar|nargs|choices)['"]""")
"""A quoted key a dict declaring an option as data writes."""


def may_derive_flags(source: bytes) -> bool:
    """Could a Python file declare a flag its source spells nowhere: a typer ``Option(``, or
    typer named at all (a typer command's parameter with a plain default is an option), or
    cleo's ``option("dev")`` (in a file naming cleo, or a command's ``options`` list)."""
    return b"Option(" in source or b"typer" in source or \
        b"option(" in source and (b"cleo" in source or b"options" in source)


def _may_declare(source: bytes) -> bool:
    """Could the file declare an option: a call that declares one, or a dict key of an
    option's spec, written, and a flag or an oclif ``Flags.`` builder; or typer's or cleo's,
    whose flag may be spelled without its dashes or nowhere; or an old cleo signature."""
    return may_derive_flags(source) or b"option(" in source \
        or SIGNATURE_ITEM.search(source) is not None \
        or ((b"--" in source or b"lags." in source) and (
            any(mark in source for mark in _CALL_MARKS)
            or _SPEC_KEY_MARK.search(source) is not None))


def _declaring_nodes(language: str) -> frozenset[str] | None:
    """The node types that may declare an option in ``language``: calls, and in Python the
    dict literals of options declared as data and the parameters of typer's commands."""
    calls = _CALLS.get(language)
    return calls | _DICTS | _PARAMETERS if language == "python" and calls is not None else calls


def _declared(call: Node, parent: Node | None, commands: _Commands) -> Iterator[str]:
    """The flags one call declares: those its strings spell, or a cleo ``option``'s name, or,
    for oclif's ``port: Flags.integer({...})`` in a command's ``flags`` object, the key's; a
    parameter's typer derives, when it is one of a typer command's."""
    if call.type in _DICTS:
        yield from _spec_flags(call)
    elif call.type in _PARAMETERS:
        yield from _derived_flags(call, parent is not None
                                  and parent.start_byte in commands.typer)
    elif _callee(call) in OPTION_CALLS:
        yield from _flags(call)
        if commands.cleo and (flag := option_flag(call)) is not None:
            yield flag
    elif parent is not None and parent.type == "pair" and _builds_oclif_flag(call):
        key = parent.child_by_field_name("key")
        name = (key.text or b"").decode("utf-8", "replace").strip("'\"") if key else ""
        if _OCLIF_NAME.fullmatch(name) and f"--{name}" not in UNIVERSAL_FLAGS:
            yield f"--{name}"


def _spec_flags(dictionary: Node) -> Iterator[str]:
    """The long flags of a dict declaring an option as data: the whole-flag strings of its
    values (or of a list a value holds), when a ``flags``/``option_strings`` key holds them or
    an ``add_argument`` keyword key sits beside them. A dict of ``--`` strings with neither
    (a subprocess's arguments by name) declares nothing, nor does the prose of its ``help``."""
    values: dict[str, Node] = {}
    for pair in dictionary.named_children:
        key, value = pair.child_by_field_name("key"), pair.child_by_field_name("value")
        name = python_string(key) if pair.type == "pair" else None
        if name is not None and value is not None:
            values[name] = value
    if not (values.keys() & (_FLAG_KEYS | _ARGPARSE_KEYS)):
        return
    for name, value in values.items():
        if name in _ARGPARSE_KEYS:
            continue
        for string in value.named_children if value.type in _LISTS else (value,):
            # read only a string short enough to be one flag, quotes and prefix included
            flag = python_string(string) \
                if string.end_byte - string.start_byte <= MAX_FLAG_CHARS + 4 else None
            if flag is not None and flag not in UNIVERSAL_FLAGS and _WHOLE_FLAG.fullmatch(flag):
                yield flag


def _derived_flags(parameter: Node, in_command: bool) -> Iterator[str]:
    """The flags typer derives from a parameter's name when its ``Option`` spells none:
    ``title: Optional[str] = typer.Option(None, help=…)`` and ``title: Annotated[str,
    typer.Option(help=…)]`` declare ``--title``, ``_`` turned into ``-``; a boolean one also
    ``--no-title``. Positional strings past the default (all of them inside ``Annotated``,
    where there is no default) are the option's own names, and typer then derives none; nor
    does it for an ``Argument``. A parameter with no ``Option`` is an option of a typer
    command (``in_command``) when it has a plain default (``count: int = 1``), and of no
    other function (a click command's or a plain one's). A private ``_x`` would be
    ``---x``, no flag a page writes."""
    name = parameter.child_by_field_name("name") if parameter.type != "typed_parameter" \
        else next(iter(parameter.named_children), None)
    if name is None or name.type != "identifier":
        return
    kind = parameter.child_by_field_name("type")
    found = _typer_option(parameter.child_by_field_name("value"), kind)
    if found is not None:
        option, main, defaults = found
        if _positionals(option) > defaults:
            return
    elif in_command and _plain_default(parameter):
        main = _main_type(kind)
    else:
        return
    flag = "--" + text(name).replace("_", "-")
    if flag in UNIVERSAL_FLAGS or not _WHOLE_FLAG.fullmatch(flag):
        return
    yield flag
    if main is not None and main.end_byte - main.start_byte <= MAX_FLAG_CHARS and \
            _BOOL_TYPE.fullmatch(re.sub(r"[\s'\"]", "", text(main))):
        yield "--no-" + flag[2:]


def _plain_default(parameter: Node) -> bool:
    """A parameter typer reads as an option by its default alone: one given a default that
    is no ``Argument(…)`` and no ``Option(…)``, nor marked so inside ``Annotated``; a
    ``Context`` is typer's to pass, no option."""
    value = parameter.child_by_field_name("value")
    kind = parameter.child_by_field_name("type")
    return value is not None and not _is_typer_call(value) \
        and not any(_is_typer_call(node) for node in _annotated(kind)[1:]) \
        and name_text(last_name(_main_type(kind))) != "Context"


def _main_type(kind: Node | None) -> Node | None:
    """The type a parameter's annotation gives, ``Annotated``'s first argument."""
    metadata = _annotated(kind)
    if metadata:
        return metadata[0]
    return kind.named_children[0] if kind is not None and kind.named_child_count else kind


def typer_commands(root: Node, source: bytes) -> frozenset[int]:
    """Where the parameter lists of the file's typer commands start: the functions decorated
    with ``@app.command(…)`` or ``@app.callback(…)``, or passed to ``typer.run(main)`` or
    ``app.command(…)(main)``, at the module's top level. ``app`` is a name the file binds to
    ``typer.Typer(…)``, or one it imports while importing typer and not click (a click group
    decorates its commands the same way, and their plain parameters are no options)."""
    if b"typer" not in source:
        return frozenset()
    apps: set[str] = set()
    imported: set[str] = set()
    registered: set[tuple[str, str | None]] = set()  # (function, its app)
    functions: dict[str, Node] = {}
    decorated: list[tuple[Node, Node]] = []
    for statement in statements(root):
        definition = unwrap_definition(statement)
        if definition.type == "function_definition":
            functions[text(definition.child_by_field_name("name"))] = definition
            decorated.extend((decorator, definition) for decorator in statement.named_children
                             if decorator.type == "decorator")
        elif statement.type == "import_from_statement":
            imported.update(name for name in from_imports(statement) if not name.startswith("*"))
        elif statement.type == "expression_statement" and statement.named_children:
            expression = statement.named_children[0]
            if expression.type == "assignment":
                target = expression.child_by_field_name("left")
                value = expression.child_by_field_name("right")
                if target is not None and target.type == "identifier" and value is not None \
                        and value.type == "call" and _callee(value) == "Typer":
                    apps.add(text(target))
            elif expression.type == "call":
                registered.update(_run_targets(expression))
    if b"click" not in source:
        apps |= imported
    found = {definition for decorator, definition in decorated
             if _registrar(next(iter(decorator.named_children), None)) in apps}
    found.update(functions[name] for name, app in registered
                 if name in functions and (app is None or app in apps))
    return frozenset(parameters.start_byte for definition in found
                     if (parameters := definition.child_by_field_name("parameters")) is not None)


def _registrar(call: Node | None) -> str | None:
    """``app`` of a call ``app.command(…)`` or ``app.callback(…)``."""
    function = call.child_by_field_name("function") \
        if call is not None and call.type == "call" else None
    if function is None or function.type != "attribute" or name_text(
            function.child_by_field_name("attribute")) not in ("command", "callback"):
        return None
    owner = function.child_by_field_name("object")
    return text(owner) if owner is not None and owner.type == "identifier" else None


def _run_targets(call: Node) -> Iterator[tuple[str, str | None]]:
    """(function, the app registering it) of a call registering a function by its name:
    ``typer.run(main)`` (no app), ``app.command(…)(main)``."""
    arguments = call.child_by_field_name("arguments")
    first = next(iter(arguments.named_children), None) if arguments is not None else None
    function = call.child_by_field_name("function")
    if first is None or first.type != "identifier" or function is None:
        return
    if name_text(function) == "typer.run":
        yield text(first), None
    elif (app := _registrar(function)) is not None:
        yield text(first), app


def _typer_option(value: Node | None, kind: Node | None
                  ) -> tuple[Node, Node | None, int] | None:
    """A parameter's ``Option`` call, the type it reads and how many positional arguments are
    defaults, not names: ``Option(default, *names)`` as the default value, or
    ``Annotated[type, Option(*names)]`` as the type."""
    if value is not None and _is_option(value):
        return value, kind, 1
    metadata = _annotated(kind)
    option = next((node for node in metadata[1:] if _is_option(node)), None)
    return (option, metadata[0], 0) if option is not None else None


def _is_option(node: Node) -> bool:
    """``typer.Option(…)`` or an imported ``Option(…)``."""
    return node.type == "call" and _callee(node) == "Option"


def _is_typer_call(node: Node) -> bool:
    """``Option(…)`` or ``Argument(…)``: a parameter typer is told how to read."""
    return node.type == "call" and _callee(node) in ("Option", "Argument")


def _annotated(kind: Node | None) -> list[Node]:
    """The arguments of an ``Annotated[…]`` type (``typing.Annotated`` too), else none."""
    node = kind.named_children[0] if kind is not None and kind.named_child_count else None
    if node is not None and node.type == "generic_type" and node.named_child_count == 2 and \
            name_text(node.named_children[0]) == "Annotated":
        return [child.named_children[0] if child.type == "type" and child.named_child_count
                else child for child in node.named_children[1].named_children]
    if node is not None and node.type == "subscript" and \
            name_text(last_name(node.child_by_field_name("value"))) == "Annotated":
        return node.children_by_field_name("subscript")
    return []


def _positionals(call: Node) -> int:
    """How many positional arguments a call is given; a ``*names`` splat counts as many."""
    arguments = call.child_by_field_name("arguments")
    found = 0
    for argument in arguments.named_children if arguments is not None else []:
        if argument.type == "list_splat":
            return MAX_FLAG_CHARS
        found += argument.type not in ("keyword_argument", "dictionary_splat", "comment")
    return found


def _builds_oclif_flag(call: Node) -> bool:
    """``Flags.string(...)`` (or the older ``flags.string(...)``)."""
    function = call.child_by_field_name("function")
    owner = function.child_by_field_name("object") \
        if function is not None and function.type == "member_expression" else None
    return owner is not None and owner.type == "identifier" and owner.text in (b"Flags", b"flags")


def _callee(call: Node) -> str | None:
    """The last part of the called name (``option`` of ``click.option``)."""
    return name_text(last_name(call.child_by_field_name("function"))) or None


def _flags(call: Node) -> Iterator[str]:
    """The long flags the call's own string arguments spell, or the strings of a list it is
    given (click's ``Option(["-A", "--app"])``); not those of a call nested in it."""
    arguments = call.child_by_field_name("arguments")
    for argument in arguments.named_children if arguments is not None else []:
        for string in argument.named_children if argument.type in _LISTS else (argument,):
            if string.type not in _STRINGS or string.end_byte - string.start_byte > 512:
                continue
            for found in _FLAG.findall(string.text or b""):
                flag = found.decode("ascii")
                if flag not in UNIVERSAL_FLAGS and len(flag) <= MAX_FLAG_CHARS:
                    yield flag
