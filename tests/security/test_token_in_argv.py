"""Attack (a leak): a job passed the token to git as ``git -c http.extraheader=…`` — in argv,
where any process on the runner (``ps``), a failing command's echo or a debug log shows it.
Refused: every workflow hands the token to git only through ``GIT_CONFIG_COUNT`` /
``GIT_CONFIG_KEY_0`` / ``GIT_CONFIG_VALUE_0``, masked first with ``::add-mask::``. Checked on
the files, and by running the blocks with a ``git`` that records its argv and environment: the
token never reaches argv, and the fetch still authenticates (the honest case)."""

from __future__ import annotations

import base64
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.fakegithub import TOKEN, FakeGitHub
from tests.fakegithub import fake_github as fake_github  # the fixture
from tests.helpers import Remote
from tests.workflow_helpers import COMPUTE_STEP, POST_STEP, clone, run_block, runner_env, step
from tests.workflow_helpers import OVERLAP_CHECK as CHECK
from tests.workflow_helpers import OVERLAP_POST as POST
from tests.workflow_helpers import governed_run as governed_run  # the fixture
from tests.workflow_helpers import overlap_remote as overlap_remote  # the fixture "remote"

WORKFLOWS = sorted((Path(__file__).resolve().parents[2] / "workflows").glob("*.yml"))
SECRET = base64.b64encode(f"x-access-token:{TOKEN}".encode()).decode()


def run_blocks() -> list[tuple[str, str]]:
    found = []
    for path in WORKFLOWS:
        for job in yaml.safe_load(path.read_text(encoding="utf-8"))["jobs"].values():
            found += [(f"{path.name}: {s.get('name')}", s["run"]) for s in job["steps"]
                      if "run" in s]
    return found


@pytest.mark.parametrize(("where", "script"), run_blocks())
def test_no_block_puts_a_token_in_argv(where: str, script: str) -> None:
    assert "git -c" not in script and "extraheader=" not in script, where
    if "GIT_CONFIG_VALUE_0" in script:
        assert script.index("::add-mask::") < script.index("GIT_CONFIG_VALUE_0"), where


def git_recorder(shims: Path, log: Path) -> None:
    """A ``git`` first on PATH that logs its argv and GIT_CONFIG_VALUE_0, then runs git."""
    real = shutil.which("git")
    shims.mkdir(exist_ok=True)
    (shims / "git").write_text(
        "#!/usr/bin/env bash\n"
        f"printf 'argv: %s\\n' \"$*\" >> '{log}'\n"
        f"printf 'config: %s\\n' \"${{GIT_CONFIG_VALUE_0:-}}\" >> '{log}'\n"
        f"exec '{real}' \"$@\"\n")
    (shims / "git").chmod(0o755)


def assert_no_token_in_argv(log: Path) -> None:
    lines = log.read_text(encoding="utf-8").splitlines()
    argv = [line for line in lines if line.startswith("argv: ")]
    assert any(" fetch " in f" {line} " for line in argv)
    assert not any(TOKEN in line or SECRET in line for line in argv)
    # the honest case: the fetch got the token, from the environment
    assert f"config: AUTHORIZATION: basic {SECRET}" in lines


@pytest.mark.parametrize(("workflow", "name", "checkout"),
                         [(CHECK, COMPUTE_STEP, "work"), (POST, POST_STEP, "base")])
def test_the_overlap_jobs_fetch_with_the_token_in_the_environment(
        remote: Remote, tmp_path: Path, workflow: Path, name: str, checkout: str) -> None:
    log = tmp_path / "git.log"
    work = clone(remote, tmp_path / checkout)
    git_recorder(tmp_path / "shims", log)
    env = runner_env({"GITHUB_TOKEN": TOKEN, "GITHUB_API_URL": remote.fake.base_url,
                      "GITHUB_REPOSITORY": remote.fake.full_name,
                      "GITHUB_SERVER_URL": "https://github.example", "BASE": "main",
                      "GITHUB_STEP_SUMMARY": str(tmp_path / "summary.md")},
                     path_prefix=(tmp_path / "shims",))
    done = run_block(step(workflow, name)["run"], work, env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"::add-mask::{SECRET}\n")
    assert_no_token_in_argv(log)


def test_the_governed_job_fetches_with_the_token_in_the_environment(
        governed_run: Any, tmp_path: Path, fake_github: FakeGitHub,
        monkeypatch: pytest.MonkeyPatch) -> None:
    log = tmp_path / "git.log"
    git_recorder(tmp_path / "shims", log)  # the fixture's shims folder is first on PATH
    monkeypatch.setenv("GITHUB_TOKEN", TOKEN)
    _head, run = governed_run
    code, _calls = run()
    assert code == 1  # judged: a governed path changed without a review
    assert_no_token_in_argv(log)
