"""The merge base's files as a diff run reads them: git is asked only for a path HEAD or the
diff holds; one at neither is at the merge base either."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.drift.run import _base_reader
from govern.git.gitio import Git
from tests.helpers import pr_repo


def test_the_merge_base_is_read_only_where_head_or_the_diff_has_the_path(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    repo = pr_repo(tmp_path, {"a.ts": "a\n", "gone.ts": "gone\n", "old.ts": "moved\n"},
                   {"a.ts": "a2\n", "gone.ts": None, "old.ts": None, "new.ts": "moved\n",
                    "added.ts": "added\n"})
    git = Git(repo.root)
    merge_base = git.merge_bases(git.resolve_commit("main"), "HEAD")[0]
    head_files = frozenset(entry.path for entry in git.ls_tree(git.resolve_commit("HEAD")))
    asked: list[str] = []
    real = git.blobs.read
    monkeypatch.setattr(git.blobs, "read", lambda name, kind="blob": (
        asked.append(name.partition(":")[2]), real(name, kind))[1])
    read = _base_reader(git, merge_base, head_files, git.changed_files(merge_base, "HEAD"))
    assert [read(path) for path in ("a.ts", "gone.ts", "old.ts", "new.ts", "added.ts",
                                    "absent.ts", "absent/index.ts")] == [
        b"a\n", b"gone\n", b"moved\n", None, None, None, None]
    assert asked == ["a.ts", "gone.ts", "old.ts", "new.ts", "added.ts"]
