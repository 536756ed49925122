"""CLI commands as docs name them: the phrase ``prog sub cmd``. Read from click and typer
decorators (nested groups, ``add_command``/``add_typer``), argparse sub-parsers bound with
``set_defaults(func=…)``, and oclif command files; the program name comes from the package
manifest (``[project.scripts]``, ``oclif.bin``)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass

from tree_sitter import Node

from govern.core.json_input import parse_json
from govern.drift.anchors.syntax import parse, python_call_args, python_string, text, walk

_DECORATOR_VERBS = frozenset({"command", "group"})
_CALL = frozenset({"call"})
_CLICK_SUFFIXES = ("_command", "_cmd", "_group", "_grp")


@dataclass(frozen=True)
class CommandNode:
    """A command or group: its name, the variable of its parent group (None at the root)."""

    name: str
    parent: str | None


def parse_scripts(pyproject_text: str) -> dict[str, tuple[str, ...]]:
    """``[project.scripts]`` (and Poetry's) as {"module:attr": every program name bound to it}:
    docs name a command by any of them (docs/concepts/anchoring-rules.md#program-names)."""
    try:
        data = tomllib.loads(pyproject_text)
    except (tomllib.TOMLDecodeError, RecursionError):
        return {}
    scripts = dict(data.get("project", {}).get("scripts", {}))
    scripts.update(data.get("tool", {}).get("poetry", {}).get("scripts", {}))
    found: dict[str, tuple[str, ...]] = {}
    for name, target in scripts.items():
        if isinstance(target, str):
            found[target.strip()] = (*found.get(target.strip(), ()), name)
    return found


def parse_oclif(package_json_text: str) -> tuple[tuple[str, ...], str] | None:
    """(program names, commands folder under src/) from package.json: ``oclif.bin``, its
    ``oclif.binAliases``, and the names of a ``bin`` map (``{"os": …, "objectstack": …}``)."""
    try:
        data = parse_json(package_json_text)
    except ValueError:
        return None
    oclif = data.get("oclif") if isinstance(data, dict) else None
    if not isinstance(oclif, dict) or not isinstance(oclif.get("bin"), str):
        return None
    programs = [oclif["bin"]]
    aliases = oclif.get("binAliases")
    if isinstance(aliases, list):
        programs.extend(alias for alias in aliases if isinstance(alias, str))
    bins = data.get("bin")
    if isinstance(bins, dict):
        programs.extend(name for name in bins if isinstance(name, str))
    folder = oclif.get("commands", "./dist/commands")
    folder = folder if isinstance(folder, str) else "./dist/commands"
    folder = folder.removeprefix("./").replace("dist/", "src/", 1).rstrip("/")
    return tuple(dict.fromkeys(programs)), folder


def oclif_phrase(path: str, package_dir: str, program: str, folder: str) -> str | None:
    """``bin topic cmd`` for a command file under the package's commands folder."""
    root = f"{package_dir}/{folder}/" if package_dir else f"{folder}/"
    if not path.startswith(root):
        return None
    parts = path[len(root):].rsplit(".", 1)[0].split("/")
    if parts[-1] == "index":
        parts = parts[:-1]
    return " ".join([program, *parts]) if parts else None


def default_command_name(function: str) -> str:
    """click 8.2 and typer: underscores become dashes; click drops a ``_command`` suffix."""
    for suffix in _CLICK_SUFFIXES:
        if function.endswith(suffix) and function != suffix:
            function = function[: -len(suffix)]
            break
    return function.replace("_", "-")


def declared_command_name(positional: list[Node], keywords: dict[str, Node],
                          function: str) -> str:
    """The name a click decorator gives a command: its ``name=`` or first argument, else the
    one click derives from the decorated function."""
    return (python_string(keywords.get("name"))
            or (python_string(positional[0]) if positional else None)
            or default_command_name(function))


def python_command_tree(source: bytes) -> tuple[dict[str, CommandNode], dict[str, str]]:
    """(variable -> CommandNode, argparse handler function -> sub-parser name).

    Roots are groups decorated from ``click``/``typer`` directly, or ``typer.Typer()``
    instances; their CommandNode has no parent.
    """
    tree = parse("python", source)
    nodes: dict[str, CommandNode] = {}
    parsers: dict[str, str] = {}
    handlers: dict[str, str] = {}
    for statement in tree.root_node.named_children:
        if statement.type == "decorated_definition":
            _read_decorated(statement, nodes)
    for call in walk(tree.root_node, _CALL):
        function = text(call.child_by_field_name("function"))
        positional, keywords = python_call_args(call)
        target = call.parent.child_by_field_name("left") if call.parent is not None and \
            call.parent.type == "assignment" else None
        if function.endswith(".Typer") or function == "Typer":
            if target is not None:
                nodes.setdefault(text(target), CommandNode("", None))
        elif function.endswith((".add_command", ".add_typer")) and positional:
            child = text(positional[0])
            parent = function.rsplit(".", 1)[0]
            name = python_string(keywords.get("name")) or (nodes[child].name if child in nodes
                                                     else default_command_name(child))
            nodes[child] = CommandNode(name, parent)
        elif function.endswith(".add_parser") and positional and target is not None:
            parser_name = python_string(positional[0])
            if parser_name:
                parsers[text(target)] = parser_name
        elif function.endswith(".set_defaults") and "func" in keywords:
            handlers[text(keywords["func"])] = function.rsplit(".", 1)[0]
    bound = {handler: parsers[var] for handler, var in handlers.items() if var in parsers}
    return nodes, bound


def _read_decorated(statement: Node, nodes: dict[str, CommandNode]) -> None:
    function = statement.child_by_field_name("definition")
    if function is None or function.type != "function_definition":
        return
    variable = text(function.child_by_field_name("name"))
    for decorator in (c for c in statement.named_children if c.type == "decorator"):
        call = decorator.named_children[0] if decorator.named_children else None
        if call is None or call.type != "call":
            continue
        callee = call.child_by_field_name("function")
        if callee is None or callee.type != "attribute":
            continue
        verb = text(callee.child_by_field_name("attribute"))
        if verb not in _DECORATOR_VERBS:
            continue
        owner = text(callee.child_by_field_name("object"))
        positional, keywords = python_call_args(call)
        name = declared_command_name(positional, keywords, variable)
        parent = None if owner in ("click", "typer") else owner
        nodes[variable] = CommandNode(name, parent)


def command_phrase(variable: str, nodes: dict[str, CommandNode],
                   programs: dict[str, str]) -> str | None:
    """The phrase invoking ``variable``'s command, or None when its program is unknown.

    ``programs`` maps a root group variable to the program name the manifest gives it.
    """
    parts: list[str] = []
    current: str | None = variable
    seen: set[str] = set()
    while current is not None and current in nodes and current not in seen:
        seen.add(current)
        node = nodes[current]
        if node.parent is None:
            program = programs.get(current)
            # The program alone is no anchor: a bare program name is on every page.
            return " ".join([program, *reversed(parts)]) if program and parts else None
        parts.append(node.name)
        current = node.parent
    return None
