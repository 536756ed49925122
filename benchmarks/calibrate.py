"""Benchmark: ``govern calibrate`` over 200 cases of a mid-size repository, against a naive
replay measured in the same run (issue 11).

The repository is generated (or, with ``--repo``, an existing clone is used):
  --modules 400     Python modules in one package, four functions each
  --pages 150       docs pages (md and rst), each naming a few functions in prose and code
  --cases 200       commits that change one or two functions and edit a docs page (most
                    often one naming a changed function), among commits that touch code only

The naive replay is what a script without govern's plumbing does for each case: add a
temporary worktree at the parent, check the case's code files out into it, commit, and run
``govern affected-docs`` in a fresh process on that commit, then remove the worktree. It is
timed on ``--baseline-cases`` cases (default 30) and compared per case, so the ratio holds
without paying for 200 naive replays.

    python benchmarks/calibrate.py [--repo DIR] [--modules N] [--pages N] [--cases N]
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

WORDS = ("the of and to in is that for it as with was on be by this are from or have an "
         "they which one you were all we when your can there use each how about many then "
         "them these so some would make like into time has look more write see").split()


def module(mod: int, revision: dict[str, int]) -> str:
    body = []
    for fn in range(4):
        name = f"compute_m{mod}_f{fn}"
        body.append(f"def {name}(items):\n    factor = {revision.get(name, 1)}\n"
                    f"    return [item * factor for item in items]\n\n\n")
    return "".join(body)


def page(rng: random.Random, index: int, names: list[str], revision: int) -> str:
    suffix = "md" if index % 3 else "rst"
    prose = " ".join(rng.choice(WORDS) for _ in range(120))
    named = " ".join(f"``{name}``" if suffix == "rst" else f"`{name}`" for name in names)
    return f"Page {index}\n=======\n\n{prose}\n\nSee {named}.\n\nRevision {revision}.\n"


def _blob(data: str) -> bytes:
    raw = data.encode()
    return b"data %d\n%s\n" % (len(raw), raw)


def generate(root: Path, modules: int, pages: int, cases: int, seed: int = 7) -> None:
    """A repository whose history holds ``cases`` co-changes of code and docs."""
    rng = random.Random(seed)
    subprocess.run(["git", "init", "-q", "-b", "main", str(root)], check=True)
    functions = [f"compute_m{m}_f{f}" for m in range(modules) for f in range(4)]
    named = {p: rng.sample(functions, 3) for p in range(pages)}
    naming = {}
    for p, names in named.items():
        for name in names:
            naming.setdefault(name, []).append(p)
    revision: dict[str, int] = {}
    page_revision = dict.fromkeys(range(pages), 0)
    files = {f"src/pkg/m{m}.py": module(m, revision) for m in range(modules)}
    files |= {f"docs/page{p}.{'md' if p % 3 else 'rst'}": page(rng, p, named[p], 0)
              for p in range(pages)}
    files["pyproject.toml"] = '[project]\nname = "pkg"\n'
    stream = bytearray()
    stamp = 1_700_000_000

    def commit(changed: dict[str, str], message: str) -> None:
        nonlocal stamp
        stamp += 3600
        stream.extend(b"commit refs/heads/main\n")
        stream.extend(b"committer Bench <bench@example.invalid> %d +0000\n" % stamp)
        stream.extend(_blob(message))
        for path, text in changed.items():
            stream.extend(f"M 100644 inline {path}\n".encode() + _blob(text))
        stream.extend(b"\n")

    commit(files, "initial")
    for i in range(cases * 2):
        # a case changes a documented function; code-only commits change any function
        touched = rng.sample(sorted(naming) if i % 2 == 0 else functions, rng.choice((1, 2)))
        for name in touched:
            revision[name] = revision.get(name, 1) + 1
        mods = {int(name.split("_")[1][1:]) for name in touched}  # compute_m12_f3 -> 12
        changed = {f"src/pkg/m{m}.py": module(m, revision) for m in mods}
        if i % 2 == 0:  # every other commit is a case: code and a page, most often one naming it
            pool = naming.get(touched[0]) if rng.random() < 0.7 else None
            p = rng.choice(pool) if pool else rng.randrange(pages)
            page_revision[p] += 1
            changed[f"docs/page{p}.{'md' if p % 3 else 'rst'}"] = page(
                random.Random(p), p, named[p], page_revision[p])
        commit(changed, f"change {i}")
    subprocess.run(["git", "-C", str(root), "fast-import", "--quiet"], input=bytes(stream),
                   check=True)
    subprocess.run(["git", "-C", str(root), "checkout", "-q", "main"], check=True)


def git(root: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True,
                          check=True).stdout


def run_calibrate(root: Path, limit: int) -> tuple[float, dict]:
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "govern", "--repo-dir", str(root), "calibrate",
                           "--json", "--quiet", "--no-suggest", "--limit", str(limit)],
                          capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"calibrate failed ({proc.returncode}): {proc.stderr}")
    return elapsed, json.loads(proc.stdout)


def naive_replay(root: Path, cases: list[dict]) -> float:
    """A temporary worktree per case, the code files checked out, a commit, a fresh govern."""
    start = time.perf_counter()
    for case in cases:
        sha = case["commit"]
        code = [p for p in git(root, "diff", "--name-only", f"{sha}^", sha).split()
                if not p.startswith("docs/")]
        with tempfile.TemporaryDirectory() as scratch:
            tree = Path(scratch) / "wt"
            git(root, "worktree", "add", "-q", "--detach", str(tree), f"{sha}^")
            git(tree, "checkout", sha, "--", *code)
            git(tree, "-c", "user.name=b", "-c", "user.email=b@example.invalid", "commit",
                "-q", "--no-verify", "-m", "code only")
            subprocess.run([sys.executable, "-m", "govern", "--repo-dir", str(tree),
                            "affected-docs", "--json", "HEAD~1"], capture_output=True,
                           check=True)
            git(root, "worktree", "remove", "--force", str(tree))
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", type=Path, help="an existing clone instead of a generated one")
    parser.add_argument("--modules", type=int, default=400)
    parser.add_argument("--pages", type=int, default=150)
    parser.add_argument("--cases", type=int, default=200)
    parser.add_argument("--baseline-cases", type=int, default=30)
    args = parser.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="govern-bench-calibrate-"))
    try:
        root = args.repo or scratch / "repo"
        if args.repo is None:
            start = time.perf_counter()
            generate(root, args.modules, args.pages, args.cases)
            print(f"generated {args.modules} modules, {args.pages} pages, "
                  f"{git(root, 'rev-list', '--count', 'HEAD').strip()} commits in "
                  f"{time.perf_counter() - start:.1f}s")
        cold, report = run_calibrate(root, args.cases)  # a generated repository has no cache
        warm, _ = run_calibrate(root, args.cases)
        cases = report["cases"]
        print(f"calibrate: {cases} cases, pooled recall {report['pooled_recall']}, "
              f"{report['rows']['mean']} rows/case")
        print(f"  cold {cold:.1f}s ({cold / cases:.3f}s/case), warm {warm:.1f}s "
              f"({warm / cases:.3f}s/case); target: {args.cases} cases under 120s")
        sample = report["per_case"][:args.baseline_cases]
        naive = naive_replay(root, sample)
        per_naive = naive / len(sample)
        print(f"naive replay (worktree + checkout + commit + fresh affected-docs): "
              f"{len(sample)} cases in {naive:.1f}s ({per_naive:.3f}s/case)")
        print(f"ratio naive / calibrate per case: cold {per_naive / (cold / cases):.1f}x, "
              f"warm {per_naive / (warm / cases):.1f}x")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
