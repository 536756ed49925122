"""Attack: a configuration that cannot be read. A ``govern.toml`` that was not UTF-8 at the
merge base read as absent, so the gate ran on the defaults (fails open). A configuration that
exists and cannot be read is exit 2 everywhere, naming the file and the revision."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.gitrepo import Repo, make_repo
from tests.helpers import run_check

LATIN1 = '[gates]\ngoverned = ["caf\xe9/**"]\n'.encode("latin-1")
GATES = ["declarations", "changesets", "release-owned", "size", "governed", "trailers"]


def _repo(tmp_path: Path, files: dict[str, str | bytes | None]) -> tuple[Repo, str]:
    repo = make_repo(tmp_path / "repo", files)
    merge_base = repo.sha("HEAD")
    repo.branch("pr")
    repo.commit({"src/app.py": "x = 1\n"})
    return repo, merge_base


@pytest.mark.parametrize("gate", GATES)
def test_a_config_not_utf8_is_not_judged(tmp_path: Path, gate: str) -> None:
    repo, merge_base = _repo(tmp_path, {"govern.toml": LATIN1})
    result = run_check(repo, gate, "main", "--json")
    assert result.exit_code == 2
    # the governed gate reads BASE's tip first, the others only the merge base
    rev = "main" if gate == "governed" else merge_base
    assert json.loads(result.stdout) == {
        "judged": False,
        "error": f"invalid configuration in govern.toml at {rev}:\n  - not UTF-8 text "
                 f"(invalid continuation byte at byte 24)",
        "remedy": "save govern.toml as UTF-8"}


@pytest.mark.parametrize(("files", "problem"), [
    ({"govern.toml": "[gates\n"}, "govern.toml at {rev}:\n  - not valid TOML (Expected ']' at "
                                  "the end of a table declaration (at line 1, column 7))"),
    ({"pyproject.toml": b"[tool.govern]\nx = '\xff'\n"},
     "pyproject.toml at {rev}:\n  - not UTF-8 text (invalid start byte at byte 19)"),
])
def test_an_unreadable_config_names_file_and_revision(tmp_path: Path,
                                                      files: dict[str, str | bytes | None],
                                                      problem: str) -> None:
    repo, merge_base = _repo(tmp_path, files)
    result = run_check(repo, "size", "main", "--json")
    assert result.exit_code == 2
    assert json.loads(result.stdout)["error"] == (
        "invalid configuration in " + problem.format(rev=merge_base))


def test_a_readable_config_is_judged(tmp_path: Path) -> None:
    repo, _ = _repo(tmp_path, {"govern.toml": LATIN1.decode("latin-1").encode("utf-8")})
    result = run_check(repo, "size", "main", "--json")
    assert (result.exit_code, json.loads(result.stdout)["judged"]) == (0, True)
