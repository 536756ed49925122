"""Reading a command's ``--json`` result back in (``govern comment …`` renders from it): one
JSON object carrying the ``schema_version`` this govern writes, or a PayloadError (exit 2)."""

from __future__ import annotations

import json
from typing import Any

from govern.core.errors import PayloadError


def parse_versioned(text: str, source: str, version: int, remedy: str) -> dict[str, Any]:
    """The JSON object in ``text`` (read from ``source``), refused unless it is valid JSON, an
    object, and of schema ``version``: another version's keys may mean other things."""
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise PayloadError(f"{source} is not valid JSON ({exc})", remedy) from None
    if not isinstance(data, dict):
        raise PayloadError(f"{source} is not a JSON object", remedy)
    found = data.get("schema_version")
    if found != version:
        raise PayloadError(
            f"{source} has schema_version {found!r}; this govern reads {version}",
            "render it with the govern version that computed it, or recompute it with this one")
    return data
