"""A package ``__init__.py`` without ``__all__`` re-exports what it imports, from its own
package or a dependency (flask's ``from markupsafe import Markup``, documented as
``flask.Markup``), but not a name from the standard library, which it uses unless it writes
``as`` (cattrs' ``from typing import Any`` had anchored ``cattrs.preconf.Any``;
docs/concepts/affected-docs.md#re-exports)."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import pr_repo, run_json

_BASE = {"src/shop/__init__.py": "", "src/shop/core.py": "class Client:\n    pass\n",
         "src/shop/extra.py": "class Helper:\n    pass\n",
         "src/legacy/__init__.py": "def make():\n    pass\n",
         "docs/api.md": "Nothing yet.\n"}


def _tokens(tmp_path: Path, init: str) -> set[str]:
    data = run_json(pr_repo(tmp_path, _BASE, {"src/shop/__init__.py": init}), "main")
    return {a["token"] for a in data["anchors"]}


def test_imports_from_the_standard_library_are_no_members(tmp_path: Path) -> None:
    init = ("from typing import Any, Callable\n"
            "from json import loads\n"
            "from collections.abc import Mapping\n"
            "from typing_extensions import Self\n"
            "from .core import Client\n"
            "from shop.extra import Helper\n"
            "from legacy import make\n"
            "from markupsafe import Markup\n"
            "from json import dumps as dumps\n")
    assert _tokens(tmp_path, init) == {"shop.Client", "shop.Helper", "shop.make", "shop.Markup",
                                       "shop.dumps"}


def test_a_dependency_s_name_the_package_stops_importing_is_removed(tmp_path: Path) -> None:
    """flask's 9c02f07f9 dropped ``from markupsafe import Markup``: ``flask.Markup`` is gone,
    and the page naming it is stale."""
    base = {**_BASE, "src/shop/__init__.py": "from markupsafe import Markup\n",
            "docs/api.md": "Use `shop.Markup` to mark text safe.\n"}
    data = run_json(pr_repo(tmp_path, base, {"src/shop/__init__.py": "\n"}), "main")
    assert [(row["path"], row["stale"]) for row in data["docs"]] == [("docs/api.md", True)]


def test_all_still_decides_where_it_is_written(tmp_path: Path) -> None:
    """``__all__`` is what the package says it publishes: a ``typing`` name it lists is one,
    and a relative import it leaves out is not."""
    init = ("from typing import Any\nfrom .core import Client\nfrom .extra import Helper\n"
            "__all__ = ['Any', 'Client']\n")
    assert _tokens(tmp_path, init) == {"shop.Any", "shop.Client"}
