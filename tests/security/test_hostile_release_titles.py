"""Attack: stall or crash `govern init` with the names and titles it reads for history. A PR
controls every page's path and title (read for a migration guide's major, a release's
version): each must be read in linear time, and a malformed one must give a plain answer,
never a traceback (a run of digits is never an ``int`` past Python's limit)."""

from __future__ import annotations

from functools import partial

from govern.init.release import migration_major, release_version
from tests.security.pr import within

EIGHT_MB = 8 * 1024 * 1024


def test_hostile_titles_and_names_are_read_in_linear_time() -> None:
    """A title of millions of words, a version of thousands of digits (``int`` refuses past
    4,300), a file name of millions of ``to``s."""
    assert within(partial(release_version, "What's new " + "1." * EIGHT_MB + "1")) == 1
    assert release_version("Changelog " + "9" * 10_000) is None
    assert within(partial(release_version, "What's new in " + "x " * EIGHT_MB)) is None
    assert within(partial(migration_major, "docs/migrating-" + "to-" * EIGHT_MB + "v5.md")) == 5
    assert migration_major("docs/migrating-to-" + "9" * 10_000 + ".md") is None
