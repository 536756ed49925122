"""Which files are docs pages: md, mdx and rst blobs under ``docs.paths`` or
``docs.release_owned`` (release-owned pages are partitioned, never excluded), minus
``docs.exclude``."""

from __future__ import annotations

import re
from dataclasses import dataclass

from govern.config import DocsConfig
from govern.config.sections import in_fragment_folder
from govern.git.gitio import TreeEntry
from govern.git.packages import is_test_file

PAGE_SUFFIXES = (".md", ".mdx", ".rst")
_BLOB_MODES = ("100644", "100755")
_HISTORY = re.compile(
    # a changelog or release notes anywhere in the name (``old-changelog.md``); changes only
    # opening it (``CHANGES-2.0.md``, not ``gauging_changes.md``); the releases as the whole
    # word, perhaps with a version (``release-2.0``), not the first word of a page about the
    # process (``release-process.rst``)
    r"(?i)(?:(?:^|[/_.-])(?:changelog|releases?[-_]notes)|(?:^|/)changes)(?=[/_.-]|$)"
    r"|(?:^|[/_.-])releases?(?=[/.]|$|[-_]v?\d)"
    r"|(?:^|[/_.-])(?:history|news|whats?[-_]?new|migrat\w*|upgrad\w*|deprecat\w*|removals?"
    r"|(?:previous|past|older)[-_]versions?|versioned[-_]docs)(?=[/_.-]|$)|(?:^|/)blog/")


def is_history_page(path: str) -> bool:
    """Whether a page records the past, by its path: a changelog, release notes, a migration
    or upgrade guide, the list of deprecations and removals, a previous version's docs
    (``docs/migrations/migrating-to-v4.md``, ``docs/previous-versions/…``, Docusaurus's
    ``versioned_docs/``), a blog post (vite's ``docs/blog/announcing-vite5.md``). Its names
    are right for the versions it describes: docs-refs does not check it (pytest's
    ``deprecations.rst`` names every API it removed), and affected-docs lists it, never
    stale (docs/concepts/anchoring-rules.md#certain-drift)."""
    return _HISTORY.search(path) is not None


@dataclass(frozen=True)
class Page:
    path: str
    blob: str
    release_owned: bool


def is_docs_path(path: str, docs: DocsConfig) -> bool:
    """Is ``path`` part of the docs corpus (whether or not it exists)? Never a news fragment
    (``CHANGES/13176.feature.rst``): a change writes its own, which is no page it could
    leave stale, and no release-owned page it must keep out of. Never a page in a test
    folder (fastify's ``test/bundler/README.md``, requests' ``tests/certs/README.md``): a
    fixture or a note on the tests, which ``README.md`` matches at any depth."""
    return (
        path.endswith(PAGE_SUFFIXES)
        and (docs.paths.matches(path) or docs.release_owned.matches(path))
        and not docs.exclude.matches(path)
        and not in_fragment_folder(path)
        and not is_test_file(path)
    )


def select_pages(entries: list[TreeEntry], docs: DocsConfig) -> list[Page]:
    """The corpus pages of a tree listing, in path order."""
    return sorted(
        (
            Page(entry.path, entry.sha, docs.release_owned.matches(entry.path))
            for entry in entries
            if entry.mode in _BLOB_MODES and is_docs_path(entry.path, docs)
        ),
        key=lambda page: page.path,
    )


README_NAMES = ("readme.md", "readme.mdx", "readme.rst")
"""A README, whatever its case (``Readme.md``), in order of preference."""


def readmes(paths: list[str]) -> dict[str, str]:
    """Each folder's README page ("" the root's), as its name is written, preferring
    ``README.md``."""
    def preference(path: str) -> tuple[bool, int, str]:
        name = path.rpartition("/")[2]
        return name != "README.md", README_NAMES.index(name.lower()), path

    found: dict[str, str] = {}
    for path in sorted((p for p in paths if p.rpartition("/")[2].lower() in README_NAMES),
                       key=preference):
        found.setdefault(path.rpartition("/")[0], path)
    return found


def exact_glob(path: str) -> str:
    """A glob matching the file ``path`` and no other: a gitignore-style pattern without a
    slash matches at any depth, so ``README.md`` would also read valtio's
    ``website/README.md`` (a site's boilerplate) and every ``examples/*/README.md``."""
    return "/" + path


DOCS_FOLDERS = frozenset({"docs", "doc", "documentation"})
"""Folder names that hold a site's pages wherever they sit (``content/docs``,
``apps/web/docs``, ``website/docs``)."""


def suggest_docs_paths(entries: list[TreeEntry], docs: DocsConfig) -> list[str]:
    """Globs for the md, mdx and rst pages under a docs folder that the corpus leaves out
    (``content/docs/**/*.mdx``), ``docs.exclude`` respected: what ``docs.paths`` could say
    when it reads nothing (issue 14, item 5). Not a test's fixture site
    (``mkdocs/tests/integration/minimal/docs/``): no page a reader opens. The root README
    follows them, as init writes it (``/readme.md``): the setting replaces the globs that may
    have read it, and got's readme is a page to edit in most of its changes."""
    folders = _docs_folder_globs(entries, docs)
    readme = readmes([entry.path for entry in entries if entry.mode in _BLOB_MODES]).get("")
    if not folders or readme is None or docs.exclude.matches(readme):
        return folders
    return [*folders, exact_glob(readme)]


def _docs_folder_globs(entries: list[TreeEntry], docs: DocsConfig) -> list[str]:
    """The globs of :func:`suggest_docs_paths` for the pages under docs folders."""
    found = set()
    for entry in entries:
        path = entry.path
        if (entry.mode not in _BLOB_MODES or not path.endswith(PAGE_SUFFIXES)
                or is_test_file(path) or is_docs_path(path, docs)
                or docs.exclude.matches(path)):
            continue
        folders = path.split("/")[:-1]
        for depth, folder in enumerate(folders):
            if folder.lower() in DOCS_FOLDERS:
                suffix = path[path.rindex("."):]
                found.add(f"{'/'.join(folders[:depth + 1])}/**/*{suffix}")
                break
    return sorted(found)
