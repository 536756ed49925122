"""What ``govern init`` proposes as release-owned history: release notes titled for a
release (aiohttp's ``whats_new_1_1.rst``) and migration guides to a past major version
(TanStack Query's ``migrating-to-react-query-4.md``)."""

from __future__ import annotations

import pytest

from govern.config import Config, validate
from govern.init.detect import detect
from govern.init.release import migration_major, release_version

DEFAULT_RELEASE_OWNED = list(Config().docs.release_owned.patterns)


def _owned(files: dict[str, str]) -> list[str]:
    """The pages of ``files`` the release_owned init proposes matches, beyond the defaults'."""
    globs = detect(list(files), files).values.get("docs.release_owned", DEFAULT_RELEASE_OWNED)
    owned = validate({"docs": {"release_owned": globs}}, "t").docs.release_owned
    default = Config().docs.release_owned
    return [p for p in files if owned.matches(p) and not default.matches(p)]


@pytest.mark.parametrize(("title", "version"), [
    ("What's new in aiohttp 1.1", 1), ("What’s New in 3.0", 3), ("Release Notes v2.0", 2),
    ("Changelog for 4.x:", 4), ("Change Log 10", 10),
    # a release-notes heading alone, or no version, or one too far from the heading
    ("What's New", None), ("What's new in the docs", None), ("Migrating to v5", None),
    ("Release notes on how we cut releases and number them 3", None),
    ("Changelog 1234567", None), ("The changelog 1.0", None)])
def test_a_title_names_a_releases_notes(title: str, version: int | None) -> None:
    assert release_version(title) == version


@pytest.mark.parametrize(("path", "major"), [
    ("docs/framework/react/guides/migrating-to-react-query-3.md", 3),
    ("docs/framework/react/guides/migrating-to-v5.md", 5),
    ("docs/framework/svelte/migrate-from-v5-to-v6.md", 6), ("docs/migration_to_2xx.rst", 2),
    ("docs/v4-upgrade.md", 4), ("docs/upgrading-to-4.2.md", 4),
    ("docs/guide/migration.md", None), ("docs/install-v5.md", None),
    # a version after "from" is the one left, never the one led to
    ("docs/v2-migration-from-v1.md", 2), ("docs/migrate-to-v3-from-v2.md", 3),
    ("docs/migrating-from-v1.md", None), ("docs/upgrade-to-latest-from-v1.md", None)])
def test_a_migration_guide_names_its_major(path: str, major: int | None) -> None:
    assert migration_major(path) == major


def test_pages_titled_for_a_release_are_owned() -> None:
    """aiohttp's whats_new_1_1.rst ("What's new in aiohttp 1.1") had been listed for the API
    it introduced; a page that is no release's notes stays a page."""
    files = {"docs/index.rst": "Index\n=====\n",
             "docs/whats_new_1_1.rst": "=========================\nWhat's new in aiohttp 1.1\n"
                                       "=========================\n\nYARL\n====\n",
             "docs/whats_new_3_0.rst": ".. _whats_new:\n\nWhat's new in aiohttp 3.0\n=====\n",
             "docs/client.rst": "Client\n======\n\nWhat's new in 3.0\n-----------------\n",
             "docs/web.md": "# Web: what's new in the docs\n"}
    assert _owned(files) == ["docs/whats_new_1_1.rst", "docs/whats_new_3_0.rst"]
    notes = detect(list(files), files).notes["docs.release_owned"]
    assert notes == ("titled as release notes: /docs/whats_new_1_1.rst, "
                     "/docs/whats_new_3_0.rst")


@pytest.mark.parametrize(("files", "owned"), [
    # TanStack Query's react guides: 3 and 4 are past once the v5 guide is beside them
    ({"docs/react/guides/migrating-to-react-query-3.md": "# Migrating to React Query 3\n",
      "docs/react/guides/migrating-to-react-query-4.md": "# Migrating to React Query 4\n",
      "docs/react/guides/migrating-to-v5.md": "# Migrating to TanStack Query v5\n",
      "docs/vue/guides/migrating-to-v5.md": "# Migrating to v5\n"},
     ["docs/react/guides/migrating-to-react-query-3.md",
      "docs/react/guides/migrating-to-react-query-4.md"]),
    # aiohttp's 2.x guide beside the notes of 3.0, themselves owned by their title
    ({"docs/migration_to_2xx.rst": "Migration to 2.x\n================\n",
      "docs/whats_new_3_0.rst": "What's new in aiohttp 3.0\n=========================\n"},
     ["docs/migration_to_2xx.rst", "docs/whats_new_3_0.rst"]),
    # a guide alone, or the newest, is how users upgrade now; a newer one elsewhere says
    # nothing of this folder's; notes of the same major leave it current
    ({"docs/svelte/migrate-from-v5-to-v6.md": "# Migrate from v5 to v6\n",
      "docs/react/migrating-to-v7.md": "# Migrating to v7\n",
      "docs/vue/migrating-to-v3.md": "# Migrating to v3\n",
      "docs/vue/whats-new.md": "# What's new in 3.2\n"},
     ["docs/vue/whats-new.md"]),
    # a guide naming only the version it leaves may lead to the current one: a page
    ({"docs/migrating-from-v1.md": "# Migrating from v1\n",
      "docs/whats-new-2.md": "# What's new in 2.0\n"},
     ["docs/whats-new-2.md"]),
    # the version a name says it leads to, not the one after "from", is compared
    ({"docs/v2-migration-from-v1.md": "# To v2\n", "docs/migrating-to-v3.md": "# To v3\n"},
     ["docs/v2-migration-from-v1.md"]),
    # a year is no major: the 2024 notes leave the guide to 3 current, 3.0's make 2's past
    ({"docs/guide/migration-to-v3.md": "# Migration to v3\n",
      "docs/guide/year.md": "# Release notes 2024\n"},
     ["docs/guide/year.md"]),
    ({"docs/migration-to-v2.md": "# Migration to v2\n",
      "docs/year.md": "# Release notes 2024\n", "docs/three.md": "# What's new in 3.0\n"},
     ["docs/migration-to-v2.md", "docs/year.md", "docs/three.md"]),
])
def test_migration_guides_to_a_past_major_are_owned(files: dict[str, str],
                                                    owned: list[str]) -> None:
    assert _owned(files) == owned


def test_the_note_says_why_a_guide_is_owned() -> None:
    files = {"docs/migrating-to-v4.md": "# To 4\n", "docs/migrating-to-v5.md": "# To 5\n"}
    assert detect(list(files), files).notes["docs.release_owned"] == (
        "migration guides to a past major version (a newer one, or a newer release's notes, "
        "beside them): /docs/migrating-to-v4.md")
