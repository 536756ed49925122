"""The gates preset ``govern init`` proposes (docs/how-to/gates.md#presets), from the process
the committed files show: declaration lines in a PR template or changesets, a changesets
configuration, release tooling."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import PurePosixPath

from govern.config.sections import FRAGMENT_DIRS, in_fragment_folder

CHANGESETS_CONFIG = ".changeset/config.json"
PR_TEMPLATES = (".github/pull_request_template.md", ".github/PULL_REQUEST_TEMPLATE.md",
                "pull_request_template.md", "docs/pull_request_template.md")
DECLARATION_LINES = ("Clause-②:", "Metadata-protocol:")
"""A carrier holding both lines shows the contract process is already in use."""
_LINES = "/".join(f"`{line}`" for line in DECLARATION_LINES)
GATES_PAGE = "docs/how-to/gates.md"
"""Where the gates, the presets and the declaration lines are explained."""
MAX_CARRIERS = 50
"""Changesets read for declaration lines: enough to see a habit, bounded on a big backlog."""
RELEASE_TOOLS = ("lerna.json", "release-please-config.json", ".release-please-manifest.json",
                 ".goreleaser.yml", ".goreleaser.yaml", "cliff.toml", "towncrier.toml")
"""Release tooling other than changesets, by the file it is configured in."""


def declaration_carriers(paths: list[str]) -> list[str]:
    """The committed files whose text says whether a declaration process exists: the PR
    templates and (a bounded number of) changesets."""
    changesets = [p for p in paths if p.startswith(".changeset/") and p.endswith(".md")
                  and p != ".changeset/README.md"]
    return [p for p in PR_TEMPLATES if p in paths] + sorted(changesets)[:MAX_CARRIERS]


def _holds_declarations(text: str) -> bool:
    lines = [line.strip() for line in text.splitlines()]
    return all(any(line.startswith(key) for line in lines) for key in DECLARATION_LINES)


def choose_preset(paths: list[str], texts: Mapping[str, str]) -> tuple[str, tuple[str, ...]]:
    """The gates preset for a repository, and why (docs/how-to/gates.md#presets)."""
    carrier = next((p for p in declaration_carriers(paths)
                    if _holds_declarations(texts.get(p, ""))), None)
    if carrier:
        return "contract", (f"{carrier} carries Clause-② and Metadata-protocol lines: the "
                            "contract process is in use, so every gate runs",)
    if CHANGESETS_CONFIG in paths:
        return "changesets", (f"{CHANGESETS_CONFIG} found: changesets are in use, so the "
                              "changesets gate runs",
                              f"no {_LINES} lines in the PR template or changesets, so the "
                              "declarations gate, which requires them in every PR body and "
                              "changeset, stays off; preset = \"contract\" turns it on "
                              f"({GATES_PAGE}#declaration-lines)")
    release = release_process(paths)
    return "minimal", (f"no {CHANGESETS_CONFIG} and no {_LINES} lines in the PR template or "
                       "changesets, so the process gates stay off (they require a changeset "
                       "for each published package a PR changes, those declaration lines in "
                       "every PR, release notes left to releases, a review record for "
                       "governed paths and commit messages without `Fixes #N`) and size and "
                       "docs-refs run; [gates] preset = \"changesets\" or \"contract\" turns "
                       f"them on ({GATES_PAGE}#presets)",
                       *([f"release process found ({', '.join(release)}): govern leaves it "
                          "as it is"] if release else []))


def release_process(paths: list[str]) -> list[str]:
    """The committed files that show how this repository already releases (at most five)."""
    found = {p for p in paths if p in RELEASE_TOOLS
             or PurePosixPath(p).name.startswith((".releaserc", "release.config."))
             and "/" not in p
             or p.startswith(".github/workflows/")
             and PurePosixPath(p).name.startswith(("release", "publish"))}
    # towncrier's news fragments, named by their top folder as the repository spells it
    found |= {f"{p.partition('/')[0]}/" for p in paths
              if "/" in p and p.partition("/")[0].lower() in FRAGMENT_DIRS
              and in_fragment_folder(p)}
    return sorted(found)[:5]
