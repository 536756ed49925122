"""Attack: borrow a record from elsewhere. With ``Fixes #77`` in the body, a record on PR #77
(or any number the body mentions) whose Head-sha abbreviates the head would pass. Only issues
GitHub lists as closed by the PR are searched, and a record counts only with the full 40-hex
head it judges."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fakegithub import FakeGitHub
from tests.fakegithub import fake_github as fake_github
from tests.gitrepo import Repo, make_repo
from tests.helpers import review_record
from tests.security.pr import BODY, governed


@pytest.fixture
def repo(tmp_path: Path) -> Repo:
    repo = make_repo(tmp_path / "repo", {".github/workflows/ci.yml": "name: ci\n"},
                     preset="contract")
    repo.branch("pr")
    repo.commit({".github/workflows/ci.yml": "name: ci, changed\n"})
    return repo


def test_a_record_on_a_pr_the_body_names_is_not_read(repo: Repo,
                                                     fake_github: FakeGitHub) -> None:
    head = repo.sha("HEAD")
    fake_github.add_pull(5, head, body="Fixes #77\n" + BODY)
    fake_github.add_pull(77, "b" * 40, body="another PR")
    fake_github.add_comment(77, review_record(head))
    code, data = governed(repo)
    assert (code, data["details"]["review"]["state"]) == (1, "absent")
    assert not any(path.startswith("/repos/acme/widgets/issues/77/comments")
                   for _, path in fake_github.requests)


@pytest.mark.parametrize("mention", ["see #9", "Fixes other/repo#9", "part of #9"])
def test_numbers_github_does_not_close_are_not_read(repo: Repo, fake_github: FakeGitHub,
                                                    mention: str) -> None:
    head = repo.sha("HEAD")
    fake_github.add_pull(5, head, body=f"{mention}\n{BODY}")
    fake_github.add_comment(9, review_record(head))
    assert governed(repo)[0] == 1


@pytest.mark.parametrize("digits", [7, 12, 39])
def test_an_abbreviated_head_is_refused(repo: Repo, fake_github: FakeGitHub,
                                        digits: int) -> None:
    head = repo.sha("HEAD")
    fake_github.add_pull(5, head, body="Fixes #9\n" + BODY)
    fake_github.add_comment(9, review_record(head[:digits]))
    code, data = governed(repo)
    assert code == 1
    assert data["details"]["review"]["ignored"] == [
        f'comment 1001 by "maintainer" at 2026-11-06T12:01:00+00:00: on "{head[:digits]}", '
        f"an abbreviation: a record counts only with the full 40-hex head {head}"]


@pytest.mark.parametrize("body", ["Fixes #9", "fixes: #9", "Closes acme/widgets#9",
                                  "Resolves https://github.example/acme/widgets/issues/9"])
def test_a_full_head_record_on_a_closed_issue_counts(repo: Repo, fake_github: FakeGitHub,
                                                     body: str) -> None:
    head = repo.sha("HEAD")
    fake_github.add_pull(5, head, body=f"{body}\n{BODY}")
    fake_github.add_comment(9, review_record(head.upper()))
    code, data = governed(repo)
    assert (code, data["details"]["review"]["state"]) == (0, "found")


def test_an_issue_linked_in_the_sidebar_counts(repo: Repo, fake_github: FakeGitHub) -> None:
    head = repo.sha("HEAD")
    fake_github.add_pull(5, head, body=BODY)
    fake_github.linked_issues[5] = [("acme/widgets", 12)]
    fake_github.add_comment(12, review_record(head))
    assert governed(repo)[0] == 0
