"""Attack: approve your own PR. The PR's author posts a record (or a colleague posts one naming
the author as reviewer), or someone whose association looks trusted but who cannot write posts
one. None of these count; a reviewer with write access who is not the author does."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from govern.review import Trust, locate_review
from tests.fakegithub import EPOCH, FakeGitHub
from tests.fakegithub import fake_github as fake_github
from tests.gitrepo import Repo, make_repo
from tests.helpers import review_record
from tests.security.pr import BODY, governed


@pytest.fixture
def pr(tmp_path: Path, fake_github: FakeGitHub) -> tuple[Repo, str]:
    """PR #5 by ``contributor`` (who has write access) changes a governed workflow."""
    repo = make_repo(tmp_path / "repo", {".github/workflows/ci.yml": "name: ci\n"},
                     preset="contract")
    repo.branch("pr")
    head = repo.commit({".github/workflows/ci.yml": "name: ci, changed\n"})
    fake_github.add_pull(5, head, body=BODY, author="contributor")
    fake_github.permissions["contributor"] = "write"
    return repo, head


def _ignored(repo: Repo) -> list[str]:
    code, data = governed(repo)
    assert code == 1, data
    return [note.split(": ", 1)[1] for note in data["details"]["review"]["ignored"]]


def test_the_authors_own_record_never_counts(pr: tuple[Repo, str],
                                             fake_github: FakeGitHub) -> None:
    repo, head = pr
    fake_github.add_comment(5, review_record(head), login="contributor", association="OWNER")
    assert _ignored(repo) == ["not a trusted author (the PR's own author)"]


def test_naming_the_author_as_reviewer_never_counts(pr: tuple[Repo, str],
                                                    fake_github: FakeGitHub) -> None:
    repo, head = pr
    fake_github.add_comment(5, review_record(head, reviewed_by="@Contributor (second look)"))
    assert _ignored(repo) == ["Reviewed-by names the PR's own author"]


def test_listing_the_author_as_trusted_does_not_help(tmp_path: Path, pr: tuple[Repo, str],
                                                     fake_github: FakeGitHub) -> None:
    repo, head = pr
    config = tmp_path / "govern.toml"
    config.write_text('[gates]\npreset = "contract"\n[review]\ntrusted_authors = ["contributor"]\n')
    fake_github.add_comment(5, review_record(head), login="contributor")
    code, data = governed(repo, "--config", str(config))
    assert code == 1
    assert data["details"]["review"]["ignored"][0].endswith(
        "not a trusted author (the PR's own author)")


@pytest.mark.parametrize(("login", "association", "role", "reason"), [
    # an org member without write access: MEMBER says nothing about permission
    ("member", "MEMBER", "read", 'permission "read" on the repository, not write'),
    ("triager", "COLLABORATOR", "triage", 'permission "read" on the repository, not write'),
    # not a collaborator at all: GitHub answers 404
    ("outsider", "CONTRIBUTOR", None, 'permission "none" on the repository, not write'),
])
def test_association_alone_is_not_permission(pr: tuple[Repo, str], fake_github: FakeGitHub,
                                             login: str, association: str, role: str | None,
                                             reason: str) -> None:
    repo, head = pr
    if role is not None:
        fake_github.permissions[login] = role
    fake_github.add_comment(5, review_record(head, reviewed_by=login), login=login,
                            association=association)
    assert _ignored(repo) == [f"not a trusted author ({reason})"]
    assert ("GET", f"/repos/acme/widgets/collaborators/{login}/permission") \
        in fake_github.requests


@pytest.mark.parametrize("role", ["write", "maintain", "admin"])
def test_a_reviewer_with_write_access_counts(pr: tuple[Repo, str], fake_github: FakeGitHub,
                                             role: str) -> None:
    repo, head = pr
    fake_github.permissions["reviewer"] = role
    fake_github.add_comment(5, review_record(head, reviewed_by="reviewer"), login="reviewer",
                            association="NONE")
    code, data = governed(repo)
    assert (code, data["details"]["review"]["state"]) == (0, "found")


def test_trust_is_settled_before_a_comment_is_read() -> None:
    """An untrusted comment is passed over on its author alone: even a record that would not
    parse is listed as untrusted, and a comment that is no record costs no permission look-up.
    (The gate caches ``permission_of`` the same way, so each login is asked once.)"""

    class Comment:
        def __init__(self, ident: int, login: str, body: str) -> None:
            self.id, self.login, self.body = ident, login, body
            self.author_association, self.created_at = "NONE", EPOCH
            self.html_url = f"https://github.example/c/{ident}"

    asked: list[str] = []

    def permission_of(login: str) -> str:
        asked.append(login)
        return "read"

    comments = [Comment(1, "outsider", "contract review " + "\x00" * 10),
                Comment(2, "outsider", "## Contract review\n"),
                Comment(3, "chatter", "LGTM")]
    trust = Trust.of("author", [()])
    located = locate_review(comments, "a" * 40, trust, cache(permission_of))
    assert [note.split(": ", 1)[1] for note in located.ignored] == [
        'not a trusted author (permission "read" on the repository, not write)'] * 2
    assert asked == ["outsider"]  # once per login; "chatter" never says "contract review"
