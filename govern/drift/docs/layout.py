"""What ``govern init`` reads from a repository's docs layout beyond where the pages are: the
folders that build the docs site, whose code is not the product's (``code.exclude``), and the
folders of translated pages, which a code PR's author is not expected to edit
(``docs.exclude``). Pure functions of the paths committed at HEAD and a few manifests' text
(docs/how-to/setup.md)."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import PurePosixPath

from govern.drift.docs.corpus import PAGE_SUFFIXES
from govern.drift.docs.scanner import front_matter_end
from govern.git.packages import load_manifest

SITE_FOLDER_NAMES = ("docs", "doc", "documentation", "website", "site", "docs-site", "www")
"""Names of a folder that is a docs site app when its own package.json says so."""
SITE_GENERATOR_PACKAGES = ("next", "nextra", "vitepress", "@docusaurus/core", "docusaurus",
                           "astro", "@astrojs/starlight", "gatsby", "fumadocs-core",
                           "fumadocs-mdx")
"""A package depending on one of these builds a web site, unless it is a library."""
LIBRARY_FIELDS = ("main", "module", "exports", "bin", "types", "typings", "files")
"""What a package others install declares (an entry point, a command, its typings, the files
to publish) and a site app never does: rtk's ``website/``, not private, declares none."""
ENTRY_FILES = ("index.js", "index.mjs", "index.cjs")
"""npm's default entry point, beside a package.json declaring none: a Gatsby plugin's
``index.js``, its ``package.json`` with no ``main`` and ``gatsby`` in devDependencies."""
VITEPRESS_FOLDER = ".vitepress"
PYTHON_MANIFESTS = ("pyproject.toml", "setup.py", "setup.cfg")
MAX_SITE_DEPTH = 2
"""``website/``, ``packages/docs/``: as deep as init looks for a generator configuration."""
MAX_MANIFESTS = 50
"""package.json files read under the candidate site folders: beyond that, a folder holding
so many packages is not a docs site."""
MAX_CONFIG_CHARS = 200_000
"""A configuration or manifest is read up to this many characters (bounded on hostile
input)."""
# ISO 639-1 language codes: a folder named by one (optionally with a region or script,
# ``pt-BR``, ``zh-hant``) may hold translated pages
LANGUAGES = frozenset("""
aa ab ae af ak am an ar as av ay az ba be bg bh bi bm bn bo br bs ca ce ch co cr cs cu cv cy
da de dv dz ee el en eo es et eu fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy
hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km kn ko kr ks ku kv kw ky la lb lg li
ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om or os pa
pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th
ti tk tl tn to tr ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu""".split())
_LOCALE = re.compile(r"([a-z]{2})(?:[-_](?:[A-Za-z]{2}|[A-Za-z]{4}))?")
MIRRORED_ENOUGH = 10
"""This many pages mirroring the default tree make a translation even when they are not most
of its pages: pinia's ``zh/`` mirrors 22 of its 47, the rest being typedoc pages generated
under names the English tree no longer uses."""
_TWIN_SEPARATORS = ("_", "-", ".")
"""How a page's translation beside it is named: ``Readme_zh-CN.md``, ``README-ja.md``,
``guide.pt-BR.md``."""


def is_locale(name: str) -> bool:
    """Whether a folder's name is a locale code (``zh``, ``zh-CN``, ``pt_BR``, ``zh-hant``)."""
    match = _LOCALE.fullmatch(name)
    return match is not None and match.group(1) in LANGUAGES


# -- the docs site's own code -----------------------------------------------------------------

def _folder(path: str) -> str:
    return path.rpartition("/")[0]


def _site_candidates(paths: list[str], generator_sites: Iterable[str]) -> list[str]:
    """Folders below the root, at most two deep, holding a package.json and either named like
    a site or holding a generator configuration (``.vitepress/``, docusaurus.config)."""
    sites = set(generator_sites)
    found = []
    for manifest in paths:
        folder = _folder(manifest)
        if PurePosixPath(manifest).name == "package.json" and folder \
                and folder.count("/") < MAX_SITE_DEPTH \
                and (folder.rpartition("/")[2] in SITE_FOLDER_NAMES or folder in sites):
            found.append(folder)
    return sorted(found)


def site_manifests(paths: list[str], generator_sites: Iterable[str]) -> list[str]:
    """The package.json files init reads to tell a docs site app from a package: each
    candidate's own and those below it (at most :data:`MAX_MANIFESTS`)."""
    candidates = _site_candidates(paths, generator_sites)
    return sorted(p for p in paths if PurePosixPath(p).name == "package.json"
                  and any(p.startswith(folder + "/") for folder in candidates))[:MAX_MANIFESTS]


def read_manifest(text: str) -> dict[str, object] | None:
    """A package.json's object (read up to :data:`MAX_CONFIG_CHARS`), None when it is not
    one."""
    return load_manifest("package.json", text[:MAX_CONFIG_CHARS])


def is_published(data: dict[str, object] | None, manifest: str, paths: Collection[str],
                 sites: Collection[str]) -> bool:
    """Whether the package.json ``manifest`` (its object ``data``) may be published: a name,
    no ``"private": true``, and not a site app (:func:`site_generator`; ``sites`` are the
    folders where init found a generator's configuration): npm users install nothing named
    ``website`` that depends on ``@docusaurus/core``."""
    return data is not None and isinstance(data.get("name"), str) \
        and data.get("private") is not True \
        and site_generator(data, manifest, paths, sites) is None


def _site_not_library(data: dict[str, object], folder: str, paths: Collection[str],
                      sites: Collection[str]) -> bool:
    """Whether a package.json in ``folder`` that is not private is still only a site's:
    init found a generator's configuration there (rtk's ``website/docusaurus.config.ts``)
    and it declares no entry point, neither one of :data:`LIBRARY_FIELDS` nor npm's default
    (:data:`ENTRY_FILES` beside it). No entry field alone is no evidence: a Gatsby plugin
    declares no ``main`` and builds against ``gatsby`` (its devDependencies), yet is a
    package."""
    return folder in sites and not any(field in data for field in LIBRARY_FIELDS) \
        and not any(f"{folder}/{name}" in paths for name in ENTRY_FILES)


def site_generator(data: dict[str, object], manifest: str, paths: Collection[str],
                   sites: Collection[str]) -> str | None:
    """The site generator the package.json ``manifest`` depends on when it builds a site: it
    is private, or it is a site and no library (:func:`_site_not_library`: a theme or plugin
    for a generator declares its entry point, or has one by default, and stays a package)."""
    if data.get("private") is not True \
            and not _site_not_library(data, _folder(manifest), paths, sites):
        return None
    for key in ("dependencies", "devDependencies"):
        needs = data.get(key)
        if isinstance(needs, dict):
            found = next((name for name in SITE_GENERATOR_PACKAGES if name in needs), None)
            if found:
                return found
    return None


def _holds_a_package(folder: str, paths: list[str], texts: Mapping[str, str],
                     sites: Collection[str]) -> bool:
    """Whether ``folder`` holds, below its own package.json, a package that may be published
    (:func:`is_published`, or a package.json init did not read), or any Python project (a
    docs site never is one)."""
    below = [p for p in paths if p.startswith(folder + "/") and p != f"{folder}/package.json"]
    return any(PurePosixPath(p).name in PYTHON_MANIFESTS
               or PurePosixPath(p).name == "package.json"
               and (p not in texts or is_published(read_manifest(texts[p]), p, paths, sites))
               for p in below)


@dataclass(frozen=True)
class SiteCode:
    """A glob of ``code.exclude`` init proposes, and why."""

    glob: str
    why: str


def site_apps(paths: list[str], texts: Mapping[str, str],
              generator_sites: Iterable[str]) -> list[SiteCode]:
    """The docs site apps: a folder (below the root) whose package.json depends on a site
    generator and is private, or holds that site's configuration and declares no entry point
    (:func:`site_generator`), named like a site or holding a generator configuration
    (valtio's Next.js ``website/``, pinia's ``packages/docs/``, rtk's Docusaurus
    ``website/``), and holding no package that may be published. A ``.vitepress/`` folder
    outside such an app is excluded alone."""
    sites = set(generator_sites)
    found = []
    for folder in _site_candidates(paths, sites):
        manifest = f"{folder}/package.json"
        data = read_manifest(texts.get(manifest, ""))
        uses = site_generator(data, manifest, paths, sites) if data is not None else None
        if data is not None and uses and not _holds_a_package(folder, paths, texts, sites):
            kind = "a private package.json" if data.get("private") is True \
                else "a package.json with no entry point"
            found.append(SiteCode(f"{folder}/**", f"{kind} using {uses}"))
    apps = [site.glob[:-len("/**")] for site in found]
    found += [SiteCode(f"{theme}/**", "VitePress's configuration and theme")
              for theme in vitepress_folders(paths)
              if not any(under(theme, app) for app in apps)]
    return found


def vitepress_folders(paths: list[str]) -> list[str]:
    """The ``.vitepress/`` folders of sites at most two folders deep."""
    found = set()
    for path in paths:
        parts = path.split("/")[:-1]
        if VITEPRESS_FOLDER in parts[:MAX_SITE_DEPTH + 1]:
            found.add("/".join(parts[:parts.index(VITEPRESS_FOLDER) + 1]))
    return sorted(found)


def mkdocs_hooks(config: str, text: str) -> list[str]:
    """The files an mkdocs.yml lists under ``hooks:``, relative to the root (as written: one
    that leaves its folder, ``../x.py``, names no committed path)."""
    site = _folder(config)
    hooks: list[str] = []
    listing = False
    for line in text[:MAX_CONFIG_CHARS].splitlines():
        if not listing:
            listing = line.rstrip() == "hooks:"
            continue
        item = line.strip()
        if not item.startswith("- "):
            break
        hook = item[2:].strip().strip("'\"")
        hooks.append(f"{site}/{hook}" if site else hook)
    return hooks


_SRC_EXCLUDE = re.compile(r"\bsrcExclude[ \t]*:[ \t]*")
_QUOTES = "'\"`"


def vitepress_src_exclude(text: str) -> list[str] | None:
    """The globs a VitePress configuration lists under ``srcExclude:`` (relative to its
    pages' folder), read as text, never run: [] when it sets none, None when it sets them
    otherwise than as a list of quoted strings (a variable, a spread, an interpolation),
    which init cannot read. One pass over the list."""
    text = text[:MAX_CONFIG_CHARS]
    setting = _SRC_EXCLUDE.search(text)
    if setting is None:
        return []
    at = setting.end()
    if not text.startswith("[", at):
        return None
    globs: list[str] = []
    at += 1
    while at < len(text):
        char = text[at]
        if char.isspace() or char == ",":
            at += 1
        elif text.startswith("//", at):  # a comment to the end of its line
            end = text.find("\n", at)
            at = len(text) if end < 0 else end
        elif char == "]":
            return globs
        elif char in _QUOTES:
            end = text.find(char, at + 1)
            item = text[at + 1:end] if end > 0 else ""
            if not item or "\\" in item or "${" in item or "\n" in item:
                return None
            globs.append(item)
            at = end + 1
        else:
            return None
    return None  # the list never closes


# -- translations -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Translation:
    """A folder of translated pages, the default-language tree it mirrors, and the evidence."""

    folder: str
    source: str
    why: str


def _locale_folder(page: str) -> str | None:
    """The shallowest folder of ``page`` named by a locale code."""
    parts = page.split("/")[:-1]
    return next(("/".join(parts[:depth + 1]) for depth, part in enumerate(parts)
                 if is_locale(part)), None)


def ancestors(path: str) -> list[str]:
    """The folders holding ``path``, shallowest first."""
    parts = path.split("/")[:-1]
    return ["/".join(parts[:depth]) for depth in range(1, len(parts) + 1)]


def _twin_locales(pages: list[str]) -> set[str]:
    """The locale codes the repository names a page's translation beside it with
    (commander's ``Readme_zh-CN.md`` beside ``Readme.md``)."""
    present = set(pages)
    found = set()
    for page in pages:
        stem, dot, suffix = page.rpartition(".")
        for separator in _TWIN_SEPARATORS:
            base, cut, code = stem.rpartition(separator)
            if cut and "/" not in code and is_locale(code) and f"{base}{dot}{suffix}" in present:
                found.add(code)
    return found


def translations(paths: list[str]) -> list[Translation]:
    """Folders named by a locale code whose pages translate a sibling default-language tree:
    most of their pages, or at least ``MIRRORED_ENOUGH``, mirror its pages by relative path
    (pinia's ``packages/docs/zh/`` mirrors ``packages/docs/``), or the repository names a
    page's translation by that code beside it (commander's ``docs/zh-CN/``, with
    ``Readme_zh-CN.md``). The default tree is a folder beside it named for English (fastapi's
    ``docs/en/``), else the pages of their parent outside the locale folders: it is never one
    of these."""
    pages = [p for p in paths if p.endswith(PAGE_SUFFIXES)]
    located = {page: _locale_folder(page) for page in pages}
    by_parent: dict[str, set[str]] = {}
    for folder in filter(None, located.values()):
        by_parent.setdefault(_folder(folder), set()).add(folder)
    twins = _twin_locales(pages)
    # each page under each parent of locale folders, in one pass (a parent is an ancestor)
    inside: dict[str, list[str]] = {parent: [] for parent in by_parent}
    for page in pages:
        for parent in ("", *ancestors(page)):
            if parent in inside:
                inside[parent].append(page)
    found = []
    for parent, locales in sorted(by_parent.items()):
        # each page in its locale folder's tree, else the parent's own, by relative path
        trees: dict[str, set[str]] = {tree: set() for tree in (*locales, parent)}
        for page in inside[parent]:
            own = located[page]
            tree = own if own is not None and own in locales else parent
            trees[tree].add(page[len(tree) + 1:] if tree else page)
        # English when a folder beside them is named so, else the parent's own pages
        # (a locale folder's language is its name's first two letters)
        source = next((locale for locale in sorted(locales)
                       if locale.rpartition("/")[2][:2] == "en"), parent)
        for locale in sorted(locales - {source}):
            mirrored = len(trees[locale] & trees[source])
            code = locale.rpartition("/")[2]
            if 2 * mirrored > len(trees[locale]) or mirrored >= MIRRORED_ENOUGH:
                why = f"{mirrored} of its {len(trees[locale])} pages have a twin there"
            elif code in twins:
                why = f"{code} names pages' translations beside them"
            else:
                continue
            found.append(Translation(locale, source, why))
    return found


def under(path: str, folder: str) -> bool:
    """Whether ``path`` is ``folder`` or inside it."""
    return path == folder or path.startswith(folder + "/")


# -- pages a generator wrote ------------------------------------------------------------------

_GENERATOR_MARK = re.compile(
    r"^(?:Defined in: (?:\[|[^\s\[]+:\d+[ \t]*$)|#{2,6} Defined in[ \t]*$"
    r"|<!-- Do not edit this file\. It is automatically generated by API Documenter\. -->)",
    re.M)
"""A line only a reference generator writes: typedoc-plugin-markdown's source link under each
declaration (``Defined in: [types.ts:50](…)``, or its path alone for a type from
``node_modules``; a ``#### Defined in`` heading before its version 4) and API Documenter's
header. Hand-written pages link source otherwise."""
MAX_MARKED_PAGES = 5_000
"""Pages init reads for a generator's mark: past that many, a repository's pages are not
read (init stays quick), and the note says so."""
_MAX_COLLAPSES = 200
"""Wildcards tried when folding folder globs (each checked against every page): bounded on
a tree of thousands of generated folders."""


_GENERATED_NOTE = re.compile(
    r"\b(?:this|the) (?:file|page|document)\b[^.\n]{0,80}?\b(?:auto-?|automatically )?generated\b"
    r"|\bdo not (?:edit|modify) this (?:file|page)\b", re.I)
"""What a note to a page's editors says when a tool writes the whole page ("This file is
auto-generated from the JSDoc comments", "Do not edit this file"): a note about a section of
it ("the table below is auto-generated", markdown-magic's ``AUTO-GENERATED-CONTENT:START``)
marks a block of a page someone writes."""
NOTE_OPENS_WITHIN = 1024
"""How far past its front matter a page's comment saying a tool writes it may open: the
page's header, as a source file's opening comment is."""
MAX_NOTE_CHARS = 4096
"""The longest note read: a comment that runs on further, or is never closed, is no note."""
_COMMENT_OPENING = re.compile(r" {0,3}<!--")
_FENCE = re.compile(r" {0,3}(?:```|~~~)")


def is_generated_page(text: str) -> bool:
    """Does a page carry a reference generator's mark (:data:`_GENERATOR_MARK`), or open with
    a note to its editors, an HTML comment, saying a tool writes it (:data:`_GENERATED_NOTE`)?
    react-router's API pages each carry, under their title, ``<!-- … This file is
    auto-generated from the JSDoc comments in the source code, so please edit the JSDoc
    comments in the file below … -->`` and the source file's link, and every change to
    ``hooks.tsx`` listed the pages linking it (42 rows in 60 sampled commits, none edited).
    A comment is read where it opens a line outside a code fence; words outside one are the
    page's prose."""
    return _GENERATOR_MARK.search(text[:MAX_CONFIG_CHARS]) is not None or any(
        _GENERATED_NOTE.search(note) for note in _opening_notes(text))


def _opening_notes(text: str) -> Iterator[str]:
    """The text of each HTML comment that opens a line (indented three spaces at most, as a
    CommonMark HTML block) outside a code fence, within ``NOTE_OPENS_WITHIN`` characters past
    the page's front matter, and closes within ``MAX_NOTE_CHARS`` (``<!-->`` and ``<!--->``
    are empty comments, as HTML reads them)."""
    lines = text[:MAX_CONFIG_CHARS].split("\n")
    header = front_matter_end(lines)
    opened_at = sum(len(line) + 1 for line in lines[:header])  # where the page's text begins
    offset = opened_at
    fenced = False
    for line in lines[header:]:
        if offset - opened_at > NOTE_OPENS_WITHIN:
            return
        if _FENCE.match(line):
            fenced = not fenced
        elif not fenced and (opening := _COMMENT_OPENING.match(line)) is not None \
                and not line.startswith((">", "->"), opening.end()):
            body = offset + opening.end()
            close = text.find("-->", body, body + MAX_NOTE_CHARS)
            if close >= 0:
                yield text[body:close]
        offset += len(line) + 1


INDEX_STEMS = ("index", "readme")
"""The names of the entry page typedoc-plugin-markdown writes beside its folders of
declarations (``README.md`` by default, ``index.md`` as TanStack Query configures it)."""
_LINK_TARGET = re.compile(r"\]\(<?([^()<>\s]*)")
"""An inline link's target (``[a](functions/a.md)``); the class stops at the first space or
parenthesis, so each ``](`` is read once: linear on any page."""


def generated_indexes(pages: list[str], generated: set[str],
                      texts: Mapping[str, str]) -> set[str]:
    """The index pages (:data:`INDEX_STEMS`) below the root whose every inline link, one at
    least, leads to a ``generated`` page inside their own folder: typedoc's entry page, a list
    of links to the declarations it wrote beside it, carries no mark of its own (TanStack
    Query's ``docs/framework/angular/reference/index.md``). So does one with nothing past its
    front matter, in a folder whose every other page is generated: a section's title and
    order for the site's sidebar (react-router's ``docs/api/hooks/index.md``). A page linking
    anywhere else is one someone wrote."""
    found = set()
    written = {page.rpartition("/")[0] for page in pages
               if page not in generated and PurePosixPath(page).stem.lower() not in INDEX_STEMS}
    generated_folders = {page.rpartition("/")[0] for page in generated} - written
    for page in pages:
        folder, _, name = page.rpartition("/")
        if not folder or page in generated \
                or PurePosixPath(name).stem.lower() not in INDEX_STEMS:
            continue
        text = texts.get(page, "")
        targets = [match.group(1).partition("#")[0] for match in
                   _LINK_TARGET.finditer(text[:MAX_CONFIG_CHARS])]
        linking = bool(targets) and all(_inside(folder, target) in generated
                                        for target in targets)
        if linking or (not targets and folder in generated_folders
                       and _front_matter_only(text)):
            found.add(page)
    return found


def _front_matter_only(text: str) -> bool:
    """Whether a page is front matter and nothing else: a page with none (or one whose text
    was not read, or was cut) is someone's."""
    if len(text) > MAX_CONFIG_CHARS:
        return False
    lines = text.split("\n")
    header = front_matter_end(lines)
    return header > 0 and not any(line.strip() for line in lines[header:])


def _inside(folder: str, target: str) -> str | None:
    """A relative link's page, when it is inside ``folder`` (not a URL, not the root's)."""
    if not target or ":" in target or target.startswith("/"):
        return None
    page = posixpath.normpath(f"{folder}/{target}")
    return page if page.startswith(folder + "/") else None


def folder_globs(pages: list[str], generated: set[str],
                 folder_ok: Callable[[str], bool] = lambda folder: True) -> list[str]:
    """``docs.exclude`` globs for the ``generated`` of ``pages``: each one's shallowest
    folder that holds no other page (and that ``folder_ok`` accepts) as ``folder/**``, else
    the page itself; then folders of one depth that differ in a single name are folded into
    one glob with ``*`` there, when every page it matches is generated (TanStack's typedoc
    folders ``docs/framework/{preact,lit}/reference/functions/`` →
    ``docs/framework/*/reference/functions/**``). None when every page is generated:
    excluding them all would leave no corpus."""
    if not generated or generated >= set(pages):
        return []
    kept = {folder for page in pages if page not in generated for folder in ancestors(page)}
    found: dict[str, None] = {}
    for page in sorted(generated):
        folder = next((f for f in ancestors(page) if f not in kept and folder_ok(f)), None)
        found[f"{folder}/**" if folder else page] = None
    folders = [glob[:-3].split("/") for glob in found if glob.endswith("/**")]
    folded = _folded(folders, [page.split("/") for page in pages], generated)
    return [*("/".join(parts) + "/**" for parts in folded),
            *(glob for glob in found if not glob.endswith("/**"))]


def _folded(folders: list[list[str]], pages: list[list[str]],
            generated: set[str]) -> list[list[str]]:
    """Folders (as names) folded where one name differs (:func:`folder_globs`)."""
    tries = 0
    changed = True
    while changed and tries < _MAX_COLLAPSES:
        changed = False
        groups: dict[tuple[int, tuple[str, ...]], list[int]] = {}
        for at, parts in enumerate(folders):
            for depth in range(len(parts)):
                if parts[depth] != "*":
                    wild = (*parts[:depth], "*", *parts[depth + 1:])
                    groups.setdefault((depth, wild), []).append(at)
        for (_, wild), members in sorted(groups.items(), key=lambda item: -item[0][0]):
            if len(members) < 2:
                continue
            tries += 1
            if all("/".join(page) in generated for page in pages
                   if _under_pattern(page, wild)):
                folders = [parts for at, parts in enumerate(folders) if at not in members]
                folders.append(list(wild))
                changed = True
                break
            if tries >= _MAX_COLLAPSES:
                break
    return sorted(folders)


def _under_pattern(page: list[str], folder: tuple[str, ...]) -> bool:
    """Is a page (as names) inside ``folder``, whose ``*`` names match any one name?"""
    return len(page) > len(folder) and all(
        want in ("*", got) for want, got in zip(folder, page, strict=False))
