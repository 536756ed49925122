"""How many globs ``govern init`` proposes in one key. A tree of thousands of docs sites,
translations or fragment folders made it propose one glob a folder, thousands in one line of
the govern.toml, which no maintainer reads through: past :data:`MAX_PROPOSED`, globs that
differ in one folder name are written as one with ``*`` there when no other path of the tree
matches it, and what is still past the bound is left out, the note saying how many."""

from __future__ import annotations

import re
from collections import Counter

from govern.core.globs import Globs

MAX_PROPOSED = 50
"""Detected globs one key lists: a real repository's lists hold a few."""
MAX_FOLD_DEPTH = 8
"""How deep a folder name is looked at for a fold (each glob costs this many keys)."""
MAX_FOLDS = MAX_PROPOSED
"""Folds checked against the tree, the largest first: each check reads the paths once."""
_WILDCARD = re.compile(r"[*?\[\]\\!]")

_Place = tuple[int, str, str]
"""Where a glob's folder name may be folded: its position, the folders before it, the rest."""


def condensed(globs: list[str], paths: list[str]) -> tuple[list[str], str]:
    """``globs`` as proposed, and what was done to them ("" when nothing was): unchanged up
    to :data:`MAX_PROPOSED`; past it folded (:func:`folded`), then cut to the bound."""
    if len(globs) <= MAX_PROPOSED:
        return globs, ""
    folds = folded(globs, paths)
    written = [folds.get(glob, glob) for glob in globs]
    proposed = list(dict.fromkeys(written))
    said = []
    if folds:
        said.append(f"{len(folds):,} globs differing in one folder name written as "
                    f"{len(set(folds.values())):,}, with * there (no other path of the tree "
                    "matches them)")
    if len(proposed) > MAX_PROPOSED:
        said.append(f"{len(proposed) - MAX_PROPOSED:,} more left out, past {MAX_PROPOSED} "
                    f"(add those wanted by hand): {', '.join(proposed[MAX_PROPOSED:][:3])}, …")
    return proposed[:MAX_PROPOSED], "; ".join(said)


def folded(globs: list[str], paths: list[str]) -> dict[str, str]:
    """Each glob of ``globs`` that is folded with others differing in one folder name only
    (``p1/docs/**/*.md``, ``p2/docs/**/*.md``, …), with the glob written for them all
    (``*/docs/**/*.md``): at least three of them, whose fold matches no path of ``paths``
    that none of them matches."""
    places = {glob: _places(glob) for glob in globs}
    counts = Counter(place for found in places.values() for place in found)
    groups: dict[_Place, list[str]] = {}
    for glob, found in places.items():
        if found:  # each glob in the largest group it can join
            groups.setdefault(max(found, key=lambda p: (counts[p], -p[0])), []).append(glob)
    largest = sorted(((place, members) for place, members in groups.items()
                      if len(members) >= 3), key=lambda item: -len(item[1]))[:MAX_FOLDS]
    folds: dict[str, str] = {}
    for (depth, before, rest), members in largest:
        fold = "/" * members[0].startswith("/") + (before + "/" if before else "") + "*/" + rest
        names = {glob.lstrip("/").split("/")[depth] for glob in members}
        if not _matches_beyond(Globs((fold,)), depth, before, names, paths):
            folds.update(dict.fromkeys(members, fold))
    return folds


def _places(glob: str) -> list[_Place]:
    """Where ``glob`` may be folded: each of its first :data:`MAX_FOLD_DEPTH` folder names
    after folder names only (a glob whose start is a wildcard, or that has no ``/`` before
    its end and so matches at any depth, has none)."""
    parts = glob.lstrip("/").split("/")
    if "/" not in glob.rstrip("/"):
        return []
    found = []
    for depth, part in enumerate(parts[:min(len(parts) - 1, MAX_FOLD_DEPTH)]):
        if not part or _WILDCARD.search(part):
            break
        found.append((depth, "/".join(parts[:depth]), "/".join(parts[depth + 1:])))
    return found


def _matches_beyond(fold: Globs, depth: int, before: str, names: set[str],
                    paths: list[str]) -> bool:
    """Whether ``fold`` matches a path whose folder at ``depth`` (after the folders
    ``before``) is none of ``names``: one the globs folded did not match."""
    start = before + "/" if before else ""
    return any(path.startswith(start) and len(parts := path.split("/", depth + 1)) > depth
               and parts[depth] not in names and fold.matches(path) for path in paths)


MAX_NOTE = 2_000
"""Characters of a note init writes above a key: one naming thousands of folders is cut."""


def shortened(note: str) -> str:
    """``note``, cut after :data:`MAX_NOTE` characters at the end of a name, saying how much
    was left out."""
    if len(note) <= MAX_NOTE:
        return note
    cut = max(note.rfind(", ", 0, MAX_NOTE), note.rfind("; ", 0, MAX_NOTE), MAX_NOTE // 2)
    return f"{note[:cut]}, … ({len(note) - cut:,} more characters)"
