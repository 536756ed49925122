"""What a docs page's autodoc and mkdocstrings directives document, end to end
(docs/concepts/affected-docs.md#docs-corpus-and-matching): a real repository, a change to one
method, and the pages affected-docs lists for it, each rule both ways."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

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


# what a generated reference renders of ``parse_primary``: its signature
SIGNATURE, SIGNATURE_NEW = "def parse_primary(self):", "def parse_primary(self, strict=False):"


def test_a_mkdocstrings_identifier_is_a_whole_dotted_path(tmp_path: Path) -> None:
    # ``::: shop-click`` is another extension's block: it documents no ``shop``
    docs = {"docs/cli.md": "# CLI\n\n::: shop-click\n    :module: shop.cli\n",
            "docs/api.md": "# API\n\nThe parser.\n\n::: shop.parser\n"}
    data = changed(tmp_path, docs, SIGNATURE, SIGNATURE_NEW)
    assert rows(data) == {"docs/api.md": ["shop.parser.Parser.parse_primary"]}
    assert ("documented_prefix", "shop.parser.Parser.parse_primary") in evidence(
        data, "docs/api.md")


# a paragraph of the page's own: a page holding nothing but the directive is listed only for
# removed names (docs/concepts/anchoring-rules.md#rendering-pages)
PROSE = "\nThe parser reads a whole expression.\n"
LISTED = (".. autoclass:: shop.parser.Parser\n"
          "    :members: parse_expression,\n"
          "              fail\n" + PROSE)


@pytest.mark.parametrize(("old", "new", "listed"), [
    ("return 2", "return 22", False),  # parse_primary: not in the list
    ("return 1", "return 11", True),   # parse_expression: listed, on the option's first line
    ("return 3", "return 33", True),   # fail: listed on the option's continuation line
])
def test_a_list_of_members_documents_those_only(tmp_path: Path, old: str, new: str,
                                                listed: bool) -> None:
    data = changed(tmp_path, {"docs/ext.rst": LISTED}, old, new)
    assert ("docs/ext.rst" in rows(data)) is listed


def test_a_listed_member_is_a_qualified_name_on_the_line_that_lists_it(tmp_path: Path) -> None:
    data = changed(tmp_path, {"docs/ext.rst": LISTED}, "return 3", "return 33")
    row = data["docs"][0]
    assert ("qualified_name", "shop.parser.Parser.fail") in evidence(data, "docs/ext.rst")
    assert {line for item in row["evidence"] for line in item["lines"]} == {3}


@pytest.mark.parametrize(("page", "documented"), [
    # every member but the excluded (the page still writes the excluded one's name)
    (".. autoclass:: shop.parser.Parser\n    :members:\n    :exclude-members: parse_primary\n",
     False),
    (".. autoclass:: shop.parser.Parser\n    :members:\n    :exclude-members: fail\n", True),
    (".. autoclass:: shop.parser.Parser\n    :members:\n", True),
    # a module's listed members: the class is listed, not its members
    (".. automodule:: shop.parser\n    :members: Parser\n", False),
    (".. automodule:: shop.parser\n    :members:\n", True),
])
def test_excluded_and_unlisted_members_are_not_documented(tmp_path: Path, page: str,
                                                          documented: bool) -> None:
    data = changed(tmp_path, {"docs/ext.rst": page + PROSE}, SIGNATURE, SIGNATURE_NEW)
    found = evidence(data, "docs/ext.rst") if "docs/ext.rst" in rows(data) else set()
    assert (("documented_prefix", "shop.parser.Parser.parse_primary") in found) is documented


def test_a_directive_in_a_class_body_documents_its_member(tmp_path: Path) -> None:
    inside = (".. module:: shop\n\n"
              ".. autoclass:: Environment\n    :members: render\n\n"
              "    .. automethod:: overlay([options])\n")
    # the same directive past the class's body names the module's ``overlay``: no method
    past = (".. module:: shop\n\n"
            ".. autoclass:: Environment\n    :members: render\n\n"
            ".. automethod:: overlay([options])\n")
    data = changed(tmp_path, {"docs/api.rst": inside, "docs/other.rst": past},
                   "return 1", "return 11", "shop/__init__.py")
    assert set(rows(data)) == {"docs/api.rst"}
    assert ("qualified_name", "shop.Environment.overlay") in evidence(data, "docs/api.rst")
    row = data["docs"][0]
    assert {line for item in row["evidence"] for line in item["lines"]} == {6}


DOCUMENTED = {"docs/api.rst": ".. autoclass:: shop.parser.Parser\n    :members:\n" + PROSE,
              "docs/mkdocs.md": "# API\n\nThe parser.\n\n::: shop.parser.Parser\n"}


@pytest.mark.parametrize(("old", "new", "listed"), [
    # click: a line inside ``Parameter.consume_value`` changes nothing autodoc renders
    ("return 2", "return 22", False),
    ("        return 2\n", "        value = 2\n        return value\n", False),
    # what it renders: the signature, a docstring, a decorator
    (SIGNATURE, SIGNATURE_NEW, True),
    ("    def parse_primary(self):\n",
     '    def parse_primary(self):\n        """Parse."""\n', True),
    ("    def parse_primary(self):\n", "    @property\n    def parse_primary(self):\n", True),
])
def test_a_body_only_change_does_not_list_a_page_documenting_it_by_a_directive(
        tmp_path: Path, old: str, new: str, listed: bool) -> None:
    data = changed(tmp_path, DOCUMENTED, old, new)
    assert set(rows(data)) == ({"docs/api.rst", "docs/mkdocs.md"} if listed else set())


def test_a_body_only_change_still_lists_a_page_that_writes_the_member(tmp_path: Path) -> None:
    docs = {**DOCUMENTED, "docs/guide.md": "Call `Parser.parse_primary` first.\n"}
    data = changed(tmp_path, docs, "return 2", "return 22")
    assert rows(data) == {"docs/guide.md": ["Parser.parse_primary"]}


TOKENS = ".. automodule:: shop.lexer\n    :members:\n" + PROSE


def test_a_top_level_function_changed_in_its_body_is_not_listed_by_automodule(
        tmp_path: Path) -> None:
    module = "def tokenize(text):\n    return text.split()\n"
    repo = pr_repo(tmp_path, {**FILES, "shop/lexer.py": module,
                              "docs/api/tokens.rst": TOKENS},
                   {"shop/lexer.py": module.replace("split()", "split(' ')")})
    assert rows(run_json(repo, "main")) == {}
    repo = pr_repo(tmp_path / "signature", {**FILES, "shop/lexer.py": module,
                   "docs/api/tokens.rst": TOKENS},
                   {"shop/lexer.py": module.replace("(text)", "(text, sep=None)")})
    assert set(rows(run_json(repo, "main"))) == {"docs/api/tokens.rst"}
