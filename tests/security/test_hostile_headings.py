"""Attack: stall the docs-drift job with a page built against the heading reader that keeps
an over-broad anchor on its documenting section (docs/concepts/affected-docs.md#guards):
hundreds of thousands of headings almost naming the anchor, fences opened and never closed,
an rst page of underlines. Each line is read once, so the page is read in linear time."""

from __future__ import annotations

from functools import partial

from govern.drift.docs.headings import SectionHeadings
from tests.security.pr import within

NEAR = "#### setErrorHandlerX " + "setErrorHandle " * 20 + "\n"
FENCES = "```\n" + "# setErrorHandler\n~~~~\n" * 50_000
UNDERLINES = ("x setErrorHandlerY\n" + "=" * 200 + "\n") * 20_000
LONG = ("# " + "(" * 100_000 + " " * 100_000 + "<a " * 50_000 + "{#" * 50_000 + ":" * 100_000
        + "a:" * 50_000 + "<" * 50_000 + "setErrorHandler\n")


def test_hostile_pages_are_read_in_linear_time() -> None:
    """Every `# setErrorHandler` line of FENCES is inside a fence opened by ``` and not
    closed by ~~~~; LONG is one heading whose text is read for the name's section:
    parentheses, blanks, anchors and attribute lists never closed."""
    for text, path in ((NEAR * 20_000, "docs/a.md"), (FENCES, "docs/a.md"),
                       (UNDERLINES, "docs/a.rst"), (LONG, "docs/a.md")):
        headings = within(partial(SectionHeadings, text, path))
        assert within(partial(headings.naming, "setErrorHandler")) is False
    ends = SectionHeadings(UNDERLINES + "setErrorHandler\n===\n", "docs/a.rst")
    assert ends.naming("setErrorHandler") is True
