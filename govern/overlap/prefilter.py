"""The prefilter: which pairs of PRs may conflict and so need a merge; every other pair is clean
by construction, without running git."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from itertools import combinations

from govern.overlap.model import OverlapPull


class _PathIds:
    """Paths and their folders as ids: each is its parent folder's id (``0``, the root) and
    its own name, so a path's folders are found in one walk down it. Joining each ancestor's
    string costs its length per level, quadratic in a hostile path's depth."""

    def __init__(self) -> None:
        self._steps: dict[tuple[int, str], int] = {}

    def of(self, path: str) -> tuple[list[int], int]:
        """The ids of ``path``'s folders (``a/b/c.py`` → ``a``, ``a/b``) and of itself."""
        *names, base = path.split("/")
        folders, node = [], 0
        for name in names:
            node = self._steps.setdefault((node, name), len(self._steps) + 1)
            folders.append(node)
        return folders, self._steps.setdefault((node, base), len(self._steps) + 1)

    def folders(self, paths: Iterable[str]) -> set[int]:
        """Every folder of ``paths``."""
        return {folder for path in paths for folder in self.of(path)[0]}


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
    ids = _PathIds()
    names: dict[int, list[int]] = defaultdict(list)
    folders: dict[int, list[int]] = defaultdict(list)
    moved_out_of: dict[int, list[int]] = defaultdict(list)
    for index, pr in enumerate(prs):
        for path in pr.names:
            names[ids.of(path)[1]].append(index)
        for folder in ids.folders(pr.names):
            folders[folder].append(index)
        for folder in ids.folders(pr.renamed_from):
            moved_out_of[folder].append(index)
    found: set[tuple[int, int]] = set()
    for name, holders in names.items():
        found.update(combinations(holders, 2))
        found.update(_cross(holders, folders.get(name, ())))
    for folder, holders in moved_out_of.items():
        found.update(_cross(holders, folders[folder]))
    return found
