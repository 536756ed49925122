"""A string with a leading underscore names something private (attrs' ``__slots__ =
("_converter", …)``): no literal anchor, and not counted among the documentable anchors
(docs/concepts/anchoring-rules.md#literals)."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.drift.anchors.python import extract_python
from govern.drift.anchors.typescript import extract_typescript
from tests.helpers import pr_repo, rows, run_json


def _literals(language: str, source: str, line: int) -> tuple[str, ...]:
    data, lines = source.encode(), frozenset({line})
    if language == "python":
        return extract_python(data, lines).literals
    return extract_typescript(data, lines, language).literals


@pytest.mark.parametrize(("language", "source", "line", "expected"), [
    ("python", "class Attribute:\n    KINDS = ('_converter', 'alias_name')\n", 2,
     ("alias_name",)),
    ("python", "CODES = ['_not_found', 'bad_input']\n", 1, ("bad_input",)),
    ("python", "KIND = '_InternalKind'\n", 1, ()),
    ("typescript", "export type Code = '_internal_code' | 'not_found';\n", 1, ("not_found",)),
    # a variable a CLI tells users to set is still one, leading underscore and all
    ("python", "import os\nMODE = os.environ.get('_APP_COMPLETE')\n", 2, ("_APP_COMPLETE",)),
])
def test_a_private_string_is_no_literal(language: str, source: str, line: int,
                                        expected: tuple[str, ...]) -> None:
    assert _literals(language, source, line) == expected


def test_private_slots_are_not_counted_as_documentable(tmp_path: Path) -> None:
    """attrs 0f758fe5: ``"_converter"`` added to ``__slots__`` counted as one documentable
    anchor though no page can name it; the public slot beside it still anchors."""
    base = {"shop/__init__.py": "", "docs/api.md": "Set `order_key`, not `_converter`.\n",
            "shop/attribute.py": "class Attribute:\n    __slots__ = ()\n"}
    head = {"shop/attribute.py": "class Attribute:\n    __slots__ = ('_converter', 'order_key')\n"}
    data = run_json(pr_repo(tmp_path, base, head), "main")
    # the public slot, an attribute of the class (tests/test_anchor_slots.py), and none else
    assert sorted(a["token"] for a in data["anchors"]) == [
        "Attribute.order_key", "order_key", "shop.attribute.Attribute.order_key"]
    assert data["summary"].startswith("1 changed package(s), 3 documentable anchor(s)")
    assert rows(data) == {"docs/api.md": ["order_key"]}
