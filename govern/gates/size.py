"""The size gate (docs/how-to/gates.md#repository-gates): a PR whose changed lines exceed
``gates.human_merge_lines`` needs a human merge; lockfiles and other ``gates.size_ignore`` paths do
not count."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from govern.config import GatesConfig
from govern.core.findings import Finding, Rule


@dataclass(frozen=True)
class SizeCount:
    """The lines a PR changes, and the files left out of the count."""

    lines: int
    files: int
    ignored_files: int


def count_size(numstat: Sequence[tuple[str, int, int]], gates: GatesConfig) -> SizeCount:
    counted = [(path, added + deleted) for path, added, deleted in numstat
               if not gates.size_ignore.matches(path)]
    return SizeCount(sum(lines for _, lines in counted), len(counted),
                     len(numstat) - len(counted))


def check_size(count: SizeCount, gates: GatesConfig) -> tuple[Finding, ...]:
    """A finding when the count is strictly greater than the threshold."""
    if count.lines <= gates.human_merge_lines:
        return ()
    return (Finding(
        Rule.SIZE,
        f"this PR changes {count.lines} lines (additions + deletions over {count.files} "
        f"files; {count.ignored_files} ignored by `gates.size_ignore`), more than "
        f"`gates.human_merge_lines` = {gates.human_merge_lines}: it needs a human merge",
        "a maintainer reviews and merges it by hand (no auto-merge), or split it into "
        "smaller PRs"),)
