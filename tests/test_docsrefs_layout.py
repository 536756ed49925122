"""A package named like a standard-library module is the project's only where a distribution
ships it, never in a folder of examples, tests or docs (typer's
``docs_src/parameter_types/enum/``): anywhere else a page's ``enum.Enum`` is Python's (trial
2, defect 2). Packages of other names are judged wherever they lie."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.gitrepo import make_repo
from tests.test_docs_refs import LIBRARY, run

PAGE = "# Enums\n\nSubclass `enum.Enum()` and `datetime.datetime()`.\n"


@pytest.mark.parametrize("folder", ["examples/enum", "docs_src/parameter_types/enum",
                                    "bench/enum", "libs/demo/enum", "examples/tutorial/enum"])
def test_a_folder_named_like_the_standard_library_does_not_shadow_it(
        tmp_path: Path, folder: str) -> None:
    """Not shipped by a distribution, or inside example code even when that is one
    (``examples/tutorial/pyproject.toml``)."""
    files = {**LIBRARY, f"{folder}/__init__.py": "", f"{folder}/tutorial001.py": "x = 1\n",
             "examples/tutorial/pyproject.toml": "[project]\nname = 'tutorial'\n",
             "docs/enums.md": PAGE}
    code, out, err = run(make_repo(tmp_path / "repo", files), "--all")
    assert (code, out) == (0, "")
    assert "2 out of scope" in err


@pytest.mark.parametrize("folder", ["enum", "src/enum", "libs/backport/src/enum",
                                    "libs/backport/enum"])
def test_a_distributed_package_named_like_the_standard_library_is_judged(
        tmp_path: Path, folder: str) -> None:
    """A backport ships ``enum`` from a distribution's root or its ``src/``: there it is the
    project's, and a name it lacks is reported."""
    files = {**LIBRARY, f"{folder}/__init__.py": "class Enum:\n    pass\n",
             "libs/backport/pyproject.toml": "[project]\nname = 'backport'\n",
             "docs/enums.md": "Use `enum.Enum()`, not `enum.Enumm()`.\n"}
    code, out, _ = run(make_repo(tmp_path / "repo", files), "--all")
    assert code == 1
    assert out == ("docs/enums.md:1:25: `enum.Enumm` names nothing: enum has no `Enumm` "
                   "(did you mean `enum.Enum`?)\n")


def test_an_example_package_of_another_name_is_judged(tmp_path: Path) -> None:
    """An example project a tutorial documents (flask's ``examples/tutorial/flaskr``) is what
    its pages name: a name it lacks is reported, one it has resolves."""
    files = {**LIBRARY, "examples/tutorial/flaskr/__init__.py": "def create_app():\n    pass\n",
             "docs/tutorial.md": "Call `flaskr.create_app()`, not `flaskr.make_app()`.\n"}
    code, out, _ = run(make_repo(tmp_path / "repo", files), "--all")
    assert code == 1
    assert out == ("docs/tutorial.md:1:34: `flaskr.make_app` names nothing: flaskr has no "
                   "`make_app` (did you mean `flaskr.create_app`?)\n")
