"""Attack: stall the overlap job with a file of conflict-marker lines. A PR's text lands in the
merged file git writes for a conflicting pair, and every ``<<<<<<<`` line there was followed by
a scan to the end of the file for its ``=======`` and ``>>>>>>>``: 20,000 opening markers with
no block after them (160 kB) took about a minute. The marker lines are now indexed by length
once per file, and each opening marker finds its closers by a search in that index."""

from __future__ import annotations

import pytest

from govern.overlap.conflict_hunks import parse_conflict_hunks
from govern.overlap.model import ConflictHunk
from tests.security.pr import within

MARKERS = 20_000
REAL = "keep\n<<<<<<< ours\nmine\n=======\ntheirs\n>>>>>>> theirs\n"
"""A real conflict block, on lines 2–6."""


@pytest.mark.parametrize("filler", [
    "<<<<<<<\n",  # openers with no `=======` after them
    "<<<<<<<\n=======\n",  # openers whose `=======` has no `>>>>>>>` after it
])
def test_thousands_of_unclosed_markers_are_read_at_once(filler: str) -> None:
    text = REAL + filler * MARKERS
    hunks = within(lambda: parse_conflict_hunks(text), seconds=5)
    assert hunks == (ConflictHunk(2, 6, "mine\n", "theirs\n"),)


def test_a_block_after_thousands_of_longer_markers_is_still_found() -> None:
    # a marker closes only a block opened with its own length (conflict-marker-size)
    text = "<<<<<<<<<\n" * MARKERS + REAL
    hunks = within(lambda: parse_conflict_hunks(text), seconds=5)
    assert hunks == (ConflictHunk(MARKERS + 2, MARKERS + 6, "mine\n", "theirs\n"),)
    nine = "<<<<<<<<< x\n=========\nb\n>>>>>>>>> y\n"
    assert parse_conflict_hunks(text + nine)[0] == ConflictHunk(
        1, MARKERS + 10, "<<<<<<<<<\n" * (MARKERS - 1) + REAL + "<<<<<<<<< x\n", "b\n")
