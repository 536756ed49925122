"""Neutral defaults and opt-in presets (docs/how-to/gates.md#presets, issue 14): a plain library
passes every gate with no configuration, and the contract preset still refuses the same PR."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from govern.config import Config, validate
from govern.core.errors import ConfigError
from tests.gitrepo import Repo, make_repo
from tests.helpers import run_check

LIBRARY = {
    "pyproject.toml": '[project]\nname = "widgets"\nversion = "1.0.0"\n',
    "src/widgets/__init__.py": "def spin():\n    return 1\n",
    "CHANGELOG.md": "# Changelog\n\n## 1.0.0\n- first\n",
    "README.md": "# widgets\n\nCall `spin()`.\n",
}
CHANGE = {
    "src/widgets/__init__.py": "def spin():\n    return 2\n",
    "CHANGELOG.md": "# Changelog\n\n## Unreleased\n- spin returns 2\n\n## 1.0.0\n- first\n",
}
PROCESS_GATES = ("declarations", "changesets", "release-owned", "trailers", "governed")


def _library(tmp_path: Path, preset: str | None = None) -> Repo:
    """A Python library PR the way such projects work: a `Fixes #3700` commit that edits the
    hand-kept CHANGELOG.md, no changesets, no declaration lines."""
    repo = make_repo(tmp_path / "repo", LIBRARY, preset=preset)
    repo.branch("pr")
    repo.commit(CHANGE, "Make spin return 2\n\nFixes #3700\n")
    return repo


def _run(repo: Repo, gate: str, tmp_path: Path, *args: str) -> tuple[int, str]:
    body = tmp_path / "body.md"
    body.write_text("Makes spin return 2.\n", encoding="utf-8")
    given = {"declarations": ["--body-file", str(body)],
             "changesets": ["--body-file", str(body)],
             "governed": ["--pr", "5", "--repo", "acme/widgets"]}.get(gate, [])
    result = run_check(repo, gate, "main", *given, *args)
    return result.exit_code, result.output


@pytest.mark.parametrize("gate", ["size", "docs-refs", *PROCESS_GATES])
def test_a_plain_library_passes_every_default_gate(tmp_path: Path, gate: str) -> None:
    code, output = _run(_library(tmp_path), gate, tmp_path)
    assert code == 0, output
    disabled = "disabled" in output
    assert disabled is (gate in PROCESS_GATES), output


@pytest.mark.parametrize(("gate", "rule"), [
    ("declarations", "declaration-missing"),
    ("changesets", "changeset-missing"),
    ("release-owned", "release-owned"),
    ("trailers", "trailer-forbidden"),
])
def test_the_contract_preset_still_refuses_the_same_pr(tmp_path: Path, gate: str,
                                                       rule: str) -> None:
    code, output = _run(_library(tmp_path, "contract"), gate, tmp_path, "--json")
    data = json.loads(output)
    assert code == 1, output
    assert "enabled" not in data
    assert rule in {finding["rule"] for finding in data["findings"]}, output


def test_a_disabled_gate_says_how_to_enable_it(tmp_path: Path) -> None:
    code, output = _run(_library(tmp_path), "trailers", tmp_path)
    assert (code, output) == (0, 'govern check trailers: disabled (not in the "minimal" '
                                 'preset); enable it with [gates] enable = ["trailers"] (or '
                                 '[gates] preset = "contract") in govern.toml\n')


def test_a_disabled_gate_in_json(tmp_path: Path) -> None:
    code, output = _run(_library(tmp_path), "changesets", tmp_path, "--json")
    assert code == 0
    assert json.loads(output) == {
        "judged": True, "gate": "changesets", "enabled": False, "passed": True,
        "findings": [], "preset": "minimal", "reason": 'not in the "minimal" preset',
        "enable": '[gates] enable = ["changesets"] (or [gates] preset = "changesets") in '
                  'govern.toml'}


def test_the_changesets_preset_runs_changesets_without_declarations(tmp_path: Path) -> None:
    repo = _library(tmp_path, "changesets")
    assert _run(repo, "changesets", tmp_path)[0] == 1
    code, output = _run(repo, "declarations", tmp_path)
    assert code == 0 and 'not in the "changesets" preset' in output


def test_enable_and_disable_adjust_the_preset(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {
        **LIBRARY, "govern.toml": '[gates]\nenable = ["trailers"]\ndisable = ["size"]\n'})
    repo.branch("pr")
    repo.commit(CHANGE, "Fixes #3700\n")
    assert _run(repo, "trailers", tmp_path)[0] == 1
    code, output = _run(repo, "size", tmp_path)
    assert (code, output) == (0, "govern check size: disabled (disabled by gates.disable); "
                                 'enable it with [gates] enable = ["size"] (or [gates] preset '
                                 '= "contract") in govern.toml\n')


def test_enabled_follows_preset_enable_and_disable() -> None:
    assert [g for g in ("size", "docs-refs", "changesets", "declarations")
            if Config().gates.enabled(g)] == ["size", "docs-refs"]
    gates = validate({"gates": {"preset": "contract", "disable": ["governed"]}}, "t").gates
    assert gates.enabled("declarations") and not gates.enabled("governed")


def test_an_unknown_preset_or_gate_is_a_config_error() -> None:
    with pytest.raises(ConfigError) as raised:
        validate({"gates": {"preset": "strict", "enable": ["declaration"]}}, "govern.toml")
    assert raised.value.problems == [
        'gates.preset: must be one of "minimal", "changesets", "contract"',
        "gates.enable[0] must be one of declarations, changesets, release-owned, size, "
        "governed, trailers, docs-refs"]
