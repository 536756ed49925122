"""A README in plain text (click's ``examples/colors/README``, a ``README.txt``) is prose in no
format the corpus reads: counted in ``skipped.docs_pages``, never NOT COVERED as a file no
extractor reads (docs/concepts/affected-docs.md#change-set)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import pr_repo, run_json

BASE = {"pkg/pyproject.toml": '[project]\nname = "acme"\n', "pkg/src/acme/__init__.py": ""}


@pytest.mark.parametrize(("path", "prose"), [
    ("examples/colors/README", True),
    ("readme", True),
    ("docs/README.txt", True),
    # a file of another name and no extension is still a blind spot
    ("examples/colors/READMEFIRST", False),
    ("bin/colors", False),
    # a README in a format no extractor reads is the program's data, not prose
    ("examples/colors/README.json", False),
])
def test_a_plain_text_readme_is_skipped_prose(tmp_path: Path, path: str, prose: bool) -> None:
    repo = pr_repo(tmp_path, {**BASE, path: "Colors\n"}, {path: "Colors, in a terminal.\n"})
    data = run_json(repo, "main")
    assert data["skipped"]["docs_pages"] == (1 if prose else 0)
    assert [entry["path"] for entry in data["anchorless_changes"]] == ([] if prose else [path])
    assert ("NOT COVERED" in data["summary"]) is not prose
