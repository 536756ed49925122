"""zizmor's most suspicious persona (``--persona auditor``, offline) over the shipped workflows
reports nothing; each finding it is told to ignore is one ``dangerous-triggers`` on a trigger
that runs no PR code, suppressed on its line with the reason, and explained in docs/security.md.
A workflow with a real finding (a token-holding trigger that checks out the PR) is reported:
the audit can fail."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.workflow_helpers import BIN, zizmor_suppressions

ROOT = Path(__file__).resolve().parents[2]
WORKFLOWS = sorted((ROOT / "workflows").glob("*.yml"))


def audit(*paths: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / "zizmor"), "--offline", "--persona", "auditor",
                           *map(str, paths)], capture_output=True, text=True)


def test_the_auditor_persona_finds_nothing_unexplained() -> None:
    done = audit(*WORKFLOWS)
    assert done.returncode == 0, done.stdout
    assert "No findings to report" in done.stdout
    suppressed = zizmor_suppressions(*WORKFLOWS)
    assert [line.split("# zizmor: ")[1].split("]")[0] for line in suppressed] == [
        "ignore[dangerous-triggers"] * 3
    assert all(line.split("]", 1)[1].strip() for line in suppressed)  # each with its reason
    security = (ROOT / "docs" / "security.md").read_text(encoding="utf-8")
    assert "dangerous-triggers" in security


def test_a_pull_request_target_checkout_is_reported(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yml"
    bad.write_text(
        "name: bad\non: pull_request_target\npermissions: {}\njobs:\n  build:\n"
        "    name: build\n    runs-on: ubuntu-latest\n    permissions:\n      contents: read\n"
        "    steps:\n      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683\n"
        "        with:\n          ref: ${{ github.event.pull_request.head.sha }}\n"
        "      - run: make\n", encoding="utf-8")
    done = audit(bad)
    assert done.returncode != 0
    assert "dangerous-triggers" in done.stdout
