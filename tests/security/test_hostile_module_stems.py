"""Attack: stall the docs-drift job with a change to many modules whose stems overlap
(``pkg/aaa.py`` to ``pkg/a…a.py``, 250 ``a``) in a tree of paths holding long runs of ``a``
(docs/concepts/anchoring-rules.md#module-homes). The code files sharing a changed module's
stem were counted on the paths whose text holds a stem, found by listing every occurrence of
every stem in the tree's text and sorting them: each path of 500 ``a`` held about 250 × 500 of
them, a 130 kB tree took 15 s and 840 MB. A stem is now found at most once a line, and with
more stems than ``MAX_SCANNED_STEMS``, or more lines found than the tree has paths, each path's
own stem is taken, as before the search."""

from __future__ import annotations

from collections import Counter

from govern.drift.homes import _code_stems
from tests.security.pr import within

SECONDS = 2.0
"""Milliseconds now; both trees took over 10 s before."""


def _tree(stems: int, paths: int) -> tuple[list[str], set[str]]:
    """Modules ``pkg/aaa.py`` and so on, one a stem, beside ``paths`` paths of about 500
    ``a``: each of those holds every stem at every place."""
    tree = [f"{'a' * 250}/{'a' * 240}{i:06d}.py" for i in range(paths)]
    tree += [f"pkg/{'a' * k}.py" for k in range(3, stems + 3)]
    return tree, {"a" * k for k in range(3, stems + 3)}


def test_many_overlapping_stems_are_counted_in_linear_time() -> None:
    tree, counted = _tree(250, 100)  # 84 kB
    found = within(lambda: _code_stems(tree, counted, lambda path: True), SECONDS)
    assert found == Counter(counted)


def test_few_stems_held_on_every_line_are_counted_in_linear_time() -> None:
    tree, counted = _tree(32, 600)  # 300 kB; MAX_SCANNED_STEMS: looked for
    found = within(lambda: _code_stems(tree, counted, lambda path: True), SECONDS)
    assert found == Counter(counted)
