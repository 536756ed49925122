"""The contract-review record the governed gate judges, located live on GitHub
(docs/how-to/review-records.md) in the PR's comments and the issues GitHub lists as closed by it,
trusting only whom docs/how-to/who-can-satisfy-a-gate.md names."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache

from govern.config import ReviewConfig
from govern.core.errors import NotJudged
from govern.gates.pull_request import PullRequestInput
from govern.review import Located, Trust, locate_review


class PullRequestMoved(NotJudged):
    """The PR's head on GitHub is not the head this run judged: a verdict on one commit must
    not be looked up against another (issue 13)."""

    def __init__(self, number: int, judged: str, current: str) -> None:
        super().__init__(
            f"NOT JUDGED: the PR moved: PR #{number}'s head on GitHub is {current}, but this "
            f"run judged {judged}",
            remedy=f"judge the current head: run `govern check governed --pr {number} --head "
                   f"{current}` (a push starts a new run of the gate on its own head)")


def read_review(pr: PullRequestInput, reviews: Sequence[ReviewConfig],
                environ: Mapping[str, str]) -> Located:
    """The record on the head the gate judges (``pr.head``), from the PR's comments and the
    issues GitHub lists as closed by it.

    ``reviews`` are the ``review`` sections of each configuration that applies; a record must
    satisfy all of them, and the closing issues are searched only when all of them say so.
    """
    from govern.github.client import connect, credentials_from_env, permission, review_comments

    if pr.number is None:
        raise NotJudged("governed paths changed, and the PR to look up reviews on is unknown",
                        remedy="pass --pr N and --repo OWNER/NAME (or run on a pull_request "
                               "event)")
    if pr.repo is None:
        raise NotJudged(f"governed paths changed, and --pr {pr.number} names no repository to "
                        "look its reviews up in",
                        remedy=f"pass --repo OWNER/NAME with --pr {pr.number} (or set "
                               "GITHUB_REPOSITORY, or run on a pull_request event)")
    client = connect(pr.repo, credentials_from_env(environ))
    live = client.pull_request(pr.number)
    if live.head_sha.lower() != pr.head.lower():
        raise PullRequestMoved(pr.number, pr.head, live.head_sha)
    comments, _ = review_comments(client, pr.number,
                                  all(review.closing_issue_thread for review in reviews))
    trust = Trust.of(live.author, [review.trusted_authors for review in reviews])
    return locate_review(comments, pr.head, trust, cache(lambda login: permission(client, login)))
