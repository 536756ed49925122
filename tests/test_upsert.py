"""The sticky upsert (docs/concepts/delivery.md) with the real PyGithub client against the fake
GitHub server: create, update in place, marker and authorship, every page, parallel-run duplicates,
retries."""

from __future__ import annotations

import pytest

from govern.github.client import (
    GitHubError,
    GitHubRepo,
    is_undeliverable,
    token_login,
    upsert_sticky,
)
from tests.fakegithub import FakeGitHub
from tests.fakegithub import fake_github as fake_github  # the fixtures: the server,
from tests.helpers import client as client  # a client on it,
from tests.helpers import sleeps as sleeps  # and the waits it asked for

MARKER = "<!-- govern:docs-drift -->"
BOT = "github-actions[bot]"
BODY = f"{MARKER}\n### 📓 Docs Drift Check\n\nnew\n"


def bodies(fake: FakeGitHub, number: int = 7) -> list[tuple[str, str]]:
    return [(c["login"], c["body"]) for c in fake.comments.get(number, [])]


def test_creates_the_comment_when_there_is_none(fake_github: FakeGitHub,
                                                client: GitHubRepo) -> None:
    delivery = upsert_sticky(client, 7, BODY, MARKER, BOT)
    assert bodies(fake_github) == [(BOT, BODY)]
    assert (delivery.action, delivery.deleted) == ("created", ())
    assert delivery.html_url.endswith(f"/pull/7#issuecomment-{delivery.comment_id}")


def test_updates_in_place(fake_github: FakeGitHub, client: GitHubRepo) -> None:
    old = fake_github.add_comment(7, f"{MARKER}\nold\n", login=BOT)
    delivery = upsert_sticky(client, 7, BODY, MARKER, BOT)
    assert (delivery.action, delivery.comment_id) == ("updated", old["id"])
    assert bodies(fake_github) == [(BOT, BODY)]
    assert [m for m, _ in fake_github.requests if m != "GET"] == ["PATCH"]
    assert upsert_sticky(client, 7, BODY, MARKER, BOT).action == "unchanged"


def test_a_marker_in_another_accounts_comment_is_never_touched(fake_github: FakeGitHub,
                                                               client: GitHubRepo) -> None:
    planted = f"{MARKER}\nplanted by a person\n"
    fake_github.add_comment(7, planted, login="mallory")
    fake_github.add_comment(7, f"quoting it: {MARKER}", login=BOT)  # marker not first: not ours
    delivery = upsert_sticky(client, 7, BODY, MARKER, BOT)
    assert delivery.action == "created"
    assert bodies(fake_github) == [("mallory", planted), (BOT, f"quoting it: {MARKER}"),
                                   (BOT, BODY)]


def test_finds_the_sticky_comment_past_the_first_pages(fake_github: FakeGitHub,
                                                       client: GitHubRepo) -> None:
    for index in range(130):
        fake_github.add_comment(7, f"chatter {index}", login=f"user{index % 3}")
    sticky = fake_github.add_comment(7, f"{MARKER}\nold\n", login=BOT)
    delivery = upsert_sticky(client, 7, BODY, MARKER, BOT)
    assert (delivery.action, delivery.comment_id) == ("updated", sticky["id"])
    assert len(fake_github.comments[7]) == 131
    assert ("GET", "/repos/acme/widgets/issues/7/comments?page=2&per_page=100") \
        in fake_github.requests


def test_a_parallel_runs_duplicate_is_deleted_and_the_oldest_kept(fake_github: FakeGitHub,
                                                                  client: GitHubRepo) -> None:
    # Both runs listed no sticky comment; the other run's create lands just before ours.
    fake_github.before_create.append(
        lambda fake: fake.add_comment(7, f"{MARKER}\nfrom the other run\n", login=BOT))
    delivery = upsert_sticky(client, 7, BODY, MARKER, BOT)
    assert delivery.action == "created"
    assert (delivery.comment_id, delivery.deleted) == (1001, (1002,))  # theirs kept, ours gone
    # the comment kept says what this run computed
    assert bodies(fake_github) == [(BOT, BODY)]


def test_old_duplicates_are_cleaned_up_on_update(fake_github: FakeGitHub,
                                                 client: GitHubRepo) -> None:
    first = fake_github.add_comment(7, f"{MARKER}\none\n", login=BOT)
    second = fake_github.add_comment(7, f"{MARKER}\ntwo\n", login=BOT)
    delivery = upsert_sticky(client, 7, BODY, MARKER, BOT)
    assert (delivery.comment_id, delivery.deleted) == (first["id"], (second["id"],))
    assert bodies(fake_github) == [(BOT, BODY)]


def test_a_502_is_retried_after_3_seconds(fake_github: FakeGitHub, client: GitHubRepo,
                                          sleeps: list[float]) -> None:
    fake_github.fail(502)
    assert upsert_sticky(client, 7, BODY, MARKER, BOT).action == "created"
    assert sleeps == [3.0] and bodies(fake_github) == [(BOT, BODY)]


def test_a_persistent_503_is_undeliverable(fake_github: FakeGitHub, client: GitHubRepo,
                                           sleeps: list[float]) -> None:
    fake_github.fail(503, 503, 503)
    with pytest.raises(GitHubError) as caught:
        upsert_sticky(client, 7, BODY, MARKER, BOT)
    assert is_undeliverable(caught.value) and sleeps == [3.0, 9.0]
    assert caught.value.message == ("GitHub kept failing while listing the comments of #7 of "
                                    "acme/widgets: 503 'injected fault' (after 3 attempt(s))")


def test_a_read_only_token_is_undeliverable_and_a_422_is_not(fake_github: FakeGitHub,
                                                             client: GitHubRepo) -> None:
    fake_github.read_only = True
    with pytest.raises(GitHubError) as forbidden:
        upsert_sticky(client, 7, BODY, MARKER, BOT)
    assert forbidden.value.status == 403 and is_undeliverable(forbidden.value)
    assert bodies(fake_github) == []
    fake_github.read_only = False
    fake_github.fail(422)
    with pytest.raises(GitHubError) as refused:
        upsert_sticky(client, 7, BODY, MARKER, BOT)
    assert refused.value.status == 422 and not is_undeliverable(refused.value)


def test_token_login(fake_github: FakeGitHub, client: GitHubRepo) -> None:
    assert token_login(client) is None  # the Actions token may not read /user
    fake_github.login = "octo"
    assert token_login(client) == "octo"
