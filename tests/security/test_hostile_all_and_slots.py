"""Attack: stall the docs-drift job with a module whose ``__all__`` or ``__slots__`` is read
as a list of names (docs/concepts/anchoring-rules.md#what-anchors). An ``__all__`` summing
10,000 lists nests its expression 10,000 deep, past Python's recursion limit for a reader
that recursed; a class of 20,000 slots, each changed, makes 20,000 members, each found once
among its siblings, not by a walk from the class each time."""

from __future__ import annotations

from govern.drift.anchors.python import all_entries, extract_python
from tests.security.pr import within

TERMS = 10_000
SLOTS = 20_000


def test_an_all_summing_many_lists_is_read_without_recursion() -> None:
    source = ("__all__ = " + " + ".join(f"['name{i}']" for i in range(TERMS)) + "\n").encode()
    assert within(lambda: all_entries(source)) == {f"name{i}" for i in range(TERMS)}
    # and none of them is a literal of the changed line
    assert within(lambda: extract_python(source, frozenset({1}))).literals == ()


def test_many_changed_slots_are_read_in_linear_time() -> None:
    source = ("class Wide:\n    __slots__ = (\n"
              + "".join(f'        "slot_{i}",\n' for i in range(SLOTS)) + "    )\n").encode()
    changed = frozenset(range(3, SLOTS + 3))
    result = within(lambda: extract_python(source, changed))
    assert [declaration.key for declaration in result.touched] == [
        f"Wide.slot_{i}" for i in range(SLOTS)]
    assert "Wide" not in {declaration.key for declaration in result.touched}
