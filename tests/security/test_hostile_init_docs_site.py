"""Attack: stall `govern init` with the files it reads for a docs site's own code and blog. A
PR controls a Sphinx ``conf.py`` (read for the names its ``extensions`` lists, as text, never
run) and the paths it commits (walked for blog folders and for the packages they or a hooks
folder hold): each is read in linear time, and a list that never closes names nothing."""

from __future__ import annotations

from functools import partial

from govern.init.detect import detect
from govern.init.docs_paths import blog_folders, folders_holding_packages
from govern.init.generators import found_generators
from govern.init.site_excludes import site_code, sphinx_extension_names
from tests.security.pr import within

EIGHT_MB = 8 * 1024 * 1024


def test_a_hostile_extensions_list_is_read_in_linear_time() -> None:
    """Lists that never close, by the million or one line long; quotes that never close;
    names by the million: one pass each."""
    for text in ("extensions = [\n" * (EIGHT_MB // 15), "extensions = [" + "'a" * EIGHT_MB,
                 "extensions" + " " * EIGHT_MB + "+= [", "'" * EIGHT_MB,
                 "extensions = [" + "\"a\"," * (EIGHT_MB // 4),
                 "extensions = [\n" * (EIGHT_MB // 15) + "]"):
        assert within(partial(sphinx_extension_names, text)) == set()
    assert sphinx_extension_names("extensions = ['a', \"b\", 'c.d']\n") == {"a", "b"}


def test_many_blog_folders_and_packages_are_walked_in_linear_time() -> None:
    """Thousands of deep folders named blog, each holding a page and a package manifest: the
    packages are found in one walk of the paths, not one walk per folder (20,000 folders
    over 40,000 paths would be minutes)."""
    deep = "/".join(["d"] * 20)
    pages = [f"docs/{i}/{deep}/1.blog/a.md" for i in range(20_000)]
    paths = [*pages, *(f"docs/{i}/{deep}/1.blog/package.json" for i in range(20_000))]
    assert within(partial(blog_folders, pages, paths)) == []
    assert blog_folders(pages[:1], pages[:1]) == [f"docs/0/{deep}/1.blog/**"]


def test_a_hooks_folder_among_thousands_of_packages_is_found_in_linear_time() -> None:
    """An MkDocs hooks folder beside thousands of deep packages: one walk of the paths."""
    deep = "/".join(["d"] * 20)
    paths = [*(f"docs/{i}/{deep}/package.json" for i in range(5_000)), "mkdocs.yml",
             "docs/index.md", "docs/plugins/main.py"]
    detected = within(partial(detect, paths, {"mkdocs.yml": "hooks:\n  - docs/plugins/main.py\n"}))
    assert detected.values["code.exclude"] == ["docs/plugins/**"]


def test_many_hooks_and_deep_packages_are_read_in_linear_time() -> None:
    """Found by review: each MkDocs hook was looked up in the list of paths (hooks × paths),
    and each package marker's every folder was spelt out again (depth squared per marker)."""
    paths = [f"src/m{i}.py" for i in range(100_000)] + ["mkdocs.yml", "docs/index.md"]
    text = "hooks:\n" + "".join(f"  - h/x{i}.py\n" for i in range(12_000))
    texts = {"mkdocs.yml": text[:200_000]}
    within(partial(site_code, paths, texts, found_generators(paths, texts)))
    deep = ["/".join(["a"] * 4_000) + f"/p{i}/__init__.py" for i in range(400)]
    holding = within(partial(folders_holding_packages, deep))
    assert len(holding) == 4_000 + 400 and "a" in holding and "a/p0" not in holding
