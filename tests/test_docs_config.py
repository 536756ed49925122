"""Sphinx's ``conf.py`` in a docs folder yields no anchor and is counted in
``skipped.docs_config``: its names are the docs tool's settings
(docs/concepts/affected-docs.md#change-set). And a string-keyed table's keys that are no
names (a URL, a path) are no members."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.drift.anchors.python import extract_python
from govern.git.packages import is_docs_config
from tests.helpers import pr_repo, rows, run_json

CONF = "project = 'shop'\nsuppress_warnings = ['myst.header']\n"
PAGE = "Silence it with `suppress_warnings` in your `conf.py`.\n"


@pytest.mark.parametrize(("path", "config"), [
    ("docs/conf.py", True), ("doc/source/conf.py", True), ("documentation/conf.py", True),
    ("shop/conf.py", False), ("conf.py", False), ("src/docs_config.py", False),
    ("docs/conf.ts", False),
    # pages import a VitePress theme's components and composables: its code is code
    ("docs/.vitepress/theme/composables/sponsor.ts", False),
    ("docs/.vitepress/config.ts", False),
])
def test_what_is_a_docs_site_s_configuration(path: str, config: bool) -> None:
    assert is_docs_config(path) is config


def test_a_sphinx_conf_change_lists_no_page_a_library_module_of_that_name_does(
        tmp_path: Path) -> None:
    for path, listed in (("docs/conf.py", False), ("shop/conf.py", True)):
        head = {path: CONF.replace("'myst.header'", "'myst.header', 'myst.xref_missing'")}
        data = run_json(pr_repo(tmp_path / path.replace("/", "-"),
                                {path: CONF, "docs/config.md": PAGE}, head), "main")
        assert ("docs/config.md" in rows(data)) is listed
        assert data["skipped"]["docs_config"] == (0 if listed else 1)


def test_a_table_key_that_is_no_name_is_no_member() -> None:
    source = (b"REDIRECTS = {\n    'api/reference.rst': 'api.md',\n"
              b"    'https://example.org/x': 'y',\n    'old_name': 'new_name',\n}\n")
    declared = extract_python(source, frozenset({2, 3, 4})).declared
    assert "REDIRECTS.old_name" in declared
    assert not any("/" in key or ":" in key for key in declared)
