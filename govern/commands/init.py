"""``govern init``: look at a repository, choose a gates preset, write a commented
``govern.toml`` holding every key of docs/reference/configuration.md with what was detected, and
copy the shipped workflows that preset uses into ``.github/workflows/`` (docs/how-to/setup.md).

Detection is a pure function of the paths committed at HEAD and the text of the few files that
show a process (changesets, PR templates), so what init proposes is what govern itself will
read; everything it cannot know keeps its default, written out so a maintainer sees the whole
table in one place.
"""

from __future__ import annotations

import re
import shutil
import textwrap
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import partial
from pathlib import PurePosixPath
from typing import Any

import click

from govern.commands.shared import open_git
from govern.config import BY_PATH, EXTRA_LOCKFILES, KEYS, Config, parse_config, validate
from govern.config.render import render_value
from govern.config.sections import FRAGMENT_DIRS, GATES, in_fragment_folder
from govern.core.errors import GovernError, NotJudged
from govern.core.globs import Globs, glob_problem
from govern.core.resources import data_dir
from govern.drift.anchors.routes import has_registration_line
from govern.drift.docs.corpus import PAGE_SUFFIXES, README_NAMES, exact_glob, readmes
from govern.drift.docs.layout import (
    MAX_CONFIG_CHARS,
    MAX_MARKED_PAGES,
    VITEPRESS_FOLDER,
    SiteCode,
    ancestors,
    folder_globs,
    generated_indexes,
    is_generated_page,
    is_published,
    mkdocs_hooks,
    read_manifest,
    site_apps,
    site_manifests,
    translations,
    under,
    vitepress_src_exclude,
)
from govern.drift.docs.scanner import is_release_notes_title, page_title

DOCS_DIRS = ("docs", "doc", "documentation")
DOCS_FORMATS = ("md", "mdx", "rst")
RELEASE_DIRS = ("releases", "releasenotes", "changelog", "changelogs", "announcements")
"""Release-notes folders, spelled without separators (``release_notes`` is ``release-notes``)."""
RELEASE_PAGES = ("changelog", "releasenotes")
"""Release-notes pages, spelled likewise (black's ``docs/change_log.md``)."""
GUARDRAILS_DOCS = ("AGENTS.md", *(f"{folder}CONTRIBUTING.{suffix}"
                                   for folder in ("", ".github/", "docs/")
                                   for suffix in ("md", "rst", "txt")))
"""In order of preference, whatever their case; a contributing guide is where GitHub looks for
one, in any of the formats GitHub shows (pytest's ``CONTRIBUTING.rst``)."""
ROUTE_FILE_NAMES = ("routes", "router", "urls", "views", "api")
ROUTE_FILE_SUFFIXES = (".py", ".ts", ".js")
MAX_ROUTE_FILES = 50
"""Route-named files read for a registration: the note names five, bounded on a repository
of many ``views.py``."""
COMMENT_WIDTH = 98
"""Description comments are wrapped to fit 100 columns with their ``# ``."""
CHANGESETS_CONFIG = ".changeset/config.json"
PR_TEMPLATES = (".github/pull_request_template.md", ".github/PULL_REQUEST_TEMPLATE.md",
                "pull_request_template.md", "docs/pull_request_template.md")
DECLARATION_LINES = ("Clause-②:", "Metadata-protocol:")
"""A carrier holding both lines shows the contract process is already in use."""
_LINES = "/".join(f"`{line}`" for line in DECLARATION_LINES)
GATES_PAGE = "docs/how-to/gates.md"
"""Where the gates, the presets and the declaration lines are explained."""
EXPLAINED = {
    "declarations.required": (
        "Read only by the declarations gate (preset \"contract\", or gates.enable), which then "
        "requires one such line per key in each PR body and changeset, as `Clause-②: no` and "
        "`Metadata-protocol: none` (the second sets the least changeset bump): see "
        f"{GATES_PAGE}#declaration-lines."),
}
"""Keys whose registry sentence assumes a process a maintainer new to govern does not know:
what they are, written above the key in the generated govern.toml."""
MAX_CARRIERS = 50
"""Changesets read for declaration lines: enough to see a habit, bounded on a big backlog."""
RELEASE_TOOLS = ("lerna.json", "release-please-config.json", ".release-please-manifest.json",
                 ".goreleaser.yml", ".goreleaser.yaml", "cliff.toml", "towncrier.toml")
"""Release tooling other than changesets, by the file it is configured in."""
MDX_FOLDERS = ("content/docs", "docs", "pages", "src/pages", "src/content/docs")
"""Where Docusaurus, Fumadocs, Nextra and Starlight keep their pages."""

@dataclass(frozen=True)
class Detected:
    """What the paths at HEAD say, as configuration values, and notes for the reader."""

    values: dict[str, Any]
    """Dotted key → detected value (only keys something was found for)."""
    notes: dict[str, str]
    """Dotted key → what was seen, written as a comment above the key."""
    preset: str = "minimal"
    reasons: tuple[str, ...] = field(default=())
    """Why that preset, one line each."""


def declaration_carriers(paths: list[str]) -> list[str]:
    """The committed files whose text says whether a declaration process exists: the PR
    templates and (a bounded number of) changesets."""
    changesets = [p for p in paths if p.startswith(".changeset/") and p.endswith(".md")
                  and p != ".changeset/README.md"]
    return [p for p in PR_TEMPLATES if p in paths] + sorted(changesets)[:MAX_CARRIERS]


def _holds_declarations(text: str) -> bool:
    lines = [line.strip() for line in text.splitlines()]
    return all(any(line.startswith(key) for line in lines) for key in DECLARATION_LINES)


def choose_preset(paths: list[str], texts: Mapping[str, str]) -> tuple[str, tuple[str, ...]]:
    """The gates preset for a repository, and why (docs/how-to/gates.md#presets)."""
    carrier = next((p for p in declaration_carriers(paths)
                    if _holds_declarations(texts.get(p, ""))), None)
    if carrier:
        return "contract", (f"{carrier} carries Clause-② and Metadata-protocol lines: the "
                            "contract process is in use, so every gate runs",)
    if CHANGESETS_CONFIG in paths:
        return "changesets", (f"{CHANGESETS_CONFIG} found: changesets are in use, so the "
                              "changesets gate runs",
                              f"no {_LINES} lines in the PR template or changesets, so the "
                              "declarations gate, which requires them in every PR body and "
                              "changeset, stays off; preset = \"contract\" turns it on "
                              f"({GATES_PAGE}#declaration-lines)")
    release = release_process(paths)
    return "minimal", (f"no {CHANGESETS_CONFIG} and no {_LINES} lines in the PR template or "
                       "changesets, so the process gates stay off (they require a changeset "
                       "for each published package a PR changes, those declaration lines in "
                       "every PR, release notes left to releases, a review record for "
                       "governed paths and commit messages without `Fixes #N`) and size and "
                       "docs-refs run; [gates] preset = \"changesets\" or \"contract\" turns "
                       f"them on ({GATES_PAGE}#presets)",
                       *([f"release process found ({', '.join(release)}): govern leaves it "
                          "as it is"] if release else []))


def release_process(paths: list[str]) -> list[str]:
    """The committed files that show how this repository already releases (at most five)."""
    found = {p for p in paths if p in RELEASE_TOOLS
             or PurePosixPath(p).name.startswith((".releaserc", "release.config."))
             and "/" not in p
             or p.startswith(".github/workflows/")
             and PurePosixPath(p).name.startswith(("release", "publish"))}
    # towncrier's news fragments, named by their top folder as the repository spells it
    found |= {f"{p.partition('/')[0]}/" for p in paths
              if "/" in p and p.partition("/")[0].lower() in FRAGMENT_DIRS
              and in_fragment_folder(p)}
    return sorted(found)[:5]


@dataclass(frozen=True)
class Generator:
    """A docs generator whose configuration file names the folder its pages live in."""

    name: str
    configs: tuple[str, ...]
    """How the paths of its configuration end (a file name, or VitePress's
    ``.vitepress/config.ts``); what comes before is the site's folder, at most
    ``MAX_CONFIG_DEPTH`` folders deep."""
    folders: tuple[str, ...]
    """Where its pages live by default, relative to the site's folder."""
    formats: tuple[str, ...]
    setting: re.Pattern[str] | None = None
    """Reads the folder the configuration names instead (group 1), when it names one."""
    marker: re.Pattern[str] | None = None
    """Text the configuration must hold to be this generator's (a conf.py or next.config
    is not always Sphinx's or Nextra's)."""
    optional: tuple[str, str] | None = None
    """A further page format, and the text that shows the configuration reads it (Sphinx
    reads Markdown only through MyST)."""


MAX_CONFIG_DEPTH = 2
"""``docs/conf.py``, ``docs/source/conf.py``, ``www/docusaurus.config.ts``: deeper is a
fixture or an example, not the project's site."""
_QUOTED = r"""['"]([^'"\n]{1,200})['"]"""
GENERATORS = (
    Generator("MkDocs", ("mkdocs.yml", "mkdocs.yaml"), ("docs",), ("md",),
              setting=re.compile(r"^docs_dir:[ \t]*['\"]?([^'\"#\s]{1,200})", re.M)),
    Generator("Sphinx", ("conf.py",), ("",), ("rst",),
              marker=re.compile(r"^(?:extensions|html_theme|master_doc|root_doc)[ \t]*=",
                                re.M), optional=("md", "myst")),
    # the docs plugin's (or preset's ``docs:``) own ``path:`` on a line of its own, before any
    # nested block (a version's ``path:`` is its URL, the blog's is not docs pages)
    Generator("Docusaurus", tuple(f"docusaurus.config.{e}" for e in ("js", "ts", "mjs", "cjs",
                                                                      "mts")),
              ("docs",), ("md", "mdx"),
              setting=re.compile(r"(?:\bdocs:[ \t]*\{|plugin-content-docs['\"])"
                                 r"[^{}]{0,2000}?\n[ \t]*path:[ \t]*" + _QUOTED)),
    Generator("Fumadocs", ("source.config.ts", "source.config.mts", "source.config.js"),
              ("content/docs",), ("md", "mdx"),
              # ``dir: 'x'``, or its last argument in ``path.resolve(process.cwd(), 'x')``
              # (the site runs from its own folder)
              setting=re.compile(r"\bdir:[ \t]*(?:path\.(?:resolve|join)\([^'\"\n]{0,200}?)?"
                                 r"(?:['\"][^'\"\n]{0,200}['\"][ \t]*,[ \t]*){0,4}" + _QUOTED)),
    # the site is the folder holding .vitepress/, its pages that folder's (or srcDir's)
    Generator("VitePress", tuple(f"{VITEPRESS_FOLDER}/{name}.{e}" for name in ("config",
                                                                             "config/index")
                                 for e in ("js", "ts", "mjs", "mts")),
              ("",), ("md",),
              setting=re.compile(r"\bsrcDir:[ \t]*" + _QUOTED)),
    Generator("Nextra", ("theme.config.tsx", "theme.config.jsx", "theme.config.ts",
                         "theme.config.js", "next.config.js", "next.config.mjs",
                         "next.config.ts"),
              ("content", "pages", "src/content", "src/pages"), ("md", "mdx"),
              marker=re.compile(r"nextra", re.I)),
)


def route_files(paths: list[str]) -> list[str]:
    """The committed files named like route files (``routes.py``, ``router.ts``), at most
    :data:`MAX_ROUTE_FILES`: init reads them, as a name alone registers no route (zod's
    ``core/api.ts``, axios's ``bin/api.js``)."""
    return sorted(p for p in paths if PurePosixPath(p).stem in ROUTE_FILE_NAMES
                  and PurePosixPath(p).suffix in ROUTE_FILE_SUFFIXES)[:MAX_ROUTE_FILES]


def _site_of(path: str) -> tuple[Generator, str] | None:
    """The generator ``path`` configures and its site's folder ("" the root), when it is a
    generator configuration at most two folders deep."""
    for generator in GENERATORS:
        for ending in generator.configs:
            if path == ending or path.endswith("/" + ending):
                site = path[:-len(ending)].rstrip("/")
                if site.count("/") + bool(site) <= MAX_CONFIG_DEPTH:
                    return generator, site
    return None


def generator_configs(paths: list[str]) -> list[str]:
    """The committed generator configurations init reads (each at most two folders deep)."""
    return sorted(p for p in paths if _site_of(p) is not None)


def _join(folder: str, rel: str) -> str | None:
    """``rel`` under ``folder``, repo-relative ("" is the root); None when it leaves the
    repository (``../../x`` from a shallow site)."""
    parts: list[str] = []
    for part in PurePosixPath(folder, rel.strip("/")).parts:
        if part == "..":
            if not parts:
                return None
            parts.pop()
        elif part not in (".", ""):
            parts.append(part)
    return "/".join(parts)


def _shown(site: str, rel: str) -> str:
    folder = _join(site, rel)
    return f"{rel} (outside the repository)" if folder is None else f"{folder or '.'}/"


def _pages_under(paths: list[str], folder: str, formats: tuple[str, ...]) -> list[str]:
    """The formats of the pages under ``folder`` ("" is the whole repository), in order."""
    inside = [p for p in paths if not folder or p.startswith(folder + "/")]
    return [ext for ext in formats if any(p.endswith("." + ext) for p in inside)]


def _generators(paths: list[str], texts: Mapping[str, str]
                ) -> list[tuple[Generator, str, str, str]]:
    """Each committed configuration that is its generator's (its marker found): the
    generator, the configuration, its text and the site's folder."""
    found = []
    for config in sorted(paths):
        if (located := _site_of(config)) is None:
            continue
        generator, site = located
        text = texts.get(config, "")[:MAX_CONFIG_CHARS]
        if not generator.marker or generator.marker.search(text):
            found.append((generator, config, text, site))
    return found


def _generator_docs(paths: list[str], generators: list[tuple[Generator, str, str, str]]
                    ) -> tuple[list[str], list[str]]:
    """The docs globs the generators' own configurations point at, and what was seen: each
    folder used, and each named folder that holds no pages (never used, issue 14)."""
    globs: list[str] = []
    seen: list[str] = []
    for generator, config, text, site in generators:
        folders = _named_folders(generator, text)
        formats = generator.formats
        if generator.optional and generator.optional[1] in text:
            formats += (generator.optional[0],)
        found = [(folder, kinds) for folder in (_join(site, f) for f in folders)
                 if folder is not None and (kinds := _pages_under(paths, folder, formats))]
        if not found:
            where = " or ".join(_shown(site, f) for f in folders)
            seen.append(f"{generator.name} ({config}) names {where}, which holds no pages: "
                        "not used")
            continue
        folder, kinds = found[0]
        added = [f"{folder}/**/*.{ext}" if folder else f"**/*.{ext}" for ext in kinds]
        if set(added) <= set(globs):
            continue  # a second configuration of the same site (Nextra's theme and next.config)
        globs += added
        seen.append(f"{generator.name} ({config}): {folder or '.'}/")
    return globs, seen


def _named_folders(generator: Generator, text: str) -> list[str]:
    """The folder a generator's configuration names for its pages, else its default ones
    (relative to its site's folder)."""
    named = generator.setting.search(text) if generator.setting else None
    return [named.group(1)] if named else list(generator.folders)


MAX_SRC_EXCLUDE = 50
"""srcExclude globs init checks against the pages: a real list holds a few."""
MAX_SRC_EXCLUDE_CHARS = 200
"""A srcExclude glob longer than this is not read: a real one is a path or two with a
wildcard, and matching costs a page's length times the glob's."""


def src_excluded(pages: list[str], generators: list[tuple[Generator, str, str, str]]
                 ) -> tuple[list[str], list[str]]:
    """``docs.exclude`` globs for the pages a VitePress site leaves out of its build
    (``srcExclude``, relative to its pages' folder: vitest's generated
    ``guide/cli-generated.md`` and its ``AGENTS.md``), each that matches one of the corpus
    ``pages`` at least; and what was seen, a list init cannot read included."""
    globs: list[str] = []
    seen: list[str] = []
    for generator, config, text, site in generators:
        if generator.name != "VitePress":
            continue
        listed = vitepress_src_exclude(text)
        if listed is None:
            seen.append(f"{config} sets srcExclude otherwise than as a list of quoted globs: "
                        "not read")
            continue
        folder = _join(site, _named_folders(generator, text)[0])
        if folder is None:
            continue
        # one matcher per glob, compiled once and not once per page (50 globs of 800
        # characters over 200 pages: half a minute)
        matchers = [Globs((glob,)) for rel in listed[:MAX_SRC_EXCLUDE]
                    if len(rel) <= MAX_SRC_EXCLUDE_CHARS
                    and (glob := _in_folder(folder, rel)) is not None]
        found = [matcher.patterns[0] for matcher in matchers
                 if any(matcher.matches(page) for page in pages)]
        globs += found
        if found:
            seen.append(f"{config}'s srcExclude, pages the site does not build: "
                        f"{', '.join(found)}")
    return globs, seen


def _in_folder(folder: str, rel: str) -> str | None:
    """A glob relative to ``folder`` ("" the root) as one relative to the root; None for one
    that cannot be said so (a negation, an absolute path, one leaving the folder, one govern
    cannot match)."""
    rel = rel.removeprefix("./")
    if rel.startswith(("!", "/")) or ".." in rel.split("/"):
        return None
    # anchored as VitePress reads it: a name alone is the folder's own file, not any depth's
    glob = f"{folder}/{rel}" if folder else rel if "/" in rel.rstrip("/") else "/" + rel
    return None if glob_problem(glob) else glob


def generator_sites(paths: list[str]) -> list[str]:
    """The folders of the committed generator configurations' sites ("" the root)."""
    return [located[1] for p in generator_configs(paths) if (located := _site_of(p))]


def site_code(paths: list[str], texts: Mapping[str, str],
              generators: list[tuple[Generator, str, str, str]]) -> list[SiteCode]:
    """``code.exclude`` globs for the code that builds the docs site, not the product: site
    apps and ``.vitepress/`` folders (``site_apps``), a Sphinx site's ``conf.py`` and its
    ``_ext/`` extensions, an MkDocs site's hooks. Changes there reach no page a code PR's
    author must edit (valtio's nav in ``website/lib/mdx.ts`` listed two contributor notes
    for each nav change)."""
    found = site_apps(paths, texts, [site for *_, site in generators])
    for generator, config, text, site in generators:
        if generator.name == "Sphinx":
            found.append(SiteCode(exact_glob(config), "the Sphinx configuration"))
            extensions = f"{site}/_ext" if site else "_ext"
            if any(p.startswith(extensions + "/") and p.endswith(".py") for p in paths):
                found.append(SiteCode(f"{extensions}/**", "its Sphinx extensions"))
        elif generator.name == "MkDocs":
            found += [SiteCode(exact_glob(hook), "an MkDocs hook")
                      for hook in mkdocs_hooks(config, text) if hook in paths]
    return found


def _without_translations(globs: list[str], translated: list[str]) -> list[str]:
    """``globs`` but those of a folder inside a translation (fastapi's ``docs/hi/docs/``,
    configured by its own mkdocs.yml), unless that leaves none."""
    kept = [glob for glob in globs
            if not any(under(glob.partition("/**")[0], folder) for folder in translated)]
    return kept or globs


def _mdx_folders(paths: list[str]) -> list[str]:
    """Globs for the usual MDX site folders holding ``.mdx`` pages, when no generator
    configuration said where its pages are."""
    found = []
    for folder in MDX_FOLDERS:
        formats = _pages_under(paths, folder, ("md", "mdx"))
        if "mdx" in formats:
            found += [f"{folder}/**/*.{ext}" for ext in formats]
    return found


def _docs_roots(paths: list[str]) -> dict[str, set[str]]:
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
    return {root: formats for root, formats in roots.items()
            if not any(root.startswith(other + "/") for other in roots)}


def _release_owned(paths: list[str], roots: dict[str, set[str]]) -> list[str]:
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
             and _unseparated(PurePosixPath(p).stem) in RELEASE_DIRS
             and p.rpartition(".")[0] in folders]
    paths = [p for p in paths if not owned.matches(p)]
    for root in sorted(roots):
        inside = [p[len(root) + 1:] for p in paths if p.startswith(root + "/")]
        found += sorted({f"{root}/{rel.partition('/')[0]}/**" for rel in inside
                         if "/" in rel and _unseparated(rel.partition("/")[0]) in RELEASE_DIRS})
        # each spelling found, its separator either one: `change[-_]log.*`
        found += sorted({f"{root}/**/{re.sub('[-_]', '[-_]', stem)}.*"
                         for stem in (PurePosixPath(rel).stem for rel in inside)
                         if _unseparated(stem) in RELEASE_PAGES})
        if any(PurePosixPath(rel).stem.lower().endswith("-announcement") for rel in inside):
            found.append(f"{root}/**/*-announcement.*")
    return found


def _unseparated(name: str) -> str:
    """``name`` in lower case without its ``-`` and ``_``: ``Release_Notes`` → releasenotes."""
    return name.lower().replace("-", "").replace("_", "")


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


GITIGNORE = ".gitignore"
"""The root one only: its patterns are relative to the root, as docs.exclude's are."""


def _usable_patterns(gitignore: str) -> tuple[str, ...]:
    """The patterns of a .gitignore that are globs govern can match (one it cannot is left
    out, not a failure of init: the file is git's, not govern's)."""
    lines = (line for line in gitignore[:MAX_CONFIG_CHARS].splitlines()
             if line.strip() and not line.startswith("#"))
    return tuple(line for line in lines if glob_problem(line) is None)


def generated_pages(pages: list[str], gitignore: str) -> list[str]:
    """``docs.exclude`` globs for the corpus ``pages`` the repository tracks though its root
    .gitignore ignores them: generated output committed anyway (pinia's typedoc pages in
    ``packages/docs/api/``, which its .gitignore lists), whose "Defined in src/types.ts:50"
    links would list every generated page for any change to that file. The shallowest ignored
    folder holding no page that is kept, as ``folder/**``, else the page itself
    (:func:`folder_globs`)."""
    ignored = Globs(_usable_patterns(gitignore))
    # a folder is matched as one (``docs/api/``), as git matches it when walking the tree
    return folder_globs(pages, {p for p in pages if ignored.matches(p)},
                        lambda folder: ignored.matches(folder + "/"))


def docs_files(paths: list[str]) -> list[str]:
    """The md/mdx/rst files of ``paths``."""
    return [p for p in paths if p.endswith(PAGE_SUFFIXES)]


def marked_pages(pages: list[str], texts: Mapping[str, str]) -> tuple[list[str], int]:
    """``docs.exclude`` globs for the corpus pages a reference generator wrote
    (:func:`is_generated_page`: TanStack's typedoc pages, committed under
    ``docs/framework/*/reference/``), and how many pages carry its mark. Their source links
    listed every generated page of a file for any change to it (47 rows for 4 pages edited),
    and they are regenerated, never edited by hand. The index page typedoc writes beside them
    goes with them (:func:`generated_indexes`)."""
    marked = {p for p in pages if is_generated_page(texts.get(p, ""))}
    marked |= generated_indexes(pages, marked, texts)
    return folder_globs(pages, marked), len(marked)


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


def page_texts_wanted(paths: list[str]) -> list[str]:
    """The pages init reads for a generator's mark and a release-notes title: every md/mdx/rst
    file, unless there are more than :data:`MAX_MARKED_PAGES`."""
    pages = docs_files(paths)
    return pages if len(pages) <= MAX_MARKED_PAGES else []


def detect(paths: list[str], texts: Mapping[str, str] | None = None) -> Detected:
    """Configuration values for a repository holding ``paths`` (repo-relative, POSIX);
    ``texts`` holds the text of its ``declaration_carriers``, ``generator_configs``,
    ``route_files``, ``package_manifests_beside_readmes``, ``site_manifests`` and root
    ``.gitignore``."""
    values: dict[str, Any] = {}
    notes: dict[str, str] = {}
    names = {PurePosixPath(p).name for p in paths}
    roots = _docs_roots(paths)
    generators = _generators(paths, texts or {})
    globs, seen = _generator_docs(paths, generators)
    if not globs and (globs := _mdx_folders(paths)):
        seen.append("MDX pages (Docusaurus, Fumadocs or Nextra)")
    if not globs and roots:
        globs = [f"{root}/**/*.{ext}" for root in sorted(roots)
                 for ext in DOCS_FORMATS if ext in roots[root]]
        seen.append(", ".join(f"{root}/ ({', '.join(sorted(roots[root]))})"
                              for root in sorted(roots)))
    pages = readmes(paths)
    readme = pages.get("")
    corpus_readmes = [exact_glob(p) for p in ([readme] if readme else [])
                      + published_readmes(paths, texts or {}, pages,
                                          [site for *_, site in generators])]
    no_folder = ""  # why no docs folder is proposed, when none is
    if globs:
        values["docs.paths"] = [*globs, *corpus_readmes]
    elif readme is not None:
        # the READMEs alone: the default folders' globs would match no page here, and a glob
        # matching nothing is one calibrate then asks to remove (axios)
        folders = [g for g in BY_PATH["docs.paths"].default_toml if "/" in g]
        values["docs.paths"] = corpus_readmes
        no_folder = (f"no docs folder found; the root README is {readme}; the default "
                     f"{', '.join(folders)} left out: they match no page")
    else:
        no_folder = ("no docs folder and no README found: affected-docs has no page to list "
                     "until docs.paths names some")
    translated = translations(paths)
    if "docs.paths" in values:
        kept = _without_translations(values["docs.paths"], [t.folder for t in translated])
        seen += [f"{glob} left out: {t.folder}/ translates {t.source or '.'}/ ({t.why})"
                 for glob in values["docs.paths"] if glob not in kept
                 for t in translated if under(glob.partition("/**")[0], t.folder)]
        values["docs.paths"] = kept
    if said := "; ".join(filter(None, ["detected: " + "; ".join(seen) if seen else "",
                                        no_folder])):
        notes["docs.paths"] = said
    docs_paths = values.get("docs.paths", BY_PATH["docs.paths"].default_toml)
    corpus = Globs(tuple(docs_paths))
    in_corpus = [p for p in docs_files(paths) if corpus.matches(p)]
    generated = generated_pages(in_corpus, (texts or {}).get(GITIGNORE, ""))
    marked, marks = marked_pages(in_corpus, texts or {})
    marked = [glob for glob in marked if glob not in generated]
    unbuilt, unbuilt_seen = src_excluded(in_corpus, generators)
    unbuilt = [glob for glob in unbuilt if glob not in (*generated, *marked)]
    unread = len(docs_files(paths)) > MAX_MARKED_PAGES
    # a translation the corpus reads: a code PR's author is not expected to edit it
    translated = [t for t in translated if any(under(p, t.folder) and corpus.matches(p)
                                               for p in paths)]
    excluded = [*generated, *marked, *unbuilt, *(f"{t.folder}/**" for t in translated)]
    if excluded:
        # added to the defaults: a blog started later stays out of the corpus from day one
        values["docs.exclude"] = [*BY_PATH["docs.exclude"].default_toml, *excluded]
    why_excluded = [
        *([f"tracked though the root .gitignore lists them, so read as generated output and "
           f"kept out of the corpus: {', '.join(generated)}"] if generated else []),
        *([f"detected: {marks} page(s) a reference generator wrote (typedoc's \"Defined "
           f"in:\" lines and its index pages linking only to them, API Documenter's header), "
           f"regenerated rather than edited: {', '.join(marked)}"] if marked else []),
        *(f"detected: {seen}" for seen in unbuilt_seen),
        *([f"pages not read for a reference generator's mark: the repository has more than "
           f"{MAX_MARKED_PAGES:,} md/mdx/rst files (exclude generated ones by hand)"]
          if unread else []),
        *(f"detected: {t.folder}/** translates {t.source or '.'}/ ({t.why}), which a code "
          "PR's author is not expected to edit" for t in translated)]
    if why_excluded:
        notes["docs.exclude"] = "; ".join(why_excluded)
    site = site_code(paths, texts or {}, generators)
    if site:
        values["code.exclude"] = [s.glob for s in site]
        notes["code.exclude"] = ("detected: code that builds the docs site, not the product "
                                 "(delete a glob to read its changes again): "
                                 + "; ".join(f"{s.glob} ({s.why})" for s in site))
    release_default = BY_PATH["docs.release_owned"].default_toml
    release = [p for p in _release_owned(paths, roots) if p not in release_default]
    owned = Globs((*release_default, *release))
    titles = {p: page_title(text, p) for p in in_corpus if (text := (texts or {}).get(p))}
    titled = titled_release_pages([p for p in in_corpus if not owned.matches(p)], titles)
    past = [exact_glob(p) for p in past_migration_guides(in_corpus, titles)
            if not owned.matches(p)]
    if release or titled or past:
        # added to the defaults: a CHANGELOG.md written later is release-owned from day one
        values["docs.release_owned"] = [*release_default, *release, *titled, *past]
        notes["docs.release_owned"] = "; ".join([
            *(["detected from the changelogs and release-notes folders"] if release else []),
            *([f"titled as release notes: {', '.join(titled)}"] if titled else []),
            *([f"migration guides to a past major version (a newer one, or a newer release's "
               f"notes, beside them): {', '.join(past)}"] if past else [])])
    manifests = [m for m in Config().code.package_manifests if m in names]
    if manifests:
        values["code.package_manifests"] = manifests
        count = sum(PurePosixPath(p).name in manifests for p in paths)
        notes["code.package_manifests"] = f"detected: {count} manifest(s)"
    # as the page is written (GitHub takes `.github/contributing.md` as well)
    by_lower = {path.lower(): path for path in sorted(paths, reverse=True)}
    guardrails = next((by_lower[doc.lower()] for doc in GUARDRAILS_DOCS
                       if doc.lower() in by_lower), None)
    # never a page that does not exist (issue 14)
    values["comment.guardrails_doc"] = guardrails or ""
    notes["comment.guardrails_doc"] = (
        f"detected: {guardrails}, cited by the comment's read-only notice" if guardrails
        else "no AGENTS.md or CONTRIBUTING.md (at the root, .github/ or docs/): no page is "
             "named")
    lockfiles = sorted(names & set(EXTRA_LOCKFILES))
    if lockfiles:
        for key in ("gates.size_ignore", "overlap.ignore"):
            values[key] = [*BY_PATH[key].default_toml, *lockfiles]
            notes[key] = "the usual lockfiles, and those detected: " + ", ".join(lockfiles)
    # the line that makes auto-detection scan a file (govern/drift/scans.py) makes it a route
    # file here, so the note names only files whose routes are read
    routes = [p for p in route_files(paths)
              if has_registration_line((texts or {}).get(p, "").encode())]
    ledgers = Config().routes.ledgers.select(paths)
    if routes or ledgers:
        # the key is written empty: say why nothing needs adding, not only what was seen
        found = [*([f"auto-detection reads the files found registering routes "
                    f"({', '.join(routes[:5])})"] if routes else []),
                 *([f"routes.ledgers' defaults match {', '.join(ledgers[:5])}"]
                   if ledgers else [])]
        notes["routes.registrars"] = "nothing to add: " + "; ".join(found)
    preset, reasons = choose_preset(paths, texts or {})
    if preset != BY_PATH["gates.preset"].default:
        values["gates.preset"] = preset
    return Detected(values, notes, preset, reasons)


def _wrap(text: str) -> list[str]:
    """A comment's lines; a path or a ``Clause-②`` is never split at its hyphen."""
    return textwrap.wrap(text, COMMENT_WIDTH, break_on_hyphens=False, break_long_words=False)


def render_config(detected: Detected) -> str:
    """The commented govern.toml: every key with the registry's description, detected values
    where found, defaults else."""
    out = ["# govern configuration (written by `govern init`; every key is shown, with its",
           "# default unless something in this repository suggested another value).",
           "# Gates read this file from the merge base, so a PR cannot loosen its own rules."]
    section = ""
    for key in KEYS:
        if key.section != section:
            section = key.section
            out += ["", f"[{section}]"]
        text = " ".join([key.description, *([EXPLAINED[key.dotted]]
                                            if key.dotted in EXPLAINED else [])])
        out += [f"# {line}" for line in _wrap(text)]
        if key.dotted in detected.notes:
            out += [f"# {line}" for line in _wrap(detected.notes[key.dotted])]
        if key.dotted == "gates.preset":
            out += [f"# {line}" for reason in detected.reasons
                    for line in _wrap(f"chosen by govern init: {reason}")]
        value = detected.values.get(key.dotted, key.default_toml)
        out.append(f"{key.name} = {render_value(value)}")
    return "\n".join(out) + "\n"


WORKFLOWS = {
    "docs-drift-check.yml": "computes which docs pages each PR's code change names (advisory)",
    "docs-drift-post.yml": "posts that as the PR's Docs Drift Check comment, fork PRs included",
    "overlap.yml": "computes which open PRs conflict with which (advisory)",
    "overlap-post.yml": "posts the PR overlap comments",
    "governance.yml": "runs the enabled `govern check` gates on every PR and merge group",
}
"""Each shipped workflow, and what it does once committed."""


def workflows_for(config: Config) -> list[str]:
    """The shipped workflows a configuration uses: governance.yml only when a gate runs."""
    return [name for name in WORKFLOWS
            if name != "governance.yml" or any(config.gates.enabled(g) for g in GATES)]


def render_next_step(config: Config) -> str:
    """The one step init cannot take: which status to make required."""
    if not any(config.gates.enabled(g) for g in GATES):
        return ("Next: commit these files and open a PR; the comments are advisory, so no "
                "status needs to be required.")
    statuses = "the `Governance gates` check"
    if config.gates.enabled("governed"):
        statuses += " and the `govern/governed (<default branch>)` status"
    return (f"Next: commit these files, then make {statuses} required in your default branch's "
            "protection rule (Settings → Branches or Rules).")


# The shipped workflows pin govern's action to forty zeros until the user names the govern
# commit they vetted (tests/test_workflows_variants.py holds every workflow to it).
INSTALL_NOTE = ("The workflows run govern's action, pinned to a placeholder of forty zeros that "
                "fails their `Install govern` step: pin the govern commit you vetted with "
                "sed -i 's/0\\{40\\}/YOUR_GOVERN_SHA/' .github/workflows/*.yml "
                "(or copy workflows/pip/ instead to install a release with pip).")


@click.command("init")
@click.option("--force", is_flag=True, help="Overwrite govern.toml and the workflows.")
@click.option("--dry-run", is_flag=True,
              help="Write nothing: print the govern.toml init would write on stdout (to review "
                   "or redirect) and the rest of its report on stderr.")
@click.pass_context
def init(ctx: click.Context, force: bool, dry_run: bool) -> None:
    """Choose a gates preset for this repository, write govern.toml and copy the workflows
    that preset uses into .github/workflows/. Refuses to overwrite without --force."""
    git = open_git(ctx)
    try:
        if not git.has_commit("HEAD"):
            raise NotJudged("this repository has no commit yet: govern init reads what is "
                            "committed", remedy="commit your files, then run govern init")
        blobs = {entry.path: entry.sha for entry in git.ls_tree("HEAD")}
        paths = list(blobs)
        read = [*declaration_carriers(paths), *generator_configs(paths), *route_files(paths),
                *package_manifests_beside_readmes(paths),
                *site_manifests(paths, generator_sites(paths)),
                *([GITIGNORE] if GITIGNORE in paths else []), *page_texts_wanted(paths)]
        # by blob id, in one exchange: a `rev:path` read per file scans each folder on its path
        got = git.read_texts([blobs[path] for path in dict.fromkeys(read)])
        texts = {path: got.get(blobs[path]) or "" for path in dict.fromkeys(read)}
        dirty = git.is_dirty()
    finally:
        git.close()
    detected = detect(paths, texts)
    text = render_config(detected)
    # What init writes must load: a detected value that does not validate is a bug here.
    config = validate(parse_config(text, "govern.toml", pyproject=False) or {}, "govern.toml")
    root = git.root
    written = {"govern.toml": f"the configuration every gate reads (preset "
                              f"\"{detected.preset}\")"}
    written |= {f".github/workflows/{name}": WORKFLOWS[name] for name in workflows_for(config)}
    existing = [path for path in written if (root / path).exists()]
    if existing and not force and not dry_run:
        raise GovernError("govern init would overwrite " + ", ".join(existing),
                          remedy="pass --force to overwrite them, or move them aside")
    if dry_run:
        # the file alone on stdout, so `govern init --dry-run > govern.toml` writes it as is
        click.echo(text, nl=False)
    say = partial(click.echo, err=dry_run)
    if dirty:
        # a docs folder or mkdocs.yml edited but not committed would silently not count
        say("note: uncommitted changes are not read: init looks at what is committed at HEAD "
            "(commit them and run it again to include them)")
    say(f"preset: {detected.preset}")
    for reason in detected.reasons:
        say(f"  why: {reason}")
    for dotted, note in detected.notes.items():
        say(f"{dotted}: {note}")
    if not dry_run:
        try:
            (root / "govern.toml").write_text(text, encoding="utf-8")
            (root / ".github" / "workflows").mkdir(parents=True, exist_ok=True)
            for name in workflows_for(config):
                shutil.copyfile(data_dir("workflows") / name,
                                root / ".github" / "workflows" / name)
        except OSError as exc:  # a read-only checkout, a `.github` that is a file: not a bug
            raise NotJudged(f"govern init could not write {exc.filename}: "
                            f"{exc.strerror or exc}",
                            remedy="run it in a checkout you can write (`--dry-run` prints "
                                   "what it would write)") from None
    verb = "would write" if dry_run else "wrote"
    for path, does in written.items():
        say(f"{verb} {path}: {does}")
    say(INSTALL_NOTE)
    say(render_next_step(config))
