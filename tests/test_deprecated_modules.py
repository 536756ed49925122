"""A module whose import always warns that it is deprecated is certain drift for the pages
that render it or name its names under it, rendering pages too: werkzeug's ``cc4eccaea``
turned ``contrib/lint.py`` into a shim (``from ..middleware.lint import *`` and a module-level
``warnings.warn(…, DeprecationWarning)``) and rewrote ``docs/contrib/lint.rst``, which had only
rendered the module (docs/concepts/anchoring-rules.md#certain-drift)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from govern.core.resources import read_data
from tests.helpers import pr_repo, run_json

LINT = ('"""Checks."""\n\n\nclass LintMiddleware:\n    """Lints."""\n\n'
        "    def __init__(self, app):\n        self.app = app\n")
SHIM = ("import warnings\n\nfrom ..middleware.lint import *\n\nwarnings.warn(\n"
        '    "\'pkg.contrib.lint\' has moved to \'pkg.middleware.lint\'.",\n'
        "    DeprecationWarning,\n)\n")
RENDERING = ("Lint Validation Middleware\n==========================\n\n"
             ".. currentmodule:: pkg.contrib.lint\n\n.. automodule:: pkg.contrib.lint\n\n"
             ".. autoclass:: LintMiddleware\n")
BASE = {"pkg/__init__.py": "", "pkg/contrib/__init__.py": "", "pkg/contrib/lint.py": LINT,
        "docs/contrib/lint.rst": RENDERING, "docs/other.rst": "Nothing of it.\n"}


def _run(tmp_path: Path, head: str, pages: dict[str, str] | None = None) -> dict[str, Any]:
    """The rows of a change writing ``head`` to ``pkg/contrib/lint.py`` and moving its class
    to the new ``pkg/middleware/lint.py``, as werkzeug's ``cc4eccaea`` did."""
    repo = pr_repo(tmp_path, {**BASE, **(pages or {})},
                   {"pkg/contrib/lint.py": head, "pkg/middleware/__init__.py": "",
                    "pkg/middleware/lint.py": LINT})
    return {row["path"]: (row["stale"], sorted({e["rule"] for e in row["evidence"]}))
            for row in run_json(repo, "main")["docs"]}


@pytest.mark.parametrize("warning", [
    "warnings.warn(\n    'moved',\n    DeprecationWarning,\n)\n",
    "warnings.warn('moved', category=PendingDeprecationWarning, stacklevel=2)\n",
    "warnings.warn('moved', FutureWarning)\n",
    # flask's old ``flask/session.py`` made the warning in the call
    "from warnings import warn\nwarn(DeprecationWarning('please use pkg.middleware.lint'))\n",
])
def test_a_module_turned_into_a_deprecation_shim_lists_its_rendering_page(
        tmp_path: Path, warning: str) -> None:
    head = "from ..middleware.lint import *\nimport warnings\n\n" + warning
    assert _run(tmp_path, head) == {"docs/contrib/lint.rst": (False, ["deprecated"])}


def test_a_page_naming_the_module_s_names_under_it_is_certain_drift(tmp_path: Path) -> None:
    # werkzeug's ``contrib/atom.py`` kept its classes and took ``DeprecationWarning`` for the
    # category of the warning it already had; ``AtomFeed`` alone is any module's
    head = LINT + "\nimport warnings\n\nwarnings.warn('deprecated', DeprecationWarning)\n"
    pages = {"docs/guide.rst": "Wrap the app in ``pkg.contrib.lint.LintMiddleware``.\n",
             "docs/bare.rst": "Wrap the app in ``LintMiddleware``.\n"}
    found = _run(tmp_path, head, pages)
    assert found["docs/contrib/lint.rst"] == (False, ["deprecated"])
    assert found["docs/guide.rst"] == (False, ["deprecated"])
    assert "deprecated" not in found.get("docs/bare.rst", (False, []))[1]


@pytest.mark.parametrize("head", [
    # an ordinary warning deprecates nothing
    LINT + "\nimport warnings\n\nwarnings.warn('lint is slow', UserWarning)\n",
    # a warning under a condition is about the condition (attrs warned on Python 3.6 only)
    LINT + "\nimport sys\nimport warnings\n\nif sys.version_info < (3, 7):\n"
           "    warnings.warn('Python 3.6 is deprecated', DeprecationWarning)\n",
    # a function's warning deprecates the function, which no page names
    LINT + "\n\ndef check_string(value):\n    import warnings\n\n"
           "    warnings.warn('check_string is deprecated', DeprecationWarning)\n",
])
def test_no_module_deprecation_lists_no_rendering_page(tmp_path: Path, head: str) -> None:
    assert _run(tmp_path, head) == {}


def test_a_deprecated_private_or_single_name_module_is_nobody_s_page(tmp_path: Path) -> None:
    base = {"tool.py": LINT, "pkg/__init__.py": "", "pkg/_impl.py": LINT,
            "docs/api.rst": ".. automodule:: tool\n\n.. automodule:: pkg._impl\n"}
    warned = LINT + "\nimport warnings\n\nwarnings.warn('deprecated', DeprecationWarning)\n"
    repo = pr_repo(tmp_path, base, {"tool.py": warned, "pkg/_impl.py": warned})
    assert run_json(repo, "main")["docs"] == []


def test_certain_drift_passes_the_row_cap_and_the_schema(tmp_path: Path) -> None:
    pages = {f"docs/guide{n}.rst": "Wrap it in ``pkg.contrib.lint.LintMiddleware``.\n"
             for n in range(10)}
    head = LINT + "\nimport warnings\n\nwarnings.warn('deprecated', DeprecationWarning)\n"
    repo = pr_repo(tmp_path, {**BASE, **pages}, {"pkg/contrib/lint.py": head})
    data = run_json(repo, "main")
    jsonschema.validate(data, json.loads(read_data("schemas", "affected-docs.schema.json")))
    assert {row["path"] for row in data["docs"]} == {*pages, "docs/contrib/lint.rst"}
    assert data["folded_anchors"] == data["overbroad_anchors"] == []


def test_an_old_shim_s_warning_reworded_or_re_wrapped_lists_nothing(tmp_path: Path) -> None:
    """Found by review: a module already warning it is deprecated says nothing new when the
    warning is re-wrapped or reworded; the first warning listed its pages."""
    base = {**BASE, "pkg/contrib/lint.py": SHIM,
            "docs/guide.rst": "Wrap the app in ``pkg.contrib.lint.LintMiddleware``.\n"}
    reworded = SHIM.replace("has moved to", "moved to").replace(
        "    DeprecationWarning,\n)", "    DeprecationWarning, stacklevel=2,\n)")
    repo = pr_repo(tmp_path / "reworded", base, {"pkg/contrib/lint.py": reworded})
    assert run_json(repo, "main")["docs"] == []
    # a module that warned otherwise before, now deprecated, still lists its pages
    warned = {**base, "pkg/contrib/lint.py": SHIM.replace("DeprecationWarning", "UserWarning")}
    repo = pr_repo(tmp_path / "now", warned, {"pkg/contrib/lint.py": SHIM})
    assert [row["path"] for row in run_json(repo, "main")["docs"]] == ["docs/contrib/lint.rst"]


def test_a_module_whose_name_the_package_binds_to_another_object_is_no_certain_drift(
        tmp_path: Path) -> None:
    """flask's ``0fccfe711`` turned ``flask/session.py`` into a shim warning it moved, while
    ``flask.session`` is the session object ``from .globals import session`` gives: four
    pages naming that object were listed as certain, none edited."""
    base = {"pkg/__init__.py": "from .globals import lint\n", "pkg/globals.py": "lint = 1\n",
            "pkg/lint.py": LINT, "docs/use.rst": "Read ``pkg.lint`` in a view.\n",
            "docs/api.rst": ".. automodule:: pkg.lint\n"}
    repo = pr_repo(tmp_path / "bound", base, {"pkg/lint.py": SHIM})
    assert run_json(repo, "main")["docs"] == []
    # the same module, its name bound to nothing else: certain drift
    repo = pr_repo(tmp_path / "free", {**base, "pkg/__init__.py": ""}, {"pkg/lint.py": SHIM})
    assert [row["path"] for row in run_json(repo, "main")["docs"]] == ["docs/api.rst",
                                                                       "docs/use.rst"]
