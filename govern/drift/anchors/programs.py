"""Program names setuptools manifests declare: ``console_scripts`` in setup.cfg's
``[options.entry_points]`` and in setup.py's ``entry_points``, in the shape
``govern.drift.anchors.commands.parse_scripts`` gives for ``[project.scripts]``
(``"module:attr" -> every program bound to it``)."""

from __future__ import annotations

import re

from govern.git.packages import setup_cfg_option

_ENTRY = re.compile(r"^\s*+([\w.-]++)\s*+=\s*+([\w.]++:[\w.]++)\s*+$")
_SETUP_PY = re.compile(r"""console_scripts["']\s*+[:=,]\s*+[\[(]([^\])]{0,20000}+)""")
_LITERAL = re.compile(r"""["']([^"'\n]{1,300}+)["']""")


def _add(found: dict[str, tuple[str, ...]], entry: str) -> None:
    match = _ENTRY.match(entry)
    if match:
        found[match.group(2)] = (*found.get(match.group(2), ()), match.group(1))


def parse_setup_scripts(filename: str, source: str) -> dict[str, tuple[str, ...]]:
    """``console_scripts`` of a setup.cfg or setup.py (``filename`` tells which)."""
    found: dict[str, tuple[str, ...]] = {}
    if filename == "setup.cfg":
        entries = setup_cfg_option(source, "options.entry_points", "console_scripts") or ""
        for line in entries.splitlines():
            _add(found, line)
    elif filename == "setup.py":
        for block in _SETUP_PY.finditer(source):
            for literal in _LITERAL.finditer(block.group(1)):
                _add(found, literal.group(1))
    return found
