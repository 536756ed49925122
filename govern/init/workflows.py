"""The shipped workflows ``govern init`` copies for a configuration, and the one step it
leaves to the maintainer."""

from __future__ import annotations

from govern.config import Config
from govern.config.sections import GATES

WORKFLOWS = {
    "docs-drift-check.yml": "computes which docs pages each PR's code change names (advisory)",
    "docs-drift-post.yml": "posts that as the PR's Docs Drift Check comment, fork PRs included",
    "overlap.yml": "computes which open PRs conflict with which (advisory)",
    "overlap-post.yml": "posts the PR overlap comments",
    "governance.yml": "runs the enabled `govern check` gates on every PR and merge group",
}
"""Each shipped workflow, and what it does once committed."""


def workflows_for(config: Config) -> list[str]:
    """The shipped workflows a configuration uses: governance.yml only when a gate runs."""
    return [name for name in WORKFLOWS
            if name != "governance.yml" or any(config.gates.enabled(g) for g in GATES)]


def render_next_step(config: Config) -> str:
    """The one step init cannot take: which status to make required."""
    if not any(config.gates.enabled(g) for g in GATES):
        return ("Next: commit these files and open a PR; the comments are advisory, so no "
                "status needs to be required.")
    statuses = "the `Governance gates` check"
    if config.gates.enabled("governed"):
        statuses += " and the `govern/governed (<default branch>)` status"
    return (f"Next: commit these files, then make {statuses} required in your default branch's "
            "protection rule (Settings → Branches or Rules).")
