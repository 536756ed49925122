"""Attack: hide a PR's changed lines from the docs jobs with its own ``.gitattributes``. git
reads attributes from the work tree, the PR's checkout on its job, and prints no lines for a
file marked ``-diff``: a PR marking its pages so added a docs line naming code that does not
exist, and `check docs-refs` (which reads only the lines a PR adds) never read it; marking
its sources so emptied its affected-docs list. Both diffs now judge binary files by the merge
base's ``.gitattributes``."""

from __future__ import annotations

import json
from pathlib import Path

from tests.gitrepo import Repo, make_repo
from tests.helpers import run_check, run_json

SHOP = {"pyproject.toml": '[project]\nname = "shop"\n', "src/shop/__init__.py": "",
        "src/shop/util.py": "def parse_price(text):\n    return text\n",
        "docs/api.md": "Use `shop.util.parse_price()` to read a price.\n"}


def _pr(tmp_path: Path, changes: dict[str, str | bytes | None]) -> Repo:
    repo = make_repo(tmp_path / "shop", SHOP)
    repo.branch("pr")  # and checked out, as on the PR's job
    repo.commit(changes)
    return repo


def test_a_page_marked_binary_by_the_pr_still_has_its_added_lines_checked(
        tmp_path: Path) -> None:
    page = SHOP["docs/api.md"] + "Then call `shop.util.format_price()`.\n"
    for at, attributes in enumerate(("*.md -diff\n", "")):  # the attack, and the honest PR
        repo = _pr(tmp_path / str(at),
                   {".gitattributes": attributes, "docs/api.md": page})
        result = run_check(repo, "docs-refs", "main", "--json")
        findings = json.loads(result.stdout)["findings"]
        assert result.exit_code == 1, result.stdout
        assert [f["name"] for f in findings] == ["shop.util.format_price"]


def test_a_source_marked_binary_by_the_pr_still_has_its_changed_names_read(
        tmp_path: Path) -> None:
    repo = _pr(tmp_path, {".gitattributes": "*.py -diff\n",
                          "src/shop/util.py": "def parse_price(text):\n    return text or 0\n"})
    data = run_json(repo, "main")
    assert [row["path"] for row in data["docs"]] == ["docs/api.md"]
