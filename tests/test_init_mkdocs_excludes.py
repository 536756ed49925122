"""What ``govern init`` keeps out of the corpus that an MkDocs site says it does not build: its
``exclude_docs`` lines and the exclude plugin's ``glob:`` list (textual's
``**/_template.md``, templates for new pages), read through ``INHERIT``."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

from govern.cli import cli
from govern.config import Config, validate
from govern.drift.docs.corpus import is_docs_path
from govern.init.detect import detect
from govern.init.mkdocs_excludes import SettingsReader, inherited
from tests.gitrepo import make_repo
from tests.test_init_detect import _proposed

DEFAULT_EXCLUDE = Config().docs.exclude.patterns

PAGES = {"docs/index.md": "# Home\n", "docs/_template.md": "# Template\n",
         "docs/widgets/_template.md": "# Widget\n", "docs/widgets/button.md": "# Button\n",
         "docs/drafts/a.md": "# A\n", "docs/guide/drafts/b.md": "# B\n",
         "docs/notes.md": "# Notes\n", "docs/guide/notes.md": "# Guide notes\n",
         "docs/snippets/border.md": "| border |\n", "README.md": "# x\n"}


def test_exclude_docs_lines_are_proposed_as_gitignore_reads_them() -> None:
    """A name alone is any depth's (``_template.md``, ``drafts/``), a line with a ``/`` its
    docs_dir's own path (``/notes.md``); a line matching no page is not proposed."""
    lines, _, config = _proposed({**PAGES, "mkdocs.yml": (
        "site_name: S\nexclude_docs: |\n  # pages not published\n  _template.md\n  drafts/\n"
        "  /notes.md\n  never-a-page.md\n")})
    assert config.docs.exclude.patterns == (
        *DEFAULT_EXCLUDE, "docs/**/_template.md", "docs/**/drafts/", "docs/notes.md")
    for page in ("docs/_template.md", "docs/widgets/_template.md", "docs/drafts/a.md",
                 "docs/guide/drafts/b.md", "docs/notes.md"):
        assert not is_docs_path(page, config.docs)
    for page in ("docs/index.md", "docs/widgets/button.md", "docs/guide/notes.md",
                 "docs/snippets/border.md"):
        assert is_docs_path(page, config.docs)
    assert ("docs.exclude: detected: mkdocs.yml, pages no MkDocs site built from docs/ builds "
            "(exclude_docs, the exclude plugin's globs): docs/**/_template.md, "
            "docs/**/drafts/, docs/notes.md") in lines


TEXTUAL_COMMON = """site_name: Textual
markdown_extensions:
  - pymdownx.emoji:
      emoji_index: !!python/name:material.extensions.emoji.twemoji
  - pymdownx.superfences:
      custom_fences:
        - name: textual
          format: !!python/name:textual._doc.format_svg
plugins:
  search:
  exclude:
    glob:
      - "**/_template.md"
      - "snippets/*"
extra:
  analytics: !ENV GOOGLE_ANALYTICS_KEY
"""
TEXTUAL_ONLINE = "INHERIT: mkdocs-common.yml\nsite_url: https://x.example/\nplugins:\n  blog:\n"
TEXTUAL_OFFLINE = ("INHERIT: mkdocs-common.yml\nplugins:\n  offline:\n  exclude:\n    glob:\n"
                   "      - \"**/_template.md\"\n      - blog/*\n")


def test_the_exclude_plugin_is_read_through_inherit_with_python_tags() -> None:
    """textual's root ``mkdocs-online.yml`` and ``mkdocs-offline.yml`` inherit
    ``mkdocs-common.yml`` (``!!python/name:`` and ``!ENV`` tags), whose exclude plugin lists
    ``**/_template.md`` and ``snippets/*``: the templates neither site builds are proposed;
    the snippets, which the offline site's own list builds, are not (the note says why);
    ``mkdocs-nav.yml``, no site, changes nothing."""
    files = {**PAGES, "mkdocs-common.yml": TEXTUAL_COMMON, "mkdocs-online.yml": TEXTUAL_ONLINE,
             "mkdocs-offline.yml": TEXTUAL_OFFLINE, "mkdocs-nav.yml": "nav:\n  - index.md\n"}
    lines, _, config = _proposed(files)
    assert config.docs.exclude.patterns == (*DEFAULT_EXCLUDE, "docs/*/**/_template.md")
    assert not is_docs_path("docs/widgets/_template.md", config.docs)
    # the plugin's fnmatch reads **/ as one folder or more: docs_dir's own page is built
    assert is_docs_path("docs/_template.md", config.docs)
    assert is_docs_path("docs/snippets/border.md", config.docs)
    assert ("docs.exclude: detected: mkdocs-offline.yml and mkdocs-online.yml, pages no MkDocs "
            "site built from docs/ builds (exclude_docs, the exclude plugin's globs): "
            "docs/*/**/_template.md; detected: docs/snippets/* not proposed: mkdocs-offline.yml "
            "builds pages it matches") in lines
    # the online site alone leaves its snippets out as well
    del files["mkdocs-offline.yml"]
    assert _proposed(files)[2].docs.exclude.patterns == (
        *DEFAULT_EXCLUDE, "docs/*/**/_template.md", "docs/snippets/*")


def test_init_reads_the_configurations_committed(tmp_path: Path) -> None:
    """The command reads the root's mkdocs files from git, the base INHERIT names included."""
    repo = make_repo(tmp_path / "repo", {**PAGES, "mkdocs-common.yml": TEXTUAL_COMMON,
                                         "mkdocs-online.yml": TEXTUAL_ONLINE})
    got = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "init", "--dry-run"])
    assert got.exit_code == 0, got.output
    config = validate(tomllib.loads(got.stdout), "govern.toml")
    assert config.docs.exclude.patterns == (
        *DEFAULT_EXCLUDE, "docs/*/**/_template.md", "docs/snippets/*")
    assert is_docs_path("docs/index.md", config.docs)


@pytest.mark.parametrize(("config", "excluded", "said"), [
    # the plugin in a list, in a site's docs_dir; its regex is not read
    ("site_name: S\ndocs_dir: pages\nplugins:\n  - search\n  - exclude:\n      glob: drafts/*\n"
     "      regex: ['.*\\.tmp$']\n", ["site/pages/drafts/*"],
     "site/mkdocs.yml sets the exclude plugin's regex: not read"),
    # a negation re-including one page of drafts/ keeps drafts/ out of the proposal
    ("site_name: S\ndocs_dir: pages\nexclude_docs: |\n  drafts/\n  !drafts/keep.md\n"
     "  _template.md\n", ["site/pages/**/_template.md"],
     "site/pages/**/drafts/ not proposed: site/mkdocs.yml builds pages it matches"),
    # a docs_dir read from the environment cannot be named: nothing is read
    ("site_name: S\ndocs_dir: !ENV [DOCS_DIR, pages]\nexclude_docs: _template.md\n", [],
     "site/mkdocs.yml's docs_dir is not a folder init can name: not read"),
    # a base in another folder is not read: neither is the configuration
    ("INHERIT: ../base/mkdocs-base.yml\nexclude_docs: _template.md\n", [],
     "site/mkdocs.yml inherits base/mkdocs-base.yml, which init does not read: not read"),
    ("site_name: [unclosed\n", [], "site/mkdocs.yml is not valid YAML: not read"),
])
def test_what_init_cannot_read_is_said(config: str, excluded: list[str], said: str) -> None:
    files = {"site/mkdocs.yml": config, "base/mkdocs-base.yml": "site_name: B\n",
             **{f"site/pages/{name}": "# P\n" for name in (
                 "index.md", "drafts/a.md", "drafts/keep.md", "x/_template.md")}}
    found = detect(list(files), {p: files[p] for p in files if p != "base/mkdocs-base.yml"})
    assert found.values.get("docs.exclude", list(DEFAULT_EXCLUDE)) == [
        *DEFAULT_EXCLUDE, *excluded]
    assert said in found.notes["docs.exclude"]


def test_no_mkdocs_configuration_proposes_nothing() -> None:
    _, _, config = _proposed(PAGES)
    assert config.docs.exclude.patterns == DEFAULT_EXCLUDE
    assert is_docs_path("docs/widgets/_template.md", config.docs)


@pytest.mark.parametrize(("child", "globs"), [
    # a mapping of plugins is merged with the base's, the exclude plugin's settings key by key
    ("plugins:\n  blog:\n", ["a/*"]),
    ("plugins:\n  exclude:\n    glob: [b/*]\n", ["b/*"]),
    # a list of plugins replaces the base's; so does an exclude plugin set to nothing
    ("plugins:\n  - search\n", None),
    ("plugins:\n  exclude:\n", None),
])
def test_inherit_merges_as_mkdocs_does(child: str, globs: list[str] | None) -> None:
    texts = {"base.yml": "site_name: S\nexclude_docs: x.md\nplugins:\n  exclude:\n"
                         "    glob: [a/*]\n",
             "mkdocs.yml": "INHERIT: base.yml\n" + child}
    found = inherited("mkdocs.yml", SettingsReader(texts))
    assert not isinstance(found, str)
    settings, files = found
    assert files == ["mkdocs.yml", "base.yml"]
    assert settings["exclude_docs"] == "x.md"
    plugin = (settings["plugins"] or [None])[0] if isinstance(settings["plugins"], list) \
        else settings["plugins"]["exclude"]
    assert (plugin or {}).get("glob") == globs
