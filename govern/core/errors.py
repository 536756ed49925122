"""The exceptions govern raises, each carrying the exit code the CLI maps it to
(docs/reference/exit-codes.md).

A broken rule is a *finding* (a value returned by a check), never an exception: exceptions here
mean govern could not judge (exit 2) or has a bug (exit 3).
"""

from __future__ import annotations

import errno
import shlex
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import click

PROJECT_URL = "https://github.com/repo-govern/govern"
CONFIG_REFERENCE = f"{PROJECT_URL}/blob/main/docs/reference/configuration.md"
"""Where a remedy sends a user for the configuration keys: the published page, since a
``docs/…`` path would name a file of govern's repository that the user's checkout lacks."""


class GovernError(click.ClickException):
    """Base of every error govern reports on purpose; ``remedy`` says what to do about it."""

    exit_code = 2

    def __init__(self, message: str, remedy: str = "") -> None:
        super().__init__(message)
        self.remedy = remedy

    def format_message(self) -> str:
        if self.remedy:
            return f"{self.message}\n  remedy: {self.remedy}"
        return self.message


class NotJudged(GovernError):
    """The environment could not be read, so no verdict was reached (exit 2)."""

    exit_code = 2


KEYS_REMEDY = f"fix the keys named above (every key, its type and default: {CONFIG_REFERENCE})"


class ConfigError(NotJudged):
    """The configuration is invalid; ``problems`` lists each as ``dotted.key: problem``, or
    names what keeps the file from being read at all (its TOML syntax, its encoding), with the
    remedy that fits that instead."""

    def __init__(self, problems: list[str], source: str, remedy: str = KEYS_REMEDY) -> None:
        self.problems = problems
        self.source = source
        listed = "\n".join(f"  - {problem}" for problem in problems)
        super().__init__(f"invalid configuration in {source}:\n{listed}", remedy=remedy)


_MISSING_OBJECT = ("unable to read ", "bad object ", "missing blob ", "missing tree ",
                   "invalid object ", "could not read object", "loose object", "is corrupt")
"""What git says when an object the repository should hold is not there or is damaged."""
MISSING_OBJECT_REMEDY = ("an object the repository should hold is missing or damaged (a clone "
                         "or fetch cut short, a partial clone offline): fetch again (`git "
                         "fetch origin`) and check the repository with `git fsck`")


class GitError(NotJudged):
    """A git command failed; carries the argv, its status and its stderr. Without a remedy of
    its caller's, a missing or damaged object gets the one that fits it."""

    def __init__(self, argv: list[str], status: int, stderr: str, remedy: str = "") -> None:
        self.argv = argv
        self.status = status
        self.stderr = stderr.strip()
        shown = " ".join(argv)
        if not remedy and any(words in self.stderr for words in _MISSING_OBJECT):
            remedy = MISSING_OBJECT_REMEDY
        super().__init__(f"git failed (exit {status}): {shown}\n{self.stderr}", remedy=remedy)


class UnknownRef(NotJudged):
    """A ref or revision does not name a commit in this repository; the remedy names where to
    fetch it from (``Git.unknown_ref`` reads the remotes)."""

    def __init__(self, ref: str, remedy: str) -> None:
        self.ref = ref
        super().__init__(
            f"unknown revision {ref!r}: it does not name a commit in this repository",
            remedy=remedy,
        )


class ParentOfRoot(NotJudged):
    """A parent (``X^``, ``X~1``) asked of a commit that has none: the repository's first."""

    def __init__(self, ref: str, commit: str) -> None:
        self.ref = ref
        super().__init__(
            f"{ref!r} names the parent of {commit[:12]}, the repository's first commit, which "
            "has none",
            remedy="name a BASE that exists (a branch, a tag, a later commit); to list every "
                   "page that names the code as it is, run `govern affected-docs --all`",
        )


class RevisionRange(NotJudged):
    """A range (``A..B``, ``A...B``) given where govern takes one commit."""

    def __init__(self, ref: str, remedy: str) -> None:
        self.ref = ref
        super().__init__(
            f"{ref!r} is a range of commits; govern takes one commit as BASE (and one as "
            "--head) and diffs merge-base(BASE, HEAD)..HEAD itself",
            remedy=remedy,
        )


class NoCommits(NotJudged):
    """The repository has no commit yet: there is no history to read."""

    def __init__(self) -> None:
        super().__init__(
            "this repository has no commits yet: govern reads committed history",
            remedy="commit your files first (`git add -A && git commit`), then run govern again",
        )


class NoWorkTree(NotJudged):
    """A bare repository, or a folder inside a git directory: no checkout to work in."""

    def __init__(self, where: str, bare: bool) -> None:
        self.bare = bare
        if bare:
            super().__init__(
                f"{where} is a bare repository: govern works in a checkout, and a bare "
                "repository has none",
                remedy=f"clone it and run govern in the clone: `git clone {shlex.quote(where)} "
                       "work && cd work`",
            )
        else:
            super().__init__(
                f"{where} is inside a repository's git directory, not in its work tree",
                remedy="run govern from the work tree (the folder holding .git), or pass "
                       "--repo-dir",
            )


class ShallowClone(NotJudged):
    """The clone is shallow and lacks the history a merge base needs; the remedy names the
    remote and branches to deepen (``Git.deepen_remedy`` reads them from git config)."""

    def __init__(self, base: str, head: str, remedy: str) -> None:
        super().__init__(
            f"no merge base between {base} and {head}: this is a shallow clone without it",
            remedy=remedy,
        )


class NoCommonHistory(NotJudged):
    """Two commits share no ancestor."""

    def __init__(self, base: str, head: str) -> None:
        super().__init__(
            f"{base} and {head} have no common history (no merge base)",
            remedy="name a BASE that shares history with HEAD",
        )


class PayloadError(NotJudged):
    """An input file (event payload, result JSON) could not be read."""


_READ_REMEDIES = {
    errno.ENOENT: "check the {option} path (it is read from the current directory: {absolute})",
    errno.EISDIR: "give {option} the file itself, not its folder",
    errno.EACCES: "make it readable for this user, or give {option} a readable copy",
}
_WRITE_REMEDIES = {
    errno.ENOENT: "create the folder first (`mkdir -p {parent}`), or give {option} a path in "
                  "an existing folder",
    errno.ENOTDIR: "a part of the path is a file, not a folder: give {option} a path in an "
                   "existing folder",
    errno.EISDIR: "give {option} a file's path, not a folder's",
    errno.EACCES: "give {option} a path you can write (or fix the permissions of {parent} "
                  "or of the file)",
    errno.EROFS: "give {option} a path on a writable file system",
    errno.ENOSPC: "free space on that disk, or give {option} a path on another",
}
# the OS says EPERM where another says EACCES for the same refusal
_READ_REMEDIES[errno.EPERM] = _READ_REMEDIES[errno.EACCES]
_WRITE_REMEDIES[errno.EPERM] = _WRITE_REMEDIES[errno.EACCES]


class NamedFileError(NotJudged):
    """A file the user named on the command line could not be read or written: the path, the
    OS's reason and the remedy that fits that reason. The environment, not a bug (exit 2)."""

    def __init__(self, path: Path, option: str, exc: OSError, *, writing: bool,
                 also: str = "") -> None:
        remedies = _WRITE_REMEDIES if writing else _READ_REMEDIES
        fallback = ("give {option} a path you can write" if writing
                    else "check the {option} path and that the file can be read")
        remedy = remedies.get(exc.errno or 0, fallback).format(
            option=option, absolute=path.absolute(), parent=shlex.quote(str(path.parent)))
        super().__init__(f"cannot {'write' if writing else 'read'} {path}: "
                         f"{exc.strerror or exc}",
                         remedy=f"{remedy}, {also}" if also else remedy)


@contextmanager
def named_file(path: Path, option: str, *, writing: bool = False,
               also: str = "") -> Iterator[None]:
    """Around the reading or writing of ``path``, named with ``option``: an OSError becomes a
    NamedFileError, since a path that cannot be used is the user's to fix, never a bug."""
    try:
        yield
    except OSError as exc:
        raise NamedFileError(path, option, exc, writing=writing, also=also) from None


class InternalError(GovernError):
    """An unexpected exception: a bug in govern (exit 3)."""

    exit_code = 3
