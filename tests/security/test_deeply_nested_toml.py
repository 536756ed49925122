"""Attack: a ``govern.toml`` (or a package's ``pyproject.toml``) nested a hundred thousand arrays
deep. tomllib recurses once per level, so it raised RecursionError: exit 3, a crash, where a
configuration that cannot be read must be exit 2 naming the file (issue 13, item 19)."""

from __future__ import annotations

import json
from pathlib import Path

from govern.drift.anchors.runtimes import supported
from govern.git.packages import manifest_name
from tests.gitrepo import make_repo
from tests.helpers import run_check

DEEP = "x = " + "[" * 100_000 + "]" * 100_000 + "\n"


def test_a_deeply_nested_config_is_not_judged(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"govern.toml": DEEP})
    merge_base = repo.sha("HEAD")
    repo.branch("pr")
    repo.commit({"src/app.py": "x = 1\n"})
    result = run_check(repo, "size", "main", "--json")
    assert result.exit_code == 2
    assert json.loads(result.stdout)["error"] == (
        f"invalid configuration in govern.toml at {merge_base}:\n"
        "  - nested too deeply to be a configuration")


def test_an_honest_config_beside_it_still_loads(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"govern.toml": "[gates]\nhuman_merge_lines = 10\n"})
    repo.branch("pr")
    repo.commit({"src/app.py": "x = 1\n"})
    assert run_check(repo, "size", "main", "--json").exit_code == 0


def test_a_deeply_nested_manifest_has_no_name() -> None:
    assert manifest_name("pyproject.toml", DEEP)[0] is None
    assert manifest_name("pyproject.toml", '[project]\nname = "acme"\n')[0] == "acme"


def test_a_deeply_nested_manifest_declares_no_runtime() -> None:
    assert supported({"pyproject.toml": DEEP}.get) == {}
    honest = '[project]\nname = "acme"\nrequires-python = ">=3.10"\n'
    assert min(supported({"pyproject.toml": honest}.get)["Python"][1]) == (3, 10)
