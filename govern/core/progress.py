"""Progress on long work, on stderr (docs/how-to/shell.md#progress-on-long-work): one line
rewritten in place on a terminal, a plain log line every few seconds elsewhere (a CI log),
nothing at all on a run that ends quickly or under ``--quiet``.

Discrete events (a retry wait, a ref skipped) are printed at once, whatever the pace. The
clock and the stream are injected, so tests drive time by hand and never sleep.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO

DELAY = 1.5
"""Seconds of work before anything is shown: a fast run prints no progress at all."""
LOG_EVERY = 5.0
"""Seconds between two log lines when stderr is not a terminal (a CI log keeps every line)."""
REDRAW_EVERY = 0.1
"""Seconds between two redraws of the terminal line (a tight loop must not flood it)."""

Progress = Callable[[str, int, int], None]
"""Told ``(what, done, total)`` as long work advances: ``("PRs read", 3, 100)``; a
:meth:`Reporter.step`, or :func:`no_progress`."""


class Reporter:
    """Says how far a long piece of work has come: ``step(what, done, total)`` as it advances,
    ``event(text)`` for something a person should see now, ``close()`` when it ends (also as a
    context manager)."""

    def __init__(self, label: str, *, quiet: bool = False, stream: TextIO | None = None,
                 tty: bool | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.label = label
        self.quiet = quiet
        # Looked up now, not at import: click's test runner swaps sys.stderr per invocation.
        self.stream = stream if stream is not None else sys.stderr
        self.tty = self.stream.isatty() if tty is None else tty
        self.clock = clock
        self.start = clock()
        self._shown = 0
        """Width of the terminal line now on screen (0: none)."""
        self._last: float | None = None
        """When progress was last written."""

    def step(self, what: str, done: int, total: int | None = None) -> None:
        """``done`` of ``total`` (None: not known) ``what`` so far, e.g. ``("pages", 40, 900)``;
        written only when the pace allows."""
        if self.quiet:
            return
        now = self.clock()
        elapsed = now - self.start
        if elapsed < DELAY:
            return
        pace = REDRAW_EVERY if self.tty else LOG_EVERY
        if self._last is not None and now - self._last < pace:
            return
        self._last = now
        count = f"{done}/{total}" if total is not None else str(done)
        line = f"{self.label}: {what} {count}, {elapsed:.0f}s"
        if self.tty:
            # Padding over the previous line's tail: no terminal escape codes needed.
            self._write(f"\r{line}{' ' * max(0, self._shown - len(line))}")
            self._shown = max(self._shown, len(line))
        else:
            self._write(line + "\n")

    def event(self, text: str) -> None:
        """One line now, above the progress line on a terminal (it is redrawn on the next
        step)."""
        if not self.quiet:
            self.warn(text)

    def warn(self, text: str) -> None:
        """A warning now: like :meth:`event`, but ``--quiet`` does not hide it."""
        self._clear()
        self._write(text + "\n")
        if self.tty:
            self._last = None

    def close(self) -> None:
        """Clear the terminal line, so the output that follows starts on a clean one."""
        self._clear()

    def __enter__(self) -> Reporter:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def _clear(self) -> None:
        if self._shown:
            self._write(f"\r{' ' * self._shown}\r")
            self._shown = 0

    def _write(self, text: str) -> None:
        self.stream.write(text)
        self.stream.flush()


def no_progress(what: str, done: int, total: int) -> None:
    """The progress of work nobody watches."""
