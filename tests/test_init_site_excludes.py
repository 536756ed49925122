"""What ``govern init`` keeps out of the corpus that a docs site says it does not build or
that a generator wrote: VitePress's ``srcExclude`` (vitest's generated
``guide/cli-generated.md``) and typedoc's index page (TanStack Query's
``reference/index.md``)."""

from __future__ import annotations

import pytest

from govern.config import Config
from govern.drift.docs.corpus import is_docs_path
from govern.drift.docs.layout import vitepress_src_exclude
from govern.init.detect import detect
from tests.test_init_detect import _proposed

DEFAULT_EXCLUDE = Config().docs.exclude.patterns


VITEST_CONFIG = """import { defineConfig } from 'vitepress'
export default defineConfig({
  title: 'Vitest',
  srcExclude: [
    '**/guide/examples/*',
    "**/guide/cli-generated.md", // written by the docs build
    'AGENTS.md',
    'never-a-page.md',
  ],
})
"""


def test_vitepress_src_exclude_is_proposed() -> None:
    """vitest's srcExclude: the CLI table the docs build writes, its agents' notes, and
    examples the site never builds; a glob matching no page is not proposed."""
    lines, _, config = _proposed({
        "README.md": "# x\n", "docs/.vitepress/config.ts": VITEST_CONFIG,
        "docs/index.md": "# Vitest\n", "docs/guide/cli.md": "# CLI\n",
        "docs/guide/cli-generated.md": "| option |\n", "docs/guide/examples/a.md": "# A\n",
        "docs/AGENTS.md": "# Agents\n", "docs/api/AGENTS.md": "# API agents\n"})
    assert config.docs.exclude.patterns == (
        *DEFAULT_EXCLUDE, "docs/**/guide/examples/*", "docs/**/guide/cli-generated.md",
        "docs/AGENTS.md")
    for page in ("docs/guide/cli-generated.md", "docs/guide/examples/a.md", "docs/AGENTS.md"):
        assert not is_docs_path(page, config.docs)
    # VitePress reads a name alone as its folder's own file, not one at any depth
    for page in ("docs/index.md", "docs/guide/cli.md", "docs/api/AGENTS.md"):
        assert is_docs_path(page, config.docs)
    assert ("docs.exclude: detected: docs/.vitepress/config.ts's srcExclude, pages the site "
            "does not build: docs/**/guide/examples/*, docs/**/guide/cli-generated.md, "
            "docs/AGENTS.md") in lines


@pytest.mark.parametrize(("config", "site", "excluded"), [
    # a site at the root, its pages in srcDir
    ("export default { srcDir: 'src', srcExclude: ['drafts/**', 'notes.md'] }\n", "",
     ["src/drafts/**", "src/notes.md"]),
    # negations, absolute paths and globs leaving the folder are not said as govern globs
    ("export default { srcExclude: ['!keep.md', '/abs.md', '../up.md', 'notes.md'] }\n",
     "docs", ["docs/notes.md"]),
    # a glob longer than a path (more than 200 characters) is not read, though it matches
    ("export default { srcExclude: ['" + "*" * 199 + "notes.md', 'index.md'] }\n", "docs",
     ["docs/index.md"]),
])
def test_src_exclude_is_read_relative_to_the_pages_folder(config: str, site: str,
                                                          excluded: list[str]) -> None:
    folder = "/".join(filter(None, (site, "src" if "srcDir" in config else "")))
    pages = ["drafts/a.md", "notes.md", "keep.md", "abs.md", "index.md"]
    files = {f"{site}/.vitepress/config.ts".lstrip("/"): config, "up.md": "# Up\n",
             **{f"{folder}/{page}": "# P\n" for page in pages}}
    found = detect(list(files), files)
    assert found.values["docs.exclude"] == [*DEFAULT_EXCLUDE, *excluded]


@pytest.mark.parametrize(("text", "globs"), [
    ("srcExclude: ['a.md', \"b/**\", `c.md`]", ["a.md", "b/**", "c.md"]),
    ("srcExclude: [\n  // none yet\n]", []),
    ("export default {}", []),
    # what init cannot read without running the configuration
    ("srcExclude: excluded", None), ("srcExclude: [...base, 'a.md']", None),
    ("srcExclude: [`${dir}/a.md`]", None), ("srcExclude: ['a.md'", None),
    ("srcExclude: ['a.md", None)])
def test_src_exclude_is_read_as_text(text: str, globs: list[str] | None) -> None:
    assert vitepress_src_exclude(text) == globs


def test_an_unreadable_src_exclude_is_said_and_proposes_nothing() -> None:
    files = {"docs/.vitepress/config.ts": "export default { srcExclude: hidden }\n",
             "docs/index.md": "# Docs\n", "docs/notes.md": "# Notes\n"}
    found = detect(list(files), files)
    assert "docs.exclude" not in found.values
    assert found.notes["docs.exclude"] == (
        "detected: docs/.vitepress/config.ts sets srcExclude otherwise than as a list of "
        "quoted globs: not read")


TYPEDOC = "# Function: a\n\nDefined in: [src/q.ts:207](https://x/q.ts#L207)\n"


@pytest.mark.parametrize(("index", "kept"), [
    # typedoc's entry page links to the declarations it wrote beside it, and goes with them
    ("# @x/angular\n\n## Functions\n\n- [a](functions/a.md)\n- [b](functions/b.md#b)\n", False),
    # an index that links to a hand-written page, outside its folder, or to no page at all
    # is someone's
    ("# API\n\n- [a](functions/a.md)\n- [guide](guide.md)\n", True),
    ("# API\n\n- [a](functions/a.md)\n- [intro](../intro.md)\n", True),
    ("# API\n\n- [a](functions/a.md)\n- [site](https://example.com/a.md)\n", True),
    ("# API\n\nSee the functions.\n", True),
])
def test_typedocs_index_page_goes_with_its_pages(index: str, kept: bool) -> None:
    files = {"README.md": "# x\n", "docs/intro.md": "# Intro\n",
             "docs/api/index.md": index, "docs/api/guide.md": "# Guide\n",
             "docs/api/functions/a.md": TYPEDOC, "docs/api/functions/b.md": TYPEDOC}
    excluded = detect(list(files), files).values["docs.exclude"]
    assert excluded == [*DEFAULT_EXCLUDE, "docs/api/functions/**",
                        *([] if kept else ["docs/api/index.md"])]
