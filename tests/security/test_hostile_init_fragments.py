"""Attack: stall `govern init` with the paths and files it reads for changelog fragments, a
Docusaurus 1 site and the scripts a docs site serves. A PR controls the paths it commits
(walked for fragment and asset folders), ``siteConfig.js`` and the towncrier configuration:
each is read in linear time."""

from __future__ import annotations

from functools import partial

from govern.core.globs import Globs
from govern.init.detect import detect
from govern.init.docs_paths import docs_roots
from govern.init.fragments import fragment_folders, named_fragment_folder, towncrier_directory
from govern.init.generators import GENERATORS, generator_docs
from govern.init.release import release_owned_globs
from govern.init.site_excludes import served_assets
from tests.security.pr import within

EIGHT_MB = 8 * 1024 * 1024


def test_deep_paths_of_unreleased_folders_are_walked_in_linear_time() -> None:
    """Paths thousands of folders deep, every folder named ``unreleased``, beside as many
    changelog folders: only the first such folder of a path is looked up (each lookup spells
    its parent out, so looking up every one cost the depth squared)."""
    deep = "/".join(["unreleased"] * 4_000)
    paths = [f"d{i}/{deep}/a.rst" for i in range(400)]
    changelogs = {f"d{i}/x" for i in range(400)}
    assert within(partial(fragment_folders, paths, {}, Globs(("**/*.rst",)),
                          Globs(("**/*.rst",)))) == []
    assert named_fragment_folder("docs/changelog/unreleased/unreleased/a.rst", changelogs) == \
        "docs/changelog/unreleased"
    assert named_fragment_folder("docs/x/unreleased/a.rst", changelogs) is None


def test_deep_scripts_under_many_asset_folders_are_read_in_linear_time() -> None:
    """Thousands of docs folders each with an assets folder, and scripts thousands of folders
    deep in them: one prefix test per candidate, not every folder of every path."""
    deep = "/".join(["a"] * 4_000)
    globs = [f"docs{i}/**/*.md" for i in range(50)]
    paths = [f"docs{i % 50}/assets/{deep}/s{i}.js" for i in range(2_000)]
    found = within(partial(served_assets, paths, globs, []))
    assert len(found) == 50 and found[0].glob == "docs0/assets/**/*.js"


def test_10_000_sites_each_with_served_scripts_are_read_in_linear_time() -> None:
    """10,000 MkDocs sites, each with its pages and a served script: each path is walked
    down the docs, asset and release roots once, not tested against every site's (paths x
    sites, each of these a minute and more)."""
    sites = 10_000
    paths = [path for i in range(sites) for path in (f"d{i}/docs/p.md", f"d{i}/docs/assets/s.js")]
    globs = [f"d{i}/docs/**/*.md" for i in range(sites)]
    found = within(partial(served_assets, paths, globs, []))
    assert len(found) == sites and found[0].glob == "d0/docs/assets/**/*.js"
    roots = within(partial(docs_roots, paths))
    assert len(roots) == sites and roots["d0/docs"] == {"md"}
    assert within(partial(release_owned_globs, paths, roots)) == []
    generators = [(GENERATORS[0], f"d{i}/mkdocs.yml", "site_name: x\n", f"d{i}")
                  for i in range(sites)]
    assert within(partial(generator_docs, paths, generators))[0] == globs


def test_hostile_site_config_and_towncrier_tables_name_nothing() -> None:
    """A siteConfig.js whose customDocsPath never closes its quote, and towncrier tables too
    long, too deep or of the wrong shape: read in linear time, naming no folder."""
    paths = ["website/siteConfig.js", "website/package.json", "docs/a.md", "pyproject.toml"]
    for text in ("headerLinks customDocsPath: '" + "a" * EIGHT_MB,
                 "headerLinks " + "customDocsPath:" * (EIGHT_MB // 15)):
        detected = within(partial(detect, paths, {"website/siteConfig.js": text}))
        assert detected.values["docs.paths"] == ["docs/**/*.md"]
    for toml in ("[tool.towncrier]\ndirectory = '" + "a" * EIGHT_MB + "'\n",
                 "x = " + "[" * 100_000 + "]" * 100_000 + "\n",
                 "[tool]\ntowncrier = 1\n", "[tool.towncrier]\ndirectory = '../../out'\n"):
        assert within(partial(towncrier_directory, {"pyproject.toml": toml})) is None
