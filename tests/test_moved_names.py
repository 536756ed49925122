"""A name moved between files keeps its public spelling: no stale row and no New API
(docs/concepts/anchoring-rules.md#new-api), both ways: a function moved from one private module
to another and re-exported as ``pkg.func`` all along, a typer command moved with its flags;
and, beside them, a name that really is new."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.helpers import pr_repo, rows, run_json

FUNC = 'def func(x):\n    """Add one."""\n    return x + 1\n'
OTHER = ('def other():\n    """Two."""\n    return 2\n\n\n'
         'def extra():\n    """Three."""\n    return 3\n')
DOCS = {"docs/other.md": "See `pkg.other` and `pkg.extra`.\n", "docs/index.md": "Welcome.\n"}
BASE = {"pkg/__init__.py": "from ._a import func, helper\nfrom ._b import extra, other\n",
        "pkg/_a.py": "def helper():\n    return 1\n\n\n" + FUNC, "pkg/_b.py": OTHER, **DOCS}
MOVED = {"pkg/_a.py": "def helper():\n    return 1\n", "pkg/_b.py": OTHER + "\n\n" + FUNC,
         "pkg/__init__.py": "from ._a import helper\nfrom ._b import extra, func, other\n"}


def _new_api(data: dict[str, Any]) -> list[tuple[str, list[str]]]:
    return [(entry["token"], entry["suggested_pages"]) for entry in data["new_api"]]


@pytest.mark.parametrize("change", [
    MOVED,
    # into a module of its own
    {"pkg/_a.py": "def helper():\n    return 1\n", "pkg/_c.py": FUNC,
     "pkg/__init__.py": "from ._a import helper\nfrom ._b import extra, other\n"
                        "from ._c import func\n"},
])
def test_a_function_moved_between_private_modules_is_no_new_api(
        tmp_path: Path, change: dict[str, str | None]) -> None:
    data = run_json(pr_repo(tmp_path, BASE, change), "main")
    assert _new_api(data) == [] and rows(data) == {}


def test_a_moved_function_a_page_names_is_listed_not_stale(tmp_path: Path) -> None:
    base = {**BASE, "docs/func.md": "Call `pkg.func(1)`.\n"}
    data = run_json(pr_repo(tmp_path, base, MOVED), "main")
    assert rows(data) == {"docs/func.md": ["pkg.func"]}
    assert data["docs"][0]["stale"] is False and _new_api(data) == []


def test_a_function_new_beside_a_move_and_one_under_a_new_import_path_are_new_api(
        tmp_path: Path) -> None:
    fresh = {**MOVED, "pkg/_b.py": MOVED["pkg/_b.py"] + "\n\ndef fresh():\n    return 4\n",
             "pkg/__init__.py": "from ._a import helper\nfrom ._b import extra, fresh, func, "
                                "other\n"}
    data = run_json(pr_repo(tmp_path, BASE, fresh), "main")
    assert _new_api(data) == [("pkg.fresh", ["docs/other.md"])]
    # from the public module `pkg.a` to `pkg.b`, no package name for it: its import path is
    # new, and only the bare name `func` was spelled before
    public = {"pkg/__init__.py": "", "pkg/a.py": FUNC, "pkg/b.py": OTHER,
              "docs/other.md": "See `pkg.b.other` and `pkg.b.extra`.\n"}
    data = run_json(pr_repo(tmp_path / "public", public,
                            {"pkg/a.py": "", "pkg/b.py": OTHER + "\n\n" + FUNC}), "main")
    assert _new_api(data) == [("pkg.b.func", ["docs/other.md"])]


COMMAND = '''import typer

cli = typer.Typer(help="Ship builds.")


@cli.command("ship")
def ship_build(version: str, channel: str = "stable", force: bool = False) -> None:
    """Ship ``version``."""
'''


def test_a_typer_command_moved_to_another_module_brings_no_new_flag(tmp_path: Path) -> None:
    base = {"cli/main.py": COMMAND, "cli/__init__.py": "",
            "docs/cli.md": "Run `ship 1.2 --channel beta` or `--force`.\n"}
    moved = {"cli/main.py": "from cli.deploy import cli\n", "cli/deploy.py": COMMAND}
    data = run_json(pr_repo(tmp_path, base, moved), "main")
    assert _new_flags(data) == []
    grown = {**moved, "cli/deploy.py": COMMAND.replace("force: bool = False",
                                                       "force: bool = False, region: str = 'eu'")}
    data = run_json(pr_repo(tmp_path / "grown", base, grown), "main")
    assert _new_flags(data) == [("--region", ["docs/cli.md"])]


def _new_flags(data: dict[str, Any]) -> list[tuple[str, list[str]]]:
    """The new options (the module's own names are new import paths, ``cli.deploy.cli``)."""
    return [(token, pages) for token, pages in _new_api(data) if token.startswith("--")]
