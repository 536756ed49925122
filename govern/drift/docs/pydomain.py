"""Sphinx's Python domain as both page readers apply it: the roles and autodoc directives that
name Python objects, and the module a page makes current for the relative names after it. The
page scanner (affected-docs) and the reference reader (docs-refs) take these from here, so a
page names the same objects for both.
"""

from __future__ import annotations

import bisect
import re

PY_ROLES = ("func", "meth", "class", "attr", "mod", "exc", "data", "obj", "const", "property",
            "type")
"""The Python domain's cross-reference roles (``:func:``, ``:py:class:``, ``{py:meth}``)."""
AUTODOC = frozenset({"autofunction", "autoclass", "automodule", "automethod", "autoattribute",
                     "autoexception", "autodata", "autoproperty", "autodecorator"})
MODULE_DIRECTIVES = frozenset({"currentmodule", "module", "automodule"})
"""Directives that make their module current to the end of the page: ``py:module`` and
``py:currentmodule`` set it, and so does ``automodule``, which writes a ``py:module``."""
MAX_SCOPE = 200
"""The longest module or class name a page's relative names are looked up in, in characters:
a hostile page's megabyte "module" would otherwise be prefixed to every name written after it."""
DOTTED = re.compile(r"[A-Za-z_]\w*+(?:\.[A-Za-z_]\w*+)*+")
"""A Python dotted name (``pkg.mod.Name``)."""


def is_relative(kind: str) -> bool:
    """Whether Sphinx looks a role's or an autodoc directive's target up in the current
    module (and class). ``:mod:`` and ``automodule`` name a module by its full name only."""
    return kind != "mod" and kind != "automodule" and (kind in PY_ROLES or kind in AUTODOC)


def scope_named(argument: str) -> str | None:
    """The module (or class) a directive's argument makes the scope of relative names: none
    for ``None`` (Sphinx's way to unset the current module), nothing, or what is no dotted name
    of at most ``MAX_SCOPE`` characters."""
    if len(argument) > MAX_SCOPE or argument == "None" or not DOTTED.fullmatch(argument):
        return None
    return argument


# The rst directive (``.. py:currentmodule:: pkg``) and the MyST fence (```` ```{currentmodule}
# pkg ````, ``:::{module} pkg``), wherever a page writes them: the scanner reads a page's names
# without telling its regions apart. A line is read only where its mark is found (a literal,
# which the search jumps between), and each line once.
_MODULE_MARK = re.compile(r"module(?:::|\})")
_MODULE_LINE = re.compile(
    r"[ \t]*+(?:\.\. |[`~:]{3,}+[ \t]*+\{)(?:py:)?(?:current|auto)?module(?:::|\})[ \t]*+"
    r"([^\s`]*+)")


class ModuleContexts:
    """The module current at each offset of a page, for the scanner: one pass over the page's
    module directives, then a binary search per name."""

    def __init__(self, text: str) -> None:
        self._starts: list[int] = [0]
        self._modules: list[str | None] = [None]
        at = 0  # the start of the first line not read yet
        for mark in _MODULE_MARK.finditer(text):
            if mark.start() < at:
                continue  # on a line read already
            start = text.rfind("\n", at, mark.start()) + 1 or at
            directive = _MODULE_LINE.match(text, start)
            if directive is not None:
                self._starts.append(directive.end())
                self._modules.append(scope_named(directive.group(1)))
            at = text.find("\n", mark.end()) + 1 or len(text)

    def __bool__(self) -> bool:
        return len(self._starts) > 1

    def at(self, offset: int) -> str | None:
        return self._modules[bisect.bisect_right(self._starts, offset) - 1]
