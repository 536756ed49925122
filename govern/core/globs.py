"""Gitignore-style glob sets (``*`` never crosses ``/``, ``**/`` spans folders), via pathspec."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from pathspec import GitIgnoreSpec


@dataclass(frozen=True)
class Globs:
    """An ordered set of patterns matched against repo-relative POSIX paths."""

    patterns: tuple[str, ...]
    _spec: GitIgnoreSpec = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_spec", GitIgnoreSpec.from_lines(self.patterns))

    def matches(self, path: str) -> bool:
        return bool(self.patterns) and self._spec.match_file(path)

    def select(self, paths: Iterable[str]) -> list[str]:
        return [path for path in paths if self.matches(path)]


def glob_problem(pattern: object) -> str | None:
    """Why ``pattern`` is not a usable glob, or None when it is."""
    if not isinstance(pattern, str) or not pattern.strip():
        return "must be a non-empty string"
    try:
        GitIgnoreSpec.from_lines([pattern])
    except Exception as exc:  # pathspec raises several types for a bad pattern
        return f"not a valid glob ({exc})"
    return None
