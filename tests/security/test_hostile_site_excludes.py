"""Attack: stall `govern init` with the files it reads for pages a site does not build. A PR
controls a VitePress configuration (read for ``srcExclude``, as text, never run) and every
index page (read for its links): each must be read in linear time, and a malformed list must
give a plain answer (None: not read), never a traceback."""

from __future__ import annotations

from functools import partial

from govern.drift.docs.layout import generated_indexes, vitepress_src_exclude
from govern.init.detect import detect
from govern.init.site_excludes import MAX_SRC_EXCLUDE
from tests.security.pr import within

EIGHT_MB = 8 * 1024 * 1024


def test_a_hostile_src_exclude_is_read_in_linear_time() -> None:
    """Lists that never close, quotes that never close, comments and commas by the million:
    each is read in one pass, and what cannot be read is None."""
    for body in ("'a'," * (EIGHT_MB // 4), "// x\n" * (EIGHT_MB // 5), "," * EIGHT_MB,
                 "'" + "a" * EIGHT_MB, "[" * EIGHT_MB):
        assert within(partial(vitepress_src_exclude, "srcExclude: [" + body)) in (None, [])
    assert vitepress_src_exclude("srcExclude: " * (EIGHT_MB // 12)) is None
    assert vitepress_src_exclude("srcExclude: ['a.md']") == ["a.md"]


def test_an_index_of_millions_of_links_is_read_in_linear_time() -> None:
    """Link openings with no target, targets that never end, links by the million."""
    pages = ["docs/api/index.md", "docs/api/f/a.md"]
    for text in ("](" * (EIGHT_MB // 2), "](" + "a" * EIGHT_MB, "[a](f/a.md)\n" * (EIGHT_MB // 12),
                 "](<" * (EIGHT_MB // 3)):
        found = within(partial(generated_indexes, pages, {"docs/api/f/a.md"},
                               {"docs/api/index.md": text}))
        assert found <= {"docs/api/index.md"}


def test_src_exclude_globs_are_matched_in_linear_time() -> None:
    """A list of the most globs init reads, none matching a page, over thousands of pages:
    each glob is compiled once, not once per page (50 globs of 170 characters over 4,000
    pages, or of 2 kB over 200: a minute and more); a glob far longer than a path is not
    read at all."""
    config = "docs/.vitepress/config.ts"
    for glob, pages in (("sub/**/" + "a*" * 80 + "z*.md", 4_000),
                        ("**/" + "a*" * 1_000 + "z*.md", 200)):
        listed = ",".join(f"'{glob}'" for _ in range(MAX_SRC_EXCLUDE))
        paths = ["README.md", config, *(f"docs/{i}{'a' * 100}.md" for i in range(pages))]
        detected = within(partial(detect, paths,
                                  {config: f"export default {{ srcExclude: [{listed}] }}\n"}))
        assert not any("srcExclude" in note for note in detected.notes.values())
