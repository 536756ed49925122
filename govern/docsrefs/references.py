"""The code references a docs page writes, each with its line and column: Sphinx roles, autodoc
directives and mkdocstrings blocks, qualified names in code spans, imports in code fences, and
invocations of the repository's own programs in shell fences.

Pure and linear: every pattern is possessive or bounded, and a line longer than ``MAX_LINE``
is not read (a page is text a PR author controls).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from govern.core.text import split_lines
from govern.docsrefs.model import Reference, RefKind
from govern.drift.docs.page_code import js_import_statements
from govern.drift.docs.pydomain import (
    AUTODOC,
    DECLARING,
    DOTTED,
    MKDOCSTRINGS,
    MODULE_DIRECTIVES,
    PY_ROLES,
    is_relative,
    scope_named,
)
from govern.drift.docs.scanner import indented_code_lines

MAX_LINE = 4000
"""Longer lines are not read: no docs line that names code is that long."""

_PY_ROLES = "|".join(PY_ROLES)
_RST_ROLE = re.compile(
    rf"(?<![\w`]):(?:py:)?(?P<role>{_PY_ROLES}):`(?P<target>[^`\n]{{1,300}}+)`")
_MYST_ROLE = re.compile(rf"\{{(?:py:)?(?P<role>{_PY_ROLES})\}}`(?P<target>[^`\n]{{1,300}}+)`")
_MD_SPAN = re.compile(r"(`++)([^`\n]{1,300}+)\1")
_RST_SPAN = re.compile(r"``([^`\n]{1,300}+)``")
_ELLIPSES = ("...", "\u2026")
"""What follows a span that is a fragment of a name, not a name (one that ends in an
ellipsis is no name ``_SPAN_NAME`` matches)."""
_SPAN_NAME = re.compile(r"\s*+([A-Za-z_]\w*+(?:\.[A-Za-z_]\w*+)++)(?:\(\s*+\))?\s*+")
_MD_FENCE = re.compile(r"^ {0,3}(`{3,}+|~{3,}+)\s*+\{?([\w+-]*+)")
_MYST_DIRECTIVE = re.compile(
    r"^ {0,3}+(`{3,}+|~{3,}+|:{3,}+)[ \t]*+\{(?:py:)?([\w-]++)\}[ \t]*+(\S*+)")
"""A MyST directive fence (```` ```{name} argument ````, ``:::{name}`` with ``colon_fence``)."""
_RST_DIRECTIVE = re.compile(r"^(\s*+)\.\. (?:py:)?([\w-]++)::[ \t]*+(\S*+)")
_PY_FROM = re.compile(r"^\s*+from\s++([A-Za-z_][\w.]*+)\s++import\s++(\(?)([^#\n]*+)")
_PY_IMPORT = re.compile(r"^\s*+import\s++([^#\n]*+)")
_JS_STRING = re.compile(r"([\"'])((?:\\.|(?!\1)[^\\\n])*+)(?:\1|$)", re.M)
"""A quoted string on one line: its words are prose (``console.log("call z.parse")``), no
member of a binding. One never closed runs to the line's end: a match that could fail was
tried again from each escaped quote inside it, quadratic in the line (a 400 KB script of
``"\\"`` took 3 s)."""
_TS_MEMBER = re.compile(r"(?<![\w$.\"'`/])([A-Za-z_$][\w$]*+)\.([A-Za-z_$][\w$]*+)")
"""``ns.name`` in a script, not part of a longer member chain's tail, a string's start or a
path's file name (``require("axios/dist/browser/axios.cjs")``)."""


_ROUTE = re.compile(r"(?<![\w/])(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)[ \t]++"
                    r"(/[\w\-.:{}<>*]{0,200}+(?:/[\w\-.:{}<>*]{0,200}+){0,30}+)")
_ALIAS = re.compile(r"^[ \t>.]*+import[ \t]++([A-Za-z_][\w.]*+)[ \t]++as[ \t]++([A-Za-z_]\w*+)",
                    re.M)
_PROMPT = re.compile(r"^\s*+(?:\$|>>>|\.\.\.|%)\s?")
_BOUND_AFTER = re.compile(r"\s*+(?:,\s*+[\w.]++\s*+)*+(?::[^=\n]*+)?(?:[-+*/%&|^@]|//|\*\*|<<|>>)?="
                          r"(?!=)")
"""What follows a name a statement binds: ``= …``, ``+= …``, ``: int = …``, ``, other = …``."""
_BOUND_BEFORE = re.compile(r"(?:^|[\s;(])(?:del|for)\s++(?:[\w.]++\s*+,\s*+)*+$")
"""What precedes a name ``del`` removes or a ``for`` loop binds."""
_SHELL_STOP = frozenset({"|", "||", "&&", ";", ">", ">>", "<", "2>", "&"})

_FILE_SUFFIXES = frozenset(
    "py pyi toml cfg ini txt md mdx rst json yaml yml lock html htm js mjs cjs ts tsx jsx css "
    "sh env in csv xml svg png jpg gif log sql db sqlite sqlite3 j2 jinja whl gz zip tar "
    "pem crt key".split())
_CLASSES = frozenset({"class", "exception", "autoclass", "autoexception"})
_OBJECTS = DECLARING | AUTODOC - MODULE_DIRECTIVES
"""Python-domain object directives: Sphinx looks relative names of their body up in the class
they document, or the one a dotted name's prefix is (``Client`` of ``.. method:: Client.send``)."""
_CODE_DIRECTIVES = frozenset({"code-block", "code", "sourcecode"})
_PYTHON = frozenset({"python", "py", "python3", "pycon", "ipython", "pyi"})
_SHELL = frozenset({"bash", "sh", "shell", "console", "zsh", "shell-session", "sh-session",
                    "terminal"})
_SCRIPT = frozenset({"ts", "typescript", "tsx", "js", "javascript", "jsx", "mjs"})


def _without_comments(text: str) -> str:
    """``text`` with its ``//`` and ``/* */`` comments blanked, newlines kept, so an offset
    is still its place: ``// import { createStore } from 'pinia'`` recalls an old API. One
    pass, each opening searched for once past the last: linear on any text."""
    out: list[str] = []
    at, none = 0, len(text)  # ``none``: no such opening left

    def after(opening: str) -> int:
        found = text.find(opening, at)
        return none if found == -1 else found

    line = block = -1  # where the next of each opening is, searched for again once passed
    while True:
        line = after("//") if line < at else line
        block = after("/*") if block < at else block
        start = min(line, block)
        if start == none:
            out.append(text[at:])
            return "".join(out)
        close = text.find("*/", start + 2) if start == block else text.find("\n", start)
        end = none if close == -1 else close + (2 if start == block else 0)
        out.extend((text[at:start], re.sub(r"[^\n]", " ", text[start:end])))
        at = end


def _without_strings(script: str) -> str:
    """``script`` with the contents of its quoted strings blanked, so an offset is still its
    place."""
    return _JS_STRING.sub(lambda m: m.group(1) + " " * len(m.group(2))
                          + m.group(0)[1 + len(m.group(2)):], script)


@dataclass
class _Reader:
    """The state of one pass over a page: the scopes of relative names and the references
    found."""

    page: str
    programs: frozenset[str]
    aliases: dict[str, str] = field(default_factory=dict)
    """``import marimo as mo`` anywhere on the page: ``mo.ui`` in a code span is ``marimo.ui``."""
    module: str | None = None
    """The module the page made current (``.. currentmodule::``, ``{currentmodule}``)."""
    cls: str | None = None
    """The class whose directive body the line read is in."""
    found: list[Reference] = field(default_factory=list)
    documents: set[str] = field(default_factory=set)
    """The names hand-written object directives document, as Sphinx registers them."""
    bindings: dict[str, str] = field(default_factory=dict)
    """What each name a script fence's import binds makes of ``name.member`` after it, the
    reference's name without the member (:func:`_script_bindings`): ``zod:`` for ``z`` of
    ``import * as z from "zod"``. The last import read so far, or before the first, the
    page's first: a page names ``z.string()`` in a heading above the fence importing ``z``.
    A ``z.member`` outside the fence importing it is loose: the page may mean another
    package's ``z`` there (a tab of the same example for ``zod/mini``)."""

    def scopes(self) -> tuple[str, ...]:
        """Where a relative name written here is looked up, innermost first: the class (under
        the module, then as written: ``.. class:: shop.Client`` may name it in full), then the
        module."""
        if self.cls is None:
            return (self.module,) if self.module else ()
        return (f"{self.module}.{self.cls}", self.cls, self.module) if self.module else \
            (self.cls,)

    def add(self, line: int, column: int, kind: RefKind, name: str, search: bool = False,
            loose: bool = False, scoped: bool = False) -> None:
        self.found.append(Reference(self.page, line, column, kind, name,
                                    self.scopes() if scoped else (), search, loose))

    def directive(self, number: int, name: str, argument: str, column: int) -> str | None:
        """A directive, in rst or as a MyST fence; the class its body's relative names are
        looked up in. An autodoc or module directive names its target. A module directive also
        makes its module current for the rest of the page, as Sphinx does (a name under a
        module the code lacks is then not judged: the directive is, once). A hand-written
        object directive (``.. py:data:: SECRET_KEY``) documents a name roles link to."""
        written = scope_named(argument.split("(", 1)[0])
        if name in MODULE_DIRECTIVES:
            self.module = written
            if name == "module" and written:
                self.documents.add(written)
        elif name in DECLARING and written:
            documented = _nested(written, self.cls)
            if documented:
                self.documents.add(f"{self.module}.{documented}" if self.module else documented)
        if (name in MODULE_DIRECTIVES or name in AUTODOC) and argument != "None" and \
                DOTTED.fullmatch(argument):
            self.add(number, column, RefKind.DIRECTIVE, argument, scoped=is_relative(name))
        if written is None or name not in _OBJECTS:
            return self.cls
        return _nested(written, self.cls) if name in _CLASSES else \
            written.rpartition(".")[0] or self.cls

    def role(self, number: int, line: str, pattern: re.Pattern[str]) -> None:
        for match in pattern.finditer(line):
            raw, offset = match.group("target"), match.start("target")
            if raw.endswith(">") and "<" in raw:  # ``title <target>``
                start = raw.rfind("<") + 1
                inner = raw[start:-1].strip()
                offset += raw.index(inner, start) if inner else start
            else:
                inner = raw
            if inner.startswith("!"):
                continue  # ``:func:`!name``` asks for no link: the page knows it is not code
            target = inner.lstrip("~.")
            offset += len(inner) - len(target)
            if DOTTED.fullmatch(target) and not _is_file_name(target):
                self.add(number, offset + 1, RefKind.ROLE, target,
                         search=inner.lstrip("~").startswith("."),
                         scoped=is_relative(match.group("role")))

    def routes(self, number: int, line: str) -> None:
        for match in _ROUTE.finditer(line):
            path = match.group(2).rstrip(".")
            if len(path) > 1:
                self.add(number, match.start(1) + 1, RefKind.ROUTE, f"{match.group(1)} {path}")

    def spans(self, number: int, line: str, pattern: re.Pattern[str], group: int) -> None:
        for match in pattern.finditer(line):
            if match.start() and line[match.start() - 1] == "}":
                continue  # a MyST role's target, read as a role
            if line.startswith(_ELLIPSES, match.end()):
                continue  # a fragment: typer's "start typing `typer.File`..." is a prefix
            name = _SPAN_NAME.fullmatch(match.group(group))
            if name and not _is_file_name(name.group(1)):
                head, _, rest = name.group(1).partition(".")
                if head in self.bindings:  # ``z.string()``: zod's ``string``, loose (below)
                    self.add(number, match.start(group) + name.start(1) + 1, RefKind.CODE,
                             f"{self.bindings[head]}{rest.partition('.')[0]}", loose=True)
                    continue
                written = f"{self.aliases[head]}.{rest}" if head in self.aliases else \
                    name.group(1)
                self.add(number, match.start(group) + name.start(1) + 1, RefKind.CODE,
                         written, loose="(" not in name.group(0))

    def code_block(self, language: str, lines: list[tuple[int, str]]) -> None:
        """A fence or literal block: imports in Python and scripts, commands in shell, routes
        in any (an HTTP request written out)."""
        language = language.lower()
        for number, line in lines:
            self.routes(number, line)
        if language in _PYTHON or (not language and _looks_like_python(lines)):
            self.python_block(lines)
        elif language in _SCRIPT:
            self.script_block(lines)
        elif language in _SHELL or (not language and any(
                line.lstrip().startswith("$ ") for _, line in lines)):
            self.shell_block(lines)

    def python_block(self, lines: list[tuple[int, str]]) -> None:
        aliases: dict[str, str] = dict(self.aliases)
        bound: set[str] = set()  # dotted names the block itself assigns
        pending: tuple[int, str, str] | None = None  # a parenthesised ``from M import (``
        for number, raw in lines:
            line = _PROMPT.sub("", raw, count=1) if raw.lstrip().startswith(
                (">>>", "...")) else raw
            shift = len(raw) - len(line)
            if pending is not None:
                names, closed = line.split(")", 1)[0], ")" in line
                self.imported_names(number, line, pending[1], names, shift)
                pending = None if closed else pending
                continue
            found = _PY_FROM.match(line)
            if found:
                module = found.group(1)
                self.add(number, found.start(1) + 1 + shift, RefKind.IMPORT, module)
                names = found.group(3)
                if found.group(2) and ")" not in names:
                    pending = (number, module, "")
                self.imported_names(number, line, module, names.split(")", 1)[0], shift)
                continue
            plain = _PY_IMPORT.match(line)
            if plain:
                for part in plain.group(1).split(","):
                    words = part.split()
                    if not words or not DOTTED.fullmatch(words[0]):
                        continue
                    module = words[0]
                    alias = words[2] if len(words) == 3 and words[1] == "as" else None
                    aliases[alias or module.split(".", 1)[0]] = module if alias else \
                        module.split(".", 1)[0]
                    self.add(number, line.find(module) + 1 + shift, RefKind.IMPORT, module)
                continue
            for match in DOTTED.finditer(line):
                head, _, rest = match.group(0).partition(".")
                if not rest or head not in aliases or (match.start() and line[
                        match.start() - 1] in ".\"'"):
                    continue
                name = f"{aliases[head]}.{rest}"
                # a name the example binds (``pytest.my_symbol = MySymbol()``) is made here,
                # not one the code must hold; and so is every later use of it
                if name in bound or _BOUND_AFTER.match(line, match.end()) \
                        or _BOUND_BEFORE.search(line, 0, match.start()):
                    bound.add(name)
                    continue
                self.add(number, match.start() + 1 + shift, RefKind.CODE, name)

    def imported_names(self, number: int, line: str, module: str, names: str,
                       shift: int) -> None:
        if module.startswith("."):
            return  # relative to a file the page does not name
        for part in names.split(","):
            words = part.replace("(", " ").split()
            if words and DOTTED.fullmatch(words[0]) and words[0] != "*":
                column = line.find(words[0], line.find("import") + 6 if "import" in line else 0)
                self.add(number, column + 1 + shift, RefKind.IMPORT, f"{module}.{words[0]}")

    def script_block(self, lines: list[tuple[int, str]]) -> None:
        text = _without_comments("\n".join(line for _, line in lines))
        starts = [0]
        for _, line in lines:
            starts.append(starts[-1] + len(line) + 1)
        def add(at: int, name: str, kind: RefKind, loose: bool = False) -> None:
            index = bisect.bisect_right(starts, at) - 1  # the line ``at`` is on
            self.add(lines[min(index, len(lines) - 1)][0], at - starts[index] + 1, kind, name,
                     loose=loose)

        imports = [statement for statement in js_import_statements(text)
                   if not statement.module.startswith(".")]
        for statement in imports:
            for named in statement.named:
                add(named.at, f"{statement.module}:{named.own}", RefKind.IMPORT)
        for statement in imports:
            if statement.default is not None:
                # loose: TypeScript's ``esModuleInterop`` and bundlers give a CommonJS build a
                # default, and zustand's page on its v3 API writes ``import create from
                # "zustand"``, which no longer has one
                add(statement.default.at, f"{statement.module}:default", RefKind.IMPORT,
                    loose=True)
        here = dict(_script_bindings(text))
        self.bindings.update(here)
        if self.bindings:
            # Only the fence that imports the name says which package it is: zod's api.mdx
            # imports ``zod`` once, and its "Zod Mini" tabs write ``z.partial(Recipe)`` of
            # ``zod/mini``. Elsewhere a name the package lacks is loose, not reported.
            for match in _TS_MEMBER.finditer(_without_strings(text)):
                prefix = self.bindings.get(match.group(1))
                if prefix is not None:
                    add(match.start(), f"{prefix}{match.group(2)}", RefKind.CODE,
                        loose=here.get(match.group(1)) != prefix)

    def shell_block(self, lines: list[tuple[int, str]]) -> None:
        for number, line in _shell_commands(lines):
            command = _PROMPT.sub("", line, count=1).strip()
            words = command.split()
            if not words or words[0] not in self.programs:
                continue
            kept = []
            for word in words:
                if word in _SHELL_STOP or word.startswith("#"):
                    break
                kept.append(word)
            self.add(number, line.find(words[0]) + 1, RefKind.COMMAND, " ".join(kept))


def _script_bindings(text: str) -> Iterator[tuple[str, str]]:
    """(local name, the reference's name for ``name.member`` without the member) of each name
    the script's imports of a package bind, in the order written: ``zod:`` for ``z`` of
    ``import * as z from "zod"`` (``zod:string``), ``axios:default.`` for ``axios`` of
    ``import axios from "axios"`` (``axios:default.get``: ``get`` of its default export),
    ``zod:z.`` for ``z`` of ``import { z } from "zod"`` (``zod:z.string``)."""
    for statement in js_import_statements(text):
        if not statement.module.startswith("."):
            for binding in statement.bindings:
                yield binding.local, f"{statement.module}:" if binding.own is None else \
                    f"{statement.module}:{binding.own}."


def _shell_commands(lines: list[tuple[int, str]]) -> Iterator[tuple[int, str]]:
    """Each command of a shell block with its first line's number, its ``\\``-continued lines
    joined. The pieces are joined once (rebuilding the command at each line was quadratic in
    its length), and a command longer than ``MAX_LINE`` is not read, as a line that long is
    not."""
    start = length = 0  # the command's first line number; the length of it joined
    pieces: list[str] = []
    for number, line in lines:
        if pieces and pieces[-1].endswith("\\"):
            pieces[-1] = pieces[-1][:-1]
            piece, length = line.strip(), length - 1
        else:
            if pieces and length <= MAX_LINE:
                yield start, " ".join(pieces)
            start, pieces, length, piece = number, [], -1, line
        length += len(piece) + 1
        if length <= MAX_LINE:
            pieces.append(piece)
        else:
            pieces = [piece]  # not read: only whether the command goes on is still asked
    if pieces and length <= MAX_LINE:
        yield start, " ".join(pieces)


def _is_file_name(name: str) -> bool:
    return name.rsplit(".", 1)[-1].lower() in _FILE_SUFFIXES


def _looks_like_python(lines: list[tuple[int, str]]) -> bool:
    return any(line.lstrip().startswith((">>> ", "from ", "import ")) for _, line in lines)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _numbered(text: str) -> Iterator[tuple[int, str]]:
    for number, line in enumerate(split_lines(text), start=1):
        yield number, line if len(line) <= MAX_LINE else ""


@dataclass(frozen=True)
class PageReading:
    """What one docs page says about code."""

    references: list[Reference]
    """Every code reference the page writes, in page order."""
    documents: frozenset[str]
    """The names its hand-written object directives document (``.. py:data:: SECRET_KEY``):
    a role anywhere in the docs links to them, as Sphinx resolves it, whatever the code holds."""


def read_page(text: str, page: str, programs: frozenset[str] = frozenset()) -> PageReading:
    """What ``page`` says about code. ``programs`` are the repository's own program names:
    only their invocations in shell fences are read."""
    aliases = {alias: module for module, alias in _ALIAS.findall(text) if alias != module}
    reader = _Reader(page, programs, aliases)
    for local, prefix in _script_bindings(text):  # the page's first import of each name
        reader.bindings.setdefault(local, prefix)
    if page.endswith(".rst"):
        _read_rst(reader, list(_numbered(text)))
    else:
        _read_markdown(reader, list(_numbered(text)), indented=not page.endswith(".mdx"))
    return PageReading(reader.found, frozenset(reader.documents))


def parse_references(text: str, page: str, programs: frozenset[str] = frozenset()
                     ) -> list[Reference]:
    """Every code reference ``page`` writes, in page order (:func:`read_page`)."""
    return read_page(text, page, programs).references


def _reads_myst(name: str, marker: str) -> bool:
    """A MyST directive fence whose body is not markdown, read as Sphinx reads it:
    ``eval-rst``, whose body is rst (in a backtick or tilde fence: MyST runs a colon fence's
    ``{eval-rst}`` as an unknown directive), the module directives, and autodoc's (another
    ``auto…`` one's body is skipped)."""
    if name == "eval-rst":
        return not marker.startswith(":")
    return name in MODULE_DIRECTIVES or name.startswith("auto")


def _closes(line: str, marker: str) -> bool:
    """Whether ``line`` closes the fence ``marker`` opened: a run of its character at least
    as long, alone on the line (```` ```python ```` or ``:::{note}`` opens another)."""
    closing = line.strip()
    return closing.startswith(marker) and not closing.strip(marker[0])


def _fence_body(lines: list[tuple[int, str]], index: int, marker: str
                ) -> tuple[list[tuple[int, str]], int]:
    """The lines of a fence opened by ``marker`` from ``index`` on, and the index after the
    line closing it."""
    body: list[tuple[int, str]] = []
    while index < len(lines) and not _closes(lines[index][1], marker):
        body.append(lines[index])
        index += 1
    return body, index + 1


def _read_markdown(reader: _Reader, lines: list[tuple[int, str]], indented: bool) -> None:
    """A markdown page's lines, read as code in its fences and, when ``indented`` (CommonMark,
    not MDX), in its indented code blocks, whose language is told from what they hold."""
    # (marker, the class around it) of each object directive fence whose body is being read:
    # markdown, read line by line as the page is, its relative names looked up in its class
    objects: list[tuple[str, str | None]] = []
    code_ends = dict(indented_code_lines([line for _, line in lines])) if indented else {}
    index = 0
    while index < len(lines):
        number, line = lines[index]
        if objects and _closes(line, objects[-1][0]):
            reader.cls = objects.pop()[1]
            index += 1
            continue
        if index in code_ends:
            reader.code_block("", [(n, text) for n, text in lines[index:code_ends[index]]
                                   if text.strip()])
            index = code_ends[index]
            continue
        directive = _MYST_DIRECTIVE.match(line)
        name = directive.group(2) if directive else ""
        if directive and name in DECLARING:
            objects.append((directive.group(1), reader.cls))
            reader.cls = reader.directive(number, name, directive.group(3),
                                          directive.start(3) + 1)
            index += 1
            continue
        if directive and not _reads_myst(name, directive.group(1)):
            directive = None  # a colon fence's body is markdown, read line by line below
        fence = directive or _MD_FENCE.match(line)
        if fence:
            body, index = _fence_body(lines, index + 1, fence.group(1))
            if directive is None:
                reader.code_block(fence.group(2), body)
            elif name == "eval-rst":
                _read_rst(reader, body)
            else:
                reader.directive(number, name, directive.group(3), directive.start(3) + 1)
            continue
        docstrings = MKDOCSTRINGS.match(line)
        if docstrings:
            reader.add(number, docstrings.start(1) + 1, RefKind.DIRECTIVE, docstrings.group(1))
        reader.role(number, line, _MYST_ROLE)
        reader.spans(number, line, _MD_SPAN, 2)
        reader.routes(number, line)
        index += 1


def _nested(written: str, outer: str | None) -> str | None:
    """What a directive in the body of the class ``outer`` documents as ``written``, as Sphinx
    names it: inside the class, unless written from it."""
    if outer is None or written.startswith(outer + "."):
        return written
    return scope_named(f"{outer}.{written}")


def _read_rst(reader: _Reader, lines: list[tuple[int, str]]) -> None:
    outer = reader.cls  # an ``{eval-rst}`` fence in a MyST class's body is in that class
    # (indent, class) of each directive whose body the line read may be in: a line indented
    # no deeper than a directive is past its body
    bodies: list[tuple[int, str | None]] = []
    index = 0
    while index < len(lines):
        number, line = lines[index]
        if line.strip():
            depth = _indent(line)
            while bodies and bodies[-1][0] >= depth:
                bodies.pop()
            reader.cls = bodies[-1][1] if bodies else outer
        directive = _RST_DIRECTIVE.match(line)
        literal = not directive and line.rstrip().endswith("::") and not line.lstrip(
            ).startswith("..")
        if directive:
            scope = reader.directive(number, directive.group(2), directive.group(3),
                                     directive.start(3) + 1)
            if scope != reader.cls:
                bodies.append((depth, scope))
        if directive and directive.group(2) in _CODE_DIRECTIVES or literal:
            language = directive.group(3) if directive else ""
            base = _indent(line)
            index += 1
            body: list[tuple[int, str]] = []
            while index < len(lines) and (not lines[index][1].strip()
                                          or _indent(lines[index][1]) > base):
                if not lines[index][1].lstrip().startswith(":") or body:
                    body.append(lines[index])
                index += 1
            reader.code_block(language, [(n, text) for n, text in body if text.strip()])
            if literal:
                reader.role(number, line, _RST_ROLE)
                reader.spans(number, line, _RST_SPAN, 1)
            continue
        reader.role(number, line, _RST_ROLE)
        reader.spans(number, line, _RST_SPAN, 1)
        reader.routes(number, line)
        index += 1
    reader.cls = outer
