"""The corpus pages ``govern init`` proposes to exclude as generated output: tracked though the
root .gitignore lists them, or carrying a reference generator's mark."""

from __future__ import annotations

from collections.abc import Mapping

from govern.core.globs import Globs, glob_problem
from govern.drift.docs.corpus import PAGE_SUFFIXES
from govern.drift.docs.layout import (
    MAX_CONFIG_CHARS,
    folder_globs,
    generated_indexes,
    is_generated_page,
)

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
