r"""Attack: stall the docs-drift job with commands whose words are not plain word runs (a
command ``cmd.17``, an oclif file ``ns:job17.ts``). Only phrases of ``[\w-]`` words were looked
up among a page's word runs, read once per program; any other phrase was searched for with its
own pattern on every page naming the program, and again on a listed page for its lines: 4,000
such commands and a page of 4,000 lines took 7 s, and it grows with the square. The text after
the program's name is now read once into a tree of tokens that every phrase is looked up in,
whatever its words, finding what its pattern finds."""

from __future__ import annotations

from govern.drift.docs.corpus import Page
from govern.drift.docs.lines import PageMentions
from tests.helpers import build_index
from tests.security.pr import within

COMMANDS = 12_000
"""Commands, and lines of the page (about 600 kB): over a minute before, a second now."""


def test_thousands_of_dotted_and_colon_phrases_read_the_page_once() -> None:
    page = "".join(f"Run `tool cmd.{i} --x` or tool ns:job{i}.\n" for i in range(COMMANDS))
    index = build_index([Page("docs/a.md", "b1", False)], {"b1": page.encode()}.get)
    dotted = within(lambda: [index.saying(f"tool cmd.{i}") for i in range(COMMANDS)])
    colons = within(lambda: [index.saying(f"tool ns:job{i}") for i in range(COMMANDS)])
    assert dotted[7] == colons[7] == dotted[-1] == colons[-1] == {0}
    assert index.saying(f"tool cmd.{COMMANDS}") == set()
    assert index.saying("tool cmd") == {0}  # `cmd` followed by `.`, as the pattern reads it
    assert index.saying("tool ns job7") == {0}  # oclif's colon separates words
    assert index.saying("tool ns:job7:x") == index.saying("tool cmd:7") == set()
    mentions = PageMentions(page, "docs/a.md")
    lines = within(lambda: [mentions.lines(f"tool cmd.{i}", "phrase")
                            for i in range(COMMANDS)])
    assert lines[0] == (1,) and lines[1] == (2,) and lines[-1] == (COMMANDS,)
    assert within(lambda: [mentions.lines(f"tool ns:job{i}", "phrase")
                           for i in range(COMMANDS)])[99] == (100,)
    assert mentions.lines("tool ns:job1.x", "phrase") == ()
