"""On-disk caches under ``$(git rev-parse --git-common-dir)/govern/``, keyed by govern's
version so an upgrade never reads a stale format. A cache that cannot be read is rebuilt.

Caches are JSON: CI restores them with actions/cache, so their bytes may come from another
run, and reading them must never execute anything. Each file is checked against the schema its
user names (``schemas/cache-*.schema.json``, through ``govern.core.json_input``) before its
user's decoder sees a value, so decoders convert and never check shapes.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

from govern import __version__
from govern.core.json_input import conforms, parse_json

T = TypeVar("T")
_STAMP = f"{__version__}-py{sys.version_info.major}.{sys.version_info.minor}"


def cache_dir(common_dir: Path) -> Path:
    return common_dir / "govern"


def load_json(path: Path, schema: str, decode: Callable[[Any], T]) -> dict[str, T]:
    """The cached mapping with each value decoded, or an empty one (rebuilt by the next save)
    when absent, unreadable, from another version, or not conforming to ``schemas/<schema>``
    (a foreign, damaged or forged file)."""
    try:
        document = parse_json(path.read_bytes())
    except (OSError, ValueError):
        return {}
    if (not isinstance(document, dict) or document.get("stamp") != _STAMP
            or not conforms(schema, document)):
        return {}
    return {key: decode(value) for key, value in document["entries"].items()}


def save_json(path: Path, data: Mapping[str, T], encode: Callable[[T], Any]) -> None:
    """Write atomically (a parallel run never reads half a file); failures are ignored, as a
    cache is an optimisation, never an input."""
    document = {"stamp": _STAMP, "entries": {key: encode(value) for key, value in data.items()}}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(document, handle, separators=(",", ":"))
        os.replace(tmp, path)
    except OSError:
        pass
