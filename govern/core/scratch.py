"""A scratch folder that an interrupt cannot leave behind."""

from __future__ import annotations

import shutil
import signal
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

_STOPS = frozenset({signal.SIGINT, signal.SIGTERM})
"""The signals govern stops on (Ctrl-C, and SIGTERM, which ``govern.cli`` turns into one)."""


@contextmanager
def signals_held() -> Iterator[None]:
    """Ctrl-C and SIGTERM wait until the block is done: a folder made and recorded where its
    removal will find it, or removed. A signal that came meanwhile is raised on leaving."""
    held = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


@contextmanager
def scratch_folder(prefix: str) -> Iterator[Path]:
    """A new folder in the temporary directory, removed with what it holds on leaving. Ctrl-C
    and SIGTERM wait while it is made and while it is removed: ``TemporaryDirectory``, stopped
    between making its folder and registering its removal, leaves the folder behind
    (``timeout`` stopping calibrate left a private index folder one run in two)."""
    held = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPS)
    try:
        path = Path(tempfile.mkdtemp(prefix=prefix))
    except BaseException:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
        raise
    try:
        # a signal that came meanwhile is raised here, inside the ``try``: the folder goes
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
        yield path
    finally:
        with signals_held():
            shutil.rmtree(path, ignore_errors=True)
