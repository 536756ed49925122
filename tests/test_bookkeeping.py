"""Which lines of a page calibrate reads as toctree bookkeeping
(govern.calibrate.bookkeeping): the entries naming a page the commit deleted, and no other."""

from __future__ import annotations

import pytest

from govern.calibrate.bookkeeping import toctree_entries

PAGE = ("API\n===\n\n.. toctree::\n   :maxdepth: 2\n   :caption: Parts\n\n   api/parser\n"
        "   Notifier <api/notifier>\n   /reference/logger\n   ../guide/intro\n\n"
        "api/parser is named here in prose.\n")


def _named(deleted: str, page: str = PAGE, path: str = "docs/api.rst") -> list[str]:
    return [page[start:end] for start, end in toctree_entries(page, path, (deleted,))]


@pytest.mark.parametrize("deleted, entry", [
    ("docs/api/parser.rst", "   api/parser\n"),                   # relative to the page
    ("docs/api/notifier.rst", "   Notifier <api/notifier>\n"),    # titled
    ("docs/reference/logger.rst", "   /reference/logger\n"),      # from the docs' root
    ("reference/logger.rst", "   /reference/logger\n"),           # the docs at the root
    ("guide/intro.md", "   ../guide/intro\n"),                    # up a folder, another format
])
def test_the_entry_naming_a_deleted_page_is_bookkeeping(deleted: str, entry: str) -> None:
    assert _named(deleted) == [entry]


@pytest.mark.parametrize("deleted", [
    "docs/api/other.rst",        # no entry names it
    "api/parser.rst",            # another folder's page of the same name
    "docs/api/parser.py",        # no page
])
def test_no_entry_of_a_page_still_there_nor_prose(deleted: str) -> None:
    assert _named(deleted) == []


def test_an_option_and_the_text_after_the_body_are_never_entries() -> None:
    page = PAGE.replace("   :maxdepth: 2\n", "   :maxdepth: 2\n   :glob:\n")
    assert _named("docs/api/parser.rst", page) == ["   api/parser\n"]
    # the body ends at the first line no deeper than the directive
    after = "Intro\n\n.. toctree::\n\n   a\n\napi/parser\n"
    assert _named("docs/api/parser.rst", after) == []
    assert _named("docs/a.rst", after, "docs/index.rst") == ["   a\n"]
