"""Attack: hide a forbidden line from the trailers gate while the commit still carries it.
The gate read messages through `git log --format=%B`, which re-encodes a message from the
commit's ``encoding`` header (an ASCII ``Fixes #12`` under ``encoding IBM037`` came out as
other characters) and stops at a NUL byte; and a zero-width space split a model id that still
reads as one. The gate now reads each commit object as stored, and drops characters that
show as nothing before matching."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.gitrepo import Repo, make_repo
from tests.helpers import run_check

FORBIDDEN = "Fixes #12\nCo-authored-by: claude-opus-4-5\n"


def _commit(repo: Repo, headers: str, message: str) -> None:
    """A commit on ``pr`` written as raw bytes (git's porcelain would clean them up)."""
    tree = repo.git("write-tree").strip()
    parent = repo.sha("main")
    raw = (f"tree {tree}\nparent {parent}\nauthor a <a@x> 1700000000 +0000\n"
           f"committer a <a@x> 1700000000 +0000\n{headers}\n{message}")
    body = repo.root.parent / "commit.raw"
    body.write_bytes(raw.encode("utf-8"))
    sha = repo.git("hash-object", "--literally", "-t", "commit", "-w", str(body)).strip()
    repo.git("update-ref", "refs/heads/pr", sha)


@pytest.fixture
def repo(tmp_path: Path) -> Repo:
    repo = make_repo(tmp_path / "r", {"a.txt": "a\n"}, preset="contract")
    repo.branch("pr")
    return repo


@pytest.mark.parametrize(("headers", "message", "lines"), [
    ("", "Add f\n\n" + FORBIDDEN, 2),  # the plain case
    ("encoding IBM037\n", "Add f\n\n" + FORBIDDEN, 2),  # git log would re-encode it
    ("", "Add f\n\0\n" + FORBIDDEN, 2),  # git log would stop at the NUL
    ("", "Add f\n\nCo-authored-by: claude\u200b-opus-4-5\nFi\u00adxes #12\n", 2),
    ("", "Add f\n\nA plain body.\n", 0),  # and an honest message passes
])
def test_what_the_commit_says_is_what_the_gate_reads(
        repo: Repo, headers: str, message: str, lines: int) -> None:
    _commit(repo, headers, message)
    result = run_check(repo, "trailers", "main", "--head", "pr", "--json")
    findings = json.loads(result.stdout)["findings"]
    assert (result.exit_code, len(findings)) == ((1, lines) if lines else (0, 0))
