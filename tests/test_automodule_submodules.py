"""autodoc's directive of a module renders what the module holds, never a member of its
submodules: ``.. automodule:: shop`` with ``:members:`` documents ``shop.Client`` (re-exported
from ``shop.core``) and ``shop.Client.send``, not ``shop.gen.make_fn``, which ``..
automodule:: shop.gen`` renders. A mkdocstrings block is left as it was: its
``show_submodules`` option may be set for the whole site
(docs/concepts/anchoring-rules.md#what-anchors)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers import pr_repo, run_json

INIT = 'from shop.core import Client\n\n__all__ = ["Client"]\n'
CORE = ('class Client:\n    """A client."""\n\n'
        '    def send(self, data):\n        """Send ``data``."""\n        return data\n')
GEN = ('class Maker:\n    """Makes."""\n\n    def run(self):\n        """Run it."""\n'
       '        return 1\n\n\n'
       'def make_fn(cls):\n    """Make a function for ``cls``."""\n    return cls\n')
# each with a paragraph of its own: a page holding nothing but the directive and its title is
# listed only for removed names (docs/concepts/anchoring-rules.md#rendering-pages)
PAGES = {
    "docs/api.rst": "API\n===\n\nThe shop.\n\n.. automodule:: shop\n    :members:\n",
    "docs/gen.rst": "Gen\n===\n\nMakers.\n\n.. automodule:: shop.gen\n    :members:\n",
    "docs/maker.rst": "Maker\n=====\n\nMakes.\n\n.. autoclass:: shop.gen.Maker\n    :members:\n",
    "docs/mkdocs.md": "# API\n\nThe shop.\n\n::: shop\n",
}
FILES = {"pyproject.toml": '[project]\nname = "shop"\nversion = "1.0"\n',
         "src/shop/__init__.py": INIT, "src/shop/core.py": CORE, "src/shop/gen.py": GEN,
         **PAGES, **{f"docs/guide{i}.md": f"# Guide {i}\n\nPlain words.\n" for i in range(6)}}


def documented(tmp_path: Path, old: str, new: str, path: str) -> dict[str, set[str]]:
    """The tokens each page is listed for through a directive's members (documented
    prefix), after ``old`` became ``new`` in ``path``."""
    data: dict[str, Any] = run_json(pr_repo(tmp_path, FILES, {
        path: FILES[path].replace(old, new)}), "main")
    return {row["path"]: {item["token"] for item in row["evidence"]
                          if item["rule"] == "documented_prefix"} for row in data["docs"]}


def test_a_package_directive_does_not_document_its_submodules_members(
        tmp_path: Path) -> None:
    pages = documented(tmp_path, "Make a function", "Make a new function", "src/shop/gen.py")
    assert "docs/api.rst" not in pages
    assert pages["docs/gen.rst"] == {"shop.gen.make_fn"}
    # mkdocstrings' `::: shop` may show submodules (`show_submodules`, set site-wide)
    assert pages["docs/mkdocs.md"] == {"shop.gen.make_fn"}
    assert "docs/maker.rst" not in pages


def test_a_class_directive_under_a_submodule_still_documents_its_members(
        tmp_path: Path) -> None:
    pages = documented(tmp_path, "Run it.", "Run it now.", "src/shop/gen.py")
    assert pages["docs/maker.rst"] == {"shop.gen.Maker.run"}
    assert pages["docs/gen.rst"] == {"shop.gen.Maker.run"}
    assert "docs/api.rst" not in pages


def test_a_package_directive_documents_what_the_package_re_exports(tmp_path: Path) -> None:
    pages = documented(tmp_path, "Send ``data``.", "Send ``data`` now.", "src/shop/core.py")
    # `shop.Client.send` is the package's own member; `shop.core.Client.send` is not
    assert pages["docs/api.rst"] == {"shop.Client.send"}
    assert "docs/gen.rst" not in pages
