"""What the workflow tests share: validating a workflow file as CI would, and running one of
its ``run:`` blocks the way a GitHub runner does, with this checkout's govern on PATH."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

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
