"""The lines of a text holding one of some words (govern.core.text.lines_holding): what the
removed-name search and the module-stem count read instead of the whole text."""

from __future__ import annotations

from govern.core.text import lines_holding

TEXT = b"ab\ncd ab ab\n\nxx"


def test_each_line_holding_a_word_once_in_order() -> None:
    assert lines_holding(TEXT, [b"ab"]) == [(0, 2), (3, 11)]
    assert lines_holding(TEXT, [b"xx", b"cd", b"ab"]) == [(0, 2), (3, 11), (13, 15)]
    assert lines_holding(TEXT, [b"zz"]) == []
    assert lines_holding(TEXT, [b""]) == [(0, 2), (3, 11), (12, 12), (13, 15)]  # it ends


def test_a_word_found_more_than_most_times_gives_none() -> None:
    """A word counts once a line: ``ab`` twice on the second line is one."""
    assert lines_holding(TEXT, [b"ab", b"cd"], 3) == [(0, 2), (3, 11)]
    assert lines_holding(TEXT, [b"ab", b"cd"], 2) is None
