"""Attack: stall the docs-drift job with the import and re-export statements it reads. A page
about to be marked stale is read for what its own code imports and declares, and a code file
holding a removed name for what it re-exports; both are attacker-controlled text. A list
left open (``from a import (``, ``import {``, ``export {``, ``__all__ = [``) read up to a
closing bracket that never comes, once per statement, would read the rest of the text once
per line: quadratic in the page. Each is read once."""

from __future__ import annotations

from govern.drift.anchors.python import module_getattr_names
from govern.drift.docs.page_code import PageCode, js_imports, python_imports
from govern.drift.still_declared import declared_names, reexported_names
from tests.security.pr import within

LINES = 50_000


def test_unclosed_python_import_lists_are_read_in_linear_time() -> None:
    page = "from a import (\n" * LINES + "from html import escape\n"
    found = within(lambda: list(python_imports(page)))
    assert ("html", "escape", False) in found
    assert within(lambda: PageCode(page).binds_elsewhere("escape", {"shop"})) is True


def test_unclosed_js_import_clauses_are_read_in_linear_time() -> None:
    page = "import {\n" * LINES + "'x'\nimport { derive } from 'derive-valtio'\n"
    assert within(lambda: list(js_imports(page))) == [("derive-valtio", "derive")]
    page = "import a, b c\n" * LINES
    assert within(lambda: list(js_imports(page))) == []


def test_long_declaration_lines_are_read_in_linear_time() -> None:
    page = ("export async " * LINES + "\n" + "const escape: " + ":" * LINES + "\n"
            + "async " * LINES + "escape\n") * 3
    assert within(lambda: PageCode(page).declared) == set()


def test_unclosed_export_and_all_lists_are_read_in_linear_time() -> None:
    text = "export {\n" * LINES + "__all__ = [\n" * LINES + "__all__ = (\n" * LINES
    assert within(lambda: list(reexported_names(text))) == []
    code = (text + "export * as derive from 'derive-valtio'\n").encode()
    assert within(lambda: declared_names({"src/index.ts": code}, {"derive"})) == {"derive"}


def test_module_getattr_shims_are_read_in_linear_time() -> None:
    # a code file at HEAD is read for the names a module __getattr__ serves: open sets, many
    # shims, a comparison per line, none may make the read quadratic
    shim = "def __getattr__(name):\n" + "    if name in {\n" * LINES + '    "kept",\n'
    many = "def __getattr__(n):\n    if n == 'x': pass\n" * LINES
    compared = "def __getattr__(name):\n" + "    name == name == \n" * LINES
    assert within(lambda: module_getattr_names(shim)) == {"kept"}
    assert within(lambda: module_getattr_names(many)) == {"x"}
    assert within(lambda: module_getattr_names(compared)) == set()
