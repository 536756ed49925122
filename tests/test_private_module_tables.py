"""A table declared in a private module is the code's own lookup, and a literal is no
declaration a generator renders (docs/concepts/anchoring-rules.md#literals): pydantic
``42a45d8adc`` re-keyed ``pydantic/_migration.py``'s table of removed v1 paths and listed 11
pages, none edited, ``docs/api/errors.md`` through ``::: pydantic.errors``."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.drift.anchors.literals import in_private_module
from tests.helpers import pr_repo, rows, run_json

TABLE = "MOVED = {{\n    {key}: 'pkg.errors:NewError',\n    'RATE_LIMITED': {value},\n}}\n"


def _run(tmp_path: Path, module: str, page: str) -> dict[str, set[str]]:
    base = {"pkg/__init__.py": "", "pkg/errors.py": "class NewError(Exception):\n    pass\n",
            module: TABLE.format(key="'pkg.errors.OldError'", value="'retry_later'"),
            "docs/errors.md": "# Errors\n\n::: pkg.errors\n", "docs/moves.md": page}
    head = {module: TABLE.format(key="'pkg.errors:OldError'", value="'retry_soon'")}
    return {path: set(tokens)
            for path, tokens in rows(run_json(pr_repo(tmp_path, base, head), "main")).items()}


def test_a_private_modules_table_anchors_nothing_but_its_screaming_names(
        tmp_path: Path) -> None:
    found = _run(tmp_path, "pkg/_moves.py",
                 "Old paths: `pkg.errors.OldError`; `RATE_LIMITED` and `retry_later`.\n")
    # the base side's key and value are the module's own; the error code beside them is
    # still one
    assert found == {"docs/moves.md": {"RATE_LIMITED"}}


def test_a_public_modules_table_still_anchors_but_only_where_written(tmp_path: Path) -> None:
    found = _run(tmp_path, "pkg/moves.py",
                 "Old paths: `pkg.errors.OldError`; `RATE_LIMITED` and `retry_later`.\n")
    assert found["docs/moves.md"] == {"RATE_LIMITED", "pkg.errors.OldError", "retry_later"}
    # ``::: pkg.errors`` renders what the module declares, never a string naming it
    assert "docs/errors.md" not in found


def test_a_private_modules_function_body_keys_still_anchor(tmp_path: Path) -> None:
    base = {"pkg/__init__.py": "", "pkg/_build.py": "def payload():\n    return {}\n",
            "docs/api.md": "The payload holds `retry_after`.\n"}
    head = {"pkg/_build.py": "def payload():\n    return {'retry_after': 5}\n"}
    assert rows(run_json(pr_repo(tmp_path, base, head), "main")) == {
        "docs/api.md": ["retry_after"]}


@pytest.mark.parametrize(("path", "private"), [
    ("pydantic/_migration.py", True),
    ("pkg/_internal/config.py", True),
    ("pkg/_stubs.pyi", True),
    ("pkg/__init__.py", False),
    ("pkg/__main__.py", False),
    ("pkg/moves.py", False),
    ("src/_moves.ts", False),  # the convention is Python's
])
def test_a_private_module_has_a_part_led_by_an_underscore(path: str, private: bool) -> None:
    assert in_private_module(path) is private
