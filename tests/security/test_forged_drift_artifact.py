"""Attack: the drift artifact comes from a run the PR controls, so its PR number and JSON can
say anything: post on another PR (even one whose head the fork copied), or carry a body to be
posted as given. Refused: the poster posts only on the PR GitHub says has the triggering run's
head — that sha, in the repository the run's branch is in — never edits another PR, and
re-renders the comment from the validated JSON. The honest case: the PR's own result posts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from govern.cli import cli
from govern.config import CommentConfig
from govern.drift.comment import render_drift
from tests.fakegithub import FakeGitHub
from tests.fakegithub import fake_github as fake_github  # the fixture
from tests.helpers import affected_result, doc_row
from tests.security.github_markdown import live

ATTACKER_HEAD = "7" * 40
VICTIM_HEAD = "8" * 40
FORK = "mallory/widgets"


def post(tmp_path: Path, data: Any, pr: int, head: str, head_repo: str) -> Result:
    """``comment drift --post`` as docs-drift-post.yml runs it, on a fork PR's workflow_run."""
    source = tmp_path / "affected-docs.json"
    source.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    event = tmp_path / "event.json"
    event.write_text(json.dumps({
        "workflow_run": {"head_sha": head, "pull_requests": [],
                         "head_repository": {"full_name": head_repo}},
        "repository": {"full_name": "acme/widgets"}}), encoding="utf-8")
    return CliRunner().invoke(cli, ["--repo-dir", str(tmp_path), "comment", "drift", "--from",
                                    str(source), "--pr", str(pr), "--post"],
                              env={"GITHUB_EVENT_PATH": str(event)})


def test_another_prs_number_is_not_posted_on(tmp_path: Path, fake_github: FakeGitHub) -> None:
    fake_github.add_pull(7, ATTACKER_HEAD, head_repo=FORK)
    fake_github.add_pull(8, VICTIM_HEAD, head_repo=FORK)  # another PR from the same fork
    got = post(tmp_path, affected_result(), 8, ATTACKER_HEAD, FORK)
    assert got.exit_code == 0, got.output
    assert fake_github.comments == {}
    assert got.stderr.splitlines()[-1] == (
        "govern: not posted: PR #8 is at 888888888888, this run computed 777777777777 (the "
        "run for the newer head posts)")


def test_a_copied_head_in_another_repository_is_refused(tmp_path: Path,
                                                         fake_github: FakeGitHub) -> None:
    """The fork pushed the victim's head commit to its own branch: same sha, not that PR."""
    fake_github.add_pull(8, VICTIM_HEAD)
    got = post(tmp_path, affected_result(), 8, VICTIM_HEAD, FORK)
    assert got.exit_code == 2
    assert got.stderr.splitlines()[-2] == (
        "Error: PR #8's head is in acme/widgets, not in mallory/widgets, where the triggering "
        "run's head is")
    assert fake_github.comments == {}


def test_the_body_is_rendered_from_validated_json(tmp_path: Path,
                                                  fake_github: FakeGitHub) -> None:
    fake_github.add_pull(7, ATTACKER_HEAD, head_repo=FORK)
    hostile = affected_result(docs=[doc_row("docs/@admin #1 https://evil。example.md", "x")])
    got = post(tmp_path, hostile, 7, ATTACKER_HEAD, FORK)
    assert got.exit_code == 0, got.output  # the honest route: its own PR, its own head
    [comment] = fake_github.comments[7]
    assert comment["body"] == render_drift(hostile, CommentConfig())
    assert live(comment["body"]) == []
    # a ready body, as markdown or smuggled in a key, is refused before any request
    before = len(fake_github.requests)
    for forged in ("<!-- govern:docs-drift -->\nhello @admin",
                   {**hostile, "markdown": "<!-- govern:docs-drift -->\nposted as given"}):
        refused = post(tmp_path, forged, 7, ATTACKER_HEAD, FORK)
        assert refused.exit_code == 2
    assert "has unexpected key 'markdown'" in refused.stderr
    assert fake_github.requests[before:] == []
    assert [c["body"] for c in fake_github.comments[7]] == [comment["body"]]
