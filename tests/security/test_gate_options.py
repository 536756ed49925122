"""Attack: options a gate silently ignores. ``govern check trailers`` accepted and ignored
``--pr``, ``--repo``, ``--body-file``, ``--label`` and ``--actor``, so a caller believed they
counted. Each gate accepts only the options it reads."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.gitrepo import Repo, make_repo
from tests.helpers import run_check

# every gate's own options beyond BASE, --head, --json and --config
TAKES = {
    "declarations": {"--pr", "--repo", "--body-file"},
    "changesets": {"--pr", "--repo", "--body-file", "--label"},
    "release-owned": {"--pr", "--repo", "--label", "--actor"},
    "size": set(),
    "governed": {"--pr", "--repo"},
    "trailers": {"--range", "--message-file"},
}
VALUES = {"--pr": "5", "--repo": "acme/widgets", "--label": "release", "--actor": "bot",
          "--range": "main..pr"}
PR_OPTIONS = {"--pr", "--repo", "--body-file", "--label", "--actor"}


@pytest.fixture
def repo(tmp_path: Path) -> Repo:
    repo = make_repo(tmp_path / "repo", {"src/app.py": "x = 1\n"})
    repo.branch("pr")
    repo.commit({"src/app.py": "x = 2\n"}, "fix: the door\n")
    (tmp_path / "body.md").write_text("Clause-②: no\nMetadata-protocol: none\n")
    return repo


def _value(repo: Repo, option: str) -> str:
    return str(repo.root.parent / "body.md") if option in ("--body-file", "--message-file") \
        else VALUES[option]


@pytest.mark.parametrize(("gate", "option"), [(gate, option) for gate, takes in TAKES.items()
                                              for option in sorted(PR_OPTIONS - takes)])
def test_an_option_the_gate_does_not_read_is_refused(repo: Repo, gate: str,
                                                     option: str) -> None:
    result = run_check(repo, gate, "main", option, _value(repo, option))
    assert result.exit_code == 2
    assert f"Error: No such option '{option}'" in result.stderr


@pytest.mark.parametrize(("gate", "option"), [(gate, option) for gate, takes in TAKES.items()
                                              for option in sorted(takes - {"--pr", "--repo"})])
def test_an_option_the_gate_reads_is_accepted(repo: Repo, gate: str, option: str) -> None:
    args = [option, _value(repo, option)]
    if gate != "trailers":
        args = ["main", *args]
    result = run_check(repo, gate, *args, env={"GITHUB_TOKEN": ""})
    assert "No such option" not in result.stderr
    assert result.exit_code in (0, 1), result.output
