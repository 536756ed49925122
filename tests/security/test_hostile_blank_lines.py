"""Attack: stall the docs-drift job with a change that adds a blank line after every statement
of a long function. A hunk of blank lines outside strings changes no code
(docs/concepts/anchoring-rules.md#comments), and whether a blank line lies in a string is asked
of the tree once per line, from the root down, never by walking a node's parents (a parent
walks its own parent's children: 100,000 lines of one block would take minutes)."""

from __future__ import annotations

import pytest

from govern.drift.anchors.comments import changed_code
from govern.drift.anchors.syntax import parse
from govern.git.gitio import Hunk
from tests.security.pr import within

COUNT = 100_000


@pytest.mark.parametrize(("language", "statement"), [
    ("python", "    x{} = {}\n"),
    ("typescript", "  const x{} = {};\n"),
])
def test_a_blank_line_after_every_statement_is_read_in_linear_time(language: str,
                                                                    statement: str) -> None:
    opening, closing = ("def f():\n", "") if language == "python" else ("function f() {\n", "}\n")
    body = [statement.format(n, n) for n in range(COUNT)]
    base = (opening + "".join(body) + closing).encode()
    head = (opening + "".join(line + "\n" for line in body) + closing).encode()
    # the head's blank lines: 3, 5, 7, … each a hunk adding one line after the base's line n + 1
    hunks = [Hunk(n + 2, 0, 2 * n + 3, 1) for n in range(COUNT)]
    added = frozenset(2 * n + 3 for n in range(COUNT))
    old, new = within(lambda: changed_code(
        language, (parse(language, base), base, frozenset()),
        (parse(language, head), head, added), hunks))
    assert (old, new) == (frozenset(), frozenset())
