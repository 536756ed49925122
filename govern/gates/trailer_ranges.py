"""The commit ranges the trailers gate reads, as ``(merge base, head)`` pairs: ``--range``,
else pre-commit's refs, else BASE..HEAD, else git's pre-push lines, else the default BASE."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TextIO

from govern.git.gitio import NULL_SHA, Git
from govern.github.event import default_base, read_event


def read_trailer_ranges(git: Git, base: str | None, head: str, rev_range: tuple[str, str] | None,
                        environ: Mapping[str, str], stdin: TextIO,
                        ) -> list[tuple[str | None, str]]:
    """``(since, until)`` commit pairs to read, ``since`` a merge base (None: all history).
    ``rev_range`` is ``--range A..B`` split into ``(A, B)``; ``stdin`` carries pre-push's
    lines when it is not a terminal."""
    if rev_range is not None:
        since, until = rev_range
        return [(git.resolve_commit(since), git.resolve_commit(until))]
    from_ref = environ.get("PRE_COMMIT_FROM_REF")
    to_ref = environ.get("PRE_COMMIT_TO_REF")
    if from_ref and to_ref:
        return [(git.resolve_commit(from_ref), git.resolve_commit(to_ref))]
    if base is None and not stdin.isatty():
        pushed = read_pre_push_ranges(git, stdin.read(), environ)
        if pushed is not None:
            return pushed
    head_sha = git.resolve_commit(head)
    base_sha = git.resolve_commit(base or default_base(git, read_event(environ), environ,
                                                      "govern check trailers"))
    return [(git.merge_bases(base_sha, head_sha)[0], head_sha)]


def read_pre_push_ranges(git: Git, lines: str, environ: Mapping[str, str],
                         ) -> list[tuple[str | None, str]] | None:
    """git's pre-push stdin: ``<local ref> <local sha> <remote ref> <remote sha>`` per line.

    A deleted branch (local sha all zeros) pushes no commit; a new branch (remote sha all
    zeros) is read from its merge base with the remote's default branch.
    """
    ranges: list[tuple[str | None, str]] = []
    seen = False
    for line in lines.splitlines():
        fields = line.split()
        if len(fields) != 4:
            continue
        seen = True
        _, local_sha, _, remote_sha = fields
        if local_sha == NULL_SHA:
            continue
        local = git.resolve_commit(local_sha)
        if remote_sha != NULL_SHA and git.has_commit(remote_sha):
            ranges.append((git.merge_bases(git.resolve_commit(remote_sha), local)[0], local))
            continue
        default = git.resolve_commit(default_base(git, {}, environ, "govern check trailers"))
        ranges.append((git.merge_bases(default, local)[0], local))
    return ranges if seen else None
