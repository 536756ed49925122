"""Attack: text a PR controls says ``#123``, ``GH-123``, ``owner/repo#1`` or ``@someone`` and
govern's comment turns it into a live cross-reference (a backlink on another issue) or a
notification. Refused: each trigger is broken wherever govern renders untrusted text; govern's
own references to the PRs it computed stay live, and commit shas are left as they are."""

from __future__ import annotations

import pytest

from govern.config import CommentConfig
from govern.core.markdown import inline, plain
from govern.drift.comment import render_drift
from govern.overlap import Conflict, ConflictHunk, Overlap, Pair, Status
from govern.overlap.attribution import report_for
from govern.overlap.markdown import render_reports
from govern.review import parse_review
from tests.helpers import affected_result, overlap_pr, review_record
from tests.security.github_markdown import live

REFERENCES = ["#123", "GH-123", "gh-7", "acme/widgets#1", "@admin", "@acme/security-team",
              "fixes #9"]


@pytest.mark.parametrize("text", REFERENCES)
def test_no_reference_or_mention_survives(text: str) -> None:
    assert live(text) != []  # the attack: raw, GitHub links it
    assert live(inline(f"({text}) and {text}.")) == []
    assert live(plain(text)) == []


def test_the_drift_comment_and_a_review_record_link_nothing_a_pr_wrote() -> None:
    data = affected_result()
    data["anchorless_changes"] = [{"path": "a.py", "reason": "closes #5 for @admin GH-6"}]
    assert live(render_drift(data, CommentConfig())) == []
    markdown = review_record("1a2b3c4d", scope="fixes #77 cc @octocat acme/x#3")
    assert live(markdown) == []
    # the honest case: the record reads back as written
    assert parse_review(markdown).scope == "fixes #77 cc @octocat acme/x#3"


def test_the_overlap_comment_keeps_its_own_pr_references_live() -> None:
    conflict = Conflict("f #9 @admin.txt", "content (see #10)", (ConflictHunk(2, 6, "", ""),))
    matrix = Overlap("origin/main", (overlap_pr(12), overlap_pr(15)),
                     (Pair(12, 15, Status.CONFLICT, (conflict,)),), merged=1, from_cache=0)
    body = render_reports(matrix, [report_for(matrix, 15)], single=True, github=True)
    # govern computed #12 and #15 from GitHub's list of open PRs: those are meant as links
    assert sorted(set(live(body))) == ["#12", "#15"]


def test_a_commit_sha_is_left_alone() -> None:
    sha = "1a2b3c4d5e6f7a8b9c0d1a2b3c4d5e6f7a8b9c0d"
    assert inline(sha) == sha and plain(sha) == sha
