"""``govern init`` on a Docusaurus 1 site, the scripts a docs site serves beside its pages, and
changelog fragments, each on a real repository (docs/how-to/setup.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from govern.calibrate.suggest import find_proposals
from govern.config import Config
from govern.drift.anchors.extract import is_code_file
from govern.drift.docs.corpus import is_docs_path
from tests.test_init import _init

DOCUSAURUS_1 = {
    "README.md": "# x\n", "docs/intro.md": "# Intro\n\nCall `observable()`.\n",
    "src/index.ts": "export function observable() {}\n",
    # mobx's: not private, no name, no entry point
    "website/package.json": json.dumps({"scripts": {"start": "docusaurus-start"},
                                        "devDependencies": {"docusaurus": "^1.14.4"}}),
    "website/siteConfig.js": "const siteConfig = {\n  title: 'x',\n  headerLinks: [],\n};\n"
                             "module.exports = siteConfig\n",
    "website/core/Footer.js": "class Footer { render() {} }\nmodule.exports = Footer\n",
}
SITE_NOTE = "website/** (a package.json with no entry point using docusaurus)"


def test_a_docusaurus_1_site_is_read_as_its_site_and_left_out_of_the_code(
        tmp_path: Path) -> None:
    lines, _, config = _init(tmp_path, DOCUSAURUS_1)
    assert config is not None
    assert config.docs.paths.patterns == ("docs/**/*.md", "/README.md")
    assert "docs.paths: detected: Docusaurus 1 (website/siteConfig.js): docs/" in lines
    assert config.code.exclude.patterns == ("website/**",)
    assert not is_code_file("website/core/Footer.js", config)
    assert not is_code_file("website/siteConfig.js", config)
    assert is_code_file("src/index.ts", config)


@pytest.mark.parametrize("changed", [
    # a siteConfig.js that is no Docusaurus 1 configuration (no headerLinks): the folder is
    # an unknown package's, left as code
    {"website/siteConfig.js": "module.exports = { title: 'x' }\n"},
    # a library depending on docusaurus: it declares an entry point
    {"website/package.json": json.dumps({"name": "docusaurus-theme-x", "main": "index.js",
                                         "devDependencies": {"docusaurus": "^1"}})},
])
def test_a_folder_that_is_no_docusaurus_1_site_stays_code(tmp_path: Path,
                                                         changed: dict[str, str]) -> None:
    lines, _, config = _init(tmp_path, DOCUSAURUS_1 | changed)
    assert config is not None
    assert config.code.exclude.patterns == ()
    assert is_code_file("website/core/Footer.js", config)
    assert not any(SITE_NOTE in line for line in lines)


def test_a_customdocspath_is_read_beside_the_site(tmp_path: Path) -> None:
    files = {**DOCUSAURUS_1, "website/siteConfig.js": "module.exports = {\n  headerLinks: [],\n"
                                                      "  customDocsPath: 'guide',\n}\n",
             "guide/start.md": "# Start\n"}
    lines, _, config = _init(tmp_path, files)
    assert config is not None
    assert config.docs.paths.patterns == ("guide/**/*.md", "/README.md")
    assert "docs.paths: detected: Docusaurus 1 (website/siteConfig.js): guide/" in lines


SERVED = {
    "README.md": "# x\n", "docs/index.md": "# Docs\n\n![demo](assets/demo.png)\n",
    "src/lib.py": "def send(): pass\n",
    # mobx's vendored scripts, and an image a page shows
    "docs/assets/getting-started/javascripts/JSXTransformer.js": "var JSX = 1;\n",
    "docs/assets/getting-started/script.ts": "export const a = 1;\n",
    "docs/assets/demo.png": b"\x89PNG\r\n",
    "docs/_static/js/analytics.js": "track();\n",
    # example programs the pages include, and a root web app's static folder: code
    "docs/examples/echo.py": "print('echo')\n", "static/app.js": "start();\n",
}


def test_the_scripts_a_docs_site_serves_are_left_out_of_the_code(tmp_path: Path) -> None:
    lines, _, config = _init(tmp_path, SERVED)
    assert config is not None
    assert config.code.exclude.patterns == (
        "docs/_static/**/*.js", "docs/assets/**/*.js", "docs/assets/**/*.ts")
    assert not is_code_file("docs/assets/getting-started/javascripts/JSXTransformer.js", config)
    assert not is_code_file("docs/_static/js/analytics.js", config)
    # the image stays read, as do the examples and the product's own static folder
    assert not config.code.exclude.matches("docs/assets/demo.png")
    assert is_code_file("docs/examples/echo.py", config)
    assert is_code_file("static/app.js", config)
    assert any("docs/assets/**/*.js (scripts the docs site serves beside its pages)" in line
               for line in lines)


def test_an_asset_folder_holding_a_package_or_no_script_stays_as_it_is(tmp_path: Path) -> None:
    files = {"README.md": "# x\n", "docs/index.md": "# Docs\n", "src/lib.py": "x = 1\n",
             "docs/static/widget/package.json": '{"name": "widget"}\n',
             "docs/static/widget/index.js": "module.exports = 1;\n",
             "docs/assets/logo.png": b"\x89PNG\r\n"}
    _, _, config = _init(tmp_path, files)
    assert config is not None
    assert config.code.exclude.patterns == ()
    assert is_code_file("docs/static/widget/index.js", config)


ALEMBIC = {
    "README.rst": "alembic\n=======\n", "alembic/op.py": "def create_table(): pass\n",
    "docs/build/conf.py": "extensions = ['changelog']\n",
    "docs/build/index.rst": "Docs\n====\n", "docs/build/ops.rst": "Use ``create_table``.\n",
    "docs/build/changelog.rst": "Changelog\n=========\n",
    "docs/build/unreleased/README.txt": "Fragments go here.\n",
    "docs/build/unreleased/1626.rst": ".. change::\n\n    ``create_table`` takes *,\n",
}
FRAGMENTS_NOTE = ("detected: changelog fragments, release notes each change writes and a "
                  "release gathers into its changelog, which are no page a change leaves stale "
                  "nor one it must keep out of: ")


def _excluded(config: Config | None) -> tuple[str, ...]:
    assert config is not None
    return config.docs.exclude.patterns[len(Config().docs.exclude.patterns):]


def test_sphinx_changelog_fragments_beside_the_changelog_are_out_of_the_corpus(
        tmp_path: Path) -> None:
    lines, _, config = _init(tmp_path, ALEMBIC)
    assert _excluded(config) == ("docs/build/unreleased/**",)
    assert config is not None
    assert f"docs.exclude: {FRAGMENTS_NOTE}docs/build/unreleased/**" in lines
    assert not is_docs_path("docs/build/unreleased/1626.rst", config.docs)
    assert is_docs_path("docs/build/ops.rst", config.docs)
    assert config.docs.release_owned.matches("docs/build/changelog.rst")


@pytest.mark.parametrize(("files", "excluded"), [
    # between releases only its README is committed: the next PR's fragment is still no page
    ({k: v for k, v in ALEMBIC.items() if not k.endswith("1626.rst")},
     ("docs/build/unreleased/**",)),
    # SQLAlchemy's: inside a changelog folder
    ({"README.rst": "x\n", "doc/build/changelog/changelog_20.rst": "Changes\n=======\n",
      "doc/build/changelog/unreleased_20/9001.rst": ".. change::\n"},
     ("doc/build/changelog/unreleased_20/**",)),
    # an unreleased folder beside no changelog is pages like any other
    ({"README.rst": "x\n", "docs/index.rst": "Docs\n", "docs/unreleased/plans.rst": "Plans\n"},
     ()),
    # prettier's, outside the corpus: calibrate counted them as docs the corpus misses
    ({"README.md": "x\n", "docs/index.md": "# Docs\n",
      "changelog_unreleased/TEMPLATE.md": "# Title\n",
      "changelog_unreleased/javascript/17000.md": "#### Fix\n"}, ("changelog_unreleased/**",)),
    # a hidden changesets folder only when the corpus reads it
    ({"README.md": "x\n", "docs/index.md": "# Docs\n", ".changeset/brave-cats.md": "---\n"},
     ()),
    ({"README.md": "x\n", ".vitepress/config.ts": "export default {}\n", "index.md": "# x\n",
      ".changeset/brave-cats.md": "---\n"}, (".changeset/**",)),
    # towncrier's configured folder, unless govern already leaves its fragments out
    ({"README.md": "x\n", "docs/index.md": "# Docs\n",
      "pyproject.toml": '[tool.towncrier]\ndirectory = "changelog/"\n',
      "changelog/1234.bugfix.rst": "Fixed.\n", "changelog/README.rst": "How to\n"},
     ("changelog/**",)),
    ({"README.md": "x\n", "docs/index.md": "# Docs\n",
      "towncrier.toml": '[tool.towncrier]\ndirectory = "news"\n', "news/1.feature.md": "x\n"},
     ("news/**",)),
    ({"README.md": "x\n", "docs/index.md": "# Docs\n",
      "pyproject.toml": '[tool.towncrier]\ndirectory = "CHANGES/"\n',
      "CHANGES/README.rst": "How to\n", "CHANGES/13176.feature.rst": "Added.\n"}, ()),
    # no towncrier configuration: a changelog/ folder of pages stays
    ({"README.md": "x\n", "docs/index.md": "# Docs\n", "changelog/1234.bugfix.rst": "x\n"},
     ()),
])
def test_changelog_fragment_folders(tmp_path: Path, files: dict[str, str | bytes | None],
                                    excluded: tuple[str, ...]) -> None:
    lines, _, config = _init(tmp_path, files)
    assert _excluded(config) == excluded
    assert any(FRAGMENTS_NOTE in line for line in lines) is bool(excluded)


def test_calibrate_proposes_no_changelog_fragments_as_docs() -> None:
    tree = ["changelog_unreleased/javascript/1.md", "www/docs/a.mdx",
            "docs/changelog.rst", "docs/unreleased/1.rst", "docs/notes/unreleased/a.rst"]
    outside = {"changelog_unreleased/javascript/**/*.md": 280, "www/docs/**/*.mdx": 4,
               "docs/unreleased/**/*.rst": 5, "docs/notes/**/*.rst": 3}
    proposals = find_proposals([], Config(), tree, outside)
    # docs/notes/unreleased/ is beside no changelog: its folder stays a proposal
    assert [(p.key, p.values) for p in proposals] == [
        ("docs.paths", ("www/docs/**/*.mdx", "docs/notes/**/*.rst"))]
