"""Attack: stall the docs-drift job with a page built against the reader of rst substitutions
(docs/concepts/ranking.md#line-numbers): a hundred thousand substitution definitions naming
the anchor, a megabyte line of pipes. A substitution's uses are read once for all of them,
each try reading up to the next pipe: linear."""

from __future__ import annotations

from govern.drift.docs.lines import mention_lines
from tests.security.pr import within

ITEMS = 100_000
LONG = 1_000_000


def test_many_substitutions_and_pipes_are_read_once() -> None:
    definitions = "".join(f".. |s{n}| replace:: :meth:`~pkg.Logger.opt`\n" for n in range(ITEMS))
    uses = "".join(f"Use |s{n}|.\n" for n in range(ITEMS))
    lines = within(lambda: mention_lines(definitions + uses, "a.rst", "Logger.opt", "written"))
    assert lines == tuple(range(ITEMS + 1, ITEMS + 21))
    pipes = "|" * LONG + "\n" + "| a" * LONG + "\n.. |opt| replace:: :meth:`pkg.Logger.opt`\n"
    assert within(lambda: mention_lines(pipes, "a.rst", "Logger.opt", "written")) == (3,)
