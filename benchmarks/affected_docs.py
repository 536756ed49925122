"""Benchmark: ``govern affected-docs`` on a large synthetic monorepo, cold and warm, against a
naive baseline measured in the same run.

Generator parameters (defaults match issue 2):
  --source-files 20000   Python and TypeScript modules, half each, in 40 packages
  --pages 5000           docs pages of ~10 KB (md, mdx, rst), each naming ~20 identifiers of
                         which 3 are real symbols and the rest look like code but are not
  --pr-files 50          source files the PR branch changes (one line inside a function)
  --registrars 200       route registrar files (Express-style, one route per handler) whose
                         handlers call the modules' functions, on branches main-r / pr-r
  --ledger-rows 500      rows of a TS route ledger binding those routes to SDK methods

The route scan's cost is the time of (main-r, pr-r) over (main, pr): the same diff and corpus,
with and without registrars and a ledger to read.

The baseline is what a hand-grown script does: read every page, then one regex search per
anchor over every page. It is given govern's own anchor list, so only matching is compared.

    python benchmarks/affected_docs.py [--source-files N] [--pages N] [--pr-files N]
                                       [--skip-baseline]

``--skip-baseline`` times govern alone: the naive baseline takes minutes at the defaults.
"""

from __future__ import annotations

import argparse
import compileall
import json
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

WORDS = ("the of and to in is that for it as with was on be by this are from or have an "
         "they which one you were all we when your can there use each how about many then "
         "them these so some would make like into time has look more write see number way "
         "could people than first water been call who oil its now find long down day did get "
         "come made may part").split()


def python_module(pkg: int, mod: int) -> str:
    return (
        f'"""Module {mod} of package {pkg}."""\n\n\n'
        f"class Widget{pkg}x{mod}:\n"
        f"    def render_p{pkg}_{mod}(self, value):\n"
        f"        scaled = value * {mod}\n"
        f"        return scaled\n\n"
        f"    def reset_p{pkg}_{mod}(self):\n"
        f"        return None\n\n\n"
        f"def compute_p{pkg}_{mod}(items):\n"
        f"    total = 0\n"
        f"    for item in items:\n"
        f"        total += item\n"
        f"    return total\n"
    )


def ts_module(pkg: int, mod: int) -> str:
    return (
        f"export interface Options{pkg}x{mod} {{\n"
        f"  pageSize: number;\n"
        f"  cursor?: string;\n"
        f"}}\n\n"
        f"export function fetchT{pkg}x{mod}(options: Options{pkg}x{mod}) {{\n"
        f"  const limit = options.pageSize * {mod};\n"
        f"  return limit;\n"
        f"}}\n\n"
        f"export class Client{pkg}x{mod} {{\n"
        f"  loadItems() {{\n"
        f"    return [{mod}];\n"
        f"  }}\n"
        f"}}\n"
    )


def symbols(pkg: int, mod: int, python: bool) -> list[str]:
    if python:
        return [f"Widget{pkg}x{mod}.render_p{pkg}_{mod}", f"compute_p{pkg}_{mod}"]
    return [f"fetchT{pkg}x{mod}", f"Client{pkg}x{mod}.loadItems"]


def page(rng: random.Random, real: list[str], n: int, suffix: str) -> str:
    names = rng.sample(real, 3) + [f"fakeName{rng.randrange(10**6)}" for _ in range(17)]
    out = [f"# Page {n}\n" if suffix != ".rst" else f"Page {n}\n{'=' * 10}\n"]
    size = 0
    while size < 10_000:
        sentence = " ".join(rng.choice(WORDS) for _ in range(14))
        if names:
            sentence += f" `{names.pop()}`"
        out.append(sentence + ".\n")
        size += len(sentence) + 2
    return "".join(out)


def fast_import(files: dict[str, str], branch: str, parent: str | None, message: str) -> bytes:
    chunks = [f"commit refs/heads/{branch}\n"
              f"committer bench <bench@example.invalid> 1700000000 +0000\n"
              f"data {len(message)}\n{message}\n".encode()]
    if parent:
        chunks.append(f"from {parent}\n".encode())
    for path, text in files.items():
        data = text.encode()
        chunks.append(f"M 100644 inline {path}\ndata {len(data)}\n".encode() + data + b"\n")
    return b"".join(chunks)


def route_files(modules: list[tuple[str, int, int, bool]], registrars: int,
                ledger_rows: int) -> dict[str, str]:
    """Registrar files whose handlers call TS modules' functions, and a route ledger."""
    ts_modules = [(pkg, mod) for _path, pkg, mod, python in modules if not python]
    per_file = max(1, len(ts_modules) // max(1, registrars))
    files: dict[str, str] = {}
    for n in range(registrars):
        chunk = ts_modules[n * per_file:(n + 1) * per_file]
        files[f"services/api/src/routes/r{n}.ts"] = "".join(
            f"router.get('/api/v1/p{pkg}/m{mod}/:id', (c) => fetchT{pkg}x{mod}(c));\n"
            for pkg, mod in chunk)
    rows = "".join(
        f"  {{ route: 'GET /api/v1/p{pkg}/m{mod}/:id', client: 'p{pkg}.getM{mod}' }},\n"
        for pkg, mod in ts_modules[:ledger_rows])
    files["services/sdk/src/route-ledger.ts"] = f"export const LEDGER = [\n{rows}];\n"
    return files


def generate(root: Path, source_files: int, pages: int, pr_files: int, registrars: int,
             ledger_rows: int) -> None:
    rng = random.Random(7)
    subprocess.run(["git", "init", "-q", "-b", "main", str(root)], check=True)
    files: dict[str, str] = {}
    real: list[str] = []
    per_package = max(1, source_files // 40)
    modules = []
    for index in range(source_files):
        pkg, mod = divmod(index, per_package)
        python = pkg % 2 == 0
        if mod == 0:
            manifest = ("pyproject.toml", f'[project]\nname = "py{pkg}"\n') if python else (
                "package.json", f'{{"name": "@bench/ts{pkg}"}}\n')
            files[f"packages/p{pkg}/{manifest[0]}"] = manifest[1]
        path = (f"packages/p{pkg}/src/p{pkg}/m{mod}.py" if python
                else f"packages/p{pkg}/src/m{mod}.ts")
        files[path] = python_module(pkg, mod) if python else ts_module(pkg, mod)
        real.extend(symbols(pkg, mod, python))
        modules.append((path, pkg, mod, python))
    for n in range(pages):
        suffix = (".md", ".mdx", ".rst")[n % 3]
        files[f"docs/s{n % 50}/page{n}{suffix}"] = page(rng, real, n, suffix)
    stream = fast_import(files, "main", None, "base")
    changed = {}
    for path, _pkg, mod, python in rng.sample(modules, pr_files):
        text = files[path]
        changed[path] = (text.replace(f"value * {mod}", f"value * {mod + 1}") if python
                         else text.replace(f"pageSize * {mod}", f"pageSize * {mod + 1}"))
    stream += fast_import(changed, "pr", "refs/heads/main", "pr")
    stream += fast_import(route_files(modules, registrars, ledger_rows), "main-r",
                          "refs/heads/main", "routes")
    stream += fast_import(changed, "pr-r", "refs/heads/main-r", "pr")
    subprocess.run(["git", "-C", str(root), "fast-import", "--quiet"], input=stream, check=True)
    subprocess.run(["git", "-C", str(root), "checkout", "-q", "main"], check=True)


# Runs the CLI and reports its own peak RSS (children such as git are small and excluded).
_PROBE = (
    "import resource, sys\n"
    "from govern.cli import cli\n"
    "try:\n"
    "    cli.main(args=sys.argv[1:], prog_name='govern')\n"
    "finally:\n"
    "    sys.stderr.write(f'maxrss={resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}')\n"
)


def run_govern(root: Path, head: str = "pr", base: str = "main",
               cold: bool = False) -> tuple[float, float, dict]:
    """(wall seconds, peak RSS in MB, JSON result) of one affected-docs run."""
    if cold:
        shutil.rmtree(root / ".git" / "govern", ignore_errors=True)
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", _PROBE, "--repo-dir", str(root),
                           "affected-docs", "--json", "--head", head, base],
                          capture_output=True, check=True)
    elapsed = time.perf_counter() - start
    peak_kb = int(proc.stderr.decode().rsplit("maxrss=", 1)[1])
    return elapsed, peak_kb / 1024, json.loads(proc.stdout)


def baseline(root: Path, anchors: list[str]) -> tuple[float, int]:
    """Read every page, then one regex search per anchor per page."""
    start = time.perf_counter()
    listing = subprocess.run(["git", "-C", str(root), "ls-tree", "-r", "--name-only", "pr",
                              "docs"], capture_output=True, text=True, check=True).stdout
    paths = listing.split()
    batch = subprocess.run(["git", "-C", str(root), "cat-file", "--batch"],
                           input="".join(f"pr:{p}\n" for p in paths).encode(),
                           capture_output=True, check=True).stdout
    texts, offset = [], 0
    while offset < len(batch):
        header_end = batch.index(b"\n", offset)
        size = int(batch[offset:header_end].split()[2])
        texts.append(batch[header_end + 1 : header_end + 1 + size].decode())
        offset = header_end + 2 + size
    hits = 0
    for token in anchors:
        pattern = re.compile(rf"(?<![\w$.]){re.escape(token)}(?![\w$])")
        hits += sum(1 for text in texts if pattern.search(text))
    return time.perf_counter() - start, hits


def compile_govern() -> None:
    """Byte-compile govern as pip does when it installs it, so a run is not timed compiling
    its own modules (a checkout under PYTHONDONTWRITEBYTECODE never caches them)."""
    import govern

    compileall.compile_dir(Path(govern.__file__).parent, quiet=1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source-files", type=int, default=20_000)
    parser.add_argument("--pages", type=int, default=5_000)
    parser.add_argument("--pr-files", type=int, default=50)
    parser.add_argument("--registrars", type=int, default=200)
    parser.add_argument("--ledger-rows", type=int, default=500)
    parser.add_argument("--skip-baseline", action="store_true",
                        help="time govern only, not the naive baseline")
    args = parser.parse_args()
    compile_govern()
    root = Path(tempfile.mkdtemp(prefix="govern-bench-")) / "repo"
    try:
        start = time.perf_counter()
        generate(root, args.source_files, args.pages, args.pr_files, args.registrars,
                 args.ledger_rows)
        print(f"generated {args.source_files} source files, {args.pages} pages, "
              f"{args.pr_files}-file PR, {args.registrars} registrars, {args.ledger_rows}-row "
              f"ledger in {time.perf_counter() - start:.1f} s")
        cold, peak_mb, result = run_govern(root, cold=True)
        warm, warm_peak_mb, _ = run_govern(root)
        anchors = [a["token"] for a in result["anchors"]]
        print(f"anchors: {len(anchors)}, pages listed: {len(result['docs'])}")
        print(f"govern cold: {cold:.2f} s (peak RSS {peak_mb:.0f} MB)   "
              f"warm: {warm:.2f} s (peak RSS {warm_peak_mb:.0f} MB)")
        if not args.skip_baseline:
            naive, hits = baseline(root, anchors)
            print(f"naive baseline: {naive:.2f} s, {hits} page hits")
            print(f"ratio baseline/cold: {naive / cold:.1f}x   "
                  f"baseline/warm: {naive / warm:.1f}x")
        routes_cold, _, routed = run_govern(root, "pr-r", "main-r", cold=True)
        routes_warm, _, _ = run_govern(root, "pr-r", "main-r")
        kinds = [a["kind"] for a in routed["anchors"]]
        print(f"with registrars and ledger: {kinds.count('route')} route and "
              f"{kinds.count('sdk')} sdk anchor(s); cold {routes_cold:.2f} s "
              f"({routes_cold / cold:.2f}x the run without), warm {routes_warm:.2f} s "
              f"({routes_warm / warm:.2f}x)")
    finally:
        shutil.rmtree(root.parent, ignore_errors=True)


if __name__ == "__main__":
    main()
