"""CLI commands as docs name them: the phrase ``prog sub cmd``. Read from click and typer
decorators (nested groups, ``add_command``/``add_typer``), argparse sub-parsers bound with
``set_defaults(func=…)``, cleo's command classes (``name = "cache clear"``), and oclif command
files; the program name comes from the package manifest (``[project.scripts]``,
``oclif.bin``). A group may live in another module than the
program's entry point, attached there (``main.add_command(export)``) or decorated from an
imported group (``@main.command()``): the phrase follows the imports between them."""

from __future__ import annotations

import re
import tomllib
from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from tree_sitter import Node

from govern.core.json_input import parse_json
from govern.drift.anchors.cleo import MAY_DECLARE as MAY_DECLARE_CLEO
from govern.drift.anchors.cleo import CleoClass, cleo_classes
from govern.drift.anchors.programs import parse_setup_scripts
from govern.drift.anchors.python import from_imports, resolve_import
from govern.drift.anchors.syntax import (
    name_text,
    parse,
    python_call_args,
    python_string,
    text,
    walk,
    walk_with_parents,
)

_DECORATOR_VERBS = frozenset({"command", "group"})
_CALL = frozenset({"call"})
_IMPORT_FROM = frozenset({"import_from_statement"})
MAY_DECLARE_COMMANDS = re.compile(
    rb"\.(?:command|group|add_command|add_typer|add_parser|set_defaults)\(|Typer\(|"
    + MAY_DECLARE_CLEO.pattern, re.MULTILINE)
"""Source that cannot match this declares no command: most changed files are not parsed for
commands at all."""
MAX_MODULE_HOPS = 4
"""Modules a phrase is followed through (entry point, sub-group module, ...): a chain of
imports longer than this is no CLI layout, and a cycle ends here too."""
MAX_INVOCATIONS = 16
"""Phrases kept for one command: a program has a name or two, a command a few ways in; only a
web of modules attaching each other's groups reaches more, each level multiplying them."""
MAX_PHRASE_WORDS = 8
"""Groups nested deeper than this in one file make no phrase: no docs write such a command,
and a hostile file of 10,000 nested groups would otherwise give phrases of 10,000 words."""
_CLICK_SUFFIXES = ("_command", "_cmd", "_group", "_grp")
COMMAND_MEMBERS = frozenset({"name", "arguments", "description", "help", "usage", "aliases"})
"""The members of a cleo command class that say what the command is: a change to one is the
command's. Its ``options`` anchor their own flags, and a change to ``handle`` or another
method is its implementation (poetry's bug fixes to ``publish``'s ``handle`` listed every page
running ``poetry publish``)."""


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


ManifestReader = Callable[[str], str | None]
"""A manifest's file name (``setup.py``) -> its text in one package folder (None: absent)."""


def python_scripts(read: ManifestReader) -> dict[str, tuple[str, ...]]:
    """Every program a Python package declares: ``[project.scripts]`` in pyproject.toml and
    ``console_scripts`` in setup.cfg or setup.py
    (docs/concepts/anchoring-rules.md#program-names)."""
    pyproject = read("pyproject.toml")
    scripts = parse_scripts(pyproject) if pyproject is not None else {}
    for filename in ("setup.cfg", "setup.py"):
        text = read(filename)
        for target, names in (parse_setup_scripts(filename, text) if text else {}).items():
            scripts[target] = (*scripts.get(target, ()), *names)
    return scripts


def package_bins(package_json_text: str) -> tuple[str, ...]:
    """The programs a package.json ``bin`` installs: the names of a map, or for a path alone
    the package's name without its scope (``@scope/tool`` installs ``tool``)."""
    try:
        data = parse_json(package_json_text)
    except ValueError:
        return ()
    bins = data.get("bin") if isinstance(data, dict) else None
    if isinstance(bins, dict):
        return tuple(name for name in bins if isinstance(name, str) and name)
    name = data.get("name") if isinstance(data, dict) and isinstance(bins, str) else None
    return (name.rpartition("/")[2],) if isinstance(name, str) and name.rpartition("/")[2] \
        else ()


def declared_programs(read: ManifestReader) -> frozenset[str]:
    """Every program name the manifests of one package folder declare, whichever declares
    it: a name that moves from setup.py to pyproject.toml is still declared."""
    names = {name for found in python_scripts(read).values() for name in found}
    package_json = read("package.json")
    names.update(package_bins(package_json) if package_json is not None else ())
    return frozenset(names)


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


@dataclass(frozen=True)
class CommandTree:
    """The CLI commands one Python file declares."""

    nodes: dict[str, CommandNode]
    """Variable -> its command. Roots are groups decorated from ``click``/``typer`` directly,
    or ``typer.Typer()`` instances; their CommandNode has no parent. A parent that is not a
    key here is a group from another module."""
    handlers: dict[str, str]
    """argparse handler function -> sub-parser name."""
    imports: dict[str, str]
    """Name imported with ``from M import x`` -> ``"M:x"``, M resolved to an absolute module."""
    renamed: frozenset[str]
    """Children attached under a name of their own (``add_command(cmd, name="x")``)."""
    classes: dict[str, CleoClass]
    """Top-level class -> what cleo would read of it (``cleo_classes``)."""


def python_command_tree(source: bytes, package: str = "") -> CommandTree:
    """The commands of a Python source; ``package`` resolves its relative imports."""
    tree = parse("python", source)
    nodes: dict[str, CommandNode] = {}
    parsers: dict[str, str] = {}
    handlers: dict[str, str] = {}
    renamed: set[str] = set()
    for statement in tree.root_node.named_children:
        if statement.type == "decorated_definition":
            _read_decorated(statement, nodes)
    for call, holder in walk_with_parents(tree.root_node, _CALL):
        function = name_text(call.child_by_field_name("function"))
        if function is None:
            continue  # no group is named this long: a chain `f()()…()`, which each call spans
        positional, keywords = python_call_args(call)
        target = holder.child_by_field_name("left") if holder is not None and \
            holder.type == "assignment" else None
        if function.endswith(".Typer") or function == "Typer":
            if target is not None:
                nodes.setdefault(text(target), CommandNode("", None))
        # a child or handler longer than a name is a call nesting more of them: read at each
        # of those, its text made a file quadratic
        elif function.endswith((".add_command", ".add_typer")) and positional \
                and (child := name_text(positional[0])) is not None:
            parent = function.rsplit(".", 1)[0]
            given = python_string(keywords.get("name"))
            if given:
                renamed.add(child)
            name = given or (nodes[child].name if child in nodes else default_command_name(child))
            nodes[child] = CommandNode(name, parent)
        elif function.endswith(".add_parser") and positional and target is not None:
            parser_name = python_string(positional[0])
            if parser_name:
                parsers[text(target)] = parser_name
        elif function.endswith(".set_defaults") and "func" in keywords \
                and (handler := name_text(keywords["func"])) is not None:
            handlers[handler] = function.rsplit(".", 1)[0]
    bound = {handler: parsers[var] for handler, var in handlers.items() if var in parsers}
    imports = {name: f"{resolve_import(module, package)}:{original}"
               for statement in walk(tree.root_node, _IMPORT_FROM)
               for name, source_name in from_imports(statement).items()
               if not name.startswith("*")
               for module, original in [source_name.rsplit(":", 1)]}
    return CommandTree(nodes, bound, imports, frozenset(renamed), cleo_classes(tree.root_node))


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


TreeReader = Callable[[str], CommandTree | None]
"""Dotted module name -> the commands its file declares (None: no such file in the tree),
each module read and parsed once."""


@dataclass
class CommandResolver:
    """The phrases invoking commands, followed across modules to the programs' entry points.
    Each (module, variable) is resolved once, so modules built to branch at every level cost
    what their size does; ``tree_of`` is expected to read each module once."""

    programs: Mapping[tuple[str, str], tuple[str, ...]]
    """Entry point (module, variable) -> the program names a manifest binds to it."""
    tree_of: TreeReader
    _memo: dict[tuple[str, str, int], list[str]] = field(default_factory=dict)
    _cleo: dict[tuple[str, str, int], bool] = field(default_factory=dict)
    """(module, class, hops left) -> whether the class subclasses cleo's ``Command``."""
    _attachments: dict[str, list[tuple[str, CommandNode, bool]]] | None = None
    _programs: list[str] | None = None
    """Every program name, cut to :data:`MAX_INVOCATIONS` (``_all_programs``)."""

    def invocations(self, module: str, variable: str, hops: int = MAX_MODULE_HOPS) -> list[str]:
        """Every phrase invoking the command or group ``variable`` of ``module``, one per
        program name; a program's own entry point gives the program alone.

        A group rooted in a module that is no entry point is found where an entry module
        attaches it (``main.add_command(export)``, ``export`` imported from here); a group
        this module imports (``@main.command()``, ``main`` imported) is followed to its own
        module.
        """
        key = (module, variable, hops)
        if key not in self._memo:
            self._memo[key] = []  # a cycle back to this key finds no phrase
            self._memo[key] = self._resolve(module, variable, hops)[:MAX_INVOCATIONS]
        return self._memo[key]

    def _resolve(self, module: str, variable: str, hops: int) -> list[str]:
        if (module, variable) in self.programs:
            return list(self.programs[module, variable])
        tree = self.tree_of(module) if hops > 0 else None
        if tree is None:
            return []
        parts: list[str] = []
        current = variable
        while current in tree.nodes and (parent := tree.nodes[current].parent) is not None:
            if len(parts) == MAX_PHRASE_WORDS:  # no CLI nests this deep; a cycle ends here too
                return []
            parts.append(tree.nodes[current].name)
            current = parent
        if current in tree.nodes:
            bases = (list(self.programs[module, current]) if (module, current) in self.programs
                     else self._attached(f"{module}:{current}", tree.nodes[current].name, hops))
        elif current in tree.imports:
            source_module, original = tree.imports[current].rsplit(":", 1)
            bases = self.invocations(source_module, original, hops - 1)
        else:
            bases = []
        return [" ".join([base, *reversed(parts)]) for base in bases]

    def class_invocations(self, module: str, container: str | None, name: str) -> list[str]:
        """``prog cache clear`` for a changed class ``name`` of ``module`` that is a cleo
        command, or a changed member ``name`` of one (``container``) that declares what the
        command is (:data:`COMMAND_MEMBERS`), under every program the package declares:
        cleo's application loads its commands by their names, no import leads from the entry
        point to them. A class is a cleo command when it sets a ``name`` and subclasses cleo's
        ``Command``, followed through up to :data:`MAX_MODULE_HOPS` bases (in its module or
        imported), or sets ``options``/``arguments`` to ``option(…)``/``argument(…)`` calls,
        cleo's shape, whatever it imports."""
        if container is not None and name not in COMMAND_MEMBERS:
            return []
        name = container or name
        tree = self.tree_of(module)
        found = tree.classes.get(name) if tree is not None else None
        if found is None or found.command is None or not (
                found.declares or self._subclasses_cleo(module, name, MAX_MODULE_HOPS)):
            return []
        return [f"{program} {found.command}" for program in self._all_programs()]

    def _all_programs(self) -> list[str]:
        """The package's program names, each once, in the manifests' order (``python_scripts``
        keeps it) and cut to :data:`MAX_INVOCATIONS`: worked out on first need, as every
        changed command class asks for them."""
        if self._programs is None:
            self._programs = list(dict.fromkeys(
                program for names in self.programs.values() for program in names
            ))[:MAX_INVOCATIONS]
        return self._programs

    def _subclasses_cleo(self, module: str, name: str, hops: int) -> bool:
        """Does the class ``name`` of ``module`` have a base imported from cleo, itself or
        through the bases it has in this module or imports from another."""
        key = (module, name, hops)
        if key not in self._cleo:
            self._cleo[key] = False  # a cycle of bases back to this key finds none
            self._cleo[key] = self._reaches_cleo(module, name, hops)
        return self._cleo[key]

    def _reaches_cleo(self, module: str, name: str, hops: int) -> bool:
        tree = self.tree_of(module) if hops > 0 else None
        if tree is None or name not in tree.classes:
            return False
        for base in tree.classes[name].bases:
            origin, _, original = tree.imports.get(base, "").rpartition(":")
            if base.startswith("cleo.") or origin == "cleo" or origin.startswith("cleo."):
                return True
            if origin and self._subclasses_cleo(origin, original, hops - 1):
                return True
            if not origin and base != name and self._subclasses_cleo(module, base, hops - 1):
                return True
        return False

    def _attached(self, source: str, name: str, hops: int) -> list[str]:
        """Phrases of the group imported as ``source`` (``module:variable``) as each entry
        module attaches it, under its own ``name`` unless the attaching call gives another."""
        found: list[str] = []
        for entry, node, renamed in self._attaching()[source] if hops > 1 else ():
            own = node.name if renamed else name
            found.extend(f"{base} {own}"
                         for base in self.invocations(entry, node.parent or "", hops - 1))
        return list(dict.fromkeys(found))

    def _attaching(self) -> dict[str, list[tuple[str, CommandNode, bool]]]:
        """For each imported group the entry modules attach: (entry module, its node there,
        whether the attaching call names it). Read once, on first need."""
        if self._attachments is None:
            self._attachments = defaultdict(list)
            for entry in dict.fromkeys(entry for entry, _ in self.programs):
                tree = self.tree_of(entry)
                if tree is None:
                    continue
                for alias, node in tree.nodes.items():
                    if node.parent is not None and alias in tree.imports:
                        self._attachments[tree.imports[alias]].append(
                            (entry, node, alias in tree.renamed))
        return self._attachments
