"""Attack: stall ``govern review parse|lint`` with a record whose header value or bullet wraps
over a great many lines. Each wrapped line was appended to the item's text with ``+=`` on an
attribute, which copies the whole text each time: 150,000 short lines (3 MB) took seconds,
quadratic in the lines. The lines are now collected and joined once, into the same text."""

from __future__ import annotations

from govern.review import Judgment, read_draft
from tests.security.pr import within

LINES = 150_000
WRAPPED = "~wrapped-line-text-"
"""A line no reader pattern takes for structure: a continuation of the item above it."""
HEADER = "## Contract review\n\nServed-tier: standard\nHead-sha: `1a2b3c4d`\n"


def test_a_header_value_wrapped_over_many_lines_is_read_at_once() -> None:
    text = HEADER + "Scope: the diff\n" + f"  {WRAPPED}\n" * LINES + "Local-runs: none\n"
    draft = within(lambda: read_draft(text), seconds=5)
    assert draft.review.scope == "the diff" + f" {WRAPPED}" * LINES
    assert draft.review.local_runs == "none"  # the next key line ends the value
    assert (draft.where["scope"], draft.where["local_runs"]) == (5, LINES + 6)


def test_a_bullet_wrapped_over_many_lines_is_read_at_once() -> None:
    text = (HEADER + "\n### ① Derived judgments\n\n- the claim\n" + f"{WRAPPED}\n" * LINES
            + "  **TRUE**\n")
    draft = within(lambda: read_draft(text), seconds=5)
    assert draft.review.judgments == (
        Judgment("the claim" + f" {WRAPPED}" * LINES, "TRUE"),)
    assert draft.where["judgments[0]"] == 8
