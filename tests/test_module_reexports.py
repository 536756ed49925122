"""A public module that is no package ``__init__`` publishes what it imports from a private
module of its own package (trio's ``subprocess.py``: ``from ._subprocess import run`` is
``trio.subprocess.run``), as its ``__all__`` allows; an import from a public module, from
another package or only for type checkers is its use of the name
(docs/concepts/affected-docs.md#re-exports)."""

from __future__ import annotations

from pathlib import Path

from govern.drift.anchors.python import (
    ReexportIndex,
    extract_python,
    index_reexports,
    qualified_names,
)
from tests.helpers import pr_repo, run_json

_IMPL = "def spawn_child():\n    pass\n\n\ndef run():\n    pass\n"
_BASE = {
    "src/pkg/__init__.py": "",
    "src/pkg/_impl.py": _IMPL,
    "src/pkg/sub.py": "from ._impl import spawn_child, run\nfrom json import dumps\n",
    "src/pkg/tools.py": "from .sub import run\n",
    "src/pkg/typed.py": ("from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n"
                         "    from ._impl import run\n"),
    "docs/api.md": ".. autofunction:: pkg.sub.run\n",
    "docs/spawn.md": "Start one with `pkg.sub.spawn_child`.\n",
    "docs/tools.md": "See `pkg.tools.run`.\n",
    "docs/typed.md": "See `pkg.typed.run`.\n",
    "docs/json.md": "See `pkg.sub.dumps`.\n",
}


def _stale(data: dict[str, object]) -> dict[str, bool]:
    return {row["path"]: row["stale"] for row in data["docs"]}  # type: ignore[attr-defined]


def test_a_name_removed_from_a_private_module_is_gone_from_the_public_one(
        tmp_path: Path) -> None:
    """trio's 879b3b85c1 removed ``run`` from ``_subprocess.py`` and from ``subprocess.py``,
    whose page still had ``.. autofunction:: trio.subprocess.run``; ``run`` alone is too
    generic to anchor. A module importing it from the public ``sub`` or only under ``if
    TYPE_CHECKING:`` had published nothing."""
    change = {"src/pkg/_impl.py": "def spawn_child():\n    pass\n",
              "src/pkg/sub.py": "from ._impl import spawn_child\nfrom json import dumps\n"}
    data = run_json(pr_repo(tmp_path, _BASE, change), "main")
    assert _stale(data) == {"docs/api.md": True}


def test_a_public_module_that_stops_importing_a_name_removes_it(tmp_path: Path) -> None:
    """The private module keeps ``run``: only ``pkg.sub.run`` is gone. The standard
    library's ``dumps`` was never ``pkg.sub``'s, and ``spawn_child`` stays."""
    change = {"src/pkg/sub.py": "from ._impl import spawn_child\n"}
    data = run_json(pr_repo(tmp_path, _BASE, change), "main")
    assert _stale(data) == {"docs/api.md": True}


def test_a_new_public_module_is_new_api_by_the_names_it_imports(tmp_path: Path) -> None:
    """trio's 1768aeab9c created ``to_thread.py``: ``from ._threads import to_thread_run_sync
    as run_sync`` is ``trio.to_thread.run_sync``. A private module importing the same name,
    or a public one importing from the standard library or a public module, publishes
    nothing."""
    change = {"src/pkg/workers.py": ("from ._impl import spawn_child as start_worker\n"
                                     "from os import getpid\nfrom .sub import run\n"),
              "src/pkg/_pool.py": "from ._impl import spawn_child\n"}
    data = run_json(pr_repo(tmp_path, _BASE, change), "main")
    assert [entry["token"] for entry in data["new_api"]] == ["pkg.workers.start_worker"]
    assert data["docs"] == []


def test_a_member_of_a_class_published_under_another_name_is_new_api(tmp_path: Path) -> None:
    """``from ._impl import Worker as Pool``: a method ``Worker`` gains is new API as
    ``pkg.workers.Pool.grow``, though no dotted name of it ends with its own
    ``Worker.grow``; a class no public module imports gains one that is no new API."""
    worker = "class Worker:\n    def start(self):\n        pass\n"
    base = {**_BASE, "src/pkg/_impl.py": _IMPL + "\n\n" + worker,
            "src/pkg/_pool.py": worker.replace("Worker", "Helper"),
            "src/pkg/workers.py": "from ._impl import Worker as Pool\n"}
    grow = "\n    def grow(self):\n        pass\n"
    change = {"src/pkg/_impl.py": base["src/pkg/_impl.py"] + grow,
              "src/pkg/_pool.py": base["src/pkg/_pool.py"] + grow}
    data = run_json(pr_repo(tmp_path, base, change), "main")
    assert [entry["token"] for entry in data["new_api"]] == ["pkg.workers.Pool.grow"]


def test_a_member_of_a_class_a_public_module_imports_is_new_api_there(tmp_path: Path) -> None:
    """trio's 0670252eb3 added ``Task.iter_await_frames`` in ``_core/_run.py``, which
    ``trio/lowlevel.py`` imports through ``_core/__init__.py``; ``reference-lowlevel.rst``
    documents the other members of ``trio.lowlevel.Task``, and is its home."""
    base = {"src/pkg/__init__.py": "",
            "src/pkg/_core/__init__.py": "from ._run import Task\n",
            "src/pkg/_core/_run.py": "class Task:\n    def child_tasks(self):\n        pass\n\n"
                                     "    def parent_nursery(self):\n        pass\n",
            "src/pkg/lowlevel.py": "from ._core import Task\n",
            "docs/lowlevel.md": ("Use `pkg.lowlevel.Task.child_tasks` and "
                                 "`pkg.lowlevel.Task.parent_nursery`.\n"),
            "docs/other.md": "Nothing about tasks.\n"}
    change = {"src/pkg/_core/_run.py": base["src/pkg/_core/_run.py"]
              + "\n    def iter_await_frames(self):\n        pass\n"}
    data = run_json(pr_repo(tmp_path, base, change), "main")
    assert [(entry["token"], entry["suggested_pages"]) for entry in data["new_api"]] == [
        ("pkg.lowlevel.Task.iter_await_frames", ["docs/lowlevel.md"])]


def test_all_decides_what_a_public_module_publishes(tmp_path: Path) -> None:
    """``__all__`` lists what the module publishes: a standard-library name it lists is
    one, new here, and a page naming it is listed."""
    change = {"src/pkg/sub.py": ("from ._impl import spawn_child, run\nfrom json import dumps\n"
                                 "__all__ = ['dumps', 'spawn_child', 'run']\n")}
    data = run_json(pr_repo(tmp_path, _BASE, change), "main")
    assert _stale(data) == {"docs/json.md": False}
    assert {a["token"] for a in data["anchors"]} == {"pkg.sub.dumps"}


def test_a_star_import_of_the_private_module_publishes_its_names() -> None:
    """A public module's text need not write the name: ``from ._core import *`` publishes
    it; one whose text holds neither the name nor a star import is not parsed."""
    texts = {"pkg/__init__.py": b"", "pkg/_core.py": b"def checkpoint():\n    pass\n",
             "pkg/hazmat.py": b"from ._core import *\n",
             "pkg/abc.py": b"from ._core import Clock\n"}
    parsed: list[str] = []

    def read(path: str, package: str) -> ReexportIndex | None:
        parsed.append(path)
        return index_reexports(extract_python(texts[path], frozenset()), package)

    files = frozenset(texts)
    assert qualified_names("pkg/_core.py", "checkpoint", files.__contains__, read, files,
                           texts.get) == ["pkg.hazmat.checkpoint"]
    assert "pkg/hazmat.py" in parsed
    assert "pkg/abc.py" not in parsed


def test_an_import_in_the_else_branch_of_type_checking_runs() -> None:
    source = (b"from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n"
              b"    from ._a import Checked\nelse:\n    from ._b import Running\n"
              b"if not TYPE_CHECKING:\n    from ._c import AlsoRunning\n")
    assert extract_python(source, frozenset()).reexports == {"Running", "AlsoRunning"}
