"""The open PRs into a base on GitHub, their heads fetched from the remote as
``refs/pull/N/head`` so the matrix can merge them like local refs."""

from __future__ import annotations

import shlex
from collections.abc import Mapping
from dataclasses import dataclass

from govern.core.errors import GitError, NotJudged
from govern.git.gitio import Git
from govern.github.client import (
    GitHubRepo,
    Pacing,
    connect,
    credentials_from_env,
    default_branch,
    open_pulls,
)
from govern.github.remote import repo_of_remote
from govern.overlap.model import Ref


@dataclass(frozen=True)
class OnGitHub:
    """Where ``--github`` read the open PRs: the client, the repository and base branch, and
    the remote-tracking refs their heads were fetched into."""

    client: GitHubRepo
    repo: str
    branch: str
    base_ref: str
    refs: list[Ref]


def _fetch(git: Git, remote: str, repo: str, specs: list[tuple[str, str]]) -> None:
    """Fetch every ``(refspec, what)`` in one run; when that fails, find the one the remote
    cannot give (git names only the first it misses, and not which PR that is)."""
    try:
        git.fetch(remote, [spec for spec, _ in specs])
        return
    except GitError as failed:
        first_failure = failed
    for spec, what in specs:
        try:
            git.fetch(remote, [spec])
        except GitError as exc:
            raise NotJudged(f"cannot fetch {what} from remote {remote!r}: {exc.stderr}",
                            remedy=f"check that remote {remote!r} is {repo} (or pass --remote) "
                                   "and run again: a PR closed or force-pushed while govern "
                                   "read it is gone from the list next time") from None
    raise first_failure


def read_github(git: Git, remote: str, repo: str | None, base: str | None,
                environ: Mapping[str, str], pacing: Pacing | None = None) -> OnGitHub:
    """List the open PRs into the base on GitHub and fetch the base and every PR's
    ``refs/pull/N/head``; ids are PR numbers, so a lower number is an earlier PR."""
    name = repo or environ.get("GITHUB_REPOSITORY") or repo_of_remote(git, remote)
    client = connect(name, credentials_from_env(environ), pacing)
    # `--base origin/main` out of habit from local mode names the branch `main`.
    branch = (base.removeprefix(f"{remote}/") if base else
              environ.get("GITHUB_BASE_REF") or default_branch(client))
    pulls = open_pulls(client, branch)
    refs = [Ref(pull.number, f"refs/remotes/{remote}/pr/{pull.number}",
                f"git fetch {shlex.quote(remote)} +refs/pull/{pull.number}/head:refs/remotes/"
                f"{remote}/pr/{pull.number}") for pull in pulls]
    specs = [(f"+refs/heads/{branch}:refs/remotes/{remote}/{branch}", f"the base {branch!r}")]
    specs += [(f"+refs/pull/{ref.id}/head:{ref.ref}",
               f"the head of PR #{ref.id} (refs/pull/{ref.id}/head)") for ref in refs]
    _fetch(git, remote, name, specs)
    return OnGitHub(client, name, branch, f"{remote}/{branch}", refs)
