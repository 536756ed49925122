"""The shipped JSON Schema describes real affected-docs output, key order included."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
from click.testing import CliRunner

from govern.cli import cli
from govern.commands.demo import build_example
from govern.core.resources import read_data
from govern.drift.affected import ANCHOR_KINDS, RULE_RANKS
from tests.helpers import pr_repo, run_json

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


def _enums(node: Any, key: str = "") -> Iterator[tuple[str, list[str]]]:
    """(property name, its enum) of every enum in the schema."""
    if isinstance(node, dict):
        for name, value in node.items():
            if name == "enum":
                yield key, value
            yield from _enums(value, name if name != "properties" else key)
    elif isinstance(node, list):
        for value in node:
            yield from _enums(value, key)


def test_the_schema_admits_every_kind_and_rule_a_run_writes() -> None:
    """An anchor kind or evidence rule missing from the schema makes the comment job refuse
    the run's output (a removed dependency's row did, before ``dependency`` was added)."""
    schema = json.loads(read_data("schemas", "affected-docs.schema.json"))
    enums = list(_enums(schema))
    kinds = [values for key, values in enums if key == "kind"]
    rules = [values for key, values in enums if key == "rule"]
    assert kinds and len(rules) == 1
    assert all(sorted(values) == sorted(ANCHOR_KINDS) for values in kinds)
    assert sorted(rules[0]) == sorted(RULE_RANKS)


def test_a_removed_dependency_row_is_commented(tmp_path: Path) -> None:
    pyproject = '[project]\nname = "shop"\nversion = "1.0"\ndependencies = [{}]\n'
    base = {"shop/__init__.py": "def buy():\n    pass\n",
            "pyproject.toml": pyproject.format('"click", "mkdocs-bootswatch"'),
            "docs/themes.md": "# Themes\n\n```sh\npip install mkdocs-bootswatch\n```\n"}
    repo = pr_repo(tmp_path, base, {"pyproject.toml": pyproject.format('"click"')})
    data = run_json(repo, "main")
    assert [e["rule"] for row in data["docs"] for e in row["evidence"]] == ["install_command"]
    output = tmp_path / "drift.json"
    output.write_text(json.dumps(data), encoding="utf-8")
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "comment", "drift",
                                      "--from", str(output)])
    assert result.exit_code == 0, result.output
    assert "docs/themes.md" in result.stdout
