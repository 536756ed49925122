"""``govern review …`` through click's CliRunner; GitHub is the fake server."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from govern.cli import cli
from govern.review import parse_review_yaml, render_review
from tests.fakegithub import FakeGitHub, Fault
from tests.fakegithub import fake_github as fake_github  # the fixture
from tests.gitrepo import Repo
from tests.helpers import read_fixture

FULL_YAML = read_fixture("review-full.yaml")
FULL_MARKDOWN = read_fixture("review-full.md")  # FULL_YAML rendered

HEAD = "1a2b3c4d5e6f7a8b9c0d1a2b3c4d5e6f7a8b9c0d"
OLD_HEAD = "0fedcba98765432100fedcba9876543210fedcba"

YAML = """\
served_tier: standard
head_sha: {head}
local_runs: pytest -q
scope: src/app.py
inputs_read: the PR
judgments:
  - {{claim: The handler refuses first., result: "TRUE"}}
semver: patch
implemented_by: dev-a
reviewed_by: {reviewer}
verdict: {verdict}
record_written: 2026-11-06T18:35Z
"""


def record(head: str = HEAD, verdict: str = "PASS", reviewer: str = "rev-b") -> str:
    return render_review(parse_review_yaml(YAML.format(head=head, verdict=verdict,
                                                       reviewer=reviewer)))


def run(tmp_path: Path, *args: str) -> Result:
    # --repo-dir: a folder outside any git repository, so the configuration is the defaults
    # (or --config), never this project's own.
    return CliRunner().invoke(cli, ["--repo-dir", str(tmp_path), "review", *args])


@pytest.fixture
def files(tmp_path: Path) -> Path:
    (tmp_path / "full.yaml").write_text(FULL_YAML)
    (tmp_path / "full.md").write_text(FULL_MARKDOWN)
    (tmp_path / "bad.yaml").write_text("served_tier: t\ncolour: red\n")
    (tmp_path / "latin1.md").write_bytes("Scope: caf\xe9".encode("latin-1"))
    return tmp_path


# --- render, parse, lint -------------------------------------------------------------------


def test_render_prints_the_markdown(files: Path) -> None:
    result = run(files, "render", str(files / "full.yaml"))
    assert (result.exit_code, result.stdout) == (0, FULL_MARKDOWN)
    as_json = run(files, "render", "--json", str(files / "full.yaml"))
    assert json.loads(as_json.stdout) == {"markdown": FULL_MARKDOWN}


def test_render_refuses_a_bad_yaml_as_a_finding(files: Path) -> None:
    result = run(files, "render", str(files / "bad.yaml"))
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: {files / 'bad.yaml'} is not a valid "
                                    "contract-review record:\n  - colour: unknown key\n")
    as_json = run(files, "render", "--json", str(files / "bad.yaml"))
    assert as_json.exit_code == 1
    assert json.loads(as_json.stdout)["problems"][0] == "colour: unknown key"


def test_parse_prints_the_model(files: Path) -> None:
    result = run(files, "parse", str(files / "full.md"))
    assert result.exit_code == 0
    assert json.loads(result.stdout) == parse_review_yaml(FULL_YAML).to_json()


def test_parse_refuses_a_malformed_record(files: Path) -> None:
    (files / "x.md").write_text("no record here\n")
    result = run(files, "parse", str(files / "x.md"))
    assert result.exit_code == 1
    assert "line 1: no `## Contract review` heading" in result.stderr


@pytest.mark.parametrize("name", ["missing.md", "latin1.md"])
def test_unreadable_files_are_not_judged(files: Path, name: str) -> None:
    result = run(files, "lint", str(files / name))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"Error: cannot read {files / name}: ")


def test_lint_exit_codes_and_output(files: Path) -> None:
    clean = run(files, "lint", str(files / "full.md"))
    assert (clean.exit_code, clean.stdout) == (0, "")
    assert clean.stderr == f"govern: {files / 'full.md'}: clean\n"
    # on its head, but abbreviated: the governed gate would not count it
    short = run(files, "lint", str(files / "full.md"), "--head", "1a2b3c4d5e6f7a8b")
    assert (short.exit_code, short.stdout) == (1, (
        f'{files / "full.md"}:4: Head-sha "1a2b3c4d5e6f7a8b" abbreviates the head: the '
        "governed gate counts only a record naming all 40 hex digits\n"
        "  remedy: write the full sha of the head you reviewed: `git rev-parse HEAD`\n"))
    stale = run(files, "lint", str(files / "full.md"), "--head", "ffffffff")
    assert stale.exit_code == 1
    assert stale.stdout == (
        f"{files / 'full.md'}:4: the record is on 1a2b3c4d5e6f7a8b, not on the head "
        '"ffffffff"\n  remedy: review the current head and write a new record (or a delta '
        "record over the reviewed head)\n")
    as_json = run(files, "lint", "--json", str(files / "full.md"), "--head", "ffffffff")
    assert json.loads(as_json.stdout)["findings"][0]["rule"] == "not-on-head"


def test_lint_reads_yaml_as_it_would_render(files: Path) -> None:
    assert run(files, "lint", str(files / "full.yaml")).exit_code == 0
    assert run(files, "lint", str(files / "bad.yaml")).exit_code == 1


# --- locate ----------------------------------------------------------------------------------


def locate(tmp_path: Path, *extra: str) -> tuple[int, dict[str, object], str]:
    result = run(tmp_path, "locate", "--pr", "5", "--json", *extra)
    return result.exit_code, json.loads(result.stdout), result.stderr


def test_locate_finds_the_newest_trusted_record_on_the_head(
        tmp_path: Path, fake_github: FakeGitHub) -> None:
    fake_github.add_pull(5, HEAD)
    fake_github.add_comment(5, record(verdict="FAIL"), minutes=10)
    newest = fake_github.add_comment(5, record(), minutes=20)
    # Created earlier though listed later: created_at decides, not the listing order.
    fake_github.add_comment(5, record(verdict="FAIL"), minutes=15)
    code, data, stderr = locate(tmp_path)
    assert (code, data["state"], data["head"]) == (0, "found", HEAD)
    assert data["comment"]["id"] == newest["id"]
    assert data["record"]["verdict"] == "PASS"
    assert "an older record on the same head" in stderr


def test_locate_ignores_stale_heads_and_untrusted_authors(
        tmp_path: Path, fake_github: FakeGitHub) -> None:
    fake_github.add_pull(5, HEAD)
    fake_github.add_comment(5, record(head=OLD_HEAD), login="maintainer")
    fake_github.add_comment(5, record(), login="drive-by", association="CONTRIBUTOR")
    fake_github.add_comment(5, "LGTM", login="maintainer")
    code, data, stderr = locate(tmp_path)
    assert (code, data["state"], data["record"]) == (1, "absent", None)
    assert data["ignored"] == [
        f'comment 1001 by "maintainer" at 2026-11-06T12:01:00+00:00: on "{OLD_HEAD}", not on '
        f"the head {HEAD}",
        'comment 1002 by "drive-by" at 2026-11-06T12:02:00+00:00: not a trusted author '
        '(permission "none" on the repository, not write)']
    assert "govern: ignored comment 1002" in stderr


def test_locate_trusts_configured_authors_only(tmp_path: Path, fake_github: FakeGitHub) -> None:
    config = tmp_path / "govern.toml"
    config.write_text('[review]\ntrusted_authors = ["Seat-Reviewer"]\n')
    fake_github.add_pull(5, HEAD)
    fake_github.add_comment(5, record(), login="owner", association="OWNER")
    fake_github.add_comment(5, record(), login="seat-reviewer", association="NONE")
    code, data, _ = locate(tmp_path, "--config", str(config))
    assert (code, data["comment"]["author"]) == (0, "seat-reviewer")
    assert "not a trusted author (not in review.trusted_authors)" in data["ignored"][0]


def test_locate_reports_an_unsigned_newest_record(tmp_path: Path,
                                                  fake_github: FakeGitHub) -> None:
    fake_github.add_pull(5, HEAD)
    fake_github.add_comment(5, record())
    fake_github.add_comment(5, record().replace("Reviewed-by: rev\\-b\n", ""))
    code, data, stderr = locate(tmp_path)
    assert (code, data["state"]) == (1, "unsigned")
    assert data["problems"] == ["line 27: no `Reviewed-by:` line"]
    assert "govern: line 27: no `Reviewed-by:` line" in stderr


def test_locate_reads_every_page_and_the_closing_issue(tmp_path: Path,
                                                       fake_github: FakeGitHub) -> None:
    fake_github.add_pull(5, HEAD, body="Adds the gate.\n\nFixes #3")
    for index in range(130):
        fake_github.add_comment(5, f"chatter {index}")
    fake_github.add_comment(3, record(), minutes=500)
    code, data, _ = locate(tmp_path)
    assert (code, data["state"], data["threads"]) == (0, "found", [5, 3])
    assert ("GET", "/repos/acme/widgets/issues/5/comments?page=2&per_page=100") \
        in fake_github.requests
    off = tmp_path / "off.toml"
    off.write_text("[review]\nclosing_issue_thread = false\n")
    code, data, _ = locate(tmp_path, "--config", str(off))
    assert (code, data["state"], data["threads"]) == (1, "absent", [5])


def test_locate_text_output_and_body(tmp_path: Path, fake_github: FakeGitHub) -> None:
    fake_github.add_pull(5, HEAD)
    body = record()
    fake_github.add_comment(5, body, login="maintainer")
    text = run(tmp_path, "locate", "--pr", "5")
    assert text.stdout == (
        f'found: PASS on {HEAD} by "maintainer" at 2026-11-06T12:01:00+00:00 '
        "https://github.example/acme/widgets/pull/5#issuecomment-1001\n")
    assert run(tmp_path, "locate", "--pr", "5", "--body").stdout == body + "\n"


@pytest.mark.parametrize("fault", [Fault(404, path="/repos/acme/widgets/issues/5/comments"),
                                   Fault(403, "Resource not accessible by integration")])
def test_locate_unreadable_thread_exits_2(tmp_path: Path, fake_github: FakeGitHub,
                                          fault: Fault) -> None:
    fake_github.add_pull(5, HEAD)
    fake_github.fail(fault)
    code, data, stderr = locate(tmp_path)
    assert (code, data["state"], data["judged"]) == (2, "unreadable", False)
    assert stderr.startswith(f"govern: unreadable: GitHub {data['error'].split(' ', 1)[1]}")


def test_locate_without_a_repository_is_not_judged(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GITHUB_REPOSITORY", raising=False)
    result = run(tmp_path, "locate", "--pr", "5")
    assert result.exit_code == 2
    assert result.stderr == ("Error: no repository named\n  remedy: pass --repo OWNER/NAME (in "
                             "Actions GITHUB_REPOSITORY is used)\n")


# --- post ------------------------------------------------------------------------------------


def test_post_lints_against_the_current_head_then_posts(tmp_path: Path,
                                                        fake_github: FakeGitHub) -> None:
    fake_github.add_pull(5, HEAD)
    stale = tmp_path / "stale.yaml"
    stale.write_text(YAML.format(head=OLD_HEAD[:12], verdict="PASS", reviewer="rev-b"))
    refused = run(tmp_path, "post", "--pr", "5", str(stale))
    assert refused.exit_code == 1
    assert refused.stdout.startswith(f"{stale}:4: the record is on {OLD_HEAD[:12]}, not on "
                                     f'the head "{HEAD}"')
    assert fake_github.comments == {}
    good = tmp_path / "good.yaml"
    good.write_text(YAML.format(head=HEAD, verdict="PASS", reviewer="rev-b"))
    posted = run(tmp_path, "post", "--pr", "5", "--json", str(good))
    assert posted.exit_code == 0
    assert json.loads(posted.stdout) == {
        "posted": True, "head": HEAD, "id": 1001,
        "url": "https://github.example/acme/widgets/pull/5#issuecomment-1001"}
    assert fake_github.comments[5][0]["body"] == record(head=HEAD)


def test_post_refuses_a_self_review(tmp_path: Path, fake_github: FakeGitHub) -> None:
    fake_github.add_pull(5, HEAD)
    own = tmp_path / "own.yaml"
    own.write_text(YAML.format(head=HEAD, verdict="PASS", reviewer="dev-a"))
    result = run(tmp_path, "post", "--pr", "5", "--json", str(own))
    assert result.exit_code == 1
    assert json.loads(result.stdout)["findings"][0]["rule"] == "same-identity"
    assert fake_github.comments == {}


def test_post_on_a_missing_pr_is_not_judged(tmp_path: Path, fake_github: FakeGitHub) -> None:
    good = tmp_path / "good.yaml"
    good.write_text(YAML.format(head=HEAD, verdict="PASS", reviewer="rev-b"))
    result = run(tmp_path, "post", "--pr", "9", str(good))
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: GitHub found nothing while reading PR #9")


# --- checks ----------------------------------------------------------------------------------


def test_checks_counts_every_conclusion_and_status(tmp_path: Path,
                                                   fake_github: FakeGitHub) -> None:
    outcomes = [("completed", "success")] * 3 + [
        ("completed", c) for c in ("failure", "skipped", "neutral", "cancelled", "timed_out",
                                   "action_required", "stale")] + [
        ("in_progress", None), ("in_progress", None), ("queued", None), ("waiting", None)]
    for index, (status, conclusion) in enumerate(outcomes * 10):
        fake_github.add_check_run(HEAD, f"lane {index}", status, conclusion)
    result = run(tmp_path, "checks", "--sha", HEAD, "--json")
    data = json.loads(result.stdout)
    assert result.exit_code == 0 and data["total"] == 140
    assert data["line"].startswith("Check-runs on 1a2b3c4 at ")
    assert data["line"].split(": ", 1)[1] == (
        "140 total, 30 success, 10 failure, 10 skipped, 10 neutral, 10 cancelled, 10 timed_out, "
        "10 action_required, 20 in_progress, 10 queued, 10 stale, 10 waiting")


def test_checks_leaves_out_zero_counts(tmp_path: Path, fake_github: FakeGitHub) -> None:
    fake_github.add_check_run(HEAD, "lint")
    text = run(tmp_path, "checks", "--sha", HEAD).stdout
    assert text.endswith(": 1 total, 1 success\n")
    assert run(tmp_path, "checks", "--sha", "feedbee").stdout.endswith(": 0 total\n")


def test_locate_reads_the_configuration_committed_at_head(repo: Repo,
                                                          fake_github: FakeGitHub) -> None:
    repo.commit({"govern.toml": '[review]\ntrusted_authors = ["seat"]\n'})
    repo.write({"govern.toml": "[review]\ntrusted_authors = []\n"})  # uncommitted: not read
    fake_github.add_pull(5, HEAD)
    fake_github.add_comment(5, record(), login="seat", association="NONE")
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "review", "locate",
                                      "--pr", "5"])
    assert result.exit_code == 0 and result.stdout.startswith("found: PASS")
