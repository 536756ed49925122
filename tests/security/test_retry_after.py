"""Attack (GitHub's own behaviour, met with fixed 3 s / 9 s sleeps): a secondary rate limit
retried after 3 s is refused again and can get the token blocked; a quota reset an hour away
held the run. Refused: govern waits what GitHub asks — ``Retry-After``, the
``x-ratelimit-reset`` time, at least 60 s for a secondary limit — within a total budget
(``comment.retry_budget``), and gives up at once with a clear error when the wait would exceed
it. Tests inject the sleep and the clock: nothing sleeps."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from govern.cli import cli
from govern.github.client import Credentials, GitHubError, GitHubRepo, Pacing, connect
from tests.fakegithub import (
    TOKEN,
    FakeGitHub,
    Fault,
    primary_rate_limit,
    secondary_rate_limit,
)
from tests.fakegithub import fake_github as fake_github  # the fixture
from tests.helpers import affected_result

NOW = 1_800_000_000.0
HEAD = "a" * 40


def client(fake: FakeGitHub, sleeps: list[float], budget: float = 300.0) -> GitHubRepo:
    return connect(fake.full_name, Credentials(TOKEN, fake.base_url),
                   Pacing(sleep=sleeps.append, clock=lambda: NOW, budget=budget))


@pytest.mark.parametrize(("fault", "waits"), [
    (secondary_rate_limit(retry_after=120), [120.0]),
    (secondary_rate_limit(retry_after=120, status=429), [120.0]),
    (secondary_rate_limit(), [60.0]),  # no time named: at least a minute
    (primary_rate_limit(reset=int(NOW) + 42), [42.0]),
    (primary_rate_limit(reset=int(NOW) + 42, status=429), [42.0]),
])
def test_waits_what_github_asks(fake_github: FakeGitHub, fault: Fault,
                                waits: list[float]) -> None:
    sleeps: list[float] = []
    fake_github.add_pull(5, HEAD)
    fake_github.fail(fault)
    assert client(fake_github, sleeps).pull_request(5).head_sha == HEAD
    assert sleeps == waits


def test_a_wait_beyond_the_budget_gives_up_at_once(fake_github: FakeGitHub) -> None:
    sleeps: list[float] = []
    fake_github.fail(primary_rate_limit(reset=int(NOW) + 3600))
    with pytest.raises(GitHubError) as caught:
        client(fake_github, sleeps).pull_request(5)
    assert sleeps == []
    assert caught.value.message == (
        "GitHub asks govern to wait 3600 s more while reading PR #5 of acme/widgets (403 'API "
        "rate limit exceeded for installation ID 1.'), beyond the 300 s retry budget (after 1 "
        "attempt(s))")
    assert caught.value.remedy == ("run again once the rate limit resets, or raise "
                                   "comment.retry_budget")


def test_the_budget_covers_every_wait_of_a_client(fake_github: FakeGitHub) -> None:
    sleeps: list[float] = []
    fake_github.add_pull(5, HEAD)
    repo = client(fake_github, sleeps, budget=100.0)
    fake_github.fail(secondary_rate_limit())
    assert repo.pull_request(5).head_sha == HEAD  # 60 s of 100
    fake_github.fail(secondary_rate_limit())
    with pytest.raises(GitHubError):
        repo.pull_request(5)  # another 60 s would be 120
    assert sleeps == [60.0]


def test_comment_retry_budget_is_read_from_the_configuration(
        tmp_path: Path, fake_github: FakeGitHub, monkeypatch: pytest.MonkeyPatch) -> None:
    """``comment.retry_budget = 0``: a delivery asked to wait degrades at once (exit 0, the body
    in the step summary); the default budget would have waited."""
    config = tmp_path / "govern.toml"
    config.write_text("[comment]\nretry_budget = 0\n", encoding="utf-8")
    source = tmp_path / "result.json"
    source.write_text(json.dumps(affected_result()), encoding="utf-8")
    summary = tmp_path / "summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    fake_github.fail(replace(secondary_rate_limit(retry_after=5),
                             path="/repos/acme/widgets/issues/7/comments"))
    got = CliRunner().invoke(cli, ["--repo-dir", str(tmp_path), "comment", "drift", "--from",
                                   str(source), "--pr", "7", "--post", "--config", str(config)])
    assert got.exit_code == 0, got.output
    assert fake_github.comments.get(7, []) == []
    assert "beyond the 0 s retry budget" in got.stderr
    assert summary.read_text(encoding="utf-8").startswith("<!-- govern:docs-drift -->")
