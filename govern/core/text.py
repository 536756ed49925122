"""Plain-text helpers every reader of untrusted text shares."""

from __future__ import annotations

import re

_LINE_END = re.compile(r"\r\n|\r|\n")


def split_lines(text: str) -> list[str]:
    """Lines without terminators (CRLF, CR or LF) and without a leading byte-order mark."""
    return _LINE_END.split(text.removeprefix("\ufeff"))


def inert_line(text: str) -> str:
    """Plain text for a log line: CR and LF shown as ``\\r`` and ``\\n``, so text quoted from
    a path or the PR cannot start a line of its own, where the runner would read
    ``::add-mask::`` or ``::error::`` as a command (and a path stays one line of output)."""
    return text.replace("\r", "\\r").replace("\n", "\\n")
