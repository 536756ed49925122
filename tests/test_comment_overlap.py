"""``govern comment overlap``: the matrix of a real ``govern overlap --github --json`` run (real
git, the fake GitHub server) rendered and posted by a second process, as the fork-safe poster
workflow does; the input read strictly (docs/reference/exit-codes.md: unreadable JSON is exit 2)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from govern.cli import cli
from tests.fakegithub import FakeGitHub, Fault
from tests.fakegithub import fake_github as fake_github  # the fixture
from tests.gitrepo import Repo
from tests.helpers import OVERLAP_FOOTER as FOOTER
from tests.helpers import (
    Remote,
    comments,
    overlap,
    overlap_conflict,
    overlap_document,
    overlap_pull,
    told_15_rebase,
)
from tests.helpers import remote as remote  # the fixture
from tests.helpers import work as work  # the fixture

MARKER = "<!-- govern:overlap -->"
REMEDY = ("pass the output of `govern overlap --github --json` (schema_version 1) unchanged")


def comment(repo_dir: Path, *args: str, stdin: str | None = None,
            env: dict[str, str] | None = None) -> Result:
    return CliRunner().invoke(cli, ["--repo-dir", str(repo_dir), "comment", "overlap", *args],
                              input=stdin, env=env)


def computed(work: Repo, tmp_path: Path, *args: str) -> Path:
    """What the compute workflow uploads: ``govern overlap --github --json`` in a file."""
    got = overlap(work, "--json", *args)
    assert got.exit_code in (0, 1), got.output
    path = tmp_path / "overlap.json"
    path.write_text(got.stdout, encoding="utf-8")
    return path


def comment_url(fake: FakeGitHub, number: int) -> str:
    ident = fake.comments[number][0]["id"]
    return f"https://github.example/acme/widgets/pull/{number}#issuecomment-{ident}"


def test_prints_what_overlap_markdown_printed_from_a_file_or_stdin(
        work: Repo, remote: Remote, tmp_path: Path) -> None:
    matrix = computed(work, tmp_path)
    printed = comment(work.root, "--from", str(matrix))
    assert printed.exit_code == 0, printed.output
    assert printed.stdout == overlap(work, "--markdown").stdout
    assert [line for line in printed.stdout.splitlines() if line.startswith("####")] == [
        "#### #12", "#### #13", "#### #15"]
    piped = comment(work.root, "--from", "-", stdin=matrix.read_text(encoding="utf-8"))
    assert (piped.exit_code, piped.stdout) == (0, printed.stdout)
    # a `--pr 15` run holds only #15's pairs: its comment alone is rendered
    focused = comment(work.root, "--from", str(computed(work, tmp_path, "--pr", "15")))
    assert focused.stdout == told_15_rebase("lines 2–6")
    assert remote.fake.comments == {}  # nothing posted without --post


def test_post_upserts_the_later_prs_comment_as_overlap_post_would(
        work: Repo, remote: Remote, tmp_path: Path) -> None:
    matrix = computed(work, tmp_path)
    created = comment(work.root, "--from", str(matrix), "--post")
    assert created.exit_code == 0, created.output
    assert comments(remote.fake) == {15: [told_15_rebase("lines 2–6")]}
    assert created.stderr.splitlines() == [
        f"govern: created the overlap comment on #15 {comment_url(remote.fake, 15)}"]
    again = comment(work.root, "--from", str(matrix), "--post")
    assert again.stderr.splitlines() == [
        f"govern: unchanged the overlap comment on #15 {comment_url(remote.fake, 15)}"]
    assert len(remote.fake.comments[15]) == 1


def test_a_pr_whose_head_moved_is_left_to_the_newer_run(work: Repo, remote: Remote,
                                                        tmp_path: Path) -> None:
    remote.open_pr(16, {"f.txt": "l1\nfrom 16\nl3\n"})
    matrix = computed(work, tmp_path)
    computed_head = remote.fake.pulls[15]["head_sha"]
    remote.push(15, {"h.txt": "later\n"})  # #15 moved on after the matrix was computed
    got = comment(work.root, "--from", str(matrix), "--post")
    assert got.exit_code == 0, got.output
    current = remote.fake.pulls[15]["head_sha"]
    assert got.stderr.splitlines() == [
        f"govern: not posted: PR #15 is at {current[:12]}, this run computed "
        f"{computed_head[:12]} (the run for the newer head posts)",
        f"govern: created the overlap comment on #16 {comment_url(remote.fake, 16)}"]
    assert sorted(comments(remote.fake)) == [16]  # #16 is still at the head computed


def test_a_pr_no_longer_conflicting_is_corrected_through_the_told_record(
        work: Repo, remote: Remote, tmp_path: Path) -> None:
    assert comment(work.root, "--from", str(computed(work, tmp_path)), "--post").exit_code == 0
    remote.fake.pulls[12]["state"] = "closed"  # #12 closed: #15 has nothing to rebase on
    corrected = comment(work.root, "--from", str(computed(work, tmp_path)), "--post")
    assert corrected.exit_code == 0, corrected.output
    assert comments(remote.fake) == {15: ["\n".join([
        MARKER, "### 🔀 PR overlap", "",
        "✅ #15 merges cleanly with the 1 other open PR(s) into `origin/main`.", "", FOOTER,
        ""])]}
    again = comment(work.root, "--from", str(computed(work, tmp_path)), "--post")
    assert again.stderr.splitlines() == [
        "govern: no PR conflicts with an earlier one: no overlap comment to post"]


def test_outside_a_repository_it_posts_without_a_told_record(
        work: Repo, remote: Remote, tmp_path: Path) -> None:
    matrix = computed(work, tmp_path)
    elsewhere = tmp_path / "runner-temp"
    elsewhere.mkdir()
    got = comment(elsewhere, "--from", str(matrix), "--post")
    assert got.exit_code == 0, got.output
    assert got.stderr.splitlines() == [
        "govern: not in a git repository: using the default configuration",
        "govern: not in a git repository: no record of PRs told to rebase, so none told "
        "before is corrected",
        f"govern: created the overlap comment on #15 {comment_url(remote.fake, 15)}"]


def test_a_read_only_token_degrades_to_the_step_summary_and_exits_0(
        work: Repo, remote: Remote, tmp_path: Path) -> None:
    remote.open_pr(16, {"f.txt": "l1\nfrom 16\nl3\n"})
    matrix = computed(work, tmp_path)
    remote.fake.read_only = True
    summary = tmp_path / "summary.md"
    got = comment(work.root, "--from", str(matrix), "--post",
                  env={"GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": str(summary)})
    assert got.exit_code == 0, got.output
    refused = ("GitHub refused permission while commenting on #15 of acme/widgets: 403 "
               "'Resource not accessible by integration'")
    first = f"the overlap comment was not posted: {refused}; it is in this run's step summary"
    assert got.stderr.splitlines()[:2] == [f"::warning::{first}", f"govern: warning: {first}"]
    text = summary.read_text(encoding="utf-8")
    assert [line for line in text.splitlines() if line.startswith("⚠️")] == [
        "⚠️ #15 conflicts with **1** earlier open PR(s) into `origin/main`; it should rebase "
        "once they land:",
        "⚠️ #16 conflicts with **2** earlier open PR(s) into `origin/main`; it should rebase "
        "once they land:"]
    assert remote.fake.comments == {}


@pytest.mark.parametrize(("fault", "error"), [
    (Fault(401, "Bad credentials"), "Error: GitHub rejected the token while reading PR #15 of "
                                    "acme/widgets: 401 'Bad credentials'"),
    (Fault(404, "Not Found"), "Error: GitHub found nothing while reading PR #15 of "
                              "acme/widgets: 404 'Not Found'"),
])
def test_other_github_refusals_exit_2(work: Repo, remote: Remote, tmp_path: Path,
                                      fault: Fault, error: str) -> None:
    matrix = computed(work, tmp_path)
    remote.fake.fail(fault)
    got = comment(work.root, "--from", str(matrix), "--post")
    assert got.exit_code == 2
    assert error in got.stderr.splitlines()


def test_post_needs_a_repository_and_a_token(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    matrix = tmp_path / "overlap.json"
    matrix.write_text(json.dumps(overlap_document()), encoding="utf-8")
    monkeypatch.delenv("GITHUB_REPOSITORY", raising=False)
    monkeypatch.delenv("GITHUB_EVENT_PATH", raising=False)
    monkeypatch.delenv("GITHUB_TOKEN", raising=False)
    monkeypatch.delenv("GH_TOKEN", raising=False)
    no_repo = comment(tmp_path, "--from", str(matrix), "--post")
    assert no_repo.exit_code == 2
    assert "Error: --post needs the repository: pass --repo OWNER/NAME" in no_repo.stderr
    no_token = comment(tmp_path, "--from", str(matrix), "--post", "--repo", "acme/widgets")
    assert no_token.exit_code == 2
    assert "Error: --post needs a token" in no_token.stderr.splitlines()
    no_input = comment(tmp_path)
    assert no_input.exit_code == 2
    assert "Error: Missing option '--from'." in no_input.stderr


# -- the input, read strictly ----------------------------------------------------------------

def changed(change: Callable[[dict[str, Any]], object]) -> str:
    data = overlap_document()
    change(data)
    return json.dumps(data)


def not_overlap(what: str) -> str:
    return f"Error: stdin is not `govern overlap --json` output: {what}"


@pytest.mark.parametrize(("text", "error"), [
    ("{", "Error: stdin is not valid JSON (Expecting property name enclosed in double quotes: "
          "line 1 column 2 (char 1))"),
    ("[]", "Error: stdin is not a JSON object"),
    ('{"schema_version": 2}', "Error: stdin has schema_version 2; this govern reads 1"),
    (changed(lambda d: d.pop("base")), not_overlap("$.base is missing")),
    (changed(lambda d: d["prs"][0].update(head="HEAD; rm -rf ~")),
     not_overlap("$.prs[0].head is not a commit sha")),
    (changed(lambda d: d["prs"][1].update(id=True)),
     not_overlap("$.prs[1].id is not a whole number of at least 1")),
    (changed(lambda d: d["prs"][1].update(id=12)), not_overlap("$.prs lists a PR id twice")),
    (changed(lambda d: d["prs"][0].update(behind_touching=["a", 3])),
     not_overlap("$.prs[0].behind_touching[1] is not a string")),
    (changed(lambda d: d["pairs"][0].update(status="merged")),
     not_overlap("$.pairs[0].status is not one of clean, conflict, skipped")),
    (changed(lambda d: d["pairs"][0]["conflicts"][0]["hunks"][0].update(start=0)),
     not_overlap("$.pairs[0].conflicts[0].hunks[0].start is not a whole number of at least 1")),
    (changed(lambda d: d["pairs"][0].update(a=15, b=12)),
     not_overlap("$.pairs[0] is not two listed PRs, the earlier first")),
    (changed(lambda d: d["pairs"][0].update(b=99)),
     not_overlap("$.pairs[0] is not two listed PRs, the earlier first")),
    (changed(lambda d: d["pairs"].append(overlap_conflict(12, 15))),
     not_overlap("$.pairs[1] repeats 12 and 15")),
    (changed(lambda d: d["prs"].extend([overlap_pull(16), overlap_pull(17)])),
     not_overlap("its 1 pair(s) of 4 PR(s) are neither every pair nor one PR's pairs")),
])
def test_unreadable_input_exits_2_naming_what_is_wrong(tmp_path: Path, text: str,
                                                       error: str) -> None:
    got = comment(tmp_path, "--from", "-", stdin=text)
    assert got.exit_code == 2
    assert got.stdout == ""
    assert got.stderr.splitlines()[0] == error


def test_the_remedy_names_the_producer(tmp_path: Path) -> None:
    missing = comment(tmp_path, "--from", str(tmp_path / "absent.json"))
    assert missing.exit_code == 2
    assert "pass the file `govern overlap --github --json` wrote, or - for stdin" \
        in missing.stderr
    bad = comment(tmp_path, "--from", "-", stdin=changed(lambda d: d.pop("prs")))
    assert REMEDY in bad.stderr


def test_untrusted_text_stays_inert(tmp_path: Path) -> None:
    hostile = changed(lambda d: d["pairs"][0].update(conflicts=overlap_conflict(
        12, 15, path=f"`x` {MARKER} @admin", kind="content\n::error::<b>x</b>")["conflicts"]))
    got = comment(tmp_path, "--from", "-", stdin=hostile)
    assert got.exit_code == 0, got.output
    lines = got.stdout.splitlines()
    # the path in a longer fence, the marker broken by zero-width spaces, the type escaped
    # and on the bullet's line
    assert ("  - `` `x` <!\u200b-- govern:overlap --\u200b> @admin `` — content "
            "::error::&lt;b&gt;x&lt;/b&gt;, lines 2–6") in lines
    assert [line for line in lines if MARKER in line] == [MARKER]  # only the real first line
    assert not any(line.startswith("::") for line in lines)

