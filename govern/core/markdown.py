"""The jinja2 environment for every comment and record, and the escaping that keeps untrusted
text (paths, symbol names, PR text) markdown-inert: no broken code spans, no raw HTML, no
@mentions, no forged hidden markers."""

from __future__ import annotations

import re
from typing import Any

import jinja2

from govern.core.resources import data_dir

GITHUB_COMMENT_LIMIT = 65_536

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|~>])")
_LONGEST_TICKS = re.compile(r"`+")
# A code span shows entities literally, so an HTML comment delimiter in it is broken with a
# zero-width space instead: a forged hidden marker (``<!-- govern:docs-drift -->``) must never
# appear verbatim in a body, where a reader looking for the marker would find it.
_COMMENT_DELIMITER = re.compile(r"<!--|-->")


def code_span(text: object) -> str:
    """``text`` as one inline code span, fenced with more backticks than it contains."""
    value = " ".join(str(text).splitlines()) or " "
    value = _COMMENT_DELIMITER.sub(lambda m: "\u200b".join((m.group()[:2], m.group()[2:])),
                                   value)
    longest = max((len(run) for run in _LONGEST_TICKS.findall(value)), default=0)
    fence = "`" * (longest + 1)
    if value.startswith("`") or value.endswith("`") or (longest and value.strip() == value):
        value = f" {value} "
    return f"{fence}{value}{fence}"


def inline(text: object) -> str:
    """``text`` as inert inline markdown: specials escaped, HTML entity-encoded, no mentions."""
    value = " ".join(str(text).splitlines())
    value = value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    value = _MARKDOWN_SPECIAL.sub(r"\\\1", value)
    return value.replace("@", "@\u200b")


def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(data_dir("templates"))),
        autoescape=False,  # markdown, not HTML: every value goes through a filter below
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["code"] = code_span
    env.filters["md"] = inline
    return env


def render_template(name: str, **context: Any) -> str:
    return environment().get_template(name).render(**context)
