"""Attack: name a file in bytes that are not UTF-8. git hands the name over as it is, govern
holds it decoded with ``surrogateescape`` (so git can be asked about it again), and every
output is UTF-8: writing the name out was an internal error (exit 3), in JSON, in a report
for a person, in a step summary. A gate that a file name crashes judges nothing. The name is
now shown escaped: ``<U+DCFF>`` in text for a person, ``\\udcff`` in JSON, which reads back
as the same string."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from govern.core.text import json_text, visible
from govern.github.workflow_output import append_to_file
from tests.gitrepo import Repo, make_repo

NAME = "docs/\udcff.md"
"""A page whose name is the byte 0xFF, as govern holds it."""


def _repo(root: Path) -> Repo:
    repo = make_repo(root, {"pyproject.toml": '[project]\nname = "pkg"\n',
                            "src/pkg/__init__.py": "",
                            "src/pkg/mod.py": "def frobnicate_all(x):\n    return x\n",
                            NAME: "Use `frobnicate_all` here.\n"})
    repo.branch("pr")
    repo.commit({"src/pkg/mod.py": "def frobnicate_all(x, y=1):\n    return x\n"})
    return repo


def _govern(repo: Repo, *args: str) -> subprocess.CompletedProcess[bytes]:
    """The console entry point in a process of its own, its streams strict UTF-8 as under a
    UTF-8 locale other than C (under C.UTF-8 Python writes the raw byte: no text either)."""
    return subprocess.run([sys.executable, "-m", "govern", "--repo-dir", str(repo.root),
                           "affected-docs", "main", *args], capture_output=True, check=False,
                          env={**os.environ, "PYTHONIOENCODING": "utf-8:strict"})


def test_a_page_named_in_bytes_that_are_not_utf8_is_listed_not_a_crash(tmp_path: Path) -> None:
    repo = _repo(tmp_path / "r")
    text = _govern(repo)
    assert text.returncode == 0, text.stderr
    assert "docs/<U+DCFF>.md" in text.stdout.decode("utf-8")
    as_json = _govern(repo, "--json")
    assert as_json.returncode == 0, as_json.stderr
    assert [row["path"] for row in json.loads(as_json.stdout)["docs"]] == [NAME]


def test_json_and_text_say_a_lone_surrogate_and_keep_every_character() -> None:
    data = {"path": NAME, "title": "Vérifier ‮"}
    written = json_text(data, indent=2)
    written.encode("utf-8")  # UTF-8 text: no lone surrogate left in it
    assert "\\udcff" in written and "Vérifier" in written
    assert json.loads(written) == data
    assert visible(NAME) == "docs/<U+DCFF>.md"
    assert json_text({"a": "é"}) == '{"a": "é"}'


def test_a_step_summary_takes_the_name_escaped(tmp_path: Path) -> None:
    summary = tmp_path / "summary.md"
    assert append_to_file({"GITHUB_STEP_SUMMARY": str(summary)}, "GITHUB_STEP_SUMMARY",
                          f"- {NAME}\n")
    assert summary.read_text(encoding="utf-8") == "- docs/\\udcff.md\n"


def test_a_changed_source_named_in_bytes_that_are_not_utf8_is_read_not_a_crash(
        tmp_path: Path) -> None:
    # its path forms are looked up in the docs index, whose store takes UTF-8 text only
    repo = make_repo(tmp_path / "r", {"pyproject.toml": '[project]\nname = "pkg"\n',
                                      "src/pkg/__init__.py": "",
                                      "docs/a.md": "Use `widget_maker`.\n"})
    repo.branch("pr")
    repo.commit({"src/pkg/\udcff.py": "def widget_maker():\n    return 3\n"})
    result = _govern(repo, "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["changed_packages"] == [{"dir": ".", "name": "pkg"}]
