"""The line a row gives for a member documented through its container
(docs/concepts/ranking.md#line-numbers): the directive documenting every member of the
container (a bare ``:members:``, mkdocstrings' ``:::``), else where the page writes the
container. A page's directives are read once, whatever it is asked first, and asking again
gives the same lines."""

from __future__ import annotations

import pytest

from govern.drift.docs.lines import PageMentions

RST = ("Intro :class:`shop.Client` and shop.Other.\n\n"
       ".. autoclass:: shop.Client\n   :members:\n\n"
       ".. autoclass:: shop.Other\n   :members: close\n")
MARKDOWN = "# Store\n\nThe shop.Store class.\n\n::: shop.Store\n"


@pytest.mark.parametrize(("text", "path", "token", "lines"), [
    (RST, "a.rst", "shop.Client.send", (3,)),  # a bare ``:members:``: that directive
    (MARKDOWN, "a.md", "shop.Store.get", (5,)),  # mkdocstrings: that directive
    # ``:members: close`` documents no ``send``: where the page writes ``shop.Other``
    (RST, "a.rst", "shop.Other.send", (1, 6)),
    (MARKDOWN, "a.md", "shop.Client.send", ()),
])
def test_a_member_is_placed_on_the_directive_documenting_its_container(
        text: str, path: str, token: str, lines: tuple[int, ...]) -> None:
    fresh, asked = PageMentions(text, path), PageMentions(text, path)
    asked.lines("shop.Client", "written")  # the directives read for another question first
    assert fresh.lines(token, "prefix") == lines
    assert asked.lines(token, "prefix") == lines
    assert asked.lines(token, "prefix") == lines
