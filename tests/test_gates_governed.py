"""The governed gate and live PR reads, against the local fake GitHub (real PyGithub calls)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.fakegithub import FakeGitHub
from tests.fakegithub import fake_github as fake_github
from tests.gitrepo import Repo, make_repo
from tests.helpers import review_record as record
from tests.helpers import run_check

BODY = "Clause-②: no\nMetadata-protocol: none\n"

# judged under the contract preset, where every gate runs (docs/how-to/gates.md#presets)
pytestmark = pytest.mark.preset("contract")


@pytest.fixture
def governed_pr(tmp_path: Path, fake_github: FakeGitHub) -> tuple[Repo, str]:
    """PR #5 changes a workflow (a governed path); the fake GitHub knows it at its head."""
    repo = make_repo(tmp_path / "repo", {".github/workflows/ci.yml": "name: ci\n",
                                         "src/app.py": "x = 1\n"}, preset="contract")
    repo.branch("pr")
    head = repo.commit({".github/workflows/ci.yml": "name: ci, changed\n"})
    fake_github.add_pull(5, head, body="Fixes #9\n" + BODY)
    return repo, head


def _governed(repo: Repo, *args: str) -> tuple[int, list[str], dict[str, Any]]:
    result = run_check(repo, "governed", "main", "--pr", "5", "--json", *args)
    data = json.loads(result.stdout)
    assert data["judged"], data
    return result.exit_code, [f["message"] for f in data["findings"]], data["details"]


def test_no_governed_path_needs_no_review(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"src/app.py": "x = 1\n"}, preset="contract")
    repo.branch("pr")
    repo.commit({"src/app.py": "x = 2\n"})
    # no --pr and no token: nothing is looked up when no governed path changed
    result = run_check(repo, "governed", "main", "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["details"] == {"paths": [], "review": None}


def test_a_record_on_the_head_passes(governed_pr: tuple[Repo, str],
                                     fake_github: FakeGitHub) -> None:
    repo, head = governed_pr
    fake_github.add_comment(5, record(head))
    code, messages, details = _governed(repo)
    assert (code, messages) == (0, [])
    assert (details["paths"], details["review"]["state"]) == ([".github/workflows/ci.yml"],
                                                              "found")


def test_a_record_on_the_closed_issue_counts(governed_pr: tuple[Repo, str],
                                             fake_github: FakeGitHub) -> None:
    repo, head = governed_pr
    fake_github.add_comment(9, record(head))
    assert _governed(repo)[:2] == (0, [])


def test_no_record_is_refused(governed_pr: tuple[Repo, str]) -> None:
    repo, head = governed_pr
    code, messages, _ = _governed(repo)
    assert (code, messages) == (1, [
        f"this PR changes governed paths (`.github/workflows/ci.yml`), and no contract-review "
        f"record by a trusted reviewer is on head {head[:12]}"])


@pytest.mark.parametrize(("author", "association"), [("contributor", "NONE"),
                                                     ("someone", "CONTRIBUTOR")])
def test_a_record_by_an_untrusted_author_is_ignored(governed_pr: tuple[Repo, str],
                                                    fake_github: FakeGitHub, author: str,
                                                    association: str) -> None:
    repo, head = governed_pr
    fake_github.add_comment(5, record(head), login=author, association=association)
    assert _governed(repo)[0] == 1


def test_a_record_on_an_older_head_is_refused(governed_pr: tuple[Repo, str],
                                              fake_github: FakeGitHub) -> None:
    repo, _ = governed_pr
    fake_github.add_comment(5, record(repo.sha("main")))
    assert _governed(repo)[0] == 1


def test_an_unsigned_record_is_refused(governed_pr: tuple[Repo, str],
                                       fake_github: FakeGitHub) -> None:
    repo, head = governed_pr
    unsigned = "\n".join(line for line in record(head).splitlines()
                         if not line.startswith(("Implemented-by", "Reviewed-by")))
    fake_github.add_comment(5, unsigned)
    code, messages, details = _governed(repo)
    assert code == 1 and details["review"]["state"] == "unsigned"
    assert messages[0].startswith(
        f"this PR changes governed paths (`.github/workflows/ci.yml`), and the newest "
        f"contract-review record on head {head[:12]} is not signed: ")


def test_a_failing_record_is_refused(governed_pr: tuple[Repo, str],
                                     fake_github: FakeGitHub) -> None:
    repo, head = governed_pr
    fake_github.add_comment(5, record(head, verdict="FAIL"))
    assert _governed(repo)[:2] == (1, [
        f"this PR changes governed paths (`.github/workflows/ci.yml`), and the contract review "
        f"on head {head[:12]} has verdict FAIL"])


def test_github_failure_is_not_judged(governed_pr: tuple[Repo, str],
                                      fake_github: FakeGitHub) -> None:
    repo, _ = governed_pr
    fake_github.fail(404, 404, 404)
    result = run_check(repo, "governed", "main", "--pr", "5", "--json")
    assert result.exit_code == 2
    assert json.loads(result.stdout)["judged"] is False


def test_without_a_pr_number_is_not_judged(governed_pr: tuple[Repo, str]) -> None:
    repo, _ = governed_pr
    result = run_check(repo, "governed", "main")
    assert result.exit_code == 2
    assert "the PR to look up reviews on is unknown" in result.stderr


# -- live reads: labels and body come from the API when a token is present -------------------

def test_labels_are_reread_live(tmp_path: Path, fake_github: FakeGitHub) -> None:
    repo = make_repo(tmp_path / "repo", {"CHANGELOG.md": "# Changelog\n"}, preset="contract")
    repo.branch("pr")
    head = repo.commit({"CHANGELOG.md": "# Changelog\n\n- 2.0\n"})
    fake_github.add_pull(5, head, body=BODY, labels=("release",))
    event = tmp_path / "event.json"
    event.write_text(json.dumps({"pull_request": {"number": 5, "body": "", "labels": []}}))
    env = {"GITHUB_EVENT_PATH": str(event)}
    assert run_check(repo, "release-owned", "main", env=env).exit_code == 0
    # the command line still wins over the live answer
    assert run_check(repo, "release-owned", "main", "--label", "bug", env=env).exit_code == 1
    # and the body is the live one too: the payload's empty body would be refused
    assert run_check(repo, "declarations", "main", env=env).exit_code == 0
