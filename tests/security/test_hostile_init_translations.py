"""Attack: stall `govern init` with a tree of thousands of translated docs sites. Each site's
``zh/`` mirrors its pages, so each is a translation; init asked, for each translation, whether
any of the tree's paths was inside it and read (paths x translations), and, for each docs glob,
whether any translation held it (globs x translations): 10,000 sites of ten pages took minutes
(4,000 of them: 47 s). Each path and glob is now walked down the translation folders once."""

from __future__ import annotations

from functools import partial

from govern.core.globs import Globs
from govern.drift.docs.layout import Translation
from govern.init.detect import detect
from govern.init.docs_paths import translations_holding, translations_read
from tests.security.pr import within

SITES = 10_000
PAGES = ("index.md", "guide.md", "api.md", "faq.md", "intro.md")


def _tree(sites: int) -> list[str]:
    return [f"p{i}/docs/{lang}{page}" for i in range(sites) for lang in ("", "zh/")
            for page in PAGES]


def test_thousands_of_translations_are_matched_to_paths_and_globs_in_linear_time() -> None:
    paths = _tree(SITES)
    translated = [Translation(f"p{i}/docs/zh", f"p{i}/docs", "mirrored") for i in range(SITES)]
    read = within(partial(translations_read, paths, translated, Globs(("**/*.md",))))
    assert read == translated
    # a translation the corpus does not read is no translation to leave out
    unread = within(partial(translations_read, paths, translated, Globs(("*/docs/*.md",))))
    assert unread == []
    globs = [f"p{i}/docs/zh/**/*.md" for i in range(SITES)] + ["p0/docs/**/*.md", "docs/**"]
    holding = within(partial(translations_holding, globs, translated))
    assert holding["p7/docs/zh/**/*.md"] == [translated[7]]
    assert holding["p0/docs/**/*.md"] == [] and holding["docs/**"] == []


def test_init_on_thousands_of_translated_sites_answers() -> None:
    """The whole detection, on 4,000 sites (40,000 paths; 47 s before): each translation is
    left out, the sites' globs folded into one."""
    detected = within(partial(detect, [*_tree(4_000), "README.md"], {}))
    assert detected.values["docs.exclude"][-1] == "*/docs/zh/**"
    assert detected.values["docs.paths"] == ["*/docs/**/*.md", "/README.md"]
