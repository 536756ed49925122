"""Attack: stall the docs-drift job with commands. A change to a CLI of thousands of commands
anchors each as a phrase (``tool cmd-17``), and each phrase was looked for with its own
pattern on every page naming the program: 8,000 commands and 150 pages of 26 KB that write
the program on every line took over a minute, and a listed page of 1 MB, searched once more
per phrase for its lines, 20 s more. A page's word runs after the program's name are now read
once, and each phrase is a lookup."""

from __future__ import annotations

from govern.drift.docs.corpus import Page
from govern.drift.docs.lines import PageMentions
from tests.helpers import build_index
from tests.security.pr import within

COMMANDS = 8_000
PAGES = 150


def test_thousands_of_phrases_read_each_page_once() -> None:
    page = "".join(f"Run `tool cmd-{i} --flag` for step {i}.\n" for i in range(600))
    blobs = {f"b{i}": page.encode() for i in range(PAGES)}
    index = build_index([Page(f"docs/p{i}.md", f"b{i}", False) for i in range(PAGES)],
                        blobs.get)
    said = within(lambda: [index.saying(f"tool cmd-{i}") for i in range(COMMANDS)])
    assert said[0] == set(range(PAGES)) and said[599] == set(range(PAGES))
    assert said[600] == set() and index.saying("tool cmd-1 --other") == set()
    # one listed page of 1 MB, where every phrase is written 40 times
    mentions = PageMentions(page * 40, "docs/p0.md")
    lines = within(lambda: [mentions.lines(f"tool cmd-{i}", "phrase") for i in range(COMMANDS)])
    assert lines[0][:3] == (1, 601, 1201) and lines[599][0] == 600 and lines[600] == ()
