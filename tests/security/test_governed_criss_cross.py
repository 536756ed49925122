"""Attack: undo a reviewed change to a governed path without the gate seeing it. The PR's head
merges an old commit of main and, with ``-s ours``, the branch main merged since that hardened
a workflow, keeping the workflow as it was. main and the head then have two merge bases; the
gate diffed against the first alone, where the workflow did not change, and passed, while
merging the PR puts the old workflow back on main. The paths changed from any merge base
now count."""

from __future__ import annotations

from pathlib import Path

from tests.fakegithub import FakeGitHub
from tests.fakegithub import fake_github as fake_github
from tests.gitrepo import make_repo
from tests.security.pr import BODY, governed

WORKFLOW = ".github/workflows/ci.yml"


def test_a_governed_revert_through_a_criss_cross_merge_needs_a_review(
        tmp_path: Path, fake_github: FakeGitHub) -> None:
    repo = make_repo(tmp_path / "r", {WORKFLOW: "permissions: write-all\n", "src/a.txt": "a\n"},
                     preset="contract")
    repo.branch("feature")
    hardened = repo.commit({WORKFLOW: "permissions: {}\n"}, "harden the workflow (reviewed)")
    repo.checkout("main")
    old_main = repo.commit({"src/a.txt": "a\nb\n"}, "main moves on")
    repo.git("merge", "-q", "--no-ff", "-m", "merge feature", "feature")
    repo.branch("pr", old_main)
    repo.git("merge", "-q", "--no-ff", "-s", "ours", "-m", "merge feature, keep ours", hardened)
    head = repo.commit({"src/d.txt": "d\n"}, "a harmless change")
    assert len(repo.git("merge-base", "--all", "main", "pr").split()) == 2
    # what merging the PR would do to main: the workflow goes back to write-all
    merged = repo.git("merge-tree", "--write-tree", "main", "pr").split()[0]
    assert repo.git("show", f"{merged}:{WORKFLOW}") == "permissions: write-all\n"
    fake_github.add_pull(5, head, body=BODY)
    code, data = governed(repo)
    assert (code, data["details"]["paths"]) == (1, [WORKFLOW])


def test_a_criss_cross_that_touches_no_governed_path_needs_no_review(
        tmp_path: Path, fake_github: FakeGitHub) -> None:
    repo = make_repo(tmp_path / "r", {WORKFLOW: "permissions: {}\n", "src/a.txt": "a\n"},
                     preset="contract")
    repo.branch("feature")
    feature = repo.commit({"src/f.txt": "f\n"}, "a feature")
    repo.checkout("main")
    old_main = repo.commit({"src/a.txt": "a\nb\n"}, "main moves on")
    repo.git("merge", "-q", "--no-ff", "-m", "merge feature", "feature")
    repo.branch("pr", old_main)
    repo.git("merge", "-q", "--no-ff", "-m", "bring the feature in too", feature)
    head = repo.commit({"src/d.txt": "d\n"}, "a harmless change")
    assert len(repo.git("merge-base", "--all", "main", "pr").split()) == 2
    fake_github.add_pull(5, head, body=BODY)
    code, data = governed(repo)
    assert (code, data["details"]["paths"]) == (0, [])
