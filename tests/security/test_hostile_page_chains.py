"""Attack: stall the docs-drift job with the method chains of a page's code blocks. Each line
continuing a chain (``  .option(…)``) names a member on the chain's head, the line before it,
when the page binds it (``program = new Command()``): a head read again for each link, or each
link's name made of a head of a megabyte, would cost the head's length once per link. A block's
lines are split off once, each chain's head is read once, the page's bindings once, and a head
longer than any API's names nothing."""

from __future__ import annotations

from govern.drift.docs.lines import mention_lines
from govern.drift.docs.scanner import MAX_CHAIN_HEAD, scan_page
from tests.security.pr import within

LINKS = 100_000
MEGABYTE = 1_000_000


def test_a_chain_of_many_links_is_read_in_linear_time() -> None:
    page = ("```js\nprogram = make()\nprogram\n" + "  .option('-d')\n  // and\n" * LINKS
            + "```\n")
    tokens = within(lambda: scan_page(page, "a.md"))
    assert "program.option" in tokens.words
    assert "program.option" in tokens.calls
    lines = within(lambda: mention_lines(page, "a.md", "program.option", "written"))
    assert lines[:3] == (4, 6, 8)
    assert mention_lines(page, "a.md", "program.parse", "written") == ()


def test_a_megabyte_head_under_many_links_names_nothing() -> None:
    # the page binds the name: a head it does not bind names nothing anyway
    name = "c" * MEGABYTE
    for head in (name, name + ".command('x')"):
        page = f"```\n{name} = make()\n{head}\n" + "  .option('-d')\n" * LINKS + "```\n"
        tokens = within(lambda page=page: scan_page(page, "a.md"))
        assert not any(word.endswith(".option") for word in tokens.words)
        assert "option" in tokens.words  # the link is still a word


def test_a_megabyte_line_among_chains_is_read_in_linear_time() -> None:
    # a head as long as the limit still heads its chain; a megabyte line of blanks, dots and
    # names ends it
    head = "h" * MAX_CHAIN_HEAD
    line = " " * MEGABYTE + "." + "x" * MEGABYTE
    page = (f"```js\n{head} = make()\n{head}\n  .option()\n{'a = ' * (MEGABYTE // 4)}\n"
            f"{line}\n```\n")
    tokens = within(lambda: scan_page(page, "a.md"))
    assert f"{head}.option" in tokens.words
    assert not any(word.endswith(".x" + "x" * 10) for word in tokens.words if "." in word)
