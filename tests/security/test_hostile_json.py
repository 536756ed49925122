"""Hostile structure in the JSON ``govern comment drift|overlap --from`` reads (issue 13): deep
nesting and a flood of keys are refused with exit 2 and a message naming the problem, never a
RecursionError (exit 3) or an assertion; each attack sits beside the honest input it mimics."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner, Result

from govern.cli import cli
from govern.core.json_input import MAX_DEPTH
from tests.helpers import affected_result, doc_row, overlap_document

DRIFT_REMEDY = ("  remedy: pass the output of `govern affected-docs --json` (schema_version 1) "
                "unchanged")
OVERLAP_REMEDY = ("  remedy: pass the output of `govern overlap --github --json` "
                  "(schema_version 1) unchanged")


def comment(tmp_path: Path, kind: str, text: str) -> Result:
    return CliRunner().invoke(cli, ["--repo-dir", str(tmp_path), "comment", kind, "--from", "-"],
                              input=text)


def nested(depth: int) -> str:
    """A valid result but for its ``summary``: ``depth`` arrays deep, past the interpreter's
    recursion limit when ``depth`` is large."""
    return json.dumps(affected_result(summary="@")).replace('"@"', "[" * depth + "]" * depth)


def test_an_honest_drift_result_renders(tmp_path: Path) -> None:
    got = comment(tmp_path, "drift", json.dumps(affected_result(docs=[doc_row("docs/a.md", "x")])))
    assert got.exit_code == 0, got.output
    assert "- `docs/a.md`  _(via x (symbol))_" in got.stdout.splitlines()


def test_a_drift_result_nested_past_the_recursion_limit_is_exit_2(tmp_path: Path) -> None:
    for depth in (MAX_DEPTH + 1, 100_000):
        got = comment(tmp_path, "drift", nested(depth))
        assert got.exit_code == 2, got.output
        assert got.stderr.splitlines() == [
            f"Error: stdin is nested deeper than {MAX_DEPTH} levels", DRIFT_REMEDY]


def test_nesting_up_to_the_limit_reaches_the_schema(tmp_path: Path) -> None:
    got = comment(tmp_path, "drift", nested(MAX_DEPTH - 1))
    assert got.exit_code == 2
    assert got.stderr.splitlines()[0] == ("Error: stdin is not affected-docs output: $.summary "
                                          "must be string")


def test_thousands_of_skipped_keys_are_a_validation_error(tmp_path: Path) -> None:
    flood = {**affected_result()["skipped"], **{f"k{i:05}": 1 for i in range(20_000)}}
    got = comment(tmp_path, "drift", json.dumps(affected_result(skipped=flood)))
    assert got.exit_code == 2, got.output
    assert got.stderr.splitlines() == [
        "Error: stdin is not affected-docs output: $.skipped has unexpected key 'k00000' "
        "(and 19999 more)", DRIFT_REMEDY]
    honest = comment(tmp_path, "drift", json.dumps(affected_result(
        skipped={"test_files": 3, "script_files": 0, "dev_only_manifests": 0, "oversized": 0,
                 "widely_inherited": 0})))
    assert honest.exit_code == 0, honest.output


def test_an_honest_overlap_matrix_renders(tmp_path: Path) -> None:
    got = comment(tmp_path, "overlap", json.dumps(overlap_document()))
    assert got.exit_code == 0, got.output
    assert got.stdout.startswith("<!-- govern:overlap -->\n")


def test_an_overlap_matrix_nested_past_the_recursion_limit_is_exit_2(tmp_path: Path) -> None:
    data = overlap_document()
    deep = json.dumps(data).replace('"auto_merged": []',
                                    '"auto_merged": ' + "[" * 50_000 + "]" * 50_000)
    got = comment(tmp_path, "overlap", deep)
    assert got.exit_code == 2, got.output
    assert got.stderr.splitlines() == [
        f"Error: stdin is nested deeper than {MAX_DEPTH} levels", OVERLAP_REMEDY]


def test_an_overlap_matrix_with_a_key_flood_is_a_validation_error(tmp_path: Path) -> None:
    data = overlap_document()
    data["prs"][0].update({f"x{i}": i for i in range(5000)})
    got = comment(tmp_path, "overlap", json.dumps(data))
    assert got.exit_code == 2, got.output
    assert got.stderr.splitlines()[0] == (
        "Error: stdin is not `govern overlap --json` output: $.prs[0] has unexpected key 'x0' "
        "(and 4999 more)")


def test_a_wide_forged_matrix_is_checked_in_linear_time(tmp_path: Path) -> None:
    """20,000 PRs and 19,999 pairs naming the last one: read in about a second, where a
    quadratic check of the pairs against the PRs adds about thirteen."""
    import time

    from tests.helpers import overlap_pull

    count = 20_000
    data = overlap_document()
    data["prs"] = [overlap_pull(n) for n in range(1, count + 1)]
    data["pairs"] = [{"a": n, "b": count, "status": "clean", "conflicts": [], "auto_merged": []}
                     for n in range(1, count)]
    from govern.overlap.matrix_json import parse_overlap

    text = json.dumps(data)
    started = time.monotonic()
    assert parse_overlap(text, "-").focus == count
    assert time.monotonic() - started < 8
    data["pairs"][-1]["a"] = count + 1
    got = comment(tmp_path, "overlap", json.dumps(data))
    assert got.exit_code == 2
    assert got.stderr.splitlines()[0] == ("Error: stdin is not `govern overlap --json` output: "
                                          f"$.pairs[{count - 2}] is not two listed PRs, the "
                                          "earlier first")
