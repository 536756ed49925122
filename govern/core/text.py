"""Plain-text helpers every reader of untrusted text shares."""

from __future__ import annotations

import re

_LINE_END = re.compile(r"\r\n|\r|\n")


def split_lines(text: str) -> list[str]:
    """Lines without terminators (CRLF, CR or LF) and without a leading byte-order mark."""
    return _LINE_END.split(text.removeprefix("\ufeff"))
