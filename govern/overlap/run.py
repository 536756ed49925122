"""The overlap orchestrator: reads the PRs from git, merges the prefiltered pairs (from the pair
cache, else in batched ``git merge-tree`` runs) and judges every pair into the matrix."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from itertools import combinations

from govern.core.errors import NoCommonHistory, NotJudged, ShallowClone, UnknownRef
from govern.core.globs import Globs
from govern.core.progress import Progress, no_progress
from govern.git.gitio import Git, RawChange
from govern.git.remedies import fetch_remedy
from govern.overlap.changed_paths import change_names, overlap_pull
from govern.overlap.judge import judge_pair
from govern.overlap.merge_tree import merge_outcome, parse_merge_tree
from govern.overlap.model import MergeOutcome, Overlap, OverlapPull, Ref, UnreadableRef
from govern.overlap.pair_cache import PairCache
from govern.overlap.prefilter import candidate_pairs
from govern.overlap.unreadable import missing_object, unreadable_ref

# Pairs per `git merge-tree --stdin` run: large enough that process start-up is noise, small
# enough that the progress line moves and a failing batch is cheap to diagnose.
MERGE_CHUNK = 64
# git processes run side by side (they are CPU-bound and share nothing but the object store).
GIT_WORKERS = max(1, min(4, os.cpu_count() or 1))

Skipped = Callable[[UnreadableRef], None]
"""Told each ref that cannot be read, as it is found (a long run says so at once)."""


def no_skip(ref: UnreadableRef) -> None:
    """Skipped refs nobody is told of until the matrix is done."""


def _changes_since_base(git: Git, base: str, base_sha: str, ref: Ref, head: str,
                        ) -> tuple[str, list[RawChange]]:
    """The PR's first merge base with the base, and what it changed since."""
    try:
        merge_base = git.merge_bases(base_sha, head)[0]
    except ShallowClone as exc:
        raise ShallowClone(base, ref.ref, exc.remedy) from None
    except NoCommonHistory:
        raise NoCommonHistory(base, ref.ref) from None
    return merge_base, git.changed_files(merge_base, head)


def _resolve_heads(git: Git, base: str, refs: Sequence[Ref],
                   ) -> tuple[str, list[tuple[Ref, str]], list[UnreadableRef]]:
    """The base's sha, each ref with its head, and the refs that name no commit. One ``git
    cat-file`` run answers for all; only when it names an unknown ref is each asked alone,
    so the rest still run (an unknown base stops everything)."""
    try:
        base_sha, *heads = git.resolve_commits([base, *(ref.ref for ref in refs)])
        return base_sha, list(zip(refs, heads, strict=True)), []
    except NotJudged:
        base_sha = git.resolve_commit(base)
    found: list[tuple[Ref, str]] = []
    unreadable: list[UnreadableRef] = []
    for ref in refs:  # one git process a ref, only on a run that has a broken one
        try:
            found.append((ref, git.resolve_commits([ref.ref])[0]))
        except NotJudged:
            unreadable.append(_unresolved(git, ref))
    return base_sha, found, unreadable


def _unresolved(git: Git, ref: Ref) -> UnreadableRef:
    """Why ``ref`` names no commit: it names an object this repository lacks, or nothing.
    (Not ``Git.unknown_ref``: its check for an empty repository trips over the broken ref.)"""
    status, out, _ = git.run_status("rev-parse", "--verify", "--quiet", "--end-of-options",
                                    ref.ref)
    sha = out.decode("utf-8", "replace").strip()
    if status == 0 and sha and git.run_status("cat-file", "-e", sha)[0] != 0:
        return missing_object(ref, sha)
    return unreadable_ref(ref, UnknownRef(ref.ref, fetch_remedy(ref.ref, git.remote_config())))


def _read_changes(git: Git, base: str, base_sha: str, ref: Ref, head: str,
                  ) -> tuple[str, list[RawChange]] | UnreadableRef:
    try:
        return _changes_since_base(git, base, base_sha, ref, head)
    except NotJudged as exc:
        return unreadable_ref(ref, exc)


def read_overlap_pulls(git: Git, base: str, refs: Sequence[Ref], ignore: Globs,
                       progress: Progress = no_progress, skipped: Skipped = no_skip,
                       ) -> tuple[str, list[OverlapPull], list[UnreadableRef]]:
    """The base's sha, every PR read in id order, and the refs that could not be read (each
    told to ``skipped`` as it is found). All refs are resolved before anything else runs:
    merge-tree stops a batch on an unknown ref, and a single merge-tree exits 1 for one
    exactly as for a conflict."""
    base_sha, found, unreadable = _resolve_heads(git, base, refs)
    for unknown in unreadable:
        skipped(unknown)
    moved: dict[str, tuple[int, frozenset[str]]] = {}
    prs = []
    # Two git processes per PR (git 2.39 has no batched merge-base): run them on every core.
    with ThreadPoolExecutor(max_workers=GIT_WORKERS) as pool:
        reads = pool.map(lambda pair: _read_changes(git, base, base_sha, *pair), found)
        for (ref, head), read in zip(found, reads, strict=True):
            if not isinstance(read, UnreadableRef):
                merge_base, changes = read
                try:  # PRs cut from the same commit share how far the base moved: ask once
                    if merge_base not in moved:
                        moved[merge_base] = (
                            git.count_commits(merge_base, base_sha),
                            frozenset(name for change in git.changed_files(merge_base, base_sha)
                                      for name in change_names(change)),
                        )
                    prs.append(overlap_pull(ref, head, merge_base, changes, ignore,
                                            *moved[merge_base]))
                except NotJudged as exc:
                    read = unreadable_ref(ref, exc)
            if isinstance(read, UnreadableRef):
                unreadable.append(read)
                skipped(read)
            progress("PRs read", len(prs) + len(unreadable), len(refs))
    return (base_sha, sorted(prs, key=lambda pr: pr.id),
            sorted(unreadable, key=lambda ref: ref.id))


def merge_pairs(git: Git, base_sha: str, prs: Sequence[OverlapPull],
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
            lambda chunk: git.merge_tree_batch([(prs[i].head, prs[j].head) for i, j in chunk],
                                               attributes_of=base_sha),
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
                    progress: Progress = no_progress, skipped: Skipped = no_skip) -> Overlap:
    """The matrix over ``refs`` against ``base`` (with ``focus``: only that PR's pairs); the
    refs that cannot be read are left out and listed in ``unreadable``."""
    base_sha, prs, unreadable = read_overlap_pulls(git, base, refs, ignore, progress, skipped)
    wanted = [(i, j) for i, j in combinations(range(len(prs)), 2)
              if focus is None or focus in (prs[i].id, prs[j].id)]
    candidates = candidate_pairs(prs)
    hits = pair_cache.hits
    outcomes = merge_pairs(git, base_sha, prs, [p for p in wanted if p in candidates],
                           pair_cache, progress)
    pairs = tuple(judge_pair(prs[i], prs[j], outcomes.get((i, j)), ignore) for i, j in wanted)
    return Overlap(base, tuple(prs), pairs, len(outcomes), pair_cache.hits - hits,
                   tuple(unreadable))
