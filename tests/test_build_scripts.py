"""A ``setup.py`` or ``noxfile.py`` outside any importable package is a script setuptools or
nox runs, not a module a user imports: its names anchor nothing, and the file is counted in
``skipped.script_files`` as a package's ``scripts/`` are (cattrs' ``requirements = [...]``
had anchored as ``setup.requirements``; docs/concepts/affected-docs.md#change-set)."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import pr_repo, rows, run_json

# as ``govern init`` writes it for cattrs today, whose setup.py is gone at HEAD: its history's
# setup.py is then no manifest, and was read as a module
_BASE = {"govern.toml": "[code]\npackage_manifests = [\"pyproject.toml\"]\n",
         "pyproject.toml": "[project]\nname = 'shop'\n", "shop/__init__.py": "",
         "setup.py": "dev_reqs = ['pytest']\nsetup_kwargs = {}\n",
         "noxfile.py": "def run_linters(session):\n    session.run('ruff')\n",
         "shop/setup.py": "def setup_logging():\n    pass\n",
         "docs/contributing.md": "Install `dev_reqs`, then run `run_linters`.\n",
         "docs/logging.md": "Call `setup_logging()` first.\n"}


def test_build_scripts_anchor_nothing_and_are_counted(tmp_path: Path) -> None:
    head = {"setup.py": "dev_reqs = ['pytest', 'hypothesis']\nsetup_kwargs = {}\n",
            "noxfile.py": "def run_linters(session):\n    session.run('ruff', 'check')\n"}
    data = run_json(pr_repo(tmp_path, _BASE, head), "main")
    assert data["anchors"] == [] and rows(data) == {}
    assert data["skipped"]["script_files"] == 2
    assert data["anchorless_changes"] == []  # skipped, not NOT COVERED
    assert data["changed_packages"] == []


def test_a_module_named_setup_in_a_package_still_anchors(tmp_path: Path) -> None:
    head = {"shop/setup.py": "def setup_logging(level=0):\n    pass\n"}
    data = run_json(pr_repo(tmp_path, _BASE, head), "main")
    assert rows(data) == {"docs/logging.md": ["setup_logging"]}
    assert data["skipped"]["script_files"] == 0
