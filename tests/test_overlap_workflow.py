"""``workflows/overlap.yml``: valid, quiet under zizmor, and its matrix step works on a real
repository with fetched PR heads."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import yaml

from tests.gitrepo import make_repo

WORKFLOW = Path(__file__).resolve().parent.parent / "workflows" / "overlap.yml"
BIN = Path(sys.executable).parent


def step(name: str) -> dict[str, object]:
    steps = yaml.safe_load(WORKFLOW.read_text())["jobs"]["overlap"]["steps"]
    return next(s for s in steps if s.get("name") == name)


def test_the_workflow_is_valid_and_zizmor_finds_nothing() -> None:
    for argv in ([str(BIN / "check-jsonschema"), "--builtin-schema", "vendor.github-workflows",
                  str(WORKFLOW)],
                 [str(BIN / "zizmor"), "--offline", "--quiet", str(WORKFLOW)]):
        proc = subprocess.run(argv, capture_output=True, text=True)
        assert proc.returncode == 0, proc.stdout + proc.stderr


def test_advisory_least_privilege_pinned_and_no_expression_in_a_shell() -> None:
    data = yaml.safe_load(WORKFLOW.read_text())
    job = data["jobs"]["overlap"]
    assert data["permissions"] == {}
    assert job["permissions"] == {"contents": "read", "pull-requests": "read"}
    assert job["continue-on-error"] is True
    assert job["steps"][0]["with"] == {"fetch-depth": 0, "persist-credentials": False}
    for entry in job["steps"]:
        assert re.fullmatch(r"[\w.-]+/[\w.-]+@[0-9a-f]{40}", entry.get("uses", "a/b@" + "0" * 40))
        # Branch names reach the shell through env:, never pasted into the script.
        assert "${{" not in entry.get("run", "")


def test_the_matrix_step_reports_the_later_pr_of_a_conflicting_pair(tmp_path: Path) -> None:
    origin = make_repo(tmp_path / "origin", {"f.txt": "l1\nl2\nl3\n"})
    for number, line in ((12, "from 12"), (15, "from 15"), (13, None)):
        origin.branch(f"topic-{number}")
        origin.commit({"f.txt": f"l1\n{line}\nl3\n"} if line else {"g.txt": "g\n"})
        origin.checkout("main")
    work = tmp_path / "work"
    subprocess.run(["git", "clone", "-q", str(origin.root), str(work)], check=True)
    for number in (12, 13, 15):  # what the fetch step leaves behind
        subprocess.run(["git", "-C", str(work), "update-ref", f"refs/remotes/pull/{number}",
                        f"origin/topic-{number}"], check=True)
    (work / "open-prs.txt").write_text("12\n13\n15\n")
    summary = tmp_path / "summary.md"
    env = {**os.environ, "BASE": "main", "GITHUB_STEP_SUMMARY": str(summary),
           "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}"}
    script = str(step("Compute the matrix")["run"])
    # The shell GitHub runs a `run:` block with.
    proc = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script],
                          cwd=work, env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    data = json.loads((work / "overlap" / "overlap.json").read_text())
    assert [(p["a"], p["b"], p["status"]) for p in data["pairs"]] == [
        (1, 2, "skipped"), (1, 3, "conflict"), (2, 3, "skipped")]
    assert ("⚠️ `pull/15` conflicts with **1** earlier open PR(s) into `origin/main`"
            in summary.read_text())
