"""What the attack tests share beyond tests/helpers.py: a PR changing a governed path, the
governed gate's answer, and a time limit that fails a test instead of hanging it."""

from __future__ import annotations

import json
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any, TypeVar

from tests.gitrepo import Repo, make_repo
from tests.helpers import run_check

T = TypeVar("T")

BODY = "Clause-②: no\nMetadata-protocol: none\n"
GENEROUS_SECONDS = 20.0
"""A linear reader takes milliseconds on these inputs; the patterns this suite guards against
took minutes. The limit sits between the two, far from both, so a slow CI machine never fails."""


def governed_pr(root: Path, changes: dict[str, str | bytes | None]) -> tuple[Repo, str]:
    """A repository under the contract preset whose branch ``pr`` makes ``changes`` beside a
    governed workflow, and the head of that branch."""
    repo = make_repo(root, {".github/workflows/ci.yml": "name: ci\n"}, preset="contract")
    repo.branch("pr")
    return repo, repo.commit(changes)


def published_monorepo(root: Path, more: dict[str, str] | None = None) -> Repo:
    """A repository under the contract preset publishing ``@x/a`` (``packages/a``) beside a
    private root, with branch ``pr`` checked out."""
    repo = make_repo(root, {
        "package.json": json.dumps({"name": "root", "private": True}),
        "packages/a/package.json": json.dumps({"name": "@x/a", "version": "1.0.0"}),
        "packages/a/src/door.ts": "export const door = 1;\n",
        **(more or {}),
    }, preset="contract")
    repo.branch("pr")
    return repo


def changeset_findings(repo: Repo, files: dict[str, str | bytes | None]) -> list[dict[str, Any]]:
    """Commit ``files`` on the PR branch and run the changesets gate on it (exit 1 exactly when
    it finds something): its findings."""
    repo.commit(files)
    body = repo.root.parent / "body.md"
    body.write_text(BODY, encoding="utf-8")
    result = run_check(repo, "changesets", "main", "--body-file", str(body), "--json")
    findings: list[dict[str, Any]] = json.loads(result.stdout)["findings"]
    assert result.exit_code == (1 if findings else 0)
    return findings


def governed(repo: Repo, *args: str, pr: str = "5") -> tuple[int, dict[str, Any]]:
    """``govern check governed main --pr 5 --json``: the exit code and the JSON printed."""
    result = run_check(repo, "governed", "main", "--pr", pr, "--json", *args)
    return result.exit_code, json.loads(result.stdout)


class TooSlow(AssertionError):
    """The reader did not return within the generous limit: it is not linear."""


@contextmanager
def time_limit(seconds: float = GENEROUS_SECONDS) -> Iterator[None]:
    """Fail with TooSlow when the block runs longer than ``seconds`` (a real-time alarm: the
    regex engine checks for signals, so a runaway match is interrupted too)."""

    def expire(_signum: int, frame: FrameType | None) -> None:
        where = "" if frame is None else (
            f", in {frame.f_code.co_name} at {frame.f_code.co_filename}:"
            f"{frame.f_lineno or frame.f_code.co_firstlineno}")
        raise TooSlow(f"still running after {seconds} s{where}")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    except TooSlow as slow:
        # raised again from here: a frame the alarm interrupted can carry no line number
        # (CPython 3.11), and pytest's report then fails with an INTERNALERROR
        raise TooSlow(str(slow)) from None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def within(fn: Callable[[], T], seconds: float = GENEROUS_SECONDS) -> T:
    with time_limit(seconds):
        return fn()
