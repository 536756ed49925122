"""Attack: stall the docs-drift job with an in-place edit of many lines. Both sides of such an
edit change the same line numbers, and the readers found a file's changed lines sorted through
an ``lru_cache``, which compares a new set equal to a kept one element by element: reading the
second side compared the whole set again at every node a scan asked about, so 16,000 lines
edited in place (290 kB) took 28 s. The sorted lines are now kept by the identity of
the set, and each side costs what the first did."""

from __future__ import annotations

from govern.drift.anchors.python import extract_python
from tests.security.pr import within

FUNCTIONS = 8000


def test_both_sides_of_an_in_place_edit_are_read_in_linear_time() -> None:
    base = "".join(f"def handler_{i}():\n    return {i}\n" for i in range(FUNCTIONS))
    head = base.replace("return", "return -")

    def both_sides() -> tuple[list[str], list[str]]:
        # two sets, equal and distinct, as the diff's two sides give them
        old = extract_python(base.encode(), frozenset(range(1, 2 * FUNCTIONS + 1)))
        new = extract_python(head.encode(), frozenset(range(1, 2 * FUNCTIONS + 1)))
        return [d.key for d in old.touched], [d.key for d in new.touched]

    old, new = within(both_sides)
    assert old == new == [f"handler_{i}" for i in range(FUNCTIONS)]
