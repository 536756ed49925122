"""PR overlap (DESIGN §8): which open pull requests conflict with which, in which files and
hunks, and which of each conflicting pair has to rebase.

The model and its pure parts (prefilter, merge-tree parsing, conflict hunks, attribution, text
rendering) come first; ``compute_overlap`` at the end is the one orchestrator that reads git
and the pair cache, so everything above it is testable from plain values.
"""

from __future__ import annotations

import os
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations
from pathlib import Path
from typing import Any

from govern import cache
from govern.errors import NoCommonHistory, NotJudged, ShallowClone
from govern.gitio import Git, RawChange
from govern.globs import Globs

SCHEMA_VERSION = 1

MARKER = "<!-- govern:overlap -->"
"""The template's first line: how a PR's sticky overlap comment is found again."""

# Pairs per `git merge-tree --stdin` run: large enough that process start-up is noise, small
# enough that the progress line moves and a failing batch is cheap to diagnose.
MERGE_CHUNK = 64
# git processes run side by side (they are CPU-bound and share nothing but the object store).
GIT_WORKERS = max(1, min(4, os.cpu_count() or 1))

# The cache keeps this run's pairs and as many older ones as fit, so it stays bounded on a
# repository where PR heads move all day.
CACHE_MAX_ENTRIES = 50_000

Progress = Callable[[str, int, int], None]
"""Told ``(what, done, total)`` as a long matrix advances: ``("PRs read", 3, 100)``."""


def no_progress(what: str, done: int, total: int) -> None:
    """The progress of a run nobody watches."""


class Status(StrEnum):
    """What merging a pair of PRs found."""

    CLEAN = "clean"
    """merged without conflict"""
    CONFLICT = "conflict"
    """git reported at least one conflict outside ``overlap.ignore``"""
    SKIPPED = "skipped"
    """the PRs share no path, so the pair is clean without a merge"""


@dataclass(frozen=True)
class PullRequest:
    """One open PR (or local ref) as the matrix sees it."""

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
    """Every path a conflict record names (rename sources, moved-aside files included)."""



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
    prs: tuple[PullRequest, ...]
    pairs: tuple[Pair, ...]
    merged: int
    """Pairs that needed a merge (after the prefilter), cached or not."""
    from_cache: int

    def pr(self, ident: int) -> PullRequest:
        return next(pr for pr in self.prs if pr.id == ident)

    def to_json(self) -> dict[str, Any]:
        return {"schema_version": SCHEMA_VERSION, "base": self.base,
                "prs": [pr.to_json() for pr in self.prs],
                "pairs": [pair.to_json() for pair in self.pairs]}


@dataclass(frozen=True)
class PrReport:
    """One PR's view of the matrix: whom it conflicts with, split by who has to rebase."""

    pr: PullRequest
    earlier: tuple[tuple[PullRequest, Pair], ...]
    """Conflicting PRs opened earlier: this PR rebases after they land."""
    later: tuple[tuple[PullRequest, Pair], ...]
    """Conflicting PRs opened later: they rebase after this one lands."""
    others: int
    """How many other PRs it was compared with."""

    @property
    def must_rebase(self) -> bool:
        return bool(self.earlier)


# -- prefilter --------------------------------------------------------------------------------

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


def candidate_pairs(prs: Sequence[PullRequest]) -> set[tuple[int, int]]:
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


# -- reading merge-tree's output --------------------------------------------------------------

def parse_merge_tree(fields: Sequence[str]) -> list[TreeMerge]:
    """Read the NUL-separated fields of ``git merge-tree --write-tree --stdin -z --name-only
    --messages``: per merge a status (1 clean, 0 conflict: the reverse of the exit code), the
    tree, the conflicted paths, an empty field, then message records (a path count, the
    paths, a type, a message), then an empty field."""
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
        while fields[at]:
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
    """git's conflict type of a message record in DESIGN §8's vocabulary; None when the
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


_OPEN = re.compile(r"(<{7,})(?: |$)")


def parse_conflict_hunks(text: str) -> tuple[ConflictHunk, ...]:
    """The conflict-marker blocks of a merged file, with 1-based marker lines.

    The marker length is read from each opening marker (``conflict-marker-size`` may change
    it, and an inner conflict of a virtual merge base uses longer ones).
    """
    lines = text.splitlines(keepends=True)
    bare = [line.rstrip("\r\n") for line in lines]
    hunks: list[ConflictHunk] = []
    at = 0
    while at < len(lines):
        opening = _OPEN.match(bare[at])
        close = _block_end(bare, at, len(opening[1])) if opening else None
        if close is None:
            at += 1
            continue
        middle, end = close
        hunks.append(ConflictHunk(at + 1, end + 1, "".join(lines[at + 1: middle]),
                                  "".join(lines[middle + 1: end])))
        at = end + 1
    return tuple(hunks)


def _block_end(bare: Sequence[str], start: int, size: int) -> tuple[int, int] | None:
    """Lines of the ``=======`` and ``>>>>>>>`` markers closing the block opened at start."""
    middle = next((i for i in range(start + 1, len(bare)) if bare[i] == "=" * size), None)
    if middle is None:
        return None
    end = next((i for i in range(middle + 1, len(bare))
                if bare[i].startswith(">" * size) and bare[i][size: size + 1] in ("", " ")),
               None)
    return None if end is None else (middle, end)


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


# -- judging pairs and attribution ------------------------------------------------------------

def judge_pair(a: PullRequest, b: PullRequest, outcome: MergeOutcome | None,
               ignore: Globs) -> Pair:
    """The pair's verdict: skipped without a merge, else the merge's conflicts outside
    ``overlap.ignore`` (a lockfile clash is regenerated, not resolved)."""
    if outcome is None:
        return Pair(a.id, b.id, Status.SKIPPED)
    conflicts = tuple(c for c in outcome.conflicts if not ignore.matches(c.path))
    # An unclean merge with no conflict record at all still conflicts (git's own warning:
    # an empty conflicted list is not a clean merge).
    conflicting = bool(conflicts) or (not outcome.clean and not outcome.conflicts)
    touched = outcome.involved | {c.path for c in outcome.conflicts}
    auto_merged = tuple(sorted((a.names & b.names) - touched))
    return Pair(a.id, b.id, Status.CONFLICT if conflicting else Status.CLEAN, conflicts,
                auto_merged)


def report_for(overlap: Overlap, ident: int) -> PrReport:
    """PR ``ident``'s conflicts, split into earlier PRs (it must rebase) and later ones."""
    pr = overlap.pr(ident)
    earlier, later = [], []
    others = 0
    for pair in overlap.pairs:
        if ident not in (pair.a, pair.b):
            continue
        others += 1
        if pair.status is not Status.CONFLICT:
            continue
        if pair.b == ident:
            earlier.append((overlap.pr(pair.a), pair))
        else:
            later.append((overlap.pr(pair.b), pair))
    return PrReport(pr, tuple(earlier), tuple(later), others)


def comment_targets(overlap: Overlap, told: frozenset[int], focus: int | None
                    ) -> list[PrReport]:
    """The PRs whose sticky comment ``--post`` writes, in id order: each that conflicts with an
    earlier PR (the later PR of a pair is the one told, DESIGN §8), and each an earlier run
    told so that no longer does, whose comment would otherwise stay wrong. With ``focus``,
    only that PR: the other PRs' pairs were not all merged."""
    ids = [focus] if focus is not None else [pr.id for pr in overlap.prs]
    reports = [report_for(overlap, ident) for ident in ids]
    return [report for report in reports if report.must_rebase or report.pr.id in told]


def told_after(told: frozenset[int], overlap: Overlap, posted: Sequence[PrReport],
               delivered: Iterable[int]) -> frozenset[int]:
    """The PRs whose comment says "rebase" after this run: those told now, and those told
    before that are still open and whose comment this run could not correct (a degraded
    delivery is retried next run)."""
    still_open = told & {pr.id for pr in overlap.prs}
    corrected = {r.pr.id for r in posted if not r.must_rebase} & set(delivered)
    return frozenset((still_open - corrected) | {r.pr.id for r in posted if r.must_rebase})


def summary(overlap: Overlap) -> str:
    """One line: PRs, pairs by status, and how many merges the prefilter saved."""
    counts = {status: 0 for status in Status}
    for pair in overlap.pairs:
        counts[pair.status] += 1
    return (f"{len(overlap.prs)} PR(s) against {overlap.base}, {len(overlap.pairs)} pair(s): "
            f"{counts[Status.CONFLICT]} conflict, {counts[Status.CLEAN]} clean, "
            f"{counts[Status.SKIPPED]} skipped (no shared path); "
            f"{overlap.merged} merged ({overlap.from_cache} from cache)")


def _lines(conflict: Conflict) -> str:
    spans = ", ".join(f"{hunk.start}–{hunk.end}" for hunk in conflict.hunks)
    return f"{conflict.type}, lines {spans}" if spans else conflict.type


def render_text(overlap: Overlap, github: bool) -> str:
    """The conflicting pairs, one per line, each with its files, types and hunk lines."""
    out = []
    for pair in overlap.pairs:
        if pair.status is not Status.CONFLICT:
            continue
        a, b = overlap.pr(pair.a), overlap.pr(pair.b)
        files = "; ".join(f"{c.path} ({_lines(c)})" for c in pair.conflicts)
        out.append(f"{b.label(github)} conflicts with earlier {a.label(github)}: {files}")
    return "\n".join(out)


# -- the pair cache ---------------------------------------------------------------------------
# JSON with strict decoders: CI restores these files with actions/cache, so their bytes may
# come from another run; a value of the wrong shape makes the whole file an empty cache.

def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"expected a string, got {type(value).__name__}")
    return value


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise TypeError(f"expected a list, got {type(value).__name__}")
    return value


def _line(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ValueError(f"expected a line number, got {value!r}")
    return value


def encode_outcome(outcome: MergeOutcome) -> dict[str, Any]:
    return {"clean": outcome.clean, "conflicts": [c.to_json() for c in outcome.conflicts],
            "involved": sorted(outcome.involved)}


def decode_outcome(data: Any) -> MergeOutcome:
    """A cached MergeOutcome; TypeError, ValueError or KeyError on any other shape."""
    if not isinstance(data["clean"], bool):
        raise TypeError("clean is not a boolean")
    conflicts = tuple(
        Conflict(_text(c["path"]), _text(c["type"]),
                 tuple(ConflictHunk(_line(h["start"]), _line(h["end"]), _text(h["ours"]),
                                    _text(h["theirs"])) for h in _list(c["hunks"])))
        for c in _list(data["conflicts"]))
    return MergeOutcome(data["clean"], conflicts,
                        frozenset(_text(path) for path in _list(data["involved"])))


class PairCache:
    """``(base, head a, head b)`` → MergeOutcome under the git common dir (shared by worktrees;
    CI restores it with actions/cache), versioned by ``govern.cache``. It only saves work:
    an unreadable file is an empty cache."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._old: dict[str, MergeOutcome] = cache.load_json(path, decode_outcome)
        self._used: dict[str, MergeOutcome] = {}
        self.hits = 0

    @staticmethod
    def for_repository(common_dir: Path) -> PairCache:
        return PairCache(cache.cache_dir(common_dir) / "overlap-pairs.json")

    @staticmethod
    def key(base: str, a: str, b: str) -> str:
        return f"{base} {a} {b}"

    def get(self, key: str) -> MergeOutcome | None:
        outcome = self._used.get(key) or self._old.get(key)
        if outcome is None:
            return None
        self._used[key] = outcome
        self.hits += 1
        return outcome

    def put(self, key: str, outcome: MergeOutcome) -> None:
        self._used[key] = outcome

    def save(self) -> None:
        """Keep this run's pairs plus the newest older ones, up to CACHE_MAX_ENTRIES."""
        if not self._used:
            return
        older = [(k, v) for k, v in self._old.items() if k not in self._used]
        room = max(0, CACHE_MAX_ENTRIES - len(self._used))
        kept = dict(older[len(older) - room:] if room else [])
        kept.update(self._used)
        cache.save_json(self.path, kept, encode_outcome)


class ToldRecord:
    """Which PRs ``--post`` last told to rebase, per repository and base branch, beside the
    pair cache (so CI's actions/cache carries it too): a PR whose conflict went away gets its
    comment corrected without listing every open PR's comments. Lost with the cache, it only
    means a stale comment stays until that PR conflicts again."""

    def __init__(self, common_dir: Path, repo: str, branch: str) -> None:
        self.path = cache.cache_dir(common_dir) / "overlap-told.json"
        self.key = f"{repo} {branch}"

    @staticmethod
    def _decode(data: Any) -> frozenset[int]:
        if not isinstance(data, list) or not all(
                isinstance(n, int) and not isinstance(n, bool) for n in data):
            raise TypeError("expected a list of PR numbers")
        return frozenset(data)

    def _load(self) -> dict[str, frozenset[int]]:
        return cache.load_json(self.path, self._decode)

    def read(self) -> frozenset[int]:
        return self._load().get(self.key, frozenset())

    def save(self, told: frozenset[int]) -> None:
        cache.save_json(self.path, {**self._load(), self.key: told}, sorted)


# -- the orchestrator -------------------------------------------------------------------------

@dataclass(frozen=True)
class Ref:
    """A PR to read: its id (attribution order) and the ref naming its head."""

    id: int
    ref: str


def pull_request_of(ref: Ref, head: str, merge_base: str, changes: Sequence[RawChange],
                    ignore: Globs, behind: int, base_moved: frozenset[str]) -> PullRequest:
    """A PR from its changes since the merge base, ``overlap.ignore`` applied, and what the
    base changed since (``base_moved``: every path, rename sources included)."""
    kept = [c for c in changes if not all(ignore.matches(name) for name in _names(c))]
    names = frozenset(name for c in kept for name in _names(c) if not ignore.matches(name))
    renamed_from = frozenset(c.old_path for c in kept if c.old_path is not None) & names
    return PullRequest(ref.id, ref.ref, head, merge_base, names, renamed_from, len(kept),
                       behind, tuple(sorted(names & base_moved)))


def _names(change: RawChange) -> tuple[str, ...]:
    return (change.path,) if change.old_path is None else (change.old_path, change.path)


def _changes_since_base(git: Git, base: str, base_sha: str, ref: Ref, head: str,
                        ) -> tuple[str, list[RawChange]]:
    """The PR's first merge base with the base, and what it changed since."""
    try:
        merge_base = git.merge_bases(base_sha, head)[0]
    except ShallowClone:
        raise ShallowClone(base, ref.ref) from None
    except NoCommonHistory:
        raise NoCommonHistory(base, ref.ref) from None
    return merge_base, git.changed_files(merge_base, head)


def read_pull_requests(git: Git, base: str, refs: Sequence[Ref], ignore: Globs,
                       progress: Progress = no_progress) -> tuple[str, list[PullRequest]]:
    """The base's sha and every PR in id order. All refs are resolved before anything else
    runs: merge-tree stops a batch on an unknown ref, and a single merge-tree exits 1 for one
    exactly as for a conflict."""
    base_sha, *heads = git.resolve_commits([base, *(ref.ref for ref in refs)])
    moved: dict[str, tuple[int, frozenset[str]]] = {}
    prs = []
    # Two git processes per PR (git 2.39 has no batched merge-base): run them on every core.
    with ThreadPoolExecutor(max_workers=GIT_WORKERS) as pool:
        read = pool.map(lambda pair: _changes_since_base(git, base, base_sha, *pair),
                        zip(refs, heads, strict=True))
        for ref, head, (merge_base, changes) in zip(refs, heads, read, strict=True):
            # PRs cut from the same commit share how far the base moved: ask once per base.
            if merge_base not in moved:
                moved[merge_base] = (
                    git.count_commits(merge_base, base_sha),
                    frozenset(name for change in git.changed_files(merge_base, base_sha)
                              for name in _names(change)),
                )
            prs.append(pull_request_of(ref, head, merge_base, changes, ignore,
                                       *moved[merge_base]))
            progress("PRs read", len(prs), len(refs))
    return base_sha, sorted(prs, key=lambda pr: pr.id)


def merge_pairs(git: Git, base_sha: str, prs: Sequence[PullRequest],
                pairs: Sequence[tuple[int, int]], pair_cache: PairCache,
                progress: Progress = no_progress) -> dict[tuple[int, int], MergeOutcome]:
    """The outcome of each index pair: from the cache, else from batched merge-tree runs."""
    outcomes: dict[tuple[int, int], MergeOutcome] = {}
    to_merge: list[tuple[int, int]] = []
    for i, j in pairs:
        hit = pair_cache.get(PairCache.key(base_sha, prs[i].head, prs[j].head))
        if hit is None:
            to_merge.append((i, j))
        else:
            outcomes[i, j] = hit
    chunks = [to_merge[start: start + MERGE_CHUNK]
              for start in range(0, len(to_merge), MERGE_CHUNK)]
    done = 0
    # Each merge costs git ~2 ms of CPU (merge-ort writes the result's objects), so batches
    # run side by side on every core; results are read back in order on this thread, which
    # alone talks to the blob reader.
    with ThreadPoolExecutor(max_workers=GIT_WORKERS) as pool:
        batches = pool.map(
            lambda chunk: git.merge_tree_batch([(prs[i].head, prs[j].head) for i, j in chunk]),
            chunks)
        for chunk, fields in zip(chunks, batches, strict=True):
            for (i, j), merge in zip(chunk, parse_merge_tree(fields), strict=True):
                outcome = merge_outcome(merge,
                                        lambda tree, path: git.blobs.read(f"{tree}:{path}"))
                outcomes[i, j] = outcome
                pair_cache.put(PairCache.key(base_sha, prs[i].head, prs[j].head), outcome)
            done += len(chunk)
            progress("pairs merged", done, len(to_merge))
    pair_cache.save()
    return outcomes


def compute_overlap(git: Git, base: str, refs: Sequence[Ref], ignore: Globs,
                    pair_cache: PairCache, focus: int | None = None,
                    progress: Progress = no_progress) -> Overlap:
    """The matrix over ``refs`` against ``base`` (with ``focus``: only that PR's pairs)."""
    base_sha, prs = read_pull_requests(git, base, refs, ignore, progress)
    wanted = [(i, j) for i, j in combinations(range(len(prs)), 2)
              if focus is None or focus in (prs[i].id, prs[j].id)]
    candidates = candidate_pairs(prs)
    hits = pair_cache.hits
    outcomes = merge_pairs(git, base_sha, prs, [p for p in wanted if p in candidates],
                           pair_cache, progress)
    pairs = tuple(judge_pair(prs[i], prs[j], outcomes.get((i, j)), ignore) for i, j in wanted)
    return Overlap(base, tuple(prs), pairs, len(outcomes), pair_cache.hits - hits)
