"""Contract-review records: the YAML reader, the renderer and the markdown reader
(docs/how-to/review-records.md)."""

from __future__ import annotations

import json
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from govern.core.markdown import visible
from govern.core.resources import data_dir
from govern.review import (
    EXAMPLE,
    HEADING,
    YAML_REMEDY,
    ContractReview,
    HeaderLine,
    Judgment,
    LintRule,
    RecordError,
    ReviewFinding,
    collapse,
    lint_review,
    parse_review,
    parse_review_yaml,
    read_draft,
    render_review,
    review_from_data,
)
from tests.helpers import read_fixture

MINIMAL: dict[str, Any] = {
    "served_tier": "standard", "head_sha": "1a2b3c4d", "local_runs": "none",
    "scope": "govern/review.py", "inputs_read": "the issue", "semver": "patch",
    "verdict": "PASS",
}

FULL_YAML = read_fixture("review-full.yaml")
# The shape of FULL_YAML as rendered, pinned so a template change is a visible decision.
FULL_MARKDOWN = read_fixture("review-full.md")


def test_render_full_record_pinned() -> None:
    assert render_review(parse_review_yaml(FULL_YAML)) == FULL_MARKDOWN


def test_full_record_reads_back() -> None:
    model = parse_review_yaml(FULL_YAML)
    assert parse_review(FULL_MARKDOWN) == model
    assert model.findings == (ReviewFinding("should-fix", "add a test for `x`"),
                               ReviewFinding("nit", "a small nit"))
    assert model.judgments[2] == Judgment("A bullet that states no result", None)


def test_minimal_record_renders_empty_sections_and_reads_back() -> None:
    model = review_from_data(MINIMAL, "t")
    markdown = render_review(model)
    assert "### ③ Boundary flags\n\n_none_\n" in markdown
    assert "Findings" not in markdown and "Implemented-by" not in markdown
    assert parse_review(markdown) == model


def test_json_output_matches_the_shipped_schema_and_reads_back() -> None:
    schema = json.loads((data_dir("schemas") / "contract-review.schema.json").read_text())
    for model in (parse_review_yaml(FULL_YAML), review_from_data(MINIMAL, "t")):
        data = model.to_json()
        jsonschema.validate(data, schema)
        assert list(data) == ["round", "delta_over", "served_tier", "head_sha", "local_runs",
                              "scope", "inputs_read", "extra_header", "judgments", "semver",
                              "boundary_flags", "design", "findings", "implemented_by",
                              "reviewed_by", "verdict", "landing_waits_on", "record_written"]
        assert review_from_data(data, "json") == model


# --- round trip on generated records ---------------------------------------------------------

# Controls are shown as ``<U+…>`` (govern.core.markdown.visible): on purpose not round-tripped.
texts = st.text(min_size=1, max_size=40).filter(lambda t: bool(collapse(t)) and visible(t) == t)
paragraphs = st.lists(texts, min_size=1, max_size=3).map("\n\n".join)
hexes = st.text("0123456789abcdef", min_size=7, max_size=40)
keys = st.from_regex(r"[A-Za-z][A-Za-z0-9 _-]{0,12}", fullmatch=True).filter(
    lambda k: not collapse(k).casefold().startswith(("served", "head", "local", "scope",
                                                     "inputs", "implemented", "reviewed",
                                                     "verdict", "landing", "record",
                                                     "findings", "nit", "contract",
                                                     "derived", "semver", "boundary",
                                                     "design")))
records = st.fixed_dictionaries(
    {
        "served_tier": texts, "head_sha": hexes, "local_runs": texts, "scope": texts,
        "inputs_read": texts, "semver": paragraphs,
        "verdict": st.sampled_from(["PASS", "PASS (delta)", "FAIL"]),
    },
    optional={
        "round": st.none() | st.from_regex(r"[0-9A-Za-z][0-9A-Za-z._-]{0,5}", fullmatch=True),
        "delta_over": st.none() | hexes,
        "extra_header": st.lists(st.fixed_dictionaries({"key": keys, "value": texts}),
                                 max_size=2),
        "judgments": st.lists(st.fixed_dictionaries(
            {"claim": texts, "result": st.sampled_from(["TRUE", "FALSE", "NOT MEASURED"])}),
            max_size=3),
        "boundary_flags": st.lists(texts, max_size=2),
        "design": st.lists(texts, max_size=2),
        "findings": st.lists(st.fixed_dictionaries(
            {"grade": st.sampled_from(["must-fix", "should-fix", "nit"]), "text": texts}),
            max_size=3),
        "implemented_by": st.none() | texts,
        "reviewed_by": st.none() | texts,
        "landing_waits_on": st.none() | texts,
        "record_written": st.none() | st.sampled_from(
            ["2026-11-06T18:35Z", "2026-01-02T03:04:05.123+02:00"]),
    },
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(records)
def test_parse_of_render_is_the_model(data: dict[str, Any]) -> None:
    model = review_from_data(data, "generated")
    assert parse_review(render_review(model)) == model


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["VERDICT: PASS", "Implemented-by: x", "Reviewed-by: y",
                        "Record written 2026-11-06T18:35Z.", "① Derived judgments",
                        "Findings", "Nits:", "Landing waits on: z", "**VERDICT: FAIL**"]),
       st.sampled_from(["semver", "design", "boundary_flags", "judgments"]))
def test_free_text_cannot_forge_a_record_line(forged: str, where: str) -> None:
    data = {**MINIMAL, "verdict": "FAIL", "record_written": "2026-11-06T18:35Z"}
    data[where] = (forged if where == "semver" else
                   [{"claim": forged, "result": "TRUE"}] if where == "judgments" else [forged])
    model = review_from_data(data, "t")
    assert parse_review(render_review(model)) == model


def test_untrusted_text_stays_inert() -> None:
    model = review_from_data({**MINIMAL, "scope": "@octocat <img src=x onerror=alert(1)> `x`",
                              "design": ["<!-- govern:docs-drift --> [link](http://x)"]}, "t")
    markdown = render_review(model)
    assert "@\u200boctocat &lt;img src=x onerror=alert\\(1\\)&gt; \\`x\\`" in markdown
    assert ("- &lt;\\!\\-\\- govern:docs\\-drift \\-\\-&gt; \\[link\\]\\(http:\u200b//x\\)"
            in markdown)
    assert "<" not in markdown and "@octocat" not in markdown
    assert parse_review(markdown) == model


# --- the YAML reader ---------------------------------------------------------------------------

def test_yaml_keeps_digit_shas_and_times_as_written() -> None:
    model = parse_review_yaml("served_tier: t\nhead_sha: 1234567\nlocal_runs: x\nscope: x\n"
                              "inputs_read: x\nsemver: x\nverdict: PASS\n"
                              "record_written: 2026-11-06T18:35:00Z\n")
    assert (model.head_sha, model.record_written) == ("1234567", "2026-11-06T18:35:00Z")


@pytest.mark.parametrize(("data", "problems"), [
    ({k: v for k, v in MINIMAL.items() if k != "scope"} | {"colour": "red"},
     ["colour: unknown key", "scope: required"]),
    ({**MINIMAL, "head_sha": "HEAD", "delta_over": "00"},
     ['head_sha: must be 7–40 hex digits; found "HEAD"',
      'delta_over: must be 7–40 hex digits; found "00"']),
    ({**MINIMAL, "verdict": "pass", "semver": "  \n "},
     ["semver: must not be empty", 'verdict: must be one of PASS, PASS (delta), FAIL; '
                                   'found "pass"']),
    ({**MINIMAL, "findings": [{"grade": "blocker", "text": "x"}, "oops"]},
     ['findings[0].grade: must be one of must-fix, should-fix, nit; found "blocker"',
      "findings[1]: must be a mapping with the keys grade, text"]),
    ({**MINIMAL, "judgments": [{"claim": "it is TRUE", "result": None}]},
     ["judgments[0].result: is null but the claim names a result; set it"]),
    ({**MINIMAL, "extra_header": [{"key": "Verdict", "value": "PASS"}, {"key": "a:b",
                                                                        "value": "x"}]},
     ['extra_header[0].key: "Verdict" is a line govern reads; use its own field',
      'extra_header[1].key: must be a short key of letters, digits, spaces, `-` or `_`; '
      'found "a:b"']),
    ({**MINIMAL, "record_written": "yesterday", "round": "two words", "design": "x"},
     ['round: must be a short token of letters, digits, `.`, `_` or `-`; found "two words"',
      "design: must be a list",
      'record_written: must be an ISO time with a zone, e.g. 2026-11-06T18:35Z; found '
      '"yesterday"']),
    (["not", "a", "mapping"],
     ["record: must be a mapping with the keys served_tier, local_runs, scope, inputs_read, "
      "semver, head_sha, verdict"]),
])
def test_yaml_problems_are_named_by_key(data: Any, problems: list[str]) -> None:
    with pytest.raises(RecordError) as caught:
        review_from_data(data, "r.yaml")
    assert list(caught.value.problems) == problems
    assert caught.value.exit_code == 1
    assert caught.value.message.startswith("r.yaml is not a valid contract-review record:\n")


def test_yaml_syntax_error_is_a_record_error() -> None:
    with pytest.raises(RecordError) as caught:
        parse_review_yaml("served_tier: [unclosed\n", "r.yaml")
    assert caught.value.problems[0].startswith("not valid YAML (while parsing a flow sequence")


# --- hand-written records -------------------------------------------------------------------

HAND = """\
reviewer-seat · session_x

Contract review

**Served-tier:** standard
- Head-sha: `abc1234def`
> Local-runs: none
`Inputs read`: the PR body
Scope: src/app.py and
  src/lib.py (wrapped)
Dispatch: card #7

① Derived judgments

• The handler refuses first. TRUE.
• The cap holds, TRUE; see should-fix 1
  for the window.
* Nothing measured here.

② Semver level

patch, one paragraph
over two lines.

Check-runs on abc1234 at 2026-11-06T18:35Z: 3 total, 3 success

③ Boundary flags

• none

Findings (none must-fix):

1. should-fix (evidence) — save the logs.
2. nit: the README wording.

Nits:

• nit — a name could be shorter.
• another nit without a prefix

Implemented-by: dev-a
Reviewed-by: rev-b

Verdict: FAIL

Record written 2026-11-06T18:35Z.

trailing byline that is not part of the record
"""


def test_hand_written_record_reads() -> None:
    model = parse_review(HAND)
    assert model == ContractReview(
        served_tier="standard", head_sha="abc1234def", local_runs="none",
        scope="src/app.py and src/lib.py (wrapped)", inputs_read="the PR body",
        semver="patch, one paragraph over two lines.\n\nCheck-runs on abc1234 at "
               "2026-11-06T18:35Z: 3 total, 3 success",
        verdict="FAIL", extra_header=(HeaderLine("Dispatch", "card #7"),),
        judgments=(Judgment("The handler refuses first.", "TRUE"),
                   Judgment("The cap holds, TRUE; see should-fix 1 for the window.", "TRUE"),
                   Judgment("Nothing measured here.", None)),
        boundary_flags=("none",),
        findings=(ReviewFinding("should-fix", "(evidence) — save the logs."),
                  ReviewFinding("nit", "the README wording."),
                  ReviewFinding("nit", "a name could be shorter."),
                  ReviewFinding("nit", "another nit without a prefix")),
        implemented_by="dev-a", reviewed_by="rev-b", record_written="2026-11-06T18:35Z",
    )
    assert parse_review(render_review(model)) == model


@pytest.mark.parametrize(("heading", "head_line", "verdict", "expected"), [
    ("## Contract review — round 2", "Head-sha: `abc1234`", "**VERDICT: PASS**",
     {"round": "2", "delta_over": None, "verdict": "PASS"}),
    ("### **Contract review · delta**",
     "Head-sha: `abc1234` (delta over the reviewed head `def5678`)",
     "VERDICT: PASS (delta)", {"round": None, "delta_over": "def5678",
                               "verdict": "PASS (delta)"}),
    ("Contract review – round r3 · delta",
     "Head-sha: abc1234 (delta over the reviewed head def5678)", "Verdict: FAIL",
     {"round": "r3", "delta_over": "def5678", "verdict": "FAIL"}),
])
def test_heading_suffixes_delta_heads_and_verdict_spellings(
        heading: str, head_line: str, verdict: str, expected: dict[str, Any]) -> None:
    text = (f"{heading}\r\n\r\nServed-tier: t\r\n{head_line}\r\nLocal-runs: x\r\nScope: x\r\n"
            f"Inputs read: x\r\n\r\n② Semver level\r\n\r\npatch\r\n\r\n{verdict}\r\n")
    model = parse_review("\ufeff" + text)
    assert {key: getattr(model, key) for key in expected} == expected
    assert model.head_sha == "abc1234"


@pytest.mark.parametrize(("text", "problems"), [
    ("just a comment\n", ["line 1: no `## Contract review` heading"]),
    ("## Contract review\n\nServed-tier: t\nHead-sha: `abc1234`\nHead-sha: `abc1235`\n"
     "Local-runs: x\nInputs read: x\nthis line is prose\n\n② Semver level\n\npatch\n",
     ["line 1: no `Scope:` header line",
      "line 5: a second Head-sha line (the first is line 4)",
      "line 12: no `VERDICT: PASS|PASS (delta)|FAIL` line"]),
    ("## Contract review\n\nServed-tier: t\nHead-sha: `HEAD`\nLocal-runs:\nScope: x\n"
     "Inputs read: x\n\nprose before any key\n\n③ Boundary flags\n\nnot a bullet\n\n"
     "② Semver level\n\npatch\n\nFindings\n\n1. blocker — x\n\nVERDICT: PASS\n\n"
     "Record written now.\n",
     ['line 9: not a `Key: value` header line: "prose before any key"',
      'line 13: expected a bullet under boundary flags: "not a bullet"',
      'line 21: a finding without its grade (must-fix, should-fix or nit): "blocker — x"',
      'line 4: head sha must be 7–40 hex digits, found "HEAD"',
      "line 5: local runs is empty",
      'line 25: record time "now" is not an ISO time with a zone']),
])
def test_malformed_records_are_refused_with_lines(text: str, problems: list[str]) -> None:
    with pytest.raises(RecordError) as caught:
        parse_review(text, "r.md")
    assert list(caught.value.problems) == problems
    assert caught.value.exit_code == 1
    assert "write the record in this shape:\n## Contract review" in caught.value.remedy


def test_read_draft_never_raises_on_odd_text() -> None:
    for text in ("", "\x00\x01", "Contract review\n" + "• TRUE\n" * 3, "## Contract review\n①"):
        assert read_draft(text).problems


lines_of_records = st.lists(st.sampled_from(
    FULL_MARKDOWN.splitlines() + HAND.splitlines() + ["", "• x", "1. y", "Nits:", "Findings"]),
    max_size=40).map("\n".join)


@settings(max_examples=200, deadline=None)
@given(st.text() | lines_of_records)
def test_reading_and_linting_any_text_never_raises(text: str) -> None:
    draft = read_draft(text)
    assert all(line >= 1 for line, _ in draft.problems)
    assert all(finding.line >= 1 for finding in lint_review(text, "1a2b3c4"))


# --- a PR's records: a drift comment, then a full and a delta review (tests/fixtures) -------

def test_a_prs_full_and_delta_records_read() -> None:
    lines = read_fixture("pr-review-records.md").split("\n")
    starts = [i for i, line in enumerate(lines) if HEADING.fullmatch(line)]
    assert len(starts) == 2  # the drift comment above them is no record
    full_text = "\n".join(lines[starts[0]:starts[1]])
    full = parse_review(full_text)
    delta = parse_review("\n".join(lines[starts[1]:]))
    assert (full.head_sha, full.delta_over, full.verdict) == (
        "5f1c0e9a7b3d2c4e6f8091a2b3c4d5e6f7a8b9c0", None, "PASS")
    assert (delta.head_sha, delta.delta_over, delta.verdict) == (
        "9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d", "5f1c0e9a7b3d2c4e6f8091a2b3c4d5e6f7a8b9c0",
        "PASS (delta)")
    for record in (full, delta):
        assert (record.implemented_by, record.reviewed_by) == ("dev-overlap", "reviewer-one")
        assert record.served_tier == "standard"
        assert "must-fix" not in {finding.grade for finding in record.findings}
        assert parse_review(render_review(record)) == record
    assert [f.grade for f in full.findings] == ["should-fix"] * 3 + ["nit"] * 2
    assert [f.grade for f in delta.findings] == ["should-fix"] + ["nit"] * 3
    assert (full.record_written, delta.record_written) == ("2026-11-20T10:05Z",
                                                           "2026-11-20T14:30Z")
    assert (full.landing_waits_on, delta.landing_waits_on) == (None,
                                                               "CI green on the merge commit")
    assert len(full.judgments) == 6 and full.judgments[-1].result is None
    # The full record's Head-sha has no code span, and it is not on the delta's head; the
    # delta record is clean on its own head.
    assert [(f.rule, f.line) for f in lint_review(full_text, delta.head_sha)] == [
        (LintRule.HEAD_SHAPE, 4), (LintRule.NOT_ON_HEAD, 4)]
    assert lint_review("\n".join(lines[starts[1]:]), delta.head_sha) == []


TRICKY = ["nit — x", "must-fix — y", "it is TRUE", "**TRUE**", "&amp; &#86; \\* @x #1 GH-2 https://x",
          "1. numbered", "- dash", "# hash", "> quote", "`tick` ``two``", "trailing \\",
          "Head-sha: `abc1234`", "(delta over the reviewed head `abc1234`)", "_none_",
          "Contract review · delta", "Verdict: FAIL",
          # A claim that, with its result appended, reads as the record-time line (found by
          # the round-trip property): the whole rendered line must stay text.
          "RECORD WRITTEN", "Record written"]


@pytest.mark.parametrize("text", TRICKY)
def test_tricky_text_round_trips_in_every_field(text: str) -> None:
    model = review_from_data({
        **MINIMAL, "scope": text, "semver": text, "boundary_flags": [text], "design": [text],
        "judgments": [{"claim": text, "result": "FALSE"}],
        "findings": [{"grade": "should-fix", "text": text}, {"grade": "nit", "text": text}],
        "extra_header": [{"key": "Note", "value": text}], "implemented_by": text,
        "reviewed_by": text, "landing_waits_on": text}, "t")
    assert parse_review(render_review(model)) == model


def test_the_examples_in_remedies_are_valid_records() -> None:
    assert parse_review(EXAMPLE).verdict == "PASS"
    assert parse_review_yaml(YAML_REMEDY.split("record is:\n", 1)[1]).head_sha == "1a2b3c4d"
