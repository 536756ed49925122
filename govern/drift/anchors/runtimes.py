"""The runtime versions a package's manifests declare it supports, and the ones a change drops
(docs/concepts/anchoring-rules.md#runtime-versions).

Python's is read from ``requires-python`` (pyproject.toml's ``[project]``, else Poetry's
``python`` dependency), setup.cfg's ``python_requires`` or a setup.py ``python_requires``
string, else from the trove classifiers; Node's from package.json's ``engines.node``.
Versions are judged at the grain docs write them: Python minors (``3.8``), Node majors
(``18``). A specifier read in part (a clause this reader does not know) is not judged: no
version is said to be dropped."""

from __future__ import annotations

import re
from collections.abc import Callable

from govern.drift.anchors.commands import ManifestReader
from govern.git.packages import load_manifest, setup_cfg_option

PYTHON = "Python"
NODE = "Node.js"

Version = tuple[int, ...]
"""A Python minor ``(3, 8)`` or a Node major ``(18,)``."""

_PYTHON_VERSIONS: tuple[Version, ...] = ((2, 6), (2, 7), *((3, minor) for minor in range(31)))
_NODE_VERSIONS: tuple[Version, ...] = tuple((major,) for major in range(41))

_PEP440 = re.compile(r"\s*+(~=|===|==|!=|<=|>=|<|>|\^|~)?\s*+v?(\d{1,4}+)"
                     r"(?:\.(\d{1,4}+|\*))?(?:\.(\d{1,4}+|\*))?(?:[.\w+-]{0,40}+)\s*+")
_SETUP_PY = re.compile(r"""python_requires\s*+=\s*+(?:"([^"\n]{1,200}+)"|'([^'\n]{1,200}+)')""")
_CLASSIFIER = re.compile(r"Programming Language :: Python :: (\d{1,2}+)\.(\d{1,3}+)(?![\d.])")
_SEMVER = re.compile(r"(>=|<=|>|<|=|\^|~)?v?(\d{1,4}+|[xX*])(?:\.(\d{1,4}+|[xX*]))?"
                     r"(?:\.(\d{1,4}+|[xX*]))?(?:-[\w.]{1,40}+)?")

Clause = Callable[[Version], bool]


def _number(text: str | None) -> int | None:
    """A version part as a number; None when absent or a wildcard."""
    return int(text) if text is not None and text.isdigit() else None


def _python_clause(text: str) -> Clause | None:
    """One clause of a PEP 440 specifier (or Poetry's ``^``/``~``) as a test of a minor."""
    match = _PEP440.fullmatch(text)
    if match is None:
        return None
    op, major_text, minor_text, patch_text = match.groups()
    op = op or "=="
    major, minor, patch = int(major_text), _number(minor_text), _number(patch_text)
    wildcard = "*" in (minor_text, patch_text)
    if minor is None:  # ``>=3``, ``<4``, ``==3.*``: whole majors
        whole: dict[str, Clause] = {
            ">=": lambda v: v[0] >= major, ">": lambda v: v[0] >= major,
            "<=": lambda v: v[0] <= major, "<": lambda v: v[0] < major,
            "==": lambda v: v[0] == major,
            # ``!=3`` is 3.0.0 alone (PEP 440 pads it with zeros); ``!=3.*`` the major
            "!=": lambda v: v[0] != major if wildcard else True,
            "^": lambda v: v[0] == major, "~": lambda v: v[0] == major,
        }
        return whole.get(op)
    at = (major, minor)
    partial = bool(patch)  # ``<3.9.1``: part of the minor is below the bound
    clauses: dict[str, Clause] = {
        ">=": lambda v: v >= at,
        ">": lambda v: v >= at,  # ``>3.7`` admits 3.7.1: part of the minor is above it
        "<=": lambda v: v <= at,
        "<": lambda v: v <= at if partial else v < at,
        "==": lambda v: v == at, "===": lambda v: v == at,
        # ``!=3.8`` is 3.8.0 alone (zero-padded) and leaves the minor; ``!=3.8.*`` is all of it
        "!=": lambda v: v != at if wildcard else True,
        "~=": (lambda v: v == at) if patch_text is not None else (
            lambda v: v >= at and v[0] == major),
        "^": lambda v: v >= at and v[0] == major,
        "~": lambda v: v == at,
    }
    return clauses.get(op)


def python_versions(specifier: str) -> frozenset[Version] | None:
    """The Python minors a ``requires-python`` specifier admits; None when a clause is not
    read. Clauses joined by commas all hold; Poetry's ``||`` joins alternatives."""
    admitted: set[Version] = set()
    for alternative in specifier.split("||"):
        clauses = [_python_clause(part) for part in alternative.split(",") if part.strip()]
        if not clauses or any(clause is None for clause in clauses):
            return None
        admitted.update(v for v in _PYTHON_VERSIONS
                        if all(clause(v) for clause in clauses if clause is not None))
    return frozenset(admitted)


def _node_comparator(text: str) -> Clause | None:
    match = _SEMVER.fullmatch(text)
    if match is None:
        return None
    op, major_text, minor_text, patch_text = match.groups()
    major = _number(major_text)
    if major is None:  # ``*``, ``x``: any version
        return lambda v: True
    within = (_number(minor_text) or 0, _number(patch_text) or 0) != (0, 0)
    clauses: dict[str | None, Clause] = {
        ">=": lambda v: v[0] >= major,
        # ``>18.0.0`` admits 18.0.1, ``>18`` and ``>18.x`` start at 19
        ">": lambda v: v[0] >= major if _number(minor_text) is not None else v[0] > major,
        "<=": lambda v: v[0] <= major,
        "<": lambda v: v[0] <= major if within else v[0] < major,
        None: lambda v: v[0] == major, "=": lambda v: v[0] == major,
        "^": lambda v: v[0] == major, "~": lambda v: v[0] == major,
    }
    return clauses[op]


def node_versions(range_text: str) -> frozenset[Version] | None:
    """The Node majors an ``engines.node`` range admits; None when a comparator is not
    read. ``||`` joins alternatives; an alternative's comparators (space-separated, or a
    hyphen range ``18 - 20``) all hold."""
    admitted: set[Version] = set()
    for alternative in range_text.split("||"):
        # an operator may be written apart from its version (``>= 18``)
        words = re.sub(r"(>=|<=|>|<|=|\^|~)\s++", r"\1", alternative.strip()).split()
        if len(words) == 3 and words[1] == "-":
            low, high = _node_comparator(">=" + words[0]), _node_comparator("<=" + words[2])
            clauses = [low, high]
        else:
            clauses = [_node_comparator(word) for word in words] or [lambda v: True]
        if any(clause is None for clause in clauses):
            return None
        admitted.update(v for v in _NODE_VERSIONS
                        if all(clause(v) for clause in clauses if clause is not None))
    return frozenset(admitted)


def _pyproject_specifier(text: str) -> str | None:
    data = load_manifest("pyproject.toml", text)
    if data is None:
        return None
    project = data.get("project")
    if isinstance(project, dict) and isinstance(project.get("requires-python"), str):
        return project["requires-python"]
    poetry = data.get("tool", {}).get("poetry", {}) if isinstance(data.get("tool"), dict) else {}
    dependencies = poetry.get("dependencies") if isinstance(poetry, dict) else None
    python = dependencies.get("python") if isinstance(dependencies, dict) else None
    return python if isinstance(python, str) else None


def _setup_cfg_specifier(text: str) -> str | None:
    return setup_cfg_option(text, "options", "python_requires")


def _setup_py_specifier(text: str) -> str | None:
    match = _SETUP_PY.search(text)
    return None if match is None else match.group(1) or match.group(2)


_PYTHON_READERS = (("pyproject.toml", _pyproject_specifier), ("setup.cfg", _setup_cfg_specifier),
                   ("setup.py", _setup_py_specifier))


def _classified(texts: list[str]) -> frozenset[Version] | None:
    """The Python minors the first manifest listing any names in its trove classifiers
    (``Programming Language :: Python :: 3.8``)."""
    for text in texts:
        versions = frozenset((int(major), int(minor))
                             for major, minor in _CLASSIFIER.findall(text))
        if versions:
            return versions
    return None


Support = dict[str, tuple[str, frozenset[Version]]]
"""Runtime -> (where its versions were read: a specifier, or a list of classifiers; the
versions admitted). A list of classifiers skips minors a range admits, so a side of each
kind are compared by their floors only (:func:`dropped`)."""


def _python(read: ManifestReader) -> tuple[str, frozenset[Version]] | None:
    """(source, the Python minors) one package folder admits: the first of pyproject.toml,
    setup.cfg and setup.py declaring ``requires-python``, else the minors its classifiers
    list (flask's setup.py before ``python_requires`` existed). None when it cannot be told:
    a specifier read in part, or setup.py's ``python_requires`` given as a variable."""
    texts = []
    for name, reader in _PYTHON_READERS:
        text = read(name)
        if text is None:
            continue
        specifier = reader(text)
        if specifier is not None:
            versions = python_versions(specifier)
            return None if versions is None else ("specifier", versions)
        if name == "setup.py" and "python_requires" in text:
            return None  # not a string this reader can read: the side is not judged
        texts.append(text)
    classified = _classified(texts)
    return None if classified is None else ("classifiers", classified)


def supported(read: ManifestReader) -> Support:
    """The runtimes one package folder's manifests declare in a form read whole, with the
    versions they admit: Python's (:func:`_python`), package.json's ``engines.node``."""
    found: Support = {}
    python = _python(read)
    if python is not None:
        found[PYTHON] = python
    package_json = read("package.json")
    if package_json is not None:
        data = load_manifest("package.json", package_json)
        engines = data.get("engines") if data is not None else None
        node = engines.get("node") if isinstance(engines, dict) else None
        versions = node_versions(node) if isinstance(node, str) else None
        if versions is not None:
            found[NODE] = ("specifier", versions)
    return found


def dropped(before: Support, after: Support) -> list[str]:
    """The versions ``before`` admits that ``after`` no longer does, below a version it still
    admits (a floor raised, or one version cut out; a new upper bound drops nothing docs
    could have promised yet), as docs write them: ``Python 3.8``, ``Node.js 18``. A runtime
    one side does not declare, or admits no version of, is not judged. Where the sides read
    different kinds of source (fastapi's flit classifiers, then hatch's ``requires-python``)
    only the floor counts: a list of classifiers skips minors a range admits."""
    found: list[str] = []
    for runtime, (source, old) in before.items():
        new_source, new = after.get(runtime, ("", frozenset()))
        if not new:
            continue
        bound = max(new) if new_source == source else min(new)
        found.extend(f"{runtime} {'.'.join(map(str, version))}"
                     for version in sorted(old - new) if version < bound)
    return found
