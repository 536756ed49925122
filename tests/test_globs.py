"""Glob sets: the combined regex answers exactly as pathspec's gitignore matching does."""

from __future__ import annotations

import pytest
from pathspec import GitIgnoreSpec

from govern.core.globs import Globs

PATHS = ["docs/a.md", "docs/x/y.mdx", "README.md", "x/README.md", "CHANGES.rst",
         "docs/releases/v1.md", "docs/releases/a/b", "p/q/route-ledger.ts",
         "p/q/x-route-ledger.ts", "openapi.json", "content/docs/a/b.mdx", "content/docs.mdx",
         "a/c.py", "a/b.py", "a/x/c.py", "top.md", "x/top.md", "dir/a", "x/dir/b", "dir"]


@pytest.mark.parametrize("patterns", [
    ("docs/**/*.md", "docs/**/*.mdx", "docs/**/*.rst", "README.md"),
    ("CHANGELOG.md", "CHANGES.*", "docs/**/changelog.*", "docs/releases/**"),
    ("**/*route-ledger.ts", "**/openapi.json"),
    ("a/*.py", "!a/b.py"),  # a negation: gitignore's order decides
    ("/top.md", "dir/"),
    (),
])
def test_globs_match_as_gitignore_does(patterns: tuple[str, ...]) -> None:
    globs, spec = Globs(patterns), GitIgnoreSpec.from_lines(patterns)
    expected = [p for p in PATHS if patterns and spec.match_file(p)]
    assert globs.select(PATHS) == expected
    assert set(expected) != set(PATHS)  # each set refuses some path too
    if patterns:
        assert expected
