"""The YAML (and JSON) reader: a record written as keys, checked key by key into the model, or a
``RecordError`` naming every bad key by its dotted path."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import yaml

from govern.core.errors import PayloadError
from govern.core.json_input import DepthLimitedComposer, NestingError
from govern.review.markdown_reader import JUDGMENT_ANY, RESERVED_KEY_PREFIXES
from govern.review.model import (
    GRADES,
    REQUIRED_TEXT,
    RESULTS,
    VERDICTS,
    ContractReview,
    HeaderLine,
    Judgment,
    RecordError,
    ReviewFinding,
)
from govern.review.shapes import (
    HEADER_KEY,
    HEX_SHA,
    ISO_TIME,
    ROUND,
    collapse,
    collapse_paragraphs,
    quote,
)


class _StringsLoader(DepthLimitedComposer, yaml.SafeLoader):
    """YAML with only ``null`` resolved implicitly: an all-digit sha stays a string and a record
    time stays the text the reviewer wrote, instead of becoming an int or a datetime. Nesting
    is bounded (issue 13): a record is a few levels deep."""


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


MAX_EXPANDED_CHARS = 1_000_000
"""Characters of values a record may expand to when its aliases are written out, unless the
file itself is longer. A rendered record is one comment (65,536 characters at most), so no
honest record comes near; and without aliases a value is never longer than its text."""
NOT_A_RECORD = ("a contract-review record is a flat set of keys; pass the record, not a "
                "generated document")

MISSING = object()
"""A required key that is absent: reported once as ``required``, not again for its type."""


def expanded_size(value: Any) -> int:
    """Characters (and items) ``value`` holds with every alias written out: what ``str`` of it
    goes through. Each container is summed once (by identity, without recursion), so the count
    stays linear in the file however the anchors nest; a container met again inside itself
    (``&x [*x]``) adds nothing, as ``str`` prints it ``[...]``."""
    sizes: dict[int, int] = {}
    open_ids: set[int] = set()
    stack: list[tuple[Any, bool]] = [(value, False)]
    while stack:
        node, children_done = stack.pop()
        if not isinstance(node, list | tuple | set | dict):
            continue
        children = [*node.keys(), *node.values()] if isinstance(node, dict) else list(node)
        if children_done:
            sizes[id(node)] = len(children) + sum(
                sizes.get(id(child), 0) if isinstance(child, list | tuple | set | dict)
                else len(child) if isinstance(child, str | bytes) else 1
                for child in children)
            open_ids.discard(id(node))
        elif id(node) not in sizes and id(node) not in open_ids:
            open_ids.add(id(node))
            stack.append((node, True))
            stack.extend((child, False) for child in children)
    return sizes.get(id(value), len(value) if isinstance(value, str | bytes) else 1)


class _Problems:
    """Collects ``dotted.key: problem`` messages while a mapping is converted, and counts the
    characters of the values it reads against ``budget``. PyYAML shares one object per anchor,
    so ``S`` aliases of an ``S``-word scalar are ``S²`` characters to collapse and render from
    a file of ``S`` lines (or exponential, with anchors of anchors): past the budget the record
    is refused (exit 2) before more is read."""

    def __init__(self, source: str, budget: int) -> None:
        self.items: list[str] = []
        self.source = source
        self.budget = budget
        self.limit = budget

    def add(self, path: str, problem: str) -> None:
        self.items.append(f"{path}: {problem}")

    def spend(self, characters: int) -> None:
        self.budget -= characters
        if self.budget < 0:
            raise PayloadError(f"{self.source} expands to more than {self.limit:,} characters "
                               "when its aliases are written out", NOT_A_RECORD)

    def text(self, path: str, value: Any, *, nullable: bool = False,
             paragraphs: bool = False) -> str | None:
        if value is MISSING or (value is None and nullable):
            return None
        if not isinstance(value, str):
            self.add(path, "must be a string" + (" or null" if nullable else ""))
            return None
        self.spend(len(value))
        normal = collapse_paragraphs(value) if paragraphs else collapse(value)
        if not normal:
            self.add(path, "must not be empty")
        return normal

    def choice(self, path: str, value: Any, allowed: Sequence[str]) -> str | None:
        if value is MISSING:
            return None
        if value not in allowed:
            self.spend(expanded_size(value))  # before str() writes every alias out
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
                self.spend(expanded_size(key))  # an alias can be a key, in every item
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


def _finding(problems: _Problems, path: str, item: Any) -> ReviewFinding:
    raw = problems.mapping(path, item, ("grade", "text"))
    return ReviewFinding(
        problems.choice(f"{path}.grade", raw.get("grade", MISSING), GRADES) or "",
        problems.text(f"{path}.text", raw.get("text", MISSING)) or "")


def review_from_data(data: Any, source: str,
                     budget: int = MAX_EXPANDED_CHARS) -> ContractReview:
    """Build a model from parsed YAML or JSON (the keys of ``to_json``), normalising free text
    to its canonical form, or raise RecordError naming every bad key; PayloadError when the
    values read hold more than ``budget`` characters (aliases written out)."""
    problems = _Problems(source, budget)
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
    except NestingError as exc:  # not a record gone wrong but a hostile file: not judged
        raise PayloadError(f"{source} is {exc}", NOT_A_RECORD) from None
    return review_from_data(data, source, max(len(text), MAX_EXPANDED_CHARS))
