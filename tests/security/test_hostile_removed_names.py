"""Attack: stall the docs-drift job with a change removing many long names a page writes,
sharing no prefix, and a code file of long runs of ``a`` naming one of them
(docs/concepts/anchoring-rules.md#certain-drift). The lines holding a removed name were found
with one pattern of all of them, which Python's ``re`` tried at every character of the file,
each name in turn: 200 names of 200 characters against 200 kB took 13 s. Each name is now
found on its own, a scan of the file a name."""

from __future__ import annotations

from govern.drift.still_declared import MAX_NAMES, declared_names
from tests.security.pr import within

SECONDS = 2.0
"""A quarter of a second now (most of it compiling the declaring forms); 13 s before."""

SIZE = 200_000
"""Bytes of ``a`` runs in the code file."""


def test_many_long_removed_names_are_found_in_linear_time() -> None:
    names = ["b" + "a" * 200] + ["a" * 200 + f"x{i}" for i in range(MAX_NAMES - 1)]
    text = ("a" * 999 + "\n").encode() * (SIZE // 1000) + names[1].encode() + b" = 1\n"
    assert within(lambda: declared_names({"pkg/other.py": text}, names), SECONDS) == {names[1]}
