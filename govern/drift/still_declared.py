"""A name the change removed from its files that the HEAD tree still declares in another
code file is no certain drift (docs/concepts/anchoring-rules.md#certain-drift): jinja's
top-level ``get_template`` went with ``ext/djangojinja2.py`` while ``Environment.get_template``
stayed, and a page naming ``get_template`` means the one that stays.

git finds the files that hold one of the names as a word (a fixed-string search, fast on any
tree); their text at HEAD is then read for a form that declares the name
(``def``/``class``/``function``/``interface``/``type``/``enum``, a module-level assignment, a
JS method) or re-exports it: valtio's ``export { proxyWithHistory_DEPRECATED as
proxyWithHistory } from './utils/proxyWithHistory.ts'`` still exports ``proxyWithHistory``
after the rename. A form found where a page means another thing only costs the name its
certainty, never its row.

The other way round, a name the change adds that the base side of a changed file already
spelled by the same import path was moved, and is no New API (:func:`not_moved`)."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator, Mapping

from govern.core.text import lines_holding
from govern.drift.anchors.extract import Added, Candidate
from govern.drift.anchors.python import module_getattr_names
from govern.drift.docs.page_code import bound_names, python_imports

_MODIFIERS = rb"(?:public|private|protected|static|async|readonly|override|abstract|get|set)"
MAX_NAMES = 200
"""Removed names looked for in one run; a change removing more (a deleted package) keeps
the rest certain, as before."""


def _declaration_patterns(names: Collection[str]) -> tuple[re.Pattern[bytes], ...]:
    """Lines declaring one of ``names`` (group ``name``): after a declaring keyword, as a
    module-level assignment, as a JS/TS method with its body, or as a member written at the
    start of an indented line: an interface's method or property signature
    (``stripColor?(str: string): string;``), an object literal's key or a class's annotated
    field (``stripColor: (str) => …``, ``timeout: float``). commander removed its helper
    ``stripColor`` from ``lib/help.js`` while ``OutputConfiguration.stripColor`` stayed, the
    one its page meant."""
    either = b"|".join(re.escape(name.encode()) for name in sorted(names))
    name = rb"(?P<name>" + either + rb")(?![\w$])"
    return (
        re.compile(rb"(?<![\w$])(?:def|class|function|interface|type|enum)[ \t]+" + name),
        re.compile(rb"^(?:export[ \t]+)?(?:(?:const|let|var)[ \t]+)?" + name
                   + rb"[ \t]*(?::[^=\n]*)?=(?!=)", re.M),
        re.compile(rb"^[ \t]+(?:" + _MODIFIERS + rb"[ \t]+)*" + name
                   + rb"[ \t]*(?:<[^>\n]*>)?\([^)\n]*\)[ \t]*(?::[^{\n]*)?\{", re.M),
        re.compile(rb"^[ \t]+(?:" + _MODIFIERS + rb"[ \t]+)*" + name
                   + rb"(?:\?|[ \t]*+(?::|(?:<[^>\n]*>)?\([^)\n]*\)[ \t]*+:))", re.M),
    )


# Each pattern opens with its literal and looks behind it for the boundary: the search then
# jumps between the literal's occurrences, where a pattern opening with the look-behind (or a
# line start) is tried at every character (objectstack's 13 files holding a removed name,
# 740 kB: 50 ms, and 3 ms this way).
_EXPORT_LIST = re.compile(r"export(?<![\w$.]export)[ \t]++(?:type[ \t]++)?\{")
_EXPORT_NAMESPACE = re.compile(
    r"export(?<![\w$.]export)[ \t]++\*[ \t]++as[ \t]++([\w$]++)")
_ALL_LISTS = ((re.compile(r"__all__(?<![^\n]__all__)[ \t]*+\+?=[ \t]*+\["), "]"),
              (re.compile(r"__all__(?<![^\n]__all__)[ \t]*+\+?=[ \t]*+\("), ")"))
_QUOTED_NAME = re.compile(r"""["']([A-Za-z_]\w*+)["']""")
_PYTHON_FROM_IMPORT = re.compile(r"from[ \t]++[\w.]++[ \t]++import")
"""What every ``from X import`` statement writes: a file without it (a TypeScript one) is not
read line by line for one (7 ms on objectstack's 660 kB holding a removed name)."""


def _lists(text: str, opening: re.Pattern[str], closing: str) -> Iterator[str]:
    """The text of each list ``opening`` starts, up to its ``closing`` bracket. The search
    goes on after that bracket, so each list is read once; with none left to close one, no
    later list is closed either, and the search ends."""
    at = 0
    while (start := opening.search(text, at)) is not None:
        end = text.find(closing, start.end())
        if end < 0:
            return
        yield text[start.end():end]
        at = end + 1


def _own_packages(path: str) -> frozenset[str]:
    """The folders a package ``__init__.py`` sits in, any of which may be its top-level
    package's name (``src/black/__init__.py``: ``black``); none for another file."""
    folders, _, name = path.rpartition("/")
    return frozenset(folders.split("/")) if name == "__init__.py" and folders else frozenset()


def reexported_names(text: str, path: str = "") -> Iterator[str]:
    """The names a code file publishes by re-export: each of an ``export { a, b as c }`` list
    (``from '…'`` or not), ``export * as ns``, a Python name imported relatively (``from .x
    import NAME``, a package's own) or with ``as`` (``from x import a as NAME``, and the
    explicit re-export ``from x import NAME as NAME``), a package ``__init__``'s import from
    its own package (``from black.ranges import parse_line_ranges`` in
    ``src/black/__init__.py``: ``black.parse_line_ranges`` resolves), and each name
    ``__all__`` lists. A plain ``from html import escape`` only uses the name."""
    for listed in _lists(text, _EXPORT_LIST, "}"):
        yield from (bound for bound, _ in bound_names(listed))
    yield from (match.group(1) for match in _EXPORT_NAMESPACE.finditer(text))
    if _PYTHON_FROM_IMPORT.search(text):
        own = _own_packages(path)
        for module, bound, aliased in python_imports(text):
            if module.startswith(".") or aliased or module.partition(".")[0] in own:
                yield bound
    for opening, closing in _ALL_LISTS:
        for listed in _lists(text, opening, closing):
            yield from (match.group(1) for match in _QUOTED_NAME.finditer(listed))


def declared_names(files: Mapping[str, bytes | None], names: Collection[str]) -> set[str]:
    """Which of ``names`` the ``files`` (path -> text) declare or re-export."""
    if not names or not files:  # most runs: no removed name a page writes; nothing to compile
        return set()
    patterns = _declaration_patterns(names)
    # A declaring form never spans lines and holds its name, so it is looked for only on the
    # lines holding one: the patterns open with a look-behind or a line start, tried at every
    # character or line of the whole text (objectstack's 11 files holding a removed name,
    # 660 kB: 60 ms).
    spelled = {name.encode() for name in names}
    found: set[str] = set()
    for path, text in files.items():
        if text:
            held = b"\n".join(text[start:end] for start, end in lines_holding(text, spelled)
                               or ())
            found.update(match.group("name").decode() for pattern in patterns
                         for match in pattern.finditer(held))
            decoded = text.decode("utf-8", "replace")
            found.update(reexported_names(decoded, path))
            if "__getattr__" in decoded:
                found.update(module_getattr_names(decoded))
    return found.intersection(names)


def declared_members(files: Mapping[str, bytes | None],
                     members: Mapping[str, Collection[str]]) -> set[str]:
    """Which of ``members`` (``Class.member`` -> the files the change took it from) another
    of ``files`` (path -> text) still declares with its class: the class and the member
    declared in the same file. aiohttp removed ``http_message.Request`` while
    ``web_request.Request`` kept its ``method``: a page naming ``Request.method`` means the
    one that stays. The file a member was taken from is not asked: its class, still there,
    names the member in other roles (a parameter on a line of its own, another class's
    method). In another file the member may be another class's too (``method`` is
    ``BaseRequest``'s there), which only costs the name its certainty."""
    if not members or not files:
        return set()
    names = {part for member in members for part in member.split(".")}
    found: set[str] = set()
    for path, text in files.items():
        declared = declared_names({path: text}, names)
        found.update(member for member, taken_from in members.items()
                     if path not in taken_from and member.partition(".")[0] in declared
                     and member.partition(".")[2] in declared)
    return found


def written_words(files: Mapping[str, bytes | None], words: Collection[str]) -> set[str]:
    """Which of ``words`` the ``files`` write as a whole word, in any role (a parameter, a
    property, a string)."""
    # each word opens its own pattern and looks behind it for the boundary: the search jumps
    # between the word's occurrences (a pattern opening with the look-behind is tried at every
    # character of the files)
    patterns = {word: re.compile(re.escape(word.encode()) + rb"(?<![\w$]"
                                 + re.escape(word.encode()) + rb")(?![\w$])")
                for word in words}
    texts = [text for text in files.values() if text]
    return {word for word, pattern in patterns.items()
            if any(pattern.search(text) for text in texts)}


def not_moved(added: list[Added], candidates: list[Candidate]) -> list[Added]:
    """The names the change added less those it moved: a name is moved when the base side of
    a changed file spelled it by one of its import paths (``pkg.func``, a dotted spelling
    other than ``Container.member``) or as the same flag. A function moved from
    ``pkg/_a.py`` to ``pkg/_b.py`` and re-exported as ``pkg.func`` all along is no New API
    (docs/concepts/anchoring-rules.md#new-api), as it is no removal; a bare name is any
    module's, and matches nothing here."""
    before = {candidate.token for candidate in candidates if candidate.side == "base"}
    return [entry for entry in added
            if not any(token in before and (token.startswith("--") or (
                "." in token and token != entry.declaration.key)) for token in entry.tokens)]
