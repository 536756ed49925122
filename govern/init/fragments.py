"""The changelog fragments ``govern init`` keeps out of the corpus: release notes written in
pieces, one by each change, and gathered into the changelog at release. A change writes its
own, so it is no page the change could leave stale, nor a release-owned one it must keep out
of (the release-owned gate would refuse it)."""

from __future__ import annotations

from collections.abc import Mapping

from govern.config.sections import FRAGMENT_DIRS
from govern.core.globs import Globs
from govern.drift.docs.layout import MAX_CONFIG_CHARS
from govern.git.packages import load_manifest
from govern.init.docs_paths import DOCS_FORMATS
from govern.init.generated import docs_files
from govern.init.generators import join_folder
from govern.init.release import RELEASE_DIRS, unseparated

FRAGMENT_FOLDERS = ("changelogunreleased", ".changeset")
"""Folders of fragments by their name alone, spelled without separators: prettier's
``changelog_unreleased/``, changesets' ``.changeset/``."""
UNRELEASED = "unreleased"
"""How sphinx-changelog's fragment folders begin their name (alembic's ``unreleased/``,
SQLAlchemy's ``unreleased_20/``): one only beside a changelog is one."""
TOWNCRIER_CONFIGS = ("pyproject.toml", "towncrier.toml", ".towncrier.toml")
"""Where towncrier reads its ``[tool.towncrier]`` table, at the root (each read up to
``MAX_CONFIG_CHARS``: a longer one is cut, and names no folder unless what is left parses)."""


def towncrier_directory(texts: Mapping[str, str]) -> str | None:
    """The fragment folder a root towncrier configuration (:data:`TOWNCRIER_CONFIGS`) names
    in its ``directory``, repo-relative; None when none names one inside the repository."""
    for config in TOWNCRIER_CONFIGS:
        data = load_manifest(config, texts.get(config, "")[:MAX_CONFIG_CHARS]) or {}
        tool = data.get("tool")
        table = tool.get("towncrier") if isinstance(tool, dict) else None
        directory = table.get("directory") if isinstance(table, dict) else None
        if isinstance(directory, str) and (folder := join_folder("", directory)):
            return folder
    return None


def _read(folder: str, corpus: Globs) -> bool:
    """Whether govern reads a page written in ``folder``: one outside a hidden folder is a
    page of the ``corpus`` or one calibrate counts as a page the corpus misses (prettier's
    ``changelog_unreleased/``, in 86 % of its commits that changed code with pages); one in
    a hidden folder (``.changeset/``) only when the corpus reads it."""
    return not any(name.startswith(".") for name in folder.split("/")) \
        or any(corpus.matches(f"{folder}/page.{ext}") for ext in DOCS_FORMATS)


def named_fragment_folder(path: str, changelogs: set[str]) -> str | None:
    """The shallowest folder holding ``path`` that is a fragment folder by its name: one of
    :data:`FRAGMENT_FOLDERS`, or the first :data:`UNRELEASED` one when it is inside a
    release-notes folder or beside a release-owned page (a folder of ``changelogs``). Only
    that first one is looked at, so a path of many such folders costs its length, not its
    depth times its length."""
    parts = path.split("/")[:-1]
    unreleased_seen = False
    for depth, name in enumerate(parts):
        beside_changelog = False
        if not unreleased_seen and name.lower().startswith(UNRELEASED):
            unreleased_seen = True
            beside_changelog = depth > 0 and (unseparated(parts[depth - 1]) in RELEASE_DIRS
                                              or "/".join(parts[:depth]) in changelogs)
        if beside_changelog or unseparated(name) in FRAGMENT_FOLDERS:
            return "/".join(parts[:depth + 1])
    return None


def fragment_folders(paths: list[str], texts: Mapping[str, str], owned: Globs,
                     corpus: Globs) -> list[str]:
    """``docs.exclude`` globs for the changelog-fragment folders committed (a file in them,
    if only a README between releases) whose pages govern would otherwise read
    (:func:`_read`): a folder named as a fragment folder (:func:`named_fragment_folder`;
    alembic's ``docs/build/unreleased/`` beside the release-owned
    ``docs/build/changelog.rst``, whose fragments had been rows, and a PR's own new one
    listed back to it), and the folder a towncrier configuration names. Not one govern
    already leaves out by its name (``changelog.d/``, ``newsfragments/``, ``changes/``:
    ``in_fragment_folder``)."""
    towncrier = towncrier_directory(texts)
    # the prefix of towncrier's files, unless its folder is one govern already leaves out
    inside = f"{towncrier}/" if towncrier is not None \
        and towncrier.rpartition("/")[2].lower() not in FRAGMENT_DIRS else None
    changelogs = {p.rpartition("/")[0] for p in docs_files(paths) if owned.matches(p)}
    found: set[str] = set()
    for path in paths:
        if inside is not None and path.startswith(inside):
            found.add(inside[:-1])
        elif (folder := named_fragment_folder(path, changelogs)) is not None:
            found.add(folder)
    return [f"{folder}/**" for folder in sorted(found) if _read(folder, corpus)]
