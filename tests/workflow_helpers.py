"""What the workflow tests share: validating a workflow file as CI would, and running one of
its ``run:`` blocks the way a GitHub runner does, with this checkout's govern on PATH."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.fakegithub import TOKEN, FakeGitHub
from tests.gitrepo import make_repo
from tests.helpers import Remote

ROOT = Path(__file__).resolve().parent.parent
GOVERNANCE = ROOT / "workflows" / "governance.yml"
BIN = Path(sys.executable).parent
"""The virtualenv's bin: govern (this checkout, installed editable), check-jsonschema, zizmor."""


VALIDATORS = [
    ("check-jsonschema", ("--builtin-schema", "vendor.github-workflows")),
    ("zizmor", ("--offline", "--quiet")),
]
"""(tool, options) pairs that must find nothing in a shipped workflow: GitHub's workflow
schema, and zizmor offline (a trigger it flags is suppressed inline, with the reason)."""


def assert_validator_finds_nothing(tool: str, options: tuple[str, ...], workflow: Path) -> None:
    proc = subprocess.run([str(BIN / tool), *options, str(workflow)], capture_output=True,
                          text=True)
    assert (proc.returncode, proc.stdout.count("error[")) == (0, 0), proc.stdout + proc.stderr


FORK_POSTER_SUPPRESSION = ("  workflow_run:  # zizmor: ignore[dangerous-triggers] posts a fork "
                           "PR's result; runs no PR code")
"""The one zizmor finding a shipped workflow may suppress: a poster on workflow_run
(docs/concepts/delivery.md), with its reason."""


def zizmor_suppressions(*workflows: Path) -> list[str]:
    """Every line of the workflows that silences a zizmor finding."""
    return [line for path in workflows
            for line in path.read_text(encoding="utf-8").splitlines() if "zizmor:" in line]


PINNED = re.compile(r"[\w.-]+/[\w.-]+@[0-9a-f]{40}")
"""An action pinned by its full commit SHA."""

WORKFLOWS = ROOT / "workflows"
PIP_WORKFLOWS = WORKFLOWS / "pip"
SHIPPED = ("docs-drift-check.yml", "docs-drift-post.yml", "governance.yml", "overlap.yml",
           "overlap-post.yml")
"""The workflows govern init copies (govern's action), each with its pip twin in workflows/pip/."""

GOVERN_ACTION = "repo-govern/govern@" + "0" * 40
"""How a shipped workflow names govern's action: the placeholder a user replaces with the
govern commit they pin (workflows/README.md#pin-govern)."""
GOVERN_PATH = "${{ steps.govern.outputs.govern-path }}"
BARE_GOVERN = re.compile(r"^\s*(?:run: )?govern (?:affected-docs|check|comment|overlap)", re.M)
"""A shell line running `govern` by name: the action variant runs "$GOVERN" instead."""


def assert_hardened(workflow: dict[Any, Any]) -> None:
    """docs/how-to/setup.md in every job: actions pinned by SHA, checkout without credentials, no
    expression inside a shell, and govern installed one way: govern's pinned action (its
    executable reaching each script as GOVERN) or, in the pip variant, GOVERN_PIP_SPEC alone."""
    assert workflow["permissions"] == {}
    pip = "GOVERN_PIP_SPEC" in workflow.get("env", {})
    if pip:
        assert workflow["env"]["GOVERN_PIP_SPEC"].startswith("repo-govern==")
    for job in workflow["jobs"].values():
        uses = [s["uses"] for s in job["steps"] if "uses" in s]
        assert uses and all(PINNED.fullmatch(use) for use in uses)
        checkout = next(s for s in job["steps"]
                        if s.get("uses", "").startswith("actions/checkout@"))
        assert checkout["with"]["persist-credentials"] is False
        for entry in job["steps"]:
            assert "${{" not in entry.get("run", ""), entry.get("name")
        [install] = [s for s in job["steps"] if s.get("name") == "Install govern"]
        if pip:
            assert install["run"] == 'python -m pip install "$GOVERN_PIP_SPEC"'
            continue
        assert (install["id"], install["uses"]) == ("govern", GOVERN_ACTION)
        assert install["with"] == {"command": "--version", "json": "false"}
        # the job's own Python is not govern's business: no setup-python beside the action
        assert not any(use.startswith("actions/setup-python@") for use in uses)
        for entry in job["steps"]:
            script = entry.get("run", "")
            assert not BARE_GOVERN.search(script), entry.get("name")
            if '"$GOVERN"' in script:
                assert entry.get("env", {}).get("GOVERN") == GOVERN_PATH, entry.get("name")


def runner_env(extra: Mapping[str, str], path_prefix: tuple[Path, ...] = ()) -> dict[str, str]:
    """This process's environment minus the GITHUB_* variables a test did not set, plus
    ``extra``, with govern's bin (and any shims) first on PATH and GOVERN naming this
    checkout's govern, as the Install govern step's output does on a runner."""
    path = os.pathsep.join(str(p) for p in (*path_prefix, BIN))
    return {**{k: v for k, v in os.environ.items() if not k.startswith("GITHUB_")},
            "GOVERN": str(BIN / "govern"), **extra,
            "PATH": f"{path}{os.pathsep}{os.environ['PATH']}"}


def run_block(script: str, cwd: Path, env: Mapping[str, str]) -> subprocess.CompletedProcess[str]:
    """A ``run:`` block, with the shell options GitHub uses for ``bash``."""
    return subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script],
                          cwd=cwd, env=dict(env), capture_output=True, text=True)


# -- the overlap workflows: their files, and their steps run against a real remote -------------
# Fixtures: import them by their own names (``overlap_remote`` is the fixture ``remote``), e.g.
# ``from tests.workflow_helpers import overlap_remote as overlap_remote``.

OVERLAP_CHECK = ROOT / "workflows" / "overlap.yml"
OVERLAP_POST = ROOT / "workflows" / "overlap-post.yml"
COMPUTE_STEP = "Compute the overlap matrix"
POST_STEP = "Post the sticky comments"
OVERLAP_MARKER = "<!-- govern:overlap -->"
TOLD_15 = ("⚠️ #15 conflicts with **1** earlier open PR(s) into `origin/main`; it should rebase "
           "once they land:")


def load(path: Path) -> dict[Any, Any]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def step(path: Path, name: str) -> dict[str, Any]:
    job = next(iter(load(path)["jobs"].values()))
    return next(s for s in job["steps"] if s.get("name") == name)



@pytest.fixture(name="remote")
def overlap_remote(tmp_path: Path, fake_github: FakeGitHub) -> Remote:
    """PRs 12 and 15 rewrite the same line (the later, #15, must rebase); 13 adds a file."""
    remote = Remote(tmp_path, fake_github)
    remote.open_pr(12, {"f.txt": "l1\nfrom 12\nl3\n"})
    remote.open_pr(13, {"g.txt": "g\n"})
    remote.open_pr(15, {"f.txt": "l1\nfrom 15\nl3\n"})
    return remote


def clone(remote: Remote, into: Path) -> Path:
    if not into.exists():  # a second run reuses the checkout, as the cache restores its record
        subprocess.run(["git", "clone", "-q", str(remote.bare), str(into)], check=True)
    return into


def run_step(remote: Remote, tmp_path: Path, workflow: Path, name: str, checkout: str,
             read_only: bool = False) -> tuple[subprocess.CompletedProcess[str], Path]:
    """One workflow's step in the runner's checkout: ``(process, job summary)``."""
    work = clone(remote, tmp_path / checkout)
    summary = tmp_path / f"{checkout}-summary.md"
    summary.write_text("", encoding="utf-8")
    remote.fake.read_only = read_only
    env = runner_env({"GITHUB_TOKEN": TOKEN, "GITHUB_API_URL": remote.fake.base_url,
                      "GITHUB_REPOSITORY": remote.fake.full_name,
                      "GITHUB_SERVER_URL": "https://github.example",
                      "GITHUB_STEP_SUMMARY": str(summary), "GITHUB_ACTIONS": "true",
                      "BASE": "main"})
    try:
        return run_block(step(workflow, name)["run"], work, env), summary
    finally:
        remote.fake.read_only = False


def overlap_compute(remote: Remote, tmp_path: Path
                    ) -> tuple[subprocess.CompletedProcess[str], Path]:
    """The compute step with the read-only token of a fork PR."""
    return run_step(remote, tmp_path, OVERLAP_CHECK, COMPUTE_STEP, "work", read_only=True)


def overlap_post(remote: Remote, tmp_path: Path, read_only: bool = False
         ) -> tuple[subprocess.CompletedProcess[str], Path]:
    """The poster in its default-branch checkout (no artifact: it computes by itself)."""
    return run_step(remote, tmp_path, OVERLAP_POST, POST_STEP, "base", read_only)



# -- the governed job: real govern against the fake GitHub; `gh` is the runner's CLI, stood in
# for by a script that answers `pr view` and records the status it is asked to set.

GH = """#!/usr/bin/env bash
if [ "$1 $2" = "pr view" ]; then echo "$FAKE_PR_HEAD main"; exit 0; fi
printf '%s\\n' "$@" > "$GH_CALLS"
"""


@pytest.fixture
def governed_run(tmp_path: Path, fake_github: Any) -> Any:
    """The governed job's step on PR 5, which changes a governed path, the gate on."""
    return make_governed_run(tmp_path, fake_github, "contract")


@pytest.fixture
def governed_off_run(tmp_path: Path, fake_github: Any) -> Any:
    """The same PR in a repository whose preset leaves the governed gate off."""
    return make_governed_run(tmp_path, fake_github, "minimal")


def make_governed_run(tmp_path: Path, fake_github: Any, preset: str) -> Any:
    origin = make_repo(tmp_path / "origin", {".github/workflows/ci.yml": "name: ci\n"},
                       preset=preset)
    origin.branch("topic")
    head = origin.commit({".github/workflows/ci.yml": "name: ci, changed\n"})
    origin.git("update-ref", "refs/pull/5/head", head)
    origin.checkout("main")
    fake_github.add_pull(5, head, body="Reworks CI.\n")
    work = tmp_path / "work"
    subprocess.run(["git", "clone", "-q", str(origin.root), str(work)], check=True)
    shims = tmp_path / "shims"
    shims.mkdir()
    (shims / "gh").write_text(GH)
    (shims / "gh").chmod(0o755)
    calls = tmp_path / "gh-calls"
    env = {**os.environ, "PR": "5", "FAKE_PR_HEAD": head, "GH_CALLS": str(calls),
           "GITHUB_SERVER_URL": "https://github.example", "GITHUB_RUN_ID": "42",
           "GOVERN": str(BIN / "govern"),
           "RUNNER_TEMP": str(tmp_path), "GITHUB_STEP_SUMMARY": str(tmp_path / "summary.md"),
           "PATH": f"{shims}{os.pathsep}{BIN}{os.pathsep}{os.environ['PATH']}"}
    script = next(s["run"] for s in load(GOVERNANCE)["jobs"]["governed"]["steps"]
                  if s.get("name", "").startswith("Judge"))

    def run() -> tuple[int, list[str]]:
        """(exit code, the argv of the gh call that set the status); the step's log is kept in
        ``step-stdout`` and its job summary in ``summary.md``, both under ``tmp_path``."""
        proc = run_block(script, work, env)
        assert calls.exists() and "internal error" not in proc.stderr, proc.stderr
        (tmp_path / "step-stdout").write_text(proc.stdout, encoding="utf-8")
        return proc.returncode, calls.read_text().splitlines()

    return head, run
