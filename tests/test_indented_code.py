"""Indented code blocks (CommonMark: four columns of indentation past the margin or the list
item's content, not going on with a paragraph) are code to both readers: the scanner reads
calls in them, ``govern check docs-refs`` reads their imports. DRF's docs write most of their
examples so (``docs/api-guide/reverse.md``: ``reverse(...)`` under ``from
rest_framework.reverse import reverse``). MDX has no indented code, and rst is unaffected."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.docsrefs.model import RefKind
from govern.docsrefs.references import parse_references
from govern.drift.docs.lines import mention_lines
from govern.drift.docs.scanner import indented_code_lines, scan_page
from tests.gitrepo import make_repo
from tests.test_docs_refs import LIBRARY, passes_then_fails

CODE = [
    ("Intro.\n\n    compute(1)\n", "after a blank line"),
    ("# Usage\n    compute(1)\n", "after a heading"),
    ("Intro.\n\n\tcompute(1)\n", "a tab is four columns"),
    ("- an item\n\n        compute(1)\n", "four columns past the item's content"),
    ("1. an item\n\n       compute(1)\n", "an ordered item's content is at column 3"),
    ("- outer\n\n  - inner\n\n        compute(1)\n", "four past the outer item's content: the "
     "inner item is closed by the less indented line"),
    ("```\nfenced\n```\n    compute(1)\n", "after a fence, which is no paragraph"),
    ("<!-- a note -->\n\n    compute(1)\n", "after a comment closed on its line"),
]
PROSE = [
    ("Intro.\n    compute(1)\n", "an indented line goes on with the paragraph"),
    ("- an item\n\n    compute(1)\n", "the item's continuation paragraph"),
    ("1. an item\n\n      compute(1)\n", "three columns past the item's content"),
    ("- an item\nlazily continued\n\n    compute(1)\n", "a lazy line keeps the item open"),
    ("<!--\n\n    compute(1)\n\n-->\n", "inside an HTML comment"),
    ("<pre>\n\n    compute(1)\n\n</pre>\n", "inside raw HTML"),
    ("> quoted\n    compute(1)\n", "a lazy line of the quote's paragraph"),
    ("---\ntitle: x\n\nsummary: |\n    compute(1)\n---\n\nText.\n", "YAML front matter"),
]


@pytest.mark.parametrize(("text", "why"), CODE)
def test_an_indented_code_block_is_code(text: str, why: str) -> None:
    assert scan_page(text, "page.md").calls == {"compute"}, why
    line = text.split("\n").index(next(
        line for line in text.split("\n") if "compute" in line)) + 1
    assert mention_lines(text, "page.md", "compute", "call") == (line,), why


@pytest.mark.parametrize(("text", "why"), PROSE)
def test_an_indented_line_that_is_no_code_block_is_prose(text: str, why: str) -> None:
    assert "compute" not in scan_page(text, "page.md").calls, why
    assert mention_lines(text, "page.md", "compute", "call") == (), why


def test_mdx_and_rst_have_no_indented_code_blocks() -> None:
    text = CODE[0][0]
    assert scan_page(text, "page.mdx").calls == set()  # MDX has none (mdxjs.com/mdx)
    assert scan_page(text, "page.rst").calls == set()  # a block quote in rst


def test_a_block_runs_over_blank_lines_to_its_last_indented_line() -> None:
    lines = "Text.\n\n    one()\n\n    two()\n\n\nAfter.\n    three()\n".split("\n")
    assert indented_code_lines(lines) == [(2, 5)]


@pytest.mark.parametrize("fence", ["~~~", "```python", "- ```"])
def test_a_fence_s_lines_are_no_indented_block(fence: str) -> None:
    lines = f"{fence}\n\n    one()\n  ```\n\n    two()\n".split("\n")
    # the tilde fence runs on; in the item, `two()` is its paragraph
    assert indented_code_lines(lines) == ([(5, 6)] if fence == "```python" else [])


@pytest.mark.parametrize(("text", "blocks"), [
    # a list item ends a block quote, whatever its number: the item's paragraph, not code
    ("> quoted\n2. item\n\n    compute(1)\n", []),
    # a lazy ``===`` goes on with the item's paragraph, and so does the indented line
    ("2) item\n===\n    compute(1)\n", []),
    ("<!-->\n\n    compute(1)\n", [(2, 3)]),  # the comment ends where it starts
    # a line less indented than the item's text ends the item, and the comment in it
    ("1. <!--\n-->\n\n    compute(1)\n", [(3, 4)]),
    # and the fence: the line less indented opens another, which holds the rest
    ("- ```\n  x\n```\n    compute(1)\n```\n", []),
    # an inline tag is the paragraph's text: the comment after it opens its block, and hides
    # the code in it; a block tag interrupts the paragraph, and a blank line ends it
    ("Intro\n<span>note</span>\n<!--\n\n    compute(1)\n\n-->\n", []),
    ("Intro\n<div>\n\n    compute(1)\n", [(3, 4)]),
    # a block quote less indented than an item's text ends the item: no lazy line
    ("- item\n> quote\n\n    compute(1)\n", [(3, 4)]),
])
def test_the_readings_the_oracle_caught(text: str, blocks: list[tuple[int, int]]) -> None:
    assert indented_code_lines(text.split("\n")) == blocks


@pytest.mark.parametrize(("container", "body"), [
    ("!!! note", "    Partial updates:\n\n    compute(1) is prose here."),
    ('??? tip "Title"', "    Collapsed:\n\n    compute(1) is prose here."),
    ('=== "Python"', "    A tab:\n\n    compute(1) is prose here."),
])
def test_an_mkdocs_admonition_or_tab_body_is_prose_and_its_code_four_columns_further(
        container: str, body: str) -> None:
    # DRF's serializers.md:219 (``!!! note`` over a body of paragraphs four spaces in)
    text = f"Intro.\n\n{container}\n{body}\n"
    assert "compute" not in scan_page(text, "page.md").calls
    assert scan_page(text.replace("    compute", "        compute"), "page.md").calls == \
        {"compute"}


IMPORTS = "Use it:\n\n    from shop import Client\n    from shop.util import parse_price\n"


def test_docs_refs_reads_imports_in_an_indented_block() -> None:
    refs = parse_references(IMPORTS, "page.md")
    assert [(ref.line, ref.kind, ref.name) for ref in refs] == [
        (3, RefKind.IMPORT, "shop"), (3, RefKind.IMPORT, "shop.Client"),
        (4, RefKind.IMPORT, "shop.util"), (4, RefKind.IMPORT, "shop.util.parse_price")]


@pytest.mark.parametrize(("text", "page"), [
    (IMPORTS, "page.mdx"),
    (IMPORTS.replace("\n\n", "\n"), "page.md"),  # the paragraph goes on
    ("- Use it:\n\n    from shop import Client\n", "page.md"),  # the item's paragraph
    # commented out, after an inline tag (a review found it read as an import)
    ("Use it\n<span>x</span>\n<!--\n\n    from shop import gone\n\n-->\n", "page.md"),
])
def test_docs_refs_reads_no_import_outside_an_indented_block(text: str, page: str) -> None:
    assert parse_references(text, page) == []


def test_a_missing_name_imported_in_an_indented_block_fails_the_check(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "shop", {**LIBRARY, "docs/index.md": (
        "# Shop\n\n- Old:\n\n    from shop import Basket\n")})
    passes_then_fails(repo, "docs/index.md", "# Shop\n\n    from shop import Basket\n",
                      "shop.Basket")


def test_a_crlf_page_s_indented_block_is_code() -> None:
    """Its lines end in ``\\r``: read without it, as docs-refs reads them."""
    assert scan_page("Intro\r\n\r\n    reverse(x)\r\n", "page.md").calls == {"reverse"}
