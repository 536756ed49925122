"""Benchmark and check: the head side of a changed file parsed as an edit of the base side's
tree, against a fresh parse, over a repository's history.

For each of the last ``--limit`` non-merge commits that modified files matching ``--paths``,
each such file is parsed fresh at the parent and at the commit, then the commit's version is
parsed again as an edit of the parent's tree, from the ``-U0`` hunks git gives
(``govern.drift.anchors.syntax.parse_edited``'s edits). The two trees of the commit's version
must be equal node for node (type, bytes, points, missing); the report counts the files, those
with syntax errors, any that differ, and the time of the edited parses over the fresh ones.

    python benchmarks/incremental_parse.py --repo PATH --paths '*.py' [--limit 300]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from tree_sitter import Tree

from govern.drift.anchors.syntax import EXTENSIONS, _edits, parsed_text, parser_for
from govern.git.diff import build_changes
from govern.git.gitio import Git


def nodes(tree: Tree) -> list[tuple[object, ...]]:
    found, stack = [], [tree.root_node]
    while stack:
        node = stack.pop()
        found.append((node.type, node.start_byte, node.end_byte, node.start_point,
                      node.end_point, node.is_missing))
        stack.extend(reversed(node.children))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", type=Path, required=True)
    parser.add_argument("--paths", required=True, help="a git pathspec, e.g. '*.ts'")
    parser.add_argument("--limit", type=int, default=300)
    args = parser.parse_args()
    git = Git(args.repo)
    commits = git.run("log", "--format=%H", "--no-merges", "--diff-filter=M", "-n",
                      str(args.limit), "--", args.paths).decode().split()
    files = broken = differ = refused = 0
    fresh_seconds = edited_seconds = 0.0
    for commit in commits:
        parent = f"{commit}^"
        for change in build_changes(git.changed_files(parent, commit), git.hunks(parent, commit)):
            language = EXTENSIONS.get(Path(change.path).suffix)
            if (change.status != "M" or language is None
                    or not Path(change.path).match(args.paths)):
                continue
            old = git.blobs.read(f"{parent}:{change.path}")
            new = git.blobs.read(f"{commit}:{change.path}")
            if old is None or new is None:
                continue
            old, new = parsed_text(language, old), parsed_text(language, new)
            files += 1
            edits = _edits(old, new, change.hunks)
            if edits is None:
                refused += 1
                continue
            base = parser_for(language).parse(old)
            started = time.perf_counter()
            fresh = parser_for(language).parse(new)
            fresh_seconds += time.perf_counter() - started
            started = time.perf_counter()
            edited = base.copy()
            for edit in edits:
                edited.edit(**edit)
            reparsed = parser_for(language).parse(new, edited)
            edited_seconds += time.perf_counter() - started
            broken += base.root_node.has_error or fresh.root_node.has_error
            if nodes(reparsed) != nodes(fresh):
                differ += 1
                print(f"differs: {commit[:12]} {change.path}")
    ratio = edited_seconds / fresh_seconds if fresh_seconds else 0.0
    print(f"{args.repo} {args.paths}: {files} files ({broken} with syntax errors), "
          f"{differ} differ, {refused} parsed afresh; edited parses took {ratio:.2f}x "
          f"the fresh ones ({edited_seconds:.2f} s / {fresh_seconds:.2f} s)")


if __name__ == "__main__":
    main()
