"""The shipped JSON Schema describes real affected-docs output, key order included."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
from click.testing import CliRunner

from govern.cli import cli
from govern.commands.demo import build_example
from govern.core.resources import read_data

KEY_ORDER = [
    "schema_version", "summary", "base", "head", "merge_base", "computed_on",
    "changed_packages", "anchors", "docs", "release_owned_docs", "anchorless_changes",
    "parse_errors", "unreadable_pages", "weak_anchors_dropped", "overbroad_anchors",
    "folded_anchors", "new_api",
    "cross_cutting_symbols", "package_mention_docs", "bridge_coverage", "broken_scans",
    "skipped",
]


def test_example_output_matches_the_schema_in_key_order(tmp_path: Path) -> None:
    build_example(tmp_path / "ex").close()
    schema = json.loads(read_data("schemas", "affected-docs.schema.json"))
    for args in (["--head", "pr", "main"], ["--all"]):
        result = CliRunner().invoke(cli, ["--repo-dir", str(tmp_path / "ex"), "affected-docs",
                                          "--json", *args])
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        jsonschema.validate(data, schema)
        assert list(data) == KEY_ORDER
        assert set(data["release_owned_docs"]) <= {d["path"] for d in data["docs"]}


def test_the_schema_refuses_a_broken_result(tmp_path: Path) -> None:
    schema = json.loads(read_data("schemas", "affected-docs.schema.json"))
    build_example(tmp_path / "ex").close()
    result = CliRunner().invoke(cli, ["--repo-dir", str(tmp_path / "ex"), "affected-docs",
                                      "--json", "--head", "pr", "main"])
    data = json.loads(result.stdout)
    data["docs"][0]["anchors"][0]["side"] = "sideways"
    try:
        jsonschema.validate(data, schema)
    except jsonschema.ValidationError as exc:
        assert "sideways" in exc.message
    else:
        raise AssertionError("the schema accepted an invalid side")
