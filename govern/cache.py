"""On-disk caches under ``$(git rev-parse --git-common-dir)/govern/``, keyed by govern's
version so an upgrade never reads a stale format. A cache that cannot be read is rebuilt."""

from __future__ import annotations

import os
import pickle
import sys
import tempfile
from pathlib import Path
from typing import Any

from govern import __version__

_STAMP = f"{__version__}-py{sys.version_info.major}.{sys.version_info.minor}"


def cache_dir(common_dir: Path) -> Path:
    return common_dir / "govern"


def load(path: Path) -> dict[str, Any]:
    """The cached mapping, or an empty one when absent, unreadable or from another version."""
    try:
        with path.open("rb") as handle:
            stamp, data = pickle.load(handle)
    except (OSError, pickle.UnpicklingError, EOFError, ValueError, TypeError,
            AttributeError, ImportError):
        return {}
    return data if stamp == _STAMP and isinstance(data, dict) else {}


def save(path: Path, data: dict[str, Any]) -> None:
    """Write atomically (a parallel run never reads half a file); failures are ignored, as a
    cache is an optimisation, never an input."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        with os.fdopen(fd, "wb") as handle:
            pickle.dump((_STAMP, data), handle, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
    except OSError:
        pass
