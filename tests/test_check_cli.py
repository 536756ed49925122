"""``govern check``: options, payload, exit codes and output routes shared by every gate."""

from __future__ import annotations

from click.testing import CliRunner, Result

from govern.cli import cli
from tests.gitrepo import Repo


def run_check(repo: Repo, gate: str, *args: str, env: dict[str, str] | None = None,
              stdin: str | None = None) -> Result:
    """``govern --repo-dir <repo> check <gate> …`` through click's runner."""
    return CliRunner(env=env).invoke(cli, ["--repo-dir", str(repo.root), "check", gate, *args],
                                     input=stdin)
