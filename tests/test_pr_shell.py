"""``govern pr N``: shell mode against a local bare repository as the remote (reached through
a github.com URL rewritten with ``insteadOf``) and the fake GitHub server."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from govern.cli import cli
from govern.github.remote import repo_from_url
from tests.fakegithub import FakeGitHub
from tests.fakegithub import fake_github as fake_github  # the fixture
from tests.gitrepo import Repo, make_repo

URL = "git@github.com:acme/widgets.git"
BODY = "Audit twice.\n\nClause-②: no\nMetadata-protocol: none\n"
FILES = {
    "pkg/package.json": '{"name": "@acme/audit", "private": true}\n',
    "pkg/src/audit.ts": "export function getAudit(name: string) {\n  return name;\n}\n",
    "docs/audit.md": "# Audit\n\nCall `getAudit` with a name.\n",
    "CHANGELOG.md": "# Changes\n",
}

# judged under the contract preset, where every gate runs (docs/how-to/gates.md#presets)
pytestmark = pytest.mark.preset("contract")


@pytest.mark.parametrize(("url", "repo"), [
    ("git@github.com:acme/widgets.git", "acme/widgets"),
    ("https://github.com/acme/widgets", "acme/widgets"),
    ("https://x-access-token:t@github.com/acme/wid.gets.git/", "acme/wid.gets"),
    ("ssh://git@ghe.example:2222/acme/widgets.git", "acme/widgets"),
    ("/srv/git/widgets.git", None),
    ("https://gitlab.example/group/sub/widgets.git", None),
])
def test_repo_from_url(url: str, repo: str | None) -> None:
    assert repo_from_url(url) == repo


@pytest.fixture
def work(tmp_path: Path, fake_github: FakeGitHub,
         request: pytest.FixtureRequest) -> tuple[Repo, str]:
    """A reviewer's clone whose origin is a github.com URL; git reaches a local bare repo
    holding ``refs/pull/7/head``, and the fake GitHub knows PR 7 at that head."""
    preset = request.node.get_closest_marker("preset").args[0]
    origin = make_repo(tmp_path / "origin", FILES, preset=preset)
    origin.branch("topic")
    head = origin.commit({"pkg/src/audit.ts": FILES["pkg/src/audit.ts"].replace(
        "return name;", "return name + name;"), "CHANGELOG.md": "# Changes\n\n- audit\n"},
        "audit: twice")
    origin.checkout("main")
    bare = tmp_path / "origin.git"
    subprocess.run(["git", "clone", "-q", "--bare", str(origin.root), str(bare)], check=True)
    subprocess.run(["git", "-C", str(bare), "update-ref", "refs/pull/7/head", head], check=True)
    clone = tmp_path / "work"
    subprocess.run(["git", "clone", "-q", str(bare), str(clone)], check=True)
    repo = Repo(clone)
    repo.git("remote", "set-url", "origin", URL)
    repo.git("config", f"url.{bare}.insteadOf", URL)
    fake_github.add_pull(7, head, body=BODY, labels=("docs-only",), author="dev")
    return repo, head


def govern_pr(repo: Repo, *args: str) -> Result:
    return CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "pr", "7", *args])


@pytest.mark.preset("minimal")
def test_a_disabled_gate_counts_as_passed(work: tuple[Repo, str]) -> None:
    repo, _ = work
    got = govern_pr(repo)
    assert got.exit_code == 0, got.output
    err = got.stderr.splitlines()
    assert "govern check size: passed" in err
    for gate in ("declarations", "changesets", "release-owned", "trailers", "governed"):
        assert any(line.startswith(f"govern check {gate}: disabled") for line in err), err


def test_runs_affected_docs_and_every_gate(work: tuple[Repo, str],
                                           fake_github: FakeGitHub) -> None:
    repo, head = work
    got = govern_pr(repo)
    out = got.stdout.splitlines()
    base = repo.sha("origin/main")
    assert out[0] == (f"PR #7 of acme/widgets by dev: head {head[:12]}, base main "
                      f"({base[:12]}); labels: docs-only")
    assert "== govern affected-docs ==" in out
    assert "  - docs/audit.md:3  via getAudit (symbol, code-shaped name)" in out
    # every gate ran; the release-owned page is allowed by the docs-only label, the trailers
    # are clean, and there is no changeset for a private package: all pass
    for gate in ("changesets", "declarations", "governed", "release-owned", "size",
                 "trailers"):
        assert f"govern check {gate}: passed" in got.stderr.splitlines(), got.output
    assert got.exit_code == 0, got.output
    assert repo.sha("refs/remotes/origin/pr/7") == head
    assert fake_github.comments.get(7, []) == []  # nothing posted without --post


def test_a_finding_exits_1_and_a_gate_that_cannot_judge_is_said(
        work: tuple[Repo, str], fake_github: FakeGitHub) -> None:
    repo, _ = work
    fake_github.labels[7] = []  # without docs-only, CHANGELOG.md is read-only
    fake_github.pulls[7]["body"] = "Audit twice.\n"
    got = govern_pr(repo)
    assert got.exit_code == 1, got.output
    assert "govern check release-owned: 1 finding(s)" in got.stderr.splitlines()
    assert "govern check declarations: 2 finding(s)" in got.stderr.splitlines()


def test_post_refuses_a_token_that_is_not_the_bot(work: tuple[Repo, str],
                                                  fake_github: FakeGitHub) -> None:
    repo, _ = work
    fake_github.login = "octo"
    got = govern_pr(repo, "--post")
    assert got.exit_code == 2
    assert got.stderr.splitlines()[0] == (
        "Error: --post refused: the token acts as 'octo', not comment.bot_login "
        "'github-actions[bot]'; a comment from another account would be a second sticky "
        "comment")
    fake_github.login = None  # GET /user 403: whose token it is cannot be told
    unknown = govern_pr(repo, "--post")
    assert unknown.exit_code == 2
    assert "the token does not say whose it is (GET /user refused)" in unknown.stderr
    assert fake_github.comments.get(7, []) == []


def test_post_with_the_bot_token_upserts_the_drift_comment(work: tuple[Repo, str],
                                                           fake_github: FakeGitHub) -> None:
    repo, head = work
    fake_github.login = "github-actions[bot]"
    got = govern_pr(repo, "--post")
    assert got.exit_code == 0, got.output
    [comment] = fake_github.comments[7]
    body = comment["body"].splitlines()
    assert body[:2] == ["<!-- govern:docs-drift -->", "### 📓 Docs Drift Check"]
    assert "- `docs/audit.md:3`  _(via getAudit (symbol))_" in body
    assert f"govern: created the docs drift comment on #7 {comment_url(fake_github, comment)}" \
        in got.stderr.splitlines()


def comment_url(fake: FakeGitHub, comment: dict[str, Any]) -> str:
    return fake.comment_json(comment)["html_url"]


def test_a_remote_that_is_not_on_github_needs_repo(work: tuple[Repo, str]) -> None:
    repo, _ = work
    repo.git("remote", "set-url", "origin", "/srv/git/widgets.git")
    got = govern_pr(repo)
    assert got.exit_code == 2
    assert got.stderr.splitlines()[:2] == [
        "Error: cannot tell the GitHub repository from remote 'origin' (/srv/git/widgets.git)",
        "  remedy: pass --repo OWNER/NAME"]
