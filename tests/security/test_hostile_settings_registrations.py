"""Attack: stall the docs-drift job through settings registrations. A key a call registers on
a settings object (``conf.add_config(keys=[…])``) is declared surface, read from every line
writing a registering method's name (docs/concepts/anchoring-rules.md#literals):
attacker-controlled text. Thousands of calls, a ``keys=`` list of 100,000 strings, and
thousands of lines that only write the name (in comments, deep in nested blocks) must each be
read in linear time: the walk visits the nodes on those lines once, and each call reads its
own arguments once."""

from __future__ import annotations

from govern.drift.anchors.literals import MAX_TABLE_KIN, registered_keys
from govern.drift.anchors.python import extract_python
from govern.drift.anchors.syntax import parse
from tests.security.pr import within

CALLS = 20_000
KEYS = 100_000


def _every_line(source: str) -> frozenset[int]:
    return frozenset(range(1, source.count("\n") + 2))


def test_thousands_of_registrations_are_read_in_linear_time() -> None:
    source = "def setup(conf):\n" + "".join(
        f'    conf.add_config("key_{i}", desc="x")\n' for i in range(CALLS))
    found = within(lambda: extract_python(source.encode(), _every_line(source)))
    assert len(found.literals) == len(found.registered) == CALLS


def test_a_keys_list_of_a_hundred_thousand_strings_is_read_in_linear_time() -> None:
    keys = ", ".join(f'"key_{i}"' for i in range(KEYS))
    source = f"def setup(conf):\n    conf.add_config(keys=[{keys}])\n"
    root = parse("python", source.encode()).root_node
    found = within(lambda: registered_keys(root, _every_line(source)))
    assert (len(found.changed), len(found.every)) == (KEYS, KEYS)
    assert len(found.kin) == MAX_TABLE_KIN  # a new key's siblings are a bounded sample


def test_lines_only_naming_the_method_cost_one_walk() -> None:
    """Each line writes ``add_config`` in a comment, inside blocks nested 500 deep."""
    nested = "".join("    " * depth + "if x:\n" for depth in range(500))
    source = nested + "".join("    " * 500 + f"y = {i}  # conf.add_config('k_{i}')\n"
                              for i in range(CALLS))
    root = parse("python", source.encode()).root_node
    assert within(lambda: registered_keys(root, _every_line(source))).every == frozenset()
