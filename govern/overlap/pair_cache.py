"""The pair cache: each merged pair's outcome, kept as JSON under the git common dir so a run
merges only the pairs whose heads moved (not ``govern.core.cache``, which it stores through)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from govern.core import cache
from govern.overlap.model import Conflict, MergeOutcome

# The cache keeps this run's pairs and as many older ones as fit, so it stays bounded on a
# repository where PR heads move all day.
CACHE_MAX_ENTRIES = 50_000


def encode_outcome(outcome: MergeOutcome) -> dict[str, Any]:
    return {"clean": outcome.clean, "conflicts": [c.to_json() for c in outcome.conflicts],
            "involved": sorted(outcome.involved)}


def decode_outcome(data: Any) -> MergeOutcome:
    """A cached MergeOutcome, from a value ``schemas/cache-overlap-pairs.schema.json`` admitted."""
    conflicts = tuple(Conflict.from_json(c) for c in data["conflicts"])
    return MergeOutcome(data["clean"], conflicts, frozenset(data["involved"]))


class PairCache:
    """``(base, head a, head b)`` → MergeOutcome under the git common dir (shared by worktrees;
    CI restores it with actions/cache), versioned by ``govern.core.cache``. It only saves work:
    an unreadable file is an empty cache."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._old: dict[str, MergeOutcome] = cache.load_json(
            path, "cache-overlap-pairs.schema.json", decode_outcome)
        self._used: dict[str, MergeOutcome] = {}
        self.hits = 0

    @staticmethod
    def for_repository(common_dir: Path) -> PairCache:
        # v2: outcomes merged with the base's attributes; older ones may hold a checkout's
        return PairCache(cache.cache_dir(common_dir) / "overlap-pairs-v2.json")

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
