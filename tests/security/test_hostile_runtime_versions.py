"""Attack: stall the docs-drift job with a page built against the runtime-version reader
(docs/concepts/anchoring-rules.md#runtime-versions): the runtime's name at every few
characters, each followed by a long list of versions, or by a clause that never reaches a
version. Each match starts at a name and reads a bounded span after it, so the page is read
in linear time, whatever a change's manifests drop."""

from __future__ import annotations

from govern.drift.docs.corpus import Page
from govern.drift.docs.lines import PageMentions
from tests.helpers import build_index
from tests.security.pr import within

LISTS = "".join("Python " + ", ".join(f"3.{i}" for i in range(40)) + "\n" for _ in range(5_000))
NAMES = "Python " * 200_000 + "3.8"
CLAUSES = ("Node.js" + "." * 40 + "a" * 40) * 20_000
EVENTS = ("Python 3.8" + " *_`)" * 2_000 + "\n") * 1_000
"""Each version followed by a long run of the markup read for an event verb after it."""


def test_pages_of_names_and_lists_are_read_in_linear_time() -> None:
    pages = [Page(f"docs/{n}.md", f"b{n}", False) for n in range(3)]
    blobs = {"b0": LISTS.encode(), "b1": NAMES.encode(), "b2": CLAUSES.encode()}
    index = build_index(pages, blobs.get)
    # 3.39 is listed after 39 others, past the eight a list is followed through
    assert within(lambda: index.stating("Python 3.39")) == set()
    assert within(lambda: index.stating("Python 3.5")) == {0}
    assert within(lambda: index.stating("Python 3.8")) == {0, 1}
    assert within(lambda: index.stating("Node.js 18")) == set()
    assert within(lambda: PageMentions(LISTS, "docs/0.md").lines("Python 3.2", "runtime"))[:2] \
        == (1, 2)


def test_markup_after_each_version_is_read_once() -> None:
    index = build_index([Page("docs/0.md", "b0", False)], {"b0": EVENTS.encode()}.get)
    assert within(lambda: index.stating("Python 3.8")) == {0}
    assert within(lambda: index.stating("Python 3.9")) == set()
