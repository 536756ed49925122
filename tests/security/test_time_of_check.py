"""Attack: push between check and look-up. The gate judged the diff at ``--head`` but looked
the record up against the API's current head, so a record on a reviewed head covered a newer,
unreviewed one. One head is judged and looked up; a PR that moved is not judged (exit 2)."""

from __future__ import annotations

from pathlib import Path

from tests.fakegithub import FakeGitHub
from tests.fakegithub import fake_github as fake_github
from tests.gitrepo import make_repo
from tests.helpers import review_record, run_check
from tests.security.pr import BODY, governed


def test_a_pr_that_moved_is_not_judged(tmp_path: Path, fake_github: FakeGitHub) -> None:
    repo = make_repo(tmp_path / "repo", {".github/workflows/ci.yml": "name: ci\n"},
                     preset="contract")
    repo.branch("pr")
    judged = repo.commit({".github/workflows/ci.yml": "name: ci, reviewed\n"})
    moved = repo.commit({".github/workflows/ci.yml": "name: ci, pushed later\n"})
    fake_github.add_pull(5, moved, body=BODY)
    fake_github.add_comment(5, review_record(moved))  # a record on the new head changes nothing
    result = run_check(repo, "governed", "main", "--pr", "5", "--head", judged)
    assert result.exit_code == 2
    assert result.stderr == (
        f"Error: NOT JUDGED: the PR moved: PR #5's head on GitHub is {moved}, but this run "
        f"judged {judged}\n"
        f"  remedy: judge the current head: run `govern check governed --pr 5 --head {moved}` "
        f"(a push starts a new run of the gate on its own head)\n")


def test_the_judged_head_is_the_one_looked_up(tmp_path: Path, fake_github: FakeGitHub) -> None:
    repo = make_repo(tmp_path / "repo", {".github/workflows/ci.yml": "name: ci\n"},
                     preset="contract")
    repo.branch("pr")
    head = repo.commit({".github/workflows/ci.yml": "name: ci, reviewed\n"})
    fake_github.add_pull(5, head, body=BODY)
    fake_github.add_comment(5, review_record(head))
    code, data = governed(repo, "--head", head[:10])
    assert (code, data["head"], data["details"]["review"]["head"]) == (0, head, head)
