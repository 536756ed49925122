"""Contract-review records (DESIGN §10): a reviewer's verdict on a PR head, as one comment.

One model (frozen dataclasses) with one YAML/JSON reader, one markdown renderer (a template),
one markdown reader that also accepts hand-written records, the linter, and ``locate_review``
which picks the record that judges a PR head out of comments already fetched. No I/O here.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import Enum
from typing import Any, Protocol

import yaml

from govern.declarations import split_lines
from govern.errors import GovernError

GRADES = ("must-fix", "should-fix", "nit")
RESULTS = ("TRUE", "FALSE", "NOT MEASURED")
VERDICTS = ("PASS", "PASS (delta)", "FAIL")
TRUSTED_ASSOCIATIONS = ("OWNER", "MEMBER", "COLLABORATOR")
TEMPLATE = "contract-review.md.j2"

# The header keys govern reads, by field; anything else in the header is kept in extra_header.
HEADER_KEYS = {
    "served_tier": "Served-tier",
    "head_sha": "Head-sha",
    "local_runs": "Local-runs",
    "scope": "Scope",
    "inputs_read": "Inputs read",
}
SIGNATURE_KEYS = {"implemented_by": "Implemented-by", "reviewed_by": "Reviewed-by"}
REQUIRED_TEXT = ("served_tier", "local_runs", "scope", "inputs_read", "semver")
LIST_SECTIONS = {"judgments": "① Derived judgments", "boundary_flags": "③ Boundary flags",
                 "design": "④ Design judgment"}
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


class RecordError(GovernError):
    """A review record (YAML or markdown) is malformed: judged input, so exit 1 (DESIGN §2)."""

    exit_code = 1

    def __init__(self, problems: Sequence[str], source: str, remedy: str) -> None:
        self.problems = tuple(problems)
        listed = "\n".join(f"  - {problem}" for problem in problems)
        super().__init__(f"{source} is not a valid contract-review record:\n{listed}", remedy)


# ---------------------------------------------------------------------------------------------
# The model


@dataclass(frozen=True)
class HeaderLine:
    """A free header line kept verbatim: ``<key>: <value>``."""

    key: str
    value: str


@dataclass(frozen=True)
class Judgment:
    """One ① bullet: a claim and what the reviewer found it to be."""

    claim: str
    result: str | None
    """``TRUE``, ``FALSE``, ``NOT MEASURED``, or None when the bullet states no result (real
    records have such bullets); then the claim names no result either, so a render reads back
    the same."""


@dataclass(frozen=True)
class Finding:
    """A finding; nits are findings of grade ``nit``."""

    grade: str
    """``must-fix``, ``should-fix`` or ``nit``."""
    text: str


@dataclass(frozen=True)
class ContractReview:
    """One record, with exactly the keys of DESIGN §10's table."""

    served_tier: str
    head_sha: str
    """The reviewed head, 7–40 hex digits."""
    local_runs: str
    scope: str
    inputs_read: str
    semver: str
    """Paragraphs separated by one blank line."""
    verdict: str
    """``PASS``, ``PASS (delta)`` or ``FAIL``."""
    round: str | None = None
    delta_over: str | None = None
    """The head an earlier full review judged, when this record reviews only the delta."""
    extra_header: tuple[HeaderLine, ...] = ()
    judgments: tuple[Judgment, ...] = ()
    boundary_flags: tuple[str, ...] = ()
    design: tuple[str, ...] = ()
    findings: tuple[Finding, ...] = ()
    implemented_by: str | None = None
    reviewed_by: str | None = None
    landing_waits_on: str | None = None
    record_written: str | None = None
    """An ISO time with a zone, as written (``2026-11-06T18:35Z``)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "delta_over": self.delta_over,
            "served_tier": self.served_tier,
            "head_sha": self.head_sha,
            "local_runs": self.local_runs,
            "scope": self.scope,
            "inputs_read": self.inputs_read,
            "extra_header": [{"key": h.key, "value": h.value} for h in self.extra_header],
            "judgments": [{"claim": j.claim, "result": j.result} for j in self.judgments],
            "semver": self.semver,
            "boundary_flags": list(self.boundary_flags),
            "design": list(self.design),
            "findings": [{"grade": f.grade, "text": f.text} for f in self.findings],
            "implemented_by": self.implemented_by,
            "reviewed_by": self.reviewed_by,
            "verdict": self.verdict,
            "landing_waits_on": self.landing_waits_on,
            "record_written": self.record_written,
        }


# ---------------------------------------------------------------------------------------------
# Shapes shared by the readers and the linter

HEX_SHA = re.compile(r"[0-9a-fA-F]{7,40}")
ISO_TIME = re.compile(
    r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})"
)
ROUND = re.compile(r"[0-9A-Za-z][0-9A-Za-z._-]{0,19}")
HEADER_KEY = re.compile(r"[A-Za-z][A-Za-z0-9 _-]{0,39}")
# Model-id shapes (claude-…, gpt-4o, gemini-1.5-pro): a served tier names a tier, never a model,
# so a record does not leak which model served it.
MODEL_FAMILY = re.compile(
    r"(?i)^(claude|gpt|gemini|llama|mistral|mixtral|codestral|opus|sonnet|haiku|gpt\d.*|o\d)$"
)


def is_hex_sha(value: str) -> bool:
    return HEX_SHA.fullmatch(value) is not None


def is_null_sha(value: str) -> bool:
    """The all-zero placeholder git and GitHub use for "no commit"."""
    return is_hex_sha(value) and set(value) == {"0"}


def is_on_head(record_sha: str, head: str) -> bool:
    """A record judges ``head`` when its Head-sha abbreviates it (or the reverse for a short
    ``--head``); both must be at least 7 hex digits so an empty or tiny prefix never matches."""
    a, b = record_sha.lower(), head.lower()
    return is_hex_sha(a) and is_hex_sha(b) and (b.startswith(a) or a.startswith(b))


def is_model_id(token: str) -> bool:
    return any(MODEL_FAMILY.match(part) for part in re.split(r"[^0-9A-Za-z]+", token) if part)


def collapse(text: str) -> str:
    """One line, single spaces: the canonical form of every free-text field but ``semver``."""
    return " ".join(text.split())


def collapse_paragraphs(text: str) -> str:
    paragraphs = (collapse(p) for p in re.split(r"\n[ \t]*\n", text.replace("\r\n", "\n")))
    return "\n\n".join(p for p in paragraphs if p)


def quote(text: str, limit: int = 80) -> str:
    """Untrusted text as a JSON string literal (control characters escaped), cut at ``limit``."""
    cut = text if len(text) <= limit else text[: limit - 1] + "…"
    return json.dumps(cut, ensure_ascii=False)


# ---------------------------------------------------------------------------------------------
# YAML / JSON reader


class _StringsLoader(yaml.SafeLoader):
    """YAML with only ``null`` resolved implicitly: an all-digit sha stays a string and a record
    time stays the text the reviewer wrote, instead of becoming an int or a datetime."""


_StringsLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag == "tag:yaml.org,2002:null"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}

YAML_REMEDY = ("fix the keys named above (the README lists every key); the smallest valid "
               "record is:\nserved_tier: standard\nhead_sha: 1a2b3c4d\nlocal_runs: none\n"
               "scope: src/app.py\ninputs_read: the PR\nsemver: patch\nverdict: PASS")
OPTIONAL_DEFAULTS: dict[str, Any] = {
    "round": None, "delta_over": None, "extra_header": [], "judgments": [],
    "boundary_flags": [], "design": [], "findings": [], "implemented_by": None,
    "reviewed_by": None, "landing_waits_on": None, "record_written": None,
}


MISSING = object()
"""A required key that is absent: reported once as ``required``, not again for its type."""


class _Problems:
    """Collects ``dotted.key: problem`` messages while a mapping is converted."""

    def __init__(self) -> None:
        self.items: list[str] = []

    def add(self, path: str, problem: str) -> None:
        self.items.append(f"{path}: {problem}")

    def text(self, path: str, value: Any, *, nullable: bool = False,
             paragraphs: bool = False) -> str | None:
        if value is MISSING or (value is None and nullable):
            return None
        if not isinstance(value, str):
            self.add(path, "must be a string" + (" or null" if nullable else ""))
            return None
        normal = collapse_paragraphs(value) if paragraphs else collapse(value)
        if not normal:
            self.add(path, "must not be empty")
        return normal

    def choice(self, path: str, value: Any, allowed: Sequence[str]) -> str | None:
        if value is MISSING:
            return None
        if value not in allowed:
            self.add(path, f"must be one of {', '.join(allowed)}; found {quote(str(value))}")
            return None
        return str(value)

    def shaped(self, path: str, value: Any, shape: re.Pattern[str], expected: str,
               *, nullable: bool = False) -> str | None:
        text = self.text(path, value, nullable=nullable)
        if text and not shape.fullmatch(text):
            self.add(path, f"must be {expected}; found {quote(text)}")
        return text

    def items_of(self, path: str, value: Any) -> list[Any]:
        if not isinstance(value, list):
            self.add(path, "must be a list")
            return []
        return value

    def mapping(self, path: str, value: Any, allowed: Sequence[str],
                required: Sequence[str] | None = None) -> dict[str, Any]:
        """``value`` as a mapping; unknown and missing keys are problems."""
        prefix = f"{path}." if path else ""
        required = allowed if required is None else required
        if not isinstance(value, dict):
            self.add(path or "record", f"must be a mapping with the keys {', '.join(required)}")
            return {}
        for key in value:
            if key not in allowed:
                self.add(f"{prefix}{key}", "unknown key")
        for key in required:
            if key not in value:
                self.add(f"{prefix}{key}", "required")
        return value


def _header_line(problems: _Problems, path: str, item: Any) -> HeaderLine:
    raw = problems.mapping(path, item, ("key", "value"))
    key = problems.shaped(f"{path}.key", raw.get("key", MISSING), HEADER_KEY,
                          "a short key of letters, digits, spaces, `-` or `_`")
    if key and key.casefold().startswith(RESERVED_KEY_PREFIXES):
        problems.add(f"{path}.key", f"{quote(key)} is a line govern reads; use its own field")
    return HeaderLine(key or "", problems.text(f"{path}.value", raw.get("value", MISSING)) or "")


def _judgment(problems: _Problems, path: str, item: Any) -> Judgment:
    raw = problems.mapping(path, item, ("claim", "result"))
    claim = problems.text(f"{path}.claim", raw.get("claim", MISSING)) or ""
    result = raw.get("result", MISSING)
    if result is None:
        if JUDGMENT_ANY.search(claim):
            problems.add(f"{path}.result", "is null but the claim names a result; set it")
        return Judgment(claim, None)
    return Judgment(claim, problems.choice(f"{path}.result", result, RESULTS) or "")


def _finding(problems: _Problems, path: str, item: Any) -> Finding:
    raw = problems.mapping(path, item, ("grade", "text"))
    return Finding(problems.choice(f"{path}.grade", raw.get("grade", MISSING), GRADES) or "",
                   problems.text(f"{path}.text", raw.get("text", MISSING)) or "")


def review_from_data(data: Any, source: str) -> ContractReview:
    """Build a model from parsed YAML or JSON (the keys of ``to_json``), normalising free text
    to its canonical form, or raise RecordError naming every bad key."""
    problems = _Problems()
    required = (*REQUIRED_TEXT, "head_sha", "verdict")
    values = {**OPTIONAL_DEFAULTS,
              **problems.mapping("", data, (*required, *OPTIONAL_DEFAULTS), required)}
    texts = {name: problems.text(name, values.get(name, MISSING), paragraphs=name == "semver")
             for name in REQUIRED_TEXT}
    review = ContractReview(
        **{name: text or "" for name, text in texts.items()},
        head_sha=problems.shaped("head_sha", values.get("head_sha", MISSING), HEX_SHA,
                                 "7–40 hex digits") or "",
        verdict=problems.choice("verdict", values.get("verdict", MISSING), VERDICTS) or "",
        round=problems.shaped("round", values["round"], ROUND,
                              "a short token of letters, digits, `.`, `_` or `-`",
                              nullable=True),
        delta_over=problems.shaped("delta_over", values["delta_over"], HEX_SHA,
                                   "7–40 hex digits", nullable=True),
        extra_header=tuple(_header_line(problems, f"extra_header[{i}]", item) for i, item in
                           enumerate(problems.items_of("extra_header", values["extra_header"]))),
        judgments=tuple(_judgment(problems, f"judgments[{i}]", item) for i, item in
                        enumerate(problems.items_of("judgments", values["judgments"]))),
        boundary_flags=tuple(problems.text(f"boundary_flags[{i}]", item) or "" for i, item in
                             enumerate(problems.items_of("boundary_flags",
                                                         values["boundary_flags"]))),
        design=tuple(problems.text(f"design[{i}]", item) or "" for i, item in
                     enumerate(problems.items_of("design", values["design"]))),
        # Nits render after the numbered findings, so the canonical order puts them last.
        findings=tuple(sorted(
            (_finding(problems, f"findings[{i}]", item) for i, item in
             enumerate(problems.items_of("findings", values["findings"]))),
            key=lambda finding: finding.grade == "nit")),
        implemented_by=problems.text("implemented_by", values["implemented_by"], nullable=True),
        reviewed_by=problems.text("reviewed_by", values["reviewed_by"], nullable=True),
        landing_waits_on=problems.text("landing_waits_on", values["landing_waits_on"],
                                       nullable=True),
        record_written=problems.shaped("record_written", values["record_written"], ISO_TIME,
                                       "an ISO time with a zone, e.g. 2026-11-06T18:35Z",
                                       nullable=True),
    )
    if problems.items:
        raise RecordError(problems.items, source, YAML_REMEDY)
    return review


def parse_review_yaml(text: str, source: str = "the YAML record") -> ContractReview:
    """The model written as YAML (or JSON, which is YAML)."""
    try:
        data = yaml.load(text, Loader=_StringsLoader)  # noqa: S506 - a SafeLoader subclass
    except yaml.YAMLError as exc:
        raise RecordError([f"not valid YAML ({collapse(str(exc))})"], source, YAML_REMEDY) from None
    return review_from_data(data, source)


# ---------------------------------------------------------------------------------------------
# Markdown renderer


def _inert_line(rendered: str, prefix: str = "") -> str:
    """A line starting with escaped free text (a semver paragraph, a bullet). If the reader
    would take it for structure (a verdict, a signature, a section heading), its first
    character becomes a character reference: the line shows the same text, and free text can
    no longer forge a line of the record."""
    if not rendered or _classify(prefix + rendered) == "text":
        return prefix + rendered
    return f"{prefix}&#{ord(rendered[0])};{rendered[1:]}"


def render_review(review: ContractReview) -> str:
    """The record as GitHub markdown, every free text made inert by the template's filters."""
    from govern.render import environment  # jinja2 costs ~90 ms: only the commands that render

    env = environment()
    escape = env.filters["md"]
    env.filters["line"] = lambda text, prefix="": _inert_line(escape(text), prefix)
    return env.get_template(TEMPLATE).render(
        r=review,
        numbered=[f for f in review.findings if f.grade != "nit"],
        nits=[f for f in review.findings if f.grade == "nit"],
        lists=[(title, getattr(review, name)) for name, title in LIST_SECTIONS.items()
               if name != "judgments"],
    )


# ---------------------------------------------------------------------------------------------
# Markdown reader (renders and hand-written records alike)

_DECOR_OPEN = r"[ \t]*(?:>[ \t]?)?(?:[-*+][ \t]+)?"
HEADING = re.compile(
    r"[ \t]*(?:#{1,6}[ \t]+)?(?:\*\*)?(?i:contract review)"
    r"(?:[ \t]*[—–-]+[ \t]*(?i:round)[ \t]+(?P<round>[^\s·*]+))?"
    r"(?P<delta>[ \t]*·[ \t]*(?i:delta))?(?:\*\*)?[ \t]*:?[ \t]*"
)
SECTION = re.compile(
    r"[ \t]*(?:#{1,6}[ \t]+)?(?:\*\*)?(?:(?P<num>[①②③④]).*?"
    r"|(?P<title>(?i:derived judgments?|semver level|boundary flags?|design judgments?)))"
    r"(?:\*\*)?[ \t]*:?[ \t]*"
)
FINDINGS = re.compile(r"[ \t]*(?:#{1,6}[ \t]+)?(?:\*\*)?Findings\b.*")
NITS = re.compile(r"[ \t]*(?:#{1,6}[ \t]+)?(?:\*\*)?Nits?(?:\*\*)?:?(?:\*\*)?[ \t]*")
VERDICT = re.compile(
    _DECOR_OPEN + r"(?:\*\*)?(?i:verdict)(?:\*\*)?[ \t]*:[ \t]*(?:\*\*)?[ \t]*"
    r"(?P<verdict>PASS \(delta\)|PASS|FAIL)[ \t]*(?:\*\*)?[ \t]*\.?[ \t]*"
)
RECORD_WRITTEN = re.compile(
    _DECOR_OPEN + r"(?:\*\*)?(?i:record written)(?:\*\*)?[ \t]+(?P<time>.*?)\.?(?:\*\*)?[ \t]*"
)
KEY_LINE = re.compile(
    _DECOR_OPEN + r"(?:\*\*(?P<k1>[A-Za-z][A-Za-z0-9 _-]{0,39})(?:\*\*:|:\*\*)"
    r"|`(?P<k2>[A-Za-z][A-Za-z0-9 _-]{0,39})(?:`:|:`)"
    r"|(?P<k3>[A-Za-z][A-Za-z0-9 _-]{0,39}):)[ \t]*(?P<value>.*?)[ \t]*"
)
BULLET = re.compile(r"[ \t]*(?:[-*+•]|\d{1,3}[.)])[ \t]+(?P<text>.*?)[ \t]*")
HEAD_VALUE = re.compile(
    r"(?:(?P<fence>`+) ?(?P<ticked>[^`]*?) ?(?P=fence)|(?P<bare>[^\s`(]+))"
    r"(?:[ \t]*\((?i:delta over the reviewed head)[ \t]+`?(?P<base>[^`\s)]*)`?[ \t]*\))?[ \t]*"
)
JUDGMENT_END = re.compile(
    r"(?P<claim>.*?)[ \t]*(?:\*\*|__)?(?<![A-Za-z0-9_\\])(?P<result>TRUE|FALSE|NOT MEASURED)"
    r"(?:\*\*|__)?\.?[ \t]*"
)
JUDGMENT_ANY = re.compile(r"(?<![A-Za-z0-9_\\])(TRUE|FALSE|NOT MEASURED)(?![A-Za-z0-9_])")
GRADED = re.compile(r"(?P<grade>must-fix|should-fix|nit)\b[ \t]*(?:[—–:-][ \t]*)?(?P<text>.*)")
NONE_MARK = re.compile(r"(?i)_?none\.?_?")
_ESCAPED = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|~>])|&(amp|lt|gt|#\d{1,7});|@\u200b")
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
        return "@"

    return _ESCAPED.sub(one, text)


def _key_of(line: str) -> tuple[str, str] | None:
    match = KEY_LINE.fullmatch(line)
    if not match:
        return None
    key = match.group("k1") or match.group("k2") or match.group("k3")
    return " ".join(key.split()), match.group("value")


def _classify(line: str) -> str:
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
    """A bullet or key line being read, with the line it started on; continuation lines are
    appended to ``text`` (and to the field's value when ``field`` names one)."""

    line: int
    text: str
    field: str | None = None


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
    values: dict[str, str] = field(default_factory=dict)
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
        self.values[name] = value
        return _Item(number, value, name)

    def extend(self, line: str) -> None:
        """Append a wrapped line to the item it continues."""
        assert self.last is not None
        self.last.text += " " + line.strip()
        if self.last.field:
            self.values[self.last.field] = self.last.text

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
        kind = _classify(line)
        if kind == "verdict":
            match = VERDICT.fullmatch(line)
            assert match is not None
            self.set_value("verdict", number, match.group("verdict"))
            self.mode, self.last = "footer", None
        elif kind == "record_written":
            match = RECORD_WRITTEN.fullmatch(line)
            assert match is not None
            self.set_value("record_written", number, match.group("time"))
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
            self.last = _Item(number, bullet.group("text"))
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
        end = JUDGMENT_END.fullmatch(item.text)
        if end and end.group("claim"):
            found.append(Judgment(unescape(end.group("claim")), end.group("result")))
            continue
        # Hand-written bullets may state the result mid-sentence ("TRUE; see should-fix 2"):
        # the last one counts. A bullet with none states no result.
        anywhere = JUDGMENT_ANY.findall(item.text)
        found.append(Judgment(unescape(item.text), anywhere[-1] if anywhere else None))
    return found


def _findings(reader: _Reader) -> list[Finding]:
    found = []
    for kind in ("findings", "nits"):
        for item in reader.lists.get(kind, []):
            reader.where[f"findings[{len(found)}]"] = item.line
            graded = GRADED.fullmatch(item.text)
            if graded:
                found.append(Finding(graded.group("grade"), unescape(graded.group("text"))))
            elif kind == "nits":
                found.append(Finding("nit", unescape(item.text)))
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
    lines = split_lines(text)
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
            reader.read_line(index + 1, lines[index])
    return _draft(reader, max((i + 1 for i, line in enumerate(lines) if line.strip()),
                              default=1))


def _draft(reader: _Reader, last_line: int) -> Draft:
    judgments, findings = _judgments(reader), _findings(reader)
    head, delta_over, head_in_code_span = _head(reader.values.get("head_sha"))
    where = reader.where
    for name in ("served_tier", "head_sha", "local_runs", "scope", "inputs_read"):
        if name not in where and "heading" in where:
            reader.problem(where["heading"], f"no `{HEADER_KEYS[name]}:` header line")
    if "semver" not in where and "heading" in where:
        reader.problem(where["heading"], "no `② Semver level` section")
    if "verdict" not in where and "heading" in where:
        reader.problem(last_line, "no `VERDICT: PASS|PASS (delta)|FAIL` line")
    values = {name: unescape(value) for name, value in reader.values.items()}
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


# ---------------------------------------------------------------------------------------------
# Linter


class Rule(Enum):
    """Each lint rule of DESIGN §10; the value is the sentence a reader sees."""

    MALFORMED = "the record does not read as a contract-review record"
    PASS_WITH_MUST_FIX = "a must-fix finding under a PASS verdict"
    PASS_WITH_FALSE = "a FALSE judgment under a PASS verdict"
    SAME_IDENTITY = "the same identity implemented and reviewed"
    NULL_SHA = "the null sha placeholder instead of a head"
    HEAD_SHAPE = "a head that is not 7–40 hex digits in its own code span"
    NOT_ON_HEAD = "a record not on the head being judged"
    DELTA_WITHOUT_BASE = "a delta record without the head it is a delta over"
    MISSING_SIGNATURE = "a missing signature line"
    MODEL_ID_TIER = "a served tier shaped like a model id"
    NO_RECORD_TIME = "no record time"


@dataclass(frozen=True)
class LintFinding:
    """One broken rule, at the record line that shows it."""

    rule: Rule
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
            yield LintFinding(Rule.PASS_WITH_MUST_FIX, draft.where[f"findings[{index}]"],
                              f"must-fix finding under VERDICT: {review.verdict}: "
                              f"{quote(finding.text)}",
                              "fix it and review again, or write VERDICT: FAIL")
    for index, judgment in enumerate(review.judgments):
        if judgment.result == "FALSE":
            yield LintFinding(Rule.PASS_WITH_FALSE, draft.where[f"judgments[{index}]"],
                              f"FALSE judgment under VERDICT: {review.verdict}: "
                              f"{quote(judgment.claim)}",
                              "a FALSE claim fails the review: write VERDICT: FAIL, or fix "
                              "the claim and review again")


def _identity(draft: Draft) -> Iterable[LintFinding]:
    review = draft.review
    missing = [label for name, label in SIGNATURE_KEYS.items() if not getattr(review, name)]
    if missing:
        yield LintFinding(Rule.MISSING_SIGNATURE,
                          draft.where.get("verdict", draft.last_line),
                          f"no {' and no '.join(f'`{label}:`' for label in missing)} line",
                          "sign the record above the verdict: `Implemented-by: <who wrote "
                          "the change>` and `Reviewed-by: <who reviewed it>`")
    elif collapse(review.implemented_by or "").casefold() == collapse(
            review.reviewed_by or "").casefold():
        yield LintFinding(Rule.SAME_IDENTITY, draft.where["reviewed_by"],
                          f"Implemented-by and Reviewed-by name the same identity "
                          f"{quote(review.reviewed_by or '')}",
                          "the review must come from another identity than the change")


def _head_findings(draft: Draft, head: str | None) -> Iterable[LintFinding]:
    review, line = draft.review, draft.where.get("head_sha")
    if line is None:  # a missing Head-sha line is a MALFORMED finding already
        return
    if is_null_sha(review.head_sha):
        yield LintFinding(Rule.NULL_SHA, line,
                          f"Head-sha is the null sha placeholder {quote(review.head_sha)}",
                          "write the sha of the head you reviewed: `git rev-parse HEAD`")
        return
    if not (is_hex_sha(review.head_sha) and draft.head_in_code_span):
        yield LintFinding(Rule.HEAD_SHAPE, line,
                          f"Head-sha must be 7–40 hex digits in its own code span, found "
                          f"{quote(review.head_sha)}",
                          "write it as Head-sha: `<sha>`")
    if head is not None and is_hex_sha(review.head_sha) and not is_on_head(review.head_sha,
                                                                            head):
        yield LintFinding(Rule.NOT_ON_HEAD, line,
                          f"the record is on {review.head_sha}, not on the head {quote(head)}",
                          "review the current head and write a new record (or a delta "
                          "record over the reviewed head)")


def _delta(draft: Draft) -> Iterable[LintFinding]:
    review = draft.review
    says_delta = draft.heading_delta or review.verdict == "PASS (delta)"
    if says_delta and review.delta_over is None:
        line = draft.where["heading"] if draft.heading_delta else draft.where["verdict"]
        yield LintFinding(Rule.DELTA_WITHOUT_BASE, line,
                          "a delta record that does not name the head it is a delta over",
                          "write Head-sha: `<head>` (delta over the reviewed head `<sha>`)")
    if review.delta_over is not None and not is_hex_sha(review.delta_over):
        yield LintFinding(Rule.HEAD_SHAPE, draft.where["head_sha"],
                          f"the delta-over head must be 7–40 hex digits, found "
                          f"{quote(review.delta_over)}",
                          "write it as (delta over the reviewed head `<sha>`)")


def _tier_and_time(draft: Draft) -> Iterable[LintFinding]:
    review = draft.review
    if is_model_id(review.served_tier):
        yield LintFinding(Rule.MODEL_ID_TIER, draft.where["served_tier"],
                          f"Served-tier names a model, not a tier: {quote(review.served_tier)}",
                          "write the tier token your seat was served (e.g. standard), "
                          "never a model id")
    if review.record_written is None:
        yield LintFinding(Rule.NO_RECORD_TIME, draft.where.get("verdict", draft.last_line),
                          "no `Record written <time>.` line",
                          "end the record with `Record written 2026-11-06T18:35Z.` (UTC)")
    elif not ISO_TIME.fullmatch(review.record_written):
        yield LintFinding(Rule.NO_RECORD_TIME, draft.where["record_written"],
                          f"record time {quote(review.record_written)} is not an ISO time "
                          "with a zone", "write it like 2026-11-06T18:35Z")


def lint_draft(draft: Draft, head: str | None = None) -> list[LintFinding]:
    """Every rule of DESIGN §10 over a read record, ordered by line."""
    found = [LintFinding(Rule.MALFORMED, line, message, f"write the record in this shape:\n"
                                                        f"{EXAMPLE}")
             for line, message in draft.problems]
    if "heading" in draft.where:
        for rule_set in (_pass_findings(draft), _identity(draft), _head_findings(draft, head),
                         _delta(draft), _tier_and_time(draft)):
            found.extend(rule_set)
    return sorted(found, key=lambda finding: finding.line)


def lint_review(text: str, head: str | None = None) -> list[LintFinding]:
    """Lint a markdown record; ``head`` (any abbreviation) is the commit it must be on."""
    return lint_draft(read_draft(text), head)


# ---------------------------------------------------------------------------------------------
# Locate


class CommentLike(Protocol):
    """What ``locate_review`` reads of a comment (``govern.github.Comment`` has it)."""

    @property
    def id(self) -> int: ...
    @property
    def login(self) -> str: ...
    @property
    def author_association(self) -> str: ...
    @property
    def body(self) -> str: ...
    @property
    def created_at(self) -> datetime: ...
    @property
    def html_url(self) -> str: ...


class State(Enum):
    """What ``review locate`` concluded, with its exit code."""

    FOUND = "found"
    ABSENT = "absent"
    UNSIGNED = "unsigned"
    UNREADABLE = "unreadable"

    @property
    def exit_code(self) -> int:
        return {"found": 0, "absent": 1, "unsigned": 1, "unreadable": 2}[self.value]


@dataclass(frozen=True)
class Located:
    """The record that judges a head, or why there is none."""

    state: State
    head: str
    review: ContractReview | None = None
    comment: CommentLike | None = None
    problems: tuple[str, ...] = ()
    """Why the newest record on the head is ``unsigned`` (missing signatures, parse errors)."""
    ignored: tuple[str, ...] = ()
    """Records passed over, each with the reason (untrusted author, another head)."""

    def to_json(self) -> dict[str, Any]:
        comment = self.comment
        return {
            "state": self.state.value,
            "head": self.head,
            "comment": None if comment is None else {
                "id": comment.id, "url": comment.html_url, "author": comment.login,
                "created_at": comment.created_at.isoformat()},
            "record": None if self.review is None else self.review.to_json(),
            "problems": list(self.problems),
            "ignored": list(self.ignored),
        }


def is_trusted(comment: CommentLike, trusted_authors: Sequence[str]) -> bool:
    """``review.trusted_authors`` when configured (logins compare case-insensitively, as on
    GitHub), else the repository's owners, members and collaborators."""
    if trusted_authors:
        return comment.login.casefold() in {login.casefold() for login in trusted_authors}
    return comment.author_association in TRUSTED_ASSOCIATIONS


def _describe(comment: CommentLike) -> str:
    return f"comment {comment.id} by {quote(comment.login)} at {comment.created_at.isoformat()}"


def locate_review(comments: Iterable[CommentLike], head: str,
                  trusted_authors: Sequence[str] = ()) -> Located:
    """The newest (by ``created_at``) record from a trusted author whose Head-sha abbreviates
    ``head``, among comments of the PR and of the issues it closes.

    A record by anyone else is ignored and said so: a PR author must not be able to approve
    their own head by posting a record. The newest record on the head decides: if it is not a
    signed, well-formed record the state is ``unsigned``, never an older record's verdict.
    """
    ignored: list[str] = []
    candidates: list[tuple[CommentLike, Draft]] = []
    for comment in sorted(comments, key=lambda c: (c.created_at, c.id)):
        draft = read_draft(comment.body)
        if "heading" not in draft.where:
            continue
        if not is_trusted(comment, trusted_authors):
            ignored.append(f"{_describe(comment)}: not a trusted author "
                           f"(author_association {comment.author_association})")
        elif not is_on_head(draft.review.head_sha, head):
            ignored.append(f"{_describe(comment)}: on {quote(draft.review.head_sha)}, "
                           f"not on the head {head}")
        else:
            candidates.append((comment, draft))
    if not candidates:
        return Located(State.ABSENT, head, ignored=tuple(ignored))
    comment, draft = candidates[-1]
    ignored.extend(f"{_describe(older)}: an older record on the same head"
                   for older, _ in candidates[:-1])
    problems = [f"line {line}: {message}" for line, message in draft.problems]
    problems.extend(f"line {f.line}: {f.message}" for f in _identity(draft)
                    if f.rule is Rule.MISSING_SIGNATURE)
    state = State.UNSIGNED if problems else State.FOUND
    return Located(state, head, draft.review, comment, tuple(problems), tuple(ignored))


# ---------------------------------------------------------------------------------------------
# The check-runs line

CHECK_OUTCOMES = ("success", "failure", "skipped", "neutral", "cancelled", "timed_out",
                  "action_required", "in_progress", "queued")


def count_check_runs(runs: Iterable[tuple[str, str | None]]) -> dict[str, int]:
    """Count ``(status, conclusion)`` pairs: a completed run by its conclusion, any other by
    its status. DESIGN's outcomes come first in its order, then any other value GitHub sends
    (``stale``, ``waiting``, …) alphabetically, so every run is counted somewhere."""
    counts: dict[str, int] = {}
    for status, conclusion in runs:
        outcome = conclusion if status == "completed" and conclusion else status
        counts[outcome] = counts.get(outcome, 0) + 1
    others = sorted(outcome for outcome in counts if outcome not in CHECK_OUTCOMES)
    return {outcome: counts[outcome] for outcome in (*CHECK_OUTCOMES, *others)
            if outcome in counts}


def render_check_runs_line(sha: str, counts: Mapping[str, int], at: datetime) -> str:
    """``Check-runs on <sha7> at <time>: <n> total, <a> success, …``; zero counts are left
    out except the total. ``at`` is shown in UTC to the minute, as records write times."""
    moment = at.astimezone(UTC).strftime("%Y-%m-%dT%H:%MZ")
    parts = [f"{sum(counts.values())} total",
             *(f"{count} {outcome}" for outcome, count in counts.items() if count)]
    return f"Check-runs on {sha[:7]} at {moment}: {', '.join(parts)}"
