"""The trailers gate (docs/how-to/gates.md#repository-gates): commit messages carry no card
relations (``Fixes #12`` belongs in the PR body, where the tracker reads it once) and no model
identifiers."""

from __future__ import annotations

import re
from collections.abc import Sequence

from govern.core.findings import Finding, Rule, quote_line
from govern.core.text import split_lines

SHORT_SHA = 12


def check_commit_messages(messages: Sequence[tuple[str, str]],
                          forbidden: Sequence[str]) -> tuple[Finding, ...]:
    """Findings for every line of every ``(sha, message)`` matching a forbidden pattern."""
    patterns = [re.compile(pattern) for pattern in forbidden]
    findings = []
    for sha, message in messages:
        short = sha[:SHORT_SHA]
        findings.extend(_findings(
            message, patterns, f"commit {short}", is_file=False,
            remedy=f"reword commit {short} (`git rebase -i {short}^`, mark it `reword`) "
                   f"without that line, then force-push"))
    return tuple(findings)


def check_message_file(path: str, message: str,
                       forbidden: Sequence[str]) -> tuple[Finding, ...]:
    """The ``commit-msg`` stage: one message file; git's ``#`` comment lines are not read."""
    patterns = [re.compile(pattern) for pattern in forbidden]
    return tuple(_findings(message, patterns, path, is_file=True,
                           remedy="edit the commit message to drop that line", comments=True))


def _findings(message: str, patterns: Sequence[re.Pattern[str]], carrier: str, *,
              is_file: bool, remedy: str, comments: bool = False) -> list[Finding]:
    found = []
    for number, line in enumerate(split_lines(message), start=1):
        if comments and line.startswith("#"):
            continue
        for pattern in patterns:
            match = pattern.search(line)
            if match:
                found.append(Finding(
                    Rule.TRAILER_FORBIDDEN,
                    f"{carrier} line {number} `{quote_line(line)}` matches the forbidden "
                    f"pattern `{pattern.pattern}` (`gates.trailer_forbidden`): card relations "
                    f"belong in the PR body, and commit messages name no model",
                    remedy, carrier=carrier, line=number, carrier_is_file=is_file))
                break
    return found
