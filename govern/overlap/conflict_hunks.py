"""The conflict-marker blocks (``<<<<<<<`` … ``=======`` … ``>>>>>>>``) of a merged file, with
their lines: where in a conflicted file two PRs clash."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence

from govern.overlap.model import ConflictHunk

_OPEN = re.compile(r"(<{7,})(?: |$)")


class _Markers:
    """The lines of each ``=======`` and ``>>>>>>>`` marker, by marker length. Finding the next
    one after a line is a search in these, not a scan of the file: an opening marker with no
    block after it (a PR's file can hold thousands) was a scan to the end each, quadratic."""

    def __init__(self, bare: Sequence[str]) -> None:
        self.middles: dict[int, list[int]] = {}
        self.ends: dict[int, list[int]] = {}
        for at, line in enumerate(bare):
            if line[:1] == "=" and not line.strip("="):
                self.middles.setdefault(len(line), []).append(at)
            elif line[:1] == ">":
                size = len(line) - len(line.lstrip(">"))
                if line[size:size + 1] in ("", " "):
                    self.ends.setdefault(size, []).append(at)

    @staticmethod
    def _after(lines: list[int], at: int) -> int | None:
        index = bisect_right(lines, at)
        return lines[index] if index < len(lines) else None

    def block_end(self, start: int, size: int) -> tuple[int, int] | None:
        """Lines of the ``=======`` and ``>>>>>>>`` markers closing the block opened at start:
        the first ``=`` line of exactly ``size`` after it, then the first ``>`` marker of that
        size (alone or before a space) after that."""
        middle = self._after(self.middles.get(size, []), start)
        end = None if middle is None else self._after(self.ends.get(size, []), middle)
        return None if middle is None or end is None else (middle, end)


def parse_conflict_hunks(text: str) -> tuple[ConflictHunk, ...]:
    """The conflict-marker blocks of a merged file, with 1-based marker lines.

    The marker length is read from each opening marker (``conflict-marker-size`` may change
    it, and an inner conflict of a virtual merge base uses longer ones).
    """
    lines = text.splitlines(keepends=True)
    bare = [line.rstrip("\r\n") for line in lines]
    markers = _Markers(bare)
    hunks: list[ConflictHunk] = []
    at = 0
    while at < len(lines):
        opening = _OPEN.match(bare[at])
        close = markers.block_end(at, len(opening[1])) if opening else None
        if close is None:
            at += 1
            continue
        middle, end = close
        hunks.append(ConflictHunk(at + 1, end + 1, "".join(lines[at + 1: middle]),
                                  "".join(lines[middle + 1: end])))
        at = end + 1
    return tuple(hunks)
