"""Gitignore-style glob sets (``*`` never crosses ``/``, ``**/`` spans folders), via pathspec.

A set is compiled on its first match, not when it is constructed (the configuration builds a
dozen of them, most unused by any one command), and pathspec is imported only then. A set
without ``!`` negations is one combined regex: matching it runs once per path, where pathspec
tries each pattern in turn (affected-docs matches every path of a tree against several sets).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

_BRACES = re.compile(r"\{[^{}]*,[^{}]*\}")
"""Shell brace alternatives (``*.{md,mdx}``), a common slip: gitignore globs match them
literally."""
_DIR_GROUP = "(?P<ps_d>/)"
"""The named group pathspec ends each pattern's regex with; renamed so patterns combine."""


def _compile(patterns: tuple[str, ...]) -> Callable[[str], bool]:
    from pathspec import GitIgnoreSpec  # ~20 ms of import, paid only by a command that matches

    spec = GitIgnoreSpec.from_lines(patterns)
    compiled = [p for p in spec.patterns if p.include is not None]
    regexes = [getattr(p, "regex", None) for p in compiled]
    if any(not p.include for p in compiled) or not all(
            isinstance(r, re.Pattern) for r in regexes):
        return spec.match_file  # negations: gitignore's last-match-wins order matters
    if not regexes:
        return lambda path: False
    combined = re.compile("|".join(f"(?:{r.pattern.replace(_DIR_GROUP, '(?:/)')})"
                                   for r in regexes if isinstance(r, re.Pattern)))
    return lambda path: combined.match(path) is not None


@dataclass(frozen=True)
class Globs:
    """An ordered set of patterns matched against repo-relative POSIX paths."""

    patterns: tuple[str, ...]
    _match: list[Callable[[str], bool]] = field(default_factory=list, init=False, repr=False,
                                                compare=False)
    """The compiled matcher, once the set was first used (a list: the dataclass is frozen)."""

    def matches(self, path: str) -> bool:
        if not self.patterns:
            return False
        if not self._match:
            self._match.append(_compile(self.patterns))
        return self._match[0](path)

    def select(self, paths: Iterable[str]) -> list[str]:
        return [path for path in paths if self.matches(path)]


def glob_problem(pattern: object) -> str | None:
    """Why ``pattern`` is not a usable glob, or None when it is."""
    if not isinstance(pattern, str) or not pattern.strip():
        return "must be a non-empty string"
    from pathspec import GitIgnoreSpec

    if _BRACES.search(pattern):  # gitignore globs have no {a,b}: it would match nothing
        return "not a valid glob (no {a,b} alternatives in gitignore globs: write one glob each)"
    try:
        GitIgnoreSpec.from_lines([pattern])
    except Exception as exc:  # pathspec raises several types for a bad pattern
        return f"not a valid glob ({exc})"
    return None
