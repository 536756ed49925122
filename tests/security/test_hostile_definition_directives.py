"""Attack: stall the docs-drift job with a page built against the reader of hand-written
object directives that keeps an over-broad anchor on the page defining it
(docs/concepts/affected-docs.md#guards): ten thousand nested class directives, each
with a method, under as many module directives, and one directive with a megabyte name. Each
directive is read once and resolved by a binary search, so the page is read in linear time."""

from __future__ import annotations

from govern.drift.docs.scanner import defined_names
from tests.security.pr import within

NESTED = "".join(f"{'   ' * (n % 50)}.. class:: C{n}\n\n{'   ' * (n % 50 + 1)}.. method:: m\n\n"
                 for n in range(10_000))
MODULES = ".. module:: pkg\n\n.. class:: Session\n\n" * 30_000
LONG = ".. module:: " + "a." * 500_000 + "b\n\n.. class:: " + "C." * 500_000 + "D\n"


def test_hostile_pages_are_read_in_linear_time() -> None:
    # each class and each method named inside the classes its directive is nested in
    assert {"C0", "C0.m", "C0.C1", "C0.C1.m"} <= within(lambda: defined_names(NESTED))
    assert within(lambda: defined_names(MODULES)) == {"pkg.Session"}
    # a megabyte module is no scope (MAX_SCOPE): the class is its name as written
    assert within(lambda: defined_names(LONG)) == {"C." * 500_000 + "D"}
