"""The locator: which record judges a PR head, picked out of comments already fetched, trusting
only the authors it should."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from typing import Any, Protocol

from govern.review.lint import LintRule, identity_findings
from govern.review.markdown_reader import Draft, read_draft
from govern.review.model import ContractReview
from govern.review.shapes import is_on_head, quote

TRUSTED_ASSOCIATIONS = ("OWNER", "MEMBER", "COLLABORATOR")


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


def is_trusted(comment: CommentLike, trusted_authors: Sequence[str]) -> bool:
    """``review.trusted_authors`` when configured (logins compare case-insensitively, as on
    GitHub), else the repository's owners, members and collaborators."""
    if trusted_authors:
        return comment.login.casefold() in {login.casefold() for login in trusted_authors}
    return comment.author_association in TRUSTED_ASSOCIATIONS


def _describe(comment: CommentLike) -> str:
    return f"comment {comment.id} by {quote(comment.login)} at {comment.created_at.isoformat()}"


def locate_review(comments: Iterable[CommentLike], head: str,
                  trusted_authors: Sequence[str] = ()) -> Located:
    """The newest (by ``created_at``) record from a trusted author whose Head-sha abbreviates
    ``head``, among comments of the PR and of the issues it closes.

    A record by anyone else is ignored and said so: a PR author must not be able to approve
    their own head by posting a record. The newest record on the head decides: if it is not a
    signed, well-formed record the state is ``unsigned``, never an older record's verdict.
    """
    ignored: list[str] = []
    candidates: list[tuple[CommentLike, Draft]] = []
    for comment in sorted(comments, key=lambda c: (c.created_at, c.id)):
        draft = read_draft(comment.body)
        if "heading" not in draft.where:
            continue
        if not is_trusted(comment, trusted_authors):
            ignored.append(f"{_describe(comment)}: not a trusted author "
                           f"(author_association {comment.author_association})")
        elif not is_on_head(draft.review.head_sha, head):
            ignored.append(f"{_describe(comment)}: on {quote(draft.review.head_sha)}, "
                           f"not on the head {head}")
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
