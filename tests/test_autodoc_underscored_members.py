"""A bare ``:members:`` documents a module's or class's public members only: autodoc renders a
private member (``_x``) only with ``:private-members:``, a special one (``__x__``) only with
``:special-members:``, and those an option lists (``:special-members: __call__``) only
(docs/concepts/anchoring-rules.md#what-anchors)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from govern.drift.docs.corpus import Page
from govern.drift.docs.index import DocsIndex
from tests.helpers import build_index, pr_repo, rows, run_json

INIT = ('from shop.core import Client\n\n__version__ = "1.0.0"\n'
        '__version_info__ = tuple(__version__.split("."))\n__all__ = ["Client"]\n')
CORE = ('class Client:\n    """A client."""\n\n'
        '    def send(self, data):\n        """Send ``data``."""\n        return data\n')
FILES = {"pyproject.toml": '[project]\nname = "shop"\nversion = "1.0"\n',
         "src/shop/__init__.py": INIT, "src/shop/core.py": CORE,
         **{f"docs/guide{i}.md": f"# Guide {i}\n\nPlain words.\n" for i in range(6)}}
# a sentence of its own: a page written by hand, no page that only renders
MODULE = "The shop's API.\n\n\n.. automodule:: shop\n    :members:\n"


def changed(tmp_path: Path, page: str, change: dict[str, str | None]) -> dict[str, Any]:
    """affected-docs of ``change`` with ``page`` as docs/api.rst."""
    repo = pr_repo(tmp_path, {**FILES, "docs/api.rst": page}, change)
    return run_json(repo, "main")


VERSION_INFO = {"src/shop/__init__.py": INIT.replace('split("."))', 'split(".")[:3])')}
# a public member's docstring, which every bare :members: renders
SEND = {"src/shop/core.py": CORE.replace("Send ``data``.", "Send ``data`` now.")}
# by its package's name: `shop.core.Client.send` is a member of the submodule `shop.core`,
# which `.. automodule:: shop` does not render
PUBLIC = {"shop.Client.send"}


def documented(data: dict[str, Any]) -> set[str]:
    """The tokens docs/api.rst is listed for through its directive's members."""
    return {item["token"] for row in data["docs"] if row["path"] == "docs/api.rst"
            for item in row["evidence"] if item["rule"] == "documented_prefix"}


def test_a_special_member_is_documented_only_with_special_members(tmp_path: Path) -> None:
    # the module still has the name, which autodoc's bare :members: does not render; a
    # public member is documented as before
    assert documented(changed(tmp_path / "bare", MODULE, {**VERSION_INFO, **SEND})) \
        == PUBLIC
    assert documented(changed(tmp_path / "special", MODULE + "    :special-members:\n",
                              {**VERSION_INFO, **SEND})) \
        == {*PUBLIC, "shop.__version_info__"}
    # :private-members: shows `_x`, never `__x__`
    assert changed(tmp_path / "private", MODULE + "    :private-members:\n",
                   VERSION_INFO)["docs"] == []


def test_a_special_member_an_option_lists_is_named(tmp_path: Path) -> None:
    page = MODULE + "    :special-members: __version_info__,\n        __copyright__\n"
    data = changed(tmp_path, page, VERSION_INFO)
    assert list(rows(data)) == ["docs/api.rst"]
    # written on the line that lists it, as a `:members: a, b` entry is
    assert {"rule": "qualified_name", "kind": "symbol", "token": "shop.__version_info__",
            "lines": [6]} in data["docs"][0]["evidence"]
    listing_another = MODULE + "    :special-members: __copyright__\n"
    assert changed(tmp_path / "another", listing_another, VERSION_INFO)["docs"] == []


PAGES = {
    "bare": MODULE,
    "private": MODULE + "    :private-members:\n",
    "listed": MODULE + "    :private-members: _helper\n",
    "special": MODULE + "    :special-members:\n",
    "excluded": MODULE + "    :private-members:\n    :exclude-members: _helper\n",
    "without": ".. automodule:: shop\n    :private-members:\n",  # no :members:
    "call": ".. autoclass:: shop.Client\n    :special-members: __call__\n",
    "mkdocs": "::: shop\n",
}


def _index() -> DocsIndex:
    return build_index([Page(f"docs/{name}.rst", name, False) for name in PAGES],
                       lambda blob: PAGES[blob].encode())


def naming(index: DocsIndex, token: str) -> set[str]:
    return {index.pages[page_id].path[5:-4] for page_id in index.naming(token)}


def test_a_private_member_is_documented_only_with_private_members() -> None:
    index = _index()
    assert naming(index, "shop._helper") == {"private", "listed", "mkdocs"}
    assert naming(index, "shop._other") == {"private", "excluded", "mkdocs"}
    # a part anywhere under the documented prefix: a private class's public member
    assert naming(index, "shop._Impl.run") == {"private", "excluded", "mkdocs"}
    assert naming(index, "shop.__version_info__") == {"special", "mkdocs"}
    assert naming(index, "shop.Client.__call__") == {"call", "special", "mkdocs"}
    assert naming(index, "shop.Client.__eq__") == {"special", "mkdocs"}
    # a public member, as before: every page documenting the module's members (and the
    # autoclass naming it); :private-members: without :members: documents none
    assert naming(index, "shop.Client") == set(PAGES) - {"without"}
    assert naming(index, "shop.send") == set(PAGES) - {"without", "call"}


EXCLUDING = MODULE + "    :private-members:\n    :exclude-members: _helper\n\n"
TWICE = {
    # the second directive shows no private member: neither documents `_helper`
    "bare": EXCLUDING + MODULE,
    "private": EXCLUDING + MODULE + "    :private-members:\n",
    "special": MODULE + "    :special-members:\n    :exclude-members: __version_info__\n\n"
               + MODULE,
}


def test_a_directive_not_showing_private_members_leaves_them_out() -> None:
    # of two directives for one prefix, one showing a member documents it
    index = build_index([Page(f"docs/{name}.rst", name, False) for name in TWICE],
                        lambda blob: TWICE[blob].encode())
    assert naming(index, "shop._helper") == {"private"}
    assert naming(index, "shop._other") == {"bare", "private"}
    assert naming(index, "shop.__version_info__") == set()
    assert naming(index, "shop.__copyright__") == {"special"}
    assert naming(index, "shop.send") == set(TWICE)
