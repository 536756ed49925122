"""The one reader of declaration lines (docs/how-to/gates.md#declaration-lines), and the
declarations gate over carriers.

Every carrier — the PR body, each changeset a PR adds, edits or renames — is read by
``parse_declarations``, so a line means the same thing wherever it is written. The reader is
pure and never raises, whatever the text: the PR author controls it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TypedDict

from govern.core.findings import Finding, Rule, quote_line
from govern.core.text import split_lines

CLAUSE = "Clause-②"
PROTOCOL = "Metadata-protocol"
SKILLS_DOCS = "Skills-docs"
NO_PROTOCOL_CHANGE = "none"
NARROWING = "narrowing"

# Leading blanks, one ``>`` quote marker, one bullet: the only decoration a declaration keeps.
_DECORATION = r"[ \t]*(?:>[ \t]*)?(?:[-*+][ \t]+)?"
# What precedes a near-miss: the same, or a heading / numbered-list marker in place of a bullet.
_NEAR_PREFIX = re.compile(
    r"[ \t]*(?:>[ \t]*)?(?:(?P<heading>#{1,6})[ \t]*|(?P<numbered>\d{1,9}[.)])[ \t]+|[-*+][ \t]+)?"
)
_COLON = re.compile(r"[:：]")
_EXTRA_DECORATION = re.compile(r"^[\s>*+|-]+")
# A key is at most a few words; a longer run before the first colon is a sentence.
_KEY_SPAN = 48
_NOT_APPLICABLE = re.compile(r"n/a\b", re.IGNORECASE)
_REASON = re.compile(r"[ \t]*(?:—|–|--?)[ \t]*\S")


class Reading(Enum):
    """How one line relates to one key; the value says it in a sentence."""

    DECLARED = "declares the key"
    MALFORMED = "is a declaration with a malformed value"
    NEAR_MISS = "looks like a declaration but is not one"
    DESCRIBING = "mentions the key without declaring it"


@dataclass(frozen=True)
class KeyRule:
    """What a key accepts: enumerated lowercase values (empty: free text) and optional arms."""

    key: str
    values: tuple[str, ...] = ()
    arms: tuple[str, ...] = ()
    contradictions: frozenset[tuple[str, str]] = frozenset()
    """(value, arm) pairs that contradict each other, e.g. ``no (widening)``."""

    @property
    def example(self) -> str:
        """A well-formed line for this key, shown in remedies."""
        return f"{self.key}: {self.values[0]}" if self.values else f"{self.key}: <text>"


@dataclass(frozen=True)
class KeyLine:
    """One line of a carrier read against one key."""

    key: str
    number: int
    """1-based line number in the carrier."""
    text: str
    """The line as written (line terminator and a leading BOM removed)."""
    reading: Reading
    value: str | None = None
    """The declared value token (DECLARED only)."""
    arm: str | None = None
    """The declared arm, e.g. ``narrowing`` (DECLARED only)."""
    problem: str = ""
    """What is wrong (MALFORMED, NEAR_MISS)."""
    fix: str = ""
    """The line as it should be written, when it can be told (NEAR_MISS)."""

    @property
    def declared(self) -> str:
        """The value with its arm, as written in a well-formed line: ``yes (widening)``."""
        return f"{self.value} ({self.arm})" if self.arm else str(self.value)


def key_rules(levels: Mapping[str, str]) -> dict[str, KeyRule]:
    """The rules of the known keys; ``Metadata-protocol`` accepts ``none`` and each level key."""
    protocol_values = (NO_PROTOCOL_CHANGE, *(k for k in levels if k != NO_PROTOCOL_CHANGE))
    return {
        CLAUSE: KeyRule(CLAUSE, ("yes", "no"), ("widening", NARROWING),
                        frozenset({("no", "widening")})),
        PROTOCOL: KeyRule(PROTOCOL, protocol_values),
        SKILLS_DOCS: KeyRule(SKILLS_DOCS),
    }


def rule_for(key: str, rules: Mapping[str, KeyRule]) -> KeyRule:
    """The rule of ``key``; a key the design does not know takes free text."""
    return rules.get(key) or KeyRule(key)


# -- the reader --------------------------------------------------------------------------------

def parse_declarations(text: str, rules: Iterable[KeyRule]) -> tuple[KeyLine, ...]:
    """Every line of ``text`` that declares, malforms, nearly declares or describes a key."""
    compiled = [(rule, _head(rule.key), _normal(rule.key)) for rule in rules]
    found: list[KeyLine] = []
    for number, line in enumerate(split_lines(text), start=1):
        for rule, head, normal in compiled:
            reading = _read_line(line, number, rule, head, normal)
            if reading is not None:
                found.append(reading)
    return tuple(found)


def _head(key: str) -> re.Pattern[str]:
    """The start of a declaration: decoration, then the key bare, bold or in a code span."""
    k = re.escape(key)
    forms = (rf"\*\*{k}:\*\*", rf"\*\*{k}\*\*:", rf"`{k}:`", rf"`{k}`:", rf"{k}:")
    return re.compile(_DECORATION + "(?:" + "|".join(forms) + r")[ \t]*")


def _normal(text: str) -> str:
    """A spelling-blind form of a key: ``Clause 2``, ``clause-②`` and ``Clause-②`` agree."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return "".join(ch for ch in folded if ch.isalnum())


def _read_line(line: str, number: int, rule: KeyRule, head: re.Pattern[str],
               normal: str) -> KeyLine | None:
    count = line.count(rule.key)
    if count >= 2:  # the key quoted against itself: a sentence about declarations
        return KeyLine(rule.key, number, line, Reading.DESCRIBING)
    if count == 1:
        match = head.match(line)
        if match:
            return _read_value(line, number, rule, line[match.end():])
        if line[: line.index(rule.key)].count("`") % 2:  # inside a code span: quoted
            return KeyLine(rule.key, number, line, Reading.DESCRIBING)
    near = _near_miss(line, number, rule, normal)
    if near is not None:
        return near
    if count == 1:
        return KeyLine(rule.key, number, line, Reading.DESCRIBING)
    return None


def _read_value(line: str, number: int, rule: KeyRule, rest: str) -> KeyLine:
    if not rule.values:
        return _read_free_text(line, number, rule, rest)
    values = "|".join(re.escape(v) for v in sorted(rule.values, key=len, reverse=True))
    arms = "|".join(re.escape(a) for a in rule.arms)
    inner_arm = rf"(?:[ \t]*\((?P<arm>{arms})\))?" if arms else ""
    outer_arm = rf"(?:[ \t]*\((?P<outer>{arms})\))?" if arms else ""
    # The value may be wrapped in ** or a code span; an arm may sit inside or after the wrap.
    pattern = (rf"(?P<wrap>\*\*|`)?(?P<value>{values})(?![\w|]){inner_arm}"
               rf"(?(wrap)(?P=wrap)){outer_arm}")
    match = re.match(pattern, rest)
    if match is None:
        return KeyLine(rule.key, number, line, Reading.MALFORMED,
                       problem=_value_problem(rule, rest))
    value = match["value"]
    chosen_arm = (match.groupdict().get("arm") or match.groupdict().get("outer")) or None
    if (value, chosen_arm) in rule.contradictions:
        return KeyLine(rule.key, number, line, Reading.MALFORMED,
                       problem=f"`{value} ({chosen_arm})` contradicts itself")
    return KeyLine(rule.key, number, line, Reading.DECLARED, value=value, arm=chosen_arm)


def _value_problem(rule: KeyRule, rest: str) -> str:
    expected = ", ".join(rule.values)
    words = rest.split()
    if not words:
        return f"it has no value; expected one of: {expected}"
    if re.match(r"[\w`*]+[ \t]*\|", rest):
        return f"`{quote_line(words[0])}` is a menu; keep the one value that applies ({expected})"
    return f"`{quote_line(words[0])}` is not a value; expected exactly one of: {expected}"


def _read_free_text(line: str, number: int, rule: KeyRule, rest: str) -> KeyLine:
    value = rest.strip().strip("*`").strip()
    if not value:
        return KeyLine(rule.key, number, line, Reading.MALFORMED,
                       problem="it has no value; name what was updated, or `n/a — <reason>`")
    not_applicable = _NOT_APPLICABLE.match(value)
    if not_applicable and not _REASON.match(value, not_applicable.end()):
        return KeyLine(rule.key, number, line, Reading.MALFORMED,
                       problem="`n/a` needs its reason: `n/a — <reason>`")
    return KeyLine(rule.key, number, line, Reading.DECLARED, value=value)


def _near_miss(line: str, number: int, rule: KeyRule, normal: str) -> KeyLine | None:
    prefix = _NEAR_PREFIX.match(line)
    start = prefix.end() if prefix else 0
    colon = _COLON.search(line, start, start + _KEY_SPAN + 1)
    if colon is None:
        return None
    written = line[start:colon.start()]
    # a key made only of punctuation has no spelling-blind form: nothing nearly matches it
    if not normal or written.count("`") % 2 or _normal(written) != normal:
        return None
    bare = written.strip("*` \t")
    if prefix and prefix["heading"]:
        problem = "a `#` heading is not a declaration line"
    elif prefix and prefix["numbered"]:
        problem = "a numbered-list item is not a declaration line"
    elif colon.group() != ":":
        problem = "the colon is a full-width `：`, not `:`"
    elif _EXTRA_DECORATION.sub("", bare) == rule.key and bare != rule.key:
        problem = "only one `>` and one bullet may stand before the key"
    elif bare != rule.key:
        problem = f"the key is spelled `{quote_line(bare)}`, not `{rule.key}`"
    elif written != written.rstrip():
        problem = "a blank stands between the key and its colon"
    else:
        problem = "only the key or the value may be wrapped in `**` or backticks"
    after = line[colon.end():].strip().strip("*`").strip()
    fix = quote_line(f"{rule.key}: {after}") if after else rule.example
    return KeyLine(rule.key, number, line, Reading.NEAR_MISS, problem=problem, fix=fix)


# -- the gate over carriers ------------------------------------------------------------------

@dataclass(frozen=True)
class Carrier:
    """A text that must carry declarations: the PR body or a changeset."""

    name: str
    """``PR body`` or the changeset's repo-relative path."""
    text: str
    is_file: bool = False


@dataclass(frozen=True)
class CarrierReading:
    """A carrier's findings and the one valid declaration per key it holds."""

    findings: tuple[Finding, ...]
    declared: dict[str, KeyLine]


def read_carrier(carrier: Carrier, required: Sequence[str],
                 rules: Mapping[str, KeyRule]) -> CarrierReading:
    """Check that ``carrier`` holds each required key exactly once, well-formed."""
    lines = parse_declarations(carrier.text, [rule_for(key, rules) for key in required])
    findings: list[Finding] = []
    declared: dict[str, KeyLine] = {}
    for key in required:
        finding, line = _judge_key(carrier, rule_for(key, rules),
                                   [entry for entry in lines if entry.key == key])
        if finding is not None:
            findings.append(finding)
        if line is not None:
            declared[key] = line
    return CarrierReading(tuple(findings), declared)


class _Where(TypedDict):
    """The fields every finding of one key in one carrier shares."""

    key: str
    carrier: str
    carrier_is_file: bool


def _judge_key(carrier: Carrier, rule: KeyRule,
               lines: list[KeyLine]) -> tuple[Finding | None, KeyLine | None]:
    where = _Where(key=rule.key, carrier=carrier.name, carrier_is_file=carrier.is_file)
    counted = [entry for entry in lines
               if entry.reading in (Reading.DECLARED, Reading.MALFORMED)]
    if not counted:
        near = next((entry for entry in lines if entry.reading is Reading.NEAR_MISS), None)
        if near is None:
            return Finding(Rule.DECLARATION_MISSING,
                           f"{carrier.name} has no `{rule.key}:` line",
                           f"add a line starting with the key, e.g. `{rule.example}`",
                           **where), None
        return Finding(Rule.DECLARATION_MISSING,
                       f"{carrier.name} has no `{rule.key}:` line; line {near.number} "
                       f"`{quote_line(near.text)}` is probably meant as one, but "
                       f"{near.problem}",
                       f"write it as `{near.fix}`", line=near.number, **where), None
    if len(counted) > 1:
        numbers = ", ".join(str(entry.number) for entry in counted)
        return Finding(Rule.DECLARATION_REPEATED,
                       f"{carrier.name} declares `{rule.key}` {len(counted)} times "
                       f"(lines {numbers}); exactly one line is read",
                       "keep one declaration line; reword the others so the key is not at "
                       "the start of a line", line=counted[1].number, **where), None
    only = counted[0]
    if only.reading is Reading.MALFORMED:
        return Finding(Rule.DECLARATION_MALFORMED,
                       f"{carrier.name} line {only.number} `{quote_line(only.text)}` is "
                       f"malformed: {only.problem}",
                       f"write the value first after the colon, e.g. `{rule.example}`",
                       line=only.number, **where), None
    return None, only


def check_declarations(carriers: Sequence[Carrier], required: Sequence[str],
                       levels: Mapping[str, str]) -> tuple[Finding, ...]:
    """The declarations gate: every carrier holds each required key once, valid, and they
    agree; a protocol change owes a ``Skills-docs:`` line in the PR body (the first carrier)."""
    rules = key_rules(levels)
    readings = [read_carrier(carrier, required, rules) for carrier in carriers]
    findings = [finding for reading in readings for finding in reading.findings]
    for key in required:
        findings.extend(_disagreements(key, carriers, readings))
    if carriers and _protocol_changes(readings) and SKILLS_DOCS not in required:
        findings.extend(read_carrier(carriers[0], [SKILLS_DOCS], rules).findings)
    return tuple(findings)


def _disagreements(key: str, carriers: Sequence[Carrier],
                   readings: Sequence[CarrierReading]) -> list[Finding]:
    seen = [(carrier, reading.declared[key]) for carrier, reading in zip(carriers, readings,
                                                                         strict=True)
            if key in reading.declared]
    if not seen:
        return []
    first_carrier, first = seen[0]
    for carrier, line in seen[1:]:
        if line.declared != first.declared:
            return [Finding(
                Rule.DECLARATION_DIFFERS,
                f"`{key}` differs: {first_carrier.name} declares `{first.declared}`, "
                f"{carrier.name} declares `{line.declared}`",
                "declare the same value in the PR body and in every changeset",
                key=key, carrier=carrier.name, line=line.number, carrier_is_file=carrier.is_file,
            )]
    return []


def _protocol_changes(readings: Sequence[CarrierReading]) -> bool:
    return any(reading.declared[PROTOCOL].value != NO_PROTOCOL_CHANGE
               for reading in readings if PROTOCOL in reading.declared)


def declared_value(carriers: Sequence[Carrier], key: str,
                   levels: Mapping[str, str]) -> KeyLine | None:
    """The first valid declaration of ``key`` across carriers, in order (body first)."""
    rules = key_rules(levels)
    for carrier in carriers:
        line = read_carrier(carrier, [key], rules).declared.get(key)
        if line is not None:
            return line
    return None
