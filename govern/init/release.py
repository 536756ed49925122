"""The pages ``govern init`` proposes as release-owned beyond the defaults: release-notes
folders, changelogs and announcements under a docs root, pages titled as release notes, and
migration guides to a past major version."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import PurePosixPath

from govern.config import Config
from govern.drift.docs.corpus import exact_glob
from govern.drift.docs.scanner import is_release_notes_title
from govern.init.generators import under_folders

RELEASE_DIRS = ("releases", "releasenotes", "changelog", "changelogs", "announcements")
"""Release-notes folders, spelled without separators (``release_notes`` is ``release-notes``)."""
RELEASE_PAGES = ("changelog", "releasenotes")
"""Release-notes pages, spelled likewise (black's ``docs/change_log.md``)."""


def release_owned_globs(paths: list[str], roots: dict[str, set[str]]) -> list[str]:
    """Globs for the release notes the default ``docs.release_owned`` misses: release-notes
    folders and changelog pages under a docs root other than ``docs/`` (``doc/releases/``,
    ``website/changelog.md``), and release announcements (DRF's
    ``docs/community/3.0-announcement.md``), and the index page beside a release-notes folder
    (tornado's ``docs/releases.rst``): history, which a code change never makes stale.
    A path the defaults already match adds nothing."""
    owned = Config().docs.release_owned
    folders = {p.rpartition("/")[0] for p in paths}
    # the index of a release-notes folder, beside it (tornado's docs/releases.rst, a toctree
    # of docs/releases/v*.rst): written at release time with them
    found = [p for p in paths if not owned.matches(p) and "/" in p
             and unseparated(PurePosixPath(p).stem) in RELEASE_DIRS
             and p.rpartition(".")[0] in folders]
    # each path's roots found in one walk down them: a prefix test of every root costs
    # roots x paths (a tree of N sites, each its own docs root)
    inside_of: dict[str, list[str]] = {root: [] for root in roots}
    # (a root "" holds no path: ``p.startswith("/")``)
    for root, path in under_folders((p for p in paths if not owned.matches(p)),
                                    [root for root in roots if root]):
        inside_of[root].append(path[len(root) + 1:])
    for root in sorted(roots):
        inside = inside_of[root]
        found += sorted({f"{root}/{rel.partition('/')[0]}/**" for rel in inside
                         if "/" in rel and unseparated(rel.partition("/")[0]) in RELEASE_DIRS})
        # each spelling found, its separator either one: `change[-_]log.*`
        found += sorted({f"{root}/**/{re.sub('[-_]', '[-_]', stem)}.*"
                         for stem in (PurePosixPath(rel).stem for rel in inside)
                         if unseparated(stem) in RELEASE_PAGES})
        if any(PurePosixPath(rel).stem.lower().endswith("-announcement") for rel in inside):
            found.append(f"{root}/**/*-announcement.*")
    return found


def unseparated(name: str) -> str:
    """``name`` in lower case without its ``-`` and ``_``: ``Release_Notes`` → releasenotes."""
    return name.lower().replace("-", "").replace("_", "")


def titled_release_pages(pages: list[str], titles: Mapping[str, str]) -> list[str]:
    """``docs.release_owned`` globs for the pages whose title (``titles``: each page's, as
    :func:`page_title` reads it) says they are release notes (``title: Release notes`` in
    front matter, a first heading ``# Changelog``), or a release's (:func:`release_version`),
    where their path does not: zod's ``packages/docs/content/v4/index.mdx``, the Zod 4 release
    notes, had been listed as a page to edit for changes to the schemas it introduced, and
    aiohttp's ``docs/whats_new_1_1.rst`` for changes to the API it introduced."""
    return [exact_glob(p) for p in sorted(pages)
            if is_release_notes_title(title := titles.get(p, ""))
            or release_version(title) is not None]


_VERSION = re.compile(r"v?(\d{1,6})(?:\.\d+)*(?:\.?x+)?", re.I)
"""A version as a title or a file name writes it (``1.1``, ``v5``, ``2.x``, aiohttp's
``2xx``), its major in group 1 (six digits at most: a longer run is no version, and its
``int`` is bounded)."""
MAX_WORDS_TO_VERSION = 4
"""Words between a release-notes heading and the version ending it (``What's new in aiohttp
1.1``: three); past that, the title is a sentence that happens to end in a number."""
GUIDE_WORDS = ("migrat", "upgrad")
"""How a migration or upgrade guide's file name begins one of its words."""


def _major(word: str) -> int | None:
    """The major version ``word`` writes, punctuation around it aside; None when it is none."""
    match = _VERSION.fullmatch(word.strip(".,:;!?()"))
    return int(match.group(1)) if match else None


def release_version(title: str) -> int | None:
    """The major version of the release whose notes a page titled ``title`` holds: a
    release-notes heading (:func:`is_release_notes_title`) and at most
    :data:`MAX_WORDS_TO_VERSION` words, the last a version (``What's new in aiohttp 1.1``: 1;
    ``Release Notes v2.0``: 2). None for any other title, a bare ``Changelog`` included."""
    words = title.split()
    for size in (1, 2):
        rest = words[size:]
        if 0 < len(rest) <= MAX_WORDS_TO_VERSION \
                and is_release_notes_title(" ".join(words[:size])):
            return _major(rest[-1])
    return None


MAX_COMPARED_MAJOR = 999
"""A major of four digits or more is a year (``Release notes 2024``), not compared with a
guide's major: a year's notes would make every guide beside them past."""


def migration_major(path: str) -> int | None:
    """The major version a migration or upgrade guide leads to, by its file name: the first
    version after its last ``to``, else its first, but never one after ``from``, the version
    left (``migrating-to-react-query-3``: 3; ``migrate-from-v5-to-v6``: 6; aiohttp's
    ``migration_to_2xx``: 2; ``v2-migration-from-v1``: 2). None for a page that is no such
    guide, or that names no version it leads to: ``migrating-from-v1`` may lead to 2 or
    straight to the current major, and is left a page."""
    words = re.split(r"[-_.\s]+", PurePosixPath(path).stem.lower())
    if not any(word.startswith(GUIDE_WORDS) for word in words):
        return None
    after = len(words) - words[::-1].index("to") if "to" in words else 0
    for word in words[after:]:
        if word == "from":
            return None
        if (major := _major(word)) is not None:
            return major
    return None


def past_migration_guides(pages: list[str], titles: Mapping[str, str]) -> list[str]:
    """The migration guides of ``pages`` to a past major version: a page in the same folder
    leads to a newer one, or holds a newer release's notes (:func:`release_version`), so the
    repository itself says that version is past (TanStack Query's
    ``migrating-to-react-query-4.md`` beside ``migrating-to-v5.md``, aiohttp's
    ``migration_to_2xx.rst`` beside ``whats_new_3_0.rst``). A guide to the newest version
    beside it, or one alone, is how users upgrade now, and stays a page to keep up to date.
    A year (``Release notes 2024``) is no major to compare (:data:`MAX_COMPARED_MAJOR`)."""
    guides = {page: major for page in pages
              if (major := migration_major(page)) is not None and major <= MAX_COMPARED_MAJOR}
    newest: dict[str, int] = {}
    for page in pages:
        major = guides[page] if page in guides else release_version(titles.get(page, ""))
        if major is not None and major <= MAX_COMPARED_MAJOR:
            folder = page.rpartition("/")[0]
            newest[folder] = max(newest.get(folder, major), major)
    return [page for page, major in sorted(guides.items())
            if major < newest[page.rpartition("/")[0]]]
