"""Benchmark: ``govern check docs-refs --all`` on a synthetic repository (10,000 Python modules
in 40 packages, 400 docs pages each naming 30 qualified names, a tenth of them wrong), cold
(no cache) and warm, against a naive baseline measured in the same run.

The baseline is what a hand-grown script does: for every reference, one ``git grep`` for its
definition (``def name`` / ``class name``) over the tree. It is given govern's own reference
list, so only resolving is compared.

    python benchmarks/docs_refs.py [--modules N] [--pages N] [--sample N]
"""

from __future__ import annotations

import argparse
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks.affected_docs import fast_import  # noqa: E402


def module(pkg: int, mod: int) -> str:
    return (f"class Widget{mod}:\n    def render(self, value):\n        return value\n\n"
            f"    def reset(self):\n        self.state = None\n\n\n"
            f"def compute_{mod}(items):\n    return sum(items)\n")


def generate(root: Path, modules: int, pages: int) -> None:
    rng = random.Random(7)
    files: dict[str, str] = {"pyproject.toml": '[project]\nname = "bench"\n'}
    per_package = max(1, modules // 40)
    names: list[str] = []
    for pkg in range(40):
        files[f"src/pkg{pkg}/__init__.py"] = ""
        for mod in range(per_package):
            files[f"src/pkg{pkg}/mod{mod}.py"] = module(pkg, mod)
            names += [f"pkg{pkg}.mod{mod}.Widget{mod}.render", f"pkg{pkg}.mod{mod}.compute_{mod}"]
    for number in range(pages):
        lines = [f"# Page {number}", ""]
        for _ in range(30):
            name = rng.choice(names)
            if rng.random() < 0.1:
                name = name.replace("render", "draw").replace("compute_", "calc_")
            lines.append(f"Call `{name}()` when the widget changes.")
        files[f"docs/page{number}.md"] = "\n".join(lines) + "\n"
    root.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", "-b", "main", str(root)], check=True)
    subprocess.run(["git", "-C", str(root), "fast-import", "--quiet"],
                   input=fast_import(files, "main", None, "bench"), check=True)
    subprocess.run(["git", "-C", str(root), "reset", "-q", "--hard", "main"], check=True)


def run_govern(root: Path) -> tuple[float, str]:
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "govern", "--repo-dir", str(root), "check",
                           "docs-refs", "--all", "--format", "json"], capture_output=True,
                          text=True)
    return time.perf_counter() - start, proc.stdout


def baseline(root: Path, names: list[str]) -> float:
    start = time.perf_counter()
    for name in names:
        leaf = name.rsplit(".", 1)[-1]
        subprocess.run(["git", "-C", str(root), "grep", "-q", "-E",
                        f"(def|class) {leaf}\\b", "HEAD", "--", "*.py"], capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--modules", type=int, default=10_000)
    parser.add_argument("--pages", type=int, default=400)
    parser.add_argument("--sample", type=int, default=300,
                        help="references the baseline resolves (it is extrapolated to all)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="govern-bench-docsrefs-"))
    try:
        root = folder / "repo"
        generate(root, args.modules, args.pages)
        cold, _ = run_govern(root)
        warm, out = run_govern(root)
        import json

        result = json.loads(out)
        names = [f["name"] for f in result["findings"]]
        refs = result["summary"]["checked"]
        sample = (names * (args.sample // max(1, len(names)) + 1))[: args.sample]
        naive = baseline(root, sample) * refs / max(1, len(sample))
        print(f"{args.modules} modules, {args.pages} pages, {refs} references, "
              f"{result['summary']['missing']} missing")
        print(f"govern cold {cold:.2f} s, warm {warm:.2f} s; naive (one git grep per "
              f"reference, extrapolated from {len(sample)}) {naive:.1f} s")
        print(f"ratio warm/naive {warm / naive:.3f}, cold/naive {cold / naive:.3f}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
