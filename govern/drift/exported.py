"""Instances a JavaScript package exports: commander's ``index.js`` long ended ``exports =
module.exports = new Command;`` and its README wrote ``var program = require('commander')``,
so ``program`` is a ``Command`` there though no page calls the class
(docs/concepts/anchoring-rules.md#instance-names).

The code side is the package's entry file, one pass of one pattern; the docs side is the
page's ``require`` and ``import`` bindings, one pass of another.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable, Mapping, Sequence

from govern.core.json_input import parse_json
from govern.drift.anchors.extract import Candidate, Side
from govern.git.packages import package_of

DEFAULT = ""
"""The export name of a package's default export (``module.exports``, ``export default``)."""
MAX_ENTRY_BYTES = 1_000_000
"""An entry file larger than this is a bundle, not the hand-written file that says what the
package exports: not read."""

_NAME = r"[A-Za-z_$][\w$]*+"
_EXPORTED_INSTANCE = re.compile(
    rf"(?<![\w$.])(?:(?:module\.)?exports\.({_NAME})[ \t]*+=|module\.exports[ \t]*+="
    rf"|export[ \t]++default|export[ \t]++(?:const|let|var)[ \t]++({_NAME})[ \t]*+"
    rf"(?::[ \t]*+[\w$.]++[ \t]*+)?=)[ \t]*+(?:new[ \t]++(?:{_NAME}\.)*+({_NAME})"
    rf"|((?:module\.)?exports)(?![\w$.]))")
"""An export of a new instance: the named export (group 1, ``exports.program =``, or group 2,
``export const program =``), else the default one (``module.exports =``, ``exports =
module.exports =``, ``export default``); then the class it makes (group 3, ``new Command``,
``new lib.Command()``), or the default export itself (group 4: ``exports.program = exports``
names the default instance). Possessive, so one pass over a hostile entry file stays
linear."""

_BINDING = re.compile(
    rf"(?<![\w$.])(?:(?:({_NAME})|\{{([^{{}}]*+)\}})[ \t]*+=[ \t]*+require[ \t]*+\([ \t]*+"
    rf"|import[ \t]++(?:({_NAME})[ \t]*+,?[ \t]*+)?(?:\{{([^{{}}]*+)\}}[ \t]*+)?from[ \t]*+)"
    r"""['"]([^'"\n]*+)['"]""")
"""A binding of a module (group 5): its default bound to a name, ``program = require('x')``
(group 1) or ``import program from 'x'`` (group 3), and its named exports destructured,
``{ program } = require('x')`` (group 2) or ``import { program } from 'x'`` (group 4). A
brace group holds no brace (a nested pattern binds nothing here), so each attempt's scan ends
at the next brace: one pass stays linear."""
_BOUND_AS = re.compile(rf"({_NAME})(?:[ \t\n]*+(?::|as[ \t\n])[ \t\n]*+({_NAME}))?")
"""One destructured export and the local name it is bound to: ``program``, ``program:
cli`` (``require``), ``program as cli`` (``import``)."""


def entry_instances(text: str) -> dict[str, set[str]]:
    """For each class an entry file's exports are new instances of, their export names
    (:data:`DEFAULT` for the default). ``exports.program = exports`` is the default instance's
    class under a second name, as commander's ``index.js`` wrote it from 2020 to 2023."""
    made: dict[str, set[str]] = {}
    aliases: set[str] = set()
    for match in _EXPORTED_INSTANCE.finditer(text):
        name = match.group(1) or match.group(2) or DEFAULT
        if match.group(3):
            made.setdefault(match.group(3), set()).add(name)
        elif name != DEFAULT:
            aliases.add(name)
    for names in made.values():
        if DEFAULT in names:
            names |= aliases
    return made


def page_bindings(text: str) -> dict[str, dict[str, frozenset[str]]]:
    """For each module a page's code requires or imports, the local names each of its
    exports is bound to (:data:`DEFAULT` for the module itself)."""
    found: dict[str, dict[str, set[str]]] = {}
    for match in _BINDING.finditer(text):
        bound = found.setdefault(match.group(5), {})
        if default := match.group(1) or match.group(3):
            bound.setdefault(DEFAULT, set()).add(default)
        for item in (match.group(2) or match.group(4) or "").split(","):
            if (named := _BOUND_AS.fullmatch(item.strip())) is not None:
                bound.setdefault(named.group(1), set()).add(named.group(2) or named.group(1))
    return {module: {export: frozenset(names) for export, names in exports.items()}
            for module, exports in found.items()}


def _entry_paths(package_dir: str, manifest: str | None) -> list[str]:
    """The files that may be the package's entry: its ``package.json`` ``main`` as Node
    resolves it (``index`` read as ``index.js``, a folder as its ``index.js``), ``index.js``,
    where Node falls back to, and ``src/index.ts``, a TypeScript package's source entry when
    its ``main`` names a build output the repository does not hold."""
    try:
        data = parse_json(manifest) if manifest is not None else None
    except ValueError:
        data = None
    main = data.get("main") if isinstance(data, dict) else None
    paths = [main, f"{main}.js", f"{main}/index.js"] if isinstance(main, str) and main else []
    return list(dict.fromkeys(posixpath.normpath(posixpath.join(package_dir, path))
                              for path in (*paths, "index.js", "src/index.ts")))


def _entry_texts(side: Side, package_dir: str) -> list[str]:
    """The text of each entry file this side holds, of those small enough to be one."""
    manifest = side.manifest(package_dir, "package.json")
    return [data.decode("utf-8", "replace") for path in _entry_paths(package_dir, manifest)
            if not path.startswith("../") and side.exists(path)
            and (data := side.source(path)) is not None and len(data) <= MAX_ENTRY_BYTES]


def exported_instances(containers: Iterable[Candidate], package_names: Mapping[str, str],
                       package_dirs: frozenset[str], sides: Sequence[Side],
                       ) -> dict[str, set[tuple[str, str]]]:
    """For each container of ``containers`` (changed members' candidates), the (package
    name, export name) pairs its package exports an instance of it as, on either side. Only
    the entry files of the named packages that hold such a member are read, once a side."""
    wanted: dict[str, set[str]] = {}
    for candidate in containers:
        assert candidate.declaration is not None and candidate.declaration.container is not None
        folder = package_of(candidate.file, package_dirs)
        if folder in package_names:
            wanted.setdefault(folder, set()).add(candidate.declaration.container)
    found: dict[str, set[tuple[str, str]]] = {}
    for folder, classes in sorted(wanted.items()):
        for text in (text for side in sides for text in _entry_texts(side, folder)):
            for cls, names in entry_instances(text).items():
                if cls in classes:
                    found.setdefault(cls, set()).update(
                        (package_names[folder], name) for name in names)
    return found
