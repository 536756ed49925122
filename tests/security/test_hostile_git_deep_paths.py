"""Attack: stall the changesets gate, affected-docs and the overlap prefilter with files deep
in folders. Finding a path's package, and a PR's folders, built the string of every ancestor
folder: D strings of up to D names for a path D folders deep, so 1,000 files 2,000 folders deep
took 52 s in ``govern check changesets``. Both now walk down the path once, a look-up of one
folder name at a time."""

from __future__ import annotations

from dataclasses import replace

from govern.git.packages import package_of
from govern.overlap.prefilter import candidate_pairs
from tests.helpers import overlap_pr
from tests.security.pr import within

DEPTH = 3_000
FILES = 100
"""Files this deep: 15 s apiece before, a few milliseconds (and a fifth of a second) now."""
DEEP = "a/" * DEPTH


def test_the_package_of_a_deep_file_is_found_in_one_walk() -> None:
    paths = [f"{DEEP}f{index}.js" for index in range(FILES)]
    dirs = frozenset({"", "a/a", f"{DEEP}b"})
    found = within(lambda: {package_of(path, dirs) for path in paths}, seconds=5)
    assert found == {"a/a"}  # the deepest package above them; a/…/b is a sibling's
    assert package_of(f"{DEEP}b/c/x.js", dirs) == f"{DEEP}b"
    assert package_of(f"{DEEP}x.js", frozenset({"b"})) == "a"  # no package: the top folder
    assert package_of(f"{DEEP}x.js", frozenset({"", "b"})) == ""


def test_deep_paths_are_paired_in_one_walk() -> None:
    prs = [replace(overlap_pr(1), names=frozenset(f"{DEEP}f{i}.js" for i in range(FILES))),
           replace(overlap_pr(2), names=frozenset({f"{DEEP}other.js"})),
           replace(overlap_pr(3), names=frozenset({DEEP.rstrip("/")})),
           replace(overlap_pr(4), names=frozenset({f"{DEEP}f7.js/inner.js"}))]
    pairs = within(lambda: candidate_pairs(prs), seconds=5)
    # PR 3's file is the folder PRs 1, 2 and 4 write in; PR 1's f7.js is PR 4's folder; PRs 1
    # and 2 only share folders
    assert pairs == {(0, 2), (1, 2), (2, 3), (0, 3)}
