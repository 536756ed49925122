"""Replay: on a repository's own history, how many of the docs lines that still name a public
name a commit removed or renamed does ``govern check docs-refs`` (diff mode) report?

For each non-merge first-parent commit, the public names its Python modules and classes lost
(a name present in the parent's symbol table and absent from the commit's) are the removals.
The *oracle* is textual: a docs line at the commit that writes ``Container.name`` (the name
with its module's or class's last component), or a distinctive removed name bare, in any form
(prose included). A hit is an oracle line diff mode reports. Every finding diff mode makes is
listed too, for reading by hand (precision).

    python benchmarks/docs_refs_replay.py REPO [--limit N] [--config FILE]
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from govern.config import load_config  # noqa: E402
from govern.docsrefs.model import Status  # noqa: E402
from govern.docsrefs.python_table import PythonTable  # noqa: E402
from govern.docsrefs.references import parse_references  # noqa: E402
from govern.docsrefs.run import is_history_page, read_docs_refs, read_tables  # noqa: E402
from govern.drift.docs.corpus import select_pages  # noqa: E402
from govern.git.gitio import Git  # noqa: E402


def removals(before: PythonTable, after: PythonTable) -> set[str]:
    """Patterns of the public names a commit removed: ``Container.name`` for each qualified
    name that resolved before and names nothing after (a name that moved and is still
    importable is not removed), and the bare name too when it is distinctive (CamelCase, or
    snake_case of six characters or more) and gone from the whole repository, since pages
    import it (``from pkg.mod import Name``) as often as they qualify it."""
    remaining = {name for symbols in after.modules.values() for name in symbols.names}
    remaining |= {member for symbols in after.modules.values()
                  for cls in symbols.classes.values() for member in cls.members}
    lost: set[str] = set()
    for module, symbols in before.modules.items():
        if any(part.startswith("_") for part in module.split(".")):
            continue
        leaf = module.rsplit(".", 1)[-1]
        candidates = [(f"{module}.{name}", f"{leaf}.{name}", name)
                      for name in symbols.names - set(symbols.imports) if not name.startswith("_")]
        candidates += [(f"{module}.{cls}.{member}", f"{cls}.{member}", member)
                       for cls, members in symbols.classes.items() if not cls.startswith("_")
                       for member in members.members if not member.startswith("_")]
        for qualified, short, bare in candidates:
            # A name that moved (``Config`` from one module to another, still re-exported) is
            # not removed: the page's ``Config.from_object`` still resolves.
            if after.resolve(qualified).status is Status.MISSING and \
                    after.resolve(short).status is not Status.RESOLVED:
                lost.add(short)
                if _distinctive(bare) and bare not in remaining:
                    lost.add(bare)
    return lost


def _distinctive(name: str) -> bool:
    camel = name[:1].isupper() and any(c.islower() for c in name) and len(name) >= 6
    return camel or ("_" in name.strip("_") and len(name) >= 6)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("repo", type=Path)
    parser.add_argument("--limit", type=int, default=400)
    parser.add_argument("--config", type=Path)
    args = parser.parse_args()
    git = Git(args.repo)
    shas = git.run("rev-list", "--no-merges", "--first-parent", "-n", str(args.limit),
                   "HEAD").decode().split()
    start = time.perf_counter()
    oracle_lines = in_reference_form = hits = findings = 0
    for sha in shas:
        parents = git.parents(sha)
        if not parents:
            continue
        parent = parents[0]
        config = load_config(lambda path, rev=parent: git.read_text(rev, path), args.config)
        entries = git.ls_tree(sha)
        before = read_tables(git, parent, config, git.ls_tree(parent))
        after = read_tables(git, sha, config, entries)
        lost = removals(before.python, after.python)
        result = read_docs_refs(git, config, sha, parent)
        reported = {(f.reference.page, f.reference.line) for f in result.findings}
        for finding in result.findings:
            findings += 1
            ref = finding.reference
            print(f"finding {sha[:10]} {ref.page}:{ref.line} {ref.name} -> {finding.suggestion}")
        if not lost:
            continue
        pattern = re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, sorted(lost)))
                             + r")(?!\w)")
        for page in select_pages(entries, config.docs):
            if page.release_owned or is_history_page(page.path):
                continue
            text = (git.blobs.read(page.blob) or b"").decode("utf-8", "replace")
            named = {ref.line for ref in parse_references(text, page.path)}
            for number, line in enumerate(text.splitlines(), start=1):
                if pattern.search(line):
                    oracle_lines += 1
                    in_reference_form += number in named
                    hit = (page.path, number) in reported
                    hits += hit
                    form = "reference" if number in named else "prose"
                    print(f"oracle {sha[:10]} {page.path}:{number} {'HIT' if hit else 'miss'} "
                          f"({form}): {line.strip()[:100]}")
    elapsed = time.perf_counter() - start
    recall = hits / oracle_lines if oracle_lines else float("nan")
    print(f"{len(shas)} commits in {elapsed:.0f} s: {findings} finding(s); {oracle_lines} docs "
          f"line(s) still naming a removed name ({in_reference_form} in a form govern reads), "
          f"{hits} reported (recall {recall:.2f})")
    git.close()


if __name__ == "__main__":
    main()
