"""A program name a package's manifests stop declaring is removed, stale on the pages that run
it; a new one is New API; one that moved between manifests, or that another package still
declares, is neither. A page runs a program where a shell line or a code span opens with it,
never where prose writes the word (docs/concepts/anchoring-rules.md#program-names)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from govern.drift.anchors.commands import declared_programs, package_bins
from govern.drift.docs.invocations import invoked_at
from tests.helpers import pr_repo, run_json

CODE = {"httpie/__init__.py": "", "httpie/core.py": "def main():\n    pass\n"}
SETUP = ("from setuptools import setup\n\nsetup(name='httpie', packages=['httpie'],\n"
         "      entry_points={{'console_scripts': ['{program} = httpie.core:main']}})\n")
README = """# httpie

httpie is a command line HTTP client. Install it with `pip install httpie`.

    httpie [flags] METHOD URL

See `httpie -h`, or `httpie` itself, and http://example.org for the wire format.

```console
$ httpie PUT example.org name=John
```
"""
INVOKING = [5, 7, 10]
"""The README's lines that run ``httpie``: an indented block, a code span, a prompt."""


def _evidence(data: dict[str, Any]) -> dict[str, tuple[bool, list[str], list[int]]]:
    return {row["path"]: (row["stale"], [e["token"] for e in row["evidence"]],
                          sorted({line for e in row["evidence"] for line in e["lines"]}))
            for row in data["docs"]}


def _new(data: dict[str, Any]) -> list[str]:
    return [entry["token"] for entry in data["new_api"]]


def test_a_renamed_program_leaves_the_pages_running_it_stale(tmp_path: Path) -> None:
    """httpie 258fc0cd5f renamed its program ``http`` in setup.py; README ran ``httpie``."""
    base = {**CODE, "setup.py": SETUP.format(program="httpie"), "README.md": README}
    data = run_json(pr_repo(tmp_path, base, {"setup.py": SETUP.format(program="http")}), "main")
    assert _evidence(data) == {"README.md": (True, ["httpie"], INVOKING)}
    assert _new(data) == ["http"]
    assert data["anchorless_changes"] == []


@pytest.mark.parametrize("change", [
    # the declaration moved from setup.py to pyproject.toml in one commit
    {"setup.py": "from setuptools import setup\n\nsetup(name='httpie')\n",
     "pyproject.toml": '[project]\nname = "httpie"\n'
                       '[project.scripts]\nhttpie = "httpie.core:main"\n'},
    # a version bump declares the same program
    {"setup.py": SETUP.format(program="httpie").replace("name='httpie'",
                                                         "name='httpie', version='2'")},
])
def test_a_program_still_declared_is_neither_removed_nor_new(tmp_path: Path,
                                                             change: dict[str, str]) -> None:
    base = {**CODE, "setup.py": SETUP.format(program="httpie"), "README.md": README}
    data = run_json(pr_repo(tmp_path, base, change), "main")
    assert _evidence(data) == {}
    assert _new(data) == []


def test_a_program_another_package_still_declares_is_not_removed(tmp_path: Path) -> None:
    base = {**CODE, "setup.py": SETUP.format(program="httpie"), "README.md": README,
            "compat/setup.py": SETUP.format(program="httpie"), "compat/compat.py": ""}
    data = run_json(pr_repo(tmp_path, base, {"setup.py": SETUP.format(program="http")}), "main")
    assert _evidence(data) == {}


BIN_PAGES = {"docs/cli.md": "Serve with `npx vite` or:\n\n```sh\nvite build --watch\n```\n",
             "docs/prose.md": "Use run to start it, or `run` alone.\n\nrun the tests first.\n",
             "docs/run.md": "```sh\n$ run build\n```\n"}


@pytest.mark.parametrize(("old", "new", "stale"), [
    # a bin path alone installs the package's name, without its scope
    ({"name": "@scope/vite", "bin": "bin/vite.js"}, {"name": "@scope/vite"}, ["docs/cli.md"]),
    # a bin map names its programs; a plain word is run only in command position
    ({"name": "tools", "bin": {"run": "bin/run.js", "vite": "bin/vite.js"}},
     {"name": "tools", "bin": {"vite": "bin/vite.js"}}, ["docs/run.md"]),
])
def test_a_package_json_bin_removed(tmp_path: Path, old: dict[str, Any], new: dict[str, Any],
                                    stale: list[str]) -> None:
    base = {"src/index.js": "export const x = 1;\n", "package.json": json.dumps(old),
            **BIN_PAGES}
    data = run_json(pr_repo(tmp_path, base, {"package.json": json.dumps(new)}), "main")
    assert sorted(path for path, (is_stale, _, _) in _evidence(data).items() if is_stale) == stale
    assert "docs/prose.md" not in _evidence(data)


def test_a_pyproject_script_removed_and_added(tmp_path: Path) -> None:
    pyproject = '[project]\nname = "httpie"\n[project.scripts]\n{program} = "httpie.core:main"\n'
    base = {**CODE, "pyproject.toml": pyproject.format(program="httpie"), "README.md": README}
    data = run_json(pr_repo(tmp_path, base, {"pyproject.toml": pyproject.format(
        program="https")}), "main")
    assert _evidence(data) == {"README.md": (True, ["httpie"], INVOKING)}
    assert _new(data) == ["https"]


def test_what_the_manifests_declare() -> None:
    files = {"pyproject.toml": '[project.scripts]\na = "m:f"\n',
             "setup.cfg": "[options.entry_points]\nconsole_scripts =\n    b = m:g\n",
             "package.json": '{"name": "@s/c", "bin": "c.js"}'}
    assert declared_programs(files.get) == {"a", "b", "c"}
    assert package_bins('{"bin": {"x": "x.js", "": "y.js"}}') == ("x",)
    assert package_bins('{"name": "t"}') == ()
    assert package_bins("[1, 2]") == ()


@pytest.mark.parametrize(("text", "invoked"), [
    ("http GET x", False),  # a line of prose
    ("    http GET x", True),  # an indented block
    ("   $ http", True),
    ("```\nhttp GET x\n```", True),
    ("See `http GET x`.", True),
    ("The `http` scheme.", False),  # the word in a span, no invocation
    ("```\nhttp://example.org\n```", False),
    ("    pip install http", False),
    ("x" * 30 + " http GET", False),
])
def test_where_a_page_runs_a_program(text: str, invoked: bool) -> None:
    start = text.index("http")
    assert invoked_at(text, start, "http") is invoked
