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


def assert_hardened(workflow: dict[Any, Any]) -> None:
    """docs/how-to/setup.md in every job: actions pinned by SHA, checkout without credentials, no
    expression inside a shell, govern installed from GOVERN_PIP_SPEC alone."""
    assert workflow["permissions"] == {}
    assert workflow["env"]["GOVERN_PIP_SPEC"].startswith("repo-govern==")
    for job in workflow["jobs"].values():
        uses = [s["uses"] for s in job["steps"] if "uses" in s]
        assert uses and all(PINNED.fullmatch(use) for use in uses)
        checkout = next(s for s in job["steps"]
                        if s.get("uses", "").startswith("actions/checkout@"))
        assert checkout["with"]["persist-credentials"] is False
        for entry in job["steps"]:
            assert "${{" not in entry.get("run", ""), entry.get("name")
        install = next(s for s in job["steps"] if s.get("name") == "Install govern")
        assert install["run"] == 'python -m pip install "$GOVERN_PIP_SPEC"'


def runner_env(extra: Mapping[str, str], path_prefix: tuple[Path, ...] = ()) -> dict[str, str]:
    """This process's environment minus the GITHUB_* variables a test did not set, plus
    ``extra``, with govern's bin (and any shims) first on PATH."""
    path = os.pathsep.join(str(p) for p in (*path_prefix, BIN))
    return {**{k: v for k, v in os.environ.items() if not k.startswith("GITHUB_")},
            **extra, "PATH": f"{path}{os.pathsep}{os.environ['PATH']}"}


def run_block(script: str, cwd: Path, env: Mapping[str, str]) -> subprocess.CompletedProcess[str]:
    """A ``run:`` block, with the shell options GitHub uses for ``bash``."""
    return subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script],
                          cwd=cwd, env=dict(env), capture_output=True, text=True)
