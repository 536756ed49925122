"""A sibling package that re-exports another's names spells them too
(docs/concepts/anchoring-rules.md#sibling-packages): attrs' ``attrs`` package serves
``attr.*`` as ``attrs.*``, and its pages write ``attrs.validators.provides``, both ways."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.drift.anchors.python import (
    extract_python,
    index_reexports,
    qualified_names,
    top_level_packages,
)
from tests.helpers import pr_repo, rows, run_json

VALIDATORS = '''__all__ = ["in_", "provides"]


def in_(options):
    """A validator that raises if the value is not in ``options``."""
    return options


def provides(interface):
    """A validator that raises if the value does not provide ``interface``."""
    return interface
'''
NEXT_GEN = '''def define(maybe_cls=None, *, slots=True):
    """Define an attrs class."""
    return maybe_cls


def asdict(inst):
    """The instance's fields as a dict."""
    return {}
'''
ATTRS = {
    "src/attr/__init__.py": "from . import validators\nfrom ._next_gen import define\n",
    "src/attr/_next_gen.py": NEXT_GEN,
    "src/attr/validators.py": VALIDATORS,
    "src/attrs/__init__.py": "from attr import define\nfrom attr._next_gen import asdict\n",
    "src/attrs/validators.py": "from attr.validators import *  # noqa: F403\n",
    "docs/api.rst": ".. autofunction:: attrs.validators.provides\n\n"
                    ".. autofunction:: attrs.validators.in_\n",
    "docs/define.md": "Decorate with `attrs.define`.\n",
    "docs/asdict.md": "Dump it with `attrs.asdict`.\n",
    "docs/other.md": "Our own `compat.validators.provides` is not attrs'.\n",
}


def test_a_name_removed_from_a_module_a_sibling_star_imports_makes_its_page_stale(
        tmp_path: Path) -> None:
    """attrs 8460190b removed ``provides`` from ``src/attr/validators.py``, which
    ``src/attrs/validators.py`` star-imports; ``docs/api.rst`` documents it as
    ``attrs.validators.provides`` and was edited in that commit."""
    files = {**ATTRS, "src/compat/__init__.py": "",
             "src/compat/validators.py": "def provides(interface):\n    return interface\n"}
    removed = VALIDATORS.replace(', "provides"', "").split("\n\n\ndef provides")[0] + "\n"
    data = run_json(pr_repo(tmp_path, files, {"src/attr/validators.py": removed}), "main")
    assert rows(data) == {"docs/api.rst": ["attrs.validators.provides"]}
    assert data["docs"][0]["stale"] is True


def test_a_sibling_s_explicit_imports_spell_the_names_it_serves(tmp_path: Path) -> None:
    """``from attr import define`` serves ``attr.define`` (itself ``attr._next_gen.define``)
    as ``attrs.define``; ``from attr._next_gen import asdict`` serves a private module's name
    as ``attrs.asdict``."""
    changed = NEXT_GEN.replace("Define an attrs class.", "Define an attrs class, slotted.") \
        .replace("as a dict.", "as a dict, recursively.")
    data = run_json(pr_repo(tmp_path, ATTRS, {"src/attr/_next_gen.py": changed}), "main")
    assert rows(data) == {"docs/define.md": ["attrs.define"], "docs/asdict.md": ["attrs.asdict"]}


def test_a_sibling_that_re_exports_nothing_of_the_module_spells_nothing(tmp_path: Path) -> None:
    files = {**ATTRS, "src/attrs/validators.py": "from attr.validators import in_\n"}
    changed = VALIDATORS.replace("does not provide", "lacks")
    data = run_json(pr_repo(tmp_path, files, {"src/attr/validators.py": changed}), "main")
    assert rows(data) == {}
    # nor does a package under a test or example folder, nor a private one
    listed = frozenset({"src/attr/__init__.py", "src/attrs/__init__.py", "src/attr/sub/__init__.py",
                        "src/_vendor/__init__.py", "tests/__init__.py",
                        "examples/app/__init__.py"})
    assert top_level_packages(listed) == {"src": ("src/attr", "src/attrs")}


def test_only_the_sibling_s_module_of_the_same_path_is_read_for_a_module() -> None:
    """``attrs/validators.py`` is read for ``attr.validators``; a sibling module of another
    name (``attrs/checks.py``) is not looked for, and the sibling's own ``__init__`` is."""
    texts = {"src/attrs/__init__.py": b"", "src/attrs/checks.py":
             b"from attr.validators import provides\n",
             "src/attr/__init__.py": b"", "src/attr/validators.py": VALIDATORS.encode()}
    files = frozenset(texts)

    def read(path: str, package: str):
        return index_reexports(extract_python(texts[path], frozenset()), package) \
            if path in texts else None

    assert qualified_names("src/attr/validators.py", "provides", files.__contains__, read,
                           files) == ["attr.validators.provides"]
    texts["src/attrs/__init__.py"] = b"from attr.validators import provides\n"
    assert qualified_names("src/attr/validators.py", "provides", files.__contains__, read,
                           files) == ["attr.validators.provides", "attrs.provides"]


RUNTIME = ("__all__ = ['LoopContext']\n\n\nclass LoopContext:\n    pass\n\n\n"
           "class ChainableUndefined:\n    def __str__(self):\n        return ''\n")


@pytest.mark.parametrize(("init", "listed"), [
    ("from .runtime import ChainableUndefined\n", True),
    ("from .runtime import LoopContext\n", False),  # the module's __all__ still rules
])
def test_a_name_the_package_imports_is_public_whatever_its_modules_all_says(
        tmp_path: Path, init: str, listed: bool) -> None:
    """jinja 2's ``runtime.__all__`` listed what compiled templates star-import; the package
    imported ``ChainableUndefined`` from it by name, and ``api.rst`` documents it."""
    page = "# API\n\n.. autoclass:: jinja2.ChainableUndefined\n"
    repo = pr_repo(tmp_path, {"jinja2/__init__.py": init, "jinja2/runtime.py": RUNTIME,
                              "docs/api.rst": page},
                   {"jinja2/runtime.py": RUNTIME.replace("return ''", "return 'x'")})
    assert ("docs/api.rst" in rows(run_json(repo, "main"))) is listed


def test_an_import_all_leaves_out_is_named_by_the_reason(tmp_path: Path) -> None:
    """jinja 19133d4059's ``__init__.py`` read as "no documentable declaration" alone; a name
    imported from elsewhere stays the package's own use of it."""
    init = ("from typing import (\n    Any,\n)\nfrom .runtime import LoopContext\n"
            "__all__ = ['LoopContext']\n")
    head = init.replace("    Any,\n", "    Any,\n    Callable,\n").replace(
        "import LoopContext", "import LoopContext as LoopContext")
    data = run_json(pr_repo(tmp_path, {"jinja2/__init__.py": init, "jinja2/runtime.py": RUNTIME,
                                       "docs/api.md": "Use `jinja2.Callable`.\n"},
                            {"jinja2/__init__.py": head}), "main")
    assert rows(data) == {}
    assert not {"jinja2.Callable", "jinja2.Any"} & {a["token"] for a in data["anchors"]}
    [anchorless] = data["anchorless_changes"]
    assert anchorless["reason"] == ("no documentable declaration on the changed lines; they touch"
                                    " an import of `Callable`, which `__all__` leaves out")


@pytest.mark.parametrize(("all_names", "listed"), [
    ("['LoopContext']", False), ("['LoopContext', 'ChainableUndefined']", True)])
def test_a_name_the_package_imports_but_its_all_forgets_is_no_reexport(
        tmp_path: Path, all_names: str, listed: bool) -> None:
    """jinja 19133d4059 imported the new ``ChainableUndefined`` in ``__init__.py`` and forgot it
    in the package's ``__all__``: ``__all__`` is what the package declares public, so it is no
    re-export, and the reason says which import ``__all__`` leaves out."""
    init = f"from .runtime import LoopContext\n__all__ = {all_names}\n"
    head = init.replace("import LoopContext", "import LoopContext, ChainableUndefined")
    page = ".. autoclass:: jinja2.ChainableUndefined\n\nAn undefined that chains.\n"
    data = run_json(pr_repo(tmp_path, {"jinja2/__init__.py": init, "jinja2/runtime.py": RUNTIME,
                                       "docs/api.rst": page}, {"jinja2/__init__.py": head}),
                    "main")
    assert ("docs/api.rst" in rows(data)) is listed
    reasons = [entry["reason"] for entry in data["anchorless_changes"]]
    assert reasons == ([] if listed else [
        "no documentable declaration on the changed lines; they touch an import of "
        "`ChainableUndefined`, which `__all__` leaves out"])
