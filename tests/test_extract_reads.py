"""What extraction reads from each side of a diff: a changed manifest is read once a side,
though two steps read it (is the edit dev-only? which programs does it declare?), and the
verdicts are the ones a fresh read gives (docs/concepts/anchoring-rules.md#program-names)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from govern.config import Config
from govern.drift.anchors.extract import ChangeSetAnchors, Side, anchor_changes
from govern.git.diff import build_changes
from govern.git.gitio import Git
from tests.helpers import pr_repo

SETUP = ("from setuptools import setup\n\nsetup(name='httpie', packages=['httpie'],\n"
         "      entry_points={{'console_scripts': ['{program} = httpie.core:main']}})\n")
PYPROJECT = ('[project]\nname = "httpie"\n[project.scripts]\n{program} = "httpie.core:main"\n'
             '[dependency-groups]\ndev = [{dev}]\n')
CODE = {"httpie/__init__.py": "", "httpie/core.py": "def main():\n    pass\n"}


def _anchored(tmp_path: Path, base: dict[str, str], change: dict[str, str | None]
              ) -> tuple[ChangeSetAnchors, dict[str, Counter[str]]]:
    """The change's anchors, and how often each side's reader was asked for each path."""
    repo = pr_repo(tmp_path, base, change)
    git = Git(repo.root)
    merge_base = git.merge_bases(git.resolve_commit("main"), "HEAD")[0]
    changes = build_changes(git.changed_files(merge_base, "HEAD"),
                            git.hunks(merge_base, "HEAD"))
    asked: dict[str, Counter[str]] = {"base": Counter(), "head": Counter()}

    def reader(name: str, commit: str) -> Side:
        def read(path: str) -> bytes | None:
            asked[name][path] += 1
            return git.blobs.read(f"{commit}:{path}")
        return Side(name, read)

    anchors = anchor_changes(changes, reader("base", merge_base), reader("head", "HEAD"),
                             frozenset({""}), Config(), lambda blob, data, path: None)
    return anchors, asked


def test_a_changed_manifest_is_read_once_a_side(tmp_path: Path) -> None:
    anchors, asked = _anchored(tmp_path, {**CODE, "setup.py": SETUP.format(program="httpie")},
                               {"setup.py": SETUP.format(program="http")})
    assert [(c.kind, c.token, c.side) for c in anchors.candidates] == [
        ("command", "httpie", "base"), ("command", "http", "head")]
    assert anchors.removed_programs == {"httpie"}
    assert asked["base"]["setup.py"] == 1
    assert asked["head"]["setup.py"] == 1


@pytest.mark.parametrize(("after", "dev_only"), [
    (PYPROJECT.format(program="httpie", dev='"ruff", "pytest"'), True),  # a dependency group
    (PYPROJECT.format(program="http", dev='"ruff"'), False),  # the program renamed
])
def test_a_manifest_read_once_still_tells_a_dev_only_edit(tmp_path: Path, after: str,
                                                          dev_only: bool) -> None:
    before = PYPROJECT.format(program="httpie", dev='"ruff"')
    anchors, asked = _anchored(tmp_path, {**CODE, "pyproject.toml": before},
                               {"pyproject.toml": after})
    assert anchors.skipped["dev_only_manifests"] == (1 if dev_only else 0)
    assert anchors.removed_programs == (set() if dev_only else {"httpie"})
    assert asked["base"]["pyproject.toml"] == 1
    assert asked["head"]["pyproject.toml"] == 1


def test_the_head_side_looks_files_up_in_head_s_listing_and_the_base_side_reads() -> None:
    """HEAD's listing, which both sides hold for the packages beside a changed one, says what
    exists at HEAD without a read; the base side still reads (a file deleted at HEAD is
    there)."""
    asked: Counter[str] = Counter()
    blobs = {"pkg/kept.py": b"", "pkg/deleted.py": b""}

    def read(path: str) -> bytes | None:
        asked[path] += 1
        return blobs.get(path)

    listing = frozenset({"pkg/kept.py"})
    head, base = Side("head", read, head_files=listing), Side("base", read, head_files=listing)
    assert [head.exists(path) for path in ("pkg/kept.py", "pkg/deleted.py")] == [True, False]
    assert not asked
    assert [base.exists(path) for path in ("pkg/kept.py", "pkg/deleted.py")] == [True, True]
    assert asked == {"pkg/kept.py": 1, "pkg/deleted.py": 1}
