"""Gitignore-style glob sets (``*`` never crosses ``/``, ``**/`` spans folders), via pathspec
matching with RE2.

A set is compiled on its first match, not when it is constructed (the configuration builds a
dozen of them, most unused by any one command), and pathspec is imported only then.

The paths matched are a PR's, so matching must be linear in them: Python's ``re`` backtracks
through every way of splitting a path between a glob's ``**`` (pathspec compiles each to
``(?:/.+)?``), cubic for three of them (an 8 kB path: minutes). pathspec's RE2 backend runs
the same expressions in RE2, which never backtracks, and all patterns of a set in one pass
(docs/decisions/globs-re2.md). The one answer that differs is on a path git would not write:
a name ending in a newline (``README.md\n``) is not ``README.md``. A set of more patterns than
one RE2 set holds is compiled in several, asked in order.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from govern.core.errors import NotJudged
from govern.core.text import utf8_text

if TYPE_CHECKING:
    from pathspec import PathSpec
    from pathspec.patterns.gitignore.spec import GitIgnoreSpecPattern

_BRACES = re.compile(r"\{[^{}]*,[^{}]*\}")
"""Shell brace alternatives (``*.{md,mdx}``), a common slip: gitignore globs match them
literally."""


def _spec(patterns: Iterable[str]) -> PathSpec:
    """pathspec's gitignore matcher of ``patterns``, in RE2."""
    return _in_re2(_parsed(patterns))


def _parsed(patterns: Iterable[str]) -> Sequence[GitIgnoreSpecPattern]:
    """``patterns`` as pathspec reads gitignore lines (its parse, in Python, costs ten times
    an RE2 set's compiling: done once, whatever the sets they are compiled in)."""
    from pathspec import GitIgnoreSpec  # ~20 ms of import, paid only by a command that matches

    return GitIgnoreSpec.from_lines(patterns, backend="simple").patterns


def _in_re2(parsed: Sequence[GitIgnoreSpecPattern]) -> PathSpec:
    from pathspec import GitIgnoreSpec

    # named, not left to pathspec's choice of the best backend installed: a missing RE2 must
    # fail here, not fall back to backtracking
    try:
        return GitIgnoreSpec(parsed, backend="re2")
    except ModuleNotFoundError as exc:
        if exc.name != "re2":
            raise
        raise _without_re2() from None


def _without_re2() -> NotJudged:
    return NotJudged("globs are matched with RE2, and its module `re2` is not installed",
                     remedy="install govern with its dependencies (`pip install "
                            "repo-govern`, or `pip install 'pathspec[re2]'` beside it), "
                            "which bring `google-re2`")


def _compile(patterns: tuple[str, ...]) -> Callable[[str], bool]:
    chunks = _chunks(patterns)
    match = chunks[0].match_file if len(chunks) == 1 else _last_deciding(chunks)
    needed = _needed_literals(patterns)
    if needed is None:
        return match
    # most paths of a tree hold none of the literals: a substring search turns them away
    # before the call into pathspec and RE2, which costs ten times as much
    return lambda path: any(literal in path for literal in needed) and match(path)


def _chunks(patterns: tuple[str, ...]) -> list[PathSpec]:
    """``patterns`` compiled in as few RE2 sets as RE2 accepts, in order: one set, but for
    thousands of patterns, whose program outgrows the memory RE2 allows a set (a traceback
    before). A set refused is tried again in halves, the size that compiled kept for the
    rest: about twice the patterns compiled, whatever the limit of the RE2 installed, which
    no size guessed here could know."""
    try:
        from re2 import error as refused
    except ModuleNotFoundError:
        raise _without_re2() from None
    parsed = _parsed(patterns)
    chunks: list[PathSpec] = []
    start, size = 0, len(parsed)
    while start < len(parsed):
        chunk = parsed[start:start + size]
        try:
            chunks.append(_in_re2(chunk))
        except refused:
            if size == 1:
                raise
            size = (size + 1) // 2
            continue
        start += len(chunk)
    return chunks


def _last_deciding(chunks: list[PathSpec]) -> Callable[[str], bool]:
    """The answer of patterns compiled in several RE2 sets: the last set with a pattern
    matching the path decides, as the last pattern does in one set (gitignore's rule,
    negations included). One answer can differ from one set's, and only for a set of
    thousands of patterns: a negation matching only a folder holding the path (``!docs`` on
    ``docs/a.md``) takes the path back here when it is compiled in a later set than the
    pattern matching the path itself (``*.md``); read in one set, pathspec leaves it matched
    (docs/decisions/globs-re2.md)."""
    backwards = chunks[::-1]

    def matches(path: str) -> bool:
        for spec in backwards:
            include = spec.check_file(path).include
            if include is not None:
                return include
        return False

    return matches


_WILDCARDS = re.compile(r"[*?\[\]]")


def _needed_literals(patterns: tuple[str, ...]) -> tuple[str, ...] | None:
    """Text one of which every path the patterns match contains: for each pattern that can
    match (not a negation, a comment or blank), what its last segment ends with after its
    last wildcard (``.md`` of ``docs/**/*.md``, ``openapi.json`` of ``**/openapi.json``),
    which some part of a matching path must end with. None when a pattern ends in no such
    text (``docs/**``, ``*``, an escape), and every path must be matched."""
    needed: list[str] = []
    for pattern in patterns:
        if not pattern.strip() or pattern.startswith(("#", "!")):
            continue  # matches nothing, or only takes back what another matched
        last = pattern.rstrip(" /").rpartition("/")[2]
        if "\\" in last:
            return None
        literal = _WILDCARDS.split(last)[-1]
        if not literal:
            return None
        needed.append(literal)
    return tuple(dict.fromkeys(needed))


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
        # RE2 reads UTF-8 only: a byte of the path that is not (a lone surrogate) is U+FFFD
        return self._match[0](utf8_text(path))

    def select(self, paths: Iterable[str]) -> list[str]:
        return [path for path in paths if self.matches(path)]


def glob_problem(pattern: object) -> str | None:
    """Why ``pattern`` is not a usable glob, or None when it is."""
    if not isinstance(pattern, str) or not pattern.strip():
        return "must be a non-empty string"
    if _BRACES.search(pattern):  # gitignore globs have no {a,b}: it would match nothing
        return "not a valid glob (no {a,b} alternatives in gitignore globs: write one glob each)"
    try:
        _spec([pattern])
    except NotJudged:
        raise
    except Exception as exc:  # pathspec raises several types for a bad pattern
        return f"not a valid glob ({exc})"
    return None
