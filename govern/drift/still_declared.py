"""A name the change removed from its files that the HEAD tree still declares in another
code file is no certain drift (docs/concepts/anchoring-rules.md#certain-drift): jinja's
top-level ``get_template`` went with ``ext/djangojinja2.py`` while ``Environment.get_template``
stayed, and a page naming ``get_template`` means the one that stays.

The declarations are found by one ``git grep`` of HEAD for the forms that declare a name
(``def``/``class``/``function``/``interface``/``type``/``enum``, a module-level assignment, a
JS method): a form found where a page means another thing only costs the name its certainty,
never its row."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable

_WORD = re.compile(r"[\w$]+")
_EDGE = "[^[:alnum:]_$]"
_KEYWORDS = "def|class|function|interface|type|enum"
_MODIFIERS = "public|private|protected|static|async|readonly|override|abstract|get|set"
MAX_NAMES = 200
"""Removed names looked for in one run; a change removing more (a deleted package) keeps
the rest certain, as before."""


def declaration_patterns(names: Collection[str]) -> list[str]:
    """Extended regexes (git grep -E) matching a line that declares one of ``names``."""
    either = "|".join(re.escape(name) for name in sorted(names))
    return [
        f"(^|{_EDGE})({_KEYWORDS})[[:space:]]+({either})({_EDGE}|$)",
        f"^(export[[:space:]]+)?((const|let|var)[[:space:]]+)?({either})[[:space:]]*"
        f"(:[^=]*)?=([^=]|$)",
        f"^[[:space:]]+(({_MODIFIERS})[[:space:]]+)*({either})[[:space:]]*(<[^>]*>)?"
        f"\\([^)]*\\)[[:space:]]*(:[^{{]*)?\\{{",
    ]


def declared_names(matches: Iterable[str], names: Collection[str]) -> set[str]:
    """Which of ``names`` the matched declaration lines declare."""
    return {word for text in matches for word in _WORD.findall(text) if word in names}
