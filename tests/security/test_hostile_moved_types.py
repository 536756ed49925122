"""Attack: stall affected-docs with local types a change removes. Whether each was moved
unchanged is one search of the change set's other changed lines, for at most
``MAX_TYPE_NAMES`` types a file: linear in the change."""

from __future__ import annotations

from govern.drift.anchors.typescript import MAX_TYPE_NAMES, extract_typescript, moved_text
from tests.security.pr import within

TYPES = 20_000


def test_thousands_of_removed_types_are_each_looked_for_once_at_most() -> None:
    source = "".join(f"type T{i} = {{ a{i}: string }}\nexport function f{i}(x: T{i}) {{}}\n"
                     for i in range(TYPES)).encode()
    other = "".join(f"export type U{i} = {{ a{i}: number }}\n" for i in range(TYPES)).encode()
    elsewhere = within(lambda: moved_text([(other, frozenset(range(1, TYPES + 1)))] * 20))
    lines = frozenset(range(1, 2 * TYPES + 1, 2))  # every type's line
    touched = within(lambda: extract_typescript(source, lines, "typescript", counterpart=b"",
                                                elsewhere=lambda: elsewhere).touched)
    # none was moved unchanged: the first MAX_TYPE_NAMES anchor the functions naming them
    assert [d.key for d in touched] == [f"f{i}" for i in range(MAX_TYPE_NAMES)]


def test_thousands_of_types_declared_on_both_sides_are_each_compared_once_at_most() -> None:
    """The other side's definitions are read once, in one pass of its declarations."""
    source = "".join(f"type T{i} = {{ a{i}: string }}\nexport function f{i}(x: T{i}) {{}}\n"
                     for i in range(TYPES)).encode()
    lines = frozenset(range(1, 2 * TYPES + 1, 2))
    for counterpart, expected in ((source.replace(b": string", b": number"), MAX_TYPE_NAMES),
                                  (source, 0)):
        touched = within(lambda counterpart=counterpart: extract_typescript(
            source, lines, "typescript", counterpart=counterpart).touched)
        assert [d.key for d in touched] == [f"f{i}" for i in range(expected)]
