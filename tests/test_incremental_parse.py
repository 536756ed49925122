"""The head side of a changed file is parsed as an edit of the base side's tree: the hunks git
gave become tree-sitter edits, and the tree must be the one a fresh parse gives."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from tree_sitter import Parser, Tree

from benchmarks.incremental_parse import nodes  # the equality the history check uses
from govern.cli import cli
from govern.drift.anchors import syntax
from govern.drift.anchors.syntax import MAX_EDITS, _edits, parse, parse_edited, parser_for
from govern.git.gitio import Git, Hunk
from tests.gitrepo import make_repo

FUNCTIONS = "".join(f"def f{i}(x):\n    return x + {i}\n\n\n" for i in range(40))
TS_FUNCTIONS = "".join(f"export function f{i}(x: number) {{ return x + {i}; }}\n"
                       for i in range(40))


@pytest.fixture(autouse=True)
def _no_memoised_trees() -> Iterator[None]:
    """Each case starts with no tree held, so what it parses is what it asserts about."""
    syntax._TREES.clear()
    yield
    syntax._TREES.clear()


def _hunks(tmp_path: Path, name: str, old: bytes, new: bytes) -> list[Hunk]:
    repo = make_repo(tmp_path / "repo")
    before = repo.commit({name: old})
    after = repo.commit({name: new})
    [hunks] = Git(repo.root).hunks(before, after)
    return hunks


CASES = {
    "one line in the middle": (
        "python", FUNCTIONS, FUNCTIONS.replace("return x + 20", "return x - 20")),
    "lines inserted first": ("typescript", TS_FUNCTIONS, "import { y } from './y';\n\n"
                             + TS_FUNCTIONS),
    "last lines removed, no newline at the end": (
        "python", FUNCTIONS + "def g():\n    return 1", FUNCTIONS.rstrip("\n")),
    "a newline added at the end": ("python", FUNCTIONS.rstrip("\n"), FUNCTIONS),
    "several hunks": ("typescript", TS_FUNCTIONS, TS_FUNCTIONS.replace("x + 3;", "x * 3;")
                      .replace("export function f17", "export function renamed17")
                      .replace("export function f30(x: number) { return x + 30; }\n", "")),
    "a syntax error on both sides": (
        "typescript", TS_FUNCTIONS + "function broken( {\n",
        TS_FUNCTIONS.replace("x + 9;", "x + 99;") + "function broken( {\n"),
    "CRLF lines": ("python", FUNCTIONS.replace("\n", "\r\n"),
                   FUNCTIONS.replace("\n", "\r\n").replace("x + 5", "x + 55")),
}


@pytest.mark.parametrize("case", CASES)
def test_the_edited_tree_is_a_fresh_parse(tmp_path: Path, case: str) -> None:
    language, old_text, new_text = CASES[case]
    old, new = old_text.encode(), new_text.encode()
    hunks = _hunks(tmp_path, "m.py" if language == "python" else "m.ts", old, new)
    assert _edits(old, new, hunks) is not None  # the hunks describe the change: edits
    parse(language, old)
    tree = parse_edited(language, new, old, hunks)
    assert nodes(tree) == nodes(parser_for(language).parse(new))
    assert parse(language, new) is tree  # memoised: every later reader gets this tree


def test_a_declared_encoding_is_edited_as_the_utf8_it_is_read_as(tmp_path: Path) -> None:
    old = ("# -*- coding: latin-1 -*-\n" + FUNCTIONS + "NAME = 'caf\xe9'\n").encode("latin-1")
    new = old.replace(b"caf\xe9", b"\xe9t\xe9")
    hunks = _hunks(tmp_path, "m.py", old, new)
    parse("python", old)
    tree = parse_edited("python", new, old, hunks)
    assert nodes(tree) == nodes(parser_for("python").parse(syntax.python_utf8(new)))
    assert "été".encode() in (tree.root_node.text or b"")


def test_hunks_that_do_not_describe_the_change_are_refused(tmp_path: Path) -> None:
    old = FUNCTIONS.encode()
    new = FUNCTIONS.replace("return x + 20", "return x - 20").encode()
    hunks = _hunks(tmp_path, "m.py", old, new)
    shifted = [Hunk(h.old_start + 1, h.old_count, h.new_start + 1, h.new_count) for h in hunks]
    assert _edits(old, new, shifted) is None
    assert _edits(old, new, []) is None  # the files differ where no hunk says so
    parse("python", old)
    tree = parse_edited("python", new, old, shifted)  # parsed afresh instead
    assert nodes(tree) == nodes(parser_for("python").parse(new))


def test_without_the_base_tree_the_file_is_parsed_afresh(tmp_path: Path) -> None:
    old = TS_FUNCTIONS.encode()
    new = TS_FUNCTIONS.replace("x + 3;", "x * 3;").encode()
    hunks = _hunks(tmp_path, "m.ts", old, new)
    tree = parse_edited("typescript", new, old, hunks)  # the base was never parsed
    assert nodes(tree) == nodes(parser_for("typescript").parse(new))
    assert (("typescript", old)) not in syntax._TREES


def test_an_edit_is_placed_where_the_hunk_says() -> None:
    old = b"a\nb\nc\n"
    new = b"a\nB\nBB\nc\n"
    [edit] = _edits(old, new, [Hunk(2, 1, 2, 2)]) or []
    assert (edit["start_byte"], edit["old_end_byte"], edit["new_end_byte"]) == (2, 4, 7)
    assert (edit["start_point"], edit["old_end_point"], edit["new_end_point"]) == (
        (1, 0), (2, 0), (3, 0))
    # -U0 writes an insertion as zero lines after a line: "@@ -1,0 +2 @@"
    [insert] = _edits(b"a\nc\n", b"a\nb\nc\n", [Hunk(1, 0, 2, 1)]) or []
    assert (insert["start_byte"], insert["old_end_byte"], insert["new_end_byte"]) == (2, 2, 4)


def test_a_rewritten_file_is_parsed_afresh() -> None:
    old = b"".join(b"x%d = 1\n" % i for i in range(MAX_EDITS + 1))
    new = old.replace(b" = 1\n", b" = 2\n")
    every_line = [Hunk(line, 1, line, 1) for line in range(1, MAX_EDITS + 2)]
    assert _edits(old, new, every_line) is None
    assert _edits(old, new, every_line[:0]) is None
    last = old.rindex(b"x")  # the start of the last line: one hunk fewer is still an edit
    assert _edits(old[:last], new[:last], every_line[:MAX_EDITS]) is not None


class _Recording:
    """A language's real parser, noting whether each parse was given a tree to reuse."""

    def __init__(self, parser: Parser) -> None:
        self.parser, self.reused = parser, []

    def parse(self, source: bytes, old_tree: Tree | None = None) -> Tree:
        self.reused.append(old_tree is not None)
        return self.parser.parse(source, old_tree) if old_tree else self.parser.parse(source)


def test_the_head_side_reparses_the_base_tree_only_when_the_hunks_hold(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    recording = _Recording(parser_for("python"))
    monkeypatch.setattr(syntax, "parser_for", lambda language: recording)
    old = FUNCTIONS.encode()
    new = FUNCTIONS.replace("return x + 20", "return x - 20").encode()
    hunks = _hunks(tmp_path, "m.py", old, new)
    parse("python", old)
    parse_edited("python", new, old, hunks)
    assert recording.reused == [False, True]  # the base fresh, the head from the base's tree
    syntax._TREES.clear()
    recording.reused.clear()
    parse("python", old)
    parse_edited("python", new, old, [Hunk(h.old_start + 1, h.old_count, h.new_start + 1,
                                           h.new_count) for h in hunks])
    assert recording.reused == [False, False]  # hunks that do not hold: a fresh parse


def test_a_changed_file_is_read_as_an_edit_in_a_run(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    recording = _Recording(parser_for("python"))
    monkeypatch.setattr(syntax, "parser_for", lambda language: recording)
    repo = make_repo(tmp_path / "repo", {"pkg/__init__.py": "", "pkg/m.py": FUNCTIONS,
                                         "docs/api.md": "Call `pkg.m.f20` to add.\n"})
    repo.branch("pr")
    repo.commit({"pkg/m.py": FUNCTIONS.replace("return x + 20", "return x - 20")}, "pr")
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs", "--json",
                                      "main"])
    assert result.exit_code == 0, result.output
    assert [row["path"] for row in json.loads(result.stdout)["docs"]] == ["docs/api.md"]
    assert recording.reused.count(True) == 1  # the head side of pkg/m.py
