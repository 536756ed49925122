"""Where a repository's docs pages are, when no generator configuration says: folders named
like docs, the usual MDX site folders, the READMEs of published packages; and the folders a
translation leaves out."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from pathlib import PurePosixPath

from govern.config import Config
from govern.core.globs import Globs
from govern.drift.docs.corpus import README_NAMES, exact_glob
from govern.drift.docs.layout import (
    SITE_FOLDER_NAMES,
    Translation,
    ancestors,
    is_published,
    read_manifest,
)
from govern.init.generators import page_formats_under, under_folders
from govern.init.preset import MAX_CARRIERS

DOCS_DIRS = ("docs", "doc", "documentation")
DOCS_FORMATS = ("md", "mdx", "rst")
MDX_FOLDERS = ("content/docs", "docs", "pages", "src/pages", "src/content/docs")
"""Where Docusaurus, Fumadocs, Nextra and Starlight keep their pages."""


def translations_holding(globs: list[str], translated: list[Translation]
                         ) -> dict[str, list[Translation]]:
    """Each of ``globs``, in order, with the ``translated`` folders holding its folder (the
    glob before its ``/**``): fastapi's ``docs/hi/docs/**/*.md``, configured by its own
    mkdocs.yml, with ``docs/hi/``. Each folder is walked down the translations once
    (:func:`under_folders`): a test of every glob against every translation cost globs x
    translations (thousands of each on a tree of thousands of translated sites: minutes)."""
    by_folder = {t.folder: t for t in translated}
    # a folder as a path in it, so that the folder itself is walked to as well
    inside: dict[str, list[Translation]] = {glob.partition("/**")[0] + "/": []
                                            for glob in globs}
    for folder, path in under_folders(inside, by_folder):
        inside[path].append(by_folder[folder])
    return {glob: inside[glob.partition("/**")[0] + "/"] for glob in globs}


def translations_read(paths: list[str], translated: list[Translation],
                      corpus: Globs) -> list[Translation]:
    """The ``translated`` folders holding a path the ``corpus`` reads. Each path is walked
    down the translations once (:func:`under_folders`), where reading every path for each
    translation cost paths x translations (hours, on 100,000 paths and 10,000 of them)."""
    read: set[str] = set()
    for folder, path in under_folders(paths, [t.folder for t in translated]):
        if folder not in read and corpus.matches(path):
            read.add(folder)
    return [t for t in translated if t.folder in read]


def mdx_folders(paths: list[str]) -> list[str]:
    """Globs for the usual MDX site folders holding ``.mdx`` pages, when no generator
    configuration said where its pages are."""
    found = []
    for folder in MDX_FOLDERS:
        formats = page_formats_under(paths, folder, ("md", "mdx"))
        if "mdx" in formats:
            found += [f"{folder}/**/*.{ext}" for ext in formats]
    return found


def docs_roots(paths: list[str]) -> dict[str, set[str]]:
    """Shallowest folders named like docs that hold pages, with the formats found there."""
    roots: dict[str, set[str]] = {}
    for path in paths:
        parts = PurePosixPath(path)
        extension = parts.suffix.lstrip(".")
        if extension not in DOCS_FORMATS:
            continue
        folders = parts.parts[:-1]
        for depth, folder in enumerate(folders):
            if folder in DOCS_DIRS:
                root = "/".join(folders[:depth + 1])
                roots.setdefault(root, set()).add(extension)
                break
    # none is inside another: a root's path holds no docs-named folder above it (each path
    # stops at its first), so no filter of each root against every other (roots squared)
    return roots


def package_manifests_beside_readmes(paths: list[str]) -> list[str]:
    """The ``package.json`` files beside a README below the root, of packages no other
    package holds (a project template in a package's ``src/`` is its files, not a package
    of the repository's), at most :data:`MAX_CARRIERS`: whether each package is published
    says whether its README is docs."""
    packages = {p.rpartition("/")[0] for p in paths if p.endswith("/package.json")}
    readme_folders = {p.rpartition("/")[0] for p in paths
                      if "/" in p and p.rpartition("/")[2].lower() in README_NAMES}
    return [f"{folder}/package.json" for folder in sorted(packages & readme_folders)
            if not any(outer in packages for outer in ancestors(folder))][:MAX_CARRIERS]


def published_readmes(paths: list[str], texts: Mapping[str, str], pages: Mapping[str, str],
                      sites: Iterable[str]) -> list[str]:
    """The READMEs of the repository's published packages (a ``package.json`` beside it with
    a name, no ``"private": true``, and not a site app's: ``is_published``): npm shows them
    as the package's page, so they are docs (vite's ``packages/vite/README.md``), where a
    site's or an example app's README is its own boilerplate (valtio's private ``website/``,
    rtk's ``website/`` beside its ``docusaurus.config.ts``). ``pages`` is each folder's
    README (``readmes``), ``sites`` the folders of the generator configurations found."""
    found = set(sites)
    return [pages[manifest.rpartition("/")[0]]
            for manifest in package_manifests_beside_readmes(paths)
            if is_published(read_manifest(texts.get(manifest, "")), manifest, paths, found)]


def readme_globs(listed: list[str], paths: list[str], texts: Mapping[str, str],
                 sites: Collection[str]) -> tuple[list[str], list[str]]:
    """Globs for the ``listed`` READMEs (the published packages', :func:`published_readmes`),
    and what was folded. Those of two or more sibling folders, named alike
    (``examples/todos/README.md``, ``examples/mega-form/README.md``), are one glob,
    ``/examples/*/README.md``, so that a folder added later is read from its first commit,
    when every other README that glob matches is a private package's in a folder that is no
    docs site (jotai's ``examples/hello``, an example app like its siblings that declares
    itself private): the glob then reads nothing of another kind. Any other is its own
    path's."""
    groups: dict[tuple[str, str], list[str]] = {}
    for readme in listed:
        if "/" in readme:
            groups.setdefault(_parent_and_name(readme), []).append(readme)
    # the files each group's glob would read, the paths walked once for all groups
    beside: dict[tuple[str, str], list[str]] = {
        key: [] for key, members in groups.items() if len(members) >= 2}
    for path in paths:
        if "/" in path and (key := _parent_and_name(path)) in beside:
            beside[key].append(path)
    found = set(sites)
    folds: dict[str, str] = {}
    seen: list[str] = []
    for (parent, name), read in beside.items():
        members = set(groups[parent, name])
        others = [p for p in read if p not in members]
        if all(_private_app(p.rpartition("/")[0], texts, found) for p in others):
            glob = exact_glob(f"{parent}/*/{name}" if parent else f"*/{name}")
            folds.update(dict.fromkeys(members, glob))
            seen.append(f"{glob}: the READMEs of {len(members)} published packages side by "
                        f"side" + (f", and of the private ones beside them "
                                   f"({', '.join(p.rpartition('/')[0] for p in others)})"
                                   if others else ""))
    return list(dict.fromkeys(folds.get(p, exact_glob(p)) for p in listed)), seen


def _parent_and_name(path: str) -> tuple[str, str]:
    """The folder holding a file's folder ("" the root), and the file's name."""
    folder, _, name = path.rpartition("/")
    return folder.rpartition("/")[0], name


def _private_app(folder: str, texts: Mapping[str, str], sites: Collection[str]) -> bool:
    """Whether ``folder`` holds a package.json init read that declares it private, and is no
    docs site (a generator's configuration there, or a site's name such as ``website``)."""
    data = read_manifest(texts.get(f"{folder}/package.json", ""))
    return data is not None and data.get("private") is True and folder not in sites \
        and folder.rpartition("/")[2] not in SITE_FOLDER_NAMES


BLOG = "blog"


def is_blog_folder(name: str) -> bool:
    """Whether a folder is named ``blog`` after an optional order prefix (``99.blog``: Nuxt
    Content and Docus order a site's folders by a number and a dot); ``99.blogging`` is not."""
    order, dot, rest = name.partition(".")
    return name == BLOG or (bool(dot) and rest == BLOG and order.isascii() and order.isdigit())


ROOT_MANIFESTS = Config().code.package_manifests
"""The manifest names govern reads by default (``code.package_manifests``): the kinds init
proposes from, in this order, those committed at any depth and those the history deleted at
the root (the command asks git for these names alone: one walk of the history, under half a
second on vite's 9,620 commits, where a walk for any depth took three seconds there, and
twenty on a cold TanStack Query clone); and the markers of a folder holding a package."""


def folders_holding_packages(paths: list[str]) -> set[str]:
    """The folders holding a package at any depth: a package manifest (:data:`ROOT_MANIFESTS`)
    or a Python package's ``__init__.py`` inside them. Each marker's folders are walked up to
    the first one already found, so a deep tree costs its folders, not its depth squared."""
    markers = {"__init__.py", *ROOT_MANIFESTS}
    found: set[str] = set()
    for path in paths:
        if PurePosixPath(path).name not in markers:
            continue
        folder = path.rpartition("/")[0]
        while folder and folder not in found:
            found.add(folder)
            folder = folder.rpartition("/")[0]
    return found


def blog_folders(pages: list[str], paths: list[str]) -> list[str]:
    """``docs.exclude`` globs for the blogs among the corpus ``pages`` that the default excludes
    miss: the shallowest folder of a page named ``blog`` after an optional order prefix
    (:func:`is_blog_folder`; h3's ``docs/99.blog/``, whose release posts had been rows and New
    API homes), unless a package is inside it (a ``blog`` package's README is its docs)."""
    excluded = Config().docs.exclude
    packages = folders_holding_packages(paths)
    found: set[str] = set()
    for page in pages:
        if excluded.matches(page):
            continue
        folders = page.split("/")[:-1]
        depth = next((depth for depth, name in enumerate(folders) if is_blog_folder(name)), None)
        if depth is not None and (folder := "/".join(folders[:depth + 1])) not in packages:
            found.add(folder)
    return [f"{folder}/**" for folder in sorted(found)]
