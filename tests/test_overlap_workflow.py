"""``workflows/overlap.yml`` and ``overlap-post.yml``: valid, quiet under zizmor, hardened, and
their ``run:`` blocks compute the matrix of PRs listed by the fake GitHub server and fetched from
a real remote — the compute run with a read-only token, into its summary only, the poster again
by itself — and post (or degrade) each later PR's sticky comment."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fakegithub import Fault
from tests.fakegithub import fake_github as fake_github  # the fixture
from tests.helpers import Remote
from tests.workflow_helpers import (
    COMPUTE_STEP,
    FORK_POSTER_SUPPRESSION,
    GOVERN_PATH,
    POST_STEP,
    TOLD_15,
    VALIDATORS,
    assert_hardened,
    assert_validator_finds_nothing,
    load,
    step,
    zizmor_suppressions,
)
from tests.workflow_helpers import OVERLAP_CHECK as CHECK
from tests.workflow_helpers import OVERLAP_MARKER as MARKER
from tests.workflow_helpers import OVERLAP_POST as POST
from tests.workflow_helpers import overlap_compute as compute
from tests.workflow_helpers import overlap_post as post
from tests.workflow_helpers import overlap_remote as overlap_remote  # the fixture "remote"


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
    # not even the run's conclusion is trusted: only a cancelled run (replaced) is skipped
    assert load(POST)["jobs"]["post"]["if"] == (
        "github.event.workflow_run.conclusion != 'cancelled' && "
        "(github.event.workflow_run.event == 'pull_request' || "
        "github.event.workflow_run.event == 'push')")


def test_hardening() -> None:
    check, post = load(CHECK), load(POST)
    assert_hardened(check)
    assert_hardened(post)
    # the compute job can read, never write: what a fork PR's token allows anyway
    assert check["jobs"]["compute"]["permissions"] == {"contents": "read",
                                                       "pull-requests": "read"}
    # the poster downloads nothing (no actions: read): it computes what it posts
    assert post["jobs"]["post"]["permissions"] == {"contents": "read",
                                                   "pull-requests": "write"}
    for workflow in (check, post):
        uses = [s["uses"].split("@")[0] for s in next(iter(workflow["jobs"].values()))["steps"]
                if "uses" in s]
        assert uses == ["actions/checkout", "actions/cache", "repo-govern/govern"]
        assert next(iter(workflow["jobs"].values()))["steps"][0]["with"] == {
            "fetch-depth": 0, "persist-credentials": False}
    # branch names and the token reach the shell through env:, never pasted into it
    assert step(CHECK, COMPUTE_STEP)["env"] == {
        "GOVERN": GOVERN_PATH, "GITHUB_TOKEN": "${{ github.token }}",
        "BASE": "${{ github.event.pull_request.base.ref || github.ref_name }}"}
    assert step(POST, POST_STEP)["env"] == {
        "GOVERN": GOVERN_PATH, "GITHUB_TOKEN": "${{ github.token }}",
        "BASE": "${{ github.event.repository.default_branch }}"}


def test_the_two_caches_do_not_restore_each_other() -> None:
    """actions/cache restores by key prefix: the poster's (its pair cache and told record)
    must not restore the one a PR's compute run writes."""
    caches = [next(s["with"] for s in next(iter(load(path)["jobs"].values()))["steps"]
                   if s.get("uses", "").startswith("actions/cache@")) for path in (CHECK, POST)]
    assert [(c["key"], c["restore-keys"]) for c in caches] == [
        ("govern-overlap-pairs-${{ github.run_id }}", "govern-overlap-pairs-"),
        ("govern-overlap-post-${{ github.run_id }}", "govern-overlap-post-")]


# -- the run: blocks, as a runner runs them ------------------------------------------------------

def test_a_read_only_run_computes_then_the_poster_posts(remote: Remote, tmp_path: Path) -> None:
    computed, check_summary = compute(remote, tmp_path)
    assert computed.returncode == 0, computed.stderr
    # the token's basic-auth form is masked before git may print it
    assert computed.stdout.splitlines()[0].startswith("::add-mask::")
    assert sections(check_summary.read_text()) == ["#### #12", "#### #13", "#### #15"]
    assert remote.fake.comments == {}  # the compute run posts nothing
    assert not (tmp_path / "work" / "overlap").exists()  # and hands nothing over

    posted, summary = post(remote, tmp_path)
    assert posted.returncode == 0, posted.stderr
    assert posted.stdout.splitlines()[0].startswith("::add-mask::")
    assert list(remote.fake.comments) == [15]
    [comment] = remote.fake.comments[15]
    assert comment["body"].splitlines()[:4] == [MARKER, "### 🔀 PR overlap", "", TOLD_15]
    # the poster's job summary shows the whole matrix, as the compute run's did
    assert summary.read_text() == check_summary.read_text()


def test_the_poster_corrects_a_comment_through_its_told_record(remote: Remote,
                                                               tmp_path: Path) -> None:
    assert post(remote, tmp_path)[0].returncode == 0
    remote.fake.pulls[12]["state"] = "closed"  # #12 closed: #15 has nothing to rebase on
    corrected, _ = post(remote, tmp_path)
    assert corrected.returncode == 0, corrected.stderr
    assert remote.fake.comments[15][0]["body"].splitlines()[3] == (
        "✅ #15 merges cleanly with the 1 other open PR(s) into `origin/main`.")


def test_a_read_only_token_leaves_the_comment_in_the_summary(remote: Remote,
                                                             tmp_path: Path) -> None:
    posted, summary = post(remote, tmp_path, read_only=True)
    assert posted.returncode == 0, posted.stderr
    assert remote.fake.comments == {}
    assert ("::warning::the overlap comment was not posted: GitHub refused permission while "
            "commenting on #\u200b15 of acme/widgets: 403 'Resource not accessible by "
            "integration'; it is in this run's step summary") in posted.stderr.splitlines()
    # the comment for #15, then the matrix the step appends: no annotation inside either
    text = summary.read_text()
    assert text.startswith(f"{MARKER}\n### 🔀 PR overlap\n\n{TOLD_15}\n")
    assert sections(text) == ["#### #12", "#### #13", "#### #15"]
    assert "::" not in text


def test_a_matrix_not_computed_posts_nothing_and_stays_green(remote: Remote,
                                                             tmp_path: Path) -> None:
    for run in (compute, post):
        remote.fake.fail(Fault(401, "Bad credentials"))  # the first call, whichever it is
        done, summary = run(remote, tmp_path)
        assert done.returncode == 0, done.stderr
        assert any(line.startswith("Error: GitHub rejected the token while ")
                   for line in done.stderr.splitlines()), done.stderr
        assert done.stdout.splitlines()[-1].startswith(
            "govern: the overlap matrix could not be computed (above)")
        assert summary.read_text() == ""
    assert remote.fake.comments == {}
