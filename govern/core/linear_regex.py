"""Regular expressions a maintainer writes into the configuration, matched against text a PR's
author writes (commit messages): compiled in RE2, which takes time linear in the text whatever
the pattern. Python's ``re`` backtracks: ``(a|aa)+$`` on a line of 40 ``a`` and a ``b`` takes
minutes, so one careless pattern would let any commit message stall the gate
(docs/decisions/globs-re2.md, "Patterns in the configuration")."""

from __future__ import annotations

from typing import Protocol

_UNSUPPORTED = (
    ("bad repetition operator", "RE2 has no possessive quantifiers (`++`, `*+`): drop the "
                                "last `+`, RE2 never backtracks anyway"),
    ("invalid perl operator", "RE2 has no lookarounds or atomic groups (`(?=`, `(?<=`, "
                              "`(?>`): match the text itself instead"),
    ("invalid escape sequence", "RE2 has no backreferences (`\\1`), and writes the end of the "
                                "text `\\z`, not `\\Z`"),
)
"""RE2's complaint about syntax Python's ``re`` has and RE2 lacks, and what to write instead."""


class LinearPattern(Protocol):
    """What govern asks of a compiled pattern."""

    @property
    def pattern(self) -> str: ...

    def search(self, text: str) -> object | None: ...


class PatternError(ValueError):
    """The pattern is not one RE2 compiles; the message says why and what to write instead."""


def compile_linear(pattern: str) -> LinearPattern:
    """``pattern`` compiled in RE2; PatternError when RE2 refuses it. RE2 reads UTF-8: search
    it in ``utf8_text(text)``, never in text that may hold a lone surrogate."""
    import re2  # imported by the gates that match messages, not by every command

    options = re2.Options()
    options.log_errors = False  # RE2 would print its own complaint on stderr besides ours
    try:
        compiled: LinearPattern = re2.compile(pattern, options=options)
        return compiled
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
