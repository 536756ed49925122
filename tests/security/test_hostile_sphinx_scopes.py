"""Attack: stall the docs jobs with the scopes a Sphinx page sets for its relative names. Every
role after ``.. currentmodule:: M`` also names ``M.<target>``: a megabyte "module" prefixed to
100,000 roles would be 100 GB of names, so a scope longer than ``MAX_SCOPE`` is not kept. A line
holding the directive's mark a hundred thousand times is read once, not once per mark; class
directives nested thousands deep (by both page readers), and MyST class fences never closed, are
each entered and left once; and a scope is walked once per run, not once for each of the 100,000
names looked up in it (a PR's code may make it resolve deep: ``import shop`` inside ``shop``)."""

from __future__ import annotations

from govern.docsrefs.model import Status
from govern.docsrefs.references import read_page
from govern.drift.docs.lines import mention_lines
from govern.drift.docs.pydomain import MAX_SCOPE
from govern.drift.docs.scanner import scan_page
from tests.security.pr import within
from tests.test_docs_refs import LIBRARY, tables

ROLES = 100_000


def test_a_megabyte_module_qualifies_no_name() -> None:
    page = ".. currentmodule:: " + "m" * 1_000_000 + "\n\n" + ":func:`edit`\n" * ROLES
    words = within(lambda: scan_page(page, "a.rst")).words
    assert "edit" in words
    assert not any(word.endswith(".edit") for word in words)
    refs = within(lambda: read_page(page, "docs/a.rst")).references
    assert len(refs) == ROLES and refs[-1].scopes == ()
    # a module of MAX_SCOPE characters is kept
    kept = "m" * MAX_SCOPE
    assert f"{kept}.edit" in scan_page(f".. currentmodule:: {kept}\n:func:`edit`\n", "a.rst").words


def test_a_line_of_module_marks_is_read_once() -> None:
    page = "module:: " * 300_000 + "\n.. currentmodule:: shop\n" + ":func:`edit`\n" * ROLES
    assert "shop.edit" in within(lambda: scan_page(page, "a.rst")).words
    lines = within(lambda: mention_lines(page, "a.rst", "shop.edit", "written"))
    assert lines[0] == 3
    assert "shop.edit" not in scan_page("module:: " * 1000 + "\n:func:`edit`\n", "a.rst").words


def test_deep_class_directives_and_unclosed_class_fences_are_entered_once() -> None:
    depth = 3000
    nested = (".. currentmodule:: shop\n\n"
              + "".join(" " * i + f".. class:: C{i}\n\n" for i in range(depth))
              + ":meth:`send`\n" * ROLES)
    refs = within(lambda: read_page(nested, "docs/a.rst")).references
    assert refs[-1].scopes == ("shop",)  # the roles are past every class's body
    words = within(lambda: scan_page(nested, "a.rst")).words
    assert "shop.send" in words and "shop.C0.send" not in words
    assert "shop.C0.C1" in words  # a class directive in a class's body names its member
    assert max(map(len, words)) <= len("shop.") + MAX_SCOPE + len(".send")
    # each fence opens inside the one before (a colon fence closes on colons alone): classes
    # nested 100,000 deep, whose names are not kept past MAX_SCOPE characters
    fences = "```{currentmodule} shop\n```\n" + ":::{py:class} C\n{py:meth}`m`\n" * ROLES
    refs = within(lambda: read_page(fences, "docs/a.md")).references
    assert len(refs) == ROLES + 1
    assert refs[1].scopes == ("shop.C", "C", "shop")
    assert refs[2].scopes == ("shop.C.C", "C.C", "shop")
    assert max(len(scope) for ref in refs for scope in ref.scopes) <= len("shop.") + MAX_SCOPE


def test_a_scope_is_walked_once_for_all_its_names() -> None:
    files = {**LIBRARY, "src/shop/__init__.py": LIBRARY["src/shop/__init__.py"] + "import shop\n"}
    table = tables(files)
    scope = ".".join(["shop"] * 40)  # shop.shop.shop… resolves: shop imports itself
    page = f".. currentmodule:: {scope}\n\n" + "".join(f":func:`name_{i}`\n"
                                                       for i in range(ROLES))
    refs = read_page(page, "docs/a.rst").references
    statuses = within(lambda: [table.resolve(ref).status for ref in refs])
    assert statuses[0] is Status.RESOLVED  # the module directive: it resolves, deep as it is
    assert set(statuses[1:]) == {Status.MISSING}
