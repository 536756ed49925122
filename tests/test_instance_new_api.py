"""A Python package may export an instance of a class of a private module: loguru's
``__init__`` binds ``logger = _Logger(…)`` of ``loguru._logger.Logger``, and users write
``logger.add``. A method that class gains is New API under the instance's name, with the pages
naming its siblings on the instance as its home; a changed member anchors as
``logger.member`` too, unless that form is the instance's everyday use
(docs/concepts/anchoring-rules.md#instance-names)."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import pr_repo, rows, run_json

INIT = ("from ._logger import Core as _Core\nfrom ._logger import Logger as _Logger\n\n"
        '__all__ = ["logger"]\n\nlogger = _Logger(core=_Core())\n')
LOGGER = ("class Core:\n    pass\n\n\nclass Logger:\n    def __init__(self, core):\n"
          "        self._core = core\n\n    def add(self, sink):\n        return 1\n\n"
          "    def remove(self, handler_id=None):\n        pass\n")
REINSTALL = LOGGER + "\n    def reinstall(self):\n        pass\n"
PAGE = "Call ``logger.add(sink)`` and later ``logger.remove(handler_id)``.\n"


def _new_api(tmp_path: Path, head: str, init: str = INIT,
             pages: dict[str, str] | None = None) -> dict[str, list[str]]:
    base = {"pkg/__init__.py": init, "pkg/_logger.py": LOGGER,
            **(pages if pages is not None else {"docs/usage.rst": PAGE})}
    data = run_json(pr_repo(tmp_path, base, {"pkg/_logger.py": head}), "main")
    return {entry["token"]: entry["suggested_pages"] for entry in data["new_api"]}


def test_a_method_of_an_exported_instance_s_class_is_new_api_on_the_instance(
        tmp_path: Path) -> None:
    assert _new_api(tmp_path, REINSTALL) == {"pkg.logger.reinstall": ["docs/usage.rst"]}


def test_a_page_writing_the_new_method_on_the_instance_already_names_it(
        tmp_path: Path) -> None:
    pages = {"docs/usage.rst": PAGE + "\nIn a child process, ``logger.reinstall()``.\n"}
    assert _new_api(tmp_path, REINSTALL, pages=pages) == {}


def test_a_private_class_no_exported_instance_exposes_gains_no_new_api(
        tmp_path: Path) -> None:
    init = "from ._logger import Logger as _Logger\n\n__all__ = []\n"
    assert _new_api(tmp_path, REINSTALL, init=init) == {}


def test_an_instance_the_package_keeps_private_exposes_nothing(tmp_path: Path) -> None:
    assert _new_api(tmp_path, REINSTALL, init=INIT.replace("logger = ", "_logger = ")
                    .replace('["logger"]', "[]")) == {}


def test_a_private_new_method_is_no_new_api(tmp_path: Path) -> None:
    head = LOGGER + "\n    def _reinstall(self):\n        pass\n"
    assert _new_api(tmp_path, head) == {}


def test_a_changed_member_anchors_on_the_instance_unless_it_is_everyday_use(
        tmp_path: Path) -> None:
    # three pages write ``logger.remove()``, which the share guard admits in a corpus of 24
    pages = {"docs/usage.rst": PAGE, "docs/a.rst": "Use ``logger.remove()``.\n",
             "docs/b.rst": "Use ``logger.remove()``.\n",
             **{f"docs/other{n}.rst": "Other things.\n" for n in range(21)}}
    base = {"pkg/__init__.py": INIT, "pkg/_logger.py": LOGGER, **pages}
    head = LOGGER.replace("return 1", "return 2").replace("        pass\n", "        return 0\n")
    found = rows(run_json(pr_repo(tmp_path, base, {"pkg/_logger.py": head}), "main"))
    # ``logger.add`` is on one page, which is about it; ``logger.remove`` on three, the
    # instance's everyday use
    assert found == {"docs/usage.rst": ["logger.add"]}


def test_a_page_writing_a_removed_member_on_the_instance_is_stale(tmp_path: Path) -> None:
    pages = {"docs/usage.rst": PAGE, "docs/a.rst": "Use ``logger.remove()``.\n",
             "docs/b.rst": "Use ``logger.remove()``.\n", "docs/c.rst": "Other things.\n"}
    base = {"pkg/__init__.py": INIT, "pkg/_logger.py": LOGGER, **pages}
    head = LOGGER[:LOGGER.index("\n    def remove")] + "\n"
    data = run_json(pr_repo(tmp_path, base, {"pkg/_logger.py": head}), "main")
    assert {row["path"]: row["stale"] for row in data["docs"]} == {
        "docs/usage.rst": True, "docs/a.rst": True, "docs/b.rst": True}
