"""Attack: stall the docs-drift job with a barrel of new names. Each name a file declares and
a barrel's export list starts exporting is two New API entries whose kin are joined; the join
was built again for every name the two sets share (8,000 names: 4.6 s, four times as long for
each doubling). It is built once per pair of sets now."""

from __future__ import annotations

from functools import partial

from govern.drift.affected import _joined_kin, _kin_tiers
from govern.drift.anchors.extract import Added
from govern.drift.anchors.model import Declaration
from tests.security.pr import within


def test_a_barrel_of_many_new_names_joins_its_kin_once() -> None:
    count = 40_000
    names = [f"name{i}" for i in range(count)]
    declared, listed = frozenset(names), frozenset([*names, "other"])
    added = [Added(file, Declaration(name, None, bridgeable=True), (name,), kin)
             for file, kin in (("src/a.ts", declared), ("src/index.ts", listed))
             for name in names]
    kin = within(partial(_joined_kin, added))
    assert kin["name0"] == listed and kin[f"name{count - 1}"] is kin["name0"]


def test_a_barrel_of_many_new_names_compares_its_kin_once() -> None:
    """Each name's sibling sets are its file's, the barrel's and the two joined; the barrel's
    and the joined one are equal, and telling them apart for each name took as long as they
    are, for every name."""
    count = 40_000
    names = [f"name{i}" for i in range(count)]
    declared, listed = frozenset(names), frozenset([*names, "other"])
    added = [Added(file, Declaration(name, None, bridgeable=True), (name,), kin,
                   barrel=file == "src/index.ts")
             for file, kin in (("src/a.ts", declared), ("src/index.ts", listed))
             for name in names]
    tiers = within(partial(_kin_tiers, added))
    assert tiers["name0"] == [declared, listed] and tiers[f"name{count - 1}"] is tiers["name0"]
