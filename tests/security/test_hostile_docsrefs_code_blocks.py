"""Attack: stall the docs-refs job with the code blocks of a PR's docs page. In a script fence
each import's line was found by scanning the start of every line of the block (16,000 imports:
over a minute); in a shell fence each ``\\``-continued line rebuilt the command joined so far
(30,000 continued lines of 200 characters: over a minute), however long it grew. An import's
line is now found by bisection, continued lines are joined once, and a command joined longer
than ``MAX_LINE`` is not read, as a line that long is not; imports and commands are still read
with their lines and columns."""

from __future__ import annotations

import pytest

from govern.docsrefs.model import RefKind
from govern.docsrefs.references import parse_references
from govern.drift.docs.page_code import js_import_statements
from tests.security.pr import within


def _fence(language: str, body: str) -> str:
    return f"# Usage\n\n```{language}\n{body}```\n"


def test_many_imports_in_a_script_fence_are_placed_in_linear_time() -> None:
    count = 16_000
    page = _fence("ts", "import { a } from 'pkg'\n" * count
                  + "const x = 1;\nimport { type B, c } from '@scope/lib'\n")
    found = within(lambda: parse_references(page, "docs/a.md"))
    assert len(found) == count + 2
    assert [(r.line, r.column, r.name) for r in found[:2]] == [(4, 10, "pkg:a"), (5, 10, "pkg:a")]
    assert [(r.line, r.column, r.kind, r.name) for r in found[-2:]] == [
        (count + 5, 15, RefKind.IMPORT, "@scope/lib:B"),
        (count + 5, 18, RefKind.IMPORT, "@scope/lib:c")]


def test_a_long_continued_shell_command_is_joined_in_linear_time() -> None:
    count = 30_000
    body = ("$ tool push \\\n    --force \\\n    --target prod\n"
            + "$ tool sync \\\n" + ("x" * 200 + " \\\n") * count + "  --last\n"
            + "$ tool pull --all\n")
    found = within(lambda: parse_references(_fence("console", body), "docs/a.md",
                                            frozenset({"tool"})))
    assert [(r.line, r.column, r.kind, r.name) for r in found] == [
        (4, 3, RefKind.COMMAND, "tool push --force --target prod"),
        # the 6 MB ``tool sync`` command is not read: no docs command is that long
        (count + 9, 3, RefKind.COMMAND, "tool pull --all")]


def test_comments_are_blanked_in_linear_time_whatever_they_open() -> None:
    """Comments are blanked before imports are read: 200,000 line comments with no block
    comment after them once searched for the next `/*` from each (quadratic: minutes), and
    unclosed `/*` openings each searched for a `*/` to the end."""
    count = 100_000
    body = ("// note\n" * count + "/* " * count + "\n*/\n"
            + "import { kept } from 'pkg'\n")
    found = within(lambda: parse_references(_fence("ts", body), "docs/a.md"))
    assert [(r.line, r.name) for r in found] == [(count + 6, "pkg:kept")]


def test_namespace_members_in_a_script_fence_are_read_in_linear_time() -> None:
    """``import * as z from "pkg"`` makes every ``z.name`` of the page a reference: lines of
    one long member chain, and of runs of identifier characters and dots, are scanned once."""
    count = 500
    chain = "z." + ".".join(["a"] * 1_990) + "\n"
    runs = "a" * 2_000 + "." * 1_990 + "\n"
    body = "import * as z from 'pkg'\n" + (chain + runs) * count + "z.kept\n"
    found = within(lambda: parse_references(_fence("ts", body), "docs/a.md"))
    assert len(found) == count + 1
    assert [(r.line, r.column, r.name) for r in (found[0], found[-1])] == [
        (5, 1, "pkg:a"), (2 * count + 5, 1, "pkg:kept")]


def test_a_string_never_closed_is_read_in_linear_time() -> None:
    """A quoted string that never closes, full of escaped quotes: each escaped quote started
    another try to match it, quadratic in the line (400 KB of such lines: 3 s, four times as
    long for each doubling). Such a string runs to the line's end now, and its words stay
    prose."""
    line = 'z.string(); say("' + '\\"' * 1_980 + " z.gett\n"  # under MAX_LINE
    page = _fence("ts", "import * as z from 'zod'\n" + line * 1_500)
    found = within(lambda: parse_references(page, "docs/a.md"))
    assert {r.name for r in found} == {"zod:string"}


_NAMES = "a,\n" * 66_667  # 200,000 characters a list may hold, in lines short enough to read
_KEPT = "import { kept } from 'pkg'\nkept.x\n"


@pytest.mark.parametrize(("body", "modules"), [
    ("import {\n" + _NAMES + "\n" + _KEPT, ["pkg"]),
    ("import a from 'pkg'; " * 20_000 + "\n" + _KEPT, ["pkg"] * 20_001),
    ("import { " + _NAMES + "/* " + _NAMES + "\n" + _KEPT, []),
])
def test_an_import_left_open_is_read_in_linear_time(body: str, modules: list[str]) -> None:
    """docs-drift and docs-refs read a page's imports with one reader, over several lines: an
    ``import {`` never closed, then 200,000 characters a list may hold, is read once (its
    clause ends at the next line that starts an import, which is still read), and so are
    20,000 imports chained by ``;`` on one line; a comment never closed in a list hides the
    rest, as it would from a compiler."""
    page = _fence("ts", body)
    found = within(lambda: parse_references(page, "docs/a.md"))
    assert [r.name for r in found if r.name == "pkg:kept"] == ["pkg:kept"] * bool(modules)
    statements = within(lambda: list(js_import_statements(page)))
    assert [statement.module for statement in statements] == modules
