"""The changeset files the declarations and changesets gates judge, read from git: those a PR
adds, edits or renames (at its head, each a declaration carrier) and those at the merge base."""

from __future__ import annotations

from collections.abc import Sequence

from govern.gates.changesets import (
    CarriedChangeset,
    Changeset,
    is_changeset,
    is_legacy_changeset,
    parse_changeset,
)
from govern.gates.declarations import Carrier
from govern.git.gitio import Git, RawChange

PR_BODY = "PR body"


def _read_lenient(git: Git, blobs: Sequence[str]) -> dict[str, str]:
    """Each blob's text by its id, from one exchange with git (``rev:path`` names make git scan
    the folder entry by entry for each: quadratic in a `.changeset/` of thousands)."""
    return {blob: (data or b"").decode("utf-8", "replace")
            for blob, data in git.blobs.read_many(list(blobs)).items()}


def read_carried(git: Git, changes: Sequence[RawChange]) -> tuple[CarriedChangeset, ...]:
    """The changesets the PR adds, edits or renames, as they read at its head. A type change
    is an edit: a symlink the PR turns into a file carries that file's text (and a file
    turned into a symlink, the link's target, as an added symlink does)."""
    carried = [change for change in changes
               if change.status in "AMRT"
               and (is_changeset(change.path) or is_legacy_changeset(change.path))]
    texts = _read_lenient(git, [change.new_blob for change in carried])
    return tuple(CarriedChangeset(change.status, change.path, texts[change.new_blob])
                 for change in carried)


def carriers_of(body: str, carried: Sequence[CarriedChangeset]) -> list[Carrier]:
    """The PR body first, then each carried changeset: the order findings name them in."""
    return [Carrier(PR_BODY, body), *(Carrier(c.path, c.text, is_file=True) for c in carried)]


def read_base_changesets(git: Git, merge_base: str) -> tuple[Changeset, ...]:
    """The changesets already at the merge base that parse."""
    entries = [entry for entry in git.ls_tree(merge_base) if is_changeset(entry.path)]
    texts = _read_lenient(git, [entry.sha for entry in entries])
    parsed = (parse_changeset(entry.path, texts[entry.sha]) for entry in entries)
    # a changeset unreadable at the base is the base's problem, not this PR's: it grades nothing
    return tuple(c for c in parsed if isinstance(c, Changeset))
