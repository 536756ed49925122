"""What a PR gate knows of the PR it judges: BASE, the head and their merge base, and the PR's
body, labels and author, taken from the options, else the live API, else the event payload."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from govern.core.errors import NotJudged
from govern.git.gitio import Git
from govern.github.client import GitHubPull
from govern.github.event import default_base, dig, pull_request_of, read_event


@dataclass(frozen=True)
class PullRequestInput:
    """What a gate knows of the PR: its commits and the PR-level text it was given."""

    base: str
    """BASE as given or resolved (a ref name or sha)."""
    head: str
    """The head commit sha."""
    merge_base: str
    body: str | None
    labels: frozenset[str]
    actor: str | None
    number: int | None
    repo: str | None
    other_merge_bases: tuple[str, ...] = ()
    """The merge bases after the first, when BASE and the head have several (the head merged
    an older commit of BASE and a branch BASE merged since: a criss-cross)."""

    @property
    def merge_bases(self) -> tuple[str, ...]:
        return (self.merge_base, *self.other_merge_bases)


def _payload_labels(event: dict[str, Any]) -> frozenset[str]:
    labels = pull_request_of(event).get("labels")
    return frozenset(name for label in (labels if isinstance(labels, list) else [])
                     if isinstance(name := dig(label, "name"), str))


def _read_body_file(body_file: Path, stdin: TextIO) -> str:
    # bytes, decoded leniently: the body is the PR author's text and is judged, not trusted
    data = stdin.buffer.read() if str(body_file) == "-" else body_file.read_bytes()
    return data.decode("utf-8", "replace")


def _payload_body(event: dict[str, Any]) -> str | None:
    pull = pull_request_of(event)
    if "body" not in pull:
        return None
    body = pull["body"]
    return body if isinstance(body, str) else ""


def _live_pull(number: int | None, repo: str | None, environ: Mapping[str, str],
               ) -> GitHubPull | None:
    """The PR as GitHub has it now, when a token is present: a payload is a snapshot, and a
    label added after the event (or a re-run) must count."""
    from govern.github.client import connect, credentials_from_env

    credentials = credentials_from_env(environ)
    if credentials.token is None or number is None or repo is None:
        return None
    return connect(repo, credentials).pull_request(number)


def read_pull_request(git: Git, options: Mapping[str, Any], environ: Mapping[str, str],
                      stdin: TextIO) -> PullRequestInput:
    """Resolve the commits and gather body, labels and actor: flags first, then the live
    API (when a token is present), then the event payload.

    ``options`` are the gate's own options: ``base`` and ``head`` always, and those of
    ``pr``, ``repo``, ``body_file``, ``labels`` and ``actor`` the gate takes. A field whose
    option the gate does not take is not wanted, so it is never read live; ``stdin`` is read
    for ``--body-file -``.
    """
    event = read_event(environ)
    base = options["base"] or default_base(git, event, environ, "govern check <gate>")
    base_sha = git.resolve_commit(base)
    head = git.resolve_commit(options["head"])
    merge_base, *others = git.merge_bases(base_sha, head)
    pull = pull_request_of(event)
    number = options.get("pr")
    number = number if number is not None else pull.get("number")
    number = number if isinstance(number, int) else None
    repo = (options.get("repo") or dig(event, "repository", "full_name")
            or environ.get("GITHUB_REPOSITORY"))
    repo = repo if isinstance(repo, str) else None
    wanted_live = any(key in options and not options[key]
                      for key in ("body_file", "labels", "actor"))
    live = _live_pull(number, repo, environ) if wanted_live else None
    author = dig(pull, "user", "login")
    if options.get("body_file") is not None:
        body: str | None = _read_body_file(options["body_file"], stdin)
    else:
        body = live.body if live else _payload_body(event)
    return PullRequestInput(
        base=base, head=head, merge_base=merge_base, body=body,
        labels=frozenset(options.get("labels")
                         or (live.labels if live else _payload_labels(event))),
        actor=options.get("actor") or (live.author if live else
                                       author if isinstance(author, str) else None),
        number=number, repo=repo, other_merge_bases=tuple(others),
    )


def require_body(pr: PullRequestInput) -> str:
    """The PR body; not judged when there is none to read."""
    if pr.body is None:
        raise NotJudged("no PR body to read",
                        remedy="pass --body-file FILE, or run on a pull_request event")
    return pr.body
