"""The contract-review record of docs/how-to/review-records.md as frozen dataclasses, with the
values its fields allow and the ``RecordError`` either reader raises on a malformed record."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from govern.core.errors import GovernError

GRADES = ("must-fix", "should-fix", "nit")
RESULTS = ("TRUE", "FALSE", "NOT MEASURED")
VERDICTS = ("PASS", "PASS (delta)", "FAIL")
REQUIRED_TEXT = ("served_tier", "local_runs", "scope", "inputs_read", "semver")


class RecordError(GovernError):
    """A review record (YAML or markdown) is malformed: judged input, so exit 1
    (docs/reference/exit-codes.md)."""

    exit_code = 1

    def __init__(self, problems: Sequence[str], source: str, remedy: str) -> None:
        self.problems = tuple(problems)
        listed = "\n".join(f"  - {problem}" for problem in problems)
        super().__init__(f"{source} is not a valid contract-review record:\n{listed}", remedy)


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
class ReviewFinding:
    """A reviewer's finding in a contract-review record; nits are findings of grade ``nit``.
    (A gate's finding is ``govern.core.findings.Finding``; a lint's, ``LintFinding``.)"""

    grade: str
    """``must-fix``, ``should-fix`` or ``nit``."""
    text: str


@dataclass(frozen=True)
class ContractReview:
    """One record, with exactly the keys of docs/how-to/review-records.md table."""

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
    findings: tuple[ReviewFinding, ...] = ()
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
