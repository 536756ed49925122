"""How GitHub shows a comment, as far as a test can tell: the markdown rendered by cmark-gfm
(GitHub's own fork of cmark, with its autolink extension), then what GitHub links after
rendering, in the HTML's text outside code and links — @mentions, ``#1`` / ``GH-1`` /
``owner/repo#1`` references. ``live`` lists what would become a link or a notification."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import cmarkgfm
from cmarkgfm.cmark import Options

# GitHub's post-render references, approximately and generously: what these find is live.
_MENTION = re.compile(r"(?<![\w`])@[A-Za-z0-9][\w-]*")
_REFERENCE = re.compile(r"(?<![\w/])(?:[\w.-]+/[\w.-]+)?#\d+\b|(?i:\bgh-\d+\b)")
BIDI = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.inert_depth = 0
        self.links: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            self.links.append(dict(attrs).get("href") or "")
        if tag in ("a", "code", "pre"):
            self.inert_depth += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("a", "code", "pre"):
            self.inert_depth -= 1

    def handle_data(self, data: str) -> None:
        if not self.inert_depth:
            self.text.append(data)


def render(markdown: str) -> str:
    return cmarkgfm.github_flavored_markdown_to_html(markdown, options=Options.CMARK_OPT_UNSAFE)


def live(markdown: str) -> list[str]:
    """Every link, mention and cross-reference GitHub would make of ``markdown``."""
    parser = _Text()
    parser.feed(render(markdown))
    text = "".join(parser.text)
    return [*parser.links, *_MENTION.findall(text), *_REFERENCE.findall(text)]
