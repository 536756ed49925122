"""The two variants of each shipped workflow: ``workflows/<name>`` runs govern's own action
(what ``govern init`` copies), ``workflows/pip/<name>`` installs a pinned release with pip. Both
are valid and quiet under zizmor, both are hardened, and they are the same workflow but for how
govern is installed and named, so a fix to one cannot be forgotten in the other."""

from __future__ import annotations

import copy
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from govern.cli import cli
from tests.gitrepo import make_repo
from tests.workflow_helpers import (
    GOVERN_ACTION,
    PINNED,
    PIP_WORKFLOWS,
    SHIPPED,
    VALIDATORS,
    WORKFLOWS,
    assert_hardened,
    assert_validator_finds_nothing,
    zizmor_suppressions,
)

ROOT = Path(__file__).resolve().parent.parent


def load(path: Path) -> dict[Any, Any]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def test_every_shipped_workflow_has_its_pip_twin() -> None:
    assert sorted(p.name for p in WORKFLOWS.glob("*.yml")) == sorted(SHIPPED)
    assert sorted(p.name for p in PIP_WORKFLOWS.glob("*.yml")) == sorted(SHIPPED)


@pytest.mark.parametrize("name", SHIPPED)
@pytest.mark.parametrize(("tool", "options"), VALIDATORS)
def test_pip_variants_validators_find_nothing(name: str, tool: str,
                                              options: tuple[str, ...]) -> None:
    assert_validator_finds_nothing(tool, options, PIP_WORKFLOWS / name)


@pytest.mark.parametrize("name", SHIPPED)
def test_both_variants_are_hardened_and_suppress_the_same(name: str) -> None:
    assert_hardened(load(WORKFLOWS / name))
    assert_hardened(load(PIP_WORKFLOWS / name))
    assert zizmor_suppressions(WORKFLOWS / name) == zizmor_suppressions(PIP_WORKFLOWS / name)


def without_install(workflow: dict[Any, Any]) -> dict[Any, Any]:
    """The workflow minus how govern gets installed and named: the Install govern step and a
    setup-python for it, GOVERN_PIP_SPEC, the GOVERN env, and "$GOVERN" read as `govern`."""
    workflow = copy.deepcopy(workflow)
    env = workflow.get("env", {})
    env.pop("GOVERN_PIP_SPEC", None)
    if not env:
        workflow.pop("env", None)
    for job in workflow["jobs"].values():
        job["steps"] = [s for s in job["steps"] if s.get("name") != "Install govern"
                        and not s.get("uses", "").startswith("actions/setup-python@")]
        for entry in job["steps"]:
            entry.get("env", {}).pop("GOVERN", None)
            if entry.get("env") == {}:
                del entry["env"]
            if "run" in entry:
                entry["run"] = entry["run"].replace('"$GOVERN"', "govern")
    return workflow


@pytest.mark.parametrize("name", SHIPPED)
def test_the_variants_differ_only_in_how_govern_is_installed(name: str) -> None:
    assert without_install(load(WORKFLOWS / name)) == without_install(load(PIP_WORKFLOWS / name))


def test_a_twin_that_drifted_is_caught() -> None:
    action = load(WORKFLOWS / "governance.yml")
    drifted = copy.deepcopy(load(PIP_WORKFLOWS / "governance.yml"))
    drifted["jobs"]["gates"]["permissions"]["pull-requests"] = "write"
    assert without_install(action) != without_install(drifted)
    renamed = copy.deepcopy(action)
    step = next(s for s in renamed["jobs"]["gates"]["steps"] if s.get("name") == "Size")
    step["run"] = step["run"].replace("size", "size --json")
    assert without_install(renamed) != without_install(load(PIP_WORKFLOWS / "governance.yml"))


def test_hardening_refuses_govern_run_by_name_or_without_its_path() -> None:
    """In the action variant a script that runs `govern` from PATH would find none, and one
    without the GOVERN env would run an empty command."""
    bare = copy.deepcopy(load(WORKFLOWS / "governance.yml"))
    size = next(s for s in bare["jobs"]["gates"]["steps"] if s.get("name") == "Size")
    size["run"] = "govern check size"
    with pytest.raises(AssertionError):
        assert_hardened(bare)
    unset = copy.deepcopy(load(WORKFLOWS / "governance.yml"))
    size = next(s for s in unset["jobs"]["gates"]["steps"] if s.get("name") == "Size")
    del size["env"]
    with pytest.raises(AssertionError):
        assert_hardened(unset)


# -- the pin: one placeholder, filled by the command workflows/README.md gives -----------------

PIN_COMMAND = re.compile(r"^sed -i 's/(?P<find>0\\\{40\\\})/(?P<sha>[A-Z_<>]+)/' (?P<glob>\S+)$",
                         re.M)


def readme_pin_command() -> re.Match[str]:
    match = PIN_COMMAND.search((WORKFLOWS / "README.md").read_text(encoding="utf-8"))
    assert match is not None, "workflows/README.md#pin-govern gives the sed command"
    return match


def test_every_job_names_govern_by_the_one_placeholder() -> None:
    for name in SHIPPED:
        text = (WORKFLOWS / name).read_text(encoding="utf-8")
        jobs = load(WORKFLOWS / name)["jobs"]
        assert text.count(GOVERN_ACTION) == len(jobs), name
        assert "GOVERN_PIP_SPEC" not in text, name


def test_the_documented_command_pins_every_job(tmp_path: Path) -> None:
    match = readme_pin_command()
    assert match["glob"] == ".github/workflows/*.yml"
    pinned_sha = "1234567890abcdef1234567890abcdef12345678"
    target = tmp_path / ".github" / "workflows"
    target.mkdir(parents=True)
    for name in SHIPPED:
        (target / name).write_text((WORKFLOWS / name).read_text(encoding="utf-8"))
    command = match[0].replace(match["sha"], pinned_sha)
    subprocess.run(["bash", "-c", command], cwd=tmp_path, check=True)
    for name in SHIPPED:
        steps = [s for job in load(target / name)["jobs"].values() for s in job["steps"]
                 if s.get("name") == "Install govern"]
        assert steps and all(s["uses"] == f"repo-govern/govern@{pinned_sha}" for s in steps)
        assert all(PINNED.fullmatch(s["uses"]) for s in steps)
    # and only the placeholder changed: the files are otherwise what was shipped
    assert (target / "overlap.yml").read_text() == (WORKFLOWS / "overlap.yml").read_text(
        ).replace("0" * 40, pinned_sha)


def test_init_copies_the_action_variants_and_not_the_pip_folder(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"README.md": "# x\n", "docs/a.md": "# A\n"},
                     preset=None)
    got = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "init"])
    assert got.exit_code == 0, got.output
    copied = repo.root / ".github" / "workflows"
    assert not (copied / "pip").exists()
    for path in copied.iterdir():
        assert path.read_text(encoding="utf-8") == (WORKFLOWS / path.name).read_text(
            encoding="utf-8")
        assert GOVERN_ACTION in path.read_text(encoding="utf-8")
