"""The size gate's line counts (govern/gates/size_lines.py): git's counts, and for a file git
reads as binary for a NUL byte its lines counted from its blobs, paired with the right file
whatever the change did to it, from one diff."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from govern.gates.size_lines import read_line_counts
from govern.git.gitio import Git
from tests.gitrepo import Repo, make_repo

PNG = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR" + bytes(range(256)) * 20


def nul_text(lines: int, name: str) -> str:
    """Code git reads as binary for the NUL in its first line: ``lines`` lines, declaring
    names that start with ``name`` (files declaring other names are no rename of each
    other)."""
    return "// \0 not binary\n" + "".join(f"export const {name}{i} = {i};\n"
                                           for i in range(lines - 1))


class DiffCountingGit(Git):
    """A Git that remembers each ``git diff`` it runs (run for real)."""

    def __init__(self, root: Path) -> None:
        super().__init__(root)
        self.diffs: list[tuple[str, ...]] = []

    def run_status(self, *args: str, **kwargs: Any) -> tuple[int, bytes, bytes]:
        if args[0] == "diff":
            self.diffs.append(args)
        return super().run_status(*args, **kwargs)


def pr_of_every_kind(root: Path) -> Repo:
    """A PR renaming, deleting, adding and editing files git reads as binary for a NUL, among
    text files (one with a tab in its name), a type change and an image."""
    repo = make_repo(root, {"a.py": "x = 1\n", "t\tab.py": "y = 1\n", "link": "target\n",
                            "old.ts": nul_text(20, "moved"), "gone.ts": nul_text(5, "gone"),
                            "edited.ts": nul_text(4, "edited")})
    repo.branch("pr")
    repo.write({"old.ts": None, "new.ts": nul_text(21, "moved"), "gone.ts": None, "link": None,
                "added.ts": nul_text(3, "added"), "logo.png": PNG, "a.py": "x = 2\n",
                "t\tab.py": "y = 2\nz = 3\n", "edited.ts": nul_text(6, "edited")})
    os.symlink("a.py", repo.root / "link")
    repo.commit(message="every kind")
    return repo


def test_each_file_is_counted_by_its_own_change_whatever_the_change(tmp_path: Path) -> None:
    repo = pr_of_every_kind(tmp_path / "r")
    with Git(repo.root) as git:
        counts = read_line_counts(git, "main", "pr")
    assert sorted(counts) == [
        ("a.py", 1, 1),
        ("added.ts", 3, 0),  # NUL text: every line of the new side
        ("edited.ts", 6, 4),  # rewritten whole: the new side added, the old deleted
        ("gone.ts", 0, 5),
        ("link", 1, 1),  # a file become a symlink: git's own count
        ("logo.png", 0, 0),  # an image: no lines
        ("new.ts", 21, 20),  # renamed from old.ts, counted from both its blobs
        ("t\tab.py", 2, 1),
    ]


def test_the_counts_take_one_diff_with_or_without_a_binary_file(tmp_path: Path) -> None:
    repo = pr_of_every_kind(tmp_path / "r")
    with DiffCountingGit(repo.root) as git:
        read_line_counts(git, "main", "pr")
        assert len(git.diffs) == 1
    repo.commit({"a.py": "x = 3\n"})
    with DiffCountingGit(repo.root) as git:
        assert read_line_counts(git, "pr~1", "pr") == [("a.py", 1, 1)]
        assert len(git.diffs) == 1
