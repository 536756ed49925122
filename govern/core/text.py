"""Plain-text helpers every reader and renderer of untrusted text shares."""

from __future__ import annotations

import re
from typing import Any

_LINE_END = re.compile(r"\r\n|\r|\n")


def split_lines(text: str) -> list[str]:
    """Lines without terminators (CRLF, CR or LF) and without a leading byte-order mark."""
    return _LINE_END.split(text.removeprefix("\ufeff"))


def clip(value: Any, limit: int = 300) -> str:
    """``value`` as one line of at most ``limit`` characters, a longer one cut with ``…`` (a
    minified bundle's literal or a 4,000-character path must not eat a comment)."""
    text = " ".join(str(value).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def fold(text: str, limit: int) -> str:
    """``text`` cut at a line end to at most ``limit`` characters, ending with how many lines
    were left out: the last resort of a renderer whose least detailed output still overflows."""
    if len(text) <= limit:
        return text
    lines = text.splitlines(keepends=True)
    kept, size = 0, 0
    while kept < len(lines):
        note = f"… {len(lines) - kept - 1} more line(s) not shown\n"
        if size + len(lines[kept]) + len(note) > limit:
            break
        size += len(lines[kept])
        kept += 1
    return "".join(lines[:kept]) + f"… {len(lines) - kept} more line(s) not shown\n"
