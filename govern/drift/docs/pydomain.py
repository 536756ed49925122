"""Sphinx's Python domain as both page readers apply it: the roles and autodoc directives that
name Python objects, the module a page makes current for the relative names after it, and (for
the page scanner) the class whose directive body a name is written in; and mkdocstrings' block,
MkDocs' autodoc. The page scanner (affected-docs) and the reference reader (docs-refs) take
these from here, so a page names the same objects for both.
"""

from __future__ import annotations

import bisect
import re

PY_ROLES = ("func", "meth", "class", "attr", "mod", "exc", "data", "obj", "const", "property",
            "type")
"""The Python domain's cross-reference roles (``:func:``, ``:py:class:``, ``{py:meth}``)."""
AUTODOC = frozenset({"autofunction", "autoclass", "automodule", "automethod", "autoattribute",
                     "autoexception", "autodata", "autoproperty", "autodecorator"})
DECLARING = frozenset({"class", "exception", "function", "method", "classmethod",
                       "staticmethod", "attribute", "property", "data", "decorator",
                       "decoratormethod", "type"})
"""Hand-written Python-domain object directives (``.. method:: send``): they document the
object they name, in the current module and class, as an autodoc directive does."""
MODULE_DIRECTIVES = frozenset({"currentmodule", "module", "automodule"})
"""Directives that make their module current to the end of the page: ``py:module`` and
``py:currentmodule`` set it, and so does ``automodule``, which writes a ``py:module``."""
MAX_SCOPE = 200
"""The longest module or class name a page's relative names are looked up in, in characters:
a hostile page's megabyte "module" would otherwise be prefixed to every name written after it."""
DOTTED = re.compile(r"[A-Za-z_]\w*+(?:\.[A-Za-z_]\w*+)*+")
"""A Python dotted name (``pkg.mod.Name``)."""
MKDOCSTRINGS = re.compile(r"^:::[ \t]++(" + DOTTED.pattern + r")[ \t\r]*+$", re.M)
"""A mkdocstrings block: the whole rest of the line (group 1) one Python dotted path, the
identifier the Python handler takes. No ``$``: a Python path holds none, and the TypeScript
handler's identifier is a package (``::: @scope/pkg``), which neither reader resolves.
``::: mkdocs-click`` is another extension's block, ``::: tip Title`` a VitePress container, and
``:::tip`` a Docusaurus admonition: mkdocstrings would read a block with no space after
``:::``, but its pages write one. A bare ``::: tip`` cannot be told from ``::: httpx``, a
package's whole page: it is read as one, and names nothing where the code has no module
``tip``."""


def is_relative(kind: str) -> bool:
    """Whether Sphinx looks a role's or an object directive's target up in the current
    module (and class). ``:mod:`` and ``automodule`` name a module by its full name only."""
    return kind != "mod" and kind != "automodule" and (
        kind in PY_ROLES or kind in AUTODOC or kind in DECLARING)


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


CLASS_LEVEL_AUTODOC = frozenset({"automethod", "autoattribute", "autoproperty"})


def in_module(kind: str, name: str) -> bool:
    """Whether Sphinx looks ``name``, the target of a role or directive ``kind``, up in the
    current module. Autodoc takes a dotted target's module from the target itself, but for a
    member's class (``.. automethod:: Client.send`` is ``Client.send`` in the current module)."""
    if not kind.startswith("auto"):
        return True
    return name.count(".") < (2 if kind in CLASS_LEVEL_AUTODOC else 1)


def inside(scope: str | None, name: str) -> str | None:
    """``name`` looked up in the module or class ``scope``: inside it, unless written from it
    (``shop.Client`` under ``shop``); None when there is no scope."""
    if scope is None or name.startswith(scope + "."):
        return None
    return f"{scope}.{name}"


# A class directive, hand-written or autodoc's, in rst: its body is the lines indented under it.
_CLASS_MARK = re.compile(r"(?:class|exception)::")
_CLASS_LINE = re.compile(r"[ \t]*+\.\. (?:py:)?((?:auto)?(?:class|exception))::[ \t]*+([^\s(]*+)")


class ClassBodies:
    """The class whose rst directive body each offset of a page is in, for the scanner: the
    directives nested in a class's body (``.. automethod:: overlay`` under ``.. autoclass::
    Environment``) document its members, as Sphinx reads them. One pass over the lines from
    each outermost class directive to the end of its body, then a binary search per name.
    The class is named as Sphinx does: inside the class around it, else in the current module
    (:func:`in_module`)."""

    def __init__(self, text: str, modules: ModuleContexts) -> None:
        self._starts: list[int] = [0]
        self._classes: list[str | None] = [None]
        open_bodies: list[tuple[int, str | None]] = []  # (indent of the directive, its class)
        at, length = 0, len(text)
        while at < length:
            if not open_bodies:  # outside every body: on to the next line holding the mark
                mark = _CLASS_MARK.search(text, at)
                if mark is None:
                    break
                at = text.rfind("\n", at, mark.start()) + 1 or at
            end = text.find("\n", at)
            end = length if end < 0 else end
            indent = at
            while indent < end and text[indent] in " \t":
                indent += 1
            if indent < end:  # a blank line neither ends a body nor opens one
                depth = indent - at
                if open_bodies and open_bodies[-1][0] >= depth:
                    while open_bodies and open_bodies[-1][0] >= depth:
                        open_bodies.pop()
                    self._enter(at, open_bodies[-1][1] if open_bodies else None)
                directive = _CLASS_LINE.match(text, at, end)
                if directive is not None:
                    outer = open_bodies[-1][1] if open_bodies else None
                    cls = self._named(directive, outer, modules.at(at))
                    open_bodies.append((depth, cls))
                    self._enter(end, cls)  # the body starts on the next line
            at = end + 1

    @staticmethod
    def _named(directive: re.Match[str], outer: str | None, module: str | None) -> str | None:
        written = scope_named(directive.group(2))
        if written is None:
            return None
        if outer is not None:
            # a class nested thousands deep is named by no more than a scope is kept
            return scope_named(inside(outer, written) or written)
        if not in_module(directive.group(1), written):
            return written
        return scope_named(inside(module, written) or written)

    def _enter(self, offset: int, cls: str | None) -> None:
        self._starts.append(offset)
        self._classes.append(cls)

    def __bool__(self) -> bool:
        return len(self._starts) > 1

    def at(self, offset: int) -> str | None:
        return self._classes[bisect.bisect_right(self._starts, offset) - 1]
