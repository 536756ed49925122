"""File names in folders: a folder's README names a file beneath its folder by the file's name
alone, where no other file beneath that folder has the name (an example's README listing its
notebooks, a package's README naming the data file it is built from)
(docs/concepts/anchoring-rules.md#file-paths)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.helpers import pr_repo, run_json

MODAL = "# Modal\n\n[modal_app.py](modal_app.py) deploys a notebook.\n"


def _docs(tmp_path: Path, base: dict[str, str],
          change: dict[str, str | None]) -> list[dict[str, Any]]:
    return list(run_json(pr_repo(tmp_path, base, change), "main")["docs"])


def test_a_readme_naming_a_file_beside_it_is_a_row_with_its_line(tmp_path: Path) -> None:
    docs = _docs(tmp_path, {"examples/modal/modal_app.py": "a = 1\n",
                            "examples/modal/README.md": MODAL},
                 {"examples/modal/modal_app.py": "a = 2\n"})
    assert [row["path"] for row in docs] == ["examples/modal/README.md"]
    assert docs[0]["evidence"] == [{"rule": "file_path", "kind": "file",
                                    "token": "modal_app.py", "lines": [3]}]
    assert docs[0]["stale"] is False


def test_a_file_in_a_folder_beneath_the_page_is_named_too(tmp_path: Path) -> None:
    page = "# LLM info\n\nModels are in the `data` directory (`models.yml`).\n"
    docs = _docs(tmp_path, {"packages/llm-info/data/models.yml": "- gpt\n",
                            "packages/llm-info/README.md": page},
                 {"packages/llm-info/data/models.yml": "- gpt\n- claude\n"})
    assert [row["path"] for row in docs] == ["packages/llm-info/README.md"]
    assert docs[0]["evidence"][0]["token"] == "models.yml"


def test_a_readme_naming_a_deleted_file_beside_it_is_stale(tmp_path: Path) -> None:
    page = "# Chat\n\n- `custom.py` is a custom bot.\n- `streaming.py` streams.\n"
    docs = _docs(tmp_path, {"examples/chat/custom.py": "a = 1\n",
                            "examples/chat/streaming.py": "b = 1\n",
                            "examples/chat/README.md": page},
                 {"examples/chat/streaming.py": None})
    assert [(row["path"], row["stale"]) for row in docs] == [("examples/chat/README.md", True)]
    assert docs[0]["evidence"][0]["lines"] == [4]


def test_a_readme_of_another_folder_and_a_guide_name_nothing(tmp_path: Path) -> None:
    docs = _docs(tmp_path, {"examples/modal/modal_app.py": "a = 1\n",
                            "examples/other/README.md": "# Other\n\nLike `modal_app.py`.\n",
                            "docs/deploy.md": "# Deploy\n\nRun `modal_app.py`.\n"},
                 {"examples/modal/modal_app.py": "a = 2\n"})
    assert docs == []


def test_the_repository_readme_names_no_file_by_its_name(tmp_path: Path) -> None:
    """The root README names everyone's files: `setup.py`, `conftest.py`, the reader's own."""
    docs = _docs(tmp_path, {"tools/release.py": "a = 1\n",
                            "README.md": "# Acme\n\nRelease with `release.py`.\n"},
                 {"tools/release.py": "a = 2\n"})
    assert docs == []


def test_a_name_two_files_beneath_the_folder_have_names_neither(tmp_path: Path) -> None:
    base = {"examples/a/app.py": "a = 1\n", "examples/b/app.py": "b = 1\n",
            "examples/README.md": "# Examples\n\nEach folder has an `app.py`.\n",
            "examples/a/README.md": "# A\n\nRun `app.py`.\n"}
    docs = _docs(tmp_path, base, {"examples/a/app.py": "a = 2\n"})
    # the nearer folder holds one `app.py`: its README names it; the outer one names neither
    assert [row["path"] for row in docs] == ["examples/a/README.md"]


def test_a_deleted_file_whose_name_another_file_beneath_still_has_is_no_row(
        tmp_path: Path) -> None:
    base = {"examples/old/app.py": "a = 1\n", "examples/new/app.py": "b = 1\n",
            "examples/README.md": "# Examples\n\nRun `app.py`.\n"}
    docs = _docs(tmp_path, base, {"examples/old/app.py": None})
    assert docs == []


def test_of_a_deleted_and_a_changed_file_of_one_name_the_readme_names_the_one_left(
        tmp_path: Path) -> None:
    base = {"examples/old/app.py": "a = 1\n", "examples/new/app.py": "b = 1\n",
            "examples/README.md": "# Examples\n\nRun `app.py`.\n"}
    docs = _docs(tmp_path, base, {"examples/old/app.py": None, "examples/new/app.py": "b = 2\n"})
    assert [(row["path"], row["stale"]) for row in docs] == [("examples/README.md", False)]


def test_a_name_every_file_beneath_lost_is_stale(tmp_path: Path) -> None:
    base = {"examples/old/app.py": "a = 1\n", "examples/new/app.py": "b = 1\n",
            "examples/README.md": "# Examples\n\nRun `app.py`.\n"}
    docs = _docs(tmp_path, base, {"examples/old/app.py": None, "examples/new/app.py": None})
    assert [(row["path"], row["stale"]) for row in docs] == [("examples/README.md", True)]


def test_a_name_with_no_extension_is_named(tmp_path: Path) -> None:
    docs = _docs(tmp_path, {"examples/docker/Dockerfile": "FROM python:3.11\n",
                            "examples/docker/README.md": "# Docker\n\nBuild the `Dockerfile`.\n"},
                 {"examples/docker/Dockerfile": "FROM python:3.12\n"})
    assert [(row["path"], row["evidence"][0]["token"]) for row in docs] == [
        ("examples/docker/README.md", "Dockerfile")]


@pytest.mark.parametrize(("changed", "page"), [
    # a package manifest is the reader's own file on a page
    ("packages/ui/package.json", "Add `ui` to your `package.json`.\n"),
    # a requirements file is installed whatever it lists
    ("examples/job/requirements.txt", "Run `pip install -r requirements.txt` first.\n"),
    # the end of a path to another file names that file, not this one
    ("examples/job/app.py", "Compare with `../other/app.py`.\n"),
])
def test_what_names_no_file_beneath_the_readme(tmp_path: Path, changed: str, page: str) -> None:
    folder = changed.rsplit("/", 1)[0]
    docs = _docs(tmp_path, {changed: '{"a": 1}\n', f"{folder}/README.md": "# Job\n\n" + page},
                 {changed: '{"a": 2}\n'})
    assert docs == []


def test_an_include_of_a_name_alone_still_lists_only_the_pages_including_it(
        tmp_path: Path) -> None:
    """markdown-include's ``{!main.py!}`` names the file by its name; a page writing the name
    in prose in another folder does not."""
    docs = _docs(tmp_path, {"docs/examples/main.py": "a = 1\n",
                            "docs/usage.md": "# Usage\n\n{!main.py!}\n",
                            "docs/guides/intro.md": "# Intro\n\nOpen `main.py`.\n"},
                 {"docs/examples/main.py": "a = 2\n"})
    assert [row["path"] for row in docs] == ["docs/usage.md"]


def test_a_page_that_is_no_readme_names_no_file_beside_it(tmp_path: Path) -> None:
    """A guide is about its topic, not its folder: `conf.py` there is the reader's."""
    docs = _docs(tmp_path, {"docs/conf.py": "project = 'acme'\n",
                            "docs/extensions.md": "# Extensions\n\nAdd them in `conf.py`.\n",
                            "docs/index.rst": "Acme\n====\n\n.. include:: conf.py\n"},
                 {"docs/conf.py": "project = 'Acme'\n"})
    assert docs == []


@pytest.mark.parametrize("change", [
    {"examples/modal/nbs/notebook.py": "a = 1\n"},  # added
    {"examples/modal/nbs/home.py": None, "examples/modal/nbs/notebook.py": "h = 1\n"},  # renamed
])
def test_a_file_the_change_adds_is_named_by_no_readme_yet(
        tmp_path: Path, change: dict[str, str | None]) -> None:
    """The README wrote the name before the file existed: a placeholder, another file."""
    base = {"examples/modal/nbs/home.py": "h = 1\n",
            "examples/README.md": "# Examples\n\nOpen one with `marimo edit <notebook.py>`.\n"}
    assert _docs(tmp_path, base, change) == []


def test_a_readme_listing_its_files_as_links_names_them(tmp_path: Path) -> None:
    """A list of links is a README's listing of its folder (a link index to pages lists
    nothing: those are pages)."""
    page = "# Chat\n\n- [`custom.py`](custom.py)\n- [`.env.example`](.env.example)\n"
    docs = _docs(tmp_path, {"examples/chat/custom.py": "a = 1\n",
                            "examples/chat/.env.example": "KEY=\n",
                            "examples/chat/README.md": page},
                 {"examples/chat/custom.py": "a = 2\n", "examples/chat/.env.example": "KEY=x\n"})
    assert [row["path"] for row in docs] == ["examples/chat/README.md"]
    assert {e["token"]: e["lines"] for e in docs[0]["evidence"]} == {
        "custom.py": [3], ".env.example": [4]}


def test_two_readmes_naming_their_own_file_of_one_name_leave_neither_file_a_blind_spot(
        tmp_path: Path) -> None:
    base = {"ex/a/m.json": "1\n", "ex/b/m.json": "1\n",
            "ex/a/README.md": "# A\n\nData in `m.json`.\n",
            "ex/b/README.md": "# B\n\nData in `m.json`.\n"}
    data = run_json(pr_repo(tmp_path, base, {"ex/a/m.json": "2\n", "ex/b/m.json": "2\n"}),
                    "main")
    assert [row["path"] for row in data["docs"]] == ["ex/a/README.md", "ex/b/README.md"]
    assert data["anchorless_changes"] == []
