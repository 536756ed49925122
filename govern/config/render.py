"""Configuration values written back as TOML text, for the govern.toml ``govern init`` writes
and the defaults column of docs/reference/configuration.md."""

from __future__ import annotations

import json
from typing import Any


def render_value(value: Any) -> str:
    """A TOML value as one line: JSON's string escapes are TOML basic-string escapes."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {render_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(render_value(item) for item in value) + "]"
    return json.dumps(value, ensure_ascii=False)
