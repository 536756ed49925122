"""The conflict-marker blocks (``<<<<<<<`` … ``=======`` … ``>>>>>>>``) of a merged file, with
their lines: where in a conflicted file two PRs clash."""

from __future__ import annotations

import re
from collections.abc import Sequence

from govern.overlap.model import ConflictHunk

_OPEN = re.compile(r"(<{7,})(?: |$)")


def parse_conflict_hunks(text: str) -> tuple[ConflictHunk, ...]:
    """The conflict-marker blocks of a merged file, with 1-based marker lines.

    The marker length is read from each opening marker (``conflict-marker-size`` may change
    it, and an inner conflict of a virtual merge base uses longer ones).
    """
    lines = text.splitlines(keepends=True)
    bare = [line.rstrip("\r\n") for line in lines]
    hunks: list[ConflictHunk] = []
    at = 0
    while at < len(lines):
        opening = _OPEN.match(bare[at])
        close = _block_end(bare, at, len(opening[1])) if opening else None
        if close is None:
            at += 1
            continue
        middle, end = close
        hunks.append(ConflictHunk(at + 1, end + 1, "".join(lines[at + 1: middle]),
                                  "".join(lines[middle + 1: end])))
        at = end + 1
    return tuple(hunks)


def _block_end(bare: Sequence[str], start: int, size: int) -> tuple[int, int] | None:
    """Lines of the ``=======`` and ``>>>>>>>`` markers closing the block opened at start."""
    middle = next((i for i in range(start + 1, len(bare)) if bare[i] == "=" * size), None)
    if middle is None:
        return None
    end = next((i for i in range(middle + 1, len(bare))
                if bare[i].startswith(">" * size) and bare[i][size: size + 1] in ("", " ")),
               None)
    return None if end is None else (middle, end)
