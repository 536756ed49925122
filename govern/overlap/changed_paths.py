"""A PR as the matrix sees it, from its raw changes since the merge base: the paths it
changed (rename sources included) with ``overlap.ignore`` applied. Pure; ``run`` reads git."""

from __future__ import annotations

from collections.abc import Sequence

from govern.core.globs import Globs
from govern.git.gitio import RawChange
from govern.overlap.model import OverlapPull, Ref


def overlap_pull(ref: Ref, head: str, merge_base: str, changes: Sequence[RawChange],
                 ignore: Globs, behind: int, base_moved: frozenset[str]) -> OverlapPull:
    """A PR from its changes since the merge base, ``overlap.ignore`` applied, and what the
    base changed since (``base_moved``: every path, rename sources included)."""
    kept = [c for c in changes if not all(ignore.matches(name) for name in change_names(c))]
    names = frozenset(name for c in kept for name in change_names(c) if not ignore.matches(name))
    renamed_from = frozenset(c.old_path for c in kept if c.old_path is not None) & names
    return OverlapPull(ref.id, ref.ref, head, merge_base, names, renamed_from, len(kept),
                       behind, tuple(sorted(names & base_moved)))


def change_names(change: RawChange) -> tuple[str, ...]:
    """The paths a change names: the path, and the source of a rename or copy."""
    return (change.path,) if change.old_path is None else (change.old_path, change.path)
