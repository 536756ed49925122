"""``workflows/overlap.yml``: valid, quiet under zizmor, least privilege, and its ``run:``
block lists the open PRs on the fake GitHub server, fetches their heads from a real remote,
and posts (or degrades) the later PR's sticky comment."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.fakegithub import TOKEN, FakeGitHub
from tests.fakegithub import fake_github as fake_github  # the fixture
from tests.test_overlap_github import Remote
from tests.workflow_helpers import (
    VALIDATORS,
    assert_validator_finds_nothing,
    run_block,
    runner_env,
)

WORKFLOW = Path(__file__).resolve().parent.parent / "workflows" / "overlap.yml"
STEP = "Refresh the overlap comments"


def load() -> dict[Any, Any]:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def step(name: str) -> dict[str, Any]:
    return next(s for s in load()["jobs"]["overlap"]["steps"] if s.get("name") == name)


@pytest.mark.parametrize(("tool", "options"), VALIDATORS)
def test_validators_find_nothing(tool: str, options: tuple[str, ...]) -> None:
    assert_validator_finds_nothing(tool, options, WORKFLOW)


def test_advisory_least_privilege_pinned_and_no_expression_in_a_shell() -> None:
    data = load()
    job = data["jobs"]["overlap"]
    assert data[True] == {"pull_request": {"types": ["opened", "synchronize", "reopened",
                                                     "closed"]},
                          "push": {"branches": ["main"]}}
    assert data["permissions"] == {}
    assert job["permissions"] == {"contents": "read", "pull-requests": "write"}
    assert job["continue-on-error"] is True
    assert job["steps"][0]["with"] == {"fetch-depth": 0, "persist-credentials": False}
    for entry in job["steps"]:
        assert re.fullmatch(r"[\w.-]+/[\w.-]+@[0-9a-f]{40}", entry.get("uses", "a/b@" + "0" * 40))
        # Branch names and the token reach the shell through env:, never pasted into it.
        assert "${{" not in entry.get("run", "")
    assert step(STEP)["env"] == {
        "GITHUB_TOKEN": "${{ github.token }}",
        "BASE": "${{ github.event.pull_request.base.ref || github.ref_name }}"}


@pytest.fixture
def clone(tmp_path: Path, fake_github: FakeGitHub) -> tuple[Remote, Path]:
    """The runner's checkout of a remote with PRs 12 and 15 (conflicting) and 13 open."""
    remote = Remote(tmp_path, fake_github)
    remote.open_pr(12, {"f.txt": "l1\nfrom 12\nl3\n"})
    remote.open_pr(13, {"g.txt": "g\n"})
    remote.open_pr(15, {"f.txt": "l1\nfrom 15\nl3\n"})
    work = tmp_path / "work"
    subprocess.run(["git", "clone", "-q", str(remote.bare), str(work)], check=True)
    return remote, work


def run_step(work: Path, fake: FakeGitHub, summary: Path) -> subprocess.CompletedProcess[str]:
    env = runner_env({"GITHUB_TOKEN": TOKEN, "GITHUB_API_URL": fake.base_url,
                      "GITHUB_REPOSITORY": fake.full_name, "GITHUB_SERVER_URL":
                      "https://github.example", "GITHUB_STEP_SUMMARY": str(summary),
                      "GITHUB_ACTIONS": "true", "BASE": "main"})
    return run_block(str(step(STEP)["run"]), work, env)


def test_the_step_posts_the_later_prs_comment(clone: tuple[Remote, Path], tmp_path: Path,
                                              fake_github: FakeGitHub) -> None:
    remote, work = clone
    summary = tmp_path / "summary.md"
    proc = run_step(work, fake_github, summary)
    assert proc.returncode == 0, proc.stderr
    [comment] = fake_github.comments[15]
    assert list(fake_github.comments) == [15]
    assert comment["body"].splitlines()[3] == (
        "⚠️ #15 conflicts with **1** earlier open PR(s) into `origin/main`; it should rebase "
        "once they land:")
    # the job summary shows every PR's section of the matrix
    assert [line for line in summary.read_text().splitlines() if line.startswith("####")] \
        == ["#### #12", "#### #13", "#### #15"]
    # the token's basic-auth form is masked before git may print it
    assert proc.stdout.splitlines()[0].startswith("::add-mask::")


def test_a_read_only_token_leaves_the_comment_in_the_summary(
        clone: tuple[Remote, Path], tmp_path: Path, fake_github: FakeGitHub) -> None:
    _, work = clone
    fake_github.read_only = True
    summary = tmp_path / "summary.md"
    proc = run_step(work, fake_github, summary)
    assert proc.returncode == 0, proc.stderr
    assert fake_github.comments == {}
    assert ("::warning::the overlap comment was not posted: GitHub refused permission while "
            "commenting on #15 of acme/widgets: 403 'Resource not accessible by integration'; "
            "it is in this run's step summary") in proc.stderr.splitlines()
    # the comment for #15, then the matrix the step appends: no annotation inside either
    text = summary.read_text()
    assert text.startswith("<!-- govern:overlap -->\n### 🔀 PR overlap\n\n⚠️ #15")
    assert [line for line in text.splitlines() if line.startswith("####")] \
        == ["#### #12", "#### #13", "#### #15"]
    assert "::" not in text
