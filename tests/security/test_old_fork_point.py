"""Attack: branch from a commit older than the rule. ``main`` starts governing ``payments/**``
after the PR's fork point, so the merge base's configuration does not govern it; the gate must
read the rules from BASE's tip too, and the PR's own configuration must loosen nothing."""

from __future__ import annotations

from pathlib import Path

from tests.fakegithub import FakeGitHub
from tests.fakegithub import fake_github as fake_github
from tests.gitrepo import Repo, make_repo
from tests.helpers import review_record
from tests.security.pr import BODY, governed

GOVERN_PAYMENTS = '[gates]\ngoverned = ["payments/**"]\n'


def _old_fork(tmp_path: Path, fake: FakeGitHub, pr_files: dict[str, str | bytes | None],
              ) -> tuple[Repo, str]:
    repo = make_repo(tmp_path / "repo", {"payments/charge.py": "fee = 1\n"}, preset="contract")
    fork_point = repo.sha("HEAD")
    repo.commit({"govern.toml": GOVERN_PAYMENTS}, "govern payments")
    repo.branch("pr", fork_point)
    head = repo.commit(pr_files)
    fake.add_pull(5, head, body=BODY)
    return repo, head


def test_a_rule_added_after_the_fork_point_still_governs(tmp_path: Path,
                                                         fake_github: FakeGitHub) -> None:
    repo, head = _old_fork(tmp_path, fake_github, {"payments/charge.py": "fee = 0\n"})
    code, data = governed(repo)
    assert (code, data["details"]["paths"]) == (1, ["payments/charge.py"])
    assert [f["message"] for f in data["findings"]] == [
        f"this PR changes governed paths (`payments/charge.py`), and no contract-review record "
        f"by a trusted reviewer is on head {head[:12]}"]
    # the honest case: a maintainer's record on the head passes
    fake_github.add_comment(5, review_record(head))
    assert governed(repo)[0] == 0


def test_the_prs_own_config_loosens_nothing(tmp_path: Path, fake_github: FakeGitHub) -> None:
    repo, _ = _old_fork(tmp_path, fake_github, {"payments/charge.py": "fee = 0\n",
                                                "govern.toml": "[gates]\ngoverned = []\n"})
    code, data = governed(repo)
    assert (code, data["details"]["paths"]) == (1, ["govern.toml", "payments/charge.py"])


def test_a_rule_only_the_merge_base_has_still_governs(tmp_path: Path,
                                                      fake_github: FakeGitHub) -> None:
    # the stricter side wins either way: the tip dropping a rule does not free an old PR
    repo = make_repo(tmp_path / "repo", {"govern.toml": GOVERN_PAYMENTS,
                                         "payments/charge.py": "fee = 1\n"}, preset="contract")
    repo.branch("pr")
    head = repo.commit({"payments/charge.py": "fee = 0\n"})
    repo.checkout("main")
    repo.commit({"govern.toml": "[gates]\ngoverned = []\n"}, "stop governing payments")
    repo.checkout("pr")
    fake_github.add_pull(5, head, body=BODY)
    assert governed(repo)[0] == 1
    fake_github.add_comment(5, review_record(head))
    assert governed(repo)[0] == 0


def test_reviewers_named_at_the_tip_apply_to_an_old_fork(tmp_path: Path,
                                                         fake_github: FakeGitHub) -> None:
    repo = make_repo(tmp_path / "repo", {"payments/charge.py": "fee = 1\n",
                                         "govern.toml": GOVERN_PAYMENTS}, preset="contract")
    fork_point = repo.sha("HEAD")
    repo.commit({"govern.toml": GOVERN_PAYMENTS + '\n[review]\ntrusted_authors = ["seat"]\n'})
    repo.branch("pr", fork_point)
    head = repo.commit({"payments/charge.py": "fee = 0\n"})
    fake_github.add_pull(5, head, body=BODY)
    fake_github.add_comment(5, review_record(head))  # the maintainer: write access, but not "seat"
    code, data = governed(repo)
    assert code == 1
    assert data["details"]["review"]["ignored"] == [
        'comment 1001 by "maintainer" at 2026-11-06T12:01:00+00:00: not a trusted author '
        "(not in review.trusted_authors)"]
    fake_github.permissions["seat"] = "write"
    fake_github.add_comment(5, review_record(head), login="seat")
    assert governed(repo)[0] == 0
