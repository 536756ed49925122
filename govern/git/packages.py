"""Packages in a monorepo: the package root of a path (the deepest ancestor holding a
manifest), package names from manifests, and the change-set exclusions of
docs/concepts/affected-docs.md#change-set."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from govern.core.json_input import parse_json

if TYPE_CHECKING:
    from govern.git.gitio import TreeEntry

_TEST_NAME = re.compile(
    r"test_[^/]*\.py|[^/]*_test\.py|conftest\.py|[^/]*\.(test|spec|bench|test-d)\.[^/]+"
    r"|[^/]+[-_]tests?\.[mc]?[jt]sx?|test\.(js|mjs|cjs|ts)|tests\.py")
"""A test file's own name (matched whole, on the name alone: a pattern searched over the
whole path is tried at every position of it, and this runs on every file of the tree).
``test.js`` is a whole package's tests under ava's and mocha's convention (got's root
``test.js``), ``tests.py`` a Django app's; ``test.py`` is left out, a module name as often
as a test. A script named with a ``-test``/``_test`` suffix is one too: commander's
``typings/commander-tests.ts`` type-checks calls such as ``requiredOption('--aaa')``, which
are no API, and Deno names its tests ``x_test.ts``."""
_TEST_DIRS = frozenset({"tests", "test", "__tests__", "__mocks__", "__fixtures__"})
EXAMPLE_DIRS = frozenset({"examples", "example", "docs_src", "docs", "doc"})
"""Folders of example code: what a tutorial shows the reader writing, never what they import."""
_SETUP_PY_NAME = re.compile(r"""\bname\s*=\s*["']([^"']+)["']""")

# Top-level manifest keys that never change what a package publishes.
_NPM_DEV_KEYS = frozenset({"scripts", "devDependencies"})
_PYPROJECT_DEV_KEYS = frozenset({"tool", "dependency-groups"})
_NPM_SHIPPED_SCRIPTS = frozenset({"preinstall", "install", "postinstall", "prepare",
                                  "prepublish", "prepublishOnly", "prepack", "postpack"})
"""npm scripts that run on every consumer's install, or that build what is published: not
dev-only, though ``scripts`` is."""
_BUILD_TOOLS = {"poetry": frozenset({"group", "dev-dependencies"}), "setuptools": frozenset(),
                "setuptools_scm": frozenset(), "hatch": frozenset({"envs"}), "flit": frozenset(),
                "pdm": frozenset({"dev-dependencies", "scripts"}), "maturin": frozenset(),
                "scikit-build": frozenset(), "meson-python": frozenset()}
"""``[tool.*]`` tables that name, build or give dependencies to the published package (Poetry's
name and dependencies live in ``[tool.poetry]``), with their sub-tables that are dev-only; any
other tool's table (pytest, ruff, mypy, …) is dev-only."""


def manifest_blobs(tree: Iterable[TreeEntry], names: Sequence[str]) -> dict[str, str]:
    """The blob id of each manifest file of a tree listing, by path (a submodule named like one
    is none)."""
    return {entry.path: entry.sha for entry in tree
            if entry.kind == "blob" and entry.path.rpartition("/")[2] in names}


def folder_manifests(folders: Iterable[str], manifests: Mapping[str, str], names: Sequence[str],
                     read_texts: Callable[[list[str]], Mapping[str, str | None]],
                     ) -> dict[str, list[tuple[str, str]]]:
    """Each folder's manifests that read as text, in the order of ``names``, as ``(path,
    text)``. ``manifests`` maps path to blob id (:func:`manifest_blobs`), and every text is
    asked of ``read_texts`` in one call, by blob id (``Git.read_texts``: a ``rev:path`` name
    makes git scan each folder on the path, quadratic in a folder of thousands of packages)."""
    present = {path: manifests[path] for folder in folders for name in names
               if (path := f"{folder}/{name}" if folder else name) in manifests}
    texts = read_texts(list(present.values()))
    found: dict[str, list[tuple[str, str]]] = {}
    for path, blob in present.items():
        if (text := texts.get(blob)) is not None:
            found.setdefault(path.rpartition("/")[0], []).append((path, text))
    return found


def package_dirs(paths: Iterable[str], manifests: Iterable[str]) -> frozenset[str]:
    """Directories (``""`` for the root) that hold one of the manifest file names."""
    names = set(manifests)
    found = set()
    for path in paths:
        folder, _, base = path.rpartition("/")
        if base in names:
            found.add(folder)
    return frozenset(found)


_DirSteps = tuple[dict[tuple[int, str], int], frozenset[int]]
_BUILT: dict[int, tuple[frozenset[str], _DirSteps]] = {}
"""The last few sets' trees, by the set's identity (the set is kept, so its id stays its own)."""
KEEP_BUILT = 4


def _dir_steps(dirs: frozenset[str]) -> _DirSteps:
    """``dirs`` as a tree of folder names: each folder an id, reached from its parent's id
    (``0``, the root) and its own name; and the ids of the folders in ``dirs``. Built once
    per set: a run asks for the package of every changed file against the same one. Found
    by the set's identity, not its value: an ``lru_cache`` compared a later run's equal set
    element by element on every call (``govern calibrate`` replays run after run in one
    process: 8,000 packages made its second run 1.6 s slower)."""
    built = _BUILT.get(id(dirs))
    if built is not None and built[0] is dirs:
        return built[1]
    steps: dict[tuple[int, str], int] = {}
    packages = set()
    for folder in dirs:
        if folder:
            node = 0
            for name in folder.split("/"):
                node = steps.setdefault((node, name), len(steps) + 1)
            packages.add(node)
    tree = steps, frozenset(packages)
    if len(_BUILT) >= KEEP_BUILT:
        del _BUILT[next(iter(_BUILT))]
    _BUILT[id(dirs)] = (dirs, tree)
    return tree


def package_of(path: str, dirs: frozenset[str]) -> str:
    """The package root of ``path``: its deepest ancestor in ``dirs``, else its top folder
    (a deleted package keeps a name that way), ``""`` for a top-level file."""
    # One walk down the path's folders, a look-up of one name each: testing each ancestor's
    # whole string costs its length per level, quadratic in a hostile path's depth.
    steps, packages = _dir_steps(dirs)
    *folders, _ = path.split("/")
    node, end, deepest = 0, -1, None
    for name in folders:
        step = steps.get((node, name))
        if step is None:
            break
        node, end = step, end + len(name) + 1
        if node in packages:
            deepest = end
    if deepest is not None:
        return path[:deepest]
    if "" in dirs:
        return ""
    return folders[0] if folders else ""


def is_test_file(path: str) -> bool:
    # each test name holds "test", "spec" or "bench", and each test folder's name "test",
    # "__mocks__" or "__fixtures__": substring tests turn most paths away before the pattern
    # and the split (every file of the tree: 4.7 -> 3.4 ms on objectstack's 6,000)
    folder, _, name = path.rpartition("/")
    return (("test" in name or "spec" in name or "bench" in name)
            and _TEST_NAME.fullmatch(name) is not None) or (
        ("test" in folder or "__mocks__" in folder or "__fixtures__" in folder)
        and not _TEST_DIRS.isdisjoint(folder.split("/")))


def is_example_file(path: str) -> bool:
    """Under a folder of example code (typer's ``docs_src/commands/tutorial004.py``), and not
    a docs site's own code under a tool's dot folder (vite's
    ``docs/.vitepress/theme/composables/sponsor.ts`` declares the ``useSponsor`` that
    ``acknowledgements.md`` calls: a page of the site, not a reader's program)."""
    folders = path.split("/")[:-1]
    return not EXAMPLE_DIRS.isdisjoint(folders) and not any(
        folder.startswith(".") for folder in folders)


_SPHINX_DIRS = frozenset({"docs", "doc", "documentation"})


def is_docs_config(path: str) -> bool:
    """Sphinx's ``conf.py`` in a docs folder: the docs tool's settings, not code its pages
    describe. Its names are Sphinx's (``suppress_warnings``), which pages about Sphinx name.
    Other docs sites' code is read as code: VitePress pages import their theme's components
    and composables (vite's ``acknowledgements.md`` uses ``useSponsor``), and leaving out
    ``.vitepress/`` and Docusaurus' config cost vite two hits for seven rows."""
    folders, _, name = path.rpartition("/")
    return name == "conf.py" and not _SPHINX_DIRS.isdisjoint(folders.split("/"))


def is_package_script(path: str, package_dir: str) -> bool:
    """In the package's own top-level ``scripts/`` folder (``src/scripts/`` is code)."""
    inside = path[len(package_dir) + 1 :] if package_dir else path
    return inside.startswith("scripts/")


def manifest_name(filename: str, text: str) -> tuple[str | None, bool]:
    """(package name, is private) read from a manifest's text; (None, False) when unreadable."""
    try:
        if filename == "package.json":
            data = parse_json(text)
            if isinstance(data, dict):
                name = data.get("name")
                return (name if isinstance(name, str) else None), data.get("private") is True
        elif filename == "pyproject.toml":
            data = tomllib.loads(text)
            name = data.get("project", {}).get("name") or (
                data.get("tool", {}).get("poetry", {}).get("name"))
            return (name if isinstance(name, str) else None), False
        elif filename == "setup.cfg":
            return setup_cfg_option(text, "metadata", "name"), False
        elif filename == "setup.py":
            match = _SETUP_PY_NAME.search(text)
            return (match.group(1) if match else None), False
    except (ValueError, tomllib.TOMLDecodeError, AttributeError, RecursionError):
        pass
    return None, False


_OPTION = re.compile(r"(?P<option>[^=:]*)(?P<vi>[=:])\s*(?P<value>.*)$")
r"""configparser's option line, read in one pass. Its own pattern,
``(?P<option>.*?)\s*(?P<vi>=|:)\s*(?P<value>.*)$``, tries every end of the name against the
run of blanks after it: one line of 40,000 blanks took 12 s. Up to the first delimiter reads
the same name: configparser strips a name's trailing blanks itself."""


def setup_cfg_option(text: str, section: str, option: str) -> str | None:
    """One option of a setup.cfg as setuptools reads it (``[metadata] name``; the same name
    in another section, or in a comment, is not it), with option lines read in one pass
    (``_OPTION``); None when it is absent or empty, or, as for an unreadable pyproject, when
    configparser refuses the file."""
    sections = setup_cfg(text)
    return None if sections is None else sections.get(section, {}).get(option) or None


def setup_cfg(text: str) -> dict[str, dict[str, str]] | None:
    """Every section of a setup.cfg with its options, as setuptools reads them (option
    lines read in one pass, ``_OPTION``; names lowercased); None when configparser refuses
    the file."""
    import configparser  # only a package with a setup.cfg is read with it

    class Parser(configparser.ConfigParser):
        OPTCRE = _OPTION

    parser = Parser(interpolation=None, strict=False)
    try:
        parser.read_string(text)
        return {section: dict(parser.items(section)) for section in parser.sections()}
    except (configparser.Error, ValueError):
        return None


_REQUIREMENT = re.compile(r"[ \t]*+([A-Za-z0-9][A-Za-z0-9._-]*+)[ \t]*+"
                          r"(?:\[([^\]\n]{0,200}+)\][ \t]*+)?")
_SPECIFIER_OPENINGS = frozenset("=<>!~;@,(")
"""What may follow a requirement's name and extras: a version, a marker, a URL (PEP 508)."""
_SEPARATORS = re.compile(r"[-_.]++")


def python_name(name: str) -> str:
    """A Python distribution's (or an extra's) name as PEP 503 compares them: lowercase, each
    run of ``-``, ``_`` and ``.`` one ``-`` (``Foo_Bar`` is ``foo-bar``)."""
    return _SEPARATORS.sub("-", name).lower()


def python_requirement(spec: str) -> tuple[str, tuple[str, ...]] | None:
    """(name, extras) of a PEP 508 requirement (``typer[standard] >=0.9; python_version >
    '3.8'``), compared as PEP 503 and 685 say (:func:`python_name`); None when the text is no
    requirement: a path, a URL, an option (``-e .``, ``git+https://…``)."""
    match = _REQUIREMENT.match(spec)
    if match is None or match.group(1)[-1] in "._-":
        return None
    rest = spec[match.end():]
    if rest and rest[0] not in _SPECIFIER_OPENINGS:
        return None
    extras = (match.group(2) or "").split(",")
    return python_name(match.group(1)), tuple(
        python_name(extra.strip()) for extra in extras if extra.strip())


def load_manifest(filename: str, text: str) -> dict[str, Any] | None:
    """A package.json's or TOML manifest's table; None for one that is no object."""
    try:
        data = parse_json(text) if filename == "package.json" else tomllib.loads(text)
    except (ValueError, tomllib.TOMLDecodeError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


def is_dev_only_manifest_change(filename: str, old_text: str, new_text: str) -> bool:
    """True when every change is dev-only: npm ``devDependencies`` and ``scripts`` (but for
    those run on a consumer's install or building what is published, ``_NPM_SHIPPED_SCRIPTS``);
    pyproject dependency groups and ``tool.*`` tables (but for the build tools' own,
    ``_BUILD_TOOLS``). Unparseable manifests and other formats are never dev-only: fail toward
    inclusion."""
    dev_keys = {"package.json": _NPM_DEV_KEYS, "pyproject.toml": _PYPROJECT_DEV_KEYS}.get(filename)
    if dev_keys is None:
        return False
    old, new = load_manifest(filename, old_text), load_manifest(filename, new_text)
    if old is None or new is None:
        return False
    changed = _changed(old, new)
    if not changed or not changed <= dev_keys:
        return False
    if filename == "package.json":
        return "scripts" not in changed or not _changed(
            _table(old, "scripts"), _table(new, "scripts")) & _NPM_SHIPPED_SCRIPTS
    tools_old, tools_new = _table(old, "tool"), _table(new, "tool")
    return all(tool not in _BUILD_TOOLS or _changed(
        _table(tools_old, tool), _table(tools_new, tool)) <= _BUILD_TOOLS[tool]
        for tool in _changed(tools_old, tools_new))


def _changed(old: dict[str, Any], new: dict[str, Any]) -> set[str]:
    return {key for key in old.keys() | new.keys() if old.get(key) != new.get(key)}


def _table(data: dict[str, Any], key: str) -> dict[str, Any]:
    """``data[key]`` when it is a table; empty otherwise (absent, or not a table: a change of
    it still shows, as a change of the key)."""
    value = data.get(key)
    return value if isinstance(value, dict) else {"": value} if key in data else {}
