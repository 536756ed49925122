"""The purpose-built page scanner against real parsers used as oracles, in tests only (issue 12,
item 15): on generated md and rst pages, every code span, fence, literal block, role and
autodoc directive that markdown-it-py or docutils sees, the scanner sees too; on md pages,
exactly what markdown-it-py reads as code, indented blocks among it."""

from __future__ import annotations

import re
from typing import Any, ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from govern.drift.docs.scanner import indented_code_lines, scan_page

markdown_it = pytest.importorskip("markdown_it")
docutils_core = pytest.importorskip("docutils.core")
from docutils import nodes  # noqa: E402
from docutils.parsers.rst import Directive, directives, roles  # noqa: E402

CALL = re.compile(r"(?<![\w$.])([A-Za-z_$][\w$]*)\(")
NAMES = st.from_regex(r"[a-z][a-z]{2,6}(_[a-z]{2,5})?", fullmatch=True)
PROSE = st.sampled_from(["Some words here.", "A second paragraph, plain.", "More text"])


# -- markdown: markdown-it-py ------------------------------------------------------------------

MD_BLOCKS = (
    "Call `{name}(1)` to begin.",
    "```python\nresult = {name}(2)\n```",
    "~~~\n{name}(3)\n~~~",
    "- a list item with `{name}(4)`",
    "> quoted `{name}(5)`",
)
MD_INDENTED_BLOCKS = (
    "    {name}(6)",
    "\t{name}(7)",
    "Some words\n    {name}(8)",
    "- an item\n\n    {name}(9)",
    "- an item\n\n      {name}(10)",
    "1. an item\n\n       {name}(11)",
    "1. an item\n\n      {name}(12)",
    "- outer\n  - inner\n\n          {name}(13)",
    "- outer\n\n  - inner\n\n      {name}(14)",
    "# Title\n    {name}(15)",
    "Title\n-----\n    {name}(16)",
    "***\n    {name}(17)",
    "<!--\n\n    {name}(18)\n\n-->",
    "> quoted\n    {name}(19)",
    "- an item\nlazily\n\n    {name}(20)",
    "Words\n2. no item\n\n     {name}(21)",
    "-     {name}(24)",
    "* a\n\n  *\n\n      {name}(25)",
    "> quoted\n2. item\n\n    {name}(26)",
    "1. <!--\n-->\n\n    {name}(27)",
    "- ```\n  x\n```\n    {name}(28)\n```",
    "2) item\n===\n    {name}(29)",
)
"""Blocks around an indented line: code after a blank line or a heading, four columns past a
list item's content; prose when it goes on with a paragraph or a list item."""


def md_block(draw: Any, templates: tuple[str, ...] = MD_BLOCKS) -> str:
    name = draw(NAMES)
    return draw(st.sampled_from([*(template.format(name=name) for template in templates),
                                 draw(PROSE)]))


def md_indented_block(draw: Any) -> str:
    return md_block(draw, MD_BLOCKS + MD_INDENTED_BLOCKS)


@st.composite
def pages(draw: Any, block: Any) -> str:
    """One to six blocks drawn by ``block``, separated by blank lines."""
    return "\n\n".join(block(draw) for _ in range(draw(st.integers(1, 6)))) + "\n"


def markdown_code_calls(text: str, indented: bool = True) -> set[str]:
    """Calls in the code markdown-it reads; with ``indented`` False, as MDX reads the page,
    which has no indented code."""
    found: set[str] = set()
    parser = markdown_it.MarkdownIt("commonmark")
    for token in (parser if indented else parser.disable("code")).parse(text):
        if token.type in ("fence", "code_block"):
            found.update(CALL.findall(token.content))
        for child in token.children or []:
            if child.type == "code_inline":
                found.update(CALL.findall(child.content))
    return found


def markdown_indented_lines(text: str) -> list[tuple[int, int]]:
    return [(token.map[0], token.map[1]) for token in
            markdown_it.MarkdownIt("commonmark").parse(text)
            if token.type == "code_block" and token.map]


@settings(max_examples=300, deadline=None)
@given(pages(md_indented_block))
def test_markdown_indented_code_is_exactly_what_the_oracle_reads(text: str) -> None:
    # both ways: an indented line the oracle reads as prose is no code to the scanner
    assert indented_code_lines(text.split("\n")) == markdown_indented_lines(text)
    assert scan_page(text, "page.md").calls == markdown_code_calls(text)
    assert scan_page(text, "page.mdx").calls == markdown_code_calls(text, indented=False)


# -- reStructuredText: docutils with Sphinx's roles and autodoc directives recorded ------------

class Seen:
    roles: ClassVar[set[str]] = set()
    autodoc: ClassVar[list[tuple[str, str, bool]]] = []
    module: ClassVar[str | None] = None
    """The module current where docutils reads, as Sphinx keeps it."""
    scoped: ClassVar[set[str]] = set()
    """Relative role and undotted autodoc targets under the module current there."""


def _role(name: str, rawtext: str, text: str, lineno: int, inliner: Any,
          options: Any = None, content: Any = None) -> tuple[list[Any], list[Any]]:
    Seen.roles.add(text)
    if Seen.module:
        Seen.scoped.add(f"{Seen.module}.{text}")
    return [nodes.literal(rawtext, text)], []


class _Autodoc(Directive):
    required_arguments = 1
    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {"members": directives.unchanged,
                                             "undoc-members": directives.flag}

    def run(self) -> list[Any]:
        Seen.autodoc.append((self.name, self.arguments[0], "members" in self.options))
        if self.name == "automodule":  # Sphinx's module directive, which it writes
            Seen.module = self.arguments[0]
        elif Seen.module and "." not in self.arguments[0]:
            # autodoc takes a dotted target's module from the target (its resolve_name)
            Seen.scoped.add(f"{Seen.module}.{self.arguments[0]}")
        return []


class _CurrentModule(Directive):
    required_arguments = 1

    def run(self) -> list[Any]:
        Seen.module = None if self.arguments[0] == "None" else self.arguments[0]
        return []


for _name in ("func", "meth", "class", "attr"):
    roles.register_local_role(_name, _role)
for _name in ("autoclass", "automodule", "autofunction"):
    directives.register_directive(_name, _Autodoc)
directives.register_directive("currentmodule", _CurrentModule)


def rst_block(draw: Any) -> str:
    name = draw(NAMES)
    return draw(st.sampled_from([
        f"Call ``{name}(1)`` to begin.",
        f".. code-block:: python\n\n    result = {name}(2)",
        f".. code:: python\n\n    {name}(3)",
        f"Example::\n\n    {name}(4)",
        f">>> value = {name}(5)\n>>> value\n5",
        f"See :func:`pkg.{name}` for more.",
        f".. autoclass:: pkg.{name}\n   :members:",
        f".. automodule:: pkg.{name}\n   :members:\n   :undoc-members:",
        f".. autofunction:: pkg.{name}",
        f"Relative :meth:`{name}` here.",
        f".. autofunction:: {name}",
        f".. currentmodule:: mod.{name}",
        ".. currentmodule:: None",
        draw(PROSE),
    ]))


def docutils_view(text: str) -> tuple[set[str], set[str], set[str]]:
    """(calls in code, role targets, autodoc targets with :members:) as docutils reads them;
    ``Seen.scoped`` the relative targets under the module current where they are written."""
    Seen.roles, Seen.autodoc, Seen.module, Seen.scoped = set(), [], None, set()
    tree = docutils_core.publish_doctree(text, settings_overrides={
        "report_level": 5, "halt_level": 5, "warning_stream": False})
    calls: set[str] = set()
    for node in tree.findall(lambda n: isinstance(
            n, nodes.literal_block | nodes.literal | nodes.doctest_block)):
        calls.update(CALL.findall(node.astext()))
    members = {target for kind, target, has in Seen.autodoc
               if has and kind in ("autoclass", "automodule")}
    return calls, set(Seen.roles), members


@settings(max_examples=150, deadline=None)
@given(pages(rst_block))
def test_rst_code_roles_and_directives_the_oracle_sees_the_scanner_sees(text: str) -> None:
    calls, role_targets, members = docutils_view(text)
    tokens = scan_page(text, "page.rst")
    assert calls <= tokens.calls
    assert role_targets <= tokens.words
    assert members <= tokens.prefixes
    assert Seen.scoped <= tokens.words


# -- the two rst readings the oracles caught, pinned both ways -------------------------------

@pytest.mark.parametrize(("text", "prefixes"), [
    ("Intro.\n\n.. autoclass:: pkg.Thing\n   :members:\n", {"pkg.Thing"}),  # after a blank line
    ("Intro.\n\n.. autoclass:: pkg.Thing\n\nNo options here.\n", set()),
])
def test_autodoc_after_a_blank_line_keeps_its_members_option(text: str,
                                                             prefixes: set[str]) -> None:
    assert scan_page(text, "a.rst").prefixes == prefixes


@pytest.mark.parametrize(("text", "calls"), [
    (".. code-block:: python\n\n    compute(1)\n", {"compute"}),
    (".. code:: python\n\n    compute(1)\n", {"compute"}),
    (".. note:: python\n\n    compute(1)\n", set()),     # an admonition body is prose
    ("Text\n\n    compute(1)\n", set()),                  # a block quote is prose
    ("Text\n\n>>> compute(1)\n2\n", {"compute"}),          # a doctest block is code
    ("Text\n\n    >>> compute(1)\n", {"compute"}),         # one in a block quote too
    ("Text\n>>> compute(1)\n", set()),                    # a paragraph's second line is prose
    ("Text\n\n>>> x = 1\n\ncompute(1) again\n", set()),  # the block ends at a blank line
])
def test_rst_code_directives_are_code(text: str, calls: set[str]) -> None:
    assert scan_page(text, "a.rst").calls == calls
