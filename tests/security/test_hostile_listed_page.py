"""Attack: stall the docs-drift job with one page listed for a great many anchors. The line
numbers of a row's evidence were found by searching the page's text once per anchor: a PR that
adds 100,000 public names, and a page of 1.3 MB that writes them all, was 100,000 searches of
1.3 MB, most of a minute. Past ``DIRECT_SEARCHES`` anchors a page's tokens are now indexed in
one pass, and each further anchor is a lookup."""

from __future__ import annotations

from govern.drift.docs.lines import PageMentions
from tests.security.pr import within

NAMES = 100_000


def test_a_page_listed_for_every_anchor_is_read_once() -> None:
    text = "".join(f"- `pkg.mod.name_{i:06d}` and `name_{i:06d}(x)`\n" for i in range(NAMES))
    mentions = PageMentions(text, "docs/all.md")

    def every_line() -> list[tuple[int, ...]]:
        return [mentions.lines(f"name_{i:06d}", "written") for i in range(NAMES)]

    found = within(every_line)
    assert found[0] == (1,) and found[-1] == (NAMES,)
    assert mentions.lines("pkg.mod.name_000007", "written") == (8,)
    assert mentions.lines("pkg.mod.name_000007.attr", "prefix") == (8,)
    assert mentions.lines("name_0000", "written") == ()
