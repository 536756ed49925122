"""Attack: one file with thousands of conflict hunks renders a 150k-character overlap comment;
GitHub answers 422, the run exited 2 and the PRs after it were never told. Refused: every
comment fits 65,536 characters, folding detail to "… and N more"; and a delivery GitHub
refuses for one PR degrades that PR only, the next PRs are still posted."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from govern.cli import cli
from govern.core.markdown import GITHUB_COMMENT_LIMIT
from govern.overlap import Conflict, ConflictHunk, Overlap, Pair, Status
from govern.overlap.attribution import report_for
from govern.overlap.markdown import render_reports
from tests.fakegithub import TOKEN, FakeGitHub, Fault
from tests.fakegithub import fake_github as fake_github  # the fixture
from tests.gitrepo import Repo
from tests.helpers import Remote, overlap_pr
from tests.helpers import remote as remote  # the fixture
from tests.helpers import work as work  # the fixture

LINES = 30_000


def many_hunks(tag: str) -> dict[str, str | bytes | None]:
    """Every fifth line of a long file rewritten: thousands of separate conflict hunks."""
    return {"big.txt": "".join(f"{tag} {i}\n" if i % 5 == 0 else f"l{i}\n"
                               for i in range(LINES))}


def overlap(work: Repo, *args: str) -> Result:
    return CliRunner().invoke(cli, ["--repo-dir", str(work.root), "overlap", "--github",
                                    "--post", *args])


@pytest.fixture
def big(tmp_path: Path, fake_github: FakeGitHub, remote: Remote, work: Repo) -> Remote:
    """The base holds a long file; #15 and #16 each rewrite every fifth line of it."""
    remote.origin.commit({"big.txt": "".join(f"l{i}\n" for i in range(LINES))}, "big")
    remote.origin.git("push", "-q", str(remote.bare), "main")
    remote.open_pr(21, many_hunks("from 21"))
    remote.open_pr(22, many_hunks("from 22"))
    work.git("fetch", "-q", "origin")
    return remote


def test_thousands_of_hunks_fold_to_fit(big: Remote, work: Repo) -> None:
    got = overlap(work)
    assert got.exit_code == 0, got.output
    [comment] = big.fake.comments[22]
    assert len(comment["body"]) <= GITHUB_COMMENT_LIMIT
    # the fold says what it left out: thousands of hunks, which in full would not fit
    [folded] = [line for line in comment["body"].splitlines() if "`big.txt`" in line]
    left_out = int(folded.rsplit(" and ", 1)[1].split()[0])
    assert left_out * len("12345–12351, ") > GITHUB_COMMENT_LIMIT
    assert "`big.txt` — content" in comment["body"]


def test_one_prs_refusal_degrades_it_and_the_loop_goes_on(
        big: Remote, work: Repo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    summary = tmp_path / "summary.md"
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(summary))
    # GitHub refuses #15's comment (as it would an oversized one); #22 must still be told
    big.fake.fail(Fault(422, "Validation Failed", path="/repos/acme/widgets/issues/15/comments",
                       method="POST"))
    got = overlap(work)
    assert got.exit_code == 0, got.output
    assert 15 not in big.fake.comments and len(big.fake.comments[22]) == 1
    assert ("govern: warning: the overlap comment was not posted: GitHub refused the request "
            "while commenting on #15 of acme/widgets: 422 'Validation Failed'; it is in this "
            "run's step summary") in got.stderr.splitlines()
    assert summary.read_text(encoding="utf-8").startswith("<!-- govern:overlap -->")


def test_the_fake_refuses_a_body_over_the_limit_as_github_does(fake_github: FakeGitHub) -> None:
    from github import Auth, Github, GithubException

    issue = Github(auth=Auth.Token(TOKEN), base_url=fake_github.base_url, retry=None,
                   lazy=True).get_repo(fake_github.full_name).get_issue(7)
    issue.create_comment("x" * GITHUB_COMMENT_LIMIT)  # exactly the limit: accepted
    with pytest.raises(GithubException) as caught:
        issue.create_comment("x" * (GITHUB_COMMENT_LIMIT + 1))
    assert caught.value.status == 422
    assert caught.value.data["errors"][0]["message"] == (
        "body is too long (maximum is 65536 characters)")


def test_a_pr_conflicting_with_hundreds_still_fits() -> None:
    hunks = tuple(ConflictHunk(i, i + 1, "", "") for i in range(1, 400, 3))
    conflicts = tuple(Conflict(f"dir/{'x' * 200}-{n}.txt", "content", hunks) for n in range(30))
    prs = tuple(overlap_pr(n) for n in range(1, 402))
    pairs = tuple(Pair(n, 401, Status.CONFLICT, conflicts) for n in range(1, 401))
    matrix = Overlap("origin/main", prs, pairs, merged=400, from_cache=0)
    body = render_reports(matrix, [report_for(matrix, 401)], single=True, github=True)
    assert len(body) <= GITHUB_COMMENT_LIMIT
    assert "- … and 380 more" in body.splitlines()  # 20 of 400 PRs, one file each
    assert "  - … and 29 more conflicting file(s)" in body.splitlines()
    small = render_reports(matrix, [report_for(matrix, 2)], single=True, github=True)
    assert "more" not in small  # the honest case: a small report is shown whole
