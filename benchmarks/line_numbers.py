"""Benchmark: where a row's line numbers should come from (docs/decisions/sqlite-docs-index.md).

Either the index stores each token's lines when a page is scanned (every page, cold), or the
lines are found for the listed pages only, when rows are built (what govern does). This times
both on a real corpus: the scan alone, what recording every non-plain token's lines adds to
it, and finding the lines of two anchors on ``--rows`` pages.

    python benchmarks/line_numbers.py --repo PATH [--glob 'content/docs/**/*.mdx'] [--rows 64]
"""

from __future__ import annotations

import argparse
import random
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from govern.drift.docs.index import is_plain
from govern.drift.docs.lines import LineMap, _words_of, mention_lines
from govern.drift.docs.scanner import _RAW_TOKEN, scan_page


def best_of(run: Callable[[], Any], times: int = 3) -> tuple[float, Any]:
    results = []
    for _ in range(times):
        start = time.perf_counter()
        out = run()
        results.append((time.perf_counter() - start, out))
    return min(results, key=lambda r: r[0])


def lines_of_every_token(texts: list[str]) -> int:
    """What storing lines in the index would compute for each page: every token's lines."""
    entries = 0
    for text in texts:
        lines = LineMap(text)
        found: dict[str, list[int]] = {}
        for match in _RAW_TOKEN.finditer(text):
            for word in _words_of(match.group()):
                if not is_plain(word):
                    found.setdefault(word, []).append(lines.line(match.start()))
        entries += sum(len(v) for v in found.values())
    return entries


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", type=Path, required=True)
    parser.add_argument("--glob", default="content/docs/**/*.mdx")
    parser.add_argument("--rows", type=int, default=64)
    args = parser.parse_args()
    paths = subprocess.run(["git", "-C", str(args.repo), "ls-files", args.glob],
                           capture_output=True, text=True, check=True).stdout.split()
    texts = [(args.repo / p).read_text(encoding="utf-8", errors="replace") for p in paths]
    scan, _ = best_of(lambda: [scan_page(t, p) for t, p in zip(texts, paths, strict=True)])
    every, entries = best_of(lambda: lines_of_every_token(texts))
    sample = random.Random(7).sample(range(len(texts)), min(args.rows, len(texts)))
    tokens = sorted({w for i in sample for w in scan_page(texts[i], paths[i]).words
                     if not is_plain(w)})[:2]
    rows, _ = best_of(lambda: [mention_lines(texts[i], paths[i], token, "written")
                               for i in sample for token in tokens])
    print(f"{len(texts)} pages: scan {scan:.3f} s; recording every token's lines adds "
          f"{every:.3f} s ({every / scan:.0%}) and {entries} line entries to store; "
          f"lines of {len(tokens)} anchors on {len(sample)} listed pages: {rows * 1000:.1f} ms")


if __name__ == "__main__":
    main()
