"""Where a page says a runtime version (``Python 3.8``, ``Node.js 18``): the runtime's name and,
later in the same clause, the version
(docs/concepts/anchoring-rules.md#runtime-versions)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

RUNTIME_NAMES = {
    "Python": ("Python", "python", "python3", "CPython", "python_requires", "requires-python"),
    "Node.js": ("Node.js", "Node", "node", "nodejs", "NodeJS", "node.js"),
}
"""The words each runtime goes by on a page, as the docs index keeps them: the pages holding
one of them are the only ones read for its versions."""

_SPELLED = {"Python": r"(?<![\w-])(?:C?[Pp]ython|python_requires|requires-python)(?![A-Za-z_-])",
            "Node.js": r"(?<![\w-])[Nn]ode(?:\.?js|JS)?(?![A-Za-z_-])"}
"""The runtime's name as prose, a code span or a command writes it (``python3.8``,
``node18``, ``[Node.js](https://nodejs.org/) version 18+``), and the manifest key a page
shows (``python_requires=">= 3.6"``)."""

CLAUSE = 48
"""Characters between the runtime's name and its first version at most: ``Python >= 3.8``,
``[Node.js](https://nodejs.org/en/) version 18+``, and flask's ``supports Python`` with
``3.6 and newer.`` on the next line: the span holds no digit, no blank line and no sentence
end, so a number later in the paragraph is not read as a version."""
_GAP = rf"(?:[^\d\n.!?;]|[.!?](?=[^\s\d])|\n(?=[ \t]*+\S)){{0,{CLAUSE}}}?"
_LISTED = r"(?:v?\d++(?:\.\d++)*+(?:\.[xX*])?\+?\s*+(?:,|&|/|\bor\b|\band\b)\s*+){0,8}?"
"""Versions listed before the one looked for: ``Python 2.7 & 3.5+``, ``18+ or 20+``, ``3.9,
3.10``; a number followed by anything else (``20 is used, with 18 plugins``) ends the list."""


@cache
def version_pattern(token: str) -> re.Pattern[str]:
    """The pattern of one runtime version token: the name, then within ``CLAUSE`` characters
    of the same clause a version, or a list of them, holding this one as a whole number
    (``3.8`` of ``3.8.1`` or ``3.8+``, not of ``3.80`` or ``13.8``; ``18`` of ``v18`` or
    ``18.x``, not of ``2018`` or ``20.18``), and not another package's pin written after it
    (``python -m pip install Django==3.2``)."""
    runtime, _, version = token.partition(" ")
    return re.compile(rf"{_SPELLED[runtime]}{_GAP}{_LISTED}(?<![\d.])(?<![\w\]][=!~<>]=)"
                      rf"v?{re.escape(version)}(?!\d)")


_DATED = re.compile(r"(?:\bsince|\bas[ \t]++of|\b(?:added|new|changed|deprecated|removed)"
                    r"[ \t]++in)[ \t*_`(]*+$", re.IGNORECASE)
"""The words that date an event by the version after them: cattrs's "``typing.Set[T]``
(deprecated since Python 3.9, use ``set[T]``)" stays true once 3.9 is dropped. "On Python
3.8, asyncio on Windows…" describes the old version's behaviour, and goes with it."""
DATING = 24
"""Characters before a runtime's name read for a dating phrase (``deprecated since **``)."""
_EVENT = re.compile(r"[ \t*_`)]*+(?:added|introduced|removed|deprecated|dropped|changed)\b",
                    re.IGNORECASE)
"""A verb right after the version that makes the runtime the subject of an event: trio's
"Python 3.6 added support for async generators" stays true once 3.6 is dropped. Matched at
the version's end only, over at most the markup closing it: no scan of the text after."""


def version_mentions(text: str, token: str) -> Iterator[int]:
    """Offsets where ``text`` says the runtime version ``token``, at the runtime's name, less
    those dating an event (``new in``, ``deprecated since`` before it, ``added`` after it).
    Each match starts at a name and reads at most ``CLAUSE`` characters past it, ``DATING``
    before it and one run of markup and a word after it: linear in the text."""
    for match in version_pattern(token).finditer(text):
        if not (_DATED.search(text, max(0, match.start() - DATING), match.start())
                or _EVENT.match(text, match.end())):
            yield match.start()
