"""Attack: stall the docs-drift job with a base class whose changed members every class of the
file inherits. ``inherited_members`` compared the classes inheriting a member with
MAX_INHERITING only between the classes whose subclasses it read, so the base's subclasses were
all read, and an anchor built for each, once per changed member: 5,000 changed methods of a
base 5,000 classes extend (370 kB) took 43 s. The count now stops at the cap: such a member
anchors on its own class only, as before, and one a few classes inherit still anchors on each
of them.

The overrides rule (an override anchors in qualified forms only) looked for each changed
member's name up the chain of its class's bases, so 4,000 methods of a class 4,000 classes deep
(275 kB) took 6 s. Capped at MAX_INHERITING classes read, it still walked, once per changed
member, every base the class lists that is of another file or listed twice, as neither
counted against the cap: 8,000 methods of a class listing 8,000 such bases (420 kB) took 8 s,
minutes at the parse limit. A class's bases are now listed once per class, however many of its
members changed: its same-file ancestors, each once, nearest first, at most MAX_INHERITING of
them, so a changed member is looked up in at most MAX_INHERITING classes' member names."""

from __future__ import annotations

from govern.drift.anchors.python import extract_python
from govern.drift.anchors.syntax import MAX_INHERITING
from tests.security.pr import within

MEMBERS = CLASSES = 5000


def test_a_base_every_class_extends_is_read_in_linear_time() -> None:
    source = ("class Base:\n" + "".join(f"    def method_{i}(self):\n        return 0\n"
                                        for i in range(MEMBERS))
              + "".join(f"class Sub{j}(Base):\n    pass\n" for j in range(CLASSES))
              + "class Small:\n    def load_all(self):\n        return 1\n"
              + "class Client(Small):\n    pass\n")
    changed = frozenset(range(2, 2 * MEMBERS + 2)) | {source.count("\n") - 2}  # `return 1`
    result = within(lambda: extract_python(source.encode(), changed))
    keys = [declaration.key for declaration in result.touched]
    assert result.widely_inherited == MEMBERS
    assert keys[:2] == ["Base.method_0", "Base.method_1"]
    assert keys[-2:] == ["Small.load_all", "Client.load_all"]  # one class inherits it
    assert len(keys) == MEMBERS + 2  # no Sub*.method_*


def test_a_class_deep_in_a_chain_is_read_in_linear_time() -> None:
    depth = members = 10_000  # 650 kB
    source = ("class C0:\n    def near(self):\n        return 0\n"
              + "".join(f"class C{i}(C{i - 1}):\n    pass\n" for i in range(1, depth))
              + f"class Leaf(C{depth - 1}):\n"
              + "".join(f"    def method_{i}(self):\n        return {i}\n"
                        for i in range(members))
              + "class Top:\n    def near(self):\n        return 0\n"
              + "class Close(Top):\n    def near(self):\n        return 1\n")
    changed = frozenset(range(1, source.count("\n") + 1))
    result = within(lambda: extract_python(source.encode(), changed))
    # an override of a base a class away is found; none of the chain's methods overrides
    assert "Close.near" in result.overrides
    assert not any(key.startswith("Leaf.") for key in result.overrides)
    assert depth > 4 * MAX_INHERITING


WIDE = 25_000  # 1.3 MB: 40 s before, 2 s now


def _leaf(bases: str) -> str:
    return (f"class Base:\n    def method_0(self):\n        return 0\n"
            f"class Leaf({bases}):\n"
            + "".join(f"    def method_{i}(self):\n        return {i}\n" for i in range(WIDE)))


def test_a_class_listing_thousands_of_other_files_bases_is_read_in_linear_time() -> None:
    source = _leaf("Base, " + ", ".join(f"x{i}" for i in range(WIDE)))
    result = within(lambda: extract_python(source.encode(),
                                           frozenset(range(1, source.count("\n") + 1))))
    assert [key for key in result.overrides if key.startswith("Leaf.")] == ["Leaf.method_0"]


def test_a_class_listing_one_base_thousands_of_times_is_read_in_linear_time() -> None:
    source = _leaf(", ".join(["Base"] * WIDE))
    result = within(lambda: extract_python(source.encode(),
                                           frozenset(range(1, source.count("\n") + 1))))
    assert [key for key in result.overrides if key.startswith("Leaf.")] == ["Leaf.method_0"]
