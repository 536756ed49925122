"""Benchmark: ``govern affected-docs`` against the script it replaces, side by side (issue 12).

The script is objectstack-ai/objectstack's ``scripts/docs-audit/affected-docs.mjs`` (node),
taken from that repository at ``--script-rev``; both tools run on the same checkout of each of
the ten PRs its ``scripts/docs-audit/README.md`` table measures, diffing the PR's commit
against its first parent, over the same corpus (``content/docs/**/*.mdx`` minus the generated
``content/docs/references/**``; ``content/docs/releases/**`` release-owned). Runs alternate
(script, govern warm, govern cold, in a rotating order each round) so load on the machine
falls on both alike, and the report gives the median of the paired ratios
govern / script: warm (the govern cache from the previous run kept) and cold (no govern cache,
as on a fresh CI runner). Targets: warm <= 0.5x, cold <= 2x.

A third govern process is timed in the same rotation: *start-up*, which starts the interpreter
and imports every module the PR's warm run imported, and does nothing else. Its ratio to the
script is the floor under any warm ratio a one-process-per-run govern can reach on that PR.
A fourth is *resident*: a warm run in a process that outlives it (started, and given another
PR's run first, before the clock starts), timed from the request to the answer: what a
resident govern would cost, with no start-up at all.

    python benchmarks/side_by_side.py --repo PATH_TO_OBJECTSTACK_GIT [--rounds 5]

``--repo`` is a full-history clone (bare or not) of objectstack-ai/objectstack; it is cloned
to a temporary folder, never modified. Skipped, with a message, where node or the repository
is absent. Blobs the clone lacks (a snapshot may leave out files of 4 MiB and more) are left
out of the checkout, for both tools alike.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from affected_docs import compile_govern  # this folder is on sys.path when run as a script

PRS = (
    ("#9191", "3b0b61ceb"),
    ("0668f02a6", "0668f02a6"),
    ("75b7c240a", "75b7c240a"),
    ("07ad42463", "07ad42463"),
    ("7a537ce90", "7a537ce90"),
    ("445ae4deb", "445ae4deb"),
    ("30b1c636a", "30b1c636a"),
    ("650cd3daa", "650cd3daa"),
    ("3851f87f0", "3851f87f0"),
    ("d5156b965", "d5156b965"),
)
"""The rows of the script's README table: (label, commit). #9191 is its squash commit."""

GOVERN_TOML = """\
[docs]
paths = ["content/docs/**/*.mdx"]
exclude = ["content/docs/references/**"]
release_owned = ["content/docs/releases/**"]
"""


def git(repo: Path, *args: str) -> bytes:
    return subprocess.run(["git", "-C", str(repo), *args], capture_output=True,
                          check=True).stdout


def checkout(work: Path, commit: str) -> None:
    """``commit`` in the work tree, as a CI job checks it out: every file, except the blobs
    the clone lacks (git names them and goes on; both tools see them absent, and govern's
    ``git status`` lists them as deleted)."""
    subprocess.run(["git", "-C", str(work), "checkout", "-q", "-f", commit],
                   capture_output=True, check=False)  # git complains about missing blobs
    git(work, "clean", "-fdq")
    if git(work, "rev-parse", "HEAD").decode().strip() != git(
            work, "rev-parse", commit).decode().strip():
        raise SystemExit(f"could not check out {commit}")


def timed(argv: list[str], cwd: Path) -> tuple[float, dict]:
    """Wall time of ``argv`` and the JSON it printed (empty for the start-up process)."""
    start = time.perf_counter()
    proc = subprocess.run(argv, cwd=cwd, capture_output=True, check=False)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} exited {proc.returncode}: "
                         f"{proc.stderr.decode(errors='replace')[-2000:]}")
    return elapsed, json.loads(proc.stdout) if proc.stdout.strip() else {}


def cold(cache: Path, argv: list[str], cwd: Path) -> tuple[float, dict]:
    """:func:`timed` with no govern cache, as on a fresh CI runner."""
    shutil.rmtree(cache, ignore_errors=True)
    return timed(argv, cwd)


def startup_argv(govern_argv: list[str], cwd: Path) -> list[str]:
    """A process that imports what a run of ``govern_argv`` imports, in the same order (as
    ``-X importtime`` lists them), and does no work. The run's failed attempts (a platform's
    module, an optional backend not installed) are attempted again."""
    proc = subprocess.run([govern_argv[0], "-X", "importtime", *govern_argv[1:]], cwd=cwd,
                          capture_output=True, check=True)
    names = [line.rpartition("|")[2].strip() for line in proc.stderr.decode().splitlines()
             if line.startswith("import time:") and not line.endswith("imported package")]
    replay = (f"for name in {names!r}:\n    try:\n        __import__(name)\n"
              "    except ImportError:\n        pass\n")
    return [govern_argv[0], "-c", replay]


RESIDENT = """\
import contextlib, io, json, sys, time
import govern
from govern.cli import cli
govern.collect_less()
for line in sys.stdin:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            code = cli.main(args=json.loads(line), prog_name="govern", standalone_mode=False)
        except SystemExit as exc:
            code = exc.code
        except Exception as exc:
            code = repr(exc)
    sys.__stdout__.write(json.dumps([code or 0, out.getvalue()]) + "\\n")
    sys.__stdout__.flush()
"""
"""A govern that outlives its runs: each line of its input is a run's arguments, each line of
its output the run's exit code (or the exception it raised) and what it printed."""


def resident(python: str, warm_up: list[str], argv: list[str], cwd: Path) -> tuple[float, dict]:
    """Wall time of a run of ``argv`` in a resident govern, from the request to the answer,
    and the JSON it printed; the process is started and given ``warm_up`` first (another PR:
    a resident process has served runs before, never this one, whose trees it would keep)."""
    proc = subprocess.Popen([python, "-c", RESIDENT], cwd=cwd, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert proc.stdin is not None and proc.stdout is not None
    try:
        for arguments in (warm_up, argv):
            start = time.perf_counter()
            proc.stdin.write(json.dumps(arguments) + "\n")
            proc.stdin.flush()
            answer = proc.stdout.readline()
            elapsed = time.perf_counter() - start
            if not answer:
                raise SystemExit(f"the resident govern exited on {' '.join(arguments)}")
            code, printed = json.loads(answer)
            if code != 0:  # the warm-up's too: a failed run warms nothing
                raise SystemExit(f"a resident run of {' '.join(arguments)} ended with {code}")
    finally:
        proc.stdin.close()
        proc.wait()
    return elapsed, json.loads(printed)


def script_rows(result: dict) -> int:
    return len(result["docs"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", type=Path, help="a full-history clone of objectstack")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--script-rev", default="HEAD",
                        help="the commit of the repository the script is taken from")
    args = parser.parse_args()
    node = shutil.which("node")
    if node is None:
        print("skipped: node is not installed")
        return
    if args.repo is None or not args.repo.exists():
        print("skipped: no objectstack repository given (--repo)")
        return
    compile_govern()
    root = Path(tempfile.mkdtemp(prefix="govern-side-by-side-"))
    try:
        run(root, args.repo, node, args.rounds, args.script_rev)
    finally:
        shutil.rmtree(root, ignore_errors=True)


def run(root: Path, repo: Path, node: str, rounds: int, script_rev: str) -> None:
    work = root / "objectstack"
    subprocess.run(["git", "clone", "-q", "--shared", "--no-checkout", str(repo), str(work)],
                   check=True)
    script_dir = root / "script"
    script_dir.mkdir()
    archive = git(work, "archive", script_rev, "scripts")
    subprocess.run(["tar", "-x", "-C", str(script_dir)], input=archive, check=True)
    script = script_dir / "scripts" / "docs-audit" / "affected-docs.mjs"
    config = root / "govern.toml"
    config.write_text(GOVERN_TOML)
    cache = work / ".git" / "govern"
    version = subprocess.check_output([node, "--version"]).decode().strip()
    print(f"script from {git(work, 'rev-parse', '--short', script_rev).decode().strip()}, "
          f"{rounds} round(s) per PR, node {version}")
    print()
    print("| PR | script rows | govern rows | script s | govern warm s | govern cold s "
          "| start-up s | resident s | warm ratio | cold ratio | start-up ratio "
          "| resident ratio |")
    print("|:--|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|")
    ratios: dict[str, list[float]] = {"warm": [], "cold": [], "start-up": [], "resident": []}
    totals = [0, 0]
    for at, (label, commit) in enumerate(PRS):
        checkout(work, commit)
        parent = f"{commit}^"
        node_argv = [node, str(script), "--json", parent]
        arguments = ["--repo-dir", str(work), "affected-docs", "--config", str(config), "--json",
                     "--head", commit, parent]
        other = PRS[at - 1][1]  # the resident process's run before this PR's
        warm_up = [*arguments[:-3], "--head", other, f"{other}^"]
        govern_argv = [sys.executable, "-m", "govern", *arguments]
        shutil.rmtree(cache, ignore_errors=True)
        timed(govern_argv, work)  # warms the cache for the first warm run
        replay = startup_argv(govern_argv, work)
        runs: dict[str, Callable[[], tuple[float, dict]]] = {
            "script": partial(timed, node_argv, work),
            "warm": partial(timed, govern_argv, work),
            "cold": partial(cold, cache, govern_argv, work),
            "start-up": partial(timed, replay, work),
            "resident": partial(resident, sys.executable, warm_up, arguments, work),
        }
        times: dict[str, list[float]] = {what: [] for what in runs}
        outputs: dict[str, dict] = {}
        for n in range(rounds):
            order = list(runs)
            order = order[n % len(order):] + order[:n % len(order)]
            for what in order:
                elapsed, outputs[what] = runs[what]()
                times[what].append(elapsed)
            for what, paired in ratios.items():
                paired.append(times[what][-1] / times["script"][-1])
        rows = (script_rows(outputs["script"]), len(outputs["warm"]["docs"]))
        if outputs["resident"]["docs"] != outputs["warm"]["docs"]:
            raise SystemExit(f"{label}: the resident run listed other rows than the warm run")
        totals = [totals[0] + rows[0], totals[1] + rows[1]]
        med = {what: statistics.median(values) for what, values in times.items()}
        print(f"| {label} | {rows[0]} | {rows[1]} | {med['script']:.2f} | {med['warm']:.2f} | "
              f"{med['cold']:.2f} | {med['start-up']:.2f} | {med['resident']:.2f} | "
              + " | ".join(f"{med[what] / med['script']:.2f}x" for what in ratios) + " |")
    print(f"| **total rows** | {totals[0]} | {totals[1]} | | | | | | | | | |")
    print()
    median = {what: statistics.median(paired) for what, paired in ratios.items()}
    print(f"median paired ratio govern/script: warm {median['warm']:.2f}x (target <= 0.5x), "
          f"cold {median['cold']:.2f}x (target <= 2x), start-up alone {median['start-up']:.2f}x, "
          f"resident {median['resident']:.2f}x, over {len(ratios['warm'])} pairs")


if __name__ == "__main__":
    main()
