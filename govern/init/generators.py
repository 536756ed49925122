"""The docs generators ``govern init`` recognises by their configuration files (MkDocs, Sphinx,
Docusaurus and its version 1, Fumadocs, VitePress, Nextra), and the docs folders those
configurations name."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import PurePosixPath

from govern.drift.docs.layout import MAX_CONFIG_CHARS, VITEPRESS_FOLDER


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
    base: str = ""
    """What ``folders`` and the named folder are relative to, from the site's folder:
    Docusaurus 1 keeps its pages beside its ``website/``, not in it."""


FoundGenerator = tuple[Generator, str, str, str]
"""A committed configuration that is its generator's: the generator, the configuration's path,
its text and the site's folder ("" the root)."""

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
    # version 1: website/siteConfig.js, whose mandatory headerLinks no other file named so
    # holds; its pages are the project's docs/ (customDocsPath), beside website/
    Generator("Docusaurus 1", ("siteConfig.js",), ("docs",), ("md",), base="..",
              setting=re.compile(r"\bcustomDocsPath:[ \t]*" + _QUOTED),
              marker=re.compile(r"\bheaderLinks\b")),
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


def join_folder(folder: str, rel: str) -> str | None:
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
    folder = join_folder(site, rel)
    return f"{rel} (outside the repository)" if folder is None else f"{folder or '.'}/"


def under_folders(paths: Iterable[str], folders: Iterable[str]) -> Iterator[tuple[str, str]]:
    """(folder, path) for each of ``folders`` ("" is the root) each path is under. The
    folders are a tree of names each path walks down once, a look-up of one name a level:
    a prefix test of every folder costs paths x folders (a tree of N sites, each asking for
    its own folder), and of every folder of a path its depth squared."""
    steps: dict[tuple[int, str], int] = {}
    ends: dict[int, str] = {}
    for folder in folders:
        node = 0
        for name in folder.split("/") if folder else ():
            node = steps.setdefault((node, name), len(steps) + 1)
        ends[node] = folder
    for path in paths:
        node = 0
        if node in ends:
            yield ends[node], path
        for name in path.split("/")[:-1]:
            if (step := steps.get((node, name))) is None:
                break
            node = step
            if node in ends:
                yield ends[node], path


def page_formats_in(paths: list[str], folders: Iterable[str], formats: tuple[str, ...]
                    ) -> dict[str, list[str]]:
    """The formats of the pages under each of ``folders`` ("" is the whole repository), in
    order: the paths read once for all of them (:func:`under_folders`)."""
    found: dict[str, set[str]] = {folder: set() for folder in folders}
    for folder, path in under_folders(paths, found):
        found[folder].update(ext for ext in formats if path.endswith("." + ext))
    return {folder: [ext for ext in formats if ext in kinds] for folder, kinds in found.items()}


def page_formats_under(paths: list[str], folder: str, formats: tuple[str, ...]) -> list[str]:
    """The formats of the pages under ``folder`` ("" is the whole repository), in order."""
    return page_formats_in(paths, [folder], formats)[folder]


def found_generators(paths: list[str], texts: Mapping[str, str]
                ) -> list[FoundGenerator]:
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


def generator_docs(paths: list[str], generators: list[FoundGenerator]
                    ) -> tuple[list[str], list[str]]:
    """The docs globs the generators' own configurations point at, and what was seen: each
    folder used, and each named folder that holds no pages (never used, issue 14)."""
    globs: list[str] = []
    kept: set[str] = set()  # the globs, as a set: one a site was built for every site
    seen: list[str] = []
    named = [(generator, config, site, named_folders(generator, text),
              generator.formats + ((generator.optional[0],)
                                   if generator.optional and generator.optional[1] in text
                                   else ()))
             for generator, config, text, site in generators]
    # every named folder's pages read in one pass: each site reading the whole tree for its
    # own folder cost sites x paths
    present = page_formats_in(
        paths, {folder for _, _, site, folders, _ in named for f in folders
                if (folder := join_folder(site, f)) is not None},
        tuple(dict.fromkeys(ext for *_, formats in named for ext in formats)))
    for generator, config, site, folders, formats in named:
        found = [(folder, kinds) for folder in (join_folder(site, f) for f in folders)
                 if folder is not None
                 and (kinds := [ext for ext in formats if ext in present[folder]])]
        if not found:
            where = " or ".join(_shown(site, f) for f in folders)
            seen.append(f"{generator.name} ({config}) names {where}, which holds no pages: "
                        "not used")
            continue
        folder, kinds = found[0]
        added = [f"{folder}/**/*.{ext}" if folder else f"**/*.{ext}" for ext in kinds]
        if set(added) <= kept:
            continue  # a second configuration of the same site (Nextra's theme and next.config)
        globs += added
        kept.update(added)
        seen.append(f"{generator.name} ({config}): {folder or '.'}/")
    return globs, seen


def named_folders(generator: Generator, text: str) -> list[str]:
    """The folder a generator's configuration names for its pages, else its default ones
    (relative to its site's folder)."""
    named = generator.setting.search(text) if generator.setting else None
    folders = [named.group(1)] if named else generator.folders
    return [posixpath.join(generator.base, folder) for folder in folders]


def generator_sites(paths: list[str]) -> list[str]:
    """The folders of the committed generator configurations' sites ("" the root)."""
    return [located[1] for p in generator_configs(paths) if (located := _site_of(p))]
