"""The GitHub repository behind a git remote, and fetching a PR's head and base from it."""

from __future__ import annotations

import re

from govern.core.errors import NotJudged
from govern.git.gitio import Git

# https://host/owner/name(.git), ssh://git@host/owner/name.git, git@host:owner/name.git
_REMOTE_URL = re.compile(
    r"(?:[a-z][a-z0-9+.-]*://(?:[^@/]+@)?[^/]+/|[^@/:\s]+@[^:/\s]+:)"
    r"(?P<repo>[\w.-]+/[\w.-]+?)(?:\.git)?/?"
)


def repo_from_url(url: str) -> str | None:
    """``OWNER/NAME`` from a remote URL, or None when it is not a hosted repository's URL."""
    match = _REMOTE_URL.fullmatch(url.strip())
    return match.group("repo") if match else None


def repo_of_remote(git: Git, remote: str) -> str:
    """``OWNER/NAME`` of the GitHub repository ``remote`` points at, or NotJudged."""
    url = git.remote_url(remote)
    repo = repo_from_url(url) if url else None
    if repo is None:
        raise NotJudged(f"cannot tell the GitHub repository from remote {remote!r} "
                        f"({url or 'no URL'})", remedy="pass --repo OWNER/NAME")
    return repo


def fetch_pull(git: Git, remote: str, number: int, base: str) -> tuple[str, str]:
    """Fetch the PR's head and its base branch; their remote-tracking refs."""
    head_ref = f"refs/remotes/{remote}/pr/{number}"
    base_ref = f"refs/remotes/{remote}/{base}"
    git.fetch(remote, [f"+refs/pull/{number}/head:{head_ref}", f"+refs/heads/{base}:{base_ref}"],
              remedy=f"check that remote {remote!r} is the PR's repository and that PR "
                     f"{number} and branch {base!r} exist there")
    return head_ref, base_ref
