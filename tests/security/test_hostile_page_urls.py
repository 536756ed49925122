"""Attack: stall the docs-drift job with a docs page of URLs built to make their blanking
(``without_urls``) quadratic: a megabyte line of ``https://a/`` repeated (a URL's body holds
``://``, so each could be read to the end of the line), a URL of 100,000 path segments, a run
of ``://`` with no scheme before it (each a URL's start to look at, none a URL), and a run of
letters before one ``://`` (a scheme walked back over). Each ``://`` is looked at once, a
scheme walked back over at most ``MAX_SCHEME`` characters, and the search goes on past a
URL's end."""

from __future__ import annotations

from govern.drift.docs.lines import mention_lines
from govern.drift.docs.scanner import scan_page, url_spans, without_urls
from tests.security.pr import within

SIZE = 1_000_000


def test_a_megabyte_line_of_urls_is_one_url_blanked_in_linear_time() -> None:
    page = "https://a/" * (SIZE // 10) + " tail_name\n"
    assert within(lambda: list(url_spans(page))) == [(0, 8, SIZE)]
    assert within(lambda: without_urls(page)) == " " * SIZE + " tail_name\n"
    assert within(lambda: scan_page(page, "a.md")).words == {"tail_name"}


def test_a_url_of_many_segments_keeps_only_its_linked_path() -> None:
    segments = "/x" * 100_000
    page = f"[s](https://github.com/o/r/blob/main{segments}.py) [t](https://a/b{segments})\n"
    tokens = within(lambda: scan_page(page, "a.md"))
    assert tokens.loose == {segments[1:] + ".py"}
    assert "b" not in tokens.words and "s" in tokens.words
    # its line, as a run reads it: from the page's text with its URLs blanked
    assert within(lambda: mention_lines(without_urls(page), "a.md", segments[1:] + ".py",
                                        "path")) == (1,)


def test_schemeless_marks_and_long_schemes_are_read_in_linear_time() -> None:
    marks = "://" * (SIZE // 3)
    assert within(lambda: list(url_spans(marks))) == []
    assert within(lambda: without_urls(marks)) == marks
    letters = "a" * SIZE + "://b_name"
    start, _, end = within(lambda: list(url_spans(letters)))[0]
    assert (start, end) == (SIZE - 32, len(letters))
    assert "b_name" not in within(lambda: scan_page(letters, "a.md")).words
    # a run of ``x://`` marks with nothing after them: no URL
    runs = "x:// " * (SIZE // 5)
    assert within(lambda: without_urls(runs)) == runs
