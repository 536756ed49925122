"""Attack: stall the docs-drift job with pages built against the check that keeps an
over-broad anchor on the section documenting it (docs/concepts/affected-docs.md#guards): a PR
changing thousands of methods, on pages that write each of them, under an object directive
(rst) or a heading (markdown) of its own. The page was read again for every anchor, its
directives and headings parsed each time (55 s for four pages of a thousand); each page is now
read once a run, and each anchor looked up in what was read."""

from __future__ import annotations

from govern.drift.docs.corpus import Page
from tests.helpers import build_index
from tests.security.pr import within

N = 3_000
RST = ".. module:: pkg\n\n" + "".join(
    f".. class:: C{n}\n\n   See :class:`C{n}` and C{n}.m here.\n\n   .. method:: m\n\n"
    for n in range(N))
MARKDOWN = "# API\n\n" + "".join(f"## pkg.D{n}.m\n\nSee `D{n}` and D{n}.m here.\n\n"
                                  for n in range(N))
PAGES = {"api": RST, "guide": MARKDOWN}


def test_each_page_is_read_once_for_all_anchors() -> None:
    index = build_index([Page("docs/api.rst", "api", False), Page("docs/guide.md", "guide", False)],
                        lambda blob: PAGES[blob].encode())
    rst, markdown = 0, 1  # the pages' ids: their order

    def sections() -> list[set[int]]:
        return [index.sections(f"pkg.{name}{n}.{member}", (rst, markdown))
                for n in range(N) for name in "CD" for member in "mn"]

    found = within(sections)
    assert found[:4] == [{rst}, set(), {markdown}, set()]
    assert found == found[:4] * N
