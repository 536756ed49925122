"""The told record: which PRs ``--post`` last told to rebase, kept beside the pair cache so a
later run can correct the comment of a PR whose conflict went away."""

from __future__ import annotations

from pathlib import Path

from govern.core import cache


class ToldRecord:
    """Which PRs ``--post`` last told to rebase, per repository and base branch, beside the
    pair cache (so CI's actions/cache carries it too): a PR whose conflict went away gets its
    comment corrected without listing every open PR's comments. Lost with the cache, it only
    means a stale comment stays until that PR conflicts again."""

    def __init__(self, common_dir: Path, repo: str, branch: str) -> None:
        self.path = cache.cache_dir(common_dir) / "overlap-told.json"
        self.key = f"{repo} {branch}"

    def _load(self) -> dict[str, frozenset[int]]:
        return cache.load_json(self.path, "cache-overlap-told.schema.json", frozenset)

    def read(self) -> frozenset[int]:
        return self._load().get(self.key, frozenset())

    def save(self, told: frozenset[int]) -> None:
        cache.save_json(self.path, {**self._load(), self.key: told}, sorted)
