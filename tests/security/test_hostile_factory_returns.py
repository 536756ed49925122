"""Attack: stall the docs-drift job with a factory. An exported const bound to what a function
of its file makes (``export const x = make()``) holds the entries of the object the function
returns, each a member ``x.key``. A factory returning the same local 2,000 times held its
2,000 entries once per ``return``: four million members, each read for its role and its
lines (64 s for 44 kB). Each object returned is now read once. Likewise a helper declared by
thousands of statements (overloads) and given out under thousands of keys was each key on
each statement; past ``MAX_GIVEN_PAIRS`` pairs, each key is given on the helper's last
statement only."""

from __future__ import annotations

from govern.drift.anchors.typescript import MAX_GIVEN_PAIRS, extract_typescript
from tests.security.pr import within

RETURNS = 2_000
OVERLOADS = 3_000


def test_a_local_returned_thousands_of_times_is_read_once() -> None:
    entries = ", ".join(f"a{i}: {i}" for i in range(RETURNS))
    source = f"function make() {{\n  const u = {{{entries}}}\n" + "  return u\n" * RETURNS \
        + "}\nexport const x = make()\n"
    result = within(lambda: extract_typescript(source.encode(), frozenset({2}), "typescript"))
    assert {"x.a0", f"x.a{RETURNS - 1}"} <= result.declared
    assert len([d for d in result.touched if d.container == "x"]) == RETURNS


def test_a_helper_of_thousands_of_overloads_under_thousands_of_keys() -> None:
    overloads = "".join(f"  function f(a{i}: number): void\n" for i in range(OVERLOADS))
    keys = ", ".join(f"k{i}: f" for i in range(OVERLOADS))
    body = OVERLOADS + 2  # the line of ``function f (a) {…}``
    source = f"function make() {{\n{overloads}  function f(a) {{ return a }}\n" \
             f"  return {{{keys}}}\n}}\nexport const x = make()\n"
    assert OVERLOADS * OVERLOADS > MAX_GIVEN_PAIRS
    result = within(lambda: extract_typescript(source.encode(), frozenset({body}),
                                               "typescript"))
    assert {"x.k0", f"x.k{OVERLOADS - 1}"} <= result.declared
    assert len([d for d in result.touched if d.container == "x"]) == OVERLOADS


def test_a_few_overloads_under_a_few_keys_are_each_key() -> None:
    source = "function make() {\n" \
             "  function f(a: number): number\n" \
             "  function f(a: string): string\n" \
             "  function f(a) { return a }\n" \
             "  return { get: f, read: f }\n" \
             "}\n" \
             "export const x = make()\n"
    result = extract_typescript(source.encode(), frozenset({2}), "typescript")
    assert [d.key for d in result.touched] == ["x.get", "x.read"]
