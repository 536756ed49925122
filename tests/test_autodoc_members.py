"""What a docs page's autodoc and mkdocstrings directives document, end to end
(docs/concepts/affected-docs.md#docs-corpus-and-matching): a real repository, a change to one
method, and the pages affected-docs lists for it, each rule both ways."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers import pr_repo, rows, run_json

PARSER = ("class Parser:\n"
          "    def parse_expression(self):\n        return 1\n\n"
          "    def parse_primary(self):\n        return 2\n\n"
          "    def fail(self):\n        return 3\n")
ENVIRONMENT = ("class Environment:\n"
               "    def overlay(self):\n        return 1\n\n"
               "    def render(self):\n        return 2\n")
FILES = {"shop/__init__.py": ENVIRONMENT, "shop/parser.py": PARSER,
         # pages that name nothing: a page naming an anchor is then no large share of the docs
         **{f"docs/guide{i}.md": f"# Guide {i}\n\nPlain words.\n" for i in range(8)}}


def changed(tmp_path: Path, docs: dict[str, str], old: str, new: str,
            path: str = "shop/parser.py") -> dict[str, Any]:
    """affected-docs of a change that edits one method's body in the file ``path``."""
    repo = pr_repo(tmp_path, {**FILES, **docs}, {path: FILES[path].replace(old, new)})
    return run_json(repo, "main")


def evidence(data: dict[str, Any], path: str) -> set[tuple[str, str]]:
    """(rule, token) of each piece of evidence for the row of ``path``."""
    row = next(row for row in data["docs"] if row["path"] == path)
    return {(item["rule"], item["token"]) for item in row["evidence"]}


def test_a_mkdocstrings_identifier_is_a_whole_dotted_path(tmp_path: Path) -> None:
    # ``::: shop-click`` is another extension's block: it documents no ``shop``
    docs = {"docs/cli.md": "# CLI\n\n::: shop-click\n    :module: shop.cli\n",
            "docs/api.md": "# API\n\n::: shop.parser\n"}
    data = changed(tmp_path, docs, "return 2", "return 22")
    assert rows(data) == {"docs/api.md": ["shop.parser.Parser.parse_primary"]}
    assert ("documented_prefix", "shop.parser.Parser.parse_primary") in evidence(
        data, "docs/api.md")
