"""Every command ends git's ``cat-file --batch`` process it started (issue 10), on success and
on a not-judged exit alike: a long-lived caller (a test run, an editor integration) must not
collect one per command."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from govern.cli import cli
from govern.commands.demo import build_example
from govern.git.gitio import Git
from tests.helpers import affected_result


def cat_file_children() -> list[str]:
    """Command lines of this process's children running ``git cat-file`` (zombies included:
    a process never waited for is still held)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        parent = int(stat.rpartition(")")[2].split()[1])
        if parent == os.getpid() and b"cat-file" in argv:
            found.append(" ".join(a.decode() for a in argv if a))
    return found


@pytest.fixture(scope="module")
def example(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("ex") / "repo"
    build_example(root).close()
    return root


COMMANDS = [
    (["affected-docs", "--json", "--head", "pr", "main"], 0),
    (["affected-docs", "--json", "--all"], 0),
    (["affected-docs", "--json", "--bridge-coverage"], None),
    (["affected-docs", "--json", "no-such-base"], 2),
    (["check", "declarations", "main", "--head", "pr", "--body-file", "-"], None),
    (["check", "changesets", "main", "--head", "pr", "--body-file", "-"], None),
    (["check", "release-owned", "main", "--head", "pr"], None),
    (["check", "size", "main", "--head", "pr"], None),
    (["check", "trailers", "main", "--head", "pr"], None),
    (["overlap", "--json", "--base", "main", "pr", "main"], 0),
    (["comment", "drift", "--from", "-"], 0),
]


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
@pytest.mark.parametrize(("args", "code"), COMMANDS, ids=[" ".join(a[:2]) for a, _ in COMMANDS])
def test_no_cat_file_process_outlives_a_command(example: Path, args: list[str],
                                                code: int | None) -> None:
    import json

    assert cat_file_children() == []
    got = CliRunner().invoke(cli, ["--repo-dir", str(example), *args], input=json.dumps(
        affected_result()) if args[0] == "comment" else "Fix.\n")
    assert got.exit_code != 3, got.output
    if code is not None:
        assert got.exit_code == code, got.output
    assert cat_file_children() == []


def test_the_probe_sees_an_open_reader(example: Path) -> None:
    """The check above can fail: an unclosed reader is a child it finds."""
    git = Git(example)
    git.blobs.read("HEAD")
    assert len(cat_file_children()) == 1
    git.close()
    assert cat_file_children() == []
    with Git(example) as scoped:
        scoped.blobs.read("HEAD")
        assert len(cat_file_children()) == 1
    assert cat_file_children() == []
