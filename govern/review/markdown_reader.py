"""The markdown reader: a rendered or hand-written record, read line by line into a ``Draft``
the linter judges, or into the model by ``parse_review``."""

from __future__ import annotations

import re
import string
from collections.abc import Mapping
from dataclasses import dataclass, field

from govern.core.text import split_lines
from govern.review.model import (
    REQUIRED_TEXT,
    ContractReview,
    HeaderLine,
    Judgment,
    RecordError,
    ReviewFinding,
)
from govern.review.shapes import ISO_TIME, is_hex_sha, quote

# The header keys govern reads, by field; anything else in the header is kept in extra_header.
HEADER_KEYS = {
    "served_tier": "Served-tier",
    "head_sha": "Head-sha",
    "local_runs": "Local-runs",
    "scope": "Scope",
    "inputs_read": "Inputs read",
}
SIGNATURE_KEYS = {"implemented_by": "Implemented-by", "reviewed_by": "Reviewed-by"}
# Lines starting with these words are structure to the reader, so an extra header key may not.
RESERVED_KEY_PREFIXES = (
    "served-tier", "head-sha", "local-runs", "scope", "inputs read", "implemented-by",
    "reviewed-by", "verdict", "landing waits on", "record written", "findings", "nits",
    "contract review", "derived judgment", "semver", "boundary flag", "design judgment",
)
EXAMPLE = (
    "## Contract review\n\nServed-tier: standard\nHead-sha: `1a2b3c4d`\nLocal-runs: none\n"
    "Scope: …\nInputs read: …\n\n### ① Derived judgments\n\n- <claim> **TRUE**\n\n"
    "### ② Semver level\n\npatch\n\nImplemented-by: …\nReviewed-by: …\n\n**VERDICT: PASS**\n\n"
    "Record written 2026-11-06T18:35Z."
)

# Every pattern below is matched against text any commenter can write, so each is linear:
# quantifiers are possessive (``*+``, ``++``, ``?+``) wherever the next token cannot start
# with what they consume, and no pattern ends in a lazy group followed by optional blanks
# (trailing blanks are stripped in Python instead). Lines are also capped at MAX_LINE_CHARS
# before any pattern sees them (issue 13; docs/how-to/who-can-satisfy-a-gate.md).
MAX_LINE_CHARS = 4096
_DECOR_OPEN = r"[ \t]*+(?:>[ \t]?+)?+(?:[-*+][ \t]++)?+"
_BLANKS = " \t"
HEADING = re.compile(
    r"[ \t]*+(?:#{1,6}[ \t]++)?+(?:\*\*)?+(?i:contract review)"
    r"(?:[ \t]*+[—–-]++[ \t]*+(?i:round)[ \t]++(?P<round>[^\s·*]++))?+"
    r"(?P<delta>[ \t]*+·[ \t]*+(?i:delta))?+(?:\*\*)?+[ \t]*+:?+[ \t]*+"
)
SECTION = re.compile(
    r"[ \t]*+(?:#{1,6}[ \t]++)?+(?:\*\*)?+(?:(?P<num>[①②③④]).*+"
    r"|(?P<title>(?i:derived judgments?|semver level|boundary flags?|design judgments?))"
    r"(?:\*\*)?+[ \t]*+:?+[ \t]*+)"
)
FINDINGS = re.compile(r"[ \t]*+(?:#{1,6}[ \t]++)?+(?:\*\*)?+Findings\b.*+")
NITS = re.compile(r"[ \t]*+(?:#{1,6}[ \t]++)?+(?:\*\*)?+Nits?+(?:\*\*)?+:?+(?:\*\*)?+[ \t]*+")
VERDICT = re.compile(
    _DECOR_OPEN + r"(?:\*\*)?+(?i:verdict)(?:\*\*)?+[ \t]*+:[ \t]*+(?:\*\*)?+[ \t]*+"
    r"(?P<verdict>PASS \(delta\)|PASS|FAIL)[ \t]*+(?:\*\*)?+[ \t]*+\.?+[ \t]*+"
)
RECORD_WRITTEN = re.compile(
    _DECOR_OPEN + r"(?:\*\*)?+(?i:record written)(?:\*\*)?+[ \t]++(?P<rest>.*+)"
)
KEY_LINE = re.compile(
    _DECOR_OPEN + r"(?:\*\*(?P<k1>[A-Za-z][A-Za-z0-9 _-]{0,39})(?:\*\*:|:\*\*)"
    r"|`(?P<k2>[A-Za-z][A-Za-z0-9 _-]{0,39})(?:`:|:`)"
    r"|(?P<k3>[A-Za-z][A-Za-z0-9 _-]{0,39}):)[ \t]*+(?P<value>.*+)"
)
BULLET = re.compile(r"[ \t]*+(?:[-*+•]|\d{1,3}[.)])[ \t]++(?P<text>.*+)")
HEAD_VALUE = re.compile(
    r"(?:(?P<fence>`++) ?(?P<ticked>[^`]*?) ?(?P=fence)|(?P<bare>[^\s`(]++))"
    r"(?:[ \t]*+\((?i:delta over the reviewed head)[ \t]++`?+(?P<base>[^`\s)]*+)`?+[ \t]*+\))?+"
    r"[ \t]*+"
)
RESULTS_AT_END = ("NOT MEASURED", "TRUE", "FALSE")
# a result glued to a word (``xTRUE``, ``\\TRUE``) is not a result
_WORD_BEFORE_RESULT = frozenset(string.ascii_letters + string.digits + "_\\")
JUDGMENT_ANY = re.compile(r"(?<![A-Za-z0-9_\\])(TRUE|FALSE|NOT MEASURED)(?![A-Za-z0-9_])")
GRADED = re.compile(
    r"(?P<grade>must-fix|should-fix|nit)\b[ \t]*+(?:[—–:-][ \t]*+)?+(?P<text>.*+)"
)
NONE_MARK = re.compile(r"(?i)_?none\.?_?")
_ESCAPED = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|~>])|&(amp|lt|gt|#\d{1,7});|\u200b")
_FOOTER_KEYS = {"implemented-by": "implemented_by", "reviewed-by": "reviewed_by",
                "landing waits on": "landing_waits_on"}


def unescape(text: str) -> str:
    """Undo render.inline (and markdown's own escapes in hand-written text), in one pass."""

    def one(match: re.Match[str]) -> str:
        if match.group(1):
            return match.group(1)
        entity = match.group(2)
        if entity:
            named = {"amp": "&", "lt": "<", "gt": ">"}
            return named.get(entity) or chr(int(entity[1:]))
        return ""  # the zero-width space core.markdown puts after a mention or link trigger

    return _ESCAPED.sub(one, text)


def _record_time(rest: str) -> str:
    """The time of a ``Record written <time>.`` line: what follows the words, without the
    trailing blanks, bold and full stop."""
    return rest.rstrip(_BLANKS).removesuffix("**").removesuffix(".")


def split_result(text: str) -> tuple[str, str] | None:
    """A judgment bullet that ends in its result (``<claim> **TRUE**.``) as (claim, result);
    None when it does not, or when the claim is empty. String operations from the end, not a
    lazy pattern: a bullet is many joined lines of anyone's text."""
    rest = text.rstrip(_BLANKS).removesuffix(".")
    rest = rest[:-2] if rest.endswith(("**", "__")) else rest
    result = next((r for r in RESULTS_AT_END if rest.endswith(r)), None)
    if result is None:
        return None
    claim = rest[: -len(result)]
    if claim and claim[-1] in _WORD_BEFORE_RESULT:
        return None
    claim = (claim[:-2] if claim.endswith(("**", "__")) else claim).rstrip(_BLANKS)
    return (claim, result) if claim else None


def _key_of(line: str) -> tuple[str, str] | None:
    match = KEY_LINE.fullmatch(line)
    if not match:
        return None
    key = match.group("k1") or match.group("k2") or match.group("k3")
    return " ".join(key.split()), match.group("value").rstrip(_BLANKS)


def classify_line(line: str) -> str:
    """What a line after the heading is: structure the reader acts on, or ``text``."""
    if VERDICT.fullmatch(line):
        return "verdict"
    if RECORD_WRITTEN.fullmatch(line):
        return "record_written"
    key = _key_of(line)
    if key and key[0].casefold() in _FOOTER_KEYS:
        return "footer"
    if SECTION.fullmatch(line):
        return "section"
    if FINDINGS.fullmatch(line):
        return "findings"
    if NITS.fullmatch(line):
        return "nits"
    return "text"


@dataclass
class _Item:
    """A bullet or key line being read, with the line it started on. Continuation lines are
    collected in ``wrapped`` and joined once when the text is read: appending each to one
    string copied the whole text per line, quadratic in a long item."""

    line: int
    first: str
    wrapped: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return " ".join([self.first, *self.wrapped]) if self.wrapped else self.first


@dataclass(frozen=True)
class Draft:
    """What the reader found, before validation: the model with raw values, where each part
    was, and the structural problems. The linter judges this; ``parse_review`` refuses it
    unless it is clean."""

    review: ContractReview
    where: Mapping[str, int]
    """Line of each part found: field names, ``judgments[i]``, ``findings[i]``."""
    problems: tuple[tuple[int, str], ...]
    head_in_code_span: bool
    heading_delta: bool
    last_line: int


@dataclass
class _Reader:
    """The line-by-line state of one read; used only inside ``read_draft``."""

    where: dict[str, int] = field(default_factory=dict)
    problems: list[tuple[int, str]] = field(default_factory=list)
    values: dict[str, _Item] = field(default_factory=dict)
    """The item of each field found, by name; its text is the raw value."""
    extra: list[_Item] = field(default_factory=list)
    extra_keys: list[str] = field(default_factory=list)
    lists: dict[str, list[_Item]] = field(default_factory=dict)
    semver: list[list[str]] = field(default_factory=list)
    mode: str = "header"
    last: _Item | None = None
    """The item a continuation line extends (None after a blank line)."""
    heading_delta: bool = False
    round: str | None = None

    def problem(self, number: int, message: str) -> None:
        self.problems.append((number, message))

    def set_value(self, name: str, number: int, value: str) -> _Item | None:
        if name in self.where:
            label = HEADER_KEYS.get(name) or SIGNATURE_KEYS.get(name) or name
            self.problem(number, f"a second {label} line (the first is line {self.where[name]})")
            return None
        self.where[name] = number
        item = self.values[name] = _Item(number, value)
        return item

    def extend(self, line: str) -> None:
        """Add a wrapped line to the item it continues."""
        assert self.last is not None
        self.last.wrapped.append(line.strip())

    def heading(self, number: int, match: re.Match[str]) -> None:
        self.where["heading"] = number
        self.round = unescape(match.group("round")) if match.group("round") else None
        self.heading_delta = bool(match.group("delta"))

    def read_line(self, number: int, line: str) -> None:
        if not line.strip():
            self.last = None
            if self.mode == "semver" and self.semver and self.semver[-1]:
                self.semver.append([])
            return
        kind = classify_line(line)
        if kind == "verdict":
            match = VERDICT.fullmatch(line)
            assert match is not None
            self.set_value("verdict", number, match.group("verdict"))
            self.mode, self.last = "footer", None
        elif kind == "record_written":
            match = RECORD_WRITTEN.fullmatch(line)
            assert match is not None
            self.set_value("record_written", number, _record_time(match.group("rest")))
            self.mode = "end"
        elif kind == "footer":
            key, value = _key_of(line) or ("", "")
            self.last = self.set_value(_FOOTER_KEYS[key.casefold()], number, value)
            self.mode = "footer"
        elif kind == "section":
            self.section(number, line)
        elif kind in ("findings", "nits"):
            self.mode, self.last = kind, None
            self.lists.setdefault(kind, [])
        else:
            self.text(number, line)

    def section(self, number: int, line: str) -> None:
        match = SECTION.fullmatch(line)
        assert match is not None
        marker = match.group("num") or (match.group("title") or "").split()[0].lower()
        name = {"①": "judgments", "derived": "judgments", "②": "semver", "semver": "semver",
                "③": "boundary_flags", "boundary": "boundary_flags", "④": "design",
                "design": "design"}[marker]
        if name in self.where:
            self.problem(number, f"a second {quote(line.strip())} section "
                                 f"(the first is line {self.where[name]})")
        self.where.setdefault(name, number)
        self.mode, self.last = name, None
        self.lists.setdefault(name, [])

    def text(self, number: int, line: str) -> None:
        if self.mode == "header":
            self.header_line(number, line)
        elif self.mode == "semver":
            if not self.semver:
                self.semver.append([])
            self.semver[-1].append(line.strip())
        elif self.mode in ("judgments", "boundary_flags", "design", "findings", "nits"):
            self.list_line(number, line)
        elif self.mode == "footer" and self.last is not None:
            self.extend(line)
        elif self.mode == "footer":
            self.problem(number, f"unexpected text among the signature lines: "
                                 f"{quote(line.strip())}")

    def header_line(self, number: int, line: str) -> None:
        key_value = _key_of(line)
        if key_value is None:
            if self.last is not None:
                self.extend(line)
                return
            self.problem(number, f"not a `Key: value` header line: {quote(line.strip())}")
            return
        key, value = key_value
        known = next((name for name, label in HEADER_KEYS.items()
                      if label.casefold() == key.casefold()), None)
        if known:
            self.last = self.set_value(known, number, value)
            return
        self.last = _Item(number, value)
        self.extra.append(self.last)
        self.extra_keys.append(key)

    def list_line(self, number: int, line: str) -> None:
        bullet = BULLET.fullmatch(line)
        if bullet:
            self.last = _Item(number, bullet.group("text").rstrip(_BLANKS))
            self.lists[self.mode].append(self.last)
        elif self.last is not None:
            self.extend(line)
        elif not NONE_MARK.fullmatch(line.strip()):
            self.problem(number, f"expected a bullet under {self.mode.replace('_', ' ')}: "
                                 f"{quote(line.strip())}")


def _judgments(reader: _Reader) -> list[Judgment]:
    found = []
    for index, item in enumerate(reader.lists.get("judgments", [])):
        reader.where[f"judgments[{index}]"] = item.line
        end = split_result(item.text)
        if end is not None:
            found.append(Judgment(unescape(end[0]), end[1]))
            continue
        # Hand-written bullets may state the result mid-sentence ("TRUE; see should-fix 2"):
        # the last one counts. A bullet with none states no result.
        anywhere = JUDGMENT_ANY.findall(item.text)
        found.append(Judgment(unescape(item.text), anywhere[-1] if anywhere else None))
    return found


def _findings(reader: _Reader) -> list[ReviewFinding]:
    found: list[ReviewFinding] = []
    for kind in ("findings", "nits"):
        for item in reader.lists.get(kind, []):
            reader.where[f"findings[{len(found)}]"] = item.line
            graded = GRADED.fullmatch(item.text)
            if graded:
                found.append(ReviewFinding(graded.group("grade"), unescape(graded.group("text"))))
            elif kind == "nits":
                found.append(ReviewFinding("nit", unescape(item.text)))
            else:
                reader.problem(item.line, "a finding without its grade (must-fix, should-fix "
                                          f"or nit): {quote(unescape(item.text))}")
    return found


def _head(raw: str | None) -> tuple[str, str | None, bool]:
    """The Head-sha value split into the head, the delta-over sha, and whether the head sits
    in its own code span (the lint rule asks for one; hand-written copies may lack it)."""
    if raw is None:
        return "", None, False
    match = HEAD_VALUE.fullmatch(raw)
    if not match:
        return unescape(raw), None, False
    in_span = match.group("ticked") is not None
    head = match.group("ticked") if in_span else match.group("bare")
    return head.strip(), match.group("base"), in_span


def read_draft(text: str) -> Draft:
    """Read a record out of markdown; never raises. Text before the ``Contract review``
    heading (a byline) and after the ``Record written`` line is not part of the record."""
    # an over-long line is read as blank, never matched: no pattern sees more than the cap
    raw_lines = split_lines(text)
    lines = ["" if len(line) > MAX_LINE_CHARS else line for line in raw_lines]
    reader = _Reader()
    start = next((i for i, line in enumerate(lines) if HEADING.fullmatch(line)), None)
    if start is None:
        reader.problem(1, "no `## Contract review` heading")
    else:
        match = HEADING.fullmatch(lines[start])
        assert match is not None
        reader.heading(start + 1, match)
        for index in range(start + 1, len(lines)):
            if reader.mode == "end":
                break
            if len(raw_lines[index]) > MAX_LINE_CHARS:
                reader.problem(index + 1, f"a line of {len(raw_lines[index])} characters, over the "
                                          f"{MAX_LINE_CHARS} a record line may have: not read")
            reader.read_line(index + 1, lines[index])
    return _draft(reader, max((i + 1 for i, line in enumerate(lines) if line.strip()),
                              default=1))


def _draft(reader: _Reader, last_line: int) -> Draft:
    judgments, findings = _judgments(reader), _findings(reader)
    raw = {name: item.text for name, item in reader.values.items()}
    head, delta_over, head_in_code_span = _head(raw.get("head_sha"))
    where = reader.where
    for name in ("served_tier", "head_sha", "local_runs", "scope", "inputs_read"):
        if name not in where and "heading" in where:
            reader.problem(where["heading"], f"no `{HEADER_KEYS[name]}:` header line")
    if "semver" not in where and "heading" in where:
        reader.problem(where["heading"], "no `② Semver level` section")
    if "verdict" not in where and "heading" in where:
        reader.problem(last_line, "no `VERDICT: PASS|PASS (delta)|FAIL` line")
    values = {name: unescape(value) for name, value in raw.items()}
    review = ContractReview(
        served_tier=values.get("served_tier", ""), head_sha=head,
        local_runs=values.get("local_runs", ""), scope=values.get("scope", ""),
        inputs_read=values.get("inputs_read", ""),
        semver=unescape("\n\n".join(" ".join(p) for p in reader.semver if p)),
        verdict=values.get("verdict", ""), round=reader.round,
        delta_over=delta_over or None,
        extra_header=tuple(HeaderLine(key, unescape(item.text))
                           for key, item in zip(reader.extra_keys, reader.extra, strict=True)),
        judgments=tuple(judgments),
        boundary_flags=tuple(unescape(i.text) for i in reader.lists.get("boundary_flags", [])),
        design=tuple(unescape(i.text) for i in reader.lists.get("design", [])),
        findings=tuple(findings),
        implemented_by=values.get("implemented_by"), reviewed_by=values.get("reviewed_by"),
        landing_waits_on=values.get("landing_waits_on"),
        record_written=values.get("record_written"),
    )
    return Draft(review, dict(where), tuple(sorted(reader.problems)), head_in_code_span,
                 reader.heading_delta, last_line)


def parse_review(text: str, source: str = "the record") -> ContractReview:
    """The model of a markdown record, or RecordError listing each problem with its line."""
    draft = read_draft(text)
    problems = [f"line {line}: {message}" for line, message in draft.problems]
    review = draft.review
    for name, value in (("head_sha", review.head_sha), ("delta_over", review.delta_over)):
        if value is not None and "head_sha" in draft.where and not is_hex_sha(value):
            problems.append(f"line {draft.where['head_sha']}: {name.replace('_', ' ')} must be "
                            f"7–40 hex digits, found {quote(value)}")
    for name in REQUIRED_TEXT:
        if name in draft.where and not getattr(review, name):
            problems.append(f"line {draft.where[name]}: {name.replace('_', ' ')} is empty")
    if review.record_written is not None and not ISO_TIME.fullmatch(review.record_written):
        problems.append(f"line {draft.where['record_written']}: record time "
                        f"{quote(review.record_written)} is not an ISO time with a zone")
    if problems:
        raise RecordError(problems, source, f"write the record in this shape:\n{EXAMPLE}")
    return review
