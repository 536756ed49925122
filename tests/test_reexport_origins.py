"""A package ``__init__.py`` without ``__all__`` re-exports what it imports from its own
package (relatively, or by its name), from a sibling package, or with ``as``; a name it
imports from elsewhere (``typing``, a dependency) is one it uses, no member of the package
(cattrs' ``from typing import Any`` had anchored ``cattrs.preconf.Any``;
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


def test_imports_from_elsewhere_are_no_members(tmp_path: Path) -> None:
    init = ("from typing import Any, Callable\n"
            "from json import loads\n"
            "from .core import Client\n"
            "from shop.extra import Helper\n"
            "from legacy import make\n"
            "from json import dumps as dumps\n")
    assert _tokens(tmp_path, init) == {"shop.Client", "shop.Helper", "shop.make", "shop.dumps"}


def test_all_still_decides_where_it_is_written(tmp_path: Path) -> None:
    """``__all__`` is what the package says it publishes: a ``typing`` name it lists is one,
    and a relative import it leaves out is not."""
    init = ("from typing import Any\nfrom .core import Client\nfrom .extra import Helper\n"
            "__all__ = ['Any', 'Client']\n")
    assert _tokens(tmp_path, init) == {"shop.Any", "shop.Client"}
