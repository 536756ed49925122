"""``govern init`` writes the READMEs of published packages in sibling folders as one glob
(jotai's ``/examples/*/README.md``), so that a folder added later is read, when the glob reads
nothing of another kind."""

from __future__ import annotations

import json

import pytest

from govern.drift.docs.corpus import is_docs_path
from tests.test_init_detect import _proposed


def _package(name: str, private: bool = False) -> str:
    return json.dumps({"name": name, **({"private": True} if private else {})})


EXAMPLES = {"README.md": "# jotai\n", "docs/core/atom.mdx": "# atom\n",
            **{f"examples/{name}/{file}": text for name in ("todos", "mega-form")
               for file, text in (("README.md", f"# {name}\n"),
                                  ("package.json", _package(name)))},
            "examples/hello/README.md": "# Hello\n",
            "examples/hello/package.json": _package("hello", private=True)}


def test_sibling_readmes_are_one_glob() -> None:
    """Two published examples and a private one beside them: one glob reads all three, and
    an example added later; a README deeper or elsewhere is not read by it."""
    lines, _, config = _proposed(EXAMPLES)
    assert config.docs.paths.patterns == ("docs/**/*.mdx", "/README.md", "/examples/*/README.md")
    for page in ("examples/todos/README.md", "examples/hello/README.md",
                 "examples/added-later/README.md"):
        assert is_docs_path(page, config.docs)
    for page in ("examples/todos/src/README.md", "website/README.md"):
        assert not is_docs_path(page, config.docs)
    assert ("docs.paths: detected: MDX pages (Docusaurus, Fumadocs or Nextra); "
            "/examples/*/README.md: the READMEs of 2 published packages side by side, and of "
            "the private ones beside them (examples/hello)") in lines


@pytest.mark.parametrize(("files", "listed"), [
    # one published example: its own path
    ({"examples/todos/README.md": "# T\n", "examples/todos/package.json": _package("todos")},
     ["/examples/todos/README.md"]),
    # a sibling README of no package, or of a private docs site, would be read by the glob
    ({**EXAMPLES, "examples/notes/README.md": "# Notes\n"},
     ["/examples/mega-form/README.md", "/examples/todos/README.md"]),
    ({**EXAMPLES, "examples/website/README.md": "# Site\n",
      "examples/website/package.json": _package("website", private=True)},
     ["/examples/mega-form/README.md", "/examples/todos/README.md"]),
    # READMEs named differently are no siblings
    ({"a/x/README.md": "# X\n", "a/x/package.json": _package("x"),
      "a/y/Readme.md": "# Y\n", "a/y/package.json": _package("y")},
     ["/a/x/README.md", "/a/y/Readme.md"]),
])
def test_readmes_stay_by_name_when_a_glob_would_read_more(files: dict[str, str],
                                                          listed: list[str]) -> None:
    _, _, config = _proposed({"README.md": "# x\n", **files})
    assert [p for p in config.docs.paths.patterns if p != "/README.md"
            and not p.startswith("docs/")] == listed
