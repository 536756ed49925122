"""``govern overlap --github [--post]``: the open PRs listed by the fake GitHub server, their
``refs/pull/N/head`` fetched from a real bare repository (reached through a github.com URL
rewritten with ``insteadOf``), merged with real git, and the sticky comments upserted."""

from __future__ import annotations

import json
from collections import deque
from pathlib import Path

import pytest
from click.testing import CliRunner

import govern.github.client
from govern.cli import cli
from govern.core.markdown import plain
from tests.fakegithub import fake_github as fake_github  # the fixture
from tests.fakegithub import secondary_rate_limit
from tests.gitrepo import Repo
from tests.helpers import BOT, Remote, comments, overlap, told_15_rebase
from tests.helpers import OVERLAP_FOOTER as FOOTER
from tests.helpers import remote as remote  # the fixture
from tests.helpers import work as work  # the fixture


def test_the_open_prs_by_number_with_the_repo_from_the_remote_url(
        work: Repo, remote: Remote, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GITHUB_REPOSITORY")
    got = overlap(work)
    assert got.exit_code == 0, got.output
    assert got.stdout == "#15 conflicts with earlier #12: f.txt (content, lines 2–6)\n"
    assert got.stderr == ("govern overlap: 3 PR(s) against origin/main, 3 pair(s): 1 conflict, "
                          "0 clean, 2 skipped (no shared path); 1 merged (0 from cache)\n")
    data = json.loads(overlap(work, "--json").stdout)
    assert [(pr["id"], pr["ref"], pr["head"]) for pr in data["prs"]] == [
        (n, f"refs/remotes/origin/pr/{n}", remote.fake.pulls[n]["head_sha"])
        for n in (12, 13, 15)]
    assert [(p["a"], p["b"], p["status"]) for p in data["pairs"]] == [
        (12, 13, "skipped"), (12, 15, "conflict"), (13, 15, "skipped")]
    # the base is the repository's default branch, listed with its own filter
    assert ("GET", "/repos/acme/widgets/pulls?base=main&per_page=100&state=open") \
        in remote.fake.requests
    assert (overlap(work, "--pr", "15").exit_code, overlap(work, "--pr", "12").exit_code) \
        == (1, 0)
    assert remote.fake.comments == {}  # nothing posted without --post


def test_the_markdown_names_prs_by_number(work: Repo) -> None:
    # `origin/main`, the local mode's habit, names the branch `main` on GitHub
    got = overlap(work, "origin/main", "--pr", "15", "--markdown")
    assert got.exit_code == 1
    assert got.stdout == told_15_rebase("lines 2–6")


def test_every_page_of_open_prs_is_read(work: Repo, remote: Remote,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(govern.github.client, "PER_PAGE", 2)
    monkeypatch.setenv("GITHUB_BASE_REF", "main")  # a PR event names the base
    data = json.loads(overlap(work, "--json").stdout)
    assert [pr["id"] for pr in data["prs"]] == [12, 13, 15]
    assert [path for _, path in remote.fake.requests] == [
        "/repos/acme/widgets/pulls?base=main&per_page=2&state=open",
        "/repos/acme/widgets/pulls?base=main&page=2&per_page=2&state=open"]


def test_a_pr_whose_head_cannot_be_fetched_is_skipped_and_named(work: Repo,
                                                                remote: Remote) -> None:
    remote.fake.add_pull(14, "e" * 40)  # listed by GitHub, but the remote has no refs/pull/14
    got = overlap(work, "--json")
    assert got.exit_code == 0, got.output
    data = json.loads(got.stdout)
    assert [pr["id"] for pr in data["prs"]] == [12, 13, 15]  # the others are still compared
    assert data["unreadable"] == [{
        "id": 14, "ref": "refs/remotes/origin/pr/14",
        "reason": "cannot fetch the head of PR #14 (refs/pull/14/head) from remote 'origin': "
                  "couldn't find remote ref refs/pull/14/head",
        "remedy": "check that remote 'origin' is acme/widgets (or pass --remote) and run "
                  "again: a PR closed or force-pushed while govern read it is gone from the "
                  "list next time"}]
    assert got.stderr.splitlines()[0].startswith(
        "govern overlap: warning: skipped #14: cannot fetch the head of PR #14")
    focused = overlap(work, "--pr", "14")  # a verdict on #14 needs #14
    assert focused.exit_code == 2
    assert "Error: --pr #14 could not be read: cannot fetch the head of PR #14" in focused.stderr
    # the base is no PR: without it nothing is compared
    remote.fake.default_branch = "gone"
    no_base = overlap(work)
    assert no_base.exit_code == 2
    assert no_base.stderr.splitlines()[-2] == (
        "Error: cannot fetch from remote 'origin': couldn't find remote ref refs/heads/gone")


def test_post_creates_then_updates_the_later_prs_comment_only(work: Repo,
                                                              remote: Remote) -> None:
    created = overlap(work, "--post")
    assert created.exit_code == 0, created.output
    [comment] = remote.fake.comments[15]
    assert comments(remote.fake) == {15: [told_15_rebase("lines 2–6")]}
    assert comment["login"] == BOT
    url = f"https://github.example/acme/widgets/pull/15#issuecomment-{comment['id']}"
    assert created.stderr.splitlines()[0] == f"govern: created the overlap comment on #15 {url}"
    remote.push(15, {"g.txt": "from 15\n"})  # now also clashes with #13's new file
    updated = overlap(work, "--post")
    assert updated.exit_code == 0, updated.output
    assert updated.stderr.splitlines()[0] == f"govern: updated the overlap comment on #15 {url}"
    assert [c["id"] for c in remote.fake.comments[15]] == [comment["id"]]
    assert comments(remote.fake) == {15: ["\n".join([
        "<!-- govern:overlap -->", "### 🔀 PR overlap", "",
        "⚠️ #15 conflicts with **2** earlier open PR(s) into `origin/main`; it should rebase "
        "once they land:", "",
        "- #12", "  - `f.txt` — content, lines 2–6",
        "- #13", "  - `g.txt` — add/add, lines 1–5", "", FOOTER, ""])]}


def test_a_pr_no_longer_conflicting_has_its_comment_corrected(work: Repo,
                                                              remote: Remote) -> None:
    assert overlap(work, "--post").exit_code == 0
    remote.fake.pulls[12]["state"] = "closed"  # #12 closed: #15 has nothing to rebase on
    got = overlap(work, "--post")
    assert got.exit_code == 0, got.output
    assert comments(remote.fake) == {15: ["\n".join([
        "<!-- govern:overlap -->", "### 🔀 PR overlap", "",
        "✅ #15 merges cleanly with the 1 other open PR(s) into `origin/main`.", "", FOOTER,
        ""])]}
    before = len(remote.fake.requests)
    again = overlap(work, "--post")  # corrected once; then left alone like any clean PR
    assert again.stderr.splitlines()[0] == (
        "govern: no PR conflicts with an earlier one: no overlap comment to post")
    assert [path for _, path in remote.fake.requests[before:]] == [
        "/repos/acme/widgets", "/repos/acme/widgets/pulls?base=main&per_page=100&state=open",
        "/graphql"]  # whose token it is: the one read --post adds


def test_a_read_only_token_degrades_to_the_step_summary_and_exits_0(
        work: Repo, remote: Remote, tmp_path: Path) -> None:
    remote.open_pr(16, {"f.txt": "l1\nfrom 16\nl3\n"})
    remote.fake.read_only = True
    summary = tmp_path / "summary.md"
    got = overlap(work, "--post", env={"GITHUB_ACTIONS": "true",
                                       "GITHUB_STEP_SUMMARY": str(summary)})
    assert got.exit_code == 0, got.output
    refused = ("GitHub refused permission while commenting on #15 of acme/widgets: 403 "
               "'Resource not accessible by integration'")
    warnings = [f"the overlap comment was not posted: {refused}; it is in this run's step "
                "summary",
                f"the overlap comment was not posted: not tried on #16 after #15's: {refused}; "
                "it is in this run's step summary"]
    # stdout stays the text report; the annotations go beside the messages on stderr
    assert got.stdout == ("#15 conflicts with earlier #12: f.txt (content, lines 2–6)\n"
                          "#16 conflicts with earlier #12: f.txt (content, lines 2–6)\n"
                          "#16 conflicts with earlier #15: f.txt (content, lines 2–6)\n")
    assert got.stderr.splitlines()[:4] == [
        f"::warning::{plain(warnings[0])}", f"govern: warning: {warnings[0]}",
        f"::warning::{plain(warnings[1])}", f"govern: warning: {warnings[1]}"]
    text = summary.read_text(encoding="utf-8")
    # both bodies, in PR order: #15 also learns that the later #16 will rebase on it
    assert text == "\n".join([
        "<!-- govern:overlap -->", "### 🔀 PR overlap", "",
        "⚠️ #15 conflicts with **1** earlier open PR(s) into `origin/main`; it should rebase "
        "once they land:", "",
        "- #12", "  - `f.txt` — content, lines 2–6", "",
        "1 later open PR(s) conflict with #15; they will rebase after it lands:", "",
        "- #16", "  - `f.txt` — content, lines 2–6", "", FOOTER,
        "<!-- govern:overlap -->", "### 🔀 PR overlap", "",
        "⚠️ #16 conflicts with **2** earlier open PR(s) into `origin/main`; it should rebase "
        "once they land:", "",
        "- #12", "  - `f.txt` — content, lines 2–6",
        "- #15", "  - `f.txt` — content, lines 2–6", "", FOOTER, ""])
    posts = [path for m, path in remote.fake.requests if m == "POST"]
    assert posts == ["/graphql", "/repos/acme/widgets/issues/15/comments"]  # #16 untried
    assert remote.fake.comments == {}


def test_no_open_pr_into_the_base_is_an_empty_matrix(work: Repo, remote: Remote) -> None:
    for number in (12, 13, 15):
        remote.fake.pulls[number]["state"] = "closed"
    got = overlap(work, "--post")
    assert got.exit_code == 0, got.output
    assert got.stdout == ""
    assert got.stderr.splitlines() == [
        "govern: no PR conflicts with an earlier one: no overlap comment to post",
        "govern overlap: 0 PR(s) against origin/main, 0 pair(s): 0 conflict, 0 clean, "
        "0 skipped (no shared path); 0 merged (0 from cache)"]


def test_a_retry_after_wait_is_said_on_stderr_unless_quiet(work: Repo, remote: Remote) -> None:
    notice = ("govern: GitHub answered 403 with Retry-After while reading the default branch "
              "of acme/widgets; waiting 0 s before attempt 2 of 3")
    remote.fake.fail(secondary_rate_limit(retry_after=0))
    told = overlap(work, "--json")
    assert told.exit_code == 0, told.output
    assert told.stderr.splitlines()[0] == notice
    assert json.loads(told.stdout)["schema_version"] == 1  # stdout stays the JSON alone
    # on the command, short or long, and on the group
    for args in (["overlap", "--github", "--quiet"], ["overlap", "--github", "-q"],
                 ["-q", "overlap", "--github"]):
        remote.fake.fail(secondary_rate_limit(retry_after=0))
        hushed = CliRunner().invoke(cli, ["--repo-dir", str(work.root), *args])
        assert hushed.exit_code == 0, hushed.output
        assert hushed.stderr.startswith("govern overlap: 3 PR(s)"), hushed.stderr
        assert remote.fake.faults == deque()  # the fault was met, and said nothing
