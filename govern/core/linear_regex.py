"""Regular expressions a maintainer writes into the configuration, matched against text a PR's
author writes (commit messages): compiled in RE2, which takes time linear in the text whatever
the pattern. Python's ``re`` backtracks: ``(?:fix|a|aa)+!`` on a line of 60 ``a`` takes days,
so one careless pattern would let any commit message stall the gate
(docs/decisions/globs-re2.md, "Patterns in the configuration")."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

_UNSUPPORTED = (
    ("invalid perl operator", "RE2 has no lookarounds (`(?=`, `(?!`, `(?<=`, `(?<!`): match "
                              "the text itself instead"),
    ("invalid escape sequence", "RE2 has no backreferences (`\\1`), and writes the end of the "
                                "text `\\z`, not `\\Z`"),
)
"""RE2's complaint about syntax Python's ``re`` has and RE2 lacks, and what to write instead."""

_TOKEN = re.compile(r"\\.|\[\^?\]?(?:\\.|[^\]\\])*+\]|\(\?>|\{\d+(?:,\d*)?\}\+|[*+?]\+|.", re.S)
"""One piece of a pattern, read left to right: an escape, a character class (a ``]`` right
after its opening is a member), an atomic group's opening, a possessive quantifier, or any
other character."""


@dataclass(frozen=True)
class LinearPattern:
    """A pattern as the configuration writes it, and its RE2 compilation."""

    pattern: str
    compiled: Any

    def search(self, text: str) -> object | None:
        """A match in ``text``, which must be UTF-8 text (``utf8_text``): RE2 reads UTF-8."""
        return self.compiled.search(text)


class PatternError(ValueError):
    """The pattern is not one RE2 compiles; the message says why and what to write instead."""


def as_re2(pattern: str) -> str:
    """``pattern`` with Python's guards against backtracking in their plain forms: a possessive
    quantifier (``*+``, ``++``, ``?+``, ``{m,n}+``) greedy, an atomic group ``(?>…)`` a plain
    one. RE2 never backtracks, so they guard nothing there, and a configuration written for
    Python's ``re`` (``govern init`` wrote the old default, which had them) keeps working; such
    a pattern may match where Python's would have given up, never the other way round."""
    pieces = []
    for piece in _TOKEN.findall(pattern):
        if piece == "(?>":
            piece = "(?:"
        elif len(piece) > 1 and piece.endswith("+") and piece[0] in "*+?{":
            piece = piece[:-1]
        pieces.append(piece)
    return "".join(pieces)


def compile_linear(pattern: str) -> LinearPattern:
    """``pattern`` compiled in RE2 (:func:`as_re2`); PatternError when RE2 refuses it."""
    import re2  # imported by the gates that match messages, not by every command

    options = re2.Options()
    options.log_errors = False  # RE2 would print its own complaint on stderr besides ours
    try:
        return LinearPattern(pattern, re2.compile(as_re2(pattern), options=options))
    except re2.error as exc:
        reason = exc.args[0].decode(errors="replace") if exc.args and isinstance(
            exc.args[0], bytes) else str(exc)
        hint = next((h for start, h in _UNSUPPORTED if reason.startswith(start)), None)
        raise PatternError(f"not a valid RE2 regular expression ({reason})"
                           + (f": {hint}" if hint else "")) from None


def linear_regex_problem(pattern: str) -> str | None:
    """Why RE2 refuses ``pattern``, or None when it compiles."""
    try:
        compile_linear(pattern)
    except PatternError as exc:
        return str(exc)
    return None
