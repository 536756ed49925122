"""What to tell someone whose repository lacks a commit or history govern needs: the real
remote and branch to fetch or deepen, read from git config (issue 14), never a guessed
``git fetch origin origin/master``. Pure: ``Git.remote_config`` reads what these judge."""

from __future__ import annotations

import re
import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

DEEPEN_BY = 200
"""Commits to deepen by per try: a PR's history usually fits, and a retry is cheap."""

_SHA = re.compile(r"[0-9a-f]{7,40}")
_HEADS = "refs/heads/"
_REMOTES = "refs/remotes/"


@dataclass(frozen=True)
class RemoteConfig:
    """The remotes, the ``branch.*``/``remote.*`` configuration, the checked-out branch, and the
    branches pointing at the commits a remedy is about."""

    remotes: tuple[str, ...]
    config: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Keys as git prints them (``branch.topic.remote``, ``remote.origin.fetch``)."""
    current_branch: str | None = None
    tips: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Commit sha → the full ref names (local and remote-tracking branches) at it."""

    def value(self, key: str) -> str | None:
        values = self.config.get(key, ())
        return values[-1] if values else None

    def default_remote(self) -> str | None:
        """The checked-out branch's upstream remote, else ``origin``, else the first remote."""
        upstream = self.value(f"branch.{self.current_branch}.remote")
        if upstream in self.remotes:
            return upstream
        if "origin" in self.remotes:
            return "origin"
        return self.remotes[0] if self.remotes else None

    def split_remote(self, ref: str) -> tuple[str, str] | None:
        """``origin/main`` (or ``refs/remotes/origin/main``) as ``(remote, branch)``; the longest
        remote name wins, as remote names may hold a slash."""
        name = ref.removeprefix(_REMOTES)
        for remote in sorted(self.remotes, key=len, reverse=True):
            branch = name.removeprefix(f"{remote}/")
            if branch != name and branch and branch != "HEAD":
                return remote, branch
        return None

    def upstream(self, branch: str) -> tuple[str, str] | None:
        """A local branch's ``(remote, branch)`` from ``branch.<name>.remote``/``.merge``."""
        remote = self.value(f"branch.{branch}.remote")
        merge = self.value(f"branch.{branch}.merge") or ""
        if remote in self.remotes and merge.startswith(_HEADS):
            return remote, merge.removeprefix(_HEADS)
        return None

    def tracked(self, remote: str, branch: str) -> bool:
        """Does a plain ``git fetch <remote> <branch>`` update ``<remote>/<branch>``?"""
        wanted = f"refs/remotes/{remote}/{branch}"
        for spec in self.config.get(f"remote.{remote}.fetch", ()):
            source, _, target = spec.removeprefix("+").partition(":")
            if (source, target) in ((f"{_HEADS}{branch}", wanted), (f"{_HEADS}*",
                                                                    f"{_REMOTES}{remote}/*")):
                return True
        return False

    def fetched_branches(self, remote: str) -> list[str]:
        """The branches a single-branch clone's ``remote.<name>.fetch`` names (no wildcard)."""
        return [spec.removeprefix("+").partition(":")[0].removeprefix(_HEADS)
                for spec in self.config.get(f"remote.{remote}.fetch", ())
                if "*" not in spec and spec.removeprefix("+").startswith(_HEADS)]


def parse_config_z(data: str) -> dict[str, tuple[str, ...]]:
    """``git config -z --get-regexp`` output (``key\\nvalue\\0`` records) as key → values."""
    found: dict[str, list[str]] = {}
    for record in data.split("\0"):
        if record:
            key, _, value = record.partition("\n")
            found.setdefault(key, []).append(value)
    return {key: tuple(values) for key, values in found.items()}


_PLAIN_WORD = re.compile(r"[\w@%+=:,./-][\w@%+=:,./~^-]*")
"""A word a shell passes through as written (``~`` and ``^`` only inside it), left unquoted."""


def _command(*words: str) -> str:
    """Words as a copyable command in backticks; any other word single-quoted: a branch name
    can hold ``$`` or ``;``."""
    return "`" + " ".join(word if _PLAIN_WORD.fullmatch(word) else shlex.quote(word)
                          for word in words) + "`"


def range_remedy(ref: str) -> str | None:
    """For ``A..B`` or ``A...B`` the form govern takes (``--head B A``); None for one commit.
    A ref name cannot hold ``..``, so any ``..`` makes a range."""
    left, dots, right = ref.partition("..")
    if not dots:
        return None
    base, head = left or "HEAD", right.removeprefix(".") or "HEAD"
    # the arguments alone: the git layer does not know which command was run (naming
    # affected-docs to `govern check size` sent the reader to the wrong command)
    return (f"pass its ends apart, BASE {_command(base)} and {_command('--head', head)} (the "
            f"command's arguments then read {_command('--head', head, base)})")


def fetch_remedy(ref: str, config: RemoteConfig) -> str:
    """Where to fetch a commit this repository lacks: the remote-tracking branch's own remote
    and branch, a sha from the default remote, or a branch name as its remote-tracking ref."""
    split = config.split_remote(ref)
    if split is not None:
        remote, branch = split
        if config.tracked(remote, branch):
            return f"fetch it: {_command('git', 'fetch', remote, branch)}"
        return (f"fetch it: "
                f"{_command('git', 'fetch', remote, f'{branch}:{_REMOTES}{remote}/{branch}')}")
    default = config.default_remote()
    if default is None:
        return ("this repository has no remote to fetch it from: name a branch, tag or commit "
                "it has (`git branch -a` lists the branches)")
    if _SHA.fullmatch(ref):
        return f"fetch it: {_command('git', 'fetch', default, ref)}"
    name = ref.removeprefix(_HEADS)
    return (f"if it is a branch of {default}, fetch it with "
            f"{_command('git', 'fetch', default, name)} and name it "
            f"{_command(f'{default}/{name}')}; else name a branch, tag or commit this "
            "repository has")


def _branches_at(commits: Sequence[str], config: RemoteConfig, remote: str) -> list[str]:
    """The branches of ``remote`` at the commits: remote-tracking ones, and local ones by their
    upstream."""
    found: list[str] = []
    for commit in commits:
        for ref in config.tips.get(commit, ()):
            split = (config.split_remote(ref) if ref.startswith(_REMOTES)
                     else config.upstream(ref.removeprefix(_HEADS)))
            if split is not None and split[0] == remote:
                found.append(split[1])
    return list(dict.fromkeys(found))


def deepen_remedy(commits: Sequence[str], config: RemoteConfig) -> str:
    """How a shallow clone gets the history down to a merge base of ``commits``: deepen the
    branches at them (else the ones the clone fetches) from their remote, or unshallow."""
    remotes = [split[0] for commit in commits for ref in config.tips.get(commit, ())
               if ref.startswith(_REMOTES) and (split := config.split_remote(ref))]
    remote = remotes[0] if remotes else config.default_remote()
    if remote is None:
        return ("this shallow clone has no remote to deepen it from: clone the repository again "
                "without --depth (in GitHub Actions, `fetch-depth: 0` on actions/checkout)")
    branches = _branches_at(commits, config, remote) or config.fetched_branches(remote)
    deepen = _command("git", "fetch", f"--deepen={DEEPEN_BY}", remote, *branches)
    return (f"deepen the history until they meet: {deepen} (again while this message comes "
            f"back), or fetch all of it: {_command('git', 'fetch', '--unshallow', remote)}; in "
            "GitHub Actions, set `fetch-depth: 0` on actions/checkout")
