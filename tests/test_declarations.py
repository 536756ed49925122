"""The declaration-line reader (docs/how-to/gates.md#declaration-lines) and the declarations gate
over carriers."""

from __future__ import annotations

import re

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from govern.core.findings import Finding, Rule
from govern.gates.declarations import (
    CLAUSE,
    PROTOCOL,
    SKILLS_DOCS,
    Carrier,
    KeyLine,
    KeyRule,
    Reading,
    check_declarations,
    key_rules,
    parse_declarations,
)
from tests.helpers import read_fixture

LEVELS = {"none": "patch", "additive": "minor", "breaking": "minor"}
RULES = key_rules(LEVELS)
REQUIRED = (CLAUSE, PROTOCOL)

D, M, N, S = Reading.DECLARED, Reading.MALFORMED, Reading.NEAR_MISS, Reading.DESCRIBING

# (line, key, reading, value with arm / problem / fix)
TABLE: list[tuple[str, str, Reading | None, str]] = [
    # declarations, with every tolerated decoration
    ("Clause-②: no", CLAUSE, D, "no"),
    ("Clause-②: yes", CLAUSE, D, "yes"),
    ("Clause-②:no", CLAUSE, D, "no"),
    ("   Clause-②: no", CLAUSE, D, "no"),
    ("\tClause-②: no", CLAUSE, D, "no"),
    ("> Clause-②: no", CLAUSE, D, "no"),
    (">Clause-②: no", CLAUSE, D, "no"),
    ("- Clause-②: no", CLAUSE, D, "no"),
    ("* Clause-②: no", CLAUSE, D, "no"),
    ("+ Clause-②: no", CLAUSE, D, "no"),
    ("> - Clause-②: no", CLAUSE, D, "no"),
    ("**Clause-②:** no", CLAUSE, D, "no"),
    ("**Clause-②**: no", CLAUSE, D, "no"),
    ("`Clause-②`: no", CLAUSE, D, "no"),
    ("`Clause-②:` no", CLAUSE, D, "no"),
    ("- **Clause-②:** **yes** (widening)", CLAUSE, D, "yes (widening)"),
    ("Clause-②: `no`", CLAUSE, D, "no"),
    ("Clause-②: **yes (narrowing)**", CLAUSE, D, "yes (narrowing)"),
    ("Clause-②: yes (widening)", CLAUSE, D, "yes (widening)"),
    ("Clause-②: yes(narrowing) because the door refuses more", CLAUSE, D, "yes (narrowing)"),
    ("Clause-②: no (narrowing)", CLAUSE, D, "no (narrowing)"),
    ("Clause-②: no — nothing accepted moves", CLAUSE, D, "no"),
    ("Clause-②: no. The reasoning follows.", CLAUSE, D, "no"),
    ("Clause-②: yes (see below)", CLAUSE, D, "yes"),
    ("Metadata-protocol: none", PROTOCOL, D, "none"),
    ("Metadata-protocol: additive", PROTOCOL, D, "additive"),
    ("- **Metadata-protocol:** `breaking`", PROTOCOL, D, "breaking"),
    ("Skills-docs: skills/objects.md updated", SKILLS_DOCS, D, "skills/objects.md updated"),
    ("Skills-docs: n/a — the protocol keys are unchanged", SKILLS_DOCS, D,
     "n/a — the protocol keys are unchanged"),
    ("Skills-docs: n/a - internal only", SKILLS_DOCS, D, "n/a - internal only"),
    # malformed values
    ("Clause-②: yes|no", CLAUSE, M, "`yes|no` is a menu; keep the one value that applies "
     "(yes, no)"),
    # §6.1 reads only the token: a `|` after a blank is reasoning, as any appended text is
    ("Clause-②: yes | no", CLAUSE, D, "yes"),
    ("Clause-②: YES", CLAUSE, M, "`YES` is not a value; expected exactly one of: yes, no"),
    ("Clause-②: No", CLAUSE, M, "`No` is not a value; expected exactly one of: yes, no"),
    ("Clause-②:", CLAUSE, M, "it has no value; expected one of: yes, no"),
    ("Clause-②:    ", CLAUSE, M, "it has no value; expected one of: yes, no"),
    ("Clause-②: probably not", CLAUSE, M,
     "`probably` is not a value; expected exactly one of: yes, no"),
    ("Clause-②: nope", CLAUSE, M, "`nope` is not a value; expected exactly one of: yes, no"),
    ("Clause-②: no (widening)", CLAUSE, M, "`no (widening)` contradicts itself"),
    ("Clause-②: **no", CLAUSE, M, "`**no` is not a value; expected exactly one of: yes, no"),
    ("Metadata-protocol: additive|breaking", PROTOCOL, M,
     "`additive|breaking` is a menu; keep the one value that applies "
     "(none, additive, breaking)"),
    ("Metadata-protocol: major", PROTOCOL, M,
     "`major` is not a value; expected exactly one of: none, additive, breaking"),
    ("Skills-docs:", SKILLS_DOCS, M,
     "it has no value; name what was updated, or `n/a — <reason>`"),
    ("Skills-docs: n/a", SKILLS_DOCS, M, "`n/a` needs its reason: `n/a — <reason>`"),
    # near-misses, each with its reason
    ("clause-②: no", CLAUSE, N, "the key is spelled `clause-②`, not `Clause-②`"),
    ("CLAUSE-②: no", CLAUSE, N, "the key is spelled `CLAUSE-②`, not `Clause-②`"),
    ("Clause-②：no", CLAUSE, N, "the colon is a full-width `：`, not `:`"),
    ("Clause ②: no", CLAUSE, N, "the key is spelled `Clause ②`, not `Clause-②`"),
    ("Clause 2: no", CLAUSE, N, "the key is spelled `Clause 2`, not `Clause-②`"),
    ("Clause-2: yes", CLAUSE, N, "the key is spelled `Clause-2`, not `Clause-②`"),
    ("## Clause-②: no", CLAUSE, N, "a `#` heading is not a declaration line"),
    ("### Clause 2: no", CLAUSE, N, "a `#` heading is not a declaration line"),
    ("1. Clause-②: no", CLAUSE, N, "a numbered-list item is not a declaration line"),
    ("4) Clause-②: no holds.", CLAUSE, N, "a numbered-list item is not a declaration line"),
    ("> > Clause-②: no", CLAUSE, N, "only one `>` and one bullet may stand before the key"),
    ("- - Clause-②: no", CLAUSE, N, "only one `>` and one bullet may stand before the key"),
    ("Clause-② : no", CLAUSE, N, "a blank stands between the key and its colon"),
    ("**Clause-②: no**", CLAUSE, N,
     "only the key or the value may be wrapped in `**` or backticks"),
    ("metadata-protocol: none", PROTOCOL, N,
     "the key is spelled `metadata-protocol`, not `Metadata-protocol`"),
    ("Metadata protocol: none", PROTOCOL, N,
     "the key is spelled `Metadata protocol`, not `Metadata-protocol`"),
    # describing mentions
    ("Line 2 is a bare Clause-②: no.", CLAUSE, S, ""),
    ("The review reads Clause-②: yes (widening) and Metadata-protocol: none.", CLAUSE, S, ""),
    ("The review reads Clause-②: yes (widening) and Metadata-protocol: none.", PROTOCOL, S, ""),
    ("`Clause-②: no`", CLAUSE, S, ""),
    ("- `Clause-②: no` is what the body says", CLAUSE, S, ""),
    ("Clause-②: no, unlike the old Clause-②: yes", CLAUSE, S, ""),
    ("Clause-② is the widening clause.", CLAUSE, S, ""),
    ("1. the `Clause 2: no` line", CLAUSE, None, ""),
    # unrelated lines
    ("See packages/metadata-protocol/src/protocol.ts: the ruling.", PROTOCOL, None, ""),
    ("Fixes #23701", CLAUSE, None, ""),
    ("", CLAUSE, None, ""),
    ("Clause-③: no", CLAUSE, None, ""),
]


def _detail(line: str, key: str) -> tuple[Reading | None, str]:
    found = [entry for entry in parse_declarations(line, RULES.values()) if entry.key == key]
    assert len(found) <= 1
    if not found:
        return None, ""
    entry = found[0]
    if entry.reading is D:
        return D, entry.declared
    return entry.reading, entry.problem


@pytest.mark.parametrize(("line", "key", "reading", "detail"), TABLE)
def test_reader_table(line: str, key: str, reading: Reading | None, detail: str) -> None:
    assert _detail(line, key) == (reading, detail)


@pytest.mark.parametrize(("line", "fix"), [
    ("## Clause-②: no", "Clause-②: no"),
    ("clause-②:  yes (widening)  ", "Clause-②: yes (widening)"),
    ("Clause 2：", "Clause-②: yes"),
])
def test_near_miss_names_the_fixed_line(line: str, fix: str) -> None:
    (entry,) = parse_declarations(line, [RULES[CLAUSE]])
    assert (entry.reading, entry.fix) == (N, fix)


@pytest.mark.parametrize("text", [
    "Title\r\nClause-②: no\r\nMetadata-protocol: none\r\n",
    "\ufeffTitle\nClause-②: no\nMetadata-protocol: none",
    "Title\rClause-②: no\rMetadata-protocol: none\r",
])
def test_line_endings_and_bom(text: str) -> None:
    found = [(e.key, e.number, e.reading, e.value)
             for e in parse_declarations(text, RULES.values())]
    assert found == [(CLAUSE, 2, D, "no"), (PROTOCOL, 3, D, "none")]


def test_bom_before_the_declaration_itself() -> None:
    (entry,) = parse_declarations("\ufeffClause-②: yes\r\n", [RULES[CLAUSE]])
    assert (entry.number, entry.reading, entry.value, entry.text) == (1, D, "yes", "Clause-②: yes")


@pytest.mark.parametrize(("name", "value", "without"), [
    # without its declaration, the numbered item that restates it is the near miss named
    ("pr-body-fixes.md", "no", "PR body has no `Clause-②:` line; line 14 `2. Clause-②: no holds "
     "for the JSON too, since `govern overlap --json` keeps schema_version 1.` is probably meant "
     "as one, but a numbered-list item is not a declaration line"),
    ("pr-body-confirmation.md", "yes", "PR body has no `Clause-②:` line"),
])
def test_pr_bodies_read_as_declared(name: str, value: str, without: str) -> None:
    text = read_fixture(name)
    entries = [e for e in parse_declarations(text, [RULES[CLAUSE]])]
    declared = [e for e in entries if e.reading in (D, M)]
    assert [(e.reading, e.value) for e in declared] == [(D, value)]
    others = [e.reading for e in entries if e not in declared]
    assert S in others and all(reading in (S, N) for reading in others)
    assert check_declarations([Carrier("PR body", text)], [CLAUSE], LEVELS) == ()
    bare = "\n".join(line for line in text.split("\n") if line != f"Clause-②: {value}")
    found = check_declarations([Carrier("PR body", bare)], [CLAUSE], LEVELS)
    assert [(f.rule, f.message) for f in found] == [(Rule.DECLARATION_MISSING, without)]


# -- properties ----------------------------------------------------------------------------

@given(st.text())
def test_reader_never_raises(text: str) -> None:
    for entry in parse_declarations(text, RULES.values()):
        assert entry.reading in Reading


@given(st.text(alphabet=st.sampled_from("Clause-②2 :：*`>#-+|()yesnowidg\r\n\t\ufeff1.")))
def test_reader_never_raises_on_near_declarations(text: str) -> None:
    assert isinstance(parse_declarations(text, RULES.values()), tuple)


@given(st.text(min_size=1, max_size=12), st.text())
def test_reader_never_raises_for_any_configured_key(key: str, text: str) -> None:
    """`declarations.required` may name keys the docs do not define: any key, any text."""
    rule = key_rules(LEVELS).get(key) or KeyRule(key)
    for entry in parse_declarations(f"{key}: {text}\n{text}", [rule]):
        assert entry.key == key


def test_a_punctuation_key_has_no_near_misses() -> None:
    assert parse_declarations(": x\n—: y", [KeyRule("—")]) == (
        KeyLine("—", 2, "—: y", D, value="y"),)


ACCEPTED = [line for line, key, reading, _ in TABLE if reading is D]
_ARM = re.compile(r"[ \t]*\((widening|narrowing)\)")


def _token(entry: KeyLine) -> str | None:
    return entry.value if RULES[entry.key].values else None


@given(st.sampled_from(ACCEPTED), st.sampled_from(" \t"), st.text())
def test_appended_reasoning_keeps_a_declaration(line: str, blank: str, tail: str) -> None:
    """Text after the value is reasoning: appending it never changes the reading, nor the
    token of an enumerated key (free text, such as Skills-docs, is all value).

    The one exception is an arm: ``no`` followed by ``(widening)`` is the arm of the value,
    and docs/how-to/gates.md#declaration-lines makes that pair malformed, so tails that begin with
    an arm are left out.
    """
    suffix = blank + tail
    before = [(e.key, _token(e)) for e in parse_declarations(line, RULES.values())
              if e.reading is D]
    assume(all(key not in suffix for key, _ in before))
    assume(not _ARM.match(suffix))
    after = [(e.key, e.reading, _token(e)) for e in parse_declarations(line + suffix,
                                                                      RULES.values())
             if e.number == 1 and e.reading in (D, M)]
    assert after == [(key, D, value) for key, value in before]


# -- the gate over carriers ------------------------------------------------------------------

BODY_OK = "Fix the door.\n\nClause-②: no\nMetadata-protocol: none\n"
CHANGESET_OK = '---\n"pkg": patch\n---\n\nFix the door.\n\nClause-②: no\nMetadata-protocol: none\n'


def _gate(*carriers: Carrier) -> list[dict[str, object]]:
    return [finding.to_json() for finding in check_declarations(carriers, REQUIRED, LEVELS)]


def _cs(text: str, name: str = ".changeset/a.md") -> Carrier:
    return Carrier(name, text, is_file=True)


def test_gate_passes_consistent_carriers() -> None:
    assert _gate(Carrier("PR body", BODY_OK), _cs(CHANGESET_OK)) == []


def test_gate_missing_line() -> None:
    assert _gate(Carrier("PR body", "Clause-②: no\n")) == [{
        "rule": "declaration-missing", "key": PROTOCOL, "carrier": "PR body", "line": None,
        "message": "PR body has no `Metadata-protocol:` line",
        "remedy": "add a line starting with the key, e.g. `Metadata-protocol: none`",
    }]


def test_gate_missing_line_names_the_near_miss() -> None:
    assert _gate(Carrier("PR body", "Metadata-protocol: none\n\n## Clause-②: no\n")) == [{
        "rule": "declaration-missing", "key": CLAUSE, "carrier": "PR body", "line": 3,
        "message": "PR body has no `Clause-②:` line; line 3 `## Clause-②: no` is probably "
                   "meant as one, but a `#` heading is not a declaration line",
        "remedy": "write it as `Clause-②: no`",
    }]


def test_gate_describing_mentions_never_count() -> None:
    body = "Metadata-protocol: none\nLine 2 is a bare Clause-②: no.\n"
    assert [f["message"] for f in _gate(Carrier("PR body", body))] == [
        "PR body has no `Clause-②:` line"]


def test_gate_repeated_line() -> None:
    body = "Clause-②: no\nMetadata-protocol: none\n- Clause-②: no\n"
    assert _gate(Carrier("PR body", body)) == [{
        "rule": "declaration-repeated", "key": CLAUSE, "carrier": "PR body", "line": 3,
        "message": "PR body declares `Clause-②` 2 times (lines 1, 3); exactly one line is read",
        "remedy": "keep one declaration line; reword the others so the key is not at the "
                  "start of a line",
    }]


def test_gate_malformed_line() -> None:
    body = "Clause-②: yes|no\nMetadata-protocol: none\n"
    assert _gate(Carrier("PR body", body)) == [{
        "rule": "declaration-malformed", "key": CLAUSE, "carrier": "PR body", "line": 1,
        "message": "PR body line 1 `Clause-②: yes|no` is malformed: `yes|no` is a menu; keep "
                   "the one value that applies (yes, no)",
        "remedy": "write the value first after the colon, e.g. `Clause-②: yes`",
    }]


def test_gate_values_differ_across_carriers() -> None:
    changeset = CHANGESET_OK.replace("Clause-②: no", "Clause-②: yes (widening)")
    assert _gate(Carrier("PR body", BODY_OK), _cs(changeset)) == [{
        "rule": "declaration-differs", "key": CLAUSE, "carrier": ".changeset/a.md", "line": 7,
        "message": "`Clause-②` differs: PR body declares `no`, .changeset/a.md declares "
                   "`yes (widening)`",
        "remedy": "declare the same value in the PR body and in every changeset",
    }]


def test_gate_changeset_carrier_is_a_file() -> None:
    (finding,) = check_declarations([Carrier("PR body", BODY_OK), _cs("---\n---\n")],
                                    [CLAUSE], LEVELS)
    assert (finding.rule, finding.file, finding.line) == (
        Rule.DECLARATION_MISSING, ".changeset/a.md", None)


def test_gate_protocol_change_owes_skills_docs() -> None:
    body = "Clause-②: no\nMetadata-protocol: additive\n"
    assert _gate(Carrier("PR body", body)) == [{
        "rule": "declaration-missing", "key": SKILLS_DOCS, "carrier": "PR body", "line": None,
        "message": "PR body has no `Skills-docs:` line",
        "remedy": "add a line starting with the key, e.g. `Skills-docs: <text>`",
    }]


@pytest.mark.parametrize("skills", ["Skills-docs: skills/meta.md", "Skills-docs: n/a — none"])
def test_gate_protocol_change_with_skills_docs_passes(skills: str) -> None:
    body = f"Clause-②: no\nMetadata-protocol: additive\n{skills}\n"
    changeset = CHANGESET_OK.replace("none", "additive")
    assert _gate(Carrier("PR body", body), _cs(changeset)) == []


def test_gate_skills_docs_without_reason_is_malformed() -> None:
    body = "Clause-②: no\nMetadata-protocol: breaking\nSkills-docs: n/a\n"
    (finding,) = check_declarations([Carrier("PR body", body)], REQUIRED, LEVELS)
    assert finding == Finding(
        Rule.DECLARATION_MALFORMED,
        "PR body line 3 `Skills-docs: n/a` is malformed: `n/a` needs its reason: "
        "`n/a — <reason>`",
        "write the value first after the colon, e.g. `Skills-docs: <text>`",
        key=SKILLS_DOCS, carrier="PR body", line=3)


def test_gate_quotes_long_lines_cut_at_160() -> None:
    body = "Clause-②: " + "x" * 300 + "\nMetadata-protocol: none\n"
    (finding,) = check_declarations([Carrier("PR body", body)], REQUIRED, LEVELS)
    quoted = finding.message.split("`")[1]
    assert len(quoted) == 160 and quoted.endswith("…")
