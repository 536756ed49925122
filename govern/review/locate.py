"""The locator: which record judges a PR head, picked out of comments already fetched, trusting
only the authors it should."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from typing import Any, Protocol

from govern.review.lint import LintRule, identity_findings
from govern.review.markdown_reader import Draft, read_draft
from govern.review.model import ContractReview
from govern.review.shapes import is_full_head, is_on_head, quote

WRITE_PERMISSIONS = frozenset({"admin", "maintain", "write"})
"""The repository permissions that make a reviewer when ``review.trusted_authors`` is empty.
GitHub's ``permission`` field folds maintain into write and triage into read."""
RECORD_MARK = "contract review"
"""Every record's heading says this; a comment without it is not read at all."""


class CommentLike(Protocol):
    """What ``locate_review`` reads of a comment (``govern.github.Comment`` has it)."""

    @property
    def id(self) -> int: ...
    @property
    def login(self) -> str: ...
    @property
    def author_association(self) -> str: ...
    @property
    def body(self) -> str: ...
    @property
    def created_at(self) -> datetime: ...
    @property
    def html_url(self) -> str: ...


class State(Enum):
    """What ``review locate`` concluded, with its exit code."""

    FOUND = "found"
    ABSENT = "absent"
    UNSIGNED = "unsigned"
    UNREADABLE = "unreadable"

    @property
    def exit_code(self) -> int:
        return {"found": 0, "absent": 1, "unsigned": 1, "unreadable": 2}[self.value]


@dataclass(frozen=True)
class Located:
    """The record that judges a head, or why there is none."""

    state: State
    head: str
    review: ContractReview | None = None
    comment: CommentLike | None = None
    problems: tuple[str, ...] = ()
    """Why the newest record on the head is ``unsigned`` (missing signatures, parse errors)."""
    ignored: tuple[str, ...] = ()
    """Records passed over, each with the reason (untrusted author, another head)."""

    def to_json(self) -> dict[str, Any]:
        comment = self.comment
        return {
            "state": self.state.value,
            "head": self.head,
            "comment": None if comment is None else {
                "id": comment.id, "url": comment.html_url, "author": comment.login,
                "created_at": comment.created_at.isoformat()},
            "record": None if self.review is None else self.review.to_json(),
            "problems": list(self.problems),
            "ignored": list(self.ignored),
        }


@dataclass(frozen=True)
class Trust:
    """Who may write a record that counts (docs/how-to/who-can-satisfy-a-gate.md).

    Built from one ``review`` section per configuration that applies (the gate passes the
    base branch's tip and the merge base): an author must pass every one of them, so the
    stricter always wins. The PR's author never counts, whatever a configuration says.
    """

    pr_author: str | None
    allow_lists: tuple[frozenset[str], ...] = ()
    """The casefolded ``review.trusted_authors`` of each configuration that names some."""
    by_permission: bool = True
    """Some configuration leaves ``review.trusted_authors`` empty: write permission needed."""

    @classmethod
    def of(cls, pr_author: str | None, trusted_authors: Iterable[Sequence[str]]) -> Trust:
        lists = [frozenset(login.casefold() for login in logins) for logins in trusted_authors]
        return cls(pr_author, tuple(logins for logins in lists if logins),
                   by_permission=not lists or any(not logins for logins in lists))

    def is_pr_author(self, login: str) -> bool:
        return self.pr_author is not None and login.casefold() == self.pr_author.casefold()

    def refusal(self, login: str, permission_of: Callable[[str], str]) -> str | None:
        """Why ``login`` may not write a record that counts, or None when it may.

        ``permission_of`` answers GitHub's permission of a login on the repository (``none``
        for a non-collaborator); it is asked only when a configuration needs it, and last.
        """
        if self.is_pr_author(login):
            return "the PR's own author"
        if any(login.casefold() not in logins for logins in self.allow_lists):
            return "not in review.trusted_authors"
        if self.by_permission:
            permission = permission_of(login)
            if permission not in WRITE_PERMISSIONS:
                return f"permission {quote(permission)} on the repository, not write"
        return None


def names_login(text: str | None, login: str) -> bool:
    """Whether a signature line names ``login`` (``@login`` or the bare login, any case)."""
    if not text:
        return False
    pattern = re.compile(rf"(?<![\w-])@?{re.escape(login)}(?![\w-])", re.IGNORECASE)
    return pattern.search(text) is not None


def _describe(comment: CommentLike) -> str:
    return f"comment {comment.id} by {quote(comment.login)} at {comment.created_at.isoformat()}"


def locate_review(comments: Iterable[CommentLike], head: str, trust: Trust,
                  permission_of: Callable[[str], str]) -> Located:
    """The newest (by ``created_at``) record from a trusted author whose Head-sha is the full
    ``head``, among comments of the PR and of the issues GitHub lists as closed by it.

    Trust is settled before a comment is parsed, so no outsider's text reaches the reader:
    a comment that does not say "contract review" is skipped unread, then the author is
    judged (``trust``, asking ``permission_of`` at most once per login when the caller
    caches it), and only then is the record read. A record naming the PR's author as its
    reviewer is ignored too. The newest record on the head decides: if it is not a signed,
    well-formed record the state is ``unsigned``, never an older record's verdict.
    """
    ignored: list[str] = []
    candidates: list[tuple[CommentLike, Draft]] = []
    for comment in sorted(comments, key=lambda c: (c.created_at, c.id)):
        if RECORD_MARK not in comment.body.casefold():
            continue
        refusal = trust.refusal(comment.login, permission_of)
        if refusal is not None:
            ignored.append(f"{_describe(comment)}: not a trusted author ({refusal})")
            continue
        draft = read_draft(comment.body)
        if "heading" not in draft.where:
            continue
        if trust.pr_author is not None and names_login(draft.review.reviewed_by,
                                                       trust.pr_author):
            ignored.append(f"{_describe(comment)}: Reviewed-by names the PR's own author")
        elif is_on_head(draft.review.head_sha, head) and not is_full_head(
                draft.review.head_sha, head):
            ignored.append(f"{_describe(comment)}: on {quote(draft.review.head_sha)}, an "
                           f"abbreviation: a record counts only with the full 40-hex head {head}")
        elif not is_full_head(draft.review.head_sha, head):
            ignored.append(f"{_describe(comment)}: on {quote(draft.review.head_sha)}, not on "
                           f"the head {head}")
        else:
            candidates.append((comment, draft))
    if not candidates:
        return Located(State.ABSENT, head, ignored=tuple(ignored))
    comment, draft = candidates[-1]
    ignored.extend(f"{_describe(older)}: an older record on the same head"
                   for older, _ in candidates[:-1])
    problems = [f"line {line}: {message}" for line, message in draft.problems]
    problems.extend(f"line {f.line}: {f.message}" for f in identity_findings(draft)
                    if f.rule is LintRule.MISSING_SIGNATURE)
    state = State.UNSIGNED if problems else State.FOUND
    return Located(state, head, draft.review, comment, tuple(problems), tuple(ignored))
