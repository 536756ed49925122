"""A row's lines are where the page uses a name (docs/concepts/ranking.md#line-numbers): an rst
substitution's uses, not its definition at the top of the page (loguru's ``migration.rst``
defines ``|opt|`` at line 36 and uses it at 152 and 191), and a markdown page's body, not its
front matter (valtio's ``title: 'proxyMap'`` at line 2 over ``# `proxyMap``` at line 8)."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.drift.docs.lines import mention_lines
from tests.helpers import pr_repo, run_json

MIGRATION = (".. |opt| replace:: :meth:`~pkg.Logger.opt()`\n"
             ".. |add| replace:: :meth:`~pkg.Logger.add()`\n\nMigrating\n=========\n\n"
             "Call |opt| first.\n\nThen |add|, and |opt| again.\n")
PROXY_MAP = "---\ntitle: 'proxyMap'\nsection: utils\n---\n\n# `proxyMap`\n\nUse `proxyMap`.\n"


@pytest.mark.parametrize(("text", "path", "token", "lines"), [
    (MIGRATION, "docs/migration.rst", "Logger.opt", (7, 9)),
    (MIGRATION, "docs/migration.rst", "Logger.add", (9,)),
    # a substitution the page never uses: its definition is the only mention
    (MIGRATION.replace("|add|", "it"), "docs/migration.rst", "Logger.add", (2,)),
    # a name written in the text too, beside its substitution's uses
    (MIGRATION + "\nOr :meth:`pkg.Logger.opt`.\n", "docs/migration.rst", "Logger.opt",
     (7, 9, 11)),
    # a markdown page has no substitutions: the line is where the role is
    (MIGRATION, "docs/migration.md", "Logger.opt", (1,)),
    (PROXY_MAP, "docs/proxyMap.mdx", "proxyMap", (6, 8)),
    # the front matter is all the page has of it, or an rst page opens with an overline
    ("---\ntitle: 'proxyMap'\n---\n\n# Utilities\n", "docs/proxyMap.mdx", "proxyMap", (2,)),
    ("---\nproxyMap\n---\n\nUse proxyMap.\n", "docs/proxyMap.rst", "proxyMap", (2, 5)),
])
def test_a_row_s_lines_are_where_the_page_uses_the_name(text: str, path: str, token: str,
                                                        lines: tuple[int, ...]) -> None:
    assert mention_lines(text, path, token, "written") == lines


def test_the_row_opens_at_the_first_use(tmp_path: Path) -> None:
    logger = "class Logger:\n    def opt(self):\n        return 1\n"
    base = {"pkg/__init__.py": "", "pkg/a.py": logger, "docs/migration.rst":
            MIGRATION.replace("pkg.Logger", "pkg.a.Logger"), "docs/proxyMap.md": PROXY_MAP}
    repo = pr_repo(tmp_path, base, {"pkg/a.py": logger.replace("(self)", "(self, x=0)")})
    data = run_json(repo, "main")
    assert [(row["path"], [item["lines"] for item in row["evidence"]])
            for row in data["docs"]] == [("docs/migration.rst", [[7, 9], [7, 9]])]
