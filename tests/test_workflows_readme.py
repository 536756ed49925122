"""``workflows/README.md`` lists every shipped workflow, each with the permissions its jobs
are actually granted."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

FOLDER = Path(__file__).resolve().parent.parent / "workflows"


def granted(workflow: Path) -> set[str]:
    """Every ``scope: level`` a job of the workflow is granted."""
    jobs = yaml.safe_load(workflow.read_text(encoding="utf-8"))["jobs"].values()
    return {f"{scope}: {level}" for job in jobs
            for scope, level in (job.get("permissions") or {}).items()}


def test_every_workflow_is_listed_with_its_permissions() -> None:
    rows = {}
    for line in (FOLDER / "README.md").read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if line.startswith("| `") and len(cells) == 3:
            rows[cells[0].strip("`")] = set(re.findall(r"`([\w-]+: \w+)`", cells[2]))
    assert sorted(rows) == sorted(path.name for path in FOLDER.glob("*.yml"))
    for name, permissions in rows.items():
        assert permissions == granted(FOLDER / name), name
