"""Sphinx pages in MyST markdown and rst, read as Sphinx reads them by both docs-refs and
affected-docs: a ```` ```{eval-rst} ```` fence holds rst (its directives and roles on the md
page's lines), a ``{currentmodule}`` fence or ``.. currentmodule::`` makes a module current for
the relative roles and autodoc targets after it, a class directive's body looks names up in the
class, and a hand-written object directive documents a name roles may link to."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from govern.cli import cli
from govern.docsrefs.model import Status
from govern.docsrefs.references import read_page
from tests.gitrepo import Repo, make_repo
from tests.test_docs_refs import LIBRARY, statuses, tables

# -- the pallets/click shape, end to end ------------------------------------------------------

SHOP = {"shop/__init__.py": "def edit():\n    pass\n\n\ndef keep():\n    pass\n",
        "pyproject.toml": '[project]\nname = "shop"\n'}
PAGES = {
    "docs/a.md": "# A\n\n```{currentmodule} shop\n```\n\n```{eval-rst}\n.. autofunction:: edit\n"
                 ".. autofunction:: keep\n```\n",
    "docs/b.md": "# B\n\n```{eval-rst}\n.. autofunction:: shop.edit\n```\n",
    "docs/c.rst": "C\n=\n\n.. currentmodule:: shop\n\nSee :func:`edit`.\n",
    # the same names where Sphinx reads them as no reference: an rst sample in a code fence,
    # rst syntax in markdown prose, a role before the page makes its module current
    "docs/d.md": "# D\n\n```rst\n.. autofunction:: edit\n```\n\n:func:`edit` is rst.\n",
    "docs/e.rst": "E\n=\n\nSee :func:`edit`.\n\n.. currentmodule:: shop\n\nand :func:`keep`.\n",
}


@pytest.fixture
def renamed(tmp_path: Path) -> Repo:
    repo = make_repo(tmp_path / "shop", {**SHOP, **PAGES})
    repo.branch("rename")
    repo.commit({"shop/__init__.py": SHOP["shop/__init__.py"].replace("def edit(",
                                                                      "def edit_text(")})
    return repo


def _invoke(repo: Repo, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), *args])
    return result.exit_code, result.stdout


def test_docs_refs_reads_eval_rst_and_the_current_module(renamed: Repo) -> None:
    code, out = _invoke(renamed, "check", "docs-refs", "main")
    assert code == 1
    assert out.splitlines() == [
        "docs/a.md:7:19: `edit` names nothing: shop has no `edit` (did you mean `edit_text`?)",
        "docs/b.md:4:19: `shop.edit` names nothing: shop has no `edit` "
        "(did you mean `shop.edit_text`?)",
        "docs/c.rst:6:12: `edit` names nothing: shop has no `edit` (did you mean `edit_text`?)",
    ]


def test_affected_docs_lists_the_pages_sphinx_links_to_the_function(renamed: Repo) -> None:
    code, out = _invoke(renamed, "affected-docs", "--json", "main")
    assert code == 0
    lines = {row["path"]: row["evidence"][0]["lines"] for row in json.loads(out)["docs"]}
    assert lines == {"docs/a.md": [7], "docs/b.md": [4], "docs/c.rst": [6]}


# -- eval-rst ------------------------------------------------------------------------------

def test_an_eval_rst_fence_is_read_as_rst_on_the_pages_lines() -> None:
    page = ("# API\n\n~~~{eval-rst}\n.. autoclass:: shop.Client\n   :members:\n\n"
            "See :meth:`shop.Client.sned` and :class:`shop.Klient`.\n~~~\n\n"
            ":::{eval-rst}\n.. autofunction:: shop.nothing\n:::\n")
    found = [(ref.line, ref.column, ref.name) for ref in read_page(page, "docs/a.md").references]
    assert found == [(4, 16, "shop.Client"), (7, 12, "shop.Client.sned"),
                     (7, 42, "shop.Klient")]
    # MyST runs a colon fence's ``{eval-rst}`` as an unknown directive: its rst is not read
    assert all(name != "shop.nothing" for _, _, name in found)


# -- the current module ---------------------------------------------------------------------

@pytest.mark.parametrize("opening", [
    "```{currentmodule} shop\n```\n", "```{py:currentmodule} shop\n```\n",
    "```{module} shop\n```\n", "````{py:module} shop\n````\n", ":::{currentmodule} shop\n:::\n",
    "```{eval-rst}\n.. currentmodule:: shop\n```\n", "```{automodule} shop\n```\n",
])
def test_a_myst_page_makes_a_module_current(opening: str) -> None:
    page = opening + "\n{py:func}`parse_price` and {py:func}`parse_cost`\n"
    assert statuses("docs/a.md", page)[1:] == [("parse_price", Status.RESOLVED),
                                               ("parse_cost", Status.MISSING)]
    # without it the relative names are read as written: no repository's code
    assert statuses("docs/a.md", "{py:func}`parse_cost`\n") == [
        ("parse_cost", Status.OUT_OF_SCOPE)]


def test_none_makes_no_module_current() -> None:
    page = ".. currentmodule:: shop\n.. currentmodule:: None\n\n:func:`parse_cost`\n"
    assert statuses("docs/api.rst", page) == [("shop", Status.RESOLVED),
                                              ("parse_cost", Status.OUT_OF_SCOPE)]


def test_unqualified_roles_resolve_in_the_current_module() -> None:
    page = (".. currentmodule:: shop\n\n:func:`parse_price` :func:`parse_cost` "
            ":class:`Client` :meth:`Client.sned` :exc:`ValueError` :func:`len` "
            ":meth:`__enter__` :mod:`util` :mod:`shop.util` :func:`.parse_cents`\n")
    assert statuses("docs/api.rst", page) == [
        ("shop", Status.RESOLVED),
        ("parse_price", Status.RESOLVED),
        ("parse_cost", Status.MISSING),
        ("Client", Status.RESOLVED),
        ("Client.sned", Status.MISSING),
        ("ValueError", Status.OUT_OF_SCOPE),  # Python's own: Sphinx links it to Python's docs
        ("len", Status.OUT_OF_SCOPE),
        ("__enter__", Status.OUT_OF_SCOPE),  # a data-model name every object may have
        ("util", Status.OUT_OF_SCOPE),  # :mod: names a module by its full name only
        ("shop.util", Status.RESOLVED),
        ("parse_cents", Status.UNRESOLVABLE),  # a search: any name ending so may be meant
    ]


def test_a_scoped_miss_falls_back_to_the_name_as_written(tmp_path: Path) -> None:
    """aiohttp's ``:class:`~http.cookies.SimpleCookie``` under ``.. currentmodule:: aiohttp``,
    which has an ``http`` of its own: Sphinx, finding no ``aiohttp.http.cookies``, reads the
    name as written, the standard library's. A module the repository imports from outside
    (``multidict``) is another project's too; a first part that is neither is the module's."""
    files = {**LIBRARY, "src/shop/http.py": "def serve():\n    pass\n",
             "src/shop/multidict.py": "def merge():\n    pass\n",
             "src/shop/headers.py": "from multidict import CIMultiDict\n"}
    page = (".. currentmodule:: shop\n\n:class:`~http.cookies.SimpleCookie` "
            ":class:`multidict.MultiDict` :func:`http.serve` :func:`http.sreve` "
            ":func:`util.parse_cost`\n")
    assert statuses("docs/api.rst", page, files)[1:] == [
        ("http.cookies.SimpleCookie", Status.OUT_OF_SCOPE),
        ("multidict.MultiDict", Status.OUT_OF_SCOPE),
        ("http.serve", Status.RESOLVED),
        ("http.sreve", Status.OUT_OF_SCOPE),  # may be the standard library's: not certain
        ("util.parse_cost", Status.MISSING)]
    # without the import from outside, ``multidict`` is only the repository's module
    del files["src/shop/headers.py"]
    assert statuses("docs/api.rst", page, files)[2] == ("multidict.MultiDict", Status.MISSING)
    repo = make_repo(tmp_path / "shop", {**files, "docs/api.rst": page})
    code, out = _invoke(repo, "check", "docs-refs", "--all")
    assert code == 1
    assert out.splitlines() == [
        "docs/api.rst:3:45: `multidict.MultiDict` names nothing: shop.multidict has no "
        "`MultiDict`",
        "docs/api.rst:3:111: `util.parse_cost` names nothing: shop.util has no `parse_cost` "
        "(did you mean `util.parse_price`?)"]


def test_a_module_the_code_lacks_is_reported_once_not_under_every_name() -> None:
    page = ".. currentmodule:: shop.gone\n\n:func:`anything` and :func:`other`\n"
    assert statuses("docs/api.rst", page) == [("shop.gone", Status.MISSING),
                                              ("anything", Status.OUT_OF_SCOPE),
                                              ("other", Status.OUT_OF_SCOPE)]


def test_an_open_module_holds_any_name() -> None:
    files = {**LIBRARY, "src/shop/lazy.py": "def __getattr__(name):\n    return name\n"}
    page = ".. currentmodule:: shop.lazy\n\n:func:`anything`\n"
    assert statuses("docs/api.rst", page, files) == [("shop.lazy", Status.RESOLVED),
                                                     ("anything", Status.OUT_OF_SCOPE)]
    closed = {**LIBRARY, "src/shop/lazy.py": "def load():\n    pass\n"}
    assert statuses("docs/api.rst", page, closed)[1] == ("anything", Status.MISSING)


# -- classes --------------------------------------------------------------------------------

CLASS_PAGE = """.. currentmodule:: shop

.. class:: Client

   Call :meth:`send`, not :meth:`sned`; :meth:`close` is inherited.

   .. method:: send(request)

      See :meth:`close` and :attr:`timeout`.

.. autoclass:: Client
   :members:

   .. automethod:: send
   .. automethod:: sned

Outside the class :meth:`send` is the module's.
"""


def test_a_class_body_looks_names_up_in_the_class() -> None:
    assert statuses("docs/api.rst", CLASS_PAGE) == [
        ("shop", Status.RESOLVED),
        ("send", Status.RESOLVED), ("sned", Status.MISSING), ("close", Status.RESOLVED),
        ("close", Status.RESOLVED), ("timeout", Status.RESOLVED),
        ("Client", Status.RESOLVED), ("send", Status.RESOLVED), ("sned", Status.MISSING),
        ("send", Status.MISSING),
    ]


def test_a_myst_class_fence_looks_names_up_in_the_class() -> None:
    page = ("```{currentmodule} shop\n```\n\n:::{py:class} Client\n"
            "Call {py:meth}`send`, not {py:meth}`sned`.\n:::\n\n{py:meth}`send` is gone.\n")
    assert statuses("docs/a.md", page) == [("shop", Status.RESOLVED),
                                           ("send", Status.RESOLVED), ("sned", Status.MISSING),
                                           ("send", Status.MISSING)]


def test_a_class_the_code_cannot_list_holds_any_name() -> None:
    page = ".. currentmodule:: shop.dynamic\n\n.. class:: Lazy\n\n   :meth:`anything`\n"
    assert statuses("docs/api.rst", page)[1:] == [("anything", Status.OUT_OF_SCOPE)]


# -- what the docs document by hand ---------------------------------------------------------

def test_a_hand_written_object_directive_documents_its_name() -> None:
    reading = read_page(".. currentmodule:: shop\n\n.. py:data:: PRICE_CAP\n\n.. class:: Cart\n\n"
                        "   .. attribute:: total\n\n.. currentmodule:: None\n\n"
                        ".. data:: SECRET_KEY\n", "docs/config.rst")
    assert reading.documents == {"shop.PRICE_CAP", "shop.Cart", "shop.Cart.total",
                                 "SECRET_KEY"}
    myst = read_page("```{py:data} SECRET_KEY\n```\n:::{py:class} Cart\n:::\n", "docs/a.md")
    assert myst.documents == {"SECRET_KEY", "Cart"}


def test_a_role_to_a_name_the_docs_document_resolves() -> None:
    table = tables(LIBRARY)
    documented = replace(table, documented=frozenset({"SECRET_KEY", "shop.Cart.total"}))
    page = (".. currentmodule:: shop\n\n:data:`SECRET_KEY` :attr:`Cart.total` "
            ":data:`OTHER_KEY` :attr:`Cart.count`\n")
    refs = read_page(page, "docs/api.rst").references[1:]
    assert [documented.resolve(ref).status for ref in refs] == [
        Status.RESOLVED, Status.RESOLVED, Status.MISSING, Status.OUT_OF_SCOPE]
    assert [table.resolve(ref).status for ref in refs][:2] == [Status.MISSING,
                                                               Status.OUT_OF_SCOPE]


def test_a_config_key_documented_on_another_page_is_no_finding(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "shop", {
        **SHOP,
        "docs/config.rst": "Config\n======\n\n.. py:data:: SECRET_KEY\n\n   The key.\n",
        "docs/api.rst": ".. currentmodule:: shop\n\n:data:`SECRET_KEY` and :data:`SECRET_KYE`\n"})
    code, out = _invoke(repo, "check", "docs-refs", "--all")
    assert code == 1
    assert out == "docs/api.rst:3:31: `SECRET_KYE` names nothing: shop has no `SECRET_KYE`\n"


def test_a_code_span_naming_a_documented_name_resolves_on_any_page(tmp_path: Path) -> None:
    """jinja's ``Environment.install_null_translations``, a method an extension adds at run
    time, documented by hand (``.. method:: jinja2.Environment.install_null_translations``):
    a code span naming it on another page names something, by its class's name or in full.
    An autodoc target is imported: the code must have it, whatever the docs say."""
    repo = make_repo(tmp_path / "shop", {
        **LIBRARY,
        "docs/ext.rst": "Ext\n===\n\n.. method:: shop.Client.install_extra(x)\n",
        "docs/usage.md": ("# Usage\n\nCall `Client.install_extra()` or "
                          "`shop.Client.install_extra()`, not `Client.install_extar()`.\n\n"
                          "```{eval-rst}\n.. automethod:: shop.Client.install_extra\n```\n")})
    code, out = _invoke(repo, "check", "docs-refs", "--all")
    assert code == 1
    assert out.splitlines() == [
        "docs/usage.md:3:70: `Client.install_extar` names nothing: Client has no "
        "`install_extar`",
        "docs/usage.md:6:17: `shop.Client.install_extra` names nothing: shop.Client has no "
        "`install_extra`"]
    # documented no more: the code spans name nothing either
    repo.commit({"docs/ext.rst": "Ext\n===\n"})
    code, out = _invoke(repo, "check", "docs-refs", "--all")
    assert code == 1 and out.count("`install_extra`") == 3


def test_a_change_that_stops_documenting_a_name_breaks_its_roles(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "shop", {
        **SHOP,
        "docs/config.rst": "Config\n======\n\n.. py:data:: SECRET_KEY\n",
        "docs/api.rst": ".. currentmodule:: shop\n\nSet :data:`SECRET_KEY`.\n"})
    repo.branch("drop")
    repo.commit({"docs/config.rst": "Config\n======\n"})
    code, out = _invoke(repo, "check", "docs-refs", "main")
    assert (code, out) == (1, "docs/api.rst:3:12: `SECRET_KEY` names nothing: shop has no "
                              "`SECRET_KEY`\n")
    repo.checkout("main")
    assert _invoke(repo, "check", "docs-refs", "main")[0] == 0


def test_a_fence_closes_on_a_line_of_its_character_alone() -> None:
    """As CommonMark and MyST close fences: ``:::{note}`` inside a longer class fence opens a
    fence of its own, and a line that opens a fence closes none."""
    page = ("```{currentmodule} shop\n```\n\n::::{py:class} Client\n:::{note}\n"
            "{py:meth}`sned`\n:::\n{py:meth}`send`\n::::\n\n{py:meth}`send`\n")
    assert statuses("docs/a.md", page) == [("shop", Status.RESOLVED),
                                           ("sned", Status.MISSING), ("send", Status.RESOLVED),
                                           ("send", Status.MISSING)]
    code = "~~~\n~~~python\nfrom shop import Klient\n~~~\n\n`shop.Client.send()`\n"
    assert statuses("docs/a.md", code) == [("shop", Status.RESOLVED),
                                           ("shop.Klient", Status.MISSING),
                                           ("shop.Client.send", Status.RESOLVED)]
