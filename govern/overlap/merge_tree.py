"""Reading ``git merge-tree``'s ``-z`` output: the merges of a batch, each conflict's type in
docs/how-to/overlap.md vocabulary, and a merge's outcome with the hunks of its conflicted files."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Sequence

from govern.core.errors import NotJudged
from govern.overlap.conflict_hunks import parse_conflict_hunks
from govern.overlap.model import Conflict, MergeMessage, MergeOutcome, TreeMerge


def parse_merge_tree(fields: Sequence[str]) -> list[TreeMerge]:
    """Read the NUL-separated fields of ``git merge-tree --write-tree --stdin -z --name-only
    --messages``: per merge a status (1 clean, 0 conflict: the reverse of the exit code), the
    tree, the conflicted paths, an empty field, then message records (a path count, the
    paths, a type, a message) and free-text advice, then an empty field."""
    merges: list[TreeMerge] = []
    at = 0
    while at < len(fields):
        status, tree = fields[at], fields[at + 1]
        if status not in ("0", "1"):
            raise NotJudged(f"git merge-tree could not merge (status {status})",
                            remedy="check the repository with `git fsck`")
        at += 2
        conflicted: list[str] = []
        while fields[at]:
            conflicted.append(fields[at])
            at += 1
        at += 1
        messages: list[MergeMessage] = []
        while at < len(fields) and fields[at]:
            if not fields[at].isdigit():
                # advice git 2.39 prints in free text after the records of a merge with a
                # conflicted submodule, in place of the empty field that ends them: kept as a
                # message of no path and no type, and the merge's last field
                messages.append(MergeMessage((), "", fields[at]))
                break
            count = int(fields[at])
            paths = tuple(fields[at + 1: at + 1 + count])
            at += 1 + count
            messages.append(MergeMessage(paths, fields[at], fields[at + 1]))
            at += 2
        at += 1
        merges.append(TreeMerge(status == "1", tree, tuple(conflicted), tuple(messages)))
    return merges


_CONFLICT_KIND = re.compile(r"CONFLICT \((.+)\)")
# The types that only say "the contents clashed". Any other type on the same path says more
# and is the one reported (a binary clash also gets a `contents` record).
_CONTENT_TYPES = ("content", "add/add")


def conflict_type(message: MergeMessage) -> str | None:
    """git's conflict type of a message record in docs/how-to/overlap.md vocabulary; None when the
    record is informational (``Auto-merging``)."""
    match = _CONFLICT_KIND.fullmatch(message.kind)
    if match is None:
        return None
    kind = match[1]
    if kind == "contents":
        # git 2.39 types both a content and an add/add clash `CONFLICT (contents)`; only the
        # message (`CONFLICT (add/add): Merge conflict in …`) tells them apart.
        return "add/add" if message.text.startswith("CONFLICT (add/add)") else "content"
    if kind == "file/directory":
        return "directory/file"
    if kind.startswith("submodule"):
        return "submodule"
    return kind


def _pick_type(types: Sequence[str]) -> str:
    specific = [kind for kind in types if kind not in _CONTENT_TYPES]
    if specific:
        return specific[0]
    return "add/add" if "add/add" in types else types[0]


def conflicted_paths(merge: TreeMerge) -> list[tuple[str, str]]:
    """``(path, type)`` for each conflict of a merge, in git's path order.

    git's conflicted-path list is authoritative for which paths conflict; the message records
    give each its type. A conflict record naming no listed path (some directory-rename
    conflicts) is reported under its first path, so no conflict goes unreported.
    """
    types: dict[str, list[str]] = defaultdict(list)
    unlisted: list[tuple[str, str]] = []
    listed = set(merge.conflicted)
    for message in merge.messages:
        kind = conflict_type(message)
        if kind is None:
            continue
        for path in message.paths:
            types[path].append(kind)
        if message.paths and listed.isdisjoint(message.paths):
            unlisted.append((message.paths[0], kind))
    return [(path, _pick_type(types[path]) if types[path] else "unknown")
            for path in merge.conflicted] + unlisted


def merge_outcome(merge: TreeMerge, read_merged: Callable[[str, str], bytes | None],
                  ) -> MergeOutcome:
    """A merge's conflicts with their hunks, read from the result tree's blobs."""
    conflicts = []
    for path, kind in conflicted_paths(merge):
        data = read_merged(merge.tree, path)
        text = data.decode("utf-8", "replace") if data is not None else ""
        conflicts.append(Conflict(path, kind, parse_conflict_hunks(text)))
    involved = frozenset(
        path for message in merge.messages if conflict_type(message) is not None
        for path in message.paths
    )
    return MergeOutcome(merge.clean, tuple(conflicts), involved)
