"""Attack: stall `govern init` with docs pages. init reads every md/mdx/rst page for a
reference generator's mark, and folds the folders of the marked pages into wildcard globs. A
page of millions of near-marks must be read in linear time, and a tree of thousands of marked
folders must fold within a bounded number of tries, each a pass over the pages."""

from __future__ import annotations

from functools import partial

from govern.core.globs import Globs
from govern.drift.docs.layout import folder_globs, is_generated_page
from tests.security.pr import within

EIGHT_MB = 8 * 1024 * 1024


def test_near_marks_are_read_in_linear_time() -> None:
    """Lines that open the mark and never finish it: a path with no line number, a path
    that never ends, a heading with text after it."""
    for unit in ("Defined in: a/b.ts:x\n", "Defined in: " + "a" * 4096, "#### Defined in x\n"):
        page = unit * (EIGHT_MB // len(unit))
        assert within(partial(is_generated_page, page)) is False
    assert is_generated_page("Defined in: src/a.ts:12\n" * 10) is True


def test_near_notes_are_read_in_linear_time() -> None:
    """Comments opening again and again, never closed, or closed on every line, and a note's
    words that never reach `generated`: each comment is read within its bound once."""
    for unit in ("<!--\n", "<!-- this file " + "x" * 4096 + "\n", "<!-- -->\n",
                 "<!-- this file is " + "auto " * 1000 + "-->\n"):
        page = unit * (EIGHT_MB // len(unit))
        assert within(partial(is_generated_page, page)) is False
    assert is_generated_page("<!-- This file is auto-generated. -->\n") is True


def test_thousands_of_marked_folders_fold_in_bounded_time() -> None:
    """2,500 folders of one marked page each, each beside a folder of a hand-written page that
    keeps most wildcards from folding: each try reads every page, and the tries are bounded.
    What is folded still excludes no hand-written page."""
    marked = [f"docs/{a}/{b}/gen.md" for a in range(50) for b in range(50)]
    kept = [f"docs/{a}/{b}x/hand.md" for a in range(50) for b in range(50)]
    globs = within(partial(folder_globs, marked + kept, set(marked)))
    excluded = Globs(tuple(globs))
    assert all(excluded.matches(page) for page in marked)
    assert not any(excluded.matches(page) for page in kept)
