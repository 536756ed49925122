"""``govern init``'s detection: the configuration values the paths committed at HEAD suggest,
and the notes saying what was seen.

Detection is a pure function of those paths and the text of the few files that show a process
(changesets, PR templates) or a docs site, so what init proposes is what govern itself will
read; everything it cannot know keeps its default.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any

from govern.config import BY_PATH, EXTRA_LOCKFILES, Config
from govern.core.globs import Globs
from govern.drift.anchors.routes import has_registration_line
from govern.drift.docs.corpus import exact_glob, readmes
from govern.drift.docs.layout import MAX_MARKED_PAGES, site_manifests, translations
from govern.drift.docs.scanner import page_title
from govern.init.condense import condensed, shortened
from govern.init.docs_paths import (
    DOCS_FORMATS,
    ROOT_MANIFESTS,
    blog_folders,
    docs_roots,
    mdx_folders,
    package_manifests_beside_readmes,
    published_readmes,
    readme_globs,
    translations_holding,
    translations_read,
)
from govern.init.fragments import TOWNCRIER_CONFIGS, fragment_folders
from govern.init.generated import GITIGNORE, docs_files, generated_pages, marked_pages
from govern.init.generators import (
    found_generators,
    generator_configs,
    generator_docs,
    generator_sites,
)
from govern.init.mkdocs_excludes import mkdocs_excluded, mkdocs_files
from govern.init.preset import choose_preset, declaration_carriers
from govern.init.release import (
    past_migration_guides,
    release_owned_globs,
    titled_release_pages,
)
from govern.init.site_excludes import served_assets, site_code, src_excluded

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


def route_files(paths: list[str]) -> list[str]:
    """The committed files named like route files (``routes.py``, ``router.ts``), at most
    :data:`MAX_ROUTE_FILES`: init reads them, as a name alone registers no route (zod's
    ``core/api.ts``, axios's ``bin/api.js``)."""
    return sorted(p for p in paths if PurePosixPath(p).stem in ROUTE_FILE_NAMES
                  and PurePosixPath(p).suffix in ROUTE_FILE_SUFFIXES)[:MAX_ROUTE_FILES]


def page_texts_wanted(paths: list[str]) -> list[str]:
    """The pages init reads for a generator's mark and a release-notes title: every md/mdx/rst
    file, unless there are more than :data:`MAX_MARKED_PAGES`."""
    pages = docs_files(paths)
    return pages if len(pages) <= MAX_MARKED_PAGES else []


def texts_wanted(paths: list[str]) -> list[str]:
    """The committed files whose text :func:`detect` reads, each once: its
    ``declaration_carriers``, ``generator_configs``, ``route_files``,
    ``package_manifests_beside_readmes``, ``site_manifests``, root ``.gitignore``, root
    towncrier configurations, ``mkdocs_files`` and ``page_texts_wanted``."""
    return list(dict.fromkeys([
        *declaration_carriers(paths), *generator_configs(paths), *route_files(paths),
        *package_manifests_beside_readmes(paths), *site_manifests(paths, generator_sites(paths)),
        *([GITIGNORE] if GITIGNORE in paths else []),
        *(config for config in TOWNCRIER_CONFIGS if config in paths), *mkdocs_files(paths),
        *page_texts_wanted(paths)]))


def detect(paths: list[str], texts: Mapping[str, str] | None = None,
           deleted_manifests: Collection[str] = ()) -> Detected:
    """Configuration values for a repository holding ``paths`` (repo-relative, POSIX);
    ``texts`` holds the text of its :func:`texts_wanted`, ``deleted_manifests`` the
    :data:`ROOT_MANIFESTS` its history deleted at the root."""
    values: dict[str, Any] = {}
    notes: dict[str, str] = {}
    names = {PurePosixPath(p).name for p in paths}
    roots = docs_roots(paths)
    generators = found_generators(paths, texts or {})
    globs, seen = generator_docs(paths, generators)
    if not globs and (globs := mdx_folders(paths)):
        seen.append("MDX pages (Docusaurus, Fumadocs or Nextra)")
    if not globs and roots:
        globs = [f"{root}/**/*.{ext}" for root in sorted(roots)
                 for ext in DOCS_FORMATS if ext in roots[root]]
        seen.append(", ".join(f"{root}/ ({', '.join(sorted(roots[root]))})"
                              for root in sorted(roots)))
    pages = readmes(paths)
    readme = pages.get("")
    sites = [site for *_, site in generators]
    package_readmes, folded = readme_globs(published_readmes(paths, texts or {}, pages, sites),
                                           paths, texts or {}, sites)
    seen += folded
    corpus_readmes = [*([exact_glob(readme)] if readme else []), *package_readmes]
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
        inside = translations_holding(values["docs.paths"], translated)
        # a translation's own site is left out, unless that leaves no glob
        if kept := [glob for glob, holding in inside.items() if not holding]:
            seen += [f"{glob} left out: {t.folder}/ translates {t.source or '.'}/ ({t.why})"
                     for glob, holding in inside.items() for t in holding]
            values["docs.paths"] = kept
    if said := "; ".join(filter(None, ["detected: " + "; ".join(seen) if seen else "",
                                        no_folder])):
        notes["docs.paths"] = said
    docs_paths = values.get("docs.paths", BY_PATH["docs.paths"].default_toml)
    corpus = Globs(tuple(docs_paths))
    in_corpus = [p for p in docs_files(paths) if corpus.matches(p)]
    generated = generated_pages(in_corpus, (texts or {}).get(GITIGNORE, ""))
    marked, marks = marked_pages(in_corpus, texts or {})
    taken = set(generated)  # a set: these lists grow with the tree's folders
    marked = [glob for glob in marked if glob not in taken]
    taken.update(marked)
    unbuilt, unbuilt_seen = src_excluded(in_corpus, generators)
    mkdocs_unbuilt, mkdocs_seen = mkdocs_excluded(in_corpus, paths, texts or {}, generators)
    unbuilt += mkdocs_unbuilt
    unbuilt_seen += mkdocs_seen
    unbuilt = [glob for glob in unbuilt if glob not in taken]
    blogs = blog_folders(in_corpus, paths)
    release_default = BY_PATH["docs.release_owned"].default_toml
    release = [p for p in release_owned_globs(paths, roots) if p not in release_default]
    owned = Globs((*release_default, *release))
    fragments = fragment_folders(paths, texts or {}, owned, corpus)
    unread = len(docs_files(paths)) > MAX_MARKED_PAGES
    # a translation the corpus reads: a code PR's author is not expected to edit it
    translated = translations_read(paths, translated, corpus)
    excluded = [*generated, *marked, *unbuilt, *blogs, *fragments,
                *(f"{t.folder}/**" for t in translated)]
    if excluded:
        # added to the defaults: a blog started later stays out of the corpus from day one
        values["docs.exclude"] = [*BY_PATH["docs.exclude"].default_toml, *excluded]
    why_excluded = [
        *([f"tracked though the root .gitignore lists them, so read as generated output and "
           f"kept out of the corpus: {', '.join(generated)}"] if generated else []),
        *([f"detected: {marks} page(s) a reference generator wrote (typedoc's \"Defined "
           f"in:\" lines, API Documenter's header, an opening comment saying a tool writes "
           f"the page, and the index pages linking only to them or holding only front "
           f"matter beside them), regenerated rather than edited: {', '.join(marked)}"]
          if marked else []),
        *(f"detected: {seen}" for seen in unbuilt_seen),
        *([f"detected: a blog's folder the defaults miss (named blog, after an order "
           f"prefix such as Nuxt Content's 99.), whose posts are written at their dates: "
           f"{', '.join(blogs)}"]
          if blogs else []),
        *([f"detected: changelog fragments, release notes each change writes and a release "
           f"gathers into its changelog, which are no page a change leaves stale nor one it "
           f"must keep out of: {', '.join(fragments)}"] if fragments else []),
        *([f"pages not read for a reference generator's mark: the repository has more than "
           f"{MAX_MARKED_PAGES:,} md/mdx/rst files (exclude generated ones by hand)"]
          if unread else []),
        *(f"detected: {t.folder}/** translates {t.source or '.'}/ ({t.why}), which a code "
          "PR's author is not expected to edit" for t in translated)]
    if why_excluded:
        notes["docs.exclude"] = "; ".join(why_excluded)
    site = site_code(paths, texts or {}, generators)
    site += served_assets(paths, docs_paths, [s.glob for s in site])
    if site:
        values["code.exclude"] = [s.glob for s in site]
        notes["code.exclude"] = ("detected: code that builds the docs site, not the product "
                                 "(delete a glob to read its changes again): "
                                 + "; ".join(f"{s.glob} ({s.why})" for s in site))
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
    # a kind only the history holds stays listed: calibrate replays those commits with what
    # init proposes (trio's setup.py held python_requires for most of its history)
    manifests = [m for m in ROOT_MANIFESTS if m in names or m in deleted_manifests]
    if manifests:
        values["code.package_manifests"] = manifests
        count = sum(PurePosixPath(p).name in manifests for p in paths)
        past = [m for m in manifests if m not in names]
        notes["code.package_manifests"] = f"detected: {count} manifest(s)" + (
            f"; {', '.join(past)} only in the history (deleted from the root): listed, so "
            f"govern calibrate's replay of the older commits reads them" if past else "")
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
    for key in PROPOSED_GLOBS:
        if key in values:
            values[key], said = _proposed(key, values[key], paths)
            notes[key] = "; ".join(filter(None, [said, notes.get(key, "")]))
    preset, reasons = choose_preset(paths, texts or {})
    if preset != BY_PATH["gates.preset"].default:
        values["gates.preset"] = preset
    return Detected(values, {key: shortened(note) for key, note in notes.items()}, preset,
                    reasons)


PROPOSED_GLOBS = ("docs.paths", "docs.exclude", "docs.release_owned", "code.exclude")
"""The keys whose globs init finds by folder, as many as the tree has folders."""


def _proposed(key: str, globs: list[str], paths: list[str]) -> tuple[list[str], str]:
    """``globs`` as init writes them in ``key``: the defaults they begin with, if they do,
    then the globs found, :func:`condensed`; and what was done to them."""
    default = BY_PATH[key].default_toml
    head = len(default) if globs[:len(default)] == default else 0
    found, said = condensed(globs[head:], paths)
    return [*globs[:head], *found], said
