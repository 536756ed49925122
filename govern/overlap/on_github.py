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
from govern.overlap.model import Ref, UnreadableRef
from govern.overlap.unreadable import git_words


@dataclass(frozen=True)
class OnGitHub:
    """Where ``--github`` read the open PRs: the client, the repository and base branch, and
    the remote-tracking refs their heads were fetched into."""

    client: GitHubRepo
    repo: str
    branch: str
    base_ref: str
    refs: list[Ref]
    """The PRs whose heads were fetched."""
    unfetched: list[UnreadableRef]
    """The PRs whose heads the remote did not give."""


def _named_in(failure: GitError, specs: list[tuple[str, Ref]]) -> tuple[str, Ref] | None:
    """The PR head a failed fetch names (git names the first source it misses)."""
    return next((spec for spec in specs if spec[0].split(":")[0].lstrip("+") in failure.stderr),
                None)


def _fetch(git: Git, remote: str, repo: str, branch: str,
           heads: list[tuple[str, Ref]]) -> list[UnreadableRef]:
    """Fetch the base and every PR head in one run. A head the remote no longer has (a PR
    closed or force-pushed while govern read the list) is left out and returned, so the other
    PRs are still compared; each retry drops the head git names. The base must be fetched."""
    base_spec = f"+refs/heads/{branch}:refs/remotes/{remote}/{branch}"
    remedy = (f"check that remote {remote!r} is {repo} (or pass --remote) and run again: a PR "
              "closed or force-pushed while govern read it is gone from the list next time")
    skipped: list[UnreadableRef] = []
    wanted = list(heads)
    while True:
        try:
            git.fetch(remote, [base_spec, *(spec for spec, _ in wanted)])
            return skipped
        except GitError as failed:
            said = git_words(failed.stderr)
            named = _named_in(failed, wanted)
        if named is None:  # not a missing PR head: the base, the remote, the network
            raise NotJudged(f"cannot fetch from remote {remote!r}: {said}", remedy=remedy)
        wanted.remove(named)
        ref = named[1]
        skipped.append(UnreadableRef(
            ref.id, ref.ref, f"cannot fetch the head of PR #{ref.id} (refs/pull/{ref.id}/head) "
            f"from remote {remote!r}: {said}", remedy))


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
    skipped = _fetch(git, remote, name, branch,
                     [(f"+refs/pull/{ref.id}/head:{ref.ref}", ref) for ref in refs])
    gone = {ref.id for ref in skipped}
    return OnGitHub(client, name, branch, f"{remote}/{branch}",
                    [ref for ref in refs if ref.id not in gone], skipped)
