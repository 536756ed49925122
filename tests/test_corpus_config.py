"""A corpus that reads nothing is a configuration error, never a clean run (issue 14, item 5)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from govern.cli import cli
from govern.config import DocsConfig, load_config
from govern.core.errors import ConfigError
from govern.drift.docs.corpus import select_pages
from govern.git.gitio import TreeEntry
from tests.gitrepo import Repo


def _reader(toml: str):  # type: ignore[no-untyped-def]
    return lambda path: toml if path == "govern.toml" else None


@pytest.mark.parametrize(("toml", "problems"), [
    ("[docs]\npaths = []\n", ["docs.paths: must name at least one glob: an empty list reads no "
                              "docs page (leave the key out for the defaults)"]),
    ("[code]\npaths = []\n", ["code.paths: must name at least one glob: an empty list reads no "
                              "code change (leave the key out for the defaults)"]),
    ("[docs]\npaths = ['docs/**/*.{md,mdx}', '!']\n",
     ["docs.paths[0] not a valid glob (no {a,b} alternatives in gitignore globs: write one glob "
      "each)", "docs.paths[1] not a valid glob (Invalid git pattern: '!')"]),
])
def test_an_empty_or_invalid_corpus_is_refused_by_key(toml: str, problems: list[str]) -> None:
    with pytest.raises(ConfigError) as caught:
        load_config(_reader(toml))
    assert caught.value.problems == problems


@pytest.mark.parametrize("toml", [
    "[docs]\nexclude = []\nrelease_owned = []\n",  # an empty exclusion list is a fine choice
    "[docs]\npaths = ['docs/**/*.md', 'docs/**/*.mdx', 'site/{draft}.md']\n",
])
def test_empty_exclusions_and_one_glob_per_suffix_are_accepted(toml: str) -> None:
    load_config(_reader(toml))


def test_an_empty_docs_paths_exits_2_naming_the_key(repo: Repo) -> None:
    head = repo.commit({"govern.toml": "[docs]\npaths = []\n"})
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs", "--json",
                                      "--all"])
    assert result.exit_code == 2
    assert json.loads(result.stdout)["error"] == (
        f"invalid configuration in govern.toml at {head}:\n  - docs.paths: must name at least "
        "one glob: an empty list reads no docs page (leave the key out for the defaults)")


def test_news_fragments_are_no_pages_whatever_their_folder_s_case() -> None:
    paths = ["CHANGES.rst", "CHANGES/13176.feature.rst", "changelog.d/12.fix.md",
             "docs/newsfragments/7.doc.rst", "docs/guide.rst", "docs/changes-in-2.0.rst",
             "docs/changes/per-environment-apis.md"]
    entries = [TreeEntry("100644", "blob", f"{n:040x}", path) for n, path in enumerate(paths)]
    # a fragment is what a change writes itself: no page it leaves stale, none it must not edit
    assert [(page.path, page.release_owned) for page in select_pages(entries, DocsConfig())] == [
        ("CHANGES.rst", True), ("docs/changes-in-2.0.rst", False),
        # a `changes/` folder of pages, not of fragments (vite's breaking changes), is docs
        ("docs/changes/per-environment-apis.md", False), ("docs/guide.rst", False)]


def test_a_page_in_a_test_folder_is_no_page() -> None:
    paths = ["README.md", "packages/web/README.md", "test/bundler/README.md",
             "tests/certs/README.md", "src/__tests__/fixtures/site/README.md", "docs/testing.md"]
    entries = [TreeEntry("100644", "blob", f"{n:040x}", path) for n, path in enumerate(paths)]
    # `README.md` matches at any depth; a test's fixture or note is no documentation
    assert [page.path for page in select_pages(entries, DocsConfig())] == [
        "README.md", "docs/testing.md", "packages/web/README.md"]
