"""The page scanner (affected-docs) reads a Sphinx page's relative names as docs-refs does: a
role or autodoc target written after ``.. currentmodule:: shop`` (or a MyST ``{currentmodule}``
fence, or inside ``{eval-rst}``) names ``shop.<target>`` too, on the line it is written."""

from __future__ import annotations

import pytest

from govern.drift.docs.lines import PageMentions, mention_lines
from govern.drift.docs.scanner import scan_page

MYST = ("# A\n\n```{currentmodule} shop\n```\n\n```{eval-rst}\n.. autofunction:: edit\n```\n\n"
        "{py:class}`Client`\n")


@pytest.mark.parametrize(("text", "path", "names", "not_names"), [
    (".. currentmodule:: shop\n\nSee :func:`edit` and :meth:`~Client.send`.\n", "a.rst",
     {"shop.edit", "shop.Client.send", "edit", "Client.send"}, set()),
    (MYST, "a.md", {"shop.edit", "shop.Client"}, set()),
    (":::{py:currentmodule} shop\n:::\n\n```{autofunction} edit\n```\n", "a.md",
     {"shop.edit"}, set()),
    (".. automodule:: shop.util\n\n:func:`parse`\n", "a.rst", {"shop.util.parse"},
     {"shop.util.shop.util"}),
    # written before the module is current, or after it is unset
    (":func:`edit`\n\n.. currentmodule:: shop\n", "a.rst", {"edit"}, {"shop.edit"}),
    (".. currentmodule:: shop\n.. currentmodule:: None\n\n:func:`edit`\n", "a.rst", {"edit"},
     {"shop.edit", "None.edit"}),
    # a full name, a module role, another domain's role, a label: read as written
    (".. currentmodule:: shop\n\n:func:`shop.edit` :mod:`util` :c:func:`edit` :ref:`edit`\n",
     "a.rst", {"shop.edit", "util"}, {"shop.shop.edit", "shop.util"}),
    (".. currentmodule:: " + "x" * 300 + "\n\n:func:`edit`\n", "a.rst", {"edit"},
     {"x" * 300 + ".edit"}),
])
def test_relative_targets_name_the_current_modules(text: str, path: str, names: set[str],
                                                   not_names: set[str]) -> None:
    words = scan_page(text, path).words
    assert names <= words
    assert not (not_names & words)


@pytest.mark.parametrize(("text", "prefixes"), [
    (".. currentmodule:: shop\n\n.. autoclass:: Client\n   :members:\n",
     {"Client", "shop.Client"}),
    (".. currentmodule:: shop\n\n.. autoclass:: Client\n", set()),
    ("```{currentmodule} shop\n```\n```{autoclass} Client\n:members:\n```\n",
     {"Client", "shop.Client"}),
])
def test_a_relative_autodoc_target_documents_the_qualified_members(text: str,
                                                                   prefixes: set[str]) -> None:
    assert scan_page(text, "a.rst").prefixes == prefixes


def test_the_line_of_a_relative_target_is_where_it_is_written() -> None:
    assert mention_lines(MYST, "a.md", "shop.edit", "written") == (7,)
    assert mention_lines(MYST, "a.md", "shop.Client", "written") == (10,)
    assert mention_lines(MYST, "a.md", "shop.keep", "written") == ()
    rst = ".. currentmodule:: shop\n\nIntro :class:`Client`.\n\n.. autoclass:: Client\n" \
          "   :members:\n"
    # the line of the directive documenting the container's members, not every line that
    # writes ``shop`` or ``Client``
    assert mention_lines(rst, "a.rst", "shop.Client.send", "prefix") == (5,)
    assert mention_lines(rst, "a.rst", "shop.Other.send", "prefix") == (1,)


def test_a_page_indexed_after_many_anchors_finds_relative_targets_too() -> None:
    rst = ".. currentmodule:: shop\n\n:func:`edit`\n\n.. autoclass:: Client\n   :members:\n"
    searched, indexed = PageMentions(rst, "a.rst"), PageMentions(rst, "a.rst")
    for _ in range(100):
        indexed.lines("unrelated_name", "written")
    for token, how in [("shop.edit", "written"), ("shop.Client.send", "prefix")]:
        assert indexed.lines(token, how) == searched.lines(token, how) != ()


CLASS_PAGE = (".. module:: shop\n\n"
              ".. autoclass:: Environment([options])\n"
              "    :members: from_string\n\n"
              "    .. automethod:: overlay([options])\n\n"
              "    .. method:: undefined(hint)\n\n"
              "        See :meth:`render` and :class:`Template`.\n\n"
              "    .. autoclass:: Inner\n\n"
              "        .. autoattribute:: depth\n\n"
              ".. automethod:: close\n\n"
              ".. autoclass:: shop.ext.Parser\n\n"
              "    .. attribute:: filename\n")


@pytest.mark.parametrize(("names", "not_names"), [
    # directives in a class's body document its members, in the current module
    ({"shop.Environment.overlay", "Environment.overlay", "shop.Environment.undefined",
      "shop.Environment.from_string"}, {"shop.overlay", "shop.undefined"}),
    # a class in a class's body, and the members in its own body
    ({"shop.Environment.Inner", "shop.Environment.Inner.depth"}, {"shop.Inner.depth"}),
    # a role in a class's body is looked up in the class, then in the module
    ({"shop.Environment.render", "shop.render", "shop.Environment.Template"}, set()),
    # past the body (a line indented no deeper than the directive): the module's own
    ({"shop.close"}, {"shop.Environment.close", "shop.Environment.Inner.close"}),
    # an autodoc class's dotted target is its full name, whatever module is current
    ({"shop.ext.Parser.filename"}, {"shop.shop.ext.Parser.filename", "shop.filename"}),
])
def test_directives_in_a_class_body_name_its_members(names: set[str],
                                                     not_names: set[str]) -> None:
    words = scan_page(CLASS_PAGE, "a.rst").words
    assert names <= words
    assert not (not_names & words)


def test_a_member_is_found_on_the_line_of_its_directive_or_its_listing() -> None:
    assert mention_lines(CLASS_PAGE, "a.rst", "shop.Environment.overlay", "written") == (6,)
    assert mention_lines(CLASS_PAGE, "a.rst", "Environment.overlay", "written") == (6,)
    assert mention_lines(CLASS_PAGE, "a.rst", "shop.Environment.from_string", "written") == (4,)
    assert mention_lines(CLASS_PAGE, "a.rst", "shop.Environment.close", "written") == ()
