"""What a gate returns: findings, each naming its rule, where it was seen and its remedy.

One model for every gate, so text, JSON, annotations and the step summary render the same
objects (docs/reference/exit-codes.md, docs/how-to/gates.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

QUOTE_LIMIT = 160


class Rule(Enum):
    """Every rule a gate enforces; the value is the sentence a reader sees as the title."""

    DECLARATION_MISSING = "a required declaration line is missing"
    DECLARATION_REPEATED = "a declaration appears more than once in one carrier"
    DECLARATION_MALFORMED = "a declaration line is malformed"
    DECLARATION_DIFFERS = "a declaration differs between carriers"
    CHANGESET_UNREADABLE = "a changeset cannot be read"
    CHANGESET_EMPTY = "an added changeset releases nothing"
    CHANGESET_MISSING = "a touched published package has no changeset"
    CHANGESET_LEVEL = "a changeset grades a package below what the declaration owes"
    CHANGESET_MAJOR = "a major release is newly introduced"
    CHANGESET_BREAKING = "a breaking change is not spelled out in full"
    RELEASE_OWNED = "a release-owned page is changed"
    TRAILER_FORBIDDEN = "a commit message carries a forbidden line"
    SIZE = "the pull request is too large for an automatic merge"
    GOVERNED = "a governed path changed without a contract review on the current head"

    @property
    def slug(self) -> str:
        """The stable identifier used in JSON (``declaration-missing``)."""
        return self.name.lower().replace("_", "-")


@dataclass(frozen=True)
class Finding:
    """One broken rule: what, where, and what to do about it."""

    rule: Rule
    message: str
    remedy: str
    key: str | None = None
    """The declaration key or package the finding is about, when there is one."""
    carrier: str | None = None
    """Where it was seen: ``PR body``, a repo-relative path, or ``commit <sha>``."""
    line: int | None = None
    """1-based line in the carrier, when the finding is about one line."""
    carrier_is_file: bool = False
    """Whether ``carrier`` is a path in the repository (annotations then name the file)."""

    @property
    def file(self) -> str | None:
        return self.carrier if self.carrier_is_file else None

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule.slug, "key": self.key, "carrier": self.carrier,
                "line": self.line, "message": self.message, "remedy": self.remedy}


def quote_line(text: str) -> str:
    """A line as findings quote it: whitespace collapsed, cut at 160 characters with ``…``."""
    collapsed = " ".join(text.split())
    if len(collapsed) <= QUOTE_LIMIT:
        return collapsed
    return collapsed[: QUOTE_LIMIT - 1] + "…"


@dataclass(frozen=True)
class GateResult:
    """A gate's verdict on one PR: its findings, and the facts it judged (for JSON)."""

    gate: str
    findings: tuple[Finding, ...]
    details: dict[str, Any]
    """What the gate read, e.g. the range of commits or the counted lines."""

    @property
    def passed(self) -> bool:
        return not self.findings

    def to_json(self) -> dict[str, Any]:
        return {"judged": True, "gate": self.gate, "passed": self.passed,
                "findings": [finding.to_json() for finding in self.findings],
                "details": self.details}
