"""Directive targets read whole (docs/concepts/anchoring-rules.md#what-anchors): a bare member
name is not the last part of another object's directive (``:::
textual.widgets.Switch.BINDINGS`` for another class's ``BINDINGS``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.drift.docs.corpus import Page
from tests.helpers import build_index, pr_repo, rows, run_json

A_MODULE, B_MODULE = "class A:\n    BINDINGS = 1\n", "class B:\n    BINDINGS = 2\n"
B_PAGE = "# B\n\nThe keys of B:\n\n::: pkg.b.B.BINDINGS\n"


@pytest.mark.parametrize(("change", "listed"), [
    ({"pkg/a.py": A_MODULE.replace("= 1", "= 11")}, False),
    ({"pkg/a.py": "class A:\n    pass\n"}, False),
    ({"pkg/b.py": B_MODULE.replace("= 2", "= 22")}, True),
])
def test_a_bare_member_name_is_not_another_object_s_directive(
        tmp_path: Path, change: dict[str, str | None], listed: bool) -> None:
    files = {"pkg/__init__.py": "", "pkg/a.py": A_MODULE, "pkg/b.py": B_MODULE,
             "docs/b.md": B_PAGE, "docs/keys.md": "Set `BINDINGS` on your app.\n"}
    found = rows(run_json(pr_repo(tmp_path, files, change), "main"))
    assert ("docs/b.md" in found) is listed
    assert "docs/keys.md" in found  # written bare, the name matches as before


def test_a_directive_s_last_part_is_written_only_for_a_top_level_name() -> None:
    pages = [Page("a.rst", "b1", False), Page("b.md", "b2", False), Page("c.md", "b3", False)]
    blobs = {"b1": b".. autoclass:: shop.Client\n", "b2": b"::: shop.Client\n\nUse `Client`.\n",
             "b3": b"::: shop.Tree.BINDINGS\n"}
    index = build_index(pages, blobs.get)
    assert index.naming_as_written("Client") == {0, 1}
    assert index.naming_as_written("Client", tails=False) == {1}
    assert index.naming("BINDINGS") == {2}
    assert index.naming("BINDINGS", tails=False) == set()
    assert index.naming("Tree.BINDINGS", tails=False) == {2}
