"""Lines of a page that only keep its site's contents in step with the commit: a Sphinx
``toctree`` entry naming a page the same commit deleted. Dropping one is bookkeeping no code
change asked for (loguru's f7e735f deleted ``docs/api/parser.rst``, and ``docs/api.rst``
changed only in that page's toctree line), so calibrate reads a page changed only there as no
reference page. Calibration only: affected-docs reads these lines as any other."""

from __future__ import annotations

import posixpath
import re

from govern.drift.docs.corpus import PAGE_SUFFIXES

_TOCTREE = re.compile(r"[ \t]*\.\.[ \t]+toctree::")
_TARGET = re.compile(r"[^<>]*<([^<>]+)>")
"""``Title <target>``: an entry titled, its target between angle brackets."""


def _stem(path: str) -> str:
    """A page's path as a toctree names it: without its suffix."""
    return next((path[:-len(suffix)] for suffix in PAGE_SUFFIXES if path.endswith(suffix)),
                path)


def _rooted(stems: frozenset[str]) -> frozenset[str]:
    """Every way a toctree led by ``/`` (from the docs' root, wherever that is) can name one of
    ``stems``: ``/parser``, ``/api/parser``, ``/docs/api/parser`` for ``docs/api/parser``."""
    return frozenset("/" + "/".join(parts[at:]) for stem in stems
                     for parts in [stem.split("/")] for at in range(len(parts)))


def _names(entry: str, folder: str, gone: frozenset[str], rooted: frozenset[str]) -> bool:
    """Whether a toctree ``entry`` names one of the ``gone`` page stems: relative to the page's
    ``folder``, or, led by ``/``, one of their ``rooted`` forms."""
    titled = _TARGET.fullmatch(entry)
    target = _stem(titled.group(1).strip() if titled else entry)
    if target.startswith("/"):
        return target in rooted
    return posixpath.normpath(posixpath.join(folder, target)) in gone


def toctree_entries(text: str, path: str, deleted: tuple[str, ...]) -> list[tuple[int, int]]:
    """(start, end) of each line of ``text``'s toctree bodies that names a page of ``deleted``
    (the commit's deleted pages), for :func:`~govern.drift.docs.scanner.blank_sections`. One
    pass over the lines, each entry looked up in a set."""
    if not deleted or "toctree::" not in text:
        return []
    gone = frozenset(_stem(page) for page in deleted)
    rooted = _rooted(gone)
    folder = path.rpartition("/")[0]
    spans: list[tuple[int, int]] = []
    directive: int | None = None  # the indent of the toctree whose body is being read
    offset = 0
    for line in text.splitlines(keepends=True):
        entry = line.strip()
        indent = len(line) - len(line.lstrip(" \t"))
        if directive is not None and entry and indent <= directive:
            directive = None  # the body ends at the first line indented no deeper
        if directive is None:
            if _TOCTREE.match(line):
                directive = indent
        elif entry and not entry.startswith(":") and _names(entry, folder, gone, rooted):
            spans.append((offset, offset + len(line)))
        offset += len(line)
    return spans
