"""What a page's own code binds a name to (docs/concepts/anchoring-rules.md#certain-drift).

A page whose example writes ``from html import escape`` means the standard library's
``escape``, not a removed ``werkzeug.utils.escape``; one whose example defines ``async def
read_body(...)`` means its own function. The statements read here: Python's ``from X import
a, b as c`` (one line, or a parenthesized list), JS/TS ``import a, { b as c } from 'X'`` and
``import * as ns from 'X'``, and the forms that declare a name at a line's start (``def``,
``class``, ``function``, ``const``/``let``/``var NAME =``, a JS ``async NAME(`` method). They
are also the import statements a code file re-exports through (``still_declared``).

The text is a page's or a repository's: every pattern is possessive and cannot cross a line,
and a bracketed list is read up to its closing bracket once, so a read is linear in the text.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator

from govern.drift.docs.scanner import fenced_blocks

_NAME = r"[A-Za-z_$][\w$]*+"
_PYTHON_FROM = re.compile(r"^[ \t]*+(?:>>>[ \t]++)?from[ \t]++([\w.]++)[ \t]++import[ \t]*+",
                          re.M)
_JS_IMPORT = re.compile(r"^[ \t]*+import[ \t]++(?:type[ \t]++)?", re.M)
_JS_CLAUSE = re.compile(r"[\w$\s,{}*]*+")
"""What an import clause is made of (``a, { b as c }``, ``* as ns``) up to the module's quote,
``from`` included."""
_QUOTED = re.compile(r"""(['"])([^'"\n]*+)\1""")
_COMMENT = re.compile(r"(?:#|//)[^\n]*+")
_DECLARATIONS = (
    re.compile(r"^[ \t]*+(?:>>>[ \t]++)?(?:export[ \t]++(?:default[ \t]++)?)?(?:async[ \t]++)?"
               r"(?:def|class|function)[ \t*]++(" + _NAME + ")", re.M),
    re.compile(r"^[ \t]*+(?:export[ \t]++)?(?:const|let|var)[ \t]++(" + _NAME
               + r")[ \t]*+(?::[^=\n]*+)?=(?!=)", re.M),
    re.compile(r"^[ \t]*+async[ \t]++(" + _NAME + r")[ \t]*+\(", re.M),
)
_IDENTIFIER = re.compile(_NAME)


def bound_names(items: str) -> Iterator[tuple[str, bool]]:
    """(bound name, whether written with ``as``) of each item of an import or export list:
    ``a``, ``a as b``, TS ``type a``; comments dropped, ``*`` and anything else skipped."""
    for item in _COMMENT.sub("", items).replace("\\\n", " ").split(","):
        words = item.split()
        if len(words) > 1 and words[0] == "type":
            words = words[1:]
        aliased = len(words) == 3 and words[1] == "as"
        if (aliased or len(words) == 1) and _IDENTIFIER.fullmatch(words[-1]):
            yield words[-1], aliased


def python_imports(text: str) -> Iterator[tuple[str, str, bool]]:
    """(module, bound name, whether written with ``as``) of each name a ``from X import …``
    statement binds (``>>>`` doctest lines too). A parenthesized list runs to its ``)``;
    once one is left open, no later list is closed either, and each is read to its line's
    end."""
    at, unclosed = 0, False
    while (statement := _PYTHON_FROM.search(text, at)) is not None:
        start = statement.end()
        listed = text.startswith("(", start)
        end = text.find(")", start) if listed and not unclosed else -1
        unclosed = unclosed or (listed and end < 0)
        if end < 0:
            end = text.find("\n", start)
            end = len(text) if end < 0 else end
        for bound, aliased in bound_names(text[start + 1 if listed else start:end]):
            yield statement.group(1), bound, aliased
        at = end + 1


def js_imports(text: str) -> Iterator[tuple[str, str]]:
    """(module, bound) of each name an ``import … from 'X'`` statement binds: a default
    import, ``* as ns``, and each of a ``{ a as b }`` list. Each clause is read once: the
    search goes on after it, matched or not."""
    at = 0
    while (statement := _JS_IMPORT.search(text, at)) is not None:
        clause = _JS_CLAUSE.match(text, statement.end())
        assert clause is not None  # it matches the empty string
        at = max(clause.end(), statement.end() + 1)
        words = clause.group().rsplit(None, 1)
        module = _QUOTED.match(text, clause.end())
        if module is None or len(words) != 2 or words[1] != "from":
            continue
        at = module.end()
        outside, _, rest = words[0].partition("{")
        listed, _, after = rest.partition("}")
        names = [bound for bound, _ in bound_names(listed)]
        for part in f"{outside},{after}".split(","):
            plain = part.split()
            if plain[:2] == ["*", "as"] and len(plain) == 3:
                plain = plain[2:]
            if len(plain) == 1 and _IDENTIFIER.fullmatch(plain[0]):
                names.append(plain[0])
        for bound in names:
            yield module.group(2), bound


def python_root(module: str) -> str | None:
    """The package a Python import's module is in (``html`` of ``html.parser``); None for a
    relative one (``.utils``), which is the page's own project."""
    return None if module.startswith(".") else module.partition(".")[0]


def js_root(specifier: str) -> str | None:
    """The package a JS import's specifier names (``valtio`` of ``valtio/utils``,
    ``@scope/pkg`` of ``@scope/pkg/sub``); None for a relative or absolute path."""
    if specifier.startswith((".", "/")):
        return None
    parts = specifier.split("/")
    return "/".join(parts[:2]) if specifier.startswith("@") else parts[0]


class PageCode:
    """The names one listed page's own code binds, read on first need: those it declares,
    and those it imports with the package of each import (None: a relative one)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._declared: set[str] | None = None
        self._imported: dict[str, set[str | None]] | None = None
        self._diff_lines: set[int] | None = None

    @property
    def diff_lines(self) -> set[int]:
        """The lines (1-based) inside a ```` ```diff ```` fence: a change shown as it was
        made, its removed names written on purpose."""
        if self._diff_lines is None:
            self._diff_lines = set()
            for start, end in fenced_blocks(self.text):
                opening = self.text.rfind("\n", 0, max(start - 1, 0)) + 1
                if self.text[opening:start].strip().lstrip("`~").strip().lower() == "diff":
                    first = self.text.count("\n", 0, start) + 1
                    self._diff_lines.update(range(first, first + self.text.count(
                        "\n", start, end) + 1))
        return self._diff_lines

    @property
    def declared(self) -> set[str]:
        if self._declared is None:
            self._declared = {match.group(1) for pattern in _DECLARATIONS
                              for match in pattern.finditer(self.text)}
        return self._declared

    @property
    def imported(self) -> dict[str, set[str | None]]:
        if self._imported is None:
            self._imported = {}
            for module, bound, _ in python_imports(self.text):
                self._imported.setdefault(bound, set()).add(python_root(module))
            for specifier, bound in js_imports(self.text):
                self._imported.setdefault(bound, set()).add(js_root(specifier))
        return self._imported

    def imports_elsewhere(self, name: str, own: Collection[str]) -> bool:
        """Whether the page's code imports ``name``, and only from packages other than
        ``own`` (never relatively): zustand's guides write ``import { createContext } from
        'react'``, which is React's."""
        sources = self.imported.get(name, set())
        return bool(sources) and not any(root is None or root in own for root in sources)

    def binds_elsewhere(self, name: str, own: Collection[str]) -> bool:
        """Whether the page's code binds ``name`` to another object: it imports it from none
        of the packages ``own`` (nor relatively), and imports it from another or declares it
        itself. A page importing it from one of ``own`` means that one, whatever else its
        code does."""
        sources = self.imported.get(name, set())
        if any(root is None or root in own for root in sources):
            return False
        return bool(sources) or name in self.declared
