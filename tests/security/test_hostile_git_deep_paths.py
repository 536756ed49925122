"""Attack: stall the changesets gate, affected-docs and the overlap prefilter with files deep
in folders. Finding a path's package, and a PR's folders, built the string of every ancestor
folder: D strings of up to D names for a path D folders deep, so 1,000 files 2,000 folders deep
took 52 s in ``govern check changesets``. Both now walk down the path once, a look-up of one
folder name at a time."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from govern.calibrate.cases import is_case_source
from govern.config import Config
from govern.git.gitio import Git, LoggedCommit
from govern.git.packages import package_of
from govern.overlap.prefilter import candidate_pairs
from tests.gitrepo import make_repo
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


SCRIPTS_DEPTH = 2_000
"""Folders under ``scripts/``: 52 s for one file before, a fifth of a second now."""


def test_calibrate_finds_a_deep_scripts_package_in_one_walk(tmp_path: Path) -> None:
    deep = "scripts/" + "a/" * SCRIPTS_DEPTH
    files = {f"{deep}x.js": "x = 1;\n", f"{deep}p/package.json": '{"name": "p"}\n',
             f"{deep}p/scripts/build.js": "x = 1;\n"}
    repo = make_repo(tmp_path / "repo")
    head = repo.fast_commit(repo.sha("main"), "deep", files)
    with Git(repo.root) as git:
        commit = LoggedCommit(head, [repo.sha("main")], 0, [])
        # no manifest above x.js: scripts/ is a top folder of code; p's own scripts/ is its script
        assert within(lambda: is_case_source(git, commit, f"{deep}x.js", Config()), seconds=5)
        assert not within(lambda: is_case_source(git, commit, f"{deep}p/scripts/build.js",
                                                 Config()), seconds=5)
