"""An over-broad anchor is still listed on the page holding its hand-written object directive
(``.. class:: ClientSession`` after ``.. module:: srv``), the text its signature is documented in,
as on the page whose heading names it; and an over-broad spelling whose pages a more qualified
spelling lists says so, rather than only that it was dropped (aiohttp's ``run_app`` and
``aiohttp.web.run_app``; docs/concepts/affected-docs.md#guards)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from govern.cli import cli
from govern.drift.docs.scanner import defined_names
from tests.helpers import pr_repo, rows, run_json

INIT = ("class ClientSession:\n    def __init__(self, timeout=5):\n"
        "        self.timeout = timeout\n\n\ndef run_app(app):\n    return app\n")
FILES = {"pyproject.toml": '[project]\nname = "srv"\nversion = "1.0"\n',
         "src/srv/__init__.py": INIT}
SIGNATURE: dict[str, str | None] = {
    "src/srv/__init__.py": INIT.replace("timeout=5", "timeout=5, retries=0")}
MENTION = "Guide {n}\n=======\n\nOpen a :class:`srv.ClientSession` first.\n"
REFERENCE = ("Reference\n=========\n\n.. module:: srv\n\n.. class:: ClientSession(timeout=5)\n\n"
             "   A session.\n")


def _pad(count: int) -> dict[str, str]:
    return {f"docs/pad{n}.rst": f"Pad {n}\n=====\n\nNothing.\n" for n in range(count)}


def _session(tmp_path: Path, reference: str) -> dict[str, Any]:
    pages = {f"docs/guide{n}.rst": MENTION.format(n=n) for n in range(6)}
    return run_json(pr_repo(tmp_path, {**FILES, **_pad(4), **pages,
                                       "docs/reference.rst": reference}, SIGNATURE), "main")


def test_an_over_broad_class_is_listed_on_the_page_defining_it(tmp_path: Path) -> None:
    data = _session(tmp_path, REFERENCE)
    assert rows(data) == {"docs/reference.rst": ["srv.ClientSession"]}
    # the directive defines `srv.ClientSession`, the name Sphinx gives it, not the bare one
    assert data["overbroad_anchors"] == [
        {"token": "ClientSession", "kind": "symbol", "pages": 7,
         "through": ["srv.ClientSession"], "listed": 1},
        {"token": "srv.ClientSession", "kind": "symbol", "pages": 7,
         "kept": ["docs/reference.rst"]}]


@pytest.mark.parametrize("reference", [
    # another module's class of the same name
    REFERENCE.replace(".. module:: srv", ".. module:: other") + "\n:class:`srv.ClientSession`\n",
    # autodoc renders its text from the code: no hand edit is due there
    "Reference\n=========\n\n.. autoclass:: srv.ClientSession\n",
])
def test_a_page_not_defining_the_class_by_hand_is_dropped_with_the_rest(
        tmp_path: Path, reference: str) -> None:
    data = _session(tmp_path, reference)
    assert rows(data) == {}
    assert data["overbroad_anchors"] == [
        {"token": "ClientSession", "kind": "symbol", "pages": 7},
        {"token": "srv.ClientSession", "kind": "symbol", "pages": 7}]


@pytest.mark.parametrize(("text", "names"), [
    (REFERENCE, {"srv.ClientSession"}),
    (".. class:: ClientSession\n", {"ClientSession"}),
    (".. currentmodule:: srv\n\n.. class:: ClientSession\n\n   .. method:: close()\n",
     {"srv.ClientSession", "srv.ClientSession.close"}),
    (".. py:function:: srv.run_app(app)\n", {"srv.run_app"}),
    (":class:`srv.ClientSession`\n", set()),  # a role refers to it, defining nothing
    (".. autoclass:: srv.ClientSession\n", set()),
])
def test_defined_names_resolves_the_directive_as_sphinx_does(text: str,
                                                             names: set[str]) -> None:
    assert defined_names(text) == names


RUN_APP = "Run {n}\n=====\n\n.. currentmodule:: srv\n\nStart it with :func:`run_app`.\n"


def test_an_over_broad_name_says_which_spelling_lists_its_pages(tmp_path: Path) -> None:
    # `run_app` is on 5 pages, over the share of 30 (4); `srv.run_app`, the name the roles
    # resolve to, is on 4 and lists them
    pages = {f"docs/run{n}.rst": RUN_APP.format(n=n) for n in range(4)}
    pages["docs/bare.md"] = "# Bare\n\n```python\nrun_app(app)\n```\n"
    repo = pr_repo(tmp_path, {**FILES, **_pad(25), **pages},
                   {"src/srv/__init__.py": INIT.replace("run_app(app)",
                                                        "run_app(app, port=0)")})
    data = run_json(repo, "main")
    assert rows(data) == {f"docs/run{n}.rst": ["srv.run_app"] for n in range(4)}
    assert data["overbroad_anchors"] == [{"token": "run_app", "kind": "symbol", "pages": 5,
                                          "through": ["srv.run_app"], "listed": 4}]
    text = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs", "main",
                                    "--format", "text"]).output
    assert "over-broad anchor dropped: run_app (named on 5 pages; 4 of them listed through " \
           "srv.run_app)" in text


def test_a_kept_spelling_taken_with_its_hub_term_has_one_entry(tmp_path: Path) -> None:
    # `ClientSession` is kept on the page its title names, then taken with the over-broad
    # `srv.ClientSession`, which the directive keeps on that page: its entry says both
    title = "ClientSession\n============="
    data = _session(tmp_path, REFERENCE.replace("Reference\n=========", title))
    assert rows(data) == {"docs/reference.rst": ["srv.ClientSession"]}
    assert sorted(data["overbroad_anchors"], key=lambda entry: entry["token"]) == [
        {"token": "ClientSession", "kind": "symbol", "pages": 7, "with": "srv.ClientSession",
         "through": ["srv.ClientSession"], "listed": 1},
        {"token": "srv.ClientSession", "kind": "symbol", "pages": 7,
         "kept": ["docs/reference.rst"]}]
