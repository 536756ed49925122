"""Attack: stall calibrate with the pages of a history it replays. Every Markdown page a commit
changed is written in a canonical syntax to tell a formatter's sweep
(``govern.calibrate.formatting``), and a repository's history is whatever its authors pushed:
the reading must stay linear in the page, whatever runs of markers, backquotes, fences and
pipes it holds."""

from __future__ import annotations

import time
from functools import partial

from govern.calibrate.cases import parse_prose
from govern.calibrate.formatting import canonical_markdown
from tests.security.pr import within

SIZE = 1_000_000


def _read(text: str) -> str:
    return parse_prose(canonical_markdown(text))


def test_runs_of_emphasis_and_list_markers_are_read_in_well_under_a_second() -> None:
    """A megabyte of ``*_*_``, and one of list markers nested in one line: each marker is read
    once (a break looked for at each nested marker read the rest of the line again)."""
    for page in ("*_" * (SIZE // 2), "-   " * (SIZE // 4), "-   " * (SIZE // 8) + "***"):
        start = time.perf_counter()
        within(partial(_read, page))
        assert time.perf_counter() - start < 1.0


def test_hostile_pages_are_read_in_linear_time() -> None:
    """Markers nested without end, backquote runs of every length (a span closed by the next
    run as long, looked up in a count, not by a search ahead), unclosed fences, a fenced block
    of a million lines in nested quotes, escapes, pipes and dashes, and code blocks of the
    tokens a code formatter rewrites."""
    runs = "".join("`" * length + "a" for length in range(1, 1400))
    for page in ("1. " * (SIZE // 3), "> " * (SIZE // 2), runs, "` a " * (SIZE // 4),
                 "`` a ` " * (SIZE // 7), "```\n" * (SIZE // 4),
                 "> ```\n" + "> > > x;\n" * (SIZE // 8), "\\*" * (SIZE // 2),
                 "|" + "-|" * (SIZE // 2), "|" * SIZE, "-   *   +   1) x\n" * (SIZE // 17),
                 " " * SIZE + "x", "<!--" * (SIZE // 4),
                 # a code block's tokens: parentheses around JSX opened and never closed,
                 # arrow parameters, quoted keys and trailing commas without end
                 "```js\n" + "=> (<" * (SIZE // 5), "```js\n" + "(x) => )" * (SIZE // 8),
                 "```js\n" + '{"a":' * (SIZE // 5), "```\n" + ",\n]" * (SIZE // 3)):
        within(partial(_read, page))


QUOTED_FENCE = 30_000
"""``>`` markers before a fence, and code lines under it: over a minute before, 0.06 s now."""


def test_a_fence_under_many_quote_markers_is_read_in_linear_time() -> None:
    """A fence opened after N ``>`` and N code lines that hold none: each line's markers are
    read up to the first character of another kind (looking for all N of them on every line
    cost N²)."""
    page = ">" * QUOTED_FENCE + "```\n" + "x\n" * QUOTED_FENCE
    assert within(partial(canonical_markdown, page), seconds=5) == "```\n" + "\0".join(
        "x" * QUOTED_FENCE)
