"""Annotations are attacker-controlled text: their normal form (``govern.drift.anchors.
retyped``) reads each node once, by an explicit stack, however deep the brackets nest or
long a union runs; a string annotation is parsed only where its text changed, and no more
than ``UNQUOTED_PER_FILE`` of them a file."""

from __future__ import annotations

import time

import pytest

from govern.drift.anchors.retyped import UNQUOTED_PER_FILE, respelled_headers
from govern.drift.anchors.syntax import parse
from tests.security.pr import within

DEPTH = 5_000
LINES = frozenset({1})
HEADER = (range(1, 2), range(1, 2))
"""The lines of a one-line ``def`` on each side, as ``respelled_headers`` yields them."""


def respelled(base: bytes, head: bytes) -> list[tuple[range, range]]:
    return list(respelled_headers(parse("python", base), parse("python", head),
                                  (LINES, LINES)))


@pytest.mark.parametrize("annotation", [
    "typing.List[" * DEPTH + "int" + "]" * DEPTH,
    " | ".join(f"T{i}" for i in range(DEPTH)),
    "typing.Union[" * DEPTH + "int, None" + "]" * DEPTH,
    "'" + "typing.Optional[" * DEPTH + "int" + "]" * DEPTH + "'",
])
def test_a_deep_or_long_annotation_is_read_in_linear_time(annotation: str) -> None:
    base = f"def f(x: {annotation}) -> None:\n    pass\n".encode()
    head = base.replace(b"typing.", b"").replace(b"-> None", b"-> typing.Optional[None]")
    started = time.perf_counter()
    found = respelled(base, head)
    assert time.perf_counter() - started < 5
    assert found == [HEADER]
    assert respelled(base, head.replace(b"-> typing.Optional[None]", b"-> int")) == []


def test_a_long_dotted_chain_is_read_in_linear_time() -> None:
    """Found by review: a chain whose head is a call (``g().a.a…``) is no dotted name, so it is
    read link by link, and each link was walked to the head again (8 kB: 38 s). 16 kB tells
    linear from quadratic (minutes) with room for a loaded machine: read link by link, each
    link costs several node visits (40 kB: 3 s idle, past the limit under load)."""
    chain = "g()" + ".a" * 8_000
    base = f"def f(x: {chain}) -> int:\n    pass\n".encode()
    assert within(lambda: respelled(base, base.replace(b"-> int", b"-> str")), 5) == []
    assert respelled(base, base.replace(b"-> int", b"-> builtins.int")) == [HEADER]


NESTING = 20
"""Each string annotation nests this deep: a parse, and a tree to read, of its own."""


def strings(count: int, written: str) -> bytes:
    """A one-line header of ``count`` parameters, each annotated with the string ``written``
    (``{0}`` its parameter's number) around a nested type."""
    nested = "List[" * NESTING + "T{0}" + "]" * NESTING
    return ("def f(" + ", ".join(f"a{i}: '{written.format(nested).format(i)}'"
                                 for i in range(count)) + "): pass\n").encode()


def test_string_annotations_past_the_cap_are_not_parsed() -> None:
    """Each of 10,000 string annotations respelled: the old reader parsed each on both sides
    (20,000 parses, ~10 s); past ``UNQUOTED_PER_FILE`` the header counts as changed."""
    base, head = strings(10_000, "Optional[{0}]"), strings(10_000, "{0} | None")
    assert within(lambda: respelled(base, head), seconds=5) == []
    few = UNQUOTED_PER_FILE // 2 - 1
    assert respelled(strings(few, "Optional[{0}]"), strings(few, "{0} | None")) == [HEADER]


def test_equal_string_annotations_are_compared_as_text() -> None:
    """10,000 string annotations the same on both sides, another annotation respelled: no
    string is parsed, and the header is a respelling past the cap too."""
    base = strings(10_000, "Optional[{0}]")
    head = base.replace(b"): pass", b") -> list[int]: pass")
    base = base.replace(b"): pass", b") -> typing.List[int]: pass")
    assert within(lambda: respelled(base, head), seconds=5) == [HEADER]
    assert respelled(base, head.replace(b"-> list[int]", b"-> list[str]")) == []
