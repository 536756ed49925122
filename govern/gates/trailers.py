"""The trailers gate (docs/how-to/gates.md#repository-gates): commit messages carry no card
relations (``Fixes #12`` belongs in the PR body, where the tracker reads it once) and no model
identifiers."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from govern.core.findings import Finding, Rule, quote_line
from govern.core.linear_regex import LinearPattern, compile_linear
from govern.core.text import split_lines, utf8_text

SHORT_SHA = 12
# A word of a commit message: starts after a blank or punctuation, never inside ``-O3`` or a
# path (``src/o3/x.py`` is one word), and runs over letters, digits and ``.``, ``_``, ``-``,
# ``/``; found in one linear pass.
_WORD = re.compile(r"(?<![\w./-])[A-Za-z0-9][\w./-]*+")


@dataclass(frozen=True)
class Forbidden:
    """What a commit message may not say: ``gates.trailer_forbidden`` and
    ``gates.model_families``."""

    patterns: tuple[LinearPattern, ...]
    model_families: tuple[str, ...]

    @classmethod
    def of(cls, patterns: Sequence[str], model_families: Sequence[str]) -> Forbidden:
        """PatternError for a pattern RE2 refuses (the configuration's check names it first)."""
        return cls(tuple(compile_linear(p) for p in patterns),
                   tuple(family.lower() for family in model_families))


def _continues(word: str, family: str) -> bool:
    """``word`` is ``family`` or carries on from it as a version would (``gpt-4o``, ``gpt4``,
    ``o3-mini``); ``o365`` does not carry on from ``o3``."""
    if not word.startswith(family):
        return False
    rest = word[len(family):]
    return not rest or rest[0] in "-_." or (rest[0].isdigit() and not family[-1].isdigit())


def find_model_id(line: str, families: Sequence[str]) -> str | None:
    """The first model id a line names: a word of a family that has a digit (``claude-3-opus``,
    ``gemini-2.5-pro``, ``o3``), or a family word followed by a version (``Opus 4.5``)."""
    words = _WORD.findall(line)
    for index, word in enumerate(words):
        lowered = word.lower().rstrip(".")
        family = next((f for f in families if _continues(lowered, f)), None)
        if family is None:
            continue
        if any(char.isdigit() for char in lowered):
            return word.rstrip(".")
        following = words[index + 1] if index + 1 < len(words) else ""
        if lowered == family and following[:1].isdigit():
            return f"{word} {following.rstrip('.')}"
    return None


def check_commit_messages(messages: Sequence[tuple[str, str]],
                          forbidden: Forbidden) -> tuple[Finding, ...]:
    """Findings for every line of every ``(sha, message)`` that says something forbidden."""
    findings = []
    for sha, message in messages:
        short = sha[:SHORT_SHA]
        findings.extend(_findings(
            message, forbidden, f"commit {short}", is_file=False,
            remedy=f"reword commit {short} (`git rebase -i {short}^`, mark it `reword`) "
                   f"without that line, then force-push"))
    return tuple(findings)


def check_message_file(path: str, message: str, forbidden: Forbidden) -> tuple[Finding, ...]:
    """The ``commit-msg`` stage: one message file; git's ``#`` comment lines are not read."""
    return tuple(_findings(message, forbidden, path, is_file=True,
                           remedy="edit the commit message to drop that line", comments=True))


_UNSEEN = re.compile("[\u00ad\u180e\u200b-\u200d\u2060-\u2064\ufeff]")
"""Characters that show as nothing (a soft hyphen, zero-width spaces and joiners, a word
joiner): inside ``claude-opus-4-5`` or ``Fixes #12`` they split what still reads as one word."""


def _why(line: str, forbidden: Forbidden) -> str | None:
    line = _UNSEEN.sub("", line)
    searched = utf8_text(line)
    for pattern in forbidden.patterns:
        if pattern.search(searched):
            return f"matches the forbidden pattern `{pattern.pattern}` (`gates.trailer_forbidden`)"
    model = find_model_id(line, forbidden.model_families)
    if model is not None:
        return f"names the model id `{quote_line(model)}` (`gates.model_families`)"
    return None


def _findings(message: str, forbidden: Forbidden, carrier: str, *,
              is_file: bool, remedy: str, comments: bool = False) -> list[Finding]:
    found = []
    for number, line in enumerate(split_lines(message), start=1):
        if comments and line.startswith("#"):
            continue
        why = _why(line, forbidden)
        if why is not None:
            found.append(Finding(
                Rule.TRAILER_FORBIDDEN,
                f"{carrier} line {number} `{quote_line(line)}` {why}: card relations belong "
                f"in the PR body, and commit messages name no model",
                remedy, carrier=carrier, line=number, carrier_is_file=is_file))
    return found
