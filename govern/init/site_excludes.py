"""What a docs site leaves out of the product and of its build, which ``govern init`` proposes
out of scope: the pages a VitePress site does not build (``srcExclude``), the code that
builds the site and the scripts it serves beside its pages."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from pathlib import PurePosixPath

from govern.core.globs import Globs, glob_problem
from govern.drift.anchors.syntax import EXTENSIONS
from govern.drift.docs.corpus import exact_glob
from govern.drift.docs.layout import (
    MAX_CONFIG_CHARS,
    SiteCode,
    mkdocs_hooks,
    site_apps,
    under,
    vitepress_src_exclude,
)
from govern.init.docs_paths import DOCS_FORMATS, ROOT_MANIFESTS, folders_holding_packages
from govern.init.generators import FoundGenerator, join_folder, named_folders, under_folders

MAX_SRC_EXCLUDE = 50
"""srcExclude globs init checks against the pages: a real list holds a few."""
MAX_SRC_EXCLUDE_CHARS = 200
"""A srcExclude glob longer than this is not read: a real one is a path or two with a
wildcard, and matching costs a page's length times the glob's."""


def src_excluded(pages: list[str], generators: list[FoundGenerator]
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
        folder = join_folder(site, named_folders(generator, text)[0])
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


def site_code(paths: list[str], texts: Mapping[str, str],
              generators: list[FoundGenerator]) -> list[SiteCode]:
    """``code.exclude`` globs for the code that builds the docs site, not the product: site
    apps and ``.vitepress/`` folders (``site_apps``), a Sphinx site's ``conf.py`` and its
    extensions (beside it, or in ``_ext/``), an MkDocs site's hooks (or their folder).
    Changes there reach no page a code PR's author must edit (valtio's nav in
    ``website/lib/mdx.ts`` listed two contributor notes for each nav change)."""
    found = site_apps(paths, texts, [site for *_, site in generators])
    present = set(paths)  # a hook is looked up here: a list made it hooks × paths
    for generator, config, text, site in generators:
        if generator.name == "Sphinx":
            found.append(SiteCode(exact_glob(config), "the Sphinx configuration"))
            found += [SiteCode(exact_glob(module), "a Sphinx extension beside it")
                      for module in sphinx_local_extensions(paths, config, text)]
            extensions = f"{site}/_ext" if site else "_ext"
            if any(p.startswith(extensions + "/") and p.endswith(".py") for p in paths):
                found.append(SiteCode(f"{extensions}/**", "its Sphinx extensions"))
        elif generator.name == "MkDocs":
            hooks = [hook for hook in mkdocs_hooks(config, text) if hook in present]
            pages = join_folder(site, named_folders(generator, text)[0])
            if (folder := hooks_folder(paths, hooks, pages)) is not None:
                found.append(SiteCode(f"{folder}/**", "the folder of its MkDocs hooks, with "
                                                      "the modules they import"))
            else:
                found += [SiteCode(exact_glob(hook), "an MkDocs hook") for hook in hooks]
    return found


def hooks_folder(paths: list[str], hooks: list[str], pages: str | None) -> str | None:
    """The folder holding every one of an MkDocs site's ``hooks``, when it is build code as a
    whole: inside the site's ``pages`` folder (its ``docs_dir``) but not that folder, and holding
    no page and no package. The hooks import modules beside them, build code too (pydantic's
    ``docs/plugins/main.py`` imports ``conversion_table.py``, whose changes listed the page
    that table is written into). None otherwise: hooks in the package's source, or among the
    pages, are excluded alone."""
    folders = {hook.rpartition("/")[0] for hook in hooks}
    if len(folders) != 1 or pages is None:
        return None
    folder = folders.pop()
    # "" is the root: every other folder is inside it
    inside = (folder != pages and under(folder, pages)) if pages else folder != ""
    if not inside or folder in folders_holding_packages(paths):
        return None
    holds_pages = any(under(p, folder) and p.rpartition(".")[2] in DOCS_FORMATS for p in paths)
    return None if holds_pages else folder


_EXTENSIONS = re.compile(r"^extensions[ \t]*\+?=[ \t]*\[", re.M)
"""A Sphinx configuration's ``extensions = [`` (or ``+= [``), at a line's start."""
_QUOTED_NAME = re.compile(r"[\"']([A-Za-z_]\w*)[\"']")
"""A quoted Python module name, as an ``extensions`` list writes a local one
(``"local_customization"``), where Sphinx's own are dotted (``"sphinx.ext.autodoc"``)."""


def sphinx_extension_names(text: str) -> set[str]:
    """The undotted module names a Sphinx configuration's ``extensions`` lists hold (read up
    to :data:`MAX_CONFIG_CHARS`, as text, never run), each list read up to its first ``]``:
    one pass, as each search starts where the last list ended."""
    text = text[:MAX_CONFIG_CHARS]
    names: set[str] = set()
    position = 0
    while (listing := _EXTENSIONS.search(text, position)) is not None:
        end = text.find("]", listing.end())
        if end < 0:
            break
        names |= {match.group(1) for match in _QUOTED_NAME.finditer(text, listing.end(), end)}
        position = end
    return names


_IMPORT = re.compile(r"^[ \t]*+(?:from|import)[ \t]++([A-Za-z_]\w*+)", re.M)
"""The first module a line's ``import`` or ``from … import`` names (tox's old
``from render_cli import CliApi``, with ``docs/`` put on ``sys.path``)."""
_QUOTED_MODULE_FILE = re.compile(r"[\"']([A-Za-z_]\w*+)\.py[\"']")
"""A quoted Python file name, as a configuration loads a module by its path (tox's
``SourceFileLoader("tox_conf", str(here / "tox_conf.py"))``)."""


def sphinx_loaded_names(text: str) -> set[str]:
    """The modules a Sphinx configuration loads by name, as text, never run (read up to
    :data:`MAX_CONFIG_CHARS`): those its ``extensions`` list (:func:`sphinx_extension_names`),
    those it imports, and those whose file it names. One pass each."""
    text = text[:MAX_CONFIG_CHARS]
    return {*sphinx_extension_names(text),
            *(match.group(1) for pattern in (_IMPORT, _QUOTED_MODULE_FILE)
              for match in pattern.finditer(text))}


def sphinx_local_extensions(paths: list[str], config: str, text: str) -> list[str]:
    """The Python modules beside a Sphinx ``config`` (its ``conf.py``, of ``text``) that it
    loads (:func:`sphinx_loaded_names`): extensions it takes from its own folder (trio's
    ``docs/source/local_customization.py`` in its ``extensions``, tox's ``docs/tox_conf.py``
    loaded by its path), build code like the configuration. Example code the pages include,
    in a folder below or never named by the configuration, stays code. Beside a ``conf.py`` at
    the root or in a package's own folder, only its ``extensions`` count: what it imports
    there is the product (``import mylib`` for the version its pages show)."""
    folder = config.rpartition("/")[0]
    markers = {f"{folder}/{marker}" for marker in ("__init__.py", *ROOT_MANIFESTS)}
    names = sphinx_loaded_names(text) if folder and markers.isdisjoint(paths) \
        else sphinx_extension_names(text)
    return [p for p in paths if p != config and p.endswith(".py")
            and p.rpartition("/")[0] == folder and p.rpartition("/")[2][:-3] in names]


ASSET_DIRS = ("assets", "static", "_static")
"""Folders a docs site copies to its output as they are (Docusaurus 1's ``docs/assets/``,
Sphinx's ``_static/``): their scripts run in the reader's browser, and no page documents
them."""


def served_assets(paths: list[str], docs_globs: Iterable[str],
                  excluded: Iterable[str]) -> list[SiteCode]:
    """``code.exclude`` globs for the source files govern reads (by suffix) in the
    :data:`ASSET_DIRS` folders directly inside a folder of pages that ``docs_globs``
    (``docs.paths``) reads, one a suffix, unless a package is there or an ``excluded`` glob
    (``folder/**``) already holds the folder: mobx's vendored
    ``docs/assets/getting-started-assets/javascripts/JSXTransformer.js`` made a typo fix in
    the pages a case. Its images stay read: a page showing one is listed when it changes. A
    folder of the root's pages (``**/*.md``) is no docs folder: a web app's ``static/`` there
    is the product. Example programs beside the pages (trio's ``docs/source/tutorial/``,
    which the pages include) stay code."""
    pages = {glob.partition("/**")[0] for glob in docs_globs
             if "/**" in glob and not glob.startswith(("**", "/"))}
    folders = {f"{page}/{name}" for page in pages for name in ASSET_DIRS}
    # each path walked down the folders once (:func:`under_folders`), not tested against
    # every one (paths x docs folders)
    held = {(folder, PurePosixPath(path).suffix) for folder, path in under_folders(
        (p for p in paths if PurePosixPath(p).suffix in EXTENSIONS), folders)}
    packages = folders_holding_packages(paths)
    outer = [glob[:-len("/**")] for glob in excluded if glob.endswith("/**")]
    return [SiteCode(f"{folder}/**/*{suffix}", "scripts the docs site serves beside its pages")
            for folder, suffix in sorted(held) if folder not in packages
            and not any(under(folder, site) for site in outer)]
