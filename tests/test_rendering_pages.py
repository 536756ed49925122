"""Pages that only render code, and directive targets read whole
(docs/concepts/anchoring-rules.md#rendering-pages): a page holding nothing but generating
directives (textual's ``docs/api/app.md``, ``::: textual.app``) is listed only when the
change breaks its build, and a bare member name is not the last part of another object's
directive (``::: textual.widgets.Switch.BINDINGS`` for another class's ``BINDINGS``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.drift.docs.corpus import Page
from govern.drift.docs.rendering import is_rendering_page
from tests.helpers import build_index, pr_repo, rows, run_json

APP_PAGE = ('---\ntitle: "textual.app"\n---\n\n::: textual.app\n    options:\n        filters:\n'
            '          - "!^_"\n')


@pytest.mark.parametrize(("text", "path", "rendering"), [
    # textual's docs/api/app.md: front matter, one block and its options
    (APP_PAGE, "docs/api/app.md", True),
    ("::: textual.app\n", "a.md", True),
    ("::: pkg.a\n\n::: pkg.b\n", "a.md", True),
    # a heading that titles the target, or its last part (textual's docs/api/on.md)
    ('---\ntitle: "textual.on"\n---\n\n# On\n\n::: textual.on\n', "a.md", True),
    ("textual.app\n===========\n\n::: textual.app\r\n", "a.md", True),
    # sphinx-apidoc's module page, and a link target over a title
    ("pkg.sub module\n==============\n\n.. automodule:: pkg.sub\n   :members:\n"
     "   :undoc-members:\n", "a.rst", True),
    (".. _sub:\n\nSub\n---\n\n.. module:: pkg.sub\n.. autoclass:: pkg.sub.Sub\n   :members:\n",
     "a.rst", True),
    # headings of the page's own arrange what the build renders: loguru's old
    # docs/api/logger.rst (the public alias over the class, its target called), tox's
    # docs/plugins_api.rst
    ("# API\n\n::: textual.app\n", "a.md", True),
    ("API\n===\n\n.. automodule:: pkg.sub\n   :members:\n", "a.rst", True),
    ("loguru.logger\n=============\n\n.. autoclass:: loguru._logger.Logger()\n   :members:\n",
     "a.rst", True),
    ("API\n===\n\ntox objects\n~~~~~~~~~~~\n\nregister\n--------\n\n.. automodule:: tox.r\n"
     "   :members:\n\nconfig\n------\n.. autoclass:: tox.c.Config\n   :members:\n", "a.rst", True),
    # a sentence (under a heading too), a list, text added under the directive: written by hand
    (APP_PAGE + "\nThe app.\n", "a.md", False),
    ("A collection of renderables.\n\n::: textual.renderables.bar\n", "a.md", False),
    ("# API\n\nThe app.\n\n::: textual.app\n", "a.md", False),
    ("API\n===\n\nThe config.\n\n.. autoclass:: tox.c.Config\n", "a.rst", False),
    ("API\n===\n\n* :class:`tox.c.Config`\n\n.. autoclass:: tox.c.Config\n", "a.rst", False),
    (".. autoclass:: pkg.sub.Sub\n   :members:\n\n   Extra words.\n", "a.rst", False),
    ("::: textual.app\n\n    options: {}\n", "a.md", False),
    # a hand-written object directive is the page's own text; a module directive renders none
    (".. function:: pkg.f(x)\n", "a.rst", False),
    (".. module:: pkg.sub\n", "a.rst", False),
    ("::: textual.app\n", "a.rst", False),
    (".. automodule:: pkg.sub\n", "a.md", False),
    ("", "a.md", False),
])
def test_a_rendering_page_holds_nothing_but_directives(text: str, path: str,
                                                       rendering: bool) -> None:
    assert is_rendering_page(text, path) is rendering


F_MODULE = "def f(x):\n    return x\n"
GUIDE = "# Guide\n\nCall `pkg.a.f(1)` first.\n"
# pages that name nothing: a page naming an anchor is then no large share of the docs
PAD = {f"docs/pad{i}.md": f"# Pad {i}\n\nPlain words.\n" for i in range(8)}


def _docs(tmp_path: Path, pages: dict[str, str], head: str) -> dict[str, list[str]]:
    files = {"pkg/__init__.py": "", "pkg/a.py": F_MODULE, "docs/guide.md": GUIDE, **PAD, **pages}
    return rows(run_json(pr_repo(tmp_path, files, {"pkg/a.py": head}), "main"))


def test_a_page_rendering_the_module_is_no_row_of_a_changed_name(tmp_path: Path) -> None:
    signed = F_MODULE.replace("(x)", "(x, y=None)")
    # ``docs/api/a.md`` is the module's home too, by its directive: no ``module_home`` row
    # either, as the build shows the new signature by itself
    pages = {"docs/api/a.md": "::: pkg.a\n", "docs/api/f.md": "# f\n\n::: pkg.a.f\n"}
    assert _docs(tmp_path, pages, signed) == {"docs/guide.md": ["pkg.a.f"]}
    # a paragraph of its own: a page as any other, listed through the documented prefix
    pages = {"docs/reference.md": "# Reference\n\nThe module's functions.\n\n::: pkg.a\n"}
    assert _docs(tmp_path / "prose", pages, signed) == {"docs/guide.md": ["pkg.a.f"],
                                                        "docs/reference.md": ["pkg.a.f"]}


def test_a_page_rendering_a_removed_name_it_writes_is_stale(tmp_path: Path) -> None:
    pages = {"docs/api/a.md": "::: pkg.a\n", "docs/api/f.md": "::: pkg.a.f\n"}
    data = run_json(pr_repo(tmp_path, {"pkg/__init__.py": "", "pkg/a.py": F_MODULE,
                                       "docs/guide.md": GUIDE, **PAD, **pages},
                            {"pkg/a.py": "def g(x):\n    return x\n"}), "main")
    # ``::: pkg.a`` still renders the module, without ``f``; ``::: pkg.a.f`` renders nothing
    assert {row["path"]: row["stale"] for row in data["docs"]} == {
        "docs/api/f.md": True, "docs/guide.md": True}
    [api] = [row for row in data["docs"] if row["path"] == "docs/api/f.md"]
    assert {item["rule"] for item in api["evidence"]} == {"removed"}


def test_a_new_name_of_a_rendered_module_is_neither_row_nor_new_api(tmp_path: Path) -> None:
    data = run_json(pr_repo(tmp_path, {"pkg/__init__.py": "", "pkg/a.py": F_MODULE,
                                       "docs/api/a.md": "::: pkg.a\n"},
                            {"pkg/a.py": F_MODULE + "\n\ndef grow(x):\n    return x\n"}), "main")
    assert data["docs"] == [] and data["new_api"] == []


A_MODULE, B_MODULE = "class A:\n    BINDINGS = 1\n", "class B:\n    BINDINGS = 2\n"
B_PAGE = "# B\n\nThe keys of B:\n\n::: pkg.b.B.BINDINGS\n"


@pytest.mark.parametrize(("change", "listed"), [
    ({"pkg/a.py": A_MODULE.replace("= 1", "= 11")}, False),
    ({"pkg/a.py": "class A:\n    pass\n"}, False),
    ({"pkg/b.py": B_MODULE.replace("= 2", "= 22")}, True),
])
def test_a_bare_member_name_is_not_another_object_s_directive(
        tmp_path: Path, change: dict[str, str | None], listed: bool) -> None:
    files = {"pkg/__init__.py": "", "pkg/a.py": A_MODULE, "pkg/b.py": B_MODULE,
             "docs/b.md": B_PAGE, "docs/keys.md": "Set `BINDINGS` on your app.\n"}
    found = rows(run_json(pr_repo(tmp_path, files, change), "main"))
    assert ("docs/b.md" in found) is listed
    assert "docs/keys.md" in found  # written bare, the name matches as before


def test_a_directive_s_last_part_is_written_only_for_a_top_level_name() -> None:
    pages = [Page("a.rst", "b1", False), Page("b.md", "b2", False), Page("c.md", "b3", False)]
    blobs = {"b1": b".. autoclass:: shop.Client\n", "b2": b"::: shop.Client\n\nUse `Client`.\n",
             "b3": b"::: shop.Tree.BINDINGS\n"}
    index = build_index(pages, blobs.get)
    assert index.naming_as_written("Client") == {0, 1}
    assert index.naming_as_written("Client", tails=False) == {1}
    assert index.naming("BINDINGS") == {2}
    assert index.naming("BINDINGS", tails=False) == set()
    assert index.naming("Tree.BINDINGS", tails=False) == {2}


CLIENTS = ("class Client:\n    def send(self, data):\n        return data\n\n\n"
           "class Server:\n    def serve(self):\n        return 1\n")
# loguru's old docs/api/logger.rst: the public alias as its heading, a directive per object
OBJECTS = ("shop.client\n===========\n\n.. autoclass:: pkg.a.Client()\n   :members:\n\n"
           "Servers\n-------\n\n.. autoclass:: pkg.a.Server\n   :members:\n")


def _objects(tmp_path: Path, page: str, head: str) -> dict[str, object]:
    files = {"pkg/__init__.py": "", "pkg/a.py": CLIENTS, "docs/api.rst": page, **PAD}
    return run_json(pr_repo(tmp_path, files, {"pkg/a.py": head}), "main")


def test_a_page_of_headings_and_directives_is_listed_only_when_its_target_goes(
        tmp_path: Path) -> None:
    signed = CLIENTS.replace("(self, data)", "(self, data, timeout=None)")
    assert _objects(tmp_path / "signed", OBJECTS, signed)["docs"] == []
    # the class renamed: the directive renders nothing
    data = _objects(tmp_path / "renamed", OBJECTS, CLIENTS.replace("class Client", "class Peer"))
    assert {row["path"]: row["stale"] for row in data["docs"]} == {"docs/api.rst": True}
    # one sentence of its own: a page as any other, listed through the documented class
    prose = OBJECTS.replace("Servers\n-------\n", "Servers\n-------\n\nServe with these.\n")
    assert rows(_objects(tmp_path / "prose", prose, signed)) == {
        "docs/api.rst": ["pkg.a.Client.send"]}


def test_a_page_rendering_objects_one_by_one_is_the_home_of_a_new_one(tmp_path: Path) -> None:
    grown = CLIENTS + "\n\nclass Proxy:\n    def relay(self):\n        return 2\n"
    data = _objects(tmp_path, OBJECTS, grown)
    assert data["docs"] == []
    assert [(entry["token"], entry["suggested_pages"]) for entry in data["new_api"]] == [
        ("pkg.a.Proxy", ["docs/api.rst"])]
