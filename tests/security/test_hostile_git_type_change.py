"""Attack: stop the docs jobs with a type change. git reports a file turned into a symlink (or
a submodule, or back) as one changed file but prints its patch as two sections, a deletion
and a creation; the diff reader paired sections with files by position, so such a PR made
``govern affected-docs`` and ``govern check docs-refs`` fail (exit 3) instead of judging it.
Both halves are now read as one change of the file, replacing every old line with the new."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from govern.cli import cli
from tests.gitrepo import Repo, make_repo
from tests.helpers import run_json
from tests.security.pr import within

SUBMODULE_COMMIT = "1" * 40


def _type_changes(tmp_path: Path) -> Repo:
    """Branch ``pr`` turns a module into a symlink, a symlink into a file and a file into a
    submodule, around an honest edit of the module the docs name."""
    repo = make_repo(tmp_path / "shop", {
        "pyproject.toml": '[project]\nname = "shop"\n', "README.md": "# Shop\n",
        "src/shop/__init__.py": "",
        "src/shop/aa.py": "def gone_name():\n    return 1\n",
        "src/shop/api.py": "def keep_me():\n    return 1\n",
        "vendor": "a file, for now\n",
        "docs/api.md": "Call `shop.api.keep_me()`, not `shop.aa.gone_name()`.\n"})
    (repo.root / "src/shop/ab.txt").symlink_to("api.py")
    repo.commit(message="a link")
    repo.branch("pr")
    for path in ("src/shop/aa.py", "src/shop/ab.txt", "vendor"):
        (repo.root / path).unlink()
    (repo.root / "src/shop/aa.py").symlink_to("../../README.md")
    repo.write({"src/shop/ab.txt": "a file now\n",
                "src/shop/api.py": "def keep_me():\n    return 2\n"})
    repo.git("add", "-A")
    repo.git("update-index", "--add", "--cacheinfo", f"160000,{SUBMODULE_COMMIT},vendor")
    repo.git("commit", "-q", "-m", "types change")
    return repo


def test_type_changes_beside_an_edit_are_judged_not_crashed_on(tmp_path: Path) -> None:
    repo = _type_changes(tmp_path)
    statuses = repo.git("diff", "--name-status", "main", "pr").split("\n")
    assert statuses[:4] == ["T\tsrc/shop/aa.py", "T\tsrc/shop/ab.txt", "M\tsrc/shop/api.py",
                            "T\tvendor"]
    data = within(lambda: run_json(repo, "main", "--head", "pr"))
    # the edit after the type changes keeps its own hunks: its function is an anchor; the
    # module turned into a link is read as deleted, so the page naming its function is stale
    assert [(row["path"], row["stale"], [a["token"] for a in row["anchors"]])
            for row in data["docs"]] == [
        ("docs/api.md", True, ["shop.aa.gone_name", "shop.api.keep_me"])]
    assert {(a["path"], a["reason"]) for a in data["anchorless_changes"]} == {
        ("src/shop/ab.txt", "no anchor extractor for .txt files"),
        ("vendor", "submodule: its contents are another repository's")}
    refs = within(lambda: CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "check",
                                                    "docs-refs", "main", "--head", "pr"]))
    # the module turned into a link is gone: the docs line naming its function is new drift
    assert (refs.exit_code, refs.stdout) == (
        1, "docs/api.md:1:33: `shop.aa.gone_name` names nothing: shop has no `aa`\n")
