"""The pure parts of overlap: merge-tree's ``-z`` output, conflict types, marker hunks, and
the prefilter, from inline inputs."""

from __future__ import annotations

import pytest

from govern.core.globs import Globs
from govern.git.gitio import RawChange
from govern.overlap import (
    ConflictHunk,
    MergeMessage,
    OverlapPull,
    Ref,
    TreeMerge,
    candidate_pairs,
    conflict_type,
    conflicted_paths,
    overlap_pull,
    parse_conflict_hunks,
    parse_merge_tree,
)

TREE = "3f60d0ee81f225328f99a7969e9feb63f4e01ba8"


def test_parse_merge_tree_reads_a_conflicted_then_a_clean_merge() -> None:
    # The fields of `git merge-tree --write-tree -z --name-only --messages --stdin` (2.39).
    fields = ["0", TREE, "f.txt", "", "1", "f.txt", "Auto-merging", "Auto-merging f.txt\n",
              "1", "f.txt", "CONFLICT (contents)", "CONFLICT (content): Merge conflict in f.txt\n",
              "", "1", TREE, "", ""]
    assert parse_merge_tree(fields) == [
        TreeMerge(False, TREE, ("f.txt",), (
            MergeMessage(("f.txt",), "Auto-merging", "Auto-merging f.txt\n"),
            MergeMessage(("f.txt",), "CONFLICT (contents)",
                         "CONFLICT (content): Merge conflict in f.txt\n"))),
        TreeMerge(True, TREE, (), ()),
    ]


ADVICE = ("Recursive merging with submodules currently only supports trivial cases.\n"
          "Please manually handle the merging of each conflicted submodule.\n")


def test_parse_merge_tree_reads_the_advice_after_a_conflicted_submodule() -> None:
    # git 2.39 prints free-text advice after such a merge's records, in place of the empty
    # field that ends them; the next merge of the batch follows at once
    fields = ["0", TREE, "vendor/sub", "", "1", "vendor/sub", "CONFLICT (contents)",
              "CONFLICT (submodule): Merge conflict in vendor/sub\n", ADVICE,
              "1", TREE, "", ""]
    assert parse_merge_tree(fields) == [
        TreeMerge(False, TREE, ("vendor/sub",), (
            MergeMessage(("vendor/sub",), "CONFLICT (contents)",
                         "CONFLICT (submodule): Merge conflict in vendor/sub\n"),
            MergeMessage((), "", ADVICE))),
        TreeMerge(True, TREE, (), ()),
    ]
    # and as the last merge of a batch, where the output ends with it
    assert parse_merge_tree(fields[:9])[0].messages[-1] == MergeMessage((), "", ADVICE)


@pytest.mark.parametrize(("kind", "text", "expected"), [
    ("Auto-merging", "Auto-merging f\n", None),
    ("CONFLICT (contents)", "CONFLICT (content): Merge conflict in f\n", "content"),
    ("CONFLICT (contents)", "CONFLICT (add/add): Merge conflict in f\n", "add/add"),
    ("CONFLICT (file/directory)", "CONFLICT (file/directory): directory in the way",
     "directory/file"),
    ("CONFLICT (submodule lacks merge base)", "Failed to merge submodule s", "submodule"),
    ("CONFLICT (rename/delete)", "CONFLICT (rename/delete): r renamed…", "rename/delete"),
])
def test_conflict_type(kind: str, text: str, expected: str | None) -> None:
    assert conflict_type(MergeMessage(("f",), kind, text)) == expected


def test_a_binary_clash_is_typed_binary_not_by_its_contents_record() -> None:
    merge = TreeMerge(False, TREE, ("bin.dat",), (
        MergeMessage(("bin.dat",), "CONFLICT (binary)", "warning: Cannot merge binary files"),
        MergeMessage(("bin.dat",), "Auto-merging", "Auto-merging bin.dat\n"),
        MergeMessage(("bin.dat",), "CONFLICT (contents)", "CONFLICT (add/add): Merge …"),
    ))
    assert conflicted_paths(merge) == [("bin.dat", "binary")]


def test_a_conflict_naming_no_listed_path_is_still_reported() -> None:
    merge = TreeMerge(False, TREE, (), (
        MergeMessage(("a/x", "b/x"), "CONFLICT (directory rename split)", "…"),))
    assert conflicted_paths(merge) == [("a/x", "directory rename split")]


@pytest.mark.parametrize(("text", "expected"), [
    ("l1\n<<<<<<< ours\nA\n=======\nB\nC\n>>>>>>> theirs\nl3\n",
     (ConflictHunk(2, 7, "A\n", "B\nC\n"),)),
    # CRLF files keep their line ends in the sides' text.
    ("<<<<<<< a\r\nA\r\n=======\r\nB\r\n>>>>>>> b\r\n",
     (ConflictHunk(1, 5, "A\r\n", "B\r\n"),)),
    # conflict-marker-size=9 (a gitattribute): the seven-character lines inside are text.
    ("<<<<<<<<< a\n=======\n=========\nB\n>>>>>>>>> b\n",
     (ConflictHunk(1, 5, "=======\n", "B\n"),)),
    # One side emptied the region.
    ("<<<<<<< a\n=======\nB\n>>>>>>> b", (ConflictHunk(1, 4, "", "B\n"),)),
    # Marker-like lines that never close are text, not a hunk.
    ("<<<<<<< a\nA\n", ()),
    ("<<<<<<<< not a marker of this size\n=======\n>>>>>>> b\n", ()),
])
def test_parse_conflict_hunks(text: str, expected: tuple[ConflictHunk, ...]) -> None:
    assert parse_conflict_hunks(text) == expected


def pr(ident: int, *names: str, renamed_from: tuple[str, ...] = ()) -> OverlapPull:
    return OverlapPull(ident, f"pr{ident}", "h", "m", frozenset(names) | set(renamed_from),
                       frozenset(renamed_from), len(names), 0, ())


@pytest.mark.parametrize(("prs", "expected"), [
    ([pr(1, "a.py"), pr(2, "b.py"), pr(3, "a.py")], {(0, 2)}),
    # A rename source is a shared path: one PR moved the file the other edits.
    ([pr(1, "new.py", renamed_from=("old.py",)), pr(2, "old.py")], {(0, 1)}),
    # A file where the other PR needs a folder.
    ([pr(1, "docs"), pr(2, "docs/page.md")], {(0, 1)}),
    # A file renamed out of a folder the other PR adds to (directory-rename detection).
    ([pr(1, "src/x.py", renamed_from=("lib/x.py",)), pr(2, "lib/new.py")], {(0, 1)}),
    # Sibling folders with a common prefix share nothing.
    ([pr(1, "lib/a.py"), pr(2, "library/a.py"), pr(3, "lib/b.py")], set()),
])
def test_candidate_pairs(prs: list[OverlapPull], expected: set[tuple[int, int]]) -> None:
    assert candidate_pairs(prs) == expected


def change(status: str, path: str, old_path: str | None = None) -> RawChange:
    return RawChange(status, path, old_path, "100644", "100644", "0" * 40, "1" * 40)


def test_pull_request_of_applies_ignore_counts_renames_once_and_names_what_the_base_moved(
        ) -> None:
    changes = [change("R", "src/new.py", "src/old.py"), change("M", "uv.lock"),
               change("R", "b/uv.lock", "a/uv.lock"), change("M", "docs/a.md")]
    pr = overlap_pull(Ref(3, "topic"), "h", "m", changes, Globs(("uv.lock",)), 2,
                         frozenset({"src/old.py", "docs/a.md", "elsewhere.py"}))
    assert pr.names == {"src/new.py", "src/old.py", "docs/a.md"}
    assert pr.renamed_from == {"src/old.py"}
    assert (pr.files, pr.behind, pr.behind_touching) == (2, 2, ("docs/a.md", "src/old.py"))
