"""A name the change removed from its files that the HEAD tree still declares in another
code file is no certain drift (docs/concepts/anchoring-rules.md#certain-drift): jinja's
top-level ``get_template`` went with ``ext/djangojinja2.py`` while ``Environment.get_template``
stayed, and a page naming ``get_template`` means the one that stays.

git finds the files that hold one of the names as a word (a fixed-string search, fast on any
tree); their text at HEAD is then read for a form that declares the name
(``def``/``class``/``function``/``interface``/``type``/``enum``, a module-level assignment, a
JS method). A form found where a page means another thing only costs the name its certainty,
never its row."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable

_MODIFIERS = rb"(?:public|private|protected|static|async|readonly|override|abstract|get|set)"
MAX_NAMES = 200
"""Removed names looked for in one run; a change removing more (a deleted package) keeps
the rest certain, as before."""


def _declaration_patterns(names: Collection[str]) -> tuple[re.Pattern[bytes], ...]:
    """Lines declaring one of ``names`` (group ``name``): after a declaring keyword, as a
    module-level assignment, or as a JS/TS method with its body."""
    either = b"|".join(re.escape(name.encode()) for name in sorted(names))
    name = rb"(?P<name>" + either + rb")(?![\w$])"
    return (
        re.compile(rb"(?<![\w$])(?:def|class|function|interface|type|enum)[ \t]+" + name),
        re.compile(rb"^(?:export[ \t]+)?(?:(?:const|let|var)[ \t]+)?" + name
                   + rb"[ \t]*(?::[^=\n]*)?=(?!=)", re.M),
        re.compile(rb"^[ \t]+(?:" + _MODIFIERS + rb"[ \t]+)*" + name
                   + rb"[ \t]*(?:<[^>\n]*>)?\([^)\n]*\)[ \t]*(?::[^{\n]*)?\{", re.M),
    )


def declared_names(texts: Iterable[bytes | None], names: Collection[str]) -> set[str]:
    """Which of ``names`` the ``texts`` declare."""
    patterns = _declaration_patterns(names)
    return {match.group("name").decode() for text in texts if text
            for pattern in patterns for match in pattern.finditer(text)}
