"""Why a PR's head could not be read, in govern's words with the fix
(docs/how-to/overlap.md#unreadable-refs): a matrix over hundreds of refs skips the one it
cannot read instead of stopping on git's ``fatal:``."""

from __future__ import annotations

import re

from govern.core.errors import GitError, NoCommonHistory, NotJudged, UnknownRef
from govern.core.text import clip
from govern.overlap.model import Ref, UnreadableRef

_GIT_PREFIX = re.compile(r"^(?:fatal|error|warning): ", re.IGNORECASE)


def git_words(stderr: str) -> str:
    """git's message on one line, without its ``fatal:``/``error:`` prefixes."""
    lines = (_GIT_PREFIX.sub("", line.strip()) for line in stderr.splitlines())
    return clip("; ".join(line for line in lines if line)) or "no message"


def _fetch_again(ref: Ref) -> str:
    return (f"fetch it again: `{ref.refetch}`" if ref.refetch else
            "fetch it again from the remote it came from, then check the repository with "
            "`git fsck`")


def missing_object(ref: Ref, sha: str) -> UnreadableRef:
    """``ref`` names ``sha``, which the object store does not hold (a fetch cut short, objects
    pruned): there is no commit to read."""
    return UnreadableRef(ref.id, ref.ref, f"it names {sha}, an object this repository does not "
                         "have", _fetch_again(ref))


def unreadable_ref(ref: Ref, exc: NotJudged) -> UnreadableRef:
    """``ref`` skipped because reading it raised ``exc``: a git failure (a missing object, a
    broken history) is re-fetched, a shallow clone deepened, an unknown ref fetched."""
    if isinstance(exc, GitError):
        reason = f"git could not read its history ({git_words(exc.stderr)})"
        return UnreadableRef(ref.id, ref.ref, reason, _fetch_again(ref))
    if isinstance(exc, NoCommonHistory):
        return UnreadableRef(ref.id, ref.ref, exc.message,
                             "compare it against the branch it was cut from (its own BASE), "
                             "or leave it out")
    # A PR head that names nothing was fetched from refs/pull/N/head: fetch that again, not
    # the branch the remote-tracking name suggests.
    remedy = _fetch_again(ref) if isinstance(exc, UnknownRef) and ref.refetch else exc.remedy
    return UnreadableRef(ref.id, ref.ref, exc.message, remedy)
