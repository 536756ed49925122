"""A runtime version a package's manifests stop admitting (a raised ``requires-python``, a
raised ``engines.node``) is removed, stale on the pages that still say it; a version still
admitted, a new upper bound, or a manifest read in part drops nothing. A page says a version
where the runtime's name and the version share one clause
(docs/concepts/anchoring-rules.md#runtime-versions)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from govern.drift.anchors.runtimes import (
    Support,
    dropped,
    node_versions,
    python_versions,
    supported,
)
from govern.drift.docs.corpus import Page
from govern.drift.docs.lines import mention_lines
from govern.drift.docs.versions import version_mentions
from tests.helpers import build_index, pr_repo, run_json

PYPROJECT = '[project]\nname = "shop"\nversion = "1.0"\nrequires-python = "{spec}"\n'
CODE = {"shop/__init__.py": "def buy():\n    pass\n"}
PAGES = {
    "README.md": "# shop\n\nshop officially supports Python 3.8+.\n",
    "docs/install.md": "# Install\n\nUse Python 3.9 or newer.\n\nThe Sphinx 3.8 theme is fine.\n",
    "docs/windows.md": "# Windows\n\nOn Python 3.8, asyncio on Windows needs a policy.\n",
    "docs/prose.md": "# Notes\n\nWe like Python. Version 3.8 of the linter is old.\n",
    "docs/venv.md": "# Virtual environments\n\n```sh\npython3.9 -m venv .venv\n```\n",
    "docs/blog/v2.md": "# Shop 2\n\nShop 2 supports Python 3.8 and newer.\n",
}


def _stale(data: dict[str, Any]) -> dict[str, tuple[bool, list[str], list[int]]]:
    return {row["path"]: (row["stale"], [e["token"] for e in row["evidence"]],
                          sorted({line for e in row["evidence"] for line in e["lines"]}))
            for row in data["docs"]}


@pytest.mark.parametrize(("spec", "admits", "refuses"), [
    (">=3.9", [(3, 9), (3, 13)], [(3, 8), (2, 7)]),
    (">=2.7, !=3.0.*, !=3.1.*, !=3.2.*, !=3.3.*, !=3.4.*, !=3.5.*", [(2, 7), (3, 6)],
     [(3, 5), (2, 6)]),
    ("~=3.8", [(3, 8), (3, 12)], [(3, 7)]),
    ("~=3.8.1", [(3, 8)], [(3, 9)]),
    ("^3.8", [(3, 8), (3, 11)], [(3, 7)]),  # Poetry's caret
    (">=3.7,<4", [(3, 7)], [(3, 6)]),
    (">3.7", [(3, 7), (3, 8)], [(3, 6)]),  # PEP 440: 3.7.1 is above 3.7
    (">3.7.0", [(3, 7)], [(3, 6)]),
    ("!=3.8, >=3.7", [(3, 8)], [(3, 6)]),  # 3.8.0 alone is out
    ("!=3.8.*, >=3.7", [(3, 9)], [(3, 8)]),
    (">=3.8.1", [(3, 8)], [(3, 7)]),  # part of 3.8 is admitted: docs may still say it
    ("<3.10.2", [(3, 10)], [(3, 11)]),
    ("!=3.9.0, >=3.8", [(3, 9)], [(3, 7)]),  # one patch release out leaves the minor
])
def test_python_specifiers_admit_their_minors(spec: str, admits: list[tuple[int, int]],
                                              refuses: list[tuple[int, int]]) -> None:
    versions = python_versions(spec)
    assert versions is not None
    assert all(v in versions for v in admits)
    assert not any(v in versions for v in refuses)


@pytest.mark.parametrize(("spec", "admits", "refuses"), [
    (">=18", [18, 22], [16]),
    ("^18.0.0 || ^20.0.0 || >=22.0.0", [18, 20, 24], [19, 21]),
    (">= 14.18", [14, 16], [12]),  # an operator apart from its version
    ("18 - 20", [18, 20], [17, 21]),
    (">=18.0.0 <19", [18], [19]),
    ("<20.1", [20], [21]),
    (">18.0.0", [18], [17]),  # 18.0.1 is above it
    (">18", [19], [18]),
    (">18.x", [19], [18]),
])
def test_node_ranges_admit_their_majors(spec: str, admits: list[int],
                                        refuses: list[int]) -> None:
    versions = node_versions(spec)
    assert versions is not None
    assert all((v,) in versions for v in admits)
    assert not any((v,) in versions for v in refuses)


@pytest.mark.parametrize("spec", ["bogus", ">=three", "lts/*"])
def test_a_specifier_read_in_part_is_not_judged(spec: str) -> None:
    assert python_versions(spec) is None
    assert node_versions(spec) is None


def test_dropped_is_what_a_raised_floor_or_a_gap_leaves_out() -> None:
    def py(spec: str) -> Support:
        versions = python_versions(spec)
        assert versions is not None
        return {"Python": ("specifier", versions)}

    assert dropped(py(">=3.8"), py(">=3.10")) == ["Python 3.8", "Python 3.9"]
    assert dropped(py(">=2.7, !=3.0.*, !=3.1.*"), py(">=2.7, !=3.0.*, !=3.1.*, !=3.2.*")) == [
        "Python 3.2"]
    assert dropped(py(">=3.8"), py(">=3.8,<3.13")) == []  # a new cap promises nothing away
    assert dropped(py(">=3.10"), py(">=3.8")) == []
    assert dropped(py(">=3.8"), {}) == []  # no longer declared: not judged
    # a range on one side and a list of classifiers on the other: only the floor counts
    listed = {"Python": ("classifiers", frozenset({(3, 9), (3, 12)}))}
    assert dropped(py(">=3.9"), listed) == []
    assert dropped(py(">=3.8"), listed) == ["Python 3.8"]
    # fastapi 4267bd1f4: flit's classifiers (3.6 and up), then hatch's requires-python >=3.7
    assert dropped({"Python": ("classifiers", frozenset({(3, 6), (3, 7), (3, 10)}))},
                   py(">=3.7")) == ["Python 3.6"]
    assert dropped({"Python": ("classifiers", frozenset({(3, 8), (3, 12)}))}, listed) == [
        "Python 3.8"]


def test_manifests_are_read_in_order_and_node_from_engines() -> None:
    files = {"setup.py": "setup(python_requires='>=3.7')\n",
             "setup.cfg": "[options]\npython_requires = >=3.8\n",
             "package.json": '{"engines": {"node": ">=20"}}'}
    found = supported(files.get)
    assert min(found["Python"][1]) == (3, 8)  # setup.cfg before setup.py
    assert min(found["Node.js"][1]) == (20,)
    # a variable: not judged, and its classifiers are not read in its place
    assert supported({"setup.py": "setup(python_requires=REQUIRED, classifiers=["
                                  "'Programming Language :: Python :: 3.9'])\n"}.get) == {}


CLASSIFIED = "setup(name='flask', classifiers=[{}])\n"


def test_classifiers_are_read_where_no_manifest_declares_requires_python() -> None:
    """flask 40fad2ece dropped Python 2.5 from setup.py's classifiers, before
    ``python_requires`` existed, and edited the pages saying "Python 2.5 or higher"."""
    listed = ", ".join(f"'Programming Language :: Python :: {v}'" for v in ("2.5", "2.6", "3"))
    assert supported({"setup.py": CLASSIFIED.format(listed)}.get) == {
        "Python": ("classifiers", frozenset({(2, 5), (2, 6)}))}
    declared = CLASSIFIED.format(listed).replace("setup(", "setup(python_requires='>=3.8', ")
    assert min(supported({"setup.py": declared}.get)["Python"][1]) == (3, 8)  # the specifier
    assert supported({"setup.py": CLASSIFIED.format("'Programming Language :: Python :: 3'")}
                     .get) == {}


def test_a_raised_requires_python_leaves_the_pages_saying_the_old_version_stale(
        tmp_path: Path) -> None:
    """requests 0c2bbe739 raised ``requires-python`` to 3.10; docs/index.rst still said
    "Requests officially supports Python 3.9+"."""
    base = {**CODE, **PAGES, "pyproject.toml": PYPROJECT.format(spec=">=3.8")}
    data = run_json(pr_repo(tmp_path, base, {"pyproject.toml": PYPROJECT.format(spec=">=3.9")}),
                    "main")
    assert _stale(data) == {"README.md": (True, ["Python 3.8"], [3]),
                            "docs/windows.md": (True, ["Python 3.8"], [3])}
    assert data["anchorless_changes"] == []


@pytest.mark.parametrize("spec", [">=3.8,<3.14", ">=3.8"])
def test_a_manifest_still_admitting_the_versions_lists_nothing(tmp_path: Path,
                                                               spec: str) -> None:
    base = {**CODE, **PAGES, "pyproject.toml": PYPROJECT.format(spec=">=3.8")}
    change = {"pyproject.toml": PYPROJECT.format(spec=spec).replace('"1.0"', '"1.1"')}
    data = run_json(pr_repo(tmp_path, base, change), "main")
    assert _stale(data) == {}


def test_a_classifier_dropped_leaves_the_pages_saying_it_stale(tmp_path: Path) -> None:
    def setup(*versions: str) -> str:
        return CLASSIFIED.format(", ".join(f"'Programming Language :: Python :: {v}'"
                                           for v in versions))

    page = "# Install\n\nYou will need Python 2.5 or higher to get started.\n"
    base = {**CODE, "docs/install.md": page, "setup.py": setup("2.5", "2.6", "2.7")}
    data = run_json(pr_repo(tmp_path, base, {"setup.py": setup("2.6", "2.7")}), "main")
    assert _stale(data) == {"docs/install.md": (True, ["Python 2.5"], [3])}
    # a new version classified drops nothing
    data = run_json(pr_repo(tmp_path / "2", base, {"setup.py": setup("2.5", "2.6", "2.7",
                                                                     "3.0")}), "main")
    assert _stale(data) == {}


def test_a_declaration_moved_between_manifests_drops_nothing(tmp_path: Path) -> None:
    base = {**CODE, **PAGES, "setup.py": "setup(name='shop', python_requires='>=3.8')\n"}
    change = {"setup.py": "setup(name='shop')\n",
              "pyproject.toml": PYPROJECT.format(spec=">=3.8")}
    assert _stale(run_json(pr_repo(tmp_path, base, change), "main")) == {}


def test_a_raised_engines_node_leaves_the_pages_saying_the_old_major_stale(
        tmp_path: Path) -> None:
    """vite 00b8a98f36 dropped Node 18; its guide said "Vite requires [Node.js](…) version
    18+ or 20+"."""
    manifest = '{{"name": "vite", "engines": {{"node": "{node}"}}}}'
    base = {"package.json": manifest.format(node="^18.0.0 || >=20.0.0"),
            "src/index.js": "export const x = 1\n",
            "docs/guide.md": "# Guide\n\nVite requires [Node.js](https://nodejs.org/en/) "
                             "version 18+ or 20+.\n",
            "docs/tools.md": "# Tools\n\nNode.js 20 is used, with 18 plugins in "
                             "node_modules.\n\nWe ship node 2018 builds.\n"}
    change = {"package.json": manifest.format(node=">=20.0.0")}
    data = run_json(pr_repo(tmp_path, base, change), "main")
    assert _stale(data) == {"docs/guide.md": (True, ["Node.js 18"], [3])}


@pytest.mark.parametrize(("text", "says"), [
    ("Python 3.8+", True),
    ("supports Python 2.7 & 3.8+", True),
    ("FROM python:3.8-slim", True),
    ("run python3.8 -m venv", True),
    ("Python 3.80", False),
    ("Python 13.8", False),
    ("Python 2.3.8", False),
    ("Python is fun. 3.8 is a number", False),
    ("Flask supports Python\n3.8 and newer.", True),  # a paragraph wrapped
    ("Python\n\n3.8", False),
    ("CPython 3.8", True),
    ("Jython 3.8", False),
    ("python -m pip install Django==3.8", False),  # another package's pin
    ('requires-python = ">=3.8"', True),
    ('Use ``python_requires=">= 3.8"`` in setup.py', True),
    ("my_python 3.8", False),
    ("`typing.Set[T]` (deprecated since Python 3.8, use `set[T]`)", False),  # a date
    ("New in Python 3.8: the walrus", False),
    ("As of *Python 3.8*, dicts keep order", False),
    ("removed in `python3.8`", False),
    ("On Python 3.8, asyncio on Windows uses another loop", True),  # the old version's ways
    ("Supported since forever: Python 3.8+", True),  # the date is another clause's
    ("Tested in Python 3.8", True),
    ("Python 3.8 added support for *async generators*", False),  # an event, after the version
    ("**Python 3.8** introduced the walrus", False),
    ("Python 3.8 removed `asyncio.async`", False),
    ("Python 3.8 runs on Windows", True),  # a verb that dates nothing
    ("Python 3.8, added to CI last year, fails", True),  # another clause's verb
    ("On Python 3.8 adding a task fails", True),
])
def test_a_page_says_a_python_version_in_the_clause_naming_python(text: str,
                                                                  says: bool) -> None:
    assert bool(list(version_mentions(text, "Python 3.8"))) is says


def test_the_index_finds_the_pages_and_the_lines() -> None:
    pages = [Page(path, f"b{i}", False) for i, path in enumerate(PAGES)]
    blobs = {f"b{i}": text.encode() for i, text in enumerate(PAGES.values())}
    index = build_index(pages, blobs.get)
    assert {pages[i].path for i in index.stating("Python 3.8")} == {"README.md",
                                                                     "docs/windows.md"}
    assert {pages[i].path for i in index.stating("Python 3.9")} == {"docs/install.md",
                                                                     "docs/venv.md"}
    assert index.stating("Python 3.7") == set()
    assert mention_lines(PAGES["docs/install.md"], "docs/install.md", "Python 3.9",
                         "runtime") == (3,)
