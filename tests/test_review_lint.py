"""Every lint rule of docs/how-to/review-records.md with a failing and a passing record, messages
pinned."""

from __future__ import annotations

import pytest

from govern.review import LintRule, lint_review

HEAD = "1a2b3c4d5e6f7a8b9c0d1a2b3c4d5e6f7a8b9c0d"

# A clean record; each case below changes one line of it.
GOOD = f"""\
## Contract review

Served-tier: standard
Head-sha: `{HEAD}`
Local-runs: pytest -q
Scope: src/app.py
Inputs read: the PR

### ① Derived judgments

- The handler refuses first. **TRUE**

### ② Semver level

patch

### Findings

1. should-fix — save the logs.

Implemented-by: dev-a
Reviewed-by: rev-b

**VERDICT: PASS**

Record written 2026-11-06T18:35Z.
"""


def variant(*changes: tuple[str, str]) -> str:
    text = GOOD
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new)
    return text


def rows(text: str, head: str | None = None) -> list[tuple[LintRule, int, str]]:
    return [(f.rule, f.line, f.message) for f in lint_review(text, head)]


def test_the_good_record_is_clean_on_its_head() -> None:
    assert rows(GOOD, HEAD) == []
    assert rows(GOOD, "1a2b3c4d") == []


# (failing record, expected findings, a passing neighbour that differs only where it matters)
CASES = [
    pytest.param(
        variant(("1. should-fix — save", "1. must-fix — save")),
        [(LintRule.PASS_WITH_MUST_FIX, 19,
          'must-fix finding under VERDICT: PASS: "save the logs."')],
        variant(("1. should-fix — save", "1. must-fix — save"),
                ("**VERDICT: PASS**", "**VERDICT: FAIL**")),
        id="must-fix-under-pass"),
    pytest.param(
        variant(("first. **TRUE**", "first. **FALSE**"),
                ("**VERDICT: PASS**", "VERDICT: PASS (delta)"),
                (f"Head-sha: `{HEAD}`", f"Head-sha: `{HEAD}` (delta over the reviewed head "
                                         "`0a0b0c0`)")),
        [(LintRule.PASS_WITH_FALSE, 11,
          'FALSE judgment under VERDICT: PASS (delta): "The handler refuses first."')],
        variant(("first. **TRUE**", "first. **FALSE**"), ("**VERDICT: PASS**", "Verdict: FAIL")),
        id="false-under-pass"),
    pytest.param(
        variant(("Reviewed-by: rev-b", "Reviewed-by: DEV-A")),
        [(LintRule.SAME_IDENTITY, 22,
          'Implemented-by and Reviewed-by name the same identity "DEV-A"')],
        variant(("Reviewed-by: rev-b", "Reviewed-by: dev-ab")),
        id="same-identity"),
    pytest.param(
        variant((f"`{HEAD}`", "`0000000000`")),
        [(LintRule.NULL_SHA, 4, 'Head-sha is the null sha placeholder "0000000000"')],
        variant((f"`{HEAD}`", f"`{HEAD.upper()}`")),
        id="null-sha"),
    pytest.param(
        variant((f"`{HEAD}`", f"{HEAD}")),
        [(LintRule.HEAD_SHAPE, 4,
          f'Head-sha must be 7–40 hex digits in its own code span, found "{HEAD}"')],
        variant((f"`{HEAD}`", f"``{HEAD}``")),
        id="head-outside-code-span"),
    pytest.param(
        variant((f"`{HEAD}`", "`1a2b3c`")),
        [(LintRule.HEAD_SHAPE, 4,
          'Head-sha must be 7–40 hex digits in its own code span, found "1a2b3c"')],
        GOOD,
        id="head-too-short"),
    pytest.param(
        variant((f"`{HEAD}`", "`1a2b3c4`")),
        [(LintRule.SHORT_HEAD, 4, 'Head-sha "1a2b3c4" abbreviates the head: the governed gate '
                              'counts only a record naming all 40 hex digits')],
        GOOD,
        id="head-abbreviated"),
    pytest.param(
        variant((f"Head-sha: `{HEAD}`", f"Head-sha: `{HEAD}` (delta over the reviewed head "
                                         "`xyz`)"),
                ("**VERDICT: PASS**", "VERDICT: PASS (delta)")),
        [(LintRule.HEAD_SHAPE, 4, 'the delta-over head must be 7–40 hex digits, found "xyz"')],
        variant((f"Head-sha: `{HEAD}`", f"Head-sha: `{HEAD}` (delta over the reviewed head "
                                         "`abcdef0`)"),
                ("**VERDICT: PASS**", "VERDICT: PASS (delta)")),
        id="delta-over-shape"),
    pytest.param(
        variant(("## Contract review", "## Contract review · delta")),
        [(LintRule.DELTA_WITHOUT_BASE, 1,
          "a delta record that does not name the head it is a delta over")],
        variant(("## Contract review", "## Contract review · delta"),
                (f"Head-sha: `{HEAD}`", f"Head-sha: `{HEAD}` (delta over the reviewed head "
                                         "`abcdef0`)")),
        id="delta-heading-without-base"),
    pytest.param(
        variant(("**VERDICT: PASS**", "**VERDICT: PASS (delta)**")),
        [(LintRule.DELTA_WITHOUT_BASE, 24,
          "a delta record that does not name the head it is a delta over")],
        GOOD,
        id="delta-verdict-without-base"),
    pytest.param(
        variant(("Implemented-by: dev-a\n", "")),
        [(LintRule.MISSING_SIGNATURE, 23, "no `Implemented-by:` line")],
        variant(("Implemented-by: dev-a\n", "**Implemented-by:** dev-a\n")),
        id="missing-implemented-by"),
    pytest.param(
        variant(("Implemented-by: dev-a\nReviewed-by: rev-b\n", "")),
        [(LintRule.MISSING_SIGNATURE, 22, "no `Implemented-by:` and no `Reviewed-by:` line")],
        variant(("Implemented-by: dev-a\nReviewed-by: rev-b\n",
                 "- Implemented-by: dev-a\n- Reviewed-by: rev-b\n")),
        id="missing-both-signatures"),
    pytest.param(
        variant(("Served-tier: standard", "Served-tier: claude-opus-4-1")),
        [(LintRule.MODEL_ID_TIER, 3,
          'Served-tier names a model, not a tier: "claude-opus-4-1"')],
        variant(("Served-tier: standard", "Served-tier: CONTRACT_REVIEW_TIER")),
        id="tier-is-claude"),
    pytest.param(
        variant(("Served-tier: standard", "Served-tier: gpt-4o")),
        [(LintRule.MODEL_ID_TIER, 3, 'Served-tier names a model, not a tier: "gpt-4o"')],
        variant(("Served-tier: standard", "Served-tier: tier-4")),
        id="tier-is-gpt"),
    pytest.param(
        variant(("\nRecord written 2026-11-06T18:35Z.\n", "")),
        [(LintRule.NO_RECORD_TIME, 24, "no `Record written <time>.` line")],
        variant(("Record written 2026-11-06T18:35Z.", "**Record written 2026-11-06T18:35Z.**")),
        id="no-record-time"),
    pytest.param(
        variant(("2026-11-06T18:35Z", "2026-11-06 18:35")),
        [(LintRule.NO_RECORD_TIME, 26,
          'record time "2026-11-06 18:35" is not an ISO time with a zone')],
        variant(("2026-11-06T18:35Z", "2026-11-06T18:35:59+01:00")),
        id="record-time-not-iso"),
    pytest.param(
        variant(("**VERDICT: PASS**\n", "")),
        [(LintRule.MALFORMED, 25, "no `VERDICT: PASS|PASS (delta)|FAIL` line")],
        variant(("**VERDICT: PASS**\n", "VERDICT: PASS\n")),
        id="no-verdict"),
    pytest.param(
        "a comment that mentions a contract review\n",
        [(LintRule.MALFORMED, 1, "no `## Contract review` heading")],
        "Contract review\n" + GOOD.split("\n", 1)[1],
        id="no-heading"),
]


@pytest.mark.parametrize(("failing", "expected", "passing"), CASES)
def test_rule_fails_and_passes(failing: str, expected: list[tuple[LintRule, int, str]],
                               passing: str) -> None:
    assert rows(failing, HEAD) == expected
    assert rows(passing, HEAD) == []


def test_record_not_on_the_head() -> None:
    assert rows(GOOD, "ffff000") == [
        (LintRule.NOT_ON_HEAD, 4, f'the record is on {HEAD}, not on the head "ffff000"')]
    assert rows(GOOD, HEAD.upper()) == []
    assert rows(GOOD) == []
    bare = variant((f"`{HEAD}`", f"{HEAD}"))
    assert [rule for rule, _, _ in rows(bare, "ffff000")] == [LintRule.HEAD_SHAPE,
                                                              LintRule.NOT_ON_HEAD]


def test_every_rule_has_a_case() -> None:
    covered = {rule for case in CASES for rule, _, _ in case.values[1]} | {LintRule.NOT_ON_HEAD}
    assert covered == set(LintRule)


def test_finding_json_and_remedy() -> None:
    finding = lint_review(variant((f"`{HEAD}`", "`0000000`")))[0]
    assert finding.to_json() == {
        "rule": "null-sha", "line": 4,
        "message": 'Head-sha is the null sha placeholder "0000000"',
        "remedy": "write the sha of the head you reviewed: `git rev-parse HEAD`"}


def test_untrusted_text_in_messages_is_escaped() -> None:
    text = variant(("Reviewed-by: rev-b", "Reviewed-by: dev-a"),
                   ("Implemented-by: dev-a", "Implemented-by: DEV-A"))
    evil = text.replace("1. should-fix — save the logs.",
                        "1. must-fix — \x1b[31m::error::x\x07")
    messages = [f.message for f in lint_review(evil)]
    assert messages[0] == 'must-fix finding under VERDICT: PASS: "\\u001b[31m::error::x\\u0007"'
