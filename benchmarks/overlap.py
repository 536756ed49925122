"""Benchmark ``govern overlap`` against the naive way (one ``git merge-tree`` per pair).

Generator (``git fast-import``, one process, no checkouts): a base commit of FILES text files
of 30 lines; PRS branches cut from it, each changing 1–5 files; HOT files are touched by
HOT_SHARE of the PRs (one hot file each, on its first line, so PRs sharing a hot file
conflict); every other change rewrites one random line of a random cold file. Seeded, so
every run builds the same repository.

It times, in the same run: the naive baseline over all pairs, ``govern overlap --json`` cold
(empty cache, as on a fresh CI runner) and warm, checks that both find the same conflicting
pairs, and prints the counts and the ratio.

    python benchmarks/overlap.py [--files 2000] [--prs 100] [--hot 10] [--hot-share 0.2]
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from itertools import combinations
from pathlib import Path

LINES = 30


def _data(text: str) -> bytes:
    raw = text.encode()
    return b"data %d\n%s\n" % (len(raw), raw)


def _file_text(path: str, edits: dict[int, str]) -> str:
    return "".join(edits.get(i, f"{path} line {i}") + "\n" for i in range(LINES))


def generate(root: Path, files: int, prs: int, hot: int, hot_share: float,
             seed: int) -> list[str]:
    """Build the repository; returns the PR branch names in PR order."""
    rng = random.Random(seed)
    paths = [f"pkg{i % 40:02d}/mod{i:04d}.txt" for i in range(files)]
    hot_paths, cold_paths = paths[:hot], paths[hot:]
    stream = [b"commit refs/heads/main\nmark :1\n",
              b"committer Bench <bench@example.com> 1700000000 +0000\n", _data("base"),
              *(b"M 100644 inline %s\n%s" % (p.encode(), _data(_file_text(p, {})))
                for p in paths)]
    hot_prs = set(rng.sample(range(prs), round(prs * hot_share)))
    names = []
    for n in range(prs):
        name = f"pr/{n + 1:03d}"
        names.append(name)
        count = rng.randint(1, 5)
        changes: dict[str, dict[int, str]] = {}
        if n in hot_prs:
            changes[rng.choice(hot_paths)] = {0: f"hot edit by {name}"}
        while len(changes) < count:
            changes.setdefault(rng.choice(cold_paths),
                               {rng.randrange(LINES): f"edit by {name}"})
        stream += [f"commit refs/heads/{name}\n".encode(),
                   b"committer Bench <bench@example.com> 1700000100 +0000\n",
                   _data(name), b"from :1\n"]
        stream += [b"M 100644 inline %s\n%s" % (p.encode(), _data(_file_text(p, e)))
                   for p, e in changes.items()]
    subprocess.run(["git", "init", "-q", "-b", "main", str(root)], check=True)
    subprocess.run(["git", "-C", str(root), "fast-import", "--quiet"],
                   input=b"".join(stream), check=True)
    return names


def naive(root: Path, names: list[str]) -> tuple[float, set[tuple[int, int]]]:
    """One `git merge-tree --write-tree` process per pair; exit 1 means a conflict."""
    start = time.perf_counter()
    conflicts = set()
    for (i, a), (j, b) in combinations(enumerate(names, start=1), 2):
        status = subprocess.run(["git", "-C", str(root), "merge-tree", "--write-tree",
                                 "--name-only", "--messages", a, b],
                                capture_output=True).returncode
        if status not in (0, 1):
            raise SystemExit(f"git merge-tree failed on {a} {b}")
        if status == 1:
            conflicts.add((i, j))
    return time.perf_counter() - start, conflicts


def govern(root: Path, names: list[str]) -> tuple[float, dict]:
    start = time.perf_counter()
    # Through main(), not `-m govern.cli`: that would load the CLI module twice.
    out = subprocess.run([sys.executable, "-c", "from govern.cli import main; main()",
                          "--repo-dir", str(root),
                          "overlap", "--json", "main", "--", *names],
                         capture_output=True, check=True).stdout
    return time.perf_counter() - start, json.loads(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=2000)
    parser.add_argument("--prs", type=int, default=100)
    parser.add_argument("--hot", type=int, default=10)
    parser.add_argument("--hot-share", type=float, default=0.2)
    parser.add_argument("--seed", type=int, default=6)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="govern-overlap-bench-") as tmp:
        root = Path(tmp) / "repo"
        start = time.perf_counter()
        names = generate(root, args.files, args.prs, args.hot, args.hot_share, args.seed)
        built = time.perf_counter() - start
        cold, result = govern(root, names)
        warm, again = govern(root, names)
        baseline, naive_conflicts = naive(root, names)
    pairs = result["pairs"]
    found = {(p["a"], p["b"]) for p in pairs if p["status"] == "conflict"}
    merged = sum(p["status"] != "skipped" for p in pairs)
    if found != naive_conflicts or again != result:
        raise SystemExit(f"disagreement: govern {sorted(found)} vs naive "
                         f"{sorted(naive_conflicts)}")
    print(f"repository: {args.files} files, {args.prs} PRs, {args.hot} hot files touched by "
          f"{args.hot_share:.0%} of PRs (seed {args.seed}); generated in {built:.2f} s")
    print(f"pairs: {len(pairs)} total, {merged} merged after the prefilter, "
          f"{len(found)} conflicting (same set as the baseline)")
    print(f"naive baseline (one merge-tree per pair, {len(pairs)} processes): {baseline:.2f} s")
    print(f"govern overlap cold: {cold:.2f} s  ({baseline / cold:.1f}x faster)")
    print(f"govern overlap warm (pair cache): {warm:.2f} s  ({baseline / warm:.1f}x faster)")


if __name__ == "__main__":
    main()
