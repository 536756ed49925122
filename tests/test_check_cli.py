"""``govern check``: options, payload, exit codes and output routes shared by every gate."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.gitrepo import Repo, make_repo
from tests.helpers import run_check

BODY = "Fix the door.\n\nClause-②: no\nMetadata-protocol: none\n"

# judged under the contract preset, where every gate runs (docs/how-to/gates.md#presets)
pytestmark = pytest.mark.preset("contract")


@pytest.fixture
def pr_repo(tmp_path: Path) -> Repo:
    repo = make_repo(tmp_path / "repo", {"src/app.py": "x = 1\n"}, preset="contract")
    repo.branch("pr")
    repo.commit({"src/app.py": "x = 2\n"}, "fix: the door\n")
    return repo


def _event(tmp_path: Path, payload: object) -> dict[str, str]:
    path = tmp_path / "event.json"
    path.write_text(json.dumps(payload), encoding="utf-8")
    return {"GITHUB_EVENT_PATH": str(path)}


def _pull_request(body: str | None, labels: list[str]) -> dict[str, object]:
    return {"pull_request": {"number": 5, "body": body, "user": {"login": "author"},
                             "labels": [{"name": label} for label in labels]},
            "repository": {"full_name": "o/r"}}


def test_declarations_pass_with_a_body_file(pr_repo: Repo, tmp_path: Path) -> None:
    body = tmp_path / "body.md"
    body.write_text(BODY)
    result = run_check(pr_repo, "declarations", "main", "--body-file", str(body))
    assert (result.exit_code, result.stdout, result.stderr) == (
        0, "", "govern check declarations: passed\n")


def test_declarations_body_from_stdin(pr_repo: Repo) -> None:
    result = run_check(pr_repo, "declarations", "main", "--body-file", "-", stdin="Clause-②: no\n")
    assert result.exit_code == 1
    assert result.stdout == ("PR body has no `Metadata-protocol:` line\n"
                             "  remedy: add a line starting with the key, e.g. "
                             "`Metadata-protocol: none`\n")


def test_declarations_body_from_the_payload(pr_repo: Repo, tmp_path: Path) -> None:
    env = _event(tmp_path, _pull_request(BODY, []))
    assert run_check(pr_repo, "declarations", "main", env=env).exit_code == 0
    env = _event(tmp_path, _pull_request(None, []))
    result = run_check(pr_repo, "declarations", "main", "--json", env=env)
    assert result.exit_code == 1
    assert [f["rule"] for f in json.loads(result.stdout)["findings"]] == [
        "declaration-missing", "declaration-missing"]


def test_missing_body_file_is_a_usage_error(pr_repo: Repo, tmp_path: Path) -> None:
    result = run_check(pr_repo, "declarations", "main", "--body-file", str(tmp_path / "nope"))
    assert result.exit_code == 2
    assert "Invalid value for '--body-file'" in result.stderr


def test_declarations_without_any_body_is_not_judged(pr_repo: Repo) -> None:
    result = run_check(pr_repo, "declarations", "main", "--json")
    assert result.exit_code == 2
    assert json.loads(result.stdout) == {
        "judged": False, "error": "no PR body to read",
        "remedy": "pass --body-file FILE, or run on a pull_request event"}


def test_labels_flag_replaces_the_payload(pr_repo: Repo, tmp_path: Path) -> None:
    pr_repo.commit({"CHANGELOG.md": "# hand edit\n"})
    env = _event(tmp_path, _pull_request(BODY, ["release"]))
    assert run_check(pr_repo, "release-owned", "main", env=env).exit_code == 0
    assert run_check(pr_repo, "release-owned", "main", "--label", "bug",
                     env=env).exit_code == 1


def test_unreadable_payload_is_not_judged(pr_repo: Repo, tmp_path: Path) -> None:
    path = tmp_path / "event.json"
    path.write_text("{not json")
    result = run_check(pr_repo, "size", "main", "--json", env={"GITHUB_EVENT_PATH": str(path)})
    assert result.exit_code == 2
    data = json.loads(result.stdout)
    assert data["judged"] is False
    assert data["error"].startswith(f"cannot read the event payload {path}: ")


def test_base_defaults_to_the_payload_base_sha(pr_repo: Repo, tmp_path: Path) -> None:
    payload = _pull_request(BODY, [])
    payload["pull_request"]["base"] = {"sha": pr_repo.sha("main")}  # type: ignore[index]
    pr_repo.git("branch", "-m", "main", "trunk")
    result = run_check(pr_repo, "size", "--json", env=_event(tmp_path, payload))
    assert result.exit_code == 0
    assert json.loads(result.stdout)["base"] == pr_repo.sha("trunk")


def test_unknown_base_is_not_judged(pr_repo: Repo) -> None:
    result = run_check(pr_repo, "size", "nope")
    assert result.exit_code == 2
    assert "unknown revision 'nope'" in result.stderr


def test_no_base_at_all_is_not_judged(pr_repo: Repo) -> None:
    pr_repo.git("branch", "-m", "main", "trunk")
    result = run_check(pr_repo, "size", "--json")
    assert result.exit_code == 2
    assert json.loads(result.stdout)["error"] == (
        "no BASE given and none of the defaults exists: refs/remotes/origin/HEAD, "
        "refs/remotes/origin/main, refs/heads/main, refs/remotes/origin/master, "
        "refs/heads/master")


def test_shallow_clone_is_not_judged(pr_repo: Repo, tmp_path: Path) -> None:
    pr_repo.checkout("main")
    pr_repo.commit({"src/other.py": "y = 1\n"}, "main moves on")
    shallow = tmp_path / "shallow"
    Repo(tmp_path).git("clone", "-q", "--depth", "1", "--no-single-branch",
                       f"file://{pr_repo.root}", str(shallow))
    clone = Repo(shallow)
    clone.git("checkout", "-q", "pr")
    result = run_check(clone, "size", "origin/main")
    assert result.exit_code == 2
    assert "shallow clone" in result.stderr and "git fetch --unshallow" in result.stderr


def test_bad_config_at_the_merge_base_is_not_judged(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"govern.toml": "[gates]\nhuman_merge_lines = -1\n"},
                     preset="contract")
    repo.branch("pr")
    repo.commit({"govern.toml": "[gates]\nhuman_merge_lines = 5\n"})
    result = run_check(repo, "size", "main")
    assert result.exit_code == 2
    assert "gates.human_merge_lines: must be a non-negative integer" in result.stderr


def test_github_actions_outputs(pr_repo: Repo, tmp_path: Path) -> None:
    summary, output = tmp_path / "summary.md", tmp_path / "output"
    body = tmp_path / "body.md"
    body.write_text("Clause-②: yes|no ::add-mask::\nMetadata-protocol: none\n")
    env = {"GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": str(summary),
           "GITHUB_OUTPUT": str(output)}
    result = run_check(pr_repo, "declarations", "main", "--body-file", str(body), env=env)
    assert result.exit_code == 1
    annotation = result.stdout.splitlines()[-1]
    assert annotation == (
        "::error title=a declaration line is malformed::PR body line 1 `Clause-②: yes|no "
        "::add-mask::` is malformed: `yes|no` is a menu; keep the one value that applies "
        "(yes, no)%0Aremedy: write the value first after the colon, e.g. `Clause-②: yes`")
    assert summary.read_text().startswith("### govern check declarations: 1 finding(s)\n")
    assert output.read_text() == "findings=1\n"


def test_json_lists_findings_with_the_shape(pr_repo: Repo, tmp_path: Path) -> None:
    body = tmp_path / "body.md"
    body.write_text("Metadata-protocol: none\n")
    result = run_check(pr_repo, "declarations", "main", "--body-file", str(body), "--json")
    data = json.loads(result.stdout)
    assert result.exit_code == 1
    assert sorted(data) == ["base", "details", "findings", "gate", "head", "judged",
                            "merge_base", "passed"]
    assert (data["judged"], data["passed"], data["head"]) == (True, False, pr_repo.sha("pr"))
    assert sorted(data["findings"][0]) == ["carrier", "key", "line", "message", "remedy", "rule"]


def test_a_payload_of_an_odd_shape_reads_as_absent(pr_repo: Repo, tmp_path: Path) -> None:
    pr_repo.commit({"CHANGELOG.md": "# hand edit\n"})
    env = _event(tmp_path, {"pull_request": {"user": "x", "labels": "release", "body": 5,
                                             "base": [], "number": "7"},
                            "repository": 3})
    result = run_check(pr_repo, "release-owned", "main", "--json", env=env)
    assert result.exit_code == 1
    assert json.loads(result.stdout)["details"] == {"labels": [], "actor": None}
    assert run_check(pr_repo, "declarations", "main", env=env).exit_code == 1


def test_a_path_holding_a_workflow_command_stays_text(pr_repo: Repo, tmp_path: Path) -> None:
    """A file named ``CHANGES.\\n::warning::x,y`` (release-owned by ``CHANGES.*``): no output
    line may start a workflow command of its own."""
    name = "CHANGES.\n::warning::x,y"
    pr_repo.commit({name: "by hand\n"})
    env = {"GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": str(tmp_path / "summary.md")}
    result = run_check(pr_repo, "release-owned", "main", env=env)
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert [line for line in lines if line.startswith("::")] == [lines[-1]]
    assert lines[-1].startswith(
        "::error file=CHANGES.%0A%3A%3Awarning%3A%3Ax%2Cy,title=a release-owned page is "
        "changed::this PR adds `CHANGES.%0A::warning::x,y`, a release-owned page")
    assert lines[0].startswith("CHANGES.\\n::warning::x,y: this PR adds `CHANGES.\\n::warning")
    summary = (tmp_path / "summary.md").read_text()
    assert not any(line.startswith("::") for line in summary.splitlines())
