"""Attack: stall calibrate with the pages of a history it replays. Every page a commit
changed is read for a typo sweep (``govern.core.spelling``), and a repository's history
is whatever its authors pushed: the reading must stay linear in the page, however long its
words and lines."""

from __future__ import annotations

from functools import partial

from govern.core.spelling import is_respelling
from tests.security.pr import within

LINES = 200_000


def test_hostile_pages_are_read_for_typos_in_linear_time() -> None:
    """Every line changed, each word at the longest a word is read at and one letter off (past
    the words a typo fix respells: a rewrite); the same within that bound, each word's letters
    shared only at its very ends; a single line of millions of words; words of a million letters."""
    word = "a" * 40
    before = (word + " ") * 5 + "\n"
    after = (word + " ") * 4 + "a" * 39 + "b\n"
    assert not within(partial(is_respelling, before * LINES, after * LINES))
    # two letters apart at a word's ends, its own ends kept: the whole word is compared
    edge = ("ab" + "x" * 36 + "ba ") * 10 + "\n"
    assert within(partial(is_respelling, edge * 5 + before * LINES,
                          edge.replace("b", "c") * 5 + before * LINES))
    assert not within(partial(is_respelling, "ab " * 2_000_000, "ab " * 1_999_999 + "abc"))
    long = "x" * 1_000_000
    assert not within(partial(is_respelling, f"{long}\n", f"{long}y\n"))
    # punctuation the word pattern skips around a core, repeated without end
    assert not within(partial(is_respelling, "'" * 1_000_000 + "a\n", "'" * 1_000_000 + "b\n"))
