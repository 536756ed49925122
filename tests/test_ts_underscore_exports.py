"""In TS/JS public means exported, whatever the name's first character
(docs/concepts/affected-docs.md#only-public-names-anchor): pinia declares its store API in
``export interface _StoreWithState`` and documents ``pinia._StoreWithState``. A member's ``_``
or ``#`` still makes it private, and an unexported declaration stays the module's own."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.drift.anchors.typescript import extract_typescript
from tests.helpers import pr_repo, rows, run_json

STORE = """\
export interface _StoreWithState {
  /**
   * Sets up a callback to be called whenever the state changes.
   */
  $subscribe(callback: () => void): () => void
  _hidden: number
}
interface _Internal {
  size_limit: number
}
export class Store {
  _private_cache = 1
}
"""


@pytest.mark.parametrize(("lines", "touched"), [
    ({3}, ["_StoreWithState.$subscribe"]),  # the JSDoc of an exported `_` interface's member
    ({1}, ["_StoreWithState"]),
    ({6}, []),                              # a private member of it
    ({9}, []),                              # an unexported `_` interface
    ({12}, []),                             # a private member of an exported class
])
def test_an_exported_underscore_name_is_public(lines: set[int], touched: list[str]) -> None:
    result = extract_typescript(STORE.encode(), frozenset(lines), "typescript")
    assert [d.key for d in result.touched] == touched
    assert "_StoreWithState.$subscribe" in result.declared
    assert "_Internal" not in result.declared


def test_a_reexported_underscore_name_is_public() -> None:
    source = b"export { _StoreWithState, type _Other } from './types';\n"
    assert extract_typescript(source, frozenset(), "typescript").reexports == {
        "_StoreWithState", "_Other"}


def test_a_changed_jsdoc_of_an_underscore_interface_lists_its_page(tmp_path: Path) -> None:
    page = "# _StoreWithState\n\nSee `_StoreWithState.$subscribe` for state changes.\n"
    changed = STORE.replace("whenever the state changes", "after each state change")
    repo = pr_repo(tmp_path, {"src/types.ts": STORE, "docs/api.md": page},
                   {"src/types.ts": changed})
    data = run_json(repo, "main")
    assert rows(data) == {"docs/api.md": ["_StoreWithState.$subscribe"]}
    assert data["anchorless_changes"] == []


def test_an_unexported_underscore_interface_stays_not_covered(tmp_path: Path) -> None:
    page = "# Internals\n\nThe `_Internal.size_limit` field.\n"
    changed = STORE.replace("size_limit: number", "size_limit: bigint")
    repo = pr_repo(tmp_path, {"src/types.ts": STORE, "docs/api.md": page},
                   {"src/types.ts": changed})
    data = run_json(repo, "main")
    assert rows(data) == {}
    assert [c["path"] for c in data["anchorless_changes"]] == ["src/types.ts"]
