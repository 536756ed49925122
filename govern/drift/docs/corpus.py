"""Which files are docs pages: md, mdx and rst blobs under ``docs.paths`` or
``docs.release_owned`` (release-owned pages are partitioned, never excluded), minus
``docs.exclude``."""

from __future__ import annotations

from dataclasses import dataclass

from govern.config import DocsConfig
from govern.git.gitio import TreeEntry

PAGE_SUFFIXES = (".md", ".mdx", ".rst")
_BLOB_MODES = ("100644", "100755")


@dataclass(frozen=True)
class Page:
    path: str
    blob: str
    release_owned: bool


def is_docs_path(path: str, docs: DocsConfig) -> bool:
    """Is ``path`` part of the docs corpus (whether or not it exists)?"""
    return (
        path.endswith(PAGE_SUFFIXES)
        and (docs.paths.matches(path) or docs.release_owned.matches(path))
        and not docs.exclude.matches(path)
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
