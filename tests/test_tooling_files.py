"""A check's data beside the code (spell-checkers' word lists, size checks' records) is
repository metadata, not a blind spot: tox's ``whitelist.txt`` and valtio's
``.size-snapshot.json`` were NOT COVERED in the commits that changed them with the code."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import pr_repo, run_json


@pytest.mark.parametrize(("path", "skipped"), [
    ("whitelist.txt", 1), ("ignore-words.txt", 1), (".wordlist.txt", 1), ("_typos.toml", 1),
    ("cspell.json", 1), (".cspell.json", 1), ("cspell.config.yaml", 1), (".codespellrc", 1),
    (".codespellignore", 1), ("spelling_wordlist.txt", 1), (".cspell/project-words.txt", 1),
    (".config/cspell.yml", 1), (".size-snapshot.json", 1), (".size-limit.json", 1),
    # under a folder of the program's: what a package may ship, still NOT COVERED
    ("lib/whitelist.txt", 0), ("src/spelling/en.json", 0), ("packages/a/.size-snapshot.json", 0),
    ("data/words/spell.txt", 0),
    # a check's workflow is CI, which can publish; a record of another name is the program's
    (".github/workflows/spellcheck.yml", 0), ("words.txt", 0), ("snapshot.json", 0),
    # found by review: a program named for spelling is a program
    ("spellcheck.go", 0), ("Spelling.java", 0), (".cspell/check.rs", 0),
])
def test_check_records_are_repository_metadata(tmp_path: Path, path: str, skipped: int) -> None:
    repo = pr_repo(tmp_path, {path: "alpha\n", "docs/use.md": "# Use\n"},
                   {path: "alpha\nbeta\n"})
    data = run_json(repo, "main")
    assert data["skipped"]["repository_metadata"] == skipped
    assert [a["path"] for a in data["anchorless_changes"]] == ([] if skipped else [path])
    assert ("NOT COVERED" in data["summary"]) is not skipped


def test_a_word_list_beside_a_comment_fix_leaves_a_clean_bill(tmp_path: Path) -> None:
    """tox 90b69b3a fixed a comment's typo and dropped its words from ``whitelist.txt``: the
    word list was the run's one blind spot."""
    code = "class Server:\n    def run(self):\n        out = 1\n        # drain the processg s\n" \
           "        return out\n"
    repo = pr_repo(tmp_path, {"whitelist.txt": "processg\nfoo\n", "pkg/run.py": code,
                              "docs/use.md": "Call `Server.run`.\n"},
                   {"whitelist.txt": "foo\n", "pkg/run.py": code.replace("processg s", "process")})
    data = run_json(repo, "main")
    assert data["skipped"]["comment_only"] == 1
    assert data["skipped"]["repository_metadata"] == 1
    assert data["anchorless_changes"] == []
    assert "NOT COVERED" not in data["summary"]
