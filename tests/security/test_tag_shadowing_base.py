"""Attack: make the gates judge a PR against itself with a tag. git resolves a short name to a
tag before a branch, so a tag named ``origin/main`` (anyone with push access can create one,
and a full checkout fetches every tag) pointed at the PR's head became the default BASE
``origin/main``: the merge base was the head, the diff empty, and the rules were read from the
PR's own commit. The defaults are spelled as full refnames (``refs/remotes/origin/main``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.gitrepo import Repo, make_repo
from tests.helpers import run_check


@pytest.fixture
def shadowed(tmp_path: Path) -> Repo:
    """A PR that edits a release-owned page, with ``origin/main`` both the remote-tracking
    branch and a tag on the PR's head."""
    repo = make_repo(tmp_path / "r", {"CHANGELOG.md": "# 1.0\n"}, preset="contract")
    repo.git("update-ref", "refs/remotes/origin/main", "main")
    repo.branch("pr")
    head = repo.commit({"CHANGELOG.md": "# 1.0\nhand edit\n"})
    repo.git("tag", "origin/main", head)
    return repo


def test_a_tag_named_like_the_base_branch_is_not_the_base(shadowed: Repo) -> None:
    result = run_check(shadowed, "release-owned", "--json", env={"GITHUB_BASE_REF": "main"})
    data = json.loads(result.stdout)
    assert result.exit_code == 1, data
    assert [f["rule"] for f in data["findings"]] == ["release-owned"]


def test_the_fallback_base_is_the_branch_not_the_tag(shadowed: Repo) -> None:
    shadowed.git("update-ref", "-d", "refs/remotes/origin/main")
    result = run_check(shadowed, "release-owned", "--json")
    assert result.exit_code == 1, result.stdout  # refs/heads/main, not the tag


def test_a_base_named_short_that_names_a_tag_and_a_branch_is_not_judged(shadowed: Repo) -> None:
    # spelled as a user may in a workflow of their own: git would take the tag
    result = run_check(shadowed, "release-owned", "origin/main", "--json")
    data = json.loads(result.stdout)
    assert result.exit_code == 2
    assert data["error"] == ("'origin/main' names more than one ref, at different commits: "
                             "refs/tags/origin/main, refs/remotes/origin/main")
    assert "refs/remotes/origin/main" in data["remedy"]
    # in full, it is judged; and a short name that names one ref stays as it was
    assert run_check(shadowed, "release-owned", "refs/remotes/origin/main").exit_code == 1
    assert run_check(shadowed, "release-owned", "main").exit_code == 1
