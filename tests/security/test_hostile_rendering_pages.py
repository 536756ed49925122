"""Attack: stall the docs-drift job with a page built against the reader that tells a page
holding nothing but generating directives (docs/concepts/anchoring-rules.md#rendering-pages):
thirty thousand blocks with options and titles, megabyte targets and titles, a megabyte
link target with no colon, lines of markup with no end. Each line is read once, by possessive
patterns: linear."""

from __future__ import annotations

from govern.drift.docs.rendering import is_rendering_page
from govern.drift.docs.scanner import scan_page
from tests.security.pr import within

BLOCKS = 30_000
LONG = 1_000_000


def test_many_blocks_and_titles_are_read_once() -> None:
    block = "# b{n}\n\n::: pkg.a{n}.b{n}\n    options:\n      show_root_heading: false\n\n"
    page = "".join(block.format(n=n) for n in range(BLOCKS))
    assert within(lambda: is_rendering_page(page, "a.md")) is True
    rst = "".join(f"m{n} module\n========\n\n.. automodule:: pkg.m{n}\n   :members:\n\n"
                  for n in range(BLOCKS))
    assert within(lambda: is_rendering_page(rst, "a.rst")) is True
    # one sentence at its end: the page is read to its end, and is no rendering page
    assert within(lambda: is_rendering_page(page + "Other words.\n", "a.md")) is False


def test_megabyte_lines_are_read_once() -> None:
    target = "a." * (LONG // 2) + "b"
    assert within(lambda: is_rendering_page(f"# b\n\n::: {target}\n", "a.md")) is True
    assert within(lambda: is_rendering_page(f"::: {target} tail\n", "a.md")) is False
    assert within(lambda: is_rendering_page(f".. _{'x' * LONG}\n", "a.rst")) is False
    assert within(lambda: is_rendering_page(f".. automodule:: {target}(\n", "a.rst")) is True
    assert within(lambda: is_rendering_page("#" * LONG + "\n::: a.b\n", "a.md")) is False
    assert within(lambda: is_rendering_page(":" * LONG + "\n", "a.md")) is False
    # and the scan's tail of a megabyte target is its last part
    assert within(lambda: scan_page(f"::: {target}\n", "a.md")).tails == {"b"}
