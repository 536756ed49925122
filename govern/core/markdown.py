"""The jinja2 environment for every comment and record, and the one escaping mechanism that keeps
untrusted text (paths, symbol names, PR text, GitHub's own words) inert wherever govern shows it
on GitHub: comments, step summaries and annotations (docs/security.md).

Inert means: no broken code spans, no raw HTML, no forged hidden markers, no @mentions, no live
``#123`` / ``GH-123`` / ``owner/repo#123`` cross-references, no autolinks (``https://…``,
``www.…``, e-mail addresses — whatever the host looks like: ``evil。example``, ``0x7f000001``),
and no bidi or invisible controls that make a path display as another.

GitHub links references and mentions after rendering, in the HTML's text (never inside code), so
a backslash cannot stop them: a zero-width space after the trigger does. Autolinks are found
while parsing, so breaking ``://`` and ``www.`` the same way stops them too.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import jinja2

from govern.core.resources import data_dir
from govern.core.text import visible

GITHUB_COMMENT_LIMIT = 65_536
"""The longest comment body GitHub accepts (it answers 422 beyond)."""
STEP_SUMMARY_LIMIT = 1_048_576
"""The most one step may write to ``$GITHUB_STEP_SUMMARY`` before GitHub drops it."""

ZWSP = "\u200b"
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|~>])")
_LONGEST_TICKS = re.compile(r"`+")
# A code span shows entities literally, so an HTML comment delimiter in it is broken with a
# zero-width space instead: a forged hidden marker (``<!-- govern:docs-drift -->``) must never
# appear verbatim in a body, where a reader looking for the marker would find it.
_COMMENT_DELIMITER = re.compile(r"<!--|-->")
# What GitHub turns into a link or a notification: a mention, an issue or PR reference
# (``#1``, ``GH-1``, ``owner/repo#1``), a URL scheme's ``://`` and the ``www.`` of a bare host.
_TRIGGER = re.compile(r"@|#(?=\d)|(?i:\bgh-)(?=\d)|:(?=//)|(?i:\bwww)(?=\.)")
_MESSAGE_CODE = re.compile(r"`([^`\n]+)`")


def plain(text: object) -> str:
    """``text`` inert as plain text (an annotation, a log line shown on GitHub): controls shown,
    and a zero-width space after each mention, reference or autolink trigger."""
    return _TRIGGER.sub(lambda m: m.group() + ZWSP, visible(text))


def code_span(text: object) -> str:
    """``text`` as one inline code span, fenced with more backticks than it contains. GitHub
    neither links nor mentions inside code, so only controls need showing."""
    value = " ".join(visible(text).splitlines()) or " "
    value = _COMMENT_DELIMITER.sub(lambda m: ZWSP.join((m.group()[:2], m.group()[2:])), value)
    longest = max((len(run) for run in _LONGEST_TICKS.findall(value)), default=0)
    fence = "`" * (longest + 1)
    if value.startswith("`") or value.endswith("`") or (longest and value.strip() == value):
        value = f" {value} "
    return f"{fence}{value}{fence}"


def inline(text: object) -> str:
    """``text`` as inert inline markdown: :func:`plain`, then markdown specials escaped and HTML
    entity-encoded."""
    value = " ".join(plain(text).splitlines())
    value = value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return _MARKDOWN_SPECIAL.sub(r"\\\1", value)


def message(text: object) -> str:
    """One of govern's messages (a finding, a reason, GitHub's answer) as inert markdown, the
    way a comment shows it: each backtick-quoted part a code span, the rest :func:`inline`. A
    lone backtick stays text."""
    value = " ".join(str(text).splitlines())
    parts, last = [], 0
    for match in _MESSAGE_CODE.finditer(value):
        parts += [inline(value[last:match.start()]), code_span(match.group(1))]
        last = match.end()
    return "".join([*parts, inline(value[last:])])


def environment() -> jinja2.Environment:
    """A new environment of the package's templates with the filters that make text inert; a
    caller that adds a filter of its own keeps the one it built (``render_review``)."""
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
    env.filters["message"] = message
    return env


@cache
def _shared_environment() -> jinja2.Environment:
    """One environment a process renders with, so each template is compiled once: the drift
    comment is rendered at up to four levels of detail, each compile ~70 ms."""
    return environment()


def render_template(name: str, **context: Any) -> str:
    return _shared_environment().get_template(name).render(**context)
