"""The purpose-built page scanner: one pass of a few regular expressions per page, producing
the tokens a page *names*. A full markdown parser costs ~10 ms a page (DESIGN §4.6), too slow
for a corpus scanned on every PR; this needs only code regions and reference syntaxes.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass

IDENT = r"[A-Za-z_$][\w$]*"
DOTTED = rf"{IDENT}(?:\.{IDENT})*"

_WORD = re.compile(DOTTED)
_CALL = re.compile(rf"(?<![\w$.])({DOTTED})\(")
_INLINE_CODE = re.compile(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_RST_LITERAL_START = re.compile(r"::\s*$")
_ROLE = re.compile(r"(?::[a-z]+)?:[a-z]+:`([^`]+)`|\{(?:[a-z]+:)?[a-z]+\}`([^`]+)`")
_AUTODOC = re.compile(r"^(\s*)\.\. auto(\w+)::\s*(\S+)[^\n]*((?:\n\1[ \t]+[^\n]*|\n[ \t]*(?=\n))*)",
                      re.M)
_MYST_AUTODOC = re.compile(r"^[`:]{3,}\{auto(\w+)\}\s*(\S+)[^\n]*((?:\n:[^\n]*)*)", re.M)
_MKDOCSTRINGS = re.compile(r"^:::\s*([\w.]+)", re.M)
_AUTOREF = re.compile(r"\]\[([A-Za-z_][\w.]*)\]|\[([A-Za-z_][\w.]*)\]\[\]")
_TSDOC_LINK = re.compile(r"\{@link(?:code|plain)?\s+([A-Za-z_$][\w$.#]*)")
_LOOSE = re.compile(r"[@\w][\w@./-]*[\w]")


@dataclass(frozen=True)
class PageTokens:
    """What one page names, by the form it names it in."""

    words: frozenset[str]
    """Identifiers and dotted names as written, the dotted suffixes of two or more parts
    (``client.meta.getAudit`` names ``meta.getAudit``), and reference targets' short forms."""
    calls: frozenset[str]
    """Names written in call form inside code (``parse(``, ``Widget(``)."""
    prefixes: frozenset[str]
    """Reference targets whose members the page documents (``::: httpx.Client``)."""
    loose: frozenset[str]
    """Path- and package-like tokens (``@scope/pkg``, ``packages/mcp/src``): coarse mentions."""


def _code_text(text: str, rst: bool) -> str:
    """The code on a page: fenced blocks, rst literal blocks and inline code spans."""
    chunks: list[str] = [match.group(2) for match in _INLINE_CODE.finditer(text)]
    fence: str | None = None
    literal_indent: int | None = None
    for line in text.split("\n"):
        if fence is not None:
            if line.lstrip().startswith(fence):
                fence = None
            else:
                chunks.append(line)
            continue
        opened = _FENCE.match(line)
        if opened:
            fence = opened.group(1)
            continue
        if rst:
            indent = len(line) - len(line.lstrip())
            if literal_indent is not None:
                if not line.strip() or indent > literal_indent:
                    chunks.append(line)
                    continue
                literal_indent = None
            if _RST_LITERAL_START.search(line):
                literal_indent = indent
    return "\n".join(chunks)


def _reference_names(target: str) -> list[str]:
    """A reference target (``~pkg.mod.Class``, ``Client#send``) and the short names it
    documents: the target, its last part, and ``Class.member``."""
    target = target.strip()
    if "<" in target and target.endswith(">"):
        target = target[target.index("<") + 1 : -1]
    target = target.lstrip("~!.").replace("#", ".").removesuffix("()")
    if not _WORD.fullmatch(target):
        return []
    parts = target.split(".")
    names = [target, parts[-1]]
    if len(parts) >= 2:
        names.append(".".join(parts[-2:]))
    return names


def _dotted_suffixes(token: str) -> list[str]:
    parts = token.split(".")
    return [".".join(parts[i:]) for i in range(1, len(parts) - 1)]


def scan_page(text: str, path: str) -> PageTokens:
    """Tokens of one page (md, mdx or rst, told apart by ``path``)."""
    rst = path.endswith(".rst")
    intern = sys.intern
    words = set(_WORD.findall(text))
    for token in [w for w in words if "." in w]:
        words.update(_dotted_suffixes(token))
    prefixes: set[str] = set()
    for match in _ROLE.finditer(text):
        words.update(_reference_names(match.group(1) or match.group(2)))
    for match in _AUTODOC.finditer(text):
        what, target, options = match.group(2), match.group(3), match.group(4)
        words.update(_reference_names(target))
        if what == "module" and ":members:" in options or what == "class" and ":members:" in \
                options:
            prefixes.add(target)
    for match in _MYST_AUTODOC.finditer(text):
        words.update(_reference_names(match.group(2)))
        if ":members:" in match.group(3):
            prefixes.add(match.group(2))
    for match in _MKDOCSTRINGS.finditer(text):
        words.update(_reference_names(match.group(1)))
        prefixes.add(match.group(1))
    for match in _AUTOREF.finditer(text):
        words.update(_reference_names(match.group(1) or match.group(2)))
    for match in _TSDOC_LINK.finditer(text):
        words.update(_reference_names(match.group(1)))
    calls = set(_CALL.findall(_code_text(text, rst)))
    loose = {token for token in _LOOSE.findall(text) if "/" in token or "@" in token
             or "-" in token}
    return PageTokens(
        words=frozenset(map(intern, words)),
        calls=frozenset(map(intern, calls)),
        prefixes=frozenset(prefixes),
        loose=frozenset(loose),
    )
