"""PR overlap (docs/how-to/overlap.md): which open pull requests conflict with which, in which files
and hunks, and which of each conflicting pair has to rebase; one module per job, re-exported here.

The pure parts (model, prefilter, merge-tree parsing, conflict hunks, judging, attribution,
text) take plain values; ``run.compute_overlap`` is the one orchestrator that reads git and the
pair cache.
"""

from __future__ import annotations

from govern.overlap.attribution import report_for
from govern.overlap.changed_paths import overlap_pull
from govern.overlap.comment_targets import MARKER, comment_targets, told_after
from govern.overlap.conflict_hunks import parse_conflict_hunks
from govern.overlap.judge import judge_pair
from govern.overlap.merge_tree import (
    conflict_type,
    conflicted_paths,
    merge_outcome,
    parse_merge_tree,
)
from govern.overlap.model import (
    SCHEMA_VERSION,
    Conflict,
    ConflictHunk,
    MergeMessage,
    MergeOutcome,
    Overlap,
    OverlapPull,
    Pair,
    PrReport,
    Ref,
    Status,
    TreeMerge,
    UnreadableRef,
)
from govern.overlap.pair_cache import CACHE_MAX_ENTRIES, PairCache, decode_outcome, encode_outcome
from govern.overlap.prefilter import candidate_pairs
from govern.overlap.run import (
    GIT_WORKERS,
    MERGE_CHUNK,
    Progress,
    Skipped,
    compute_overlap,
    merge_pairs,
    no_progress,
    no_skip,
    read_overlap_pulls,
)
from govern.overlap.text import render_text, summary, unreadable_warning
from govern.overlap.told_record import ToldRecord

__all__ = [
    "CACHE_MAX_ENTRIES",
    "GIT_WORKERS",
    "MARKER",
    "MERGE_CHUNK",
    "SCHEMA_VERSION",
    "Conflict",
    "ConflictHunk",
    "MergeMessage",
    "MergeOutcome",
    "Overlap",
    "Pair",
    "PairCache",
    "PrReport",
    "Progress",
    "OverlapPull",
    "Ref",
    "Skipped",
    "Status",
    "ToldRecord",
    "TreeMerge",
    "UnreadableRef",
    "candidate_pairs",
    "comment_targets",
    "compute_overlap",
    "conflict_type",
    "conflicted_paths",
    "decode_outcome",
    "encode_outcome",
    "judge_pair",
    "merge_outcome",
    "merge_pairs",
    "no_progress",
    "no_skip",
    "parse_conflict_hunks",
    "parse_merge_tree",
    "overlap_pull",
    "read_overlap_pulls",
    "render_text",
    "report_for",
    "summary",
    "told_after",
    "unreadable_warning",
]
