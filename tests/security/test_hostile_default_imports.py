"""Attack: stall the docs scan with a page of import statements that never close: ``import
a, {`` with no ``}``, a default import with no ``from``, ``require(`` with no quote. The
default-import pattern reads an import list up to a bound and every part of it possessively,
so each occurrence is tried once, over at most a few hundred characters: linear."""

from __future__ import annotations

from govern.drift.docs.scanner import default_imports, scan_page
from tests.security.pr import within

COPIES = 20_000
HOSTILE = ("import a, { b, c\n" + "import produce from\n" + "require( 'x' ).\n"
           + "import a, * as\n") * COPIES + 'import produce from "immer"\n'


def test_unclosed_import_statements_are_scanned_in_linear_time() -> None:
    words = within(lambda: scan_page(f"```js\n{HOSTILE}```\n", "docs/page.md").words)
    assert "immer.default" in words
    assert within(lambda: [name for name, _ in default_imports(HOSTILE)]) == ["immer.default"]
