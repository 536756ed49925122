"""The linter: every rule of docs/how-to/review-records.md over a read record, as findings at the
lines that show them."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from govern.review.markdown_reader import EXAMPLE, SIGNATURE_KEYS, Draft, read_draft
from govern.review.shapes import (
    ISO_TIME,
    collapse,
    is_hex_sha,
    is_model_id,
    is_null_sha,
    is_on_head,
    quote,
)


class LintRule(Enum):
    """Each lint rule of docs/how-to/review-records.md; the value is the sentence a reader sees."""

    MALFORMED = "the record does not read as a contract-review record"
    PASS_WITH_MUST_FIX = "a must-fix finding under a PASS verdict"
    PASS_WITH_FALSE = "a FALSE judgment under a PASS verdict"
    SAME_IDENTITY = "the same identity implemented and reviewed"
    NULL_SHA = "the null sha placeholder instead of a head"
    HEAD_SHAPE = "a head that is not 7–40 hex digits in its own code span"
    NOT_ON_HEAD = "a record not on the head being judged"
    SHORT_HEAD = "a Head-sha that abbreviates the head instead of naming all 40 hex digits"
    DELTA_WITHOUT_BASE = "a delta record without the head it is a delta over"
    MISSING_SIGNATURE = "a missing signature line"
    MODEL_ID_TIER = "a served tier shaped like a model id"
    NO_RECORD_TIME = "no record time"


@dataclass(frozen=True)
class LintFinding:
    """One broken rule, at the record line that shows it."""

    rule: LintRule
    line: int
    message: str
    remedy: str

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule.name.lower().replace("_", "-"), "line": self.line,
                "message": self.message, "remedy": self.remedy}


def _pass_findings(draft: Draft) -> Iterable[LintFinding]:
    review = draft.review
    if not review.verdict.startswith("PASS"):
        return
    for index, finding in enumerate(review.findings):
        if finding.grade == "must-fix":
            yield LintFinding(LintRule.PASS_WITH_MUST_FIX, draft.where[f"findings[{index}]"],
                              f"must-fix finding under VERDICT: {review.verdict}: "
                              f"{quote(finding.text)}",
                              "fix it and review again, or write VERDICT: FAIL")
    for index, judgment in enumerate(review.judgments):
        if judgment.result == "FALSE":
            yield LintFinding(LintRule.PASS_WITH_FALSE, draft.where[f"judgments[{index}]"],
                              f"FALSE judgment under VERDICT: {review.verdict}: "
                              f"{quote(judgment.claim)}",
                              "a FALSE claim fails the review: write VERDICT: FAIL, or fix "
                              "the claim and review again")


def identity_findings(draft: Draft) -> Iterable[LintFinding]:
    review = draft.review
    missing = [label for name, label in SIGNATURE_KEYS.items() if not getattr(review, name)]
    if missing:
        yield LintFinding(LintRule.MISSING_SIGNATURE,
                          draft.where.get("verdict", draft.last_line),
                          f"no {' and no '.join(f'`{label}:`' for label in missing)} line",
                          "sign the record above the verdict: `Implemented-by: <who wrote "
                          "the change>` and `Reviewed-by: <who reviewed it>`")
    elif collapse(review.implemented_by or "").casefold() == collapse(
            review.reviewed_by or "").casefold():
        yield LintFinding(LintRule.SAME_IDENTITY, draft.where["reviewed_by"],
                          f"Implemented-by and Reviewed-by name the same identity "
                          f"{quote(review.reviewed_by or '')}",
                          "the review must come from another identity than the change")


def _head_findings(draft: Draft, head: str | None) -> Iterable[LintFinding]:
    review, line = draft.review, draft.where.get("head_sha")
    if line is None:  # a missing Head-sha line is a MALFORMED finding already
        return
    if is_null_sha(review.head_sha):
        yield LintFinding(LintRule.NULL_SHA, line,
                          f"Head-sha is the null sha placeholder {quote(review.head_sha)}",
                          "write the sha of the head you reviewed: `git rev-parse HEAD`")
        return
    if not (is_hex_sha(review.head_sha) and draft.head_in_code_span):
        yield LintFinding(LintRule.HEAD_SHAPE, line,
                          f"Head-sha must be 7–40 hex digits in its own code span, found "
                          f"{quote(review.head_sha)}",
                          "write it as Head-sha: `<sha>`")
    if head is not None and is_hex_sha(review.head_sha) and not is_on_head(review.head_sha,
                                                                            head):
        yield LintFinding(LintRule.NOT_ON_HEAD, line,
                          f"the record is on {review.head_sha}, not on the head {quote(head)}",
                          "review the current head and write a new record (or a delta "
                          "record over the reviewed head)")
    elif head is not None and is_hex_sha(review.head_sha) and len(review.head_sha) != 40:
        yield LintFinding(LintRule.SHORT_HEAD, line,
                          f"Head-sha {quote(review.head_sha)} abbreviates the head: the "
                          f"governed gate counts only a record naming all 40 hex digits",
                          "write the full sha of the head you reviewed: `git rev-parse HEAD`")


def _delta(draft: Draft) -> Iterable[LintFinding]:
    review = draft.review
    says_delta = draft.heading_delta or review.verdict == "PASS (delta)"
    if says_delta and review.delta_over is None:
        line = draft.where["heading"] if draft.heading_delta else draft.where["verdict"]
        yield LintFinding(LintRule.DELTA_WITHOUT_BASE, line,
                          "a delta record that does not name the head it is a delta over",
                          "write Head-sha: `<head>` (delta over the reviewed head `<sha>`)")
    if review.delta_over is not None and not is_hex_sha(review.delta_over):
        yield LintFinding(LintRule.HEAD_SHAPE, draft.where["head_sha"],
                          f"the delta-over head must be 7–40 hex digits, found "
                          f"{quote(review.delta_over)}",
                          "write it as (delta over the reviewed head `<sha>`)")


def _tier_and_time(draft: Draft) -> Iterable[LintFinding]:
    review = draft.review
    if is_model_id(review.served_tier):
        yield LintFinding(LintRule.MODEL_ID_TIER, draft.where["served_tier"],
                          f"Served-tier names a model, not a tier: {quote(review.served_tier)}",
                          "write the tier token your seat was served (e.g. standard), "
                          "never a model id")
    if review.record_written is None:
        yield LintFinding(LintRule.NO_RECORD_TIME, draft.where.get("verdict", draft.last_line),
                          "no `Record written <time>.` line",
                          "end the record with `Record written 2026-11-06T18:35Z.` (UTC)")
    elif not ISO_TIME.fullmatch(review.record_written):
        yield LintFinding(LintRule.NO_RECORD_TIME, draft.where["record_written"],
                          f"record time {quote(review.record_written)} is not an ISO time "
                          "with a zone", "write it like 2026-11-06T18:35Z")


def lint_draft(draft: Draft, head: str | None = None) -> list[LintFinding]:
    """Every rule of docs/how-to/review-records.md over a read record, ordered by line."""
    found = [LintFinding(LintRule.MALFORMED, line, message, f"write the record in this shape:\n"
                                                        f"{EXAMPLE}")
             for line, message in draft.problems]
    if "heading" in draft.where:
        for rule_set in (_pass_findings(draft), identity_findings(draft),
                         _head_findings(draft, head), _delta(draft), _tier_and_time(draft)):
            found.extend(rule_set)
    return sorted(found, key=lambda finding: finding.line)


def lint_review(text: str, head: str | None = None) -> list[LintFinding]:
    """Lint a markdown record; ``head`` (any abbreviation) is the commit it must be on."""
    return lint_draft(read_draft(text), head)
