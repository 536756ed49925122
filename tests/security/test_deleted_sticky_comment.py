"""Attack (or a maintainer's tidy-up): the sticky comment is deleted between govern listing it
and editing it; GitHub answers the PATCH 404 and the run ended with exit 2 and no comment.
Refused: govern re-creates the comment. The honest case: an existing sticky is edited in place."""

from __future__ import annotations

from govern.github.client import GitHubRepo, upsert_sticky
from tests.fakegithub import FakeGitHub
from tests.fakegithub import fake_github as fake_github  # the fixtures: the server,
from tests.helpers import client as client  # a client on it,
from tests.helpers import sleeps as sleeps  # and the waits it asked for

MARKER = "<!-- govern:docs-drift -->"
BOT = "github-actions[bot]"
BODY = f"{MARKER}\nnew\n"


def test_a_sticky_deleted_before_the_edit_is_recreated(fake_github: FakeGitHub,
                                                       client: GitHubRepo) -> None:
    old = fake_github.add_comment(7, f"{MARKER}\nold\n", login=BOT)
    fake_github.before_edit.append(lambda fake: fake.comments[7].remove(old))
    delivery = upsert_sticky(client, 7, BODY, MARKER, BOT)
    assert delivery.action == "created" and delivery.comment_id != old["id"]
    assert [(c["login"], c["body"]) for c in fake_github.comments[7]] == [(BOT, BODY)]
    methods = [m for m, _ in fake_github.requests if m != "GET"]
    assert methods == ["PATCH", "POST"]  # the edit met 404, then the comment was created


def test_an_existing_sticky_is_edited_in_place(fake_github: FakeGitHub,
                                               client: GitHubRepo) -> None:
    old = fake_github.add_comment(7, f"{MARKER}\nold\n", login=BOT)
    delivery = upsert_sticky(client, 7, BODY, MARKER, BOT)
    assert (delivery.action, delivery.comment_id) == ("updated", old["id"])
    assert [c["body"] for c in fake_github.comments[7]] == [BODY]


def test_the_fake_answers_an_edit_of_a_deleted_comment_404(fake_github: FakeGitHub) -> None:
    import requests

    gone = fake_github.add_comment(7, "x", login=BOT)
    fake_github.comments[7].remove(gone)
    answer = requests.patch(f"{fake_github.repo_url()}/issues/comments/{gone['id']}",
                            json={"body": "y"}, headers={"Authorization": "token fake-token"},
                            timeout=5)
    assert (answer.status_code, answer.json()) == (404, {"message": "Not Found"})
