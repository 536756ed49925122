"""govern.github.client against the fake GitHub server: PyGithub runs for real over HTTP."""

from __future__ import annotations

import pytest

from govern.core.errors import NotJudged
from govern.github.client import (
    Credentials,
    GitHubError,
    GitHubRepo,
    OpenPull,
    Pacing,
    connect,
    credentials_from_env,
    default_branch,
    open_pulls,
)
from tests.fakegithub import (
    DROPPED,
    RATE_LIMITED,
    TOKEN,
    FakeGitHub,
    Fault,
    secondary_rate_limit,
)
from tests.fakegithub import fake_github as fake_github  # the fixture
from tests.helpers import client as client  # a client on it,
from tests.helpers import sleeps as sleeps  # and the waits it asked for

HEAD = "a" * 40


def test_credentials_from_env() -> None:
    assert credentials_from_env({}) == Credentials(None, "https://api.github.com")
    assert credentials_from_env({"GH_TOKEN": "gh", "GITHUB_API_URL": "https://ghe/api/v3/"}) \
        == Credentials("gh", "https://ghe/api/v3")
    assert credentials_from_env({"GITHUB_TOKEN": "actions", "GH_TOKEN": "gh"}).token == "actions"
    assert credentials_from_env({"GITHUB_TOKEN": "", "GH_TOKEN": "gh"}).token == "gh"


def test_connect_refuses_a_malformed_repo_name() -> None:
    with pytest.raises(NotJudged) as caught:
        connect("not a repo", Credentials(None, "http://127.0.0.1:9"))
    assert caught.value.message == "'not a repo' is not an OWNER/NAME repository"


def test_pull_request(fake_github: FakeGitHub, client: GitHubRepo) -> None:
    fake_github.add_pull(5, HEAD, body="Fixes #3", labels=("docs-only",), author="octo")
    pull = client.pull_request(5)
    assert (pull.number, pull.head_sha, pull.body, pull.labels, pull.author) == (
        5, HEAD, "Fixes #3", ("docs-only",), "octo")
    assert fake_github.requests == [("GET", "/repos/acme/widgets/pulls/5")]


def test_issue_comments_reads_every_page(fake_github: FakeGitHub, client: GitHubRepo) -> None:
    for index in range(230):
        fake_github.add_comment(5, f"comment {index}", login=f"user{index}")
    comments = client.issue_comments(5)
    assert [c.body for c in comments] == [f"comment {i}" for i in range(230)]
    assert comments[0].login == "user0" and comments[0].author_association == "MEMBER"
    assert comments[0].created_at.isoformat() == "2026-11-06T12:01:00+00:00"
    assert [path for _, path in fake_github.requests] == [
        "/repos/acme/widgets/issues/5/comments?per_page=100",
        "/repos/acme/widgets/issues/5/comments?page=2&per_page=100",
        "/repos/acme/widgets/issues/5/comments?page=3&per_page=100"]


def test_create_comment_and_check_runs(fake_github: FakeGitHub, client: GitHubRepo) -> None:
    comment = client.create_comment(5, "hello")
    assert (comment.login, comment.body) == ("github-actions[bot]", "hello")
    assert fake_github.comments[5][0]["body"] == "hello"
    for index in range(120):
        fake_github.add_check_run(HEAD, f"lane {index}", "queued", None)
    runs = client.check_runs(HEAD)
    assert len(runs) == 120 and runs[0].status == "queued" and runs[0].conclusion is None


@pytest.mark.parametrize(("fault", "waits"), [
    (502, [3.0, 9.0]), (500, [3.0, 9.0]), (DROPPED, [3.0, 9.0]),
    # a rate limit that names no time: at least a minute, doubled (GitHub's guidance)
    (429, [60.0, 120.0]), (Fault(403, "You have exceeded a secondary rate limit."), [60.0, 120.0]),
    # what GitHub asks for: Retry-After, else the reset time of an exhausted quota
    (Fault(403, "quota", {"Retry-After": "1"}), [1.0, 1.0]),
    (RATE_LIMITED, [1.0, 1.0]),  # a reset already past: a second, not a negative wait
])
def test_transient_failures_wait_as_github_asks(
        fake_github: FakeGitHub, client: GitHubRepo, sleeps: list[float],
        fault: Fault | int, waits: list[float]) -> None:
    fake_github.add_pull(5, HEAD)
    fake_github.fail(fault, fault)
    assert client.pull_request(5).head_sha == HEAD
    assert sleeps == waits
    # PyGithub's own retry is off: exactly one request per attempt.
    assert len(fake_github.requests) == 3


def test_transient_failures_give_up_after_three_attempts(
        fake_github: FakeGitHub, client: GitHubRepo, sleeps: list[float]) -> None:
    fake_github.fail(503, 503, 503)
    with pytest.raises(GitHubError) as caught:
        client.pull_request(5)
    assert caught.value.message == ("GitHub kept failing while reading PR #5 of acme/widgets: "
                                    "503 'injected fault' (after 3 attempt(s))")
    assert (caught.value.exit_code, caught.value.status, sleeps) == (2, 503, [3.0, 9.0])


def test_unreachable_server_is_not_judged(sleeps: list[float]) -> None:
    client = connect("acme/widgets", Credentials(None, "http://127.0.0.1:9"),
                     Pacing(sleep=sleeps.append))
    with pytest.raises(GitHubError) as caught:
        client.issue_comments(1)
    assert caught.value.message == (
        "cannot reach the GitHub API at http://127.0.0.1:9 while listing the comments of #1 "
        "of acme/widgets (ConnectionError, 3 attempt(s))")
    assert caught.value.status is None and sleeps == [3.0, 9.0]


@pytest.mark.parametrize(("fault", "message", "remedy_start"), [
    (Fault(401, "Bad credentials"),
     "GitHub rejected the token while reading PR #5 of acme/widgets: 401 'Bad credentials'",
     "set GITHUB_TOKEN"),
    (Fault(403, "Resource not accessible by integration"),
     "GitHub refused permission while reading PR #5 of acme/widgets: 403 'Resource not "
     "accessible by integration'", "give the token the permission"),
    (Fault(404, "Not Found"),
     "GitHub found nothing while reading PR #5 of acme/widgets: 404 'Not Found'",
     "check --repo OWNER/NAME"),
    (Fault(422, "Validation Failed"),
     "GitHub refused the request while reading PR #5 of acme/widgets: 422 'Validation Failed'",
     "check the values passed"),
])
def test_client_errors_are_not_judged_without_retry(
        fake_github: FakeGitHub, client: GitHubRepo, sleeps: list[float], fault: Fault,
        message: str, remedy_start: str) -> None:
    fake_github.fail(fault)
    with pytest.raises(GitHubError) as caught:
        client.pull_request(5)
    assert caught.value.message == message
    assert caught.value.remedy.startswith(remedy_start)
    assert caught.value.exit_code == 2 and sleeps == []
    assert caught.value.is_forbidden == (fault.status == 403)


def test_a_wrong_token_is_refused(fake_github: FakeGitHub) -> None:
    client = connect("acme/widgets", Credentials("wrong", fake_github.base_url))
    with pytest.raises(GitHubError) as caught:
        client.issue_comments(1)
    assert caught.value.status == 401


def test_open_pulls_reads_every_page_of_one_base_by_number(fake_github: FakeGitHub,
                                                            client: GitHubRepo) -> None:
    for number in range(1, 131):
        fake_github.add_pull(number, f"{number:040x}")
    fake_github.add_pull(131, HEAD, base="release")
    fake_github.add_pull(132, HEAD, state="closed")
    pulls = open_pulls(client, "main")
    assert [pull.number for pull in pulls] == list(range(1, 131))
    assert pulls[0] == OpenPull(1, f"{1:040x}", "pr-1")
    assert [path for _, path in fake_github.requests] == [
        "/repos/acme/widgets/pulls?base=main&per_page=100&state=open",
        "/repos/acme/widgets/pulls?base=main&page=2&per_page=100&state=open"]


def test_open_pulls_none_and_the_default_branch(fake_github: FakeGitHub,
                                                client: GitHubRepo) -> None:
    fake_github.default_branch = "trunk"
    assert open_pulls(client, "trunk") == []
    assert default_branch(client) == "trunk"


def test_open_pulls_failing_for_good_names_the_base(fake_github: FakeGitHub,
                                                    client: GitHubRepo) -> None:
    fake_github.fail(Fault(404, "Not Found"))
    with pytest.raises(GitHubError) as caught:
        open_pulls(client, "main")
    assert caught.value.message == ("GitHub found nothing while listing the open PRs into "
                                    "'main' of acme/widgets: 404 'Not Found'")


def test_each_retry_wait_is_said_before_it_starts_and_a_first_success_says_nothing(
        fake_github: FakeGitHub, sleeps: list[float]) -> None:
    notices: list[str] = []
    client = connect(fake_github.full_name, Credentials(TOKEN, fake_github.base_url),
                     Pacing(sleep=sleeps.append, notify=notices.append))
    fake_github.add_pull(5, HEAD)
    assert client.pull_request(5).head_sha == HEAD
    assert notices == []
    fake_github.fail(secondary_rate_limit(retry_after=7), 502)
    assert client.pull_request(5).head_sha == HEAD
    assert notices == [
        "govern: GitHub answered 403 with Retry-After while reading PR #5 of acme/widgets; "
        "waiting 7 s before attempt 2 of 3",
        "govern: GitHub answered 502 while reading PR #5 of acme/widgets; waiting 9 s before "
        "attempt 3 of 3"]
    assert sleeps == [7.0, 9.0]


def test_a_retry_notice_goes_to_stderr_by_default(fake_github: FakeGitHub, sleeps: list[float],
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    client = connect(fake_github.full_name, Credentials(TOKEN, fake_github.base_url),
                     Pacing(sleep=sleeps.append))
    fake_github.add_pull(5, HEAD)
    fake_github.fail(DROPPED)
    client.pull_request(5)
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == ("govern: no answer from GitHub (ConnectionError) while reading PR "
                            "#5 of acme/widgets; waiting 3 s before attempt 2 of 3\n")
