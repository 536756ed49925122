"""The overlap matrix's model (docs/how-to/overlap.md): PRs, merge-tree results, conflicts and pair
verdicts, as frozen values that every other overlap module takes or returns."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cached_property
from typing import Any

SCHEMA_VERSION = 1


class Status(StrEnum):
    """What merging a pair of PRs found."""

    CLEAN = "clean"
    """merged without conflict"""
    CONFLICT = "conflict"
    """git reported at least one conflict outside ``overlap.ignore``"""
    SKIPPED = "skipped"
    """the PRs share no path, so the pair is clean without a merge"""


@dataclass(frozen=True)
class OverlapPull:
    """One open PR (or local ref) as the overlap matrix sees it: its changed paths since the
    merge base."""

    id: int
    """PR number with ``--github``; 1-based argument position for local refs."""
    ref: str
    """The ref as given (or ``refs/pull/N/head``)."""
    head: str
    merge_base: str
    """The first merge base of the head with the base."""
    names: frozenset[str]
    """Paths the PR changed since its merge base, rename sources included, minus ignored."""
    renamed_from: frozenset[str]
    """The rename sources among ``names``."""
    files: int
    """How many changed files (a rename counts once)."""
    behind: int
    """Commits on the base since the merge base."""
    behind_touching: tuple[str, ...]
    """The PR's paths that those commits also changed."""

    def label(self, github: bool) -> str:
        return f"#{self.id}" if github else self.ref

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "ref": self.ref, "head": self.head, "behind": self.behind,
                "behind_touching": list(self.behind_touching), "files": self.files}


@dataclass(frozen=True)
class ConflictHunk:
    """One conflict-marker block in the merged file."""

    start: int
    """1-based line of the ``<<<<<<<`` marker in the merged file."""
    end: int
    """1-based line of the ``>>>>>>>`` marker."""
    ours: str
    """The earlier PR's text."""
    theirs: str
    """The later PR's text."""

    def to_json(self) -> dict[str, Any]:
        return {"start": self.start, "end": self.end, "ours": self.ours, "theirs": self.theirs}


@dataclass(frozen=True)
class Conflict:
    """A conflicted path with git's conflict type and, where markers were written, hunks."""

    path: str
    type: str
    hunks: tuple[ConflictHunk, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "type": self.type,
                "hunks": [hunk.to_json() for hunk in self.hunks]}

    @staticmethod
    def from_json(data: dict[str, Any]) -> Conflict:
        """From a value a shipped schema admitted (the matrix JSON, the pair cache)."""
        return Conflict(data["path"], data["type"], tuple(
            ConflictHunk(h["start"], h["end"], h["ours"], h["theirs"]) for h in data["hunks"]))


@dataclass(frozen=True)
class MergeMessage:
    """One record of merge-tree's ``-z`` messages section."""

    paths: tuple[str, ...]
    kind: str
    """git's stable type string: ``Auto-merging``, ``CONFLICT (contents)``, …"""
    text: str


@dataclass(frozen=True)
class TreeMerge:
    """One merge as ``git merge-tree --write-tree --name-only --messages -z`` reports it."""

    clean: bool
    tree: str
    conflicted: tuple[str, ...]
    messages: tuple[MergeMessage, ...]


@dataclass(frozen=True)
class MergeOutcome:
    """What merging two heads found, before ``overlap.ignore``: the value the cache keeps."""

    clean: bool
    conflicts: tuple[Conflict, ...]
    involved: frozenset[str]


@dataclass(frozen=True)
class Pair:
    """A pair of PRs; ``a`` is always the earlier one (argument order, or PR number)."""

    a: int
    b: int
    status: Status
    conflicts: tuple[Conflict, ...] = ()
    auto_merged: tuple[str, ...] = ()
    """Paths both PRs changed that merged cleanly."""

    def to_json(self) -> dict[str, Any]:
        return {"a": self.a, "b": self.b, "status": str(self.status),
                "conflicts": [c.to_json() for c in self.conflicts],
                "auto_merged": list(self.auto_merged)}


@dataclass(frozen=True)
class Overlap:
    """The matrix: every PR and every pair evaluated (with ``--pr``: the focused PR's pairs)."""

    base: str
    prs: tuple[OverlapPull, ...]
    pairs: tuple[Pair, ...]
    merged: int
    """Pairs that needed a merge (after the prefilter), cached or not."""
    from_cache: int
    unreadable: tuple[UnreadableRef, ...] = ()
    """The refs that could not be read, left out of ``prs`` and ``pairs``."""

    def pr(self, ident: int) -> OverlapPull:
        return self._by_id[ident]

    def pairs_of(self, ident: int) -> tuple[Pair, ...]:
        """PR ``ident``'s pairs, in matrix order."""
        return self._pairs_by_pr.get(ident, ())

    # Indexes built once per matrix: reports and renderings look up every PR and each one's
    # pairs, and scanning ``prs`` or ``pairs`` per look-up made them cubic in the PRs.
    @cached_property
    def _by_id(self) -> dict[int, OverlapPull]:
        return {pr.id: pr for pr in reversed(self.prs)}  # the first PR of an id, as before

    @cached_property
    def _pairs_by_pr(self) -> dict[int, tuple[Pair, ...]]:
        found: dict[int, list[Pair]] = {}
        for pair in self.pairs:
            for ident in {pair.a, pair.b}:
                found.setdefault(ident, []).append(pair)
        return {ident: tuple(pairs) for ident, pairs in found.items()}

    def to_json(self) -> dict[str, Any]:
        data = {"schema_version": SCHEMA_VERSION, "base": self.base,
                "prs": [pr.to_json() for pr in self.prs],
                "pairs": [pair.to_json() for pair in self.pairs]}
        if self.unreadable:  # optional: a matrix that read every ref looks as it always did
            data["unreadable"] = [ref.to_json() for ref in self.unreadable]
        return data


@dataclass(frozen=True)
class PrReport:
    """One PR's view of the matrix: whom it conflicts with, split by who has to rebase."""

    pr: OverlapPull
    earlier: tuple[tuple[OverlapPull, Pair], ...]
    """Conflicting PRs opened earlier: this PR rebases after they land."""
    later: tuple[tuple[OverlapPull, Pair], ...]
    """Conflicting PRs opened later: they rebase after this one lands."""
    others: int
    """How many other PRs it was compared with."""

    @property
    def must_rebase(self) -> bool:
        return bool(self.earlier)


@dataclass(frozen=True)
class Ref:
    """A PR to read: its id (attribution order) and the ref naming its head."""

    id: int
    ref: str
    refetch: str | None = None
    """The command that fetches the head again (``--github``: from ``refs/pull/N/head``);
    None for a local ref, whose remedy git's remotes say."""


@dataclass(frozen=True)
class UnreadableRef:
    """A PR whose head or history could not be read (a missing object, a ref naming nothing,
    history cut off by a shallow clone): left out of the matrix, named with what to do."""

    id: int
    ref: str
    reason: str
    remedy: str

    def label(self, github: bool) -> str:
        return f"#{self.id}" if github else self.ref

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "ref": self.ref, "reason": self.reason, "remedy": self.remedy}
