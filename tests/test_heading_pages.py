"""An anchor on too many pages to list (over-broad, or folded past the row cap) is still
listed on the page, one or two at most, whose heading names it: the section documenting it
(fastify's `#### setErrorHandler` in Server.md, one of the nine pages writing the name;
docs/concepts/affected-docs.md#guards)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from govern.cli import cli
from govern.drift.docs.headings import SectionHeadings
from tests.helpers import pr_repo, rows, run_json

CODE = {"package.json": '{"name": "srv", "main": "index.js"}\n',
        "index.js": "export function setErrorHandler(fn) {\n  return fn\n}\n"}
CHANGE = {"index.js": CODE["index.js"].replace("return fn", "return fn || null")}
MENTION = "# Guide {n}\n\nCall `setErrorHandler()` here.\n"
PAD = {f"docs/pad{n}.md": f"# Pad {n}\n\nNothing.\n" for n in range(6)}


def _text(tmp_path: Path) -> str:
    result = CliRunner().invoke(cli, ["--repo-dir", str(tmp_path / "repo"), "affected-docs",
                                      "main", "--format", "text"])
    return result.output


def _run(tmp_path: Path, headed: int) -> dict:  # type: ignore[type-arg]
    pages = {f"docs/guide{n}.md": MENTION.format(n=n) for n in range(5)}
    for n in range(headed):
        pages[f"docs/ref{n}.md"] = "# Reference\n\n#### setErrorHandler\n\nSets the handler.\n"
    return run_json(pr_repo(tmp_path, {**CODE, **PAD, **pages}, CHANGE), "main")


def test_an_over_broad_name_is_still_listed_on_the_page_whose_heading_names_it(
        tmp_path: Path) -> None:
    data = _run(tmp_path, 1)
    assert rows(data) == {"docs/ref0.md": ["setErrorHandler"]}
    assert data["overbroad_anchors"] == [{"token": "setErrorHandler", "kind": "symbol",
                                          "pages": 6, "kept": ["docs/ref0.md"]}]
    assert "over-broad anchor kept on the page documenting it: setErrorHandler (named on 6 " \
           "pages; kept on docs/ref0.md, whose heading or object directive names it)" \
        in _text(tmp_path)


def test_a_folded_name_is_listed_on_its_heading_page_and_the_report_says_so(
        tmp_path: Path) -> None:
    pages = {f"docs/guide{n}.md": MENTION.format(n=n) for n in range(9)}
    pages["docs/ref.md"] = "# Reference\n\n## setErrorHandler\n"
    pad = {f"docs/pad{n}.md": f"# Pad {n}\n\nNothing.\n" for n in range(60)}
    repo = pr_repo(tmp_path, {**CODE, **pad, **pages}, CHANGE)
    data = run_json(repo, "main")
    assert rows(data) == {"docs/ref.md": ["setErrorHandler"]}
    assert data["folded_anchors"] == [{"token": "setErrorHandler", "kind": "symbol",
                                       "pages": 10, "kept": ["docs/ref.md"]}]
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs", "main",
                                      "--format", "text"])
    assert "setErrorHandler (symbol) is named on 10 pages: folded, listed only on " \
           "docs/ref.md, whose heading or object directive names it" in result.output


def test_three_heading_pages_are_as_little_telling_as_the_rest(tmp_path: Path) -> None:
    data = _run(tmp_path, 3)
    assert rows(data) == {}
    assert data["overbroad_anchors"] == [{"token": "setErrorHandler", "kind": "symbol",
                                          "pages": 8}]


@pytest.mark.parametrize(("text", "named"), [
    ("# S\n\n#### setErrorHandler\n", True),
    ("### `fastify.setErrorHandler(handler)`\n", True),
    ("#### setErrorHandlers\n", False),  # a longer name
    ("Call setErrorHandler here.\n", False),  # prose
    ("setErrorHandler()\n===============\n", True),  # setext, as markdown reads it too
    ("```sh\n# setErrorHandler in a shell comment\n```\n", False),  # code, not a heading
    ("```sh\nx\n```\n\n## setErrorHandler\n", True),
    ("---\n# setErrorHandler: a YAML comment\n---\n\nText.\n", False),  # front matter
    ("---\ntitle: x\n---\n\n## setErrorHandler\n", True),
    ("Intro.\n\nsetErrorHandler\n---------------\n\nText.\n", True),  # a setext heading
    ("Use setErrorHandler.\n\n---\n\nText.\n", False),  # a thematic break after a blank
    # the name's own section: markup, a qualifier, parameters, yargs' leading dot
    ('### <a name="h"></a>`.setErrorHandler(fn)` {#h}\n', True),
    ("## **setErrorHandler()** ##\n", True),
    ("## new setErrorHandler(options)\n", True),
    # tags, roles, a generic, a return type or a member's type, a decorator, a closing colon
    ('### setErrorHandler <Badge text="beta"/>\n', True),
    ("### <code>setErrorHandler</code>\n", True),
    ("### :func:`setErrorHandler`\n", True),
    ("### `setErrorHandler<T>(fn): Promise<void>`\n", True),
    ("### `setErrorHandler?: Handler`\n", True),
    ("### @setErrorHandler\n", True),
    ("### setErrorHandler:\n", True),
    ("### Setting: setErrorHandler and more\n", False),
    # a heading that only mentions it (typer's ``### Name and help in `typer.Typer()` ``)
    ("### Errors in `fastify.setErrorHandler()`\n", False),
    ("## setErrorHandler and hooks\n", False),
    ("Setting setErrorHandler\n=======================\n", False),
])
def test_what_heading_names_a_token(text: str, named: bool) -> None:
    assert SectionHeadings(text, "docs/a.md").naming("setErrorHandler") is named


@pytest.mark.parametrize(("text", "named"), [
    ("setErrorHandler\n===============\n\nText.\n", True),
    ("Title\r\n=====\r\n\r\nsetErrorHandler\r\n---------------\r\n", True),  # CRLF
    ("Handlers\n--------\n\n.. function:: setErrorHandler\n", False),
    ("#### setErrorHandler\n", False),  # no markdown heading in rst
    ("``app.setErrorHandler()``\n--------------------------\n", True),
    ("Using setErrorHandler\n---------------------\n", False),  # a mention, not its section
])
def test_what_rst_title_names_a_token(text: str, named: bool) -> None:
    assert SectionHeadings(text, "docs/a.rst").naming("setErrorHandler") is named


@pytest.mark.parametrize(("text", "named"), [
    # markup inside the name: the heading names it, but the page must write it too
    ("## set\\ErrorHandler\n", False),
    ("## set\\ErrorHandler\n\nCall setErrorHandler.\n", True),
    # of the headings ending with the name, only the last is its section
    ("## Using setErrorHandler\n\n## xsetErrorHandler\n\n## app.setErrorHandler()\n", True),
    ("## Using setErrorHandler\n\n## xsetErrorHandler\n\n## setErrorHandlers\n", False),
])
def test_a_page_read_once_names_what_each_read_names(text: str, named: bool) -> None:
    assert SectionHeadings(text, "docs/a.md").naming("setErrorHandler") is named
