"""The GitHub Actions event payload and what it says of the PR: one reader for every command.

A payload is a snapshot, read from ``$GITHUB_EVENT_PATH``; a payload of an unexpected shape
reads as absent, never as a crash.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from govern.core.errors import NotJudged, PayloadError
from govern.core.json_input import parse_json
from govern.git.gitio import Git

FALLBACK_BASES = ("refs/remotes/origin/HEAD", "refs/remotes/origin/main", "refs/heads/main",
                  "refs/remotes/origin/master", "refs/heads/master")
"""Spelled in full: git resolves a short name to a tag before a branch, so a tag named
``origin/main`` (anyone with push access can make one, and a full checkout fetches it) would
become the base, and a PR pointing it at its own head would be judged against itself."""


def read_event(environ: Mapping[str, str]) -> dict[str, Any]:
    """The workflow's event payload (``$GITHUB_EVENT_PATH``); empty outside GitHub Actions."""
    path = environ.get("GITHUB_EVENT_PATH")
    if not path:
        return {}
    try:
        event = parse_json(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise PayloadError(f"cannot read the event payload {path}: {exc}",
                           remedy="run inside the workflow that wrote it, or unset "
                                  "GITHUB_EVENT_PATH and pass the values as options") from None
    if not isinstance(event, dict):
        raise PayloadError(f"the event payload {path} is not a JSON object",
                           remedy="unset GITHUB_EVENT_PATH and pass the values as options")
    return event


def dig(data: Any, *keys: str) -> Any:
    """``data[k1][k2]…``, or None where a level is missing or not an object."""
    for key in keys:
        if not isinstance(data, dict):
            return None
        data = data.get(key)
    return data


def pull_request_of(event: dict[str, Any]) -> dict[str, Any]:
    """The PR object of a ``pull_request`` event, or the PR-issue of an ``issue_comment``."""
    for key in ("pull_request", "issue"):
        value = event.get(key)
        if isinstance(value, dict):
            return value
    return {}


def base_candidates(event: dict[str, Any], environ: Mapping[str, str]) -> list[str]:
    """docs/concepts/affected-docs.md BASE defaults, in order: the PR's base branch, the event's
    base sha (a merge queue's too), then the usual default branches."""
    candidates = []
    if environ.get("GITHUB_BASE_REF"):
        candidates.append(f"refs/remotes/origin/{environ['GITHUB_BASE_REF']}")
    for sha in (dig(pull_request_of(event), "base", "sha"), dig(event, "merge_group",
                                                                "base_sha")):
        if isinstance(sha, str):
            candidates.append(sha)
    return [*candidates, *FALLBACK_BASES]


def default_base(git: Git, event: dict[str, Any], environ: Mapping[str, str],
                 example: str) -> str:
    """The first BASE default that names a commit; none → not judged, with ``example`` (the
    command the caller runs) shown with an explicit BASE in the remedy."""
    candidates = base_candidates(event, environ)
    for candidate in candidates:
        if git.has_commit(candidate):
            return candidate
    raise NotJudged("no BASE given and none of the defaults exists: " + ", ".join(candidates),
                    remedy=f"pass BASE (e.g. `{example} origin/main`), or fetch the base branch")


def event_value(event: dict[str, Any], *paths: tuple[str | int, ...]) -> Any:
    """The first value found along one of ``paths`` in the payload (None: none)."""
    for path in paths:
        value: Any = event
        for key in path:
            if isinstance(key, int):
                value = value[key] if isinstance(value, list) and len(value) > key else None
            else:
                value = value.get(key) if isinstance(value, dict) else None
        if value is not None:
            return value
    return None
