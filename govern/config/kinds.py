"""The kinds a configuration key can have: each turns a TOML value into a field value, or says
what is wrong with it (docs/reference/configuration.md)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from govern.core.globs import Globs, glob_problem
from govern.core.linear_regex import linear_regex_problem

BUMPS = ("patch", "minor", "major")

Converted = tuple[Any, list[str]]
"""A field value (None when there are problems) and the problems, each without the key."""


@dataclass(frozen=True)
class Kind:
    """One kind of key: the name the reference shows, and its converter."""

    name: str
    convert: Callable[[object], Converted]


def _string_list(value: object, check: Callable[[str], str | None]) -> Converted:
    if not isinstance(value, list):
        return None, ["must be a list of strings"]
    problems = []
    for index, item in enumerate(value):
        problem = check(item) if isinstance(item, str) else "must be a string"
        if problem:
            problems.append(f"[{index}] {problem}")
    return tuple(value), problems


def _globs(value: object) -> Converted:
    patterns, problems = _string_list(value, glob_problem)
    return (Globs(patterns) if not problems else None), problems


def _names(value: object) -> Converted:
    return _string_list(value, lambda item: None if item.strip() else "must not be empty")


def _regexes(value: object) -> Converted:
    return _string_list(value, linear_regex_problem)


def _count(value: object) -> Converted:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        return None, ["must be a non-negative integer"]
    return value, []


def _share(value: object) -> Converted:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value <= 1:
        return None, ["must be a number greater than 0 and at most 1"]
    return float(value), []


def _text(value: object) -> Converted:
    return (value, []) if isinstance(value, str) else (None, ["must be a string"])


def _flag(value: object) -> Converted:
    return (value, []) if isinstance(value, bool) else (None, ["must be true or false"])


def _levels(value: object) -> Converted:
    if not isinstance(value, dict):
        return None, ["must be a table of protocol value = bump"]
    bad = [f"{key}: must be one of {', '.join(BUMPS)}" for key, bump in value.items()
           if bump not in BUMPS]
    return dict(value), bad


def one_of(name: str, choices: tuple[str, ...]) -> Kind:
    """A string that must be one of ``choices``."""
    def convert(value: object) -> Converted:
        if value in choices:
            return value, []
        return None, ["must be one of " + ", ".join(f'"{c}"' for c in choices)]
    return Kind(name, convert)


def names_of(name: str, choices: tuple[str, ...]) -> Kind:
    """A list whose every item is one of ``choices``."""
    def check(item: str) -> str | None:
        return None if item in choices else "must be one of " + ", ".join(choices)
    return Kind(name, lambda value: _string_list(value, check))


GLOBS = Kind("globs", _globs)
NAMES = Kind("list of strings", _names)
REGEXES = Kind("list of regexes", _regexes)
COUNT = Kind("integer ≥ 0", _count)
SHARE = Kind("number in (0, 1]", _share)
TEXT = Kind("string", _text)
FLAG = Kind("boolean", _flag)
LEVELS = Kind("table of value = bump", _levels)
