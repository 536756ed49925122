"""Names a leading ``$`` opens (docs/concepts/anchoring-rules.md#plain-words): pinia's store
API (``$subscribe``, ``$patch``, ``$reset``) and Vue's instance API (``$emit``) are code,
whatever the rest of the name; no word of prose starts with ``$``. A bare ``$`` (jQuery) and a
price (``$5``) are not names."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.drift.anchors.syntax import is_code_shaped
from tests.helpers import pr_repo, rows, run_json


@pytest.mark.parametrize(("token", "shaped"), [
    ("$subscribe", True), ("$patch", True), ("$emit", True),
    ("subscribe", False), ("$", False), ("$5", False), ("$$", False),
])
def test_a_dollar_name_is_code_shaped(token: str, shaped: bool) -> None:
    assert is_code_shaped(token) is shaped


STORE = '''export interface Store {
  /**
   * Subscribe to changes.
   */
  $subscribe(cb: () => void): void
  /**
   * Subscribe to changes.
   */
  subscribe(cb: () => void): void
}
'''
PAGES = {
    "docs/state.md": "Watch the state through the `$subscribe()` method of a store.\n",
    "docs/other.md": "Call `subscribe()` on anything that emits.\n",
}


def test_a_changed_dollar_member_lists_the_pages_writing_it_bare(tmp_path: Path) -> None:
    head = STORE.replace("Subscribe to changes.", "Subscribe to every change.", 1)
    repo = pr_repo(tmp_path, {"src/store.ts": STORE, **PAGES}, {"src/store.ts": head})
    assert rows(run_json(repo, "main")) == {"docs/state.md": ["$subscribe"]}


def test_a_changed_plain_member_beside_it_stays_a_weak_name(tmp_path: Path) -> None:
    head = STORE.replace("   * Subscribe to changes.\n   */\n  subscribe",
                         "   * Subscribe to every change.\n   */\n  subscribe")
    repo = pr_repo(tmp_path, {"src/store.ts": STORE, **PAGES}, {"src/store.ts": head})
    assert rows(run_json(repo, "main")) == {}
