"""oclif programs as command trees: a command is a file under the manifest's ``oclif.commands``
folder (``src/commands/a/b.ts`` is ``prog a:b``, or ``prog a b`` with ``topicSeparator: " "``),
its flags the ``static flags``/``baseFlags`` built with ``Flags.*`` of ``@oclif/core`` (the key
is ``--key``, ``char`` its short form, ``aliases``, ``allowNo`` adds ``--no-key``), its other
names ``static aliases``.

What a static read cannot see makes a command *open*: a flag built by anything but ``Flags``,
a spread of flags, ``static strict = false``, a base class outside the repository other than
oclif's ``Command``. Plugins add commands govern cannot list, so with ``oclif.plugins`` a
top-level name the repository does not define is not reported (docs/how-to/docs-refs.md)."""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from tree_sitter import Node

from govern.core.json_input import parse_json
from govern.docsrefs.cli_table import CliCommand, CliTable
from govern.drift.anchors.commands import parse_oclif
from govern.drift.anchors.syntax import parse, text, ts_string, walk_with_parents

_DECLARATIONS = frozenset({"lexical_declaration", "variable_declaration"})
_OCLIF = ("@oclif/core", "@oclif/command")
_SUFFIXES = (".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs")
_SKIP = (".d.ts", ".d.mts", ".d.cts", ".test.ts", ".test.js", ".spec.ts", ".spec.js")
_NO_VALUE = frozenset({"boolean", "help", "version"})
_MAX_BASES = 4


@dataclass
class _Flags:
    options: dict[str, bool] = field(default_factory=dict)
    open: bool = False


@dataclass
class _Command:
    flags: _Flags
    base: _Flags
    arguments: bool
    aliases: list[str]


def _imports(root: Node) -> dict[str, str]:
    """Local name -> the module it is imported from."""
    found: dict[str, str] = {}
    for statement in root.named_children:
        if statement.type != "import_statement":
            continue
        source = ts_string(statement.child_by_field_name("source")) or ""
        for node in _descendants(statement, "import_specifier", "identifier"):
            if node.type == "import_specifier":
                alias = node.child_by_field_name("alias") or node.child_by_field_name("name")
                found[text(alias)] = source
            elif node.parent is not None and node.parent.type in ("import_clause",
                                                                   "namespace_import"):
                found[text(node)] = source
    return found


def _descendants(node: Node, *types: str) -> list[Node]:
    found = []
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type in types:
            found.append(current)
        stack.extend(reversed(current.named_children))
    return found


def _classes(root: Node) -> dict[str, Node]:
    """Class name -> declaration; ``""`` for the default export."""
    found: dict[str, Node] = {}
    default_name = None
    for statement in root.named_children:
        inner = statement.named_children if statement.type == "export_statement" else [statement]
        default = statement.type == "export_statement" and any(
            child.type == "default" for child in statement.children)
        for node in inner:
            if node.type in ("class_declaration", "class", "abstract_class_declaration"):
                name = text(node.child_by_field_name("name"))
                found[name] = node
                if default:
                    found[""] = node
            elif default and node.type == "identifier":
                default_name = text(node)
    if default_name in found:
        found[""] = found[default_name]
    return found


def _string_list(node: Node | None) -> list[str] | None:
    if node is None or node.type != "array":
        return None
    values = [ts_string(item) if item.type == "string" else None for item in node.named_children]
    return [value for value in values if value is not None] if None not in values else None


def _flag(name: str, value: Node | None, imports: dict[str, str], consts: dict[str, Node],
          flags: _Flags) -> None:
    if value is not None and value.type == "identifier" and text(value) in consts:
        value = consts[text(value)]
    function = value.child_by_field_name("function") if value is not None and \
        value.type == "call_expression" else None
    calls = [value]
    if function is not None and function.type == "call_expression":  # Flags.option({…})({…})
        calls.append(function)
        function = function.child_by_field_name("function")
    owner = function.child_by_field_name("object") if function is not None and \
        function.type == "member_expression" else None
    if function is None or owner is None or imports.get(text(owner)) not in _OCLIF:
        flags.open = True  # built by code govern does not read: it may set a char or aliases
        return
    kind = text(function.child_by_field_name("property"))
    takes = kind not in _NO_VALUE
    names = [f"--{name}"]
    for pair in (pair for call in calls for pair in _option_pairs(call)):
        key = text(pair.child_by_field_name("key"))
        item = pair.child_by_field_name("value")
        if key == "char" and ts_string(item):
            names.append(f"-{ts_string(item)}")
        elif key in ("aliases", "charAliases"):
            listed = _string_list(item)
            if listed is None:
                flags.open = True
            names.extend(f"-{a}" if key == "charAliases" else f"--{a}" for a in listed or [])
        elif key == "allowNo" and text(item) == "true":
            flags.options[f"--no-{name}"] = False
    flags.options.update(dict.fromkeys(names, takes))


def _option_pairs(call: Node | None) -> list[Node]:
    """The ``key: value`` pairs of a call's first argument, when it is an object literal."""
    arguments = call.child_by_field_name("arguments") if call is not None else None
    first = arguments.named_children[0] if arguments is not None and \
        arguments.named_children else None
    return [pair for pair in first.named_children if pair.type == "pair"] \
        if first is not None and first.type == "object" else []


def _object_flags(node: Node | None, imports: dict[str, str], consts: dict[str, Node]
                  ) -> _Flags:
    flags = _Flags()
    if node is None or node.type != "object":
        return _Flags(open=True)
    for pair in node.named_children:
        if pair.type != "pair":
            if pair.type != "comment":
                flags.open = True  # a spread: flags defined elsewhere
            continue
        key = pair.child_by_field_name("key")
        name = (ts_string(key) if key is not None and key.type == "string" else None) or text(key)
        _flag(name, pair.child_by_field_name("value"), imports, consts, flags)
    return flags


def _statics(declaration: Node) -> dict[str, Node]:
    found: dict[str, Node] = {}
    body = declaration.child_by_field_name("body")
    for member in body.named_children if body is not None else ():
        if member.type == "public_field_definition" and any(
                child.type == "static" for child in member.children):
            value = member.child_by_field_name("value")
            if value is not None:
                found[text(member.child_by_field_name("name"))] = value
    return found


def _consts(root: Node) -> dict[str, Node]:
    """Values of the variables a module declares at its top level or exports. Each declaration
    comes with its parent from the walk: asking every declarator for its grandparent was
    quadratic in the nesting depth."""
    found: dict[str, Node] = {}
    for declaration, parent in walk_with_parents(root, _DECLARATIONS):
        if parent is not None and parent.type in ("program", "export_statement"):
            for node in declaration.named_children:
                value = node.child_by_field_name("value")
                if node.type == "variable_declarator" and value is not None:
                    found[text(node.child_by_field_name("name"))] = value
    return found


Reader = Callable[[str], bytes | None]


def _read_class(path: str, name: str, read: Reader, depth: int = 0) -> _Command | None:
    source = read(path)
    if source is None:
        return None
    root = parse("tsx" if path.endswith((".tsx", ".jsx")) else "typescript", source).root_node
    declaration = _classes(root).get(name)
    if declaration is None:
        return None
    imports, consts, statics = _imports(root), _consts(root), _statics(declaration)
    flags = _object_flags(statics["flags"], imports, consts) if "flags" in statics else None
    base = _object_flags(statics["baseFlags"], imports, consts) if "baseFlags" in statics \
        else _Flags()
    if "strict" in statics and text(statics["strict"]) != "true":
        base.open = True  # unknown arguments and flags are let through
    if "enableJsonFlag" in statics and text(statics["enableJsonFlag"]) == "true":
        base.options["--json"] = False
    heritage = _descendants(declaration, "extends_clause")
    parent = heritage[0].child_by_field_name("value") if heritage else None
    parent_name = text(parent)
    source_module = imports.get(parent_name, "")
    inherited: _Command | None = None
    if parent is None or source_module in _OCLIF and parent_name == "Command":
        inherited = _Command(_Flags(), _Flags(), False, [])
    elif parent.type == "identifier" and depth < _MAX_BASES:
        if source_module.startswith("."):
            inherited = _read_class(_module_file(path, source_module, read), parent_name, read,
                                    depth + 1)
        elif not source_module and parent_name in _classes(root):
            inherited = _read_class(path, parent_name, read, depth + 1)
    if inherited is None:
        base.open = True  # a base class govern cannot read may define any flag
        inherited = _Command(_Flags(), _Flags(), False, [])
    base.options = {**inherited.base.options, **base.options}
    base.open = base.open or inherited.base.open
    if flags is None:
        flags = inherited.flags  # static flags are inherited unless redefined
    aliases = [*(_string_list(statics.get("aliases")) or []),
               *(_string_list(statics.get("hiddenAliases")) or [])]
    return _Command(flags, base, "args" in statics or inherited.arguments, aliases)


def _module_file(path: str, specifier: str, read: Reader) -> str:
    stem = posixpath.normpath(posixpath.join(posixpath.dirname(path), specifier))
    for suffix in ("", ".ts", ".tsx", "/index.ts", ".js"):
        candidate = stem.removesuffix(".js") + suffix if suffix else stem
        if read(candidate) is not None:
            return candidate
    return stem


def _settings(manifest: str) -> dict[str, object]:
    try:
        data = parse_json(manifest)
    except ValueError:
        return {}
    oclif = data.get("oclif") if isinstance(data, dict) else None
    return oclif if isinstance(oclif, dict) else {}


def _words(value: object) -> list[str]:
    return [word for word in value if isinstance(word, str)] if isinstance(value, list) else []


def _node(commands: dict[str, CliCommand], key: str, help_flags: dict[str, bool]
          ) -> CliCommand:
    if key not in commands:
        commands[key] = CliCommand(key.rsplit(":", 1)[-1], None, dict(help_flags), group=True)
    return commands[key]


def build_oclif_trees(manifests: dict[str, str], paths: Iterable[str], read: Reader
                      ) -> CliTable:
    """The command trees of every oclif package (``manifests``: package.json path -> text)."""
    all_paths = sorted(paths)
    commands: dict[str, CliCommand] = {}
    programs: dict[str, str | None] = {}
    # the shallowest manifest names a program: a test fixture's CLI does not replace it
    for manifest_path, manifest in sorted(manifests.items(),
                                          key=lambda item: (item[0].count("/"), item[0])):
        found = parse_oclif(manifest)
        if found is None:
            continue
        names, folder = found
        settings = _settings(manifest)
        package_dir = posixpath.dirname(manifest_path)
        files = _command_files(all_paths, package_dir, folder)
        names = tuple(name for name in names if name not in programs)
        if not isinstance(settings.get("commands", ""), str) or not files:
            programs.update(dict.fromkeys(names, None))  # an explicit list: not read
            continue
        helps, versions = _words(settings.get("additionalHelpFlags")), _words(
            settings.get("additionalVersionFlags"))
        help_flags = dict.fromkeys(["--help", *(f for f in helps if f.startswith("-"))], False)
        root_key = f"oclif:{manifest_path}"
        root = _node(commands, root_key, help_flags)
        root.options.update(dict.fromkeys(
            ["--version", *(f for f in versions if f.startswith("-"))], False))
        root.separator = ":" if settings.get("topicSeparator", ":") != " " else " "
        root.open_children = bool(settings.get("plugins") or settings.get("jitPlugins"))
        for word in (f for f in [*helps, *versions] if not f.startswith("-")):
            _node(commands, f"{root_key}:{word}", help_flags).group = False
            root.children[word] = f"{root_key}:{word}"
        for path, parts in files:
            command = _read_class(path, "", read)
            key = _place(commands, root_key, parts, help_flags)
            node = commands[key]
            node.name = parts[-1]
            if command is None:
                node.open = True
                continue
            node.options = {**help_flags, **command.base.options, **command.flags.options}
            node.open = command.base.open or command.flags.open
            node.arguments = command.arguments
            node.group = bool(node.children)
            for alias in command.aliases:
                alias_parts = alias.split(":")
                parent = _place(commands, root_key, alias_parts[:-1], help_flags) \
                    if alias_parts[:-1] else root_key
                commands[parent].children[alias_parts[-1]] = key
        programs.update(dict.fromkeys(names, root_key))
    return CliTable(commands, programs)


def _place(commands: dict[str, CliCommand], root_key: str, parts: list[str],
           help_flags: dict[str, bool]) -> str:
    """The key of the node at ``parts`` under the root, making the topics on the way."""
    key = root_key
    for part in parts:
        child = f"{key}:{part}"
        _node(commands, child, help_flags)
        commands[key].children.setdefault(part, child)
        commands[key].group = True
        key = commands[key].children[part]
    return key


def _command_files(paths: list[str], package_dir: str, folder: str
                   ) -> list[tuple[str, list[str]]]:
    """(file, its command id's parts) under the commands folder; a built folder (``lib/``,
    ``dist/``) is read from ``src/`` when only the sources are committed."""
    for candidate in (folder, "src/" + folder.split("/", 1)[-1]):
        root = f"{package_dir}/{candidate}/" if package_dir else f"{candidate}/"
        found = []
        for path in paths:
            if not path.startswith(root) or not path.endswith(_SUFFIXES) or path.endswith(_SKIP):
                continue
            parts = path[len(root):].rsplit(".", 1)[0].split("/")
            if parts[-1] == "index":
                parts = parts[:-1]
            if parts:
                found.append((path, parts))
        if found:
            return found
    return []
