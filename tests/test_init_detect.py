"""``govern init``'s detection (``govern.init``): the configuration values, notes and preset
the committed paths and the few texts init reads suggest, and the govern.toml rendered from
them, each tested on the library's functions without a repository."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from typing import Any

import pytest

from govern.config import LOCKFILES, Config, validate
from govern.drift.anchors.extract import is_code_file
from govern.drift.docs.corpus import is_docs_path
from govern.drift.docs.layout import MAX_MARKED_PAGES, is_generated_page
from govern.init.detect import detect, page_texts_wanted, texts_wanted
from govern.init.render import render_config
from govern.init.workflows import workflows_for

DEFAULT_RELEASE_OWNED = list(Config().docs.release_owned.patterns)
DEFAULT_EXCLUDE = Config().docs.exclude.patterns
"""A docs site's blog: init adds what it detects to these."""
NO_PAGE = ("no docs folder and no README found: affected-docs has no page to list until "
           "docs.paths names some")
FOLDERS_LEFT_OUT = ("the default docs/**/*.md, docs/**/*.mdx, docs/**/*.rst left out: they "
                    "match no page")
"""Why a repository without a docs folder gets its READMEs alone (axios)."""

MKDOCS_LIBRARY = {
    "pyproject.toml": '[project]\nname = "widgets"\n', "mkdocs.yml": "site_name: widgets\n",
    "docs/index.md": "# widgets\n", "docs/api.md": "# API\n", "README.md": "# widgets\n",
    "CHANGELOG.md": "# Changelog\n", "src/widgets/__init__.py": "x = 1\n",
}
TS_MONOREPO = {
    "package.json": '{"name": "root", "private": true}\n',
    ".changeset/config.json": "{}\n", ".changeset/README.md": "# Changesets\n",
    ".changeset/brave-cats.md": '---\n"@x/a": patch\n---\n\nFix a.\n',
    "packages/a/package.json": '{"name": "@x/a"}\n', "packages/a/src/a.ts": "export const a = 1;\n",
    "content/docs/index.mdx": "# Docs\n", "content/docs/guide.md": "# Guide\n",
    "CONTRIBUTING.md": "# Contributing\n",
}


def _proposed(files: Mapping[str, str]) -> tuple[list[str], str, Config]:
    """What init proposes for a repository holding ``files``, given the texts it reads
    (``texts_wanted``): each note as init says it, the govern.toml rendered and that file
    loaded."""
    paths = list(files)
    detected = detect(paths, {path: files[path] for path in texts_wanted(paths)})
    text = render_config(detected)
    notes = [f"{dotted}: {note}" for dotted, note in detected.notes.items()]
    return notes, text, validate(tomllib.loads(text), "govern.toml")


@pytest.mark.parametrize(("paths", "expected"), [
    (["README.md", "src/app.py"],
     {"docs.paths": ["/README.md"], "comment.guardrails_doc": ""}),
    (["README.md", "content/docs/intro.mdx", "content/docs/api/ref.md", "docs-old.txt"],
     {"docs.paths": ["content/docs/**/*.md", "content/docs/**/*.mdx", "/README.md"],
      "comment.guardrails_doc": ""}),
    (["doc/index.rst", "doc/releases/1.0.rst", "packages/a/package.json",
      "packages/a/CHANGELOG.md", "pyproject.toml", "CONTRIBUTING.md", "Cargo.lock"],
     {"docs.paths": ["doc/**/*.rst"],
      # packages/a/CHANGELOG.md is release-owned by default: only doc/releases/ is added
      "docs.release_owned": [*DEFAULT_RELEASE_OWNED, "doc/releases/**"],
      "code.package_manifests": ["package.json", "pyproject.toml"],
      "comment.guardrails_doc": "CONTRIBUTING.md",
      "gates.size_ignore": [*LOCKFILES, "Cargo.lock"],
      "overlap.ignore": [*LOCKFILES, "Cargo.lock"]}),
    # release notes the defaults already own add nothing
    (["docs/a.md", "docs/releases/1.md", "docs/release-notes.md", "CHANGELOG.md",
      "packages/a/CHANGELOG.md", "HISTORY.rst"],
     {"docs.paths": ["docs/**/*.md"], "comment.guardrails_doc": ""}),
    # release announcements are history (DRF's), an announcement-like name elsewhere is not
    (["docs/a.md", "docs/community/3.0-announcement.md", "docs/announcements/v2.md",
      "docs/announcement-banner.md"],
     {"docs.paths": ["docs/**/*.md"],
      "docs.release_owned": [*DEFAULT_RELEASE_OWNED, "docs/announcements/**",
                             "docs/**/*-announcement.*"],
      "comment.guardrails_doc": ""}),
    # the index page of a release-notes folder is release-owned with it; a page of that name
    # with no such folder beside it is a page like any other
    (["docs/index.rst", "docs/releases.rst", "docs/releases/v6.0.rst", "doc/changelog.rst",
      "doc/index.rst"],
     {"docs.paths": ["doc/**/*.rst", "docs/**/*.rst"],
      "docs.release_owned": [*DEFAULT_RELEASE_OWNED, "docs/releases.rst",
                             "doc/**/changelog.*"],
      "comment.guardrails_doc": ""}),
    (["docs/index.rst", "docs/releases.rst"],
     {"docs.paths": ["docs/**/*.rst"], "comment.guardrails_doc": ""}),
    # a changelog under another docs root is added
    (["website/docs/a.md", "website/docs/changelog.md"],
     {"docs.paths": ["website/docs/**/*.md"],
      "docs.release_owned": [*DEFAULT_RELEASE_OWNED, "website/docs/**/changelog.*"],
      "comment.guardrails_doc": ""}),
    # a docs folder inside another is part of it, not a second root
    (["docs/a.md", "docs/docs/b.md", "AGENTS.md", "CONTRIBUTING.md"],
     {"docs.paths": ["docs/**/*.md"], "comment.guardrails_doc": "AGENTS.md"}),
    # a root README of another case is read as it is written, with or without a docs folder
    (["Readme.md", "lib/app.js", "examples/README.md"],
     {"docs.paths": ["/Readme.md"], "comment.guardrails_doc": ""}),
    (["docs/a.md", "readme.rst"],
     {"docs.paths": ["docs/**/*.md", "/readme.rst"], "comment.guardrails_doc": ""}),
    # a contributing guide where GitHub looks for one; a root one first
    (["src/a.py", "docs/CONTRIBUTING.md", ".github/CONTRIBUTING.md", "README.md"],
     {"docs.paths": ["docs/**/*.md", "/README.md"],
      "comment.guardrails_doc": ".github/CONTRIBUTING.md"}),
    (["src/a.py", "docs/CONTRIBUTING.md", "CONTRIBUTING.md"],
     {"docs.paths": ["docs/**/*.md"], "comment.guardrails_doc": "CONTRIBUTING.md"}),
    (["src/a.py", "docs/CONTRIBUTING.md"],
     {"docs.paths": ["docs/**/*.md"], "comment.guardrails_doc": "docs/CONTRIBUTING.md"}),
    (["src/a.py", "pkg/CONTRIBUTING.md"], {"comment.guardrails_doc": ""}),
    (["src/a.py", ".github/contributing.md"],
     {"comment.guardrails_doc": ".github/contributing.md"}),  # as written
    # in any format GitHub shows one in (pytest's), a Markdown one first
    (["src/a.py", "CONTRIBUTING.rst"], {"comment.guardrails_doc": "CONTRIBUTING.rst"}),
    (["src/a.py", "CONTRIBUTING.rst", "CONTRIBUTING.md"],
     {"comment.guardrails_doc": "CONTRIBUTING.md"}),
    (["src/a.py", "CONTRIBUTING.html"], {"comment.guardrails_doc": ""}),
    # JavaScript lockfiles of every tool are ignored by default: detected adds nothing
    (["src/a.ts", "bun.lock", "deno.lock", "sub/bun.lockb"], {"comment.guardrails_doc": ""}),
])
def test_detect(paths: list[str], expected: dict[str, Any]) -> None:
    assert detect(paths).values == expected


def test_detect_says_when_no_page_can_be_read() -> None:
    assert detect(["lib/app.js", "package.json"]).notes["docs.paths"] == NO_PAGE
    assert detect(["lib/app.js", "Readme.md"]).notes["docs.paths"] == (
        f"no docs folder found; the root README is Readme.md; {FOLDERS_LEFT_OUT}")
    assert detect(["lib/app.js", "README.md"]).notes["docs.paths"] == (
        f"no docs folder found; the root README is README.md; {FOLDERS_LEFT_OUT}")


def test_detect_notes_what_it_saw() -> None:
    notes = detect(["docs/a.md", "docs/b.rst", "api/routes.py", "sdk/openapi.yaml",
                    "pkg/package.json"], {"api/routes.py": "@app.get('/items')\n"}).notes
    assert notes == {
        "docs.paths": "detected: docs/ (md, rst)",
        "code.package_manifests": "detected: 1 manifest(s)",
        "comment.guardrails_doc": "no AGENTS.md or CONTRIBUTING.md (at the root, .github/ or "
                                  "docs/): no page is named",
        "routes.registrars": "nothing to add: auto-detection reads the files found registering "
                             "routes (api/routes.py); routes.ledgers' defaults match "
                             "sdk/openapi.yaml",
    }


@pytest.mark.parametrize(("files", "note"), [
    # a Flask view module and an Express router register routes
    ({"app/views.py": "@bp.route('/items')\ndef items():\n    return []\n",
      "server/router.js": "router.post('/users', create)\n", "bin/api.js": "run(argv)\n"},
     "routes.registrars: nothing to add: auto-detection reads the files found registering "
     "routes (app/views.py, server/router.js)"),
    # named like route files only: axios's CLI, zod's core/api.ts (a registry's `.get(`)
    ({"bin/api.js": "run(argv)\n",
      "src/core/api.ts": "const existing = registry.get(inst) ?? {};\n"}, None),
])
def test_route_files_are_noted_only_when_they_register_a_route(
        files: dict[str, str], note: str | None) -> None:
    lines, _, _ = _proposed({"README.md": "# x\n", **files})
    assert [line for line in lines if line.startswith("routes.registrars")] == \
        ([note] if note else [])


DOCUSAURUS = """export default {
  presets: [['classic', {
    docs: {
      path: 'guides',
      versions: { '1.x': {
        path: 'v1' } },
    },
    blog: { path: 'blog' },
  }]],
};
"""


@pytest.mark.parametrize(("files", "docs", "note"), [
    # MkDocs: docs_dir, default docs/, relative to mkdocs.yml
    ({"mkdocs.yml": "site_name: x\n", "docs/index.md": "", "README.md": ""},
     ["docs/**/*.md", "/README.md"], "MkDocs (mkdocs.yml): docs/"),
    ({"mkdocs.yml": "site_name: x\ndocs_dir: 'site-src'  # pages\n", "site-src/a.md": "",
      "docs/old.md": ""}, ["site-src/**/*.md"], "MkDocs (mkdocs.yml): site-src/"),
    # Sphinx: the folder holding conf.py; Markdown only when MyST is configured
    ({"docs/source/conf.py": "extensions = []\n", "docs/source/index.rst": "",
      "docs/source/notes.md": "", "README.md": ""},
     ["docs/source/**/*.rst", "/README.md"], "Sphinx (docs/source/conf.py): docs/source/"),
    ({"doc/conf.py": 'extensions = ["myst_parser"]\n', "doc/index.md": "", "doc/api.rst": ""},
     ["doc/**/*.rst", "doc/**/*.md"], "Sphinx (doc/conf.py): doc/"),
    # Docusaurus: the docs plugin's path, not a version's URL path or the blog's folder
    ({"website/docusaurus.config.ts": DOCUSAURUS, "website/guides/a.mdx": "",
      "website/blog/post.md": "", "website/v1/x.md": ""},
     ["website/guides/**/*.mdx"], "Docusaurus (website/docusaurus.config.ts): website/guides/"),
    ({"www/docusaurus.config.js": "module.exports = {};\n", "www/docs/a.md": "",
      "www/versioned_docs/version-1/a.md": ""},
     ["www/docs/**/*.md"], "Docusaurus (www/docusaurus.config.js): www/docs/"),
    # Fumadocs: defineDocs's dir, default content/docs
    ({"apps/web/source.config.ts": "export const docs = defineDocs({});\n",
      "apps/web/content/docs/a.mdx": "", "apps/web/content/docs/b.md": ""},
     ["apps/web/content/docs/**/*.md", "apps/web/content/docs/**/*.mdx"],
     "Fumadocs (apps/web/source.config.ts): apps/web/content/docs/"),
    ({"apps/docs/source.config.ts": "defineDocs({\n  dir: path.resolve(process.cwd(), "
      "'../../content/docs'),\n});\n", "content/docs/a.mdx": "", "apps/docs/app/page.tsx": ""},
     ["content/docs/**/*.mdx"], "Fumadocs (apps/docs/source.config.ts): content/docs/"),
    # Nextra: pages/ (v2-3) or content/ (v4), only when next.config uses nextra
    ({"theme.config.tsx": "import 'nextra-theme-docs';\n", "pages/index.mdx": ""},
     ["pages/**/*.mdx"], "Nextra (theme.config.tsx): pages/"),
    ({"next.config.mjs": "import nextra from 'nextra';\n", "content/index.mdx": "",
      "pages/_app.mdx": ""}, ["content/**/*.mdx"], "Nextra (next.config.mjs): content/"),
    ({"next.config.js": "require('nextra')\n", "theme.config.tsx": "nextra-theme-docs\n",
      "pages/a.mdx": ""}, ["pages/**/*.mdx"], "Nextra (next.config.js): pages/"),
])
def test_docs_paths_come_from_the_generators_folder(files: dict[str, str], docs: list[str],
                                                    note: str) -> None:
    found = detect(list(files), files)
    assert (found.values["docs.paths"], found.notes["docs.paths"]) == (docs, f"detected: {note}")


@pytest.mark.parametrize(("files", "docs", "note"), [
    ({"mkdocs.yml": "docs_dir: nowhere\n", "docs/a.md": ""}, ["docs/**/*.md"],
     "MkDocs (mkdocs.yml) names nowhere/, which holds no pages: not used; docs/ (md)"),
    ({"mkdocs.yml": "site_name: x\n", "README.md": ""}, ["/README.md"],
     "MkDocs (mkdocs.yml) names docs/, which holds no pages: not used; no docs folder found; "
     f"the root README is README.md; {FOLDERS_LEFT_OUT}"),
    ({"site/source.config.ts": "defineDocs({ dir: '../../pages' });\n", "a.mdx": ""}, None,
     "Fumadocs (site/source.config.ts) names ../../pages (outside the repository), which holds "
     f"no pages: not used; {NO_PAGE}"),
    ({"docs/conf.py": "html_theme = 'x'\n", "docs/Makefile": ""}, None,
     f"Sphinx (docs/conf.py) names docs/, which holds no pages: not used; {NO_PAGE}"),
    ({"website/docusaurus.config.ts": DOCUSAURUS, "website/docs/a.mdx": ""},
     ["website/docs/**/*.mdx"], "Docusaurus (website/docusaurus.config.ts) names "
     "website/guides/, which holds no pages: not used; website/docs/ (mdx)"),
    ({"source.config.ts": "defineDocs({ dir: 'content/guide' });\n", "content/docs/a.mdx": ""},
     ["content/docs/**/*.mdx"], "Fumadocs (source.config.ts) names content/guide/, which "
     "holds no pages: not used; MDX pages (Docusaurus, Fumadocs or Nextra)"),
    ({"theme.config.jsx": "import 'nextra-theme-docs';\n", "app/page.tsx": ""}, None,
     "Nextra (theme.config.jsx) names content/ or pages/ or src/content/ or src/pages/, "
     f"which holds no pages: not used; {NO_PAGE}"),
])
def test_a_generator_folder_without_pages_is_never_used(files: dict[str, str],
                                                        docs: list[str] | None,
                                                        note: str) -> None:
    found = detect(list(files), files)
    assert (found.values.get("docs.paths"), found.notes["docs.paths"]) == (
        docs, f"detected: {note}")


def test_a_config_that_is_not_the_generators_is_ignored() -> None:
    # a conf.py or next.config that is not Sphinx's or Nextra's says nothing about docs
    files = {"app/conf.py": "DEBUG = True\n", "next.config.js": "module.exports = {};\n",
             "app/pages/a.md": "", "docs/a.md": ""}
    found = detect(list(files), files)
    assert (found.values["docs.paths"], found.notes["docs.paths"]) == (
        ["docs/**/*.md"], "detected: docs/ (md)")


def test_the_release_process_is_named() -> None:
    paths = [*MKDOCS_LIBRARY, "lerna.json", ".github/workflows/publish.yml"]
    assert detect(paths).reasons[1:] == (
        "release process found (.github/workflows/publish.yml, lerna.json): govern leaves it "
        "as it is",)
    assert detect([*MKDOCS_LIBRARY, "changelog.d/123.fix.md"]).reasons[1:] == (
        "release process found (changelog.d/): govern leaves it as it is",)
    # named as the repository spells it (aiohttp's `CHANGES/`); a file is no fragment folder
    assert detect([*MKDOCS_LIBRARY, "CHANGES/13176.feature.rst"]).reasons[1:] == (
        "release process found (CHANGES/): govern leaves it as it is",)
    assert detect([*MKDOCS_LIBRARY, "CHANGES.rst"]).reasons[1:] == ()
    assert detect(list(MKDOCS_LIBRARY)).reasons[1:] == ()


def test_init_says_why_changesets() -> None:
    lines = _say_why(TS_MONOREPO)
    assert lines == [
        "  why: .changeset/config.json found: changesets are in use, so the changesets gate "
        "runs",
        "  why: no `Clause-②:`/`Metadata-protocol:` lines in the PR template or changesets, "
        "so the declarations gate, which requires them in every PR body and changeset, stays "
        'off; preset = "contract" turns it on (docs/how-to/gates.md#declaration-lines)']


def _say_why(files: dict[str, str]) -> list[str]:
    paths = list(files)
    texts = {p: str(files[p]) for p in paths}
    return [f"  why: {reason}" for reason in detect(paths, texts).reasons]


def test_a_changeset_carrying_declarations_picks_contract() -> None:
    files = {**TS_MONOREPO, ".changeset/brave-cats.md":
             '---\n"@x/a": patch\n---\n\nClause-②: no\nMetadata-protocol: none\n'}
    assert _proposed(files)[2].gates.preset == "contract"
    assert _proposed(TS_MONOREPO)[2].gates.preset == "changesets"  # a changeset without them


def test_governance_workflow_only_when_a_gate_runs() -> None:
    none = validate({"gates": {"disable": ["size", "docs-refs"]}}, "t")
    assert "governance.yml" not in workflows_for(none)
    assert "governance.yml" in workflows_for(validate({}, "t"))


def test_the_readme_init_proposes_is_the_root_one_only() -> None:
    """valtio's website/README.md (a site's boilerplate) and examples' READMEs are no docs
    pages: `README.md` would match them at any depth, so init anchors it."""
    _, _, config = _proposed({
        "README.md": "# x\n", "docs/a.md": "# A\n", "website/README.md": "# Next.js\n",
        "examples/a/README.md": "# Example\n"})
    assert is_docs_path("README.md", config.docs)
    assert is_docs_path("docs/a.md", config.docs)
    assert not is_docs_path("examples/a/README.md", config.docs)
    assert not is_docs_path("website/README.md", config.docs)


def test_the_readmes_of_published_packages_are_pages() -> None:
    """npm shows a published package's README as its page (vite's packages/vite/README.md);
    a private site's, an example's or a project template's README is its own boilerplate."""
    _, _, config = _proposed({
        "README.md": "# x\n", "docs/a.md": "# A\n",
        "packages/vite/README.md": "# vite\n", "packages/vite/package.json": '{"name": "vite"}',
        "website/README.md": "# Next.js\n",
        "website/package.json": '{"name": "website", "private": true}',
        "packages/broken/README.md": "# b\n", "packages/broken/package.json": "{not json",
        "examples/a/README.md": "# Example\n",
        "packages/vite/src/template/README.md": "# Your app\n",
        "packages/vite/src/template/package.json": '{"name": "my-app"}'})
    assert is_docs_path("packages/vite/README.md", config.docs)
    assert not is_docs_path("packages/vite/docs.md", config.docs)
    for unpublished in ("website/README.md", "packages/broken/README.md",
                        "examples/a/README.md", "packages/vite/src/template/README.md"):
        assert not is_docs_path(unpublished, config.docs)


def _proposed_with_ignored(gitignore: str, pages: dict[str, str]) -> tuple[list[str], Config]:
    """init's notes and config for a repository tracking ``pages`` that its root .gitignore
    lists (git keeps tracking a file an ignore rule added later matches)."""
    notes, _, config = _proposed({"README.md": "# x\n", **pages, ".gitignore": gitignore})
    return notes, config


def test_tracked_pages_the_gitignore_lists_are_excluded_as_generated() -> None:
    """pinia tracks typedoc's packages/docs/api/ though its .gitignore lists it."""
    lines, config = _proposed_with_ignored("node_modules\npackages/docs/api\n", {
        "packages/docs/index.md": "# Guide\n", "packages/docs/api/index.md": "# API\n",
        "packages/docs/api/enums/MutationType.md": "Defined in pinia/src/types.ts:50\n"})
    assert config.docs.exclude.patterns == (*DEFAULT_EXCLUDE, "packages/docs/api/**")
    assert not is_docs_path("packages/docs/api/enums/MutationType.md", config.docs)
    assert is_docs_path("packages/docs/index.md", config.docs)
    assert ("docs.exclude: tracked though the root .gitignore lists them, so read as generated "
            "output and kept out of the corpus: packages/docs/api/**") in lines


BLOG_NOTE = ("docs.exclude: detected: a blog's folder the defaults miss (named blog, after an "
             "order prefix such as Nuxt Content's 99.), whose posts are written at their "
             "dates: ")


@pytest.mark.parametrize(("pages", "excluded"), [
    # h3's Nuxt Content docs/99.blog/, and a blog deeper than the defaults look
    (["docs/1.guide/a.md", "docs/99.blog/1.v1.8.md", "docs/99.blog/index.md"],
     ["docs/99.blog/**"]),
    (["docs/guide/a.md", "docs/community/blog/post.md"], ["docs/community/blog/**"]),
    # the defaults' blog, a name that only begins with blog, a prefix that is no order, a
    # page named blog, and a published package named blog, whose README is its docs
    (["docs/a.md", "docs/blog/post.md"], []),
    (["docs/a.md", "docs/99.blogging/post.md", "docs/v1.blog/post.md", "docs/2.blog.md"], []),
    (["docs/a.md", "packages/blog/README.md", "packages/blog/package.json"], []),
])
def test_a_blog_the_defaults_miss_is_excluded(pages: list[str], excluded: list[str]) -> None:
    files = {"README.md": "# x\n", **dict.fromkeys(pages, "# Page\n"),
             "packages/blog/package.json": '{"name": "blog"}\n'}
    lines, _, config = _proposed(files)
    assert config.docs.exclude.patterns == (*DEFAULT_EXCLUDE, *excluded)
    assert [line for line in lines if line.startswith("docs.exclude")] == (
        [BLOG_NOTE + ", ".join(excluded)] if excluded else [])
    # a blog's posts are out, the defaults' included; every other page, the package's README
    # included, is read
    for page in (page for page in pages if page.endswith(".md")):
        assert is_docs_path(page, config.docs) is not (
            any(page.startswith(glob[:-2]) for glob in excluded) or page.startswith("docs/blog/")
        ), page


@pytest.mark.parametrize(("gitignore", "excluded"), [
    ("dist\n*.log\n", ()),  # nothing the corpus holds
    ("*.md\n", ()),  # every page: excluding them all would leave no corpus
    # a folder holding a page it keeps is not excluded whole: only the pages it ignores
    ("docs/gen/*\n!docs/gen/keep.md\n", ("docs/gen/a.md",)),
    ("docs/{a,b}\ndocs/gen/\n", ("docs/gen/**",)),  # a line govern cannot match is left out
])
def test_only_pages_the_gitignore_lists_are_excluded(gitignore: str,
                                                     excluded: tuple[str, ...]) -> None:
    _, config = _proposed_with_ignored(gitignore, {
        "docs/index.md": "# Docs\n", "docs/gen/a.md": "# A\n", "docs/gen/keep.md": "# K\n"})
    assert config.docs.exclude.patterns == (*DEFAULT_EXCLUDE, *excluded)


TYPEDOC = "```ts\nfunction useQueries(): R;\n```\n\nDefined in: [src/q.ts:207](https://x/q.ts#L207)\n"
TYPEDOC_MODULES = "```ts\ntype B = C;\n```\n\nDefined in: node\\_modules/svelte/index.d.ts:3204\n"
TYPEDOC_V3 = "# Function: useQuery\n\n#### Defined in\n\n[src/q.ts:12](https://x/q.ts#L12)\n"
API_DOCUMENTER = ("<!-- Do not edit this file. It is automatically generated by API Documenter. -->"
                  "\n\n# useQuery() function\n")
JSDOC_NOTE = ("---\ntitle: useQuery\n---\n\n# useQuery\n\n<!--\nThank you for helping improve our "
              "docs!\n\nThis file is auto-generated from the JSDoc comments in the source\ncode, "
              "so please edit the JSDoc comments in the file below.\n\nhttps://github.com/o/r/"
              "blob/main/src/q.ts\n-->\n\nReturns the query.\n")
"""react-router's API pages: a note to their editors under the title."""
HAND_WRITTEN = "# useQuery\n\nThe hook is defined in `src/q.ts`. Defined in: the core package.\n"


def _typedoc_tree(frameworks: tuple[str, ...],
                  page: str = TYPEDOC) -> dict[str, str]:
    """TanStack Query's layout: typedoc pages per framework beside hand-written references."""
    files: dict[str, str] = {
        "README.md": "# x\n", "docs/guide.md": "# Guide\n",
        "docs/framework/react/reference/useQuery.md": HAND_WRITTEN}
    for framework in frameworks:
        files[f"docs/framework/{framework}/overview.md"] = "# Overview\n"
        files[f"docs/framework/{framework}/reference/index.md"] = "# Index\n- [a](functions/a.md)\n"
        for kind in ("functions", "type-aliases"):
            files[f"docs/framework/{framework}/reference/{kind}/a.md"] = page
            files[f"docs/framework/{framework}/reference/{kind}/b.md"] = page
    return files


@pytest.mark.parametrize("page", [TYPEDOC, TYPEDOC_MODULES, TYPEDOC_V3, API_DOCUMENTER,
                                  JSDOC_NOTE])
def test_pages_a_reference_generator_wrote_are_excluded(page: str) -> None:
    """TanStack Query commits 194 typedoc pages: each of a file's listed on any change to it."""
    lines, _, config = _proposed(_typedoc_tree(("preact", "svelte"), page))
    # typedoc's index, linking only to the pages it wrote, goes with them: their folders are
    # excluded whole, and no wildcard spans react's hand-written reference/
    assert config.docs.exclude.patterns == (*DEFAULT_EXCLUDE, "docs/framework/preact/reference/**",
                                            "docs/framework/svelte/reference/**")
    assert not is_docs_path("docs/framework/svelte/reference/functions/a.md", config.docs)
    assert not is_docs_path("docs/framework/svelte/reference/index.md", config.docs)
    assert is_docs_path("docs/framework/react/reference/useQuery.md", config.docs)
    assert any(line.startswith("docs.exclude: detected: 10 page(s) a reference generator wrote")
               and line.endswith("docs/framework/svelte/reference/**") for line in lines)


@pytest.mark.parametrize("page", [
    "<!-- Do not edit this file: run `make docs` -->\n\n# Ref\n",
    "# Ref\n\n   <!--\n  This page was generated by gomarkdoc.\n-->\n",
    "---\ntitle: x\n" + "tags: [a]\n" * 200 + "---\n\n<!-- THIS FILE IS GENERATED -->\n",
])
def test_a_note_that_a_tool_writes_the_page_marks_it(page: str) -> None:
    assert is_generated_page(page)


@pytest.mark.parametrize("page", [
    "# Build\n\nThis file is auto-generated by `make docs`: do not edit the output.\n",  # prose
    "# Notes\n\n<!-- TODO: link the release notes -->\n\nText.\n",  # a note of another kind
    "# Ref\n\n" + "Text. " * 200 + "\n\n<!-- this file is auto-generated -->\n",  # late
    # notes about a section of a page someone writes
    "# Ref\n\n<!-- the table below is auto-generated -->\n| a |\n",
    "# Ref\n\n<!-- AUTO-GENERATED-CONTENT:START (TOC) -->\n- [a](#a)\n",
    "# Ref\n\n<!-- DO NOT EDIT BELOW: generated table -->\n",
    # a comment's opening written as code, left open, or empty as HTML reads it
    "# Ref\n\n```html\n<!-- This file is auto-generated. -->\n```\n",
    "A comment opens with `<!--`. This file is auto-generated by our bot -->\n",
    "# Ref\n\n<!--\n" + "x " * 3000 + "this file is auto-generated -->\n",
    "<!-->\nThis file is auto-generated. -->\n",
])
def test_a_page_that_does_not_open_with_a_generated_note_is_hand_written(page: str) -> None:
    assert not is_generated_page(page)


@pytest.mark.parametrize(("index", "hand_written", "folded"), [
    ("---\ntitle: Hooks\norder: 2\n---\n", False, True),  # a sidebar's title and order only
    ("---\ntitle: Hooks\n---\n\nHooks read the router's state.\n", False, False),  # prose
    ("", False, False),  # no front matter, or a text init could not read: someone's
    ("# Hooks\n", False, False),
    ("---\ntitle: Hooks\n---\n", True, False),  # a hand-written page beside it
])
def test_a_section_index_with_nothing_past_its_front_matter_goes_with_its_pages(
        index: str, hand_written: bool, folded: bool) -> None:
    """react-router's `docs/api/hooks/index.md` holds only the section's title and order:
    the 31 generated hook pages beside it are one folder to exclude, not 31 pages (init
    lists at most 50 one by one, and react-router has 90)."""
    files = {"README.md": "# x\n", "docs/guide.md": "# Guide\n",
             "docs/api/overview.md": "# API\n\nWhat the router exports.\n",
             "docs/api/hooks/index.md": index,
             **{f"docs/api/hooks/use{n}.md": JSDOC_NOTE for n in range(3)}}
    if hand_written:
        files["docs/api/hooks/recipes.md"] = "# Recipes\n\nCompose hooks.\n"
    _, _, config = _proposed(files)
    expected = ["docs/api/hooks/**"] if folded else [f"docs/api/hooks/use{n}.md"
                                                     for n in range(3)]
    assert config.docs.exclude.patterns == (*DEFAULT_EXCLUDE, *expected)


def test_a_wildcard_is_not_folded_over_a_hand_written_page() -> None:
    files = _typedoc_tree(("preact", "svelte"))
    files["docs/framework/svelte/reference/functions/notes.md"] = HAND_WRITTEN
    _, _, config = _proposed(files)
    # svelte's functions/ keeps a page: its marked pages are excluded one by one, and no
    # wildcard spans it
    assert config.docs.exclude.patterns == (
        *DEFAULT_EXCLUDE, "docs/framework/preact/reference/**",
        "docs/framework/svelte/reference/type-aliases/**",
        "docs/framework/svelte/reference/functions/a.md",
        "docs/framework/svelte/reference/functions/b.md",
        "docs/framework/svelte/reference/index.md")
    assert is_docs_path("docs/framework/svelte/reference/functions/notes.md", config.docs)


@pytest.mark.parametrize("files", [
    # prose that says where something is defined carries no generator's mark
    {"README.md": "# x\n", "docs/a.md": HAND_WRITTEN, "docs/b.md": "# B\n"},
    # every page marked: excluding them all would leave no corpus
    {"README.md": TYPEDOC, "docs/a.md": TYPEDOC, "docs/b.md": TYPEDOC},
])
def test_no_page_is_excluded_without_a_mark_or_when_all_are_marked(
        files: dict[str, str]) -> None:
    lines, _, config = _proposed(files)
    assert config.docs.exclude.patterns == DEFAULT_EXCLUDE
    assert not any(line.startswith("docs.exclude:") for line in lines)


# -- the docs site's own code, VitePress, translations ----------------------------------------

NEXT_SITE = '{"name": "website", "private": true, "dependencies": {"next": "^15"}}'
VITEPRESS_SITE = '{"name": "@x/docs", "private": true, "devDependencies": {"vitepress": "1"}}'
LIBRARY_DOCS = '{"name": "docs", "main": "dist/index.js", "devDependencies": {"vitepress": "1"}}'
GATSBY_PLUGIN = ('{"name": "gatsby-plugin-foo", "version": "1.2.0", '
                 '"devDependencies": {"gatsby": "^5.0.0"}}')
RTK_WEBSITE = '{"name": "website", "dependencies": {"@docusaurus/core": "3"}}'


@pytest.mark.parametrize(("files", "excluded"), [
    # valtio's private Next.js website/ (its nav in website/lib/mdx.ts), pinia's VitePress
    # packages/docs/ (theme, config, run-typedoc)
    ({"website/package.json": NEXT_SITE, "website/lib/mdx.ts": "export const x = 1;\n"},
     ["website/**"]),
    ({"packages/docs/package.json": VITEPRESS_SITE, "packages/docs/index.md": "# Docs\n",
      "packages/docs/.vitepress/config/index.ts": "export default {};\n",
      "packages/docs/run-typedoc.mjs": "x\n"}, ["packages/docs/**"]),
    # a site app named otherwise holds its generator's configuration
    ({"apps/portal/package.json": '{"private": true, "dependencies": {"@docusaurus/core": "3"}}',
      "apps/portal/docusaurus.config.js": "module.exports = {};\n",
      "apps/portal/docs/a.md": "# A\n"}, ["apps/portal/**"]),
    # a .vitepress/ folder outside a site app: the folder alone (vite's docs/.vitepress/)
    ({"docs/.vitepress/config.ts": "export default {};\n", "docs/a.md": "# A\n"},
     ["docs/.vitepress/**"]),
    # a published package named docs is the product's: its .vitepress/ alone is the site's
    ({"packages/docs/package.json": LIBRARY_DOCS,
      "packages/docs/.vitepress/config.ts": "export default {};\n",
      "packages/docs/src/index.ts": "export const a = 1;\n", "packages/docs/a.md": "# A\n"},
     ["packages/docs/.vitepress/**"]),
    # not private, but no library either (no entry point): rtk's Docusaurus website/
    ({"website/package.json": '{"name": "website", "dependencies": {"@docusaurus/core": "3"}}',
      "website/docusaurus.config.ts": "export default {};\n", "website/sidebars.ts": "x\n"},
     ["website/**"]),
    ({"packages/docs/package.json": LIBRARY_DOCS.replace('"main": "dist/index.js", ', ""),
      "packages/docs/.vitepress/config.ts": "export default {};\n",
      "packages/docs/a.md": "# A\n"}, ["packages/docs/**"]),
    # a site folder holding a package that may be published, or a Python project, is not one
    ({"website/package.json": NEXT_SITE,
      "website/packages/ui/package.json": '{"name": "@x/ui"}'}, None),
    ({"website/package.json": NEXT_SITE, "website/pyproject.toml": '[project]\nname = "x"\n'},
     None),
    # a library (an entry point, a command, the files to publish), no site generator, not
    # named like a site, or the whole repository
    ({"website/package.json": '{"name": "website", "main": "a.js", "dependencies": '
                              '{"next": "15"}}'}, None),
    ({"website/package.json": '{"name": "site-kit", "bin": "cli.js", "dependencies": '
                              '{"@docusaurus/core": "3"}}',
      "website/docusaurus.config.ts": "export default {};\n"}, None),
    ({"www/package.json": '{"name": "www", "files": ["dist"], "dependencies": {"astro": "5"}}'},
     None),
    # no entry field, but no site's configuration either: a Gatsby theme named docs
    ({"docs/package.json": GATSBY_PLUGIN.replace("plugin-foo", "theme-docs"),
      "docs/gatsby-node.js": "x\n"}, None),
    ({"website/package.json": '{"private": true, "dependencies": {"express": "4"}}'}, None),
    ({"apps/web/package.json": NEXT_SITE, "apps/web/page.tsx": "x\n"}, None),
    ({"package.json": NEXT_SITE, "pages/index.tsx": "x\n"}, None),
    # a Sphinx site's configuration and extensions; an MkDocs site's hooks that exist
    ({"docs/conf.py": "extensions = ['x']\n", "docs/index.rst": "x\n",
      "docs/_ext/roles.py": "x = 1\n"}, ["/docs/conf.py", "docs/_ext/**"]),
    ({"mkdocs.yml": "site_name: x\nhooks:\n  - docs/hooks.py\n  - gone.py\n  - ../up.py\nnav: []\n",
      "docs/hooks.py": "x = 1\n", "docs/a.md": "# A\n"}, ["/docs/hooks.py"]),
    # the folder every hook sits in, inside the pages folder, holding no page and no package:
    # pydantic's docs/plugins/, whose main.py hook imports conversion_table.py beside it
    ({"mkdocs.yml": "hooks:\n  - 'docs/plugins/main.py'\n  - 'docs/plugins/algolia.py'\n",
      "docs/plugins/main.py": "import conversion_table\n", "docs/plugins/algolia.py": "x\n",
      "docs/plugins/conversion_table.py": "x = 1\n", "docs/plugins/using.toml": "",
      "docs/index.md": "# A\n"}, ["docs/plugins/**"]),
    # otherwise each hook alone: in two folders, among pages, in a package (the package's
    # source, wherever the pages are), outside the pages folder
    ({"mkdocs.yml": "hooks:\n  - docs/a/main.py\n  - docs/b/more.py\n",
      "docs/a/main.py": "x\n", "docs/b/more.py": "x\n", "docs/index.md": "# A\n"},
     ["/docs/a/main.py", "/docs/b/more.py"]),
    ({"mkdocs.yml": "hooks:\n  - docs/plugins/main.py\n", "docs/plugins/main.py": "x\n",
      "docs/plugins/guide.md": "# Guide\n", "docs/index.md": "# A\n"},
     ["/docs/plugins/main.py"]),
    ({"mkdocs.yml": "docs_dir: .\nhooks:\n  - src/widgets/hooks.py\n", "index.md": "# A\n",
      "src/widgets/hooks.py": "x\n", "src/widgets/__init__.py": "x = 1\n"},
     ["/src/widgets/hooks.py"]),
    ({"mkdocs.yml": "hooks:\n  - tools/docs/main.py\n", "tools/docs/main.py": "x\n",
      "tools/docs/helpers.py": "x\n", "docs/index.md": "# A\n"}, ["/tools/docs/main.py"]),
    # a Sphinx extension beside conf.py that its `extensions` list names (trio's
    # local_customization.py); an example beside it, or below, or named elsewhere, stays code
    ({"docs/conf.py": 'project = "widgets"\nextensions = [\n    "sphinx.ext.autodoc",\n'
                      '    "local_customization",\n]\n',
      "docs/local_customization.py": "x\n", "docs/widgets.py": "x\n", "docs/example.py": "x\n",
      "docs/tutorial/local_customization.py": "x\n", "docs/index.rst": "x\n"},
     ["/docs/conf.py", "/docs/local_customization.py"]),
    # a conf.py that is not Sphinx's, and fastapi's examples that pages include, stay code
    ({"app/conf.py": "DEBUG = True\n", "docs/a.md": "# A\n"}, None),
    ({"mkdocs.yml": "site_name: x\n", "docs/a.md": "{* ../../docs_src/app.py *}\n",
      "docs_src/app.py": "x = 1\n"}, None),
])
def test_the_docs_sites_own_code_is_excluded(files: dict[str, str],
                                            excluded: list[str] | None) -> None:
    found = detect(list(files), files)
    assert found.values.get("code.exclude") == excluded
    assert ("code.exclude" in found.notes) is (excluded is not None)


def test_a_site_app_is_one_though_not_private_and_a_library_beside_it_stays_a_package() -> None:
    """rtk's website/package.json depends on @docusaurus/core without `"private": true`: it is
    the site's (code.exclude) and its README is Docusaurus boilerplate, not docs; a theme
    published beside it, depending on the same generator, declares its entry point."""
    lines, _, config = _proposed({
        "README.md": "# x\n", "docs/intro.md": "# Intro\n", "src/index.ts": "export const a = 1;\n",
        "website/package.json": '{"name": "website", "dependencies": {"@docusaurus/core": "3"}}',
        "website/docusaurus.config.js": "module.exports = {};\n",
        "website/README.md": "This website is built using Docusaurus.\n",
        "website/src/index.js": "export default function Home() {}\n",
        "packages/theme/package.json": '{"name": "docusaurus-theme-x", "main": "lib/index.js", '
                                       '"dependencies": {"@docusaurus/core": "3"}}',
        "packages/theme/README.md": "# docusaurus-theme-x\n",
        "packages/theme/src/index.ts": "export const theme = 1;\n"})
    assert config.code.exclude.patterns == ("website/**",)
    assert not is_code_file("website/src/index.js", config)
    assert is_code_file("packages/theme/src/index.ts", config)
    assert not is_docs_path("website/README.md", config.docs)
    assert is_docs_path("packages/theme/README.md", config.docs)
    assert ("code.exclude: detected: code that builds the docs site, not the product (delete a "
            "glob to read its changes again): website/** (a package.json with no entry point "
            "using @docusaurus/core)") in lines


@pytest.mark.parametrize(("folder", "files", "proposed"), [
    # a Gatsby plugin declares no main (npm's default is its index.js) and builds against
    # gatsby: a package, its README npm's page
    ("packages/gatsby-plugin-foo", {"package.json": GATSBY_PLUGIN, "index.js": "x\n"}, True),
    ("packages/gatsby-plugin-foo", {"package.json": GATSBY_PLUGIN, "gatsby-node.js": "x\n"},
     True),
    # a generator's configuration beside it (a demo site), but npm's default entry point too
    ("packages/preset", {"package.json": RTK_WEBSITE.replace("website", "docusaurus-preset-x"),
                         "docusaurus.config.js": "module.exports = {};\n",
                         "index.cjs": "x\n"}, True),
    # a folder named like a site with no generator's configuration found: nothing says it is
    # no library
    ("website", {"package.json": RTK_WEBSITE}, True),
    # rtk's website/: its Docusaurus configuration beside it, no entry point
    ("website", {"package.json": RTK_WEBSITE, "docusaurus.config.ts": "export default {};\n"},
     False),
])
def test_a_package_with_no_entry_field_is_published_unless_its_sites_configuration_is_beside(
        folder: str, files: dict[str, str], proposed: bool) -> None:
    """"No entry field" is no "no library": a not-private package.json depending on a site
    generator is a site app only where init found that site's configuration and no
    index.js-like entry point beside it."""
    repo = {"README.md": "# x\n", f"{folder}/README.md": "# x\n",
            **{f"{folder}/{name}": text for name, text in files.items()}}
    pages = detect(list(repo), repo).values["docs.paths"]
    assert (f"/{folder}/README.md" in pages) is proposed


@pytest.mark.parametrize(("files", "docs", "note"), [
    ({"docs/.vitepress/config.ts": "export default {}\n", "docs/a.md": "", "src/b.md": ""},
     ["docs/**/*.md"], "VitePress (docs/.vitepress/config.ts): docs/"),
    ({"packages/docs/.vitepress/config/index.ts": "export default {}\n",
      "packages/docs/a.md": ""},
     ["packages/docs/**/*.md"], "VitePress (packages/docs/.vitepress/config/index.ts): "
                                "packages/docs/"),
    ({".vitepress/config.mts": "export default { srcDir: 'src' }\n", "src/a.md": "",
      "README.md": ""}, ["src/**/*.md", "/README.md"], "VitePress (.vitepress/config.mts): src/"),
])
def test_vitepress_pages_are_its_folders(files: dict[str, str], docs: list[str],
                                         note: str) -> None:
    found = detect(list(files), files)
    assert (found.values["docs.paths"], found.notes["docs.paths"]) == (docs, f"detected: {note}")


def test_a_config_ts_outside_vitepress_is_not_vitepress() -> None:
    files = {"src/config.ts": "export default { srcDir: 'src' }\n", "src/a.md": "",
             "docs/a.md": ""}
    found = detect(list(files), files)
    assert (found.values["docs.paths"], found.notes["docs.paths"]) == (
        ["docs/**/*.md"], "detected: docs/ (md)")


@pytest.mark.parametrize(("paths", "added", "owned"), [
    # black's docs/change_log.md, whichever separator, as the page is written
    (["docs/index.md", "docs/change_log.md"], ["docs/**/change[-_]log.*"],
     ["docs/change_log.md"]),
    (["website/docs/a.md", "website/docs/Release_Notes.md", "website/docs/change-log.md"],
     ["website/docs/**/Release[-_]Notes.*", "website/docs/**/change[-_]log.*"],
     ["website/docs/Release_Notes.md", "website/docs/change-log.md"]),
    (["doc/index.rst", "doc/release_notes/1.0.rst"], ["doc/release_notes/**"],
     ["doc/release_notes/1.0.rst"]),
    # a name that only holds such a word is a page like any other
    (["doc/index.rst", "doc/changelog_viewer.rst", "doc/release_process.rst"], [], []),
])
def test_release_notes_are_owned_whatever_their_separator(paths: list[str], added: list[str],
                                                          owned: list[str]) -> None:
    globs = detect(paths).values.get("docs.release_owned", DEFAULT_RELEASE_OWNED)
    assert globs == [*DEFAULT_RELEASE_OWNED, *added]
    config = validate({"docs": {"release_owned": globs}}, "t")
    assert [p for p in paths if config.docs.release_owned.matches(p)] == owned


def test_pages_titled_as_release_notes_are_owned_where_their_path_does_not_say_so() -> None:
    """zod's packages/docs/content/v4/index.mdx is the Zod 4 release notes by its front
    matter title; a page merely mentioning release notes, or already owned, adds nothing."""
    files = {
        "packages/docs/content/index.mdx": "---\ntitle: Intro\n---\n\n## What's new\n",
        "packages/docs/content/v4/index.mdx": "---\ntitle: Release notes\n---\n\nZod 4.\n",
        "packages/docs/content/v3/news.mdx": "# What's New\n\n* faster\n",
        "packages/docs/content/api.mdx": "---\ntitle: Release notes for the API\n---\n",
        "packages/docs/content/changelog.mdx": "---\ntitle: Changelog\n---\n",
    }
    found = detect(list(files), files)
    assert found.values["docs.release_owned"] == [
        *DEFAULT_RELEASE_OWNED, "packages/docs/**/changelog.*",
        "/packages/docs/content/v3/news.mdx", "/packages/docs/content/v4/index.mdx"]
    assert found.notes["docs.release_owned"].endswith(
        "titled as release notes: /packages/docs/content/v3/news.mdx, "
        "/packages/docs/content/v4/index.mdx")
    plain = {path: "# Guide\n" for path in files if "changelog" not in path}
    assert "docs.release_owned" not in detect(list(plain), plain).values


@pytest.mark.parametrize(("files", "docs", "excluded"), [
    # pinia's packages/docs/zh/ mirrors packages/docs/ page for page
    ({"packages/docs/index.md": "", "packages/docs/core/state.md": "",
      "packages/docs/core/actions.md": "", "packages/docs/zh/index.md": "",
      "packages/docs/zh/core/state.md": "", "packages/docs/zh/core/actions.md": ""},
     ["packages/docs/**/*.md"], ["packages/docs/zh/**"]),
    # a zh/ that mirrors nothing holds pages of its own
    ({"docs/index.md": "", "docs/guide.md": "", "docs/zh/notes.md": "",
      "docs/zh/other.md": ""}, ["docs/**/*.md"], None),
    # a folder that only looks like a locale (ml/, machine learning) and mirrors nothing
    ({"docs/index.md": "", "docs/ml/models.md": "", "docs/ml/index.md": "",
      "docs/ml/training.md": ""}, ["docs/**/*.md"], None),
    # commander's docs/zh-CN/ names its pages in Chinese: Readme_zh-CN.md beside Readme.md
    # shows zh-CN is a translation's locale here
    ({"Readme.md": "", "Readme_zh-CN.md": "", "docs/terminology.md": "",
      "docs/zh-CN/术语表.md": ""}, ["docs/**/*.md", "/Readme.md"], ["docs/zh-CN/**"]),
    ({"Readme.md": "", "docs/terminology.md": "", "docs/zh-CN/术语表.md": ""},
     ["docs/**/*.md", "/Readme.md"], None),
    # the default language is the largest tree (fastapi's docs/en/), never excluded; a
    # translation with its own generator configuration is left out of docs.paths
    ({"docs/en/mkdocs.yml": "site_name: x\n", "docs/en/docs/a.md": "",
      "docs/en/docs/b.md": "", "docs/en/docs/c.md": "",
      "docs/hi/mkdocs.yml": "INHERIT: ../en/mkdocs.yml\n", "docs/hi/docs/a.md": "",
      "docs/hi/docs/b.md": ""}, ["docs/en/docs/**/*.md"], None),
])
def test_translations_are_left_out(files: dict[str, str], docs: list[str],
                                   excluded: list[str] | None) -> None:
    found = detect(list(files), files)
    assert found.values["docs.paths"] == docs
    assert found.values.get("docs.exclude") == (
        None if excluded is None else [*DEFAULT_EXCLUDE, *excluded])


def test_a_translation_is_said_why() -> None:
    lines, _, config = _proposed({
        "docs/index.md": "# Docs\n", "docs/guide.md": "# Guide\n", "docs/pt-BR/index.md": "# D\n",
        "docs/pt-BR/guide.md": "# G\n", "docs/pt-BR/extra.md": "# E\n"})
    assert not is_docs_path("docs/pt-BR/guide.md", config.docs)
    assert is_docs_path("docs/guide.md", config.docs)
    assert ("docs.exclude: detected: docs/pt-BR/** translates docs/ (2 of its 3 pages have a "
            "twin there), which a code PR's author is not expected to edit") in lines


def test_fastapis_source_language_stays_in_the_corpus() -> None:
    files = {"docs/en/mkdocs.yml": "site_name: x\n", "docs/en/docs/a.md": "",
             "docs/en/docs/b.md": "", "docs/hi/mkdocs.yml": "INHERIT: ../en/mkdocs.yml\n",
             "docs/hi/docs/a.md": "", "docs/hi/docs/b.md": "", "docs/hi/docs/c.md": "",
             "docs/missing-translation.md": ""}
    # English is the source beside it, however many pages a translation holds
    found = detect(list(files), files)
    assert found.values["docs.paths"] == ["docs/en/docs/**/*.md"]
    assert found.notes["docs.paths"].endswith(
        "docs/hi/docs/**/*.md left out: docs/hi/ translates docs/en/ (2 of its 3 pages have a "
        "twin there)")


def test_past_the_bound_no_page_is_read_for_a_mark_and_the_note_says_so() -> None:
    many = [f"docs/p{n}.md" for n in range(MAX_MARKED_PAGES + 1)]
    assert page_texts_wanted(many) == [] and page_texts_wanted(many[:-1]) == many[:-1]
    note = detect(many, {}).notes["docs.exclude"]
    assert note.startswith("pages not read for a reference generator's mark: the repository "
                           f"has more than {MAX_MARKED_PAGES:,} md/mdx/rst files")
    assert "docs.exclude" not in detect(many[:-1], {}).notes


def test_init_reads_the_texts_detection_needs_and_no_other() -> None:
    """Each file whose text says something (a PR template, a changeset, a generator's
    configuration, a route file, a package's manifest beside its README, the root .gitignore,
    the pages), once; code, a README beside no manifest and a nested .gitignore are not read."""
    paths = [".github/pull_request_template.md", ".changeset/a.md", "mkdocs.yml", "docs/a.md",
             "app/routes.py", "app/models.py", "packages/x/package.json", "packages/x/README.md",
             "packages/y/README.md", ".gitignore", "docs/.gitignore", "README.md"]
    assert texts_wanted(paths) == [
        ".github/pull_request_template.md", ".changeset/a.md", "mkdocs.yml", "app/routes.py",
        "packages/x/package.json", ".gitignore", "docs/a.md", "packages/x/README.md",
        "packages/y/README.md", "README.md"]
