"""Annotations are attacker-controlled text: their normal form (``govern.drift.anchors.
retyped``) reads each node once, by an explicit stack, however deep the brackets nest or
long a union runs."""

from __future__ import annotations

import time

import pytest

from govern.drift.anchors.retyped import respelled_headers
from govern.drift.anchors.syntax import parse

DEPTH = 5_000


@pytest.mark.parametrize("annotation", [
    "typing.List[" * DEPTH + "int" + "]" * DEPTH,
    " | ".join(f"T{i}" for i in range(DEPTH)),
    "typing.Union[" * DEPTH + "int, None" + "]" * DEPTH,
    "'" + "typing.Optional[" * DEPTH + "int" + "]" * DEPTH + "'",
])
def test_a_deep_or_long_annotation_is_read_in_linear_time(annotation: str) -> None:
    base = f"def f(x: {annotation}) -> None:\n    pass\n".encode()
    head = base.replace(b"typing.", b"").replace(b"-> None", b"-> typing.Optional[None]")
    lines = frozenset({1})
    started = time.perf_counter()
    found = list(respelled_headers(parse("python", base), parse("python", head),
                                   (lines, lines)))
    assert time.perf_counter() - started < 5
    assert len(found) <= 1
