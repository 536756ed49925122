"""What a page's own code binds a name to (docs/concepts/anchoring-rules.md#certain-drift).

A page whose example writes ``from html import escape`` means the standard library's
``escape``, not a removed ``werkzeug.utils.escape``; one whose example defines ``async def
read_body(...)`` means its own function. The statements read here: Python's ``from X import
a, b as c`` (one line, or a parenthesized list), JS/TS ``import a, { b as c } from 'X'`` and
``import * as ns from 'X'`` (over several lines too: docs-refs reads them here as well), and
the forms that declare a name at a line's start (``def``, ``class``, ``function``,
``const``/``let``/``var NAME =``, a JS ``async NAME(`` method). They are also the import
statements a code file re-exports through (``still_declared``).

The text is a page's or a repository's: every pattern is possessive, and a bracketed list or
an import clause is read up to its end once, so a read is linear in the text.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator
from dataclasses import dataclass

from govern.drift.docs.scanner import fence_language, fenced_blocks

_NAME = r"[A-Za-z_$][\w$]*+"
_PYTHON_FROM = re.compile(r"^[ \t]*+(?:>>>[ \t]++)?from[ \t]++([\w.]++)[ \t]++import[ \t]*+",
                          re.M)
_JS_IMPORT = re.compile(r"^[ \t]*+import(?![\w$])", re.M)
"""An import statement's start: at a line's start, so one a string or prose writes within a
line is none."""
_JS_COMMENTED = r"//[^\n]*+|/\*(?:[^*]++|\*(?!/))*+(?:\*/)?+"
"""A comment; a ``/*`` never closed runs to the text's end, as a compiler reads it."""
_JS_COMMENT = re.compile(_JS_COMMENTED)
_JS_CLAUSE = re.compile(
    rf"(?:[\w$,{{}}*]++|[^\S\n]++|\n(?![ \t]*+import(?![\w$]))|{_JS_COMMENTED})*+")
"""What an import clause may be made of (``a, { b as c }``, ``* as ns``, over several lines,
with comments) up to the module's quote, ``from`` included. It runs to no line that starts
another import, so the search goes on after it, matched or not: each character is read
once."""
_JS_CHAINED = re.compile(r"[ \t]*+;[ \t]*+import(?![\w$])")
"""Another import after one, on its line (``import a from "a"; import b from "b"``)."""
_JS_TOKEN = re.compile(r"[A-Za-z_$][\w$]*+|\S")
_JS_MODULE = re.compile(r"""(['"])([^'"\n]{1,200}+)\1""")
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


@dataclass(frozen=True)
class JsBinding:
    """A name an import statement binds."""

    own: str | None
    """Its name in the module: ``default`` for a default import, None for a namespace's."""
    local: str
    at: int
    """Where it is written: the name in the module's (``a`` of ``a as b``), else the local's."""


@dataclass(frozen=True)
class JsImport:
    """One ``import … from 'X'`` statement."""

    module: str
    default: JsBinding | None
    """``x`` of ``import x from 'X'``."""
    namespace: JsBinding | None
    """``ns`` of ``import * as ns from 'X'``."""
    named: tuple[JsBinding, ...]
    """Those of its ``{ … }`` list (``{ default as x }`` too)."""

    @property
    def bindings(self) -> list[JsBinding]:
        return [binding for binding in (self.default, self.namespace, *self.named)
                if binding is not None]


def js_import_statements(text: str) -> Iterator[JsImport]:
    """Each ``import … from 'X'`` statement of ``text`` that binds a name: a default import, ``*
    as ns``, a ``{ a, type b, c as d }`` list, a leading ``type``; over several lines, with
    comments. One starts a line, or follows another on its line after a ``;``: one a string
    writes (``"done; import { a } from 'b'"``) is none, and nor is prose that is no clause
    (``import { everything the guide lists } from "ax"``). The one reader of JS/TS imports on
    pages, for docs-drift and docs-refs alike."""
    if "import" not in text:  # read over every page: the search tries each offset
        return
    at = 0
    while (statement := _JS_IMPORT.search(text, at)) is not None:
        start = statement.end()
        while True:
            clause = _JS_CLAUSE.match(text, start)
            assert clause is not None  # it matches the empty string
            at = max(clause.end(), start + 1)
            module = _JS_MODULE.match(text, clause.end())
            found = _js_clause(clause.group(), clause.start()) if module else None
            if module is None or found is None:
                break
            at = module.end()
            if any(found):
                yield JsImport(module.group(2), *found)
            chained = _JS_CHAINED.match(text, at)
            if chained is None:
                break
            start = chained.end()


def _js_clause(clause: str, offset: int
               ) -> tuple[JsBinding | None, JsBinding | None, tuple[JsBinding, ...]] | None:
    """The default, namespace and listed bindings an import clause (``a, { b as c } from``)
    makes, each placed at ``offset`` plus its place in the clause; None when it is no
    clause."""
    tokens = [(m.group(), m.start() + offset)
              for m in _JS_TOKEN.finditer(_JS_COMMENT.sub(lambda c: " " * len(c.group()),
                                                          clause))]
    if len(tokens) < 2 or tokens[-1][0] != "from":
        return None
    tokens.pop()
    if tokens[0][0] == "type" and len(tokens) > 1 and tokens[1][0] != ",":
        tokens.pop(0)  # ``import type { A }``, not the default import ``type``
    default = None
    if _IDENTIFIER.fullmatch(tokens[0][0]):
        default = JsBinding("default", *tokens[0])
        if len(tokens) == 1:
            return default, None, ()
        if tokens[1][0] != "," or len(tokens) == 2:
            return None
        tokens = tokens[2:]
    words = [word for word, _ in tokens]
    if words[:2] == ["*", "as"] and len(words) == 3 and _IDENTIFIER.fullmatch(words[2]):
        return default, JsBinding(None, *tokens[2]), ()
    listed = _js_specifiers(tokens[1:-1]) if words[0] == "{" and words[-1] == "}" else None
    return None if listed is None else (default, None, tuple(listed))


def _js_specifiers(tokens: list[tuple[str, int]]) -> list[JsBinding] | None:
    """The bindings of a ``{ … }`` list's tokens: ``a``, ``type a``, ``a as b``, ``type a as
    b``, comma-separated, a last comma allowed; None for anything else."""
    found: list[JsBinding] = []
    item: list[tuple[str, int]] = []
    for token in [*tokens, (",", -1)]:
        if token[0] != ",":
            item.append(token)
            continue
        words = [word for word, _ in item]
        if len(words) in (2, 4) and words[0] == "type":
            item, words = item[1:], words[1:]
        if not words and token[1] == -1:  # ``{ a, b, }``, ``{}``
            break
        if not (len(words) == 1 or (len(words) == 3 and words[1] == "as")) or not all(
                _IDENTIFIER.fullmatch(word) for word in words[::2]):
            return None
        found.append(JsBinding(words[0], words[-1], item[0][1]))
        item = []
    return found


def js_imports(text: str) -> Iterator[tuple[str, str]]:
    """(module, bound) of each name an ``import … from 'X'`` statement binds
    (:func:`js_import_statements`)."""
    for statement in js_import_statements(text):
        for binding in statement.bindings:
            yield statement.module, binding.local


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
                if fence_language(self.text, start) == "diff":
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
