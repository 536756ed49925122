"""The code-only commit of a case: its parent plus exactly the case's code files as of the
case commit (deleted ones deleted), built with git plumbing through a private index file, so
no ref is written and the user's work tree and index are never touched
(docs/how-to/calibrate.md)."""

from __future__ import annotations

from govern.calibrate.cases import Case
from govern.git.gitio import Git


def read_code_only_commit(git: Git, case: Case) -> str:
    """The id of the code-only commit of ``case`` (the same case gives the same id)."""
    entries = [("0", "", change.path) if change.status == "D"
               else (change.new_mode, change.new_blob, change.path) for change in case.code]
    return git.commit_tree_with(case.parent, entries, f"govern calibrate: the code of {case.sha}",
                                case.stamp)
