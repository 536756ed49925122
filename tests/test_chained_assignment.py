"""Every target of a chained assignment (``attr = ib = make_attr``) and of a tuple target
(``a, b = …``) is declared: attrs 69a460d3 made ``attr.ib`` such an alias, and ``ib`` read as
removed marked three pages stale (docs/concepts/anchoring-rules.md#what-anchors)."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.drift.anchors.python import extract_python
from tests.helpers import pr_repo, run_json


@pytest.mark.parametrize(("source", "declared", "not_declared"), [
    ("attr = ib = make_attr\n", {"attr", "ib"}, {"make_attr"}),
    ("first, (second, third) = 1, (2, 3)\n", {"first", "second", "third"}, set()),
    ("[left, right] = pair\n", {"left", "right"}, {"pair"}),
    # an attribute or an item written is no name the module binds
    ("config.debug = flag = True\n", {"flag"}, {"config", "config.debug", "debug"}),
    ("TABLE['key'] = value = 1\n", {"value"}, {"TABLE", "key"}),
    ("class Box:\n    width = height = 0\n", {"Box", "Box.width", "Box.height"}, {"width"}),
])
def test_each_target_is_declared(source: str, declared: set[str],
                                 not_declared: set[str]) -> None:
    found = extract_python(source.encode(), frozenset()).declared
    assert declared <= found
    assert not not_declared & found


def test_a_chained_all_still_lists_the_exports() -> None:
    source = b"__all__ = EXPORTS = ['ib']\nib = 1\nhidden = 2\n"
    result = extract_python(source, frozenset({2, 3}))
    assert result.all_names == {"ib"}
    assert [d.name for d in result.touched] == ["ib"]  # not ``hidden``, which it leaves out


def _stale(tmp_path: Path, head_init: str) -> dict[str, bool]:
    base = {"pyproject.toml": "[project]\nname = 'pkg'\n",
            "pkg/_impl.py": "def make_attr():\n    return 1\n",
            "pkg/__init__.py": "from ._impl import make_attr as ib\n\n__all__ = ['ib']\n",
            "docs/usage.md": "# Usage\n\nCall `pkg.ib()` to declare a field.\n"}
    data = run_json(pr_repo(tmp_path, base, {"pkg/__init__.py": head_init}), "main")
    return {row["path"]: row["stale"] for row in data["docs"]}


def test_an_alias_chained_onto_a_name_keeps_it(tmp_path: Path) -> None:
    head = "from ._impl import make_attr\n\nattr = ib = make_attr\n\n__all__ = ['attr', 'ib']\n"
    assert _stale(tmp_path, head) == {"docs/usage.md": False}


def test_a_name_the_chain_drops_is_removed(tmp_path: Path) -> None:
    head = "from ._impl import make_attr\n\nattr = make_attr\n\n__all__ = ['attr']\n"
    assert _stale(tmp_path, head) == {"docs/usage.md": True}
