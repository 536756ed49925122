"""Attack: pass the size gate by hiding the lines. git reads ``.gitattributes`` from the work
tree, which on a PR's job is the PR's own checkout: a PR adding ``* -diff`` made every file
binary to ``git diff --numstat``, so 5,000 changed lines counted as none. The lines are now
counted with the merge base's ``.gitattributes`` alone (and ``$GIT_DIR/info/attributes``), so
what the repository declared binary stays binary and nothing the PR declares counts."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest

from govern.gates.size_lines import read_line_counts
from govern.git.gitio import Git
from tests.gitrepo import Repo, make_repo
from tests.helpers import run_check

LIMIT = '[gates]\nhuman_merge_lines = 100\n'
LINES = "".join(f"{i}\n" for i in range(5_000))


def _size(repo: Repo) -> tuple[int, int]:
    """The size gate's exit code and the lines it counted (the PR branch checked out)."""
    result = run_check(repo, "size", "main", "--json")
    details = json.loads(result.stdout)["details"]
    return result.exit_code, details["lines"]


def test_a_pr_declaring_its_files_binary_still_has_its_lines_counted(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"govern.toml": LIMIT, "a.py": "x = 1\n"})
    repo.branch("pr")
    repo.commit({".gitattributes": "* -diff\n", "a.py": LINES})
    assert _size(repo) == (1, 5_001 + 1)  # a.py's lines, and the attributes line itself


def test_what_the_merge_base_declares_binary_is_not_counted(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"govern.toml": LIMIT, "a.py": "x = 1\n",
                                      ".gitattributes": "*.csv -diff\n", "data.csv": "a\n"})
    repo.branch("pr")
    repo.commit({"data.csv": LINES, "a.py": "x = 2\n"})
    assert _size(repo) == (0, 2)
    # and a PR taking the declaration back does not get its own lines uncounted either way:
    # the base still says binary
    repo.commit({".gitattributes": "", "data.csv": LINES + "more\n"})
    assert _size(repo) == (0, 3)


def test_the_scratch_work_tree_is_removed_when_git_closes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    repo = make_repo(tmp_path / "r", {"a.py": "x = 1\n", "docs/.gitattributes": "*.md -diff\n"})
    repo.branch("pr")
    repo.commit({"a.py": "x = 2\n"})
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))  # where mkdtemp makes it
    git = Git(repo.root)
    assert read_line_counts(git, "main", "pr") == [("a.py", 1, 1)]
    [scratch] = temporary.glob("govern-attributes-*")
    assert (scratch / "0" / "docs" / ".gitattributes").is_file()
    git.close()
    assert list(temporary.iterdir()) == []


def test_a_gitattributes_in_a_folder_too_long_for_the_disk_is_passed_over(
        tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"a.py": "x = 1\n"})
    long_folder = "vendor/" + "x" * 300  # git keeps any name; most file systems take 255
    base = repo.fast_commit(repo.sha("main"), "base",
                            {f"{long_folder}/.gitattributes": "*.py -diff\n"})
    head = repo.fast_commit(base, "head", {"a.py": "x = 2\n"})
    with Git(repo.root) as git:
        assert read_line_counts(git, base, head) == [("a.py", 1, 1)]
