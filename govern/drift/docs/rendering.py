"""Rendering pages: pages whose only content is generating directives, such as textual's
``docs/api/app.md`` (front matter and ``::: textual.app``). The docs build renders them from the
code, so no one edits them: only a change that breaks the build (the directive's target, or a
member it names, removed) lists one (docs/concepts/anchoring-rules.md#rendering-pages).
"""

from __future__ import annotations

import re

from govern.drift.docs.pydomain import MKDOCSTRINGS
from govern.drift.docs.scanner import (
    RST_ADORNMENT,
    adornment,
    atx_heading,
    front_matter_end,
)

_RST_DIRECTIVE = re.compile(r"\.\. (?:py:)?+(?:(auto\w++)|(?:current)?+module)::[^\n]*+")
"""An autodoc directive (group 1 its kind) or a module directive, opening a line. A module
directive renders nothing itself; it may stand beside the autodoc directives of a page that
only renders."""
_RST_LABEL = re.compile(r"\.\. _[^:\n]++:[ \t]*+")
"""An rst link target (``.. _api-app:``): where links land, no text of the page."""
_MARKDOWN_UNDERLINES = frozenset("=-")
_MARKDOWN_RULES = frozenset("=-*_")
"""The characters a markdown line of one repeated character is an underline or a thematic
break of; a line of ``#`` is text."""


def is_rendering_page(text: str, path: str) -> bool:
    """Whether a page holds nothing but generating directives: past its front matter, only
    blank lines, mkdocstrings blocks (``::: textual.app``, md) or autodoc directives (``..
    automodule:: pkg``, rst) with the option lines indented under them, and headings (``#
    On`` over ``::: textual.on``, tox's ``config`` over its ``.. autoclass::`` directives),
    which arrange what the build renders and say nothing of it. A sentence, a list, a code
    block, or content indented under an autodoc directive after a blank line (text added to
    the docstring) is written by hand: the page is then read as any other. One pass over the
    lines."""
    rst = path.endswith(".rst")
    lines = text.split("\n")
    underlines, rules = (RST_ADORNMENT, RST_ADORNMENT) if rst \
        else (_MARKDOWN_UNDERLINES, _MARKDOWN_RULES)
    renders = False
    options = False  # the lines indented under a directive, up to a blank line, are its options
    for number in range(0 if rst else front_matter_end(lines), len(lines)):
        line = lines[number].rstrip()
        if not line:
            options = False
            continue
        if options and line[0] in " \t":
            continue
        options = False
        if adornment(line) in rules or (rst and _RST_LABEL.fullmatch(line)):
            continue  # an underline, an overline, a thematic break, a link target
        directive = (_RST_DIRECTIVE if rst else MKDOCSTRINGS).fullmatch(line)
        if directive is not None:
            renders = renders or not rst or directive.group(1) is not None
            options = True
            continue
        if (rst or atx_heading(line) is None) and (
                line[0].isspace() or number + 1 == len(lines)
                or adornment(lines[number + 1]) not in underlines):
            return False  # no heading: text of the page's own
    return renders
