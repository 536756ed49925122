"""The changeset files the declarations and changesets gates judge, read from git: those a PR
adds, edits or renames (at its head, each a declaration carrier) and those at the merge base."""

from __future__ import annotations

from collections.abc import Sequence

from govern.gates.changesets import CarriedChangeset, Changeset, is_changeset, parse_changeset
from govern.gates.declarations import Carrier
from govern.gates.pull_request import PullRequestInput
from govern.git.gitio import Git, RawChange

PR_BODY = "PR body"


def _read_lenient(git: Git, rev: str, path: str) -> str:
    data = git.blobs.read(f"{rev}:{path}")
    return (data or b"").decode("utf-8", "replace")


def read_carried(git: Git, pr: PullRequestInput,
                 changes: Sequence[RawChange]) -> tuple[CarriedChangeset, ...]:
    """The changesets the PR adds, edits or renames, as they read at its head."""
    return tuple(CarriedChangeset(change.status, change.path,
                                  _read_lenient(git, pr.head, change.path))
                 for change in changes if change.status in "AMR" and is_changeset(change.path))


def carriers_of(body: str, carried: Sequence[CarriedChangeset]) -> list[Carrier]:
    """The PR body first, then each carried changeset: the order findings name them in."""
    return [Carrier(PR_BODY, body), *(Carrier(c.path, c.text, is_file=True) for c in carried)]


def read_base_changesets(git: Git, merge_base: str) -> tuple[Changeset, ...]:
    """The changesets already at the merge base that parse."""
    parsed = (parse_changeset(entry.path, _read_lenient(git, merge_base, entry.path))
              for entry in git.ls_tree(merge_base) if is_changeset(entry.path))
    # a changeset unreadable at the base is the base's problem, not this PR's: it grades nothing
    return tuple(c for c in parsed if isinstance(c, Changeset))
