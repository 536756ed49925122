"""MkDocs hook: the key tables of docs/reference/configuration.md, generated at build time from
govern's key registry (``govern.config.KEYS``), so the page lists exactly the keys validation
accepts, with the descriptions ``govern init`` writes."""

from __future__ import annotations

from typing import Any

from govern.config import KEYS, SECTIONS
from govern.config.render import render_value

MARKER = "<!-- config-keys -->"
PAGE = "reference/configuration.md"


def _cell(text: str) -> str:
    """Table-cell prose: a pipe would end the cell (inside a code span it would not, and an
    escape there would show, so defaults are not passed through this)."""
    return text.replace("|", "\\|")


def render_keys() -> str:
    """One table per section, in registry order: key, kind, default, description."""
    out: list[str] = []
    for section, section_type in SECTIONS.items():
        out += [f"### `[{section}]`", "", (section_type.__doc__ or "").strip(), "",
                "| key | kind | default | description |", "|---|---|---|---|"]
        out += [f"| `{key.dotted}` | {key.kind.name} | `{render_value(key.default_toml)}` "
                f"| {_cell(key.description)} |"
                for key in KEYS if key.section == section]
        out.append("")
    return "\n".join(out)


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Replace the marker; the configuration page without it is a broken build."""
    if page.file.src_uri == PAGE and MARKER not in markdown:
        raise ValueError(f"{PAGE} lost its {MARKER} marker: the key tables have nowhere to go")
    return markdown.replace(MARKER, render_keys())
