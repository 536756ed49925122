"""markdown-include's ``{!path!}``: a Markdown page including a changed file is a row, where the
path it writes shares with the file's the file name and any folders after the first that
differ, and no other file of the tree ends with that shared part (pydantic's pages include
``{!.tmp_examples/model_config_main.py!}``, a copy the build makes of
``docs/examples/model_config_main.py``; docs/concepts/anchoring-rules.md#file-paths)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from govern.drift.docs.scanner import included_paths, scan_page
from tests.helpers import pr_repo, run_json

EXAMPLE = "from acme import Model\n\nm = Model()\n"
CHANGED = EXAMPLE + "print(m)\n"


def _page(*statements: str) -> str:
    return "# Config\n\nAn example:\n\n" + "".join(
        f"```py\n{statement}\n```\n_(This script is complete)_\n\n" for statement in statements)


def _docs(tmp_path: Path, base: dict[str, str],
          change: dict[str, str | None]) -> list[dict[str, Any]]:
    return list(run_json(pr_repo(tmp_path, base, change), "main")["docs"])


def test_a_page_including_a_copy_of_the_changed_example_is_a_row_with_its_line(
        tmp_path: Path) -> None:
    base = {"docs/examples/config_main.py": EXAMPLE, "docs/examples/config_alias.py": EXAMPLE,
            "docs/config.md": _page("{!.tmp_examples/config_alias.py!}",
                                    "{!.tmp_examples/config_main.py!}"),
            "docs/alias.md": _page("{!.tmp_examples/config_alias.py!}"),
            "docs/prose.md": "# Prose\n\nThe example `config_main.py` sets it up.\n"}
    docs = _docs(tmp_path, base, {"docs/examples/config_main.py": CHANGED})
    # the page including the other example, and the page naming the file in prose, are not
    assert [row["path"] for row in docs] == ["docs/config.md"]
    assert docs[0]["anchors"] == [{"kind": "file", "token": "tmp_examples/config_main.py",
                                   "side": "both"}]
    assert docs[0]["evidence"] == [{"rule": "file_path", "kind": "file",
                                    "token": "tmp_examples/config_main.py", "lines": [11]}]
    assert docs[0]["stale"] is False


def test_an_include_in_running_text_or_a_code_span_is_read_as_the_extension_reads_it(
        tmp_path: Path) -> None:
    """markdown-include replaces each statement before Markdown reads the page: in a fenced
    block (pydantic's), in running text and in a code span alike. The form with a line range
    is not read, nor a statement on a page the extension never sees (rst, MDX)."""
    base = {"docs/examples/main.py": EXAMPLE,
            "docs/text.md": "# Text\n\n{!.tmp_examples/main.py!}\n",
            "docs/span.md": "# Span\n\nRun `{!main.py!}` first.\n",
            "docs/lines.md": "# Lines\n\n{!main.py!lines=1 3}\n",
            "docs/page.rst": "Page\n====\n\n{!main.py!}\n",
            "docs/page.mdx": "# Page\n\n{!main.py!}\n"}
    docs = _docs(tmp_path, base, {"docs/examples/main.py": CHANGED})
    assert {row["path"]: row["evidence"][0]["lines"] for row in docs} == {
        "docs/text.md": [3], "docs/span.md": [3]}
    assert {row["path"]: row["anchors"][0]["token"] for row in docs} == {
        "docs/text.md": "tmp_examples/main.py", "docs/span.md": "main.py"}


def test_a_name_other_files_share_names_the_file_only_where_the_folder_agrees(
        tmp_path: Path) -> None:
    """``__init__.py`` is every package's: an include naming it by its name alone names
    none of them, one whose folder agrees with the changed file's names that file."""
    base = {"docs/examples/shop/__init__.py": EXAMPLE, "acme/__init__.py": EXAMPLE,
            "docs/bare.md": _page("{!.tmp/__init__.py!}"),
            "docs/foldered.md": _page("{!.tmp/shop/__init__.py!}")}
    docs = _docs(tmp_path, base, {"docs/examples/shop/__init__.py": CHANGED})
    assert [(row["path"], row["anchors"][0]["token"]) for row in docs] == [
        ("docs/foldered.md", "tmp/shop/__init__.py")]


def test_a_page_including_a_deleted_example_is_stale(tmp_path: Path) -> None:
    base = {"docs/examples/main.py": EXAMPLE, "docs/examples/other.py": EXAMPLE,
            "docs/main.md": _page("{!.tmp_examples/main.py!}"),
            "docs/other.md": _page("{!.tmp_examples/other.py!}")}
    docs = _docs(tmp_path, base, {"docs/examples/main.py": None})
    assert [(row["path"], row["stale"]) for row in docs] == [("docs/main.md", True)]


def test_each_plain_statement_of_a_line_is_read_with_its_offset() -> None:
    text = "{! ./a/b.py !} and {!c.py!}\n{!d.py\n!}{!{!e.py!} {!f g.py!} {!!} {!h.py!lines=2}\n"
    assert list(included_paths(text)) == [(0, "a/b.py"), (19, "c.py")]
    # {!{!e.py!} includes "{!e.py", which is no path; nor is one with a blank
    assert scan_page(text, "docs/a.md").included == {"a/b.py", "c.py"}
    assert scan_page(text, "docs/a.rst").included == frozenset()
