"""``action.yml`` (docs/how-to/action.md): valid Actions metadata, quiet under zizmor's auditor
persona, hash-pinned by a lock that covers pyproject.toml, and its ``Run govern`` block maps
govern's exit code to the verdict output, run the way a runner runs it."""

from __future__ import annotations

import json
import re
import subprocess
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.gitrepo import Repo, make_repo
from tests.workflow_helpers import (
    BIN,
    PINNED,
    assert_validator_finds_nothing,
    run_block,
    runner_env,
)

ROOT = Path(__file__).resolve().parent.parent
ACTION = ROOT / "action.yml"
LOCK = ROOT / "requirements.lock"
SCHEMA = ("check-jsonschema", ("--builtin-schema", "vendor.github-actions"))
ZIZMOR = ("zizmor", ("--offline", "--persona", "auditor"))


def load_action(text: str | None = None) -> dict[str, Any]:
    return yaml.safe_load(text if text is not None else ACTION.read_text(encoding="utf-8"))


def step(name: str) -> dict[str, Any]:
    return next(s for s in load_action()["runs"]["steps"] if s.get("name") == name)


# -- the metadata: schema, zizmor, hardening ----------------------------------------------------

@pytest.mark.parametrize(("tool", "options"), [SCHEMA, ZIZMOR], ids=["schema", "zizmor"])
def test_validators_find_nothing(tool: str, options: tuple[str, ...]) -> None:
    assert_validator_finds_nothing(tool, options, ACTION)


def run_tool(tool: str, options: tuple[str, ...], path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / tool), *options, str(path)], capture_output=True, text=True)


def test_the_validators_refuse_what_they_guard(tmp_path: Path) -> None:
    """Both checks are live: an input expanded inside the script is template injection, and a
    composite action without steps is not Actions metadata."""
    text = ACTION.read_text(encoding="utf-8")
    injected = tmp_path / "injected" / "action.yml"
    injected.parent.mkdir()
    injected.write_text(text.replace('read -r -a argv <<< "$GOVERN_COMMAND"',
                                     'read -r -a argv <<< "${{ inputs.command }}"'),
                        encoding="utf-8")
    found = run_tool(*ZIZMOR, injected)
    assert found.returncode != 0 and "template-injection" in found.stdout, found.stdout
    stepless = tmp_path / "stepless" / "action.yml"
    stepless.parent.mkdir()
    stepless.write_text(text[:text.index("  steps:\n")], encoding="utf-8")
    assert run_tool(*SCHEMA, stepless).returncode != 0


def test_hardening() -> None:
    """Actions pinned by SHA, no expression inside a script, the job's Python left alone, and
    govern installed from the action's checkout with every download hash-checked."""
    action = load_action()
    steps = action["runs"]["steps"]
    assert action["runs"]["using"] == "composite"
    assert all(PINNED.fullmatch(s["uses"]) for s in steps if "uses" in s)
    assert all("${{" not in s.get("run", "") for s in steps)
    assert step("Set up Python for govern")["with"]["update-environment"] is False
    install = step("Install govern")["run"]
    assert all("--require-hashes" in line for line in install.splitlines()
               if " wheel " in line or "--find-links" in line)
    assert '--no-deps --no-build-isolation "$GITHUB_ACTION_PATH"' in install
    assert step("Restore govern's wheels")["with"]["key"].endswith(
        "${{ steps.lock.outputs.sha256 }}")


# -- the lock -----------------------------------------------------------------------------------

PIN = re.compile(r"^(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*)==(?P<version>[^\s;\\]+)", re.M)


def parse_lock(text: str) -> dict[str, tuple[str, int]]:
    """``{canonical name: (version, number of sha256 hashes)}`` of a ``--generate-hashes``
    requirements file."""
    pins: dict[str, tuple[str, int]] = {}
    for entry in re.split(r"\n(?=\S)", text):
        match = PIN.match(entry)
        if match:
            pins[canonicalize_name(match["name"])] = (match["version"],
                                                      entry.count("--hash=sha256:"))
    return pins


def lock_gaps(pyproject: dict[str, Any], lock: str) -> list[str]:
    """What the lock leaves out of pyproject.toml's runtime and build requirements: a missing
    package, a pin outside the specifier, or a pin without a hash."""
    pins = parse_lock(lock)
    gaps = [f"{name}=={version} has no hash" for name, (version, hashes) in pins.items()
            if hashes == 0]
    for spec in [*pyproject["project"]["dependencies"], *pyproject["build-system"]["requires"]]:
        requirement = Requirement(spec)
        pinned = pins.get(canonicalize_name(requirement.name))
        if pinned is None:
            gaps.append(f"{spec}: not in the lock")
        elif not requirement.specifier.contains(pinned[0], prereleases=True):
            gaps.append(f"{spec}: the lock pins {pinned[0]}")
    return gaps


def pyproject() -> dict[str, Any]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_lock_covers_pyprojects_requirements() -> None:
    assert lock_gaps(pyproject(), LOCK.read_text(encoding="utf-8")) == []


def test_a_stale_lock_is_named() -> None:
    lock = LOCK.read_text(encoding="utf-8")
    click = re.search(r"^click==\S+ \\\n(?:    .*\n)+", lock, re.M)
    assert click is not None
    without_click = lock.replace(click[0], "")
    old_click = lock.replace(click[0], "click==7.0 \\\n    --hash=sha256:" + "0" * 64 + "\n")
    unhashed = lock.replace(click[0], "click==8.1.7\n")
    assert lock_gaps(pyproject(), without_click) == ["click>=8.1: not in the lock"]
    assert lock_gaps(pyproject(), old_click) == ["click>=8.1: the lock pins 7.0"]
    assert lock_gaps(pyproject(), unhashed) == ["click==8.1.7 has no hash"]


# -- the Run govern block, as a runner runs it --------------------------------------------------

@pytest.fixture
def repo(tmp_path: Path) -> Repo:
    repo = make_repo(tmp_path / "repo", {"govern.toml": "[gates]\nhuman_merge_lines = 3\n",
                                         "a.txt": "one\n"})
    repo.branch("small")
    repo.commit({"a.txt": "one\ntwo\n"}, "small")
    repo.branch("big", "main")
    repo.commit({"a.txt": "".join(f"{n}\n" for n in range(9))}, "big")
    return repo


def run_action(repo: Repo, tmp_path: Path, command: str, args: str = "", json_out: str = "true",
               fail: str = "true", json_path: str = ""
               ) -> tuple[subprocess.CompletedProcess[str], dict[str, str]]:
    output = tmp_path / "github-output"
    output.write_text("", encoding="utf-8")
    temp = tmp_path / "runner-temp"
    temp.mkdir(exist_ok=True)
    env = runner_env({"GITHUB_OUTPUT": str(output), "RUNNER_TEMP": str(temp),
                      "GOVERN_EXE": str(BIN / "govern"), "GOVERN_COMMAND": command,
                      "GOVERN_ARGS": args, "GOVERN_JSON": json_out, "GOVERN_JSON_PATH": json_path,
                      "GOVERN_FAIL": fail})
    done = run_block(step("Run govern")["run"], repo.root, env)
    outputs = dict(line.split("=", 1) for line in output.read_text().splitlines())
    return done, outputs


def result_json(outputs: dict[str, str]) -> dict[str, Any]:
    return json.loads(Path(outputs["json-path"]).read_text(encoding="utf-8"))


def test_clean_finding_and_not_judged(repo: Repo, tmp_path: Path) -> None:
    clean, outputs = run_action(repo, tmp_path, "check size", "--head\nsmall\nmain")
    assert (clean.returncode, outputs["verdict"], outputs["exit-code"]) == (0, "clean", "0")
    assert result_json(outputs)["passed"] is True

    finding, outputs = run_action(repo, tmp_path, "check size", "--head\nbig\nmain")
    assert (finding.returncode, outputs["verdict"], outputs["exit-code"]) == (1, "finding", "1")
    assert result_json(outputs)["passed"] is False

    unjudged, outputs = run_action(repo, tmp_path, "check size", "no-such-branch")
    assert (unjudged.returncode, outputs["verdict"]) == (2, "not-judged")
    assert result_json(outputs)["judged"] is False


def test_fail_false_leaves_the_verdict_to_the_output(repo: Repo, tmp_path: Path) -> None:
    done, outputs = run_action(repo, tmp_path, "check size", "--head\nbig\nmain", fail="false")
    assert (done.returncode, outputs["verdict"]) == (0, "finding")


def test_each_line_is_one_argument_and_nothing_is_expanded(repo: Repo, tmp_path: Path) -> None:
    config = tmp_path / "the config $(touch pwned) `touch pwned2`.toml"
    config.write_text("[gates]\nhuman_merge_lines = 3\n", encoding="utf-8")
    done, outputs = run_action(repo, tmp_path, "check size",
                               f"--config\n{config}\n--head\nsmall\n\nmain\n")
    assert (done.returncode, outputs["verdict"]) == (0, "clean"), done.stderr
    assert sorted(p.name for p in repo.root.iterdir()) == [".git", "a.txt", "govern.toml"]
    # the same words on one line are one argument: no such option
    done, outputs = run_action(repo, tmp_path, "check size", f"--config {config}")
    assert (done.returncode, outputs["verdict"]) == (2, "not-judged")


def test_json_false_prints_to_the_log(repo: Repo, tmp_path: Path) -> None:
    done, outputs = run_action(repo, tmp_path, "check size", "--head\nsmall\nmain",
                               json_out="false")
    assert (done.returncode, outputs["json-path"]) == (0, "")
    assert done.stderr.endswith("govern check size: passed\n")


def test_json_path_is_where_asked(repo: Repo, tmp_path: Path) -> None:
    wanted = tmp_path / "size.json"
    done, outputs = run_action(repo, tmp_path, "check size", "--head\nsmall\nmain",
                               json_path=str(wanted))
    assert (done.returncode, outputs["json-path"]) == (0, str(wanted))
    assert json.loads(wanted.read_text())["gate"] == "size"


def test_bad_inputs_are_refused(repo: Repo, tmp_path: Path) -> None:
    done, outputs = run_action(repo, tmp_path, "  ")
    assert (done.returncode, outputs) == (2, {})
    assert done.stdout == ("::error::the govern action needs a command, e.g. "
                           "`command: affected-docs`\n")
    done, outputs = run_action(repo, tmp_path, "check size", json_path="a\nverdict=clean")
    assert (done.returncode, outputs) == (2, {})
    assert done.stdout == "::error::json-path must be one line\n"
