"""Attack: stall the docs-drift job with a Python statement binding thousands of names. Every
target of a chained or tuple assignment is declared (docs/concepts/anchoring-rules.md), and a
dunder among them may be module metadata; each name is judged on the value it is bound to,
once. Judging each dunder by walking its statement's targets again took 40 s for
``__a0__ = __a1__ = … = __a3999__ = f()`` (47 kB), and reading a dict bound to a tuple target
as each target's members made 1,000 names times 1,000 keys a million members (19 s)."""

from __future__ import annotations

from govern.drift.anchors.python import extract_python
from tests.security.pr import within

NAMES = 4_000


def test_a_chain_of_thousands_of_dunders_is_read_in_linear_time() -> None:
    chain = " = ".join(f"__a{i}__" for i in range(NAMES))
    source = f"{chain} = make()\n__b0__, {', '.join(f'__c{i}__' for i in range(NAMES))} = 0\n"
    found = within(lambda: extract_python(source.encode(), frozenset({1, 2})))
    assert {"__a0__", f"__a{NAMES - 1}__", f"__c{NAMES - 1}__"} <= found.declared
    assert "__b0__" in found.declared


def test_a_dict_bound_to_a_tuple_target_gives_no_member() -> None:
    names = ", ".join(f"name{i}" for i in range(1_000))
    keys = ", ".join(f'"key{i}": {i}' for i in range(1_000))
    source = f"{names} = {{{keys}}}\nSINGLE = {{{keys}}}\n"
    found = within(lambda: extract_python(source.encode(), frozenset({1, 2})))
    assert "name0" in found.declared and "name999" in found.declared
    assert not any(name.startswith("name0.") for name in found.declared)
    # one name bound to the dict holds its keys, as ever
    assert "SINGLE.key0" in found.declared
