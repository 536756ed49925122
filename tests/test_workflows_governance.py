"""``workflows/governance.yml`` and ``.pre-commit-hooks.yaml``: valid, quiet under zizmor,
hardened, and the gate steps' commands judge a real repository from a recorded payload."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from govern.cli import cli
from tests.fakegithub import fake_github as fake_github
from tests.gitrepo import Repo, make_repo
from tests.workflow_helpers import (
    VALIDATORS,
    assert_hardened,
    assert_validator_finds_nothing,
    run_block,
    runner_env,
)
from tests.workflow_helpers import governed_off_run as governed_off_run  # the fixtures
from tests.workflow_helpers import governed_run as governed_run

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / "workflows" / "governance.yml"
HOOKS = ROOT / ".pre-commit-hooks.yaml"
GATE_STEPS = ("Declarations", "Changesets", "Release-owned pages", "Size", "Docs references",
              "Commit trailers")


def workflow() -> dict[Any, Any]:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def steps(job: str) -> list[dict[str, Any]]:
    return workflow()["jobs"][job]["steps"]


@pytest.mark.parametrize(("tool", "options"), VALIDATORS)
def test_validators_find_nothing(tool: str, options: tuple[str, ...]) -> None:
    assert_validator_finds_nothing(tool, options, WORKFLOW)  # issue_comment is suppressed inline


def test_triggers_of_a_required_gate() -> None:
    # PyYAML reads the key `on` as True (YAML 1.1)
    triggers = workflow()[True]
    assert triggers["pull_request"] == {"types": ["opened", "edited", "synchronize", "reopened",
                                                  "labeled", "unlabeled"]}
    assert "merge_group" in triggers and "issue_comment" in triggers
    assert all("paths" not in (spec or {}) and "paths-ignore" not in (spec or {})
               for spec in triggers.values())


def test_hardening() -> None:
    data = workflow()
    assert data["permissions"] == {}
    uses = [s["uses"] for job in data["jobs"].values() for s in job["steps"] if "uses" in s]
    assert uses and all(re.fullmatch(r"[\w.-]+/[\w.-]+@[0-9a-f]{40}", use) for use in uses)
    assert set(data["jobs"]["gates"]["permissions"].values()) == {"read"}
    governed = dict(data["jobs"]["governed"]["permissions"])
    assert governed.pop("statuses") == "write"  # the one write: the status on the PR head
    assert set(governed.values()) == {"read"}
    for job in data["jobs"].values():
        checkout = next(s for s in job["steps"] if s.get("uses", "").startswith(
            "actions/checkout@"))
        assert checkout["with"]["persist-credentials"] is False
        assert checkout["with"]["fetch-depth"] == 0
        for step in job["steps"]:
            assert "${{" not in step.get("run", ""), step.get("name")
    assert_hardened(data)  # govern from its pinned action, reaching each script as GOVERN


# -- the gate steps, run as GitHub runs them ---------------------------------------------------

BODY = "Fix the door.\n\nClause-②: no\nMetadata-protocol: none\n"


def _checkout(tmp_path: Path, pr_files: dict[str, str | None], message: str,
              base: dict[str, str] | None = None) -> Path:
    """What actions/checkout leaves for a PR: a full clone, origin/main, the PR commit at HEAD."""
    origin = make_repo(tmp_path / "origin", base or {
        "packages/a/package.json": json.dumps({"name": "@x/a"}),
        "packages/a/src/door.ts": "export const door = 1;\n",
        "CHANGELOG.md": "# Changelog\n",
    }, preset="contract")
    origin.branch("topic")
    origin.commit(pr_files, message)
    origin.checkout("main")
    work = tmp_path / "work"
    subprocess.run(["git", "clone", "-q", str(origin.root), str(work)], check=True)
    Repo(work).git("checkout", "-q", "--detach", "origin/topic")
    return work


def _run_steps(work: Path, tmp_path: Path, payload: dict[str, Any]) -> dict[str, int]:
    event = tmp_path / "event.json"
    event.write_text(json.dumps(payload), encoding="utf-8")
    summary = tmp_path / "summary.md"
    env = runner_env({"GITHUB_ACTIONS": "true", "GITHUB_EVENT_PATH": str(event),
                      "GITHUB_BASE_REF": "main", "GITHUB_STEP_SUMMARY": str(summary)})
    return {step["name"]: run_block(step["run"], work, env).returncode
            for step in steps("gates") if step.get("name") in GATE_STEPS}


def _payload(body: str, labels: list[str]) -> dict[str, Any]:
    return {"pull_request": {"number": 3, "body": body, "user": {"login": "dev"},
                             "labels": [{"name": label} for label in labels]},
            "repository": {"full_name": "o/r"}}


def test_gate_steps_pass_a_good_pr(tmp_path: Path) -> None:
    work = _checkout(tmp_path, {
        "packages/a/src/door.ts": "export const door = 2;\n",
        ".changeset/door.md": '---\n"@x/a": patch\n---\n\nfix: door\n\n' + BODY.split("\n\n")[1],
    }, "fix: the door\n")
    assert _run_steps(work, tmp_path, _payload(BODY, [])) == dict.fromkeys(GATE_STEPS, 0)
    assert "### govern check trailers: passed" in (tmp_path / "summary.md").read_text()


def test_gate_steps_refuse_a_bad_pr(tmp_path: Path) -> None:
    work = _checkout(tmp_path, {
        "packages/a/src/door.ts": "export const door = 2;\n",
        "CHANGELOG.md": "# Changelog\n\n- by hand\n",
    }, "fix: the door\n\nCloses #4\n")
    codes = _run_steps(work, tmp_path, _payload("Clause 2: no\n", []))
    assert codes == {"Declarations": 1, "Changesets": 1, "Release-owned pages": 1, "Size": 0,
                     "Docs references": 0, "Commit trailers": 1}
    summary = (tmp_path / "summary.md").read_text()
    assert "### govern check declarations: 2 finding(s)" in summary


def test_the_docs_references_step_annotates_a_line_the_pr_broke(tmp_path: Path) -> None:
    origin_files = {"pkg/pyproject.toml": '[project]\nname = "door"\n',
                    "pkg/src/door/__init__.py": "def open_door():\n    return 1\n",
                    "docs/door.md": "Call `door.open_door()`.\n"}
    work = _checkout(tmp_path, {**origin_files, "pkg/src/door/__init__.py":
                                "def unlock_door():\n    return 1\n"}, "fix: rename\n",
                     base=origin_files)
    event = tmp_path / "event.json"
    event.write_text(json.dumps(_payload(BODY, [])), encoding="utf-8")
    step = next(s for s in steps("gates") if s.get("name") == "Docs references")
    done = run_block(step["run"], work, runner_env({"GITHUB_ACTIONS": "true",
                                                   "GITHUB_EVENT_PATH": str(event),
                                                   "GITHUB_BASE_REF": "main"}))
    assert done.returncode == 1
    assert done.stdout.startswith("::error file=docs/door.md,line=1,col=7,title=docs-refs::")
    assert "Did you mean `door.unlock_door`?" in done.stdout


def test_a_label_in_the_payload_is_honoured(tmp_path: Path) -> None:
    work = _checkout(tmp_path, {"CHANGELOG.md": "# Changelog\n\n- 2.0\n"}, "chore: release\n")
    codes = _run_steps(work, tmp_path, _payload(BODY, ["release"]))
    assert codes["Release-owned pages"] == 0


# -- .pre-commit-hooks.yaml ----------------------------------------------------------------------

def hooks() -> list[dict[str, Any]]:
    return yaml.safe_load(HOOKS.read_text(encoding="utf-8"))


def test_hooks_expose_the_changeset_declaration_and_trailer_checks() -> None:
    assert {hook["id"]: hook["entry"] for hook in hooks()} == {
        "govern-changesets": "govern check changesets",
        "govern-declarations": "govern check declarations --body-file",
        "govern-trailers": "govern check trailers",
        "govern-commit-msg": "govern check trailers --message-file",
    }
    for hook in hooks():
        assert {"id", "name", "entry", "language"} <= set(hook)
        assert hook["language"] == "python"


@pytest.mark.parametrize("hook_id", ["govern-changesets", "govern-declarations",
                                     "govern-trailers", "govern-commit-msg"])
def test_hook_entries_are_real_command_lines(hook_id: str) -> None:
    entry = next(hook["entry"] for hook in hooks() if hook["id"] == hook_id)
    argv = shlex.split(entry)[1:]
    # an option the entry ends with takes the file pre-commit (or `args`) appends
    result = CliRunner().invoke(cli, [*[a for a in argv if not a.startswith("--")], "--help"])
    assert result.exit_code == 0, result.output
    for option in (a for a in argv if a.startswith("--")):
        assert option in result.output


def test_commit_msg_hook_judges_the_file_it_is_given(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", preset="contract")
    message = tmp_path / "COMMIT_EDITMSG"
    message.write_text("fix: x\n\nResolves #5\n")
    entry = next(h["entry"] for h in hooks() if h["id"] == "govern-commit-msg")
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root),
                                      *shlex.split(entry)[1:], str(message)])
    assert result.exit_code == 1
    assert "line 3 `Resolves #5` matches the forbidden pattern" in result.stdout


def test_trailers_step_in_a_merge_group_reads_the_queue_base(tmp_path: Path) -> None:
    work = _checkout(tmp_path, {"packages/a/src/door.ts": "2\n"}, "fix: x\n\nFixes #1\n")
    base = Repo(work).sha("origin/main")
    payload = {"merge_group": {"base_sha": base, "head_sha": Repo(work).sha("HEAD")}}
    event = tmp_path / "event.json"
    event.write_text(json.dumps(payload), encoding="utf-8")
    env = runner_env({"GITHUB_EVENT_PATH": str(event)})
    Repo(work).git("branch", "-q", "-D", "main")  # only the payload names the base
    Repo(work).git("update-ref", "-d", "refs/remotes/origin/main")
    Repo(work).git("update-ref", "-d", "refs/remotes/origin/HEAD")
    script = next(s["run"] for s in steps("gates") if s.get("name") == "Commit trailers")
    proc = run_block(script, work, env)
    assert proc.returncode == 1, proc.stderr
    assert "`Fixes #1` matches the forbidden pattern" in proc.stdout


# -- the governed job: real govern against the fake GitHub; `gh` is the runner's CLI, stood in
# for by a script that answers `pr view` and records the status it is asked to set.



def test_governed_job_sets_a_failure_status_without_a_review(governed_run: Any) -> None:
    head, run = governed_run
    code, calls = run()
    assert code == 1
    assert calls[:3] == ["api", "--method", "POST"]
    assert calls[3] == f"repos/acme/widgets/statuses/{head}"
    # named for the base it judged against: one head can head PRs into several branches
    assert "state=failure" in calls and "context=govern/governed (main)" in calls


def test_governed_job_sets_success_once_a_record_is_posted(governed_run: Any,
                                                           fake_github: Any) -> None:
    from tests.helpers import review_record as record

    head, run = governed_run
    fake_github.add_comment(5, record(head))
    code, calls = run()
    assert code == 0
    assert "state=success" in calls
    assert [c for c in calls if c.startswith("description=")] == [
        "description=a contract review covers this head"]


OFF = ('the governed gate is off (not in the "minimal" preset): PRs touching governed paths need '
       'no contract review; turn it on with [gates] enable = ["governed"] (or [gates] preset = '
       '"contract") in govern.toml')


def test_governed_job_on_judges_and_says_nothing_of_off(governed_run: Any,
                                                        tmp_path: Path) -> None:
    _head, run = governed_run
    code, calls = run()
    assert (code, "state=failure" in calls) == (1, True)
    assert "is off" not in (tmp_path / "step-stdout").read_text()
    assert not (tmp_path / "summary.md").exists()


def test_governed_job_off_says_so_and_sets_no_failing_status(governed_off_run: Any,
                                                             tmp_path: Path) -> None:
    """The same PR, which changes a governed path, in a repository with the gate off: the run
    says the gate is off and how to turn it on, and the status passes."""
    head, run = governed_off_run
    code, calls = run()
    assert code == 0
    assert calls[3] == f"repos/acme/widgets/statuses/{head}"
    assert "state=success" in calls
    assert [c for c in calls if c.startswith("description=")] == [
        "description=off in govern.toml: nothing is judged"]
    assert f"::notice title=govern/governed is off::{OFF}" in (
        tmp_path / "step-stdout").read_text().splitlines()
    assert (tmp_path / "summary.md").read_text() == f"### govern check governed: off\n\n{OFF}\n"
