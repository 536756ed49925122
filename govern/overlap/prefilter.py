"""The prefilter: which pairs of PRs may conflict and so need a merge; every other pair is clean
by construction, without running git."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from itertools import combinations

from govern.overlap.model import OverlapPull


def _folders(paths: Iterable[str]) -> set[str]:
    """Every ancestor folder of ``paths`` (``a/b/c.py`` → ``a``, ``a/b``)."""
    found: set[str] = set()
    for path in paths:
        parts = path.split("/")[:-1]
        found.update("/".join(parts[: i + 1]) for i in range(len(parts)))
    return found


def _cross(left: Iterable[int], right: Iterable[int]) -> Iterable[tuple[int, int]]:
    right = tuple(right)
    return ((min(i, j), max(i, j)) for i in left for j in right if i != j)


def candidate_pairs(prs: Sequence[OverlapPull]) -> set[tuple[int, int]]:
    """Index pairs ``(i, j)``, ``i < j``, that may conflict and so need a merge.

    A pair is a candidate when the PRs share a path (a rename source or target counts), when
    one changes a path the other uses as a folder (a file/directory conflict), or when one
    renamed a file out of a folder the other changes (git's directory-rename detection can
    then conflict on paths neither PR names). Every other pair is clean by construction. An
    inverted index keeps this linear in the number of paths, not quadratic in PRs.
    """
    names: dict[str, list[int]] = defaultdict(list)
    folders: dict[str, list[int]] = defaultdict(list)
    moved_out_of: dict[str, list[int]] = defaultdict(list)
    for index, pr in enumerate(prs):
        for name in pr.names:
            names[name].append(index)
        for folder in _folders(pr.names):
            folders[folder].append(index)
        for folder in _folders(pr.renamed_from):
            moved_out_of[folder].append(index)
    found: set[tuple[int, int]] = set()
    for name, holders in names.items():
        found.update(combinations(holders, 2))
        found.update(_cross(holders, folders.get(name, ())))
    for folder, holders in moved_out_of.items():
        found.update(_cross(holders, folders[folder]))
    return found
