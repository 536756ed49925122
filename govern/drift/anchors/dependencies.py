"""The dependencies a package's manifests declare, and the ones a change removes
(docs/concepts/anchoring-rules.md#dependencies).

Python's are read from pyproject.toml (``[project]``'s ``dependencies`` and
``optional-dependencies``, Poetry's ``dependencies`` and ``extras``, flit's ``requires`` and
``requires-extra``), setup.cfg's ``install_requires`` and ``[options.extras_require]``, the
literal lists of a setup.py's ``install_requires=`` and ``extras_require=``, and a
``requirements.txt`` beside them; Node's from package.json's ``dependencies``,
``peerDependencies`` and ``optionalDependencies``. Python names are compared as PEP 503 says
(``Foo_Bar`` is ``foo-bar``), npm's as written. A package's own extras are names too:
``typer[standard]``."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from tree_sitter import Node

from govern.drift.anchors.commands import ManifestReader
from govern.drift.anchors.syntax import name_text, parse, python_call_args, python_string, walk
from govern.git.packages import (
    load_manifest,
    python_name,
    python_requirement,
    setup_cfg,
)


class Declared(NamedTuple):
    """The dependency names of one package folder's manifests."""

    shipped: frozenset[str]
    """What installs with the package: its dependencies, and its own extras (``pkg[extra]``)
    with theirs."""
    known: frozenset[str]
    """Every name the manifests declare, the project's own tools too (npm's
    ``devDependencies``, Poetry's groups, ``[dependency-groups]``): one moved there from
    ``dependencies`` is still the project's."""


_EMPTY = Declared(frozenset(), frozenset())
_SETUP_KEYWORDS = ("install_requires", "extras_require")
_CALL = frozenset({"call"})
_SETUP = frozenset({"setup", "setuptools.setup"})
_NPM_SHIPPED = ("dependencies", "peerDependencies", "optionalDependencies")


def _table(data: dict[str, Any], key: str) -> dict[str, Any]:
    value = data.get(key)
    return value if isinstance(value, dict) else {}


def _names(requirements: object) -> set[str]:
    """The names of a list of requirement strings (anything else in it, or not a list: none)."""
    if not isinstance(requirements, list):
        return set()
    return {found[0] for spec in requirements if isinstance(spec, str)
            and (found := python_requirement(spec)) is not None}


def _keys(table: dict[str, Any], *, but: str = "") -> set[str]:
    """A Poetry table's dependency names (its keys), normalised."""
    return {python_name(name) for name in table if name != but}


def _own_extras(own: object, extras: Iterable[str]) -> set[str]:
    """``pkg[extra]`` of each extra a package named ``own`` declares (none when unnamed)."""
    if not isinstance(own, str) or not own:
        return set()
    return {f"{python_name(own)}[{python_name(extra)}]" for extra in extras}


def _extras(own: object, extras: dict[str, Any]) -> set[str]:
    """Each extra's dependencies and the extra itself."""
    return _own_extras(own, extras) | {name for specs in extras.values()
                                       for name in _names(specs)}


def _pyproject(text: str) -> Declared | None:
    data = load_manifest("pyproject.toml", text)
    if data is None:
        return None
    project, tool = _table(data, "project"), _table(data, "tool")
    poetry, flit = _table(tool, "poetry"), _table(_table(tool, "flit"), "metadata")
    own = project.get("name") or poetry.get("name") or flit.get("dist-name") or flit.get(
        "module")
    shipped = (_names(project.get("dependencies")) | _names(flit.get("requires"))
               | _extras(own, _table(project, "optional-dependencies"))
               | _extras(own, _table(flit, "requires-extra"))
               | _keys(_table(poetry, "dependencies"), but="python")
               | _own_extras(own, _table(poetry, "extras")))
    groups = _table(poetry, "group").values()
    tools = (_keys(_table(poetry, "dev-dependencies"))
             | {name for group in groups if isinstance(group, dict)
                for name in _keys(_table(group, "dependencies"))}
             | {name for specs in _table(data, "dependency-groups").values()
                for name in _names(specs)})
    return Declared(frozenset(shipped), frozenset(shipped | tools))


def _requirement_lines(text: str) -> set[str]:
    """The names of a requirements file's lines (setup.cfg's ``install_requires`` is one):
    a comment, an option (``-r base.txt``, ``-e .``) or a path names none."""
    names = set()
    for line in text.splitlines():
        spec = line.partition("#")[0]
        found = python_requirement(spec) if not spec.lstrip().startswith(("#", "-")) else None
        if found is not None:
            names.add(found[0])
    return names


def _setup_cfg(text: str) -> Declared | None:
    sections = setup_cfg(text)
    if sections is None:
        return None
    extras = sections.get("options.extras_require", {})
    shipped = (_requirement_lines(sections.get("options", {}).get("install_requires", ""))
               | _own_extras(sections.get("metadata", {}).get("name"), extras)
               | {name for lines in extras.values() for name in _requirement_lines(lines)})
    return Declared(frozenset(shipped), frozenset(shipped))


def _strings(node: Node) -> list[str] | None:
    """The strings of a list or tuple of literals, both branches of a conditional one
    (``'Markdown<2.5' if PY26 else 'Markdown'``); None when it holds anything else."""
    if node.type not in ("list", "tuple"):
        return None
    found = []
    for item in node.named_children:
        branches = item.named_children[::2] if item.type == "conditional_expression" else [item]
        for branch in branches if item.type != "comment" else ():
            value = python_string(branch)
            if value is None:
                return None
            found.append(value)
    return found


def _extras_dict(node: Node) -> dict[str, list[str]] | None:
    """A dict literal of extras (``{"yaml": ["pyyaml"]}``); None when it holds anything else."""
    if node.type != "dictionary":
        return None
    extras: dict[str, list[str]] = {}
    for pair in node.named_children:
        if pair.type == "comment":
            continue
        key = python_string(pair.child_by_field_name("key")) if pair.type == "pair" else None
        value = pair.child_by_field_name("value") if pair.type == "pair" else None
        specs = _strings(value) if value is not None else None
        if key is None or specs is None:
            return None
        extras[key] = specs
    return extras


def _setup_py(text: str) -> Declared | None:
    """The literal lists of ``install_requires=`` and ``extras_require=`` keywords, in
    ``setup(…)`` or any call building its arguments; None when one is not such a literal (a
    variable, a file read), or when the file says either name where no keyword does (a
    dict's key, a comment): a list this reader cannot see may hold any name."""
    mentions = sum(text.count(keyword) for keyword in _SETUP_KEYWORDS)
    if not mentions:
        return _EMPTY
    read = 0
    shipped: set[str] = set()
    own: str | None = None
    extras: dict[str, list[str]] = {}
    for call in walk(parse("python", text.encode()).root_node, _CALL):
        _, keywords = python_call_args(call)
        if name_text(call.child_by_field_name("function")) in _SETUP:
            own = python_string(keywords.get("name"))
        if "install_requires" in keywords:
            specs = _strings(keywords["install_requires"])
            if specs is None:
                return None
            shipped |= _names(specs)
            read += 1
        if "extras_require" in keywords:
            found = _extras_dict(keywords["extras_require"])
            if found is None:
                return None
            extras.update(found)
            read += 1
    if read < mentions:
        return None
    shipped |= _extras(own, extras)
    return Declared(frozenset(shipped), frozenset(shipped))


def _requirements_txt(text: str) -> Declared:
    names = frozenset(_requirement_lines(text))
    return Declared(names, names)


def _package_json(text: str) -> Declared | None:
    data = load_manifest("package.json", text)
    if data is None:
        return None
    shipped = {name for key in _NPM_SHIPPED for name in _table(data, key)}
    return Declared(frozenset(shipped),
                    frozenset(shipped | set(_table(data, "devDependencies"))))


_READERS: tuple[tuple[str, Callable[[str], Declared | None]], ...] = (
    ("pyproject.toml", _pyproject), ("setup.cfg", _setup_cfg), ("setup.py", _setup_py),
    ("requirements.txt", _requirements_txt), ("package.json", _package_json))
REQUIREMENTS = "requirements.txt"
"""The requirements file read beside a package's manifests: ``requirements-dev.txt`` and its
kin are the project's own tools."""


def declared_dependencies(read: ManifestReader) -> Declared | None:
    """The dependency names one package folder's manifests declare, whichever declares them:
    a name moved from setup.py to pyproject.toml is still declared. None when a manifest there
    cannot be read whole (a TOML error, a setup.py list given as a variable), or when the
    folder holds none: such a side is not judged."""
    shipped: set[str] = set()
    known: set[str] = set()
    manifests = 0
    for name, reader in _READERS:
        text = read(name)
        if text is None:
            continue
        found = reader(text)
        if found is None:
            return None
        manifests += 1
        shipped |= found.shipped
        known |= found.known
    return Declared(frozenset(shipped), frozenset(known)) if manifests else None


def removed_dependencies(before: Declared | None, after: Declared | None) -> frozenset[str]:
    """The names ``before`` installs with the package and ``after`` declares nowhere (a
    renamed dependency is its old name removed); none when either side is not judged."""
    if before is None or after is None:
        return frozenset()
    return before.shipped - after.known
