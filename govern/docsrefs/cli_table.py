"""The repository's own command lines as trees — click groups, commands and their options,
read from the decorators; typer apps, commands and their parameters — and resolving a shell
invocation (``prog sub --flag``) through them. A command whose parsing govern cannot see (a
custom group class, an unknown decorator that may add options, unknown options allowed,
``**kwargs``) is *open*: nothing under it is reported."""

from __future__ import annotations

import shlex
import sys
from bisect import bisect_left
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import accumulate

from tree_sitter import Node

from govern.docsrefs.model import Resolution, Status
from govern.drift.anchors.commands import declared_command_name
from govern.drift.anchors.syntax import parse, python_call_args, python_string, text, walk

_VERBS = frozenset({"command", "group"})
_NO_OPTIONS = frozenset({"argument", "pass_context", "pass_obj", "make_pass_decorator",
                         "pass_meta_key", "with_appcontext"})
_FIXED = {"version_option": ("--version",), "confirmation_option": ("--yes",),
          "password_option": ("--password",)}
_STOP = frozenset({"...", "[OPTIONS]", "[ARGS]", "COMMAND", "[COMMAND]"})


@dataclass
class CliCommand:
    """A click command or group as written in the source."""

    name: str
    parent: str | None
    """The variable of the group it is attached to; None for a root group."""
    options: dict[str, bool] = field(default_factory=dict)
    """Option name (``--out``, ``-o``) -> whether it takes a value."""
    open: bool = False
    children: dict[str, str] = field(default_factory=dict)
    """Subcommand name -> its variable."""
    group: bool = False
    abbrev: bool = False
    """A unique prefix of a long option is that option (argparse's ``allow_abbrev``)."""
    arguments: bool = False
    """It takes positional arguments: a word that names no subcommand may be one."""
    remainder: bool = False
    """Its arguments hand the rest of the line on: a positional takes every word left
    (argparse's ``nargs=REMAINDER``), or names a command by ``choices`` computed at run time (a
    dispatcher to parsers govern cannot see). From its first argument on, nothing is judged."""
    rest_options: frozenset[str] = frozenset()
    """Options that take every word left (argparse's ``nargs=REMAINDER`` on an option, a
    pass-through such as ``--exec-args``): the words after one are its values, not judged."""
    open_children: bool = False
    """Subcommands govern cannot list (named by variables, or an oclif plugin's)."""
    separator: str | None = None
    """oclif programs (on the root): ``:`` joins a command's topics in one word; with ``" "``
    they may also be separate words."""


def _shell_words(line: str) -> list[str]:
    """The words a shell makes of ``line``: a quoted value (``--pip-args "--no-index -q"``) is
    one word, not options of the program."""
    try:
        return shlex.split(line)
    except ValueError:  # an unclosed quote: the page's line is cut, read it as written
        return line.split()


def _match_option(node: CliCommand, names: _SortedNames, word: str) -> tuple[bool, bool]:
    """(whether ``word`` is one of ``node``'s options, whether the next word is its value);
    ``names`` are the node's options, sorted."""
    flag, equals, _ = word.partition("=")
    if flag in node.options:
        return True, node.options[flag] and not equals
    if not flag.startswith("--") and len(flag) > 2 and flag[:2] in node.options:
        return True, False  # ``-ofile``, ``-vq``: a value or more flags attached
    if node.abbrev and flag.startswith("--"):
        start, end = names.starting(flag)
        if start < end:
            return True, names.valued[end] > names.valued[start] and not equals
    return False, False


def _takes_the_rest(node: CliCommand, names: _SortedNames, word: str) -> bool:
    """Does ``word`` (a known option of ``node``) name one that takes every word left: written
    whole, or abbreviating it and no other option? ``--args=x`` gives it its one value, and the
    words after are judged (argparse leaves them to the parser)."""
    if "=" in word:
        return False
    if word in node.options:
        return word in node.rest_options
    start, end = names.starting(word) if node.abbrev and word.startswith("--") else (0, 0)
    return end - start == 1 and names.names[start] in node.rest_options


@dataclass(frozen=True)
class _SortedNames:
    """A command's option names in order, with how many of the first ``i`` take a value: the
    options a long option abbreviates are found by a search, not a pass over every option for
    each word a page writes (8,000 options named by 8,000 invocations: 29 s)."""

    names: tuple[str, ...]
    valued: tuple[int, ...]
    """``valued[i]``: how many of ``names[:i]`` take a value."""

    @staticmethod
    def of(options: dict[str, bool]) -> _SortedNames:
        names = tuple(sorted(options))
        return _SortedNames(names, tuple(accumulate((options[n] for n in names), initial=0)))

    def starting(self, prefix: str) -> tuple[int, int]:
        """The slice of ``names`` that start with ``prefix``: those from ``prefix`` up to the
        first name past every one it begins (its last character the next one)."""
        start = bisect_left(self.names, prefix)
        last = ord(prefix[-1])
        if last == sys.maxunicode:
            end = start
            while end < len(self.names) and self.names[end].startswith(prefix):
                end += 1
            return start, end
        return start, bisect_left(self.names, prefix[:-1] + chr(last + 1), start)


@dataclass(frozen=True)
class CliTable:
    commands: dict[str, CliCommand]
    """By the variable the decorated function is bound to."""
    programs: dict[str, str | None]
    """Program name -> its root variable (None: the program's tree could not be read)."""
    _sorted: dict[int, tuple[CliCommand, _SortedNames, tuple[str, ...]]] = field(
        default_factory=dict, init=False, repr=False, compare=False)
    """Each command walked, by identity: its options and subcommand names sorted, once per
    table rather than once per reference that names it."""

    def _names_of(self, node: CliCommand) -> tuple[_SortedNames, tuple[str, ...]]:
        held = self._sorted.get(id(node))
        if held is None or held[0] is not node:
            held = self._sorted[id(node)] = (node, _SortedNames.of(node.options),
                                             tuple(sorted(node.children)))
        return held[1], held[2]

    @property
    def names(self) -> frozenset[str]:
        return frozenset(self.programs)

    def merged(self, *others: CliTable) -> CliTable:
        """One table over every framework's trees; a program one of them could read wins over
        one that could not."""
        commands = dict(self.commands)
        programs = dict(self.programs)
        for other in others:
            commands.update(other.commands)
            for name, root in other.programs.items():
                if programs.get(name) is None:
                    programs[name] = root
        return CliTable(commands, programs)

    def resolve(self, invocation: str) -> Resolution:
        """Walk ``prog sub … --flag`` through the tree: a subcommand or an option the command
        does not have is missing."""
        words = _shell_words(invocation)
        if not words or words[0] not in self.programs:
            return Resolution(Status.OUT_OF_SCOPE)
        variable = self.programs[words[0]]
        node = self.commands.get(variable) if variable is not None else None
        if node is None:
            return Resolution(Status.UNRESOLVABLE)
        path = [words[0]]
        separator = node.separator
        skip_value = positional = False
        for word in words[1:]:
            if skip_value:
                skip_value = False
                continue
            if word in _STOP or word.startswith(("<", "[", "{", "$")) or word == "--":
                break
            if word.startswith("-") and word != "-":
                if node.open:
                    continue
                options, _ = self._names_of(node)
                known, skip_value = _match_option(node, options, word)
                if not known:
                    flag = word.split("=", 1)[0]
                    return Resolution(Status.MISSING, flag, " ".join(path), options.names)
                if node.rest_options and _takes_the_rest(node, options, word):
                    break  # the rest of the line is the option's values
                continue
            if positional or not node.group:
                if node.remainder:
                    return Resolution(Status.UNRESOLVABLE)  # the rest is another parser's
                positional = True  # an argument of the command reached: only options follow
                continue
            parts = word.split(":") if separator and ":" in word else [word]
            walked: list[str] = []
            for part in parts:
                child = node.children.get(part)
                if child is not None and child in self.commands:
                    node = self.commands[child]
                    walked.append(part)
                    continue
                if node.open or node.open_children or node.remainder:
                    return Resolution(Status.UNRESOLVABLE)
                if len(parts) == 1 and node.arguments:
                    positional = True
                    break
                prefix = ":".join(walked)
                _, children = self._names_of(node)
                return Resolution(Status.MISSING, word if len(parts) > 1 else part,
                                  " ".join(path),
                                  tuple(f"{prefix}:{name}" for name in children) if prefix
                                  else children)
            if walked:
                path.append(":".join(walked))
            if separator == ":":
                positional = True  # the command is one word: the rest are its arguments
        return Resolution(Status.RESOLVED)


def _options_of(call: Node, verb: str) -> tuple[dict[str, bool], bool]:
    """(option names -> takes a value, whether the decorator is unknown) of one decorator."""
    if verb in _FIXED:
        return dict.fromkeys(_FIXED[verb], False), False
    if verb == "help_option":
        positional, _ = python_call_args(call)
        given = [python_string(arg) for arg in positional]
        return dict.fromkeys([n for n in given if n] or ["--help"], False), False
    if verb != "option":
        return {}, verb not in _NO_OPTIONS
    positional, keywords = python_call_args(call)
    names = [name for arg in positional if (name := python_string(arg))]
    flag = any(key in keywords for key in ("is_flag", "count", "flag_value")) or any(
        "/" in name for name in names)
    options: dict[str, bool] = {}
    for name in names:
        for part in name.split("/"):
            part = part.strip()
            if part.startswith("-"):
                options[part] = not flag
    return options, False


def _typer_call(node: Node | None) -> tuple[str, Node] | None:
    """``("Option" | "Argument", call)`` when ``node`` is ``typer.Option(…)``/``Argument(…)``."""
    if node is None or node.type != "call":
        return None
    name = text(node.child_by_field_name("function")).rsplit(".", 1)[-1]
    return (name, node) if name in ("Option", "Argument") else None


def _typer_options(function: Node) -> tuple[dict[str, bool], bool]:
    """(options -> takes a value, open) of a typer command, read from its parameters: a
    parameter with a default (or an ``Option``) is an option, ``--param-name`` unless the
    ``Option`` names it; a ``bool`` one is ``--x/--no-x``; ``*args``/``**kwargs`` make it open."""
    options: dict[str, bool] = {}
    parameters = function.child_by_field_name("parameters")
    for param in parameters.named_children if parameters is not None else ():
        if param.type in ("list_splat_pattern", "dictionary_splat_pattern"):
            return options, True
        if param.type not in ("default_parameter", "typed_default_parameter",
                              "typed_parameter"):
            continue
        name_node = param.child_by_field_name("name") or (
            param.named_children[0] if param.named_children else None)
        annotation = param.child_by_field_name("type")
        value = param.child_by_field_name("value")
        marker = _typer_call(value)
        for inner in walk(annotation, frozenset({"call"})) if annotation is not None else ():
            marker = marker or _typer_call(inner)
        if marker is not None and marker[0] == "Argument":
            continue
        if marker is None and value is None:
            continue  # no default: an argument
        written = text(annotation).replace(" ", "")
        flag = written == "bool" or written.startswith("Annotated[bool,")
        declared = [n for arg in python_call_args(marker[1])[0]
                    if (n := python_string(arg)) and n.startswith("-")] if marker else []
        for declaration in declared or [f"--{text(name_node).replace('_', '-')}"]:
            for part in declaration.split("/"):
                options[part.strip()] = not flag
        if flag and not declared:
            options[f"--no-{text(name_node).replace('_', '-')}"] = False
    return options, False


def _read_typer_apps(root: Node, commands: dict[str, CliCommand]) -> set[str]:
    """``app = typer.Typer(…)`` at module level: a group whose commands are its decorated
    functions (typer adds its completion options to every app)."""
    apps: set[str] = set()
    for statement in root.named_children:
        expression = statement.named_children[0] if statement.type == "expression_statement" \
            and statement.named_children else None
        if expression is None or expression.type != "assignment":
            continue
        right = expression.child_by_field_name("right")
        left = expression.child_by_field_name("left")
        if right is None or right.type != "call" or left is None or left.type != "identifier":
            continue
        if text(right.child_by_field_name("function")).rsplit(".", 1)[-1] != "Typer":
            continue
        _, keywords = python_call_args(right)
        apps.add(text(left))
        commands[text(left)] = CliCommand(
            python_string(keywords.get("name")) or "", None, group=True,
            options={"--help": False, "--install-completion": False,
                     "--show-completion": False})
    return apps


def _read_function(statement: Node, commands: dict[str, CliCommand],
                   ambiguous: set[str], typer_apps: frozenset[str] = frozenset()) -> None:
    function = statement.child_by_field_name("definition")
    if function is None or function.type != "function_definition":
        return
    variable = text(function.child_by_field_name("name"))
    found: CliCommand | None = None
    options: dict[str, bool] = {"--help": False}
    unknown = False
    for decorator in (c for c in statement.named_children if c.type == "decorator"):
        expression = decorator.named_children[0] if decorator.named_children else None
        call = expression if expression is not None and expression.type == "call" else None
        callee = call.child_by_field_name("function") if call is not None else expression
        if callee is None:
            continue
        verb = text(callee.child_by_field_name("attribute")) if callee.type == "attribute" \
            else text(callee)
        owner = text(callee.child_by_field_name("object")) if callee.type == "attribute" else ""
        if owner in typer_apps and verb in ("command", "callback") and call is not None:
            params, spread = _typer_options(function)
            if verb == "callback":  # the app's own options
                commands[owner].options.update(params)
                commands[owner].open = commands[owner].open or spread
                return
            positional, keywords = python_call_args(call)
            found = CliCommand(python_string(keywords.get("name"))
                               or (python_string(positional[0]) if positional else None)
                               or variable.replace("_", "-"), owner, open=spread)
            options.update(params)
        elif verb in _VERBS and callee.type == "attribute" and call is not None:
            positional, keywords = python_call_args(call)
            name = declared_command_name(positional, keywords, variable)
            settings = text(keywords.get("context_settings"))
            found = CliCommand(name, None if owner == "click" else owner, group=verb == "group",
                               open="cls" in keywords or "ignore_unknown_options" in settings
                               or "allow_extra_args" in settings)
            if "help_option_names" in settings:
                options.update({"-h": False})
        elif call is not None:
            more, strange = _options_of(call, verb)
            options.update(more)
            unknown = unknown or strange
        else:
            unknown = unknown or verb not in _NO_OPTIONS
    if found is None:
        return
    found.options = options
    found.open = found.open or unknown
    if variable in commands:
        ambiguous.add(variable)
    commands[variable] = found


def _attach(root: Node, commands: dict[str, CliCommand]) -> None:
    for call in walk(root, frozenset({"call"})):
        function = text(call.child_by_field_name("function"))
        if not function.endswith((".add_command", ".add_typer")):
            continue
        positional, keywords = python_call_args(call)
        if not positional:
            continue
        child = text(positional[0])
        parent = function.rsplit(".", 1)[0]
        if child in commands:
            name = python_string(keywords.get("name")) or (
                python_string(positional[1]) if len(positional) > 1 else None)
            commands[child].parent = parent
            if name:
                commands[child].name = name
        elif parent in commands:
            commands[parent].open = True  # a command built elsewhere: its name is not known


def build_cli_table(sources: Iterable[bytes], scripts: dict[str, tuple[str, ...]]) -> CliTable:
    """The click trees of every source, and the programs ``[project.scripts]`` names
    (``scripts``: ``"module:attr" -> every program bound to it``)."""
    commands: dict[str, CliCommand] = {}
    ambiguous: set[str] = set()
    trees = []
    for source in sources:
        if b"click" not in source and b"typer" not in source:
            continue
        tree = parse("python", source)
        trees.append(tree)
        typer_apps = frozenset(_read_typer_apps(tree.root_node, commands))
        for statement in tree.root_node.named_children:
            if statement.type == "decorated_definition":
                _read_function(statement, commands, ambiguous, typer_apps)
    for tree in trees:
        _attach(tree.root_node, commands)
    for variable in ambiguous:  # two commands share a name: neither tree can be trusted
        commands[variable].open = True
    for variable, command in commands.items():
        parent = commands.get(command.parent) if command.parent else None
        if parent is not None:
            parent.children[command.name] = variable
        elif command.parent is not None:
            command.open = True  # attached to a group govern did not read
    programs: dict[str, str | None] = {}
    for target, names in scripts.items():
        attribute = target.rsplit(":", 1)[-1].split(".")[-1]
        root = attribute if attribute in commands and commands[attribute].parent is None else None
        programs.update(dict.fromkeys(names, root))
    return CliTable(commands, programs)
