"""Hostile structure in a review record read as YAML by ``govern review`` (issue 13): deep
nesting is exit 2 with a clear message, never a RecursionError (exit 3); aliases cannot make the
bound exponential. Each attack sits beside the honest record it mimics."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from govern.cli import cli
from govern.core.json_input import MAX_DEPTH

HONEST = ("served_tier: standard\nhead_sha: 1a2b3c4d\nlocal_runs: none\nscope: src/app.py\n"
          "inputs_read: the PR\nsemver: patch\nverdict: PASS\n")
REMEDY = ("  remedy: a contract-review record is a flat set of keys; pass the record, not a "
          "generated document")


def render(tmp_path: Path, text: str, name: str = "record.yaml") -> Result:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return CliRunner().invoke(cli, ["--repo-dir", str(tmp_path), "review", "render", str(path)])


def test_an_honest_yaml_record_renders(tmp_path: Path) -> None:
    got = render(tmp_path, HONEST)
    assert got.exit_code == 0, got.output
    assert "**VERDICT: PASS**" in got.stdout.splitlines()


@pytest.mark.parametrize(("style", "depth"), [
    ("flow", MAX_DEPTH + 1), ("flow", 50_000),
    # indentation nests as brackets do; 2,000 levels are past the interpreter's limit
    ("block", MAX_DEPTH + 1), ("block", 2_000)])
def test_a_deeply_nested_record_is_exit_2(tmp_path: Path, style: str, depth: int) -> None:
    if style == "flow":
        deep = "design: " + "[" * depth + "]" * depth + "\n"
    else:
        deep = "design:\n" + "".join(" " * level + "-\n" for level in range(1, depth + 1))
    got = render(tmp_path, HONEST + deep)
    assert got.exit_code == 2, got.output
    assert got.stderr.splitlines() == [
        f"Error: {tmp_path / 'record.yaml'} is nested deeper than {MAX_DEPTH} levels", REMEDY]


def test_the_same_record_as_json_is_bounded_too(tmp_path: Path) -> None:
    deep = '{"verdict": "PASS", "design": ' + "[" * 50_000 + "]" * 50_000 + "}"
    got = render(tmp_path, deep, "record.json")
    assert got.exit_code == 2, got.output
    assert got.stderr.splitlines()[0].endswith(f"is nested deeper than {MAX_DEPTH} levels")


def test_aliases_nest_no_deeper_than_they_are_written(tmp_path: Path) -> None:
    # Each level refers to the one before twice: expanded it would be 2**30 items; composed,
    # it is 30 nodes deep, within the bound, and the reader refuses its shape (exit 1).
    lines = ["a0: &a0 [x]"] + [f"a{i}: &a{i} [*a{i - 1}, *a{i - 1}]" for i in range(1, 30)]
    got = render(tmp_path, HONEST + "\n".join(lines) + "\n")
    assert got.exit_code == 1, got.output
    assert "is not a valid contract-review record" in got.stderr
