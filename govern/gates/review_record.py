"""The contract-review record the governed gate judges, located live on GitHub
(docs/how-to/review-records.md) in the PR's comments and the issues it closes, as ``govern review
locate`` finds it."""

from __future__ import annotations

from collections.abc import Mapping

from govern.config import Config
from govern.core.errors import NotJudged
from govern.gates.pull_request import PullRequestInput
from govern.review import Located, locate_review


def read_review(pr: PullRequestInput, config: Config, environ: Mapping[str, str]) -> Located:
    """The record on the PR's current head, from the PR's comments and the issues it closes."""
    from govern.github.client import connect, credentials_from_env

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
    live = pr.live or client.pull_request(pr.number)
    comments, _ = client.review_thread(live, config.review.closing_issue_thread)
    return locate_review(comments, live.head_sha, config.review.trusted_authors)
