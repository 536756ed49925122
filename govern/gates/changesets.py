"""Changesets (docs/how-to/gates.md#changesets): the one parser of `.changeset/*.md` files, and the
changeset gates.

Everything here is pure: the command reads the files and manifests from git and hands their
text in, so each rule is a function of two commits, the labels and the declared values.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import yaml

from govern.config import BUMPS, DeclarationsConfig
from govern.core.findings import Finding, Rule, quote_line
from govern.core.json_input import parse_json
from govern.core.text import split_lines
from govern.gates.declarations import (
    CLAUSE,
    NARROWING,
    NO_PROTOCOL_CHANGE,
    PROTOCOL,
    KeyLine,
    Reading,
    key_rules,
    parse_declarations,
)

CHANGESET_DIR = ".changeset"
PRE_STATE = ".changeset/pre.json"
EXAMPLE = '---\n"my-package": patch\n---\n\nFix the thing.'
_FENCE = re.compile(r"---[ \t]*")
_BANG_SUMMARY = re.compile(r"[A-Za-z]+(?:\([^()\n]*\))?!:\s")
_BANNER = "**BREAKING**"
# libyaml's composer when PyYAML has it: ten times the pure-Python one, so a changeset naming
# thousands of packages is read in a fraction of a second (issue 13)
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_MIGRATION_HEADING = re.compile(r"^[ \t]*#{2,6}[ \t]+Migration\b", re.M | re.I)


def is_changeset(path: str) -> bool:
    """A changeset file as the changesets tool reads one: ``.changeset/<name>.md``, not its
    README and not a dot-file (the tool passes those over, so one would release nothing)."""
    folder, _, name = path.rpartition("/")
    return (folder == CHANGESET_DIR and name.endswith(".md") and name.lower() != "readme.md"
            and not name.startswith("."))


_LEGACY_FILES = frozenset({"changes.md", "changes.json"})


def is_legacy_changeset(path: str) -> bool:
    """A file of a changeset in the tool's first format, a folder ``.changeset/<name>/``
    holding ``changes.json`` and ``changes.md``: the tool still applies one, govern does not
    read it."""
    parts = path.split("/")
    return len(parts) == 3 and parts[0] == CHANGESET_DIR and parts[2] in _LEGACY_FILES


# -- the parser --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Release:
    """One front-matter entry: a package and its bump."""

    package: str
    bump: str
    line: int
    """1-based line of the entry in the changeset file."""


@dataclass(frozen=True)
class Changeset:
    path: str
    releases: tuple[Release, ...]
    summary: str
    """The text after the front matter (leading blank lines removed)."""
    text: str
    """The whole file: declaration lines are read from it with their file line numbers."""


@dataclass(frozen=True)
class ChangesetError:
    """Why a changeset cannot be read, at which line."""

    path: str
    line: int
    problem: str

    def finding(self) -> Finding:
        return Finding(Rule.CHANGESET_UNREADABLE, f"{self.path} line {self.line}: {self.problem}",
                       f"write the front matter as YAML `\"package\": patch|minor|major` "
                       f"between two `---` lines, e.g. {EXAMPLE!r}",
                       carrier=self.path, line=self.line, carrier_is_file=True)


def parse_changeset(path: str, text: str) -> Changeset | ChangesetError:
    """Read a changeset; errors name the line and quote what was found there."""
    lines = split_lines(text)
    if not lines or not _FENCE.fullmatch(lines[0]):
        return ChangesetError(path, 1, f"expected the `---` line that opens the front matter, "
                                       f"found `{quote_line(lines[0] if lines else '')}`")
    close = next((i for i in range(1, len(lines)) if _FENCE.fullmatch(lines[i])), None)
    if close is None:
        return ChangesetError(path, 1, "the front matter opened here is never closed by `---`")
    releases = _parse_front_matter(path, "\n".join(lines[1:close]))
    if isinstance(releases, ChangesetError):
        return releases
    summary = "\n".join(lines[close + 1:]).strip("\n")
    return Changeset(path, releases, summary, "\n".join(lines))


def _compose(front: str) -> yaml.Node | None:
    """The front matter's node tree: libyaml's when it reads, else the pure-Python composer's,
    whose error message (same on every platform) is the one reported."""
    try:
        return yaml.compose(front, Loader=_LOADER)
    except yaml.YAMLError:
        if _LOADER is yaml.SafeLoader:
            raise
    return yaml.compose(front, Loader=yaml.SafeLoader)


def _parse_front_matter(path: str, front: str) -> tuple[Release, ...] | ChangesetError:
    # compose, not load: nodes keep their line, and a package named twice is seen, not merged
    try:
        root = _compose(front)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = 2 + (mark.line if mark else 0)
        return ChangesetError(path, line, f"the front matter is not valid YAML "
                                          f"({quote_line(str(exc.problem or exc))})")
    except (yaml.YAMLError, RecursionError) as exc:
        return ChangesetError(path, 2, f"the front matter is not valid YAML "
                                       f"({quote_line(str(exc))})")
    if root is None:
        return ()
    if not isinstance(root, yaml.MappingNode):
        return ChangesetError(path, 2 + root.start_mark.line,
                              "the front matter must map package names to bumps")
    releases: list[Release] = []
    named: set[str] = set()
    for key, value in root.value:
        line = 2 + key.start_mark.line
        package = key.value if isinstance(key, yaml.ScalarNode) else None
        if not isinstance(package, str) or not package.strip():
            return ChangesetError(path, line, "a package name must be a non-empty string")
        bump = value.value if isinstance(value, yaml.ScalarNode) else None
        if bump not in BUMPS:
            shown = quote_line(bump) if isinstance(bump, str) else "a nested value"
            return ChangesetError(path, line, f"`{quote_line(package)}` has bump `{shown}`; "
                                              f"expected patch, minor or major")
        if package in named:
            return ChangesetError(path, line, f"`{quote_line(package)}` is named twice")
        named.add(package)
        releases.append(Release(package, bump, line))
    return tuple(releases)


# -- packages ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Package:
    """A published package the PR touches: named in its manifest, not private."""

    name: str
    manifest: str
    """The manifest's repo-relative path."""


# -- the gates ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class CarriedChangeset:
    """A changeset the PR adds (A), modifies (M or T, a type change) or renames (R), read at
    the head."""

    status: str
    path: str
    text: str


@dataclass(frozen=True)
class ChangesetState:
    """Everything the changeset gates judge, already read from git and the PR."""

    carried: tuple[CarriedChangeset, ...]
    base_changesets: tuple[Changeset, ...]
    """The changesets pending at the merge base (a major there is not new)."""
    touched: tuple[Package, ...]
    """The published packages whose files the PR changes."""
    labels: frozenset[str]
    pre_mode: bool
    """Whether ``.changeset/pre.json`` at the merge base has mode ``pre``."""
    protocol: str | None
    """The PR's declared Metadata-protocol value, when it declared a valid one."""
    body_narrowing: bool
    """Whether the PR body declares a ``(narrowing)`` arm."""


def is_pre_mode(pre_json: str | None) -> bool:
    """Whether a ``pre.json`` text puts changesets in pre-release mode."""
    if pre_json is None:
        return False
    try:
        state = parse_json(pre_json)
    except ValueError:
        return False
    return isinstance(state, dict) and state.get("mode") == "pre"


def check_changesets(state: ChangesetState, config: DeclarationsConfig) -> tuple[Finding, ...]:
    """Every changeset gate of docs/how-to/gates.md#changesets over one PR."""
    findings: list[Finding] = []
    parsed: list[Changeset] = []
    for carried in state.carried:
        if is_legacy_changeset(carried.path):
            findings.append(Finding(
                Rule.CHANGESET_UNREADABLE,
                f"{carried.path} belongs to a changeset in the tool's old folder format, which "
                f"the release still applies but this gate cannot judge",
                f"write it as `.changeset/<name>.md` with front matter, e.g. {EXAMPLE!r}, and "
                f"delete the folder", carrier=carried.path, carrier_is_file=True))
            continue
        result = parse_changeset(carried.path, carried.text)
        if isinstance(result, ChangesetError):
            findings.append(result.finding())
            continue
        parsed.append(result)
        if carried.status == "A" and not result.releases:
            findings.append(Finding(
                Rule.CHANGESET_EMPTY,
                f"{carried.path} has empty front matter: it releases nothing",
                f"name each package it releases, e.g. {EXAMPLE!r}, or delete the file",
                carrier=carried.path, line=1, carrier_is_file=True))
    highest = _highest_releases(parsed)
    if config.skip_label not in state.labels:
        findings.extend(_missing(state.touched, highest, config.skip_label))
    findings.extend(_too_low(state, highest, config.levels))
    findings.extend(_new_majors(state, parsed, config.allow_major_label))
    findings.extend(_breaking(state, parsed))
    return tuple(findings)


def _highest_releases(parsed: Sequence[Changeset]) -> dict[str, tuple[Changeset, Release]]:
    """Each package the changesets release, with its highest-graded release (the first
    changeset's when two grade it alike). Built once: asking every changeset about every
    touched package is quadratic when a PR carries thousands of each."""
    highest: dict[str, tuple[Changeset, Release]] = {}
    for changeset in parsed:
        for release in changeset.releases:
            held = highest.get(release.package)
            if held is None or BUMPS.index(release.bump) > BUMPS.index(held[1].bump):
                highest[release.package] = (changeset, release)
    return highest


def _missing(touched: Sequence[Package], highest: Mapping[str, tuple[Changeset, Release]],
             skip_label: str) -> list[Finding]:
    return [
        Finding(Rule.CHANGESET_MISSING,
                f"this PR changes the published package `{package.name}` "
                f"({package.manifest}) but no changeset it adds or edits names it",
                f"add `.changeset/<name>.md` with front matter `\"{package.name}\": patch` (or "
                f"minor/major), or a maintainer adds the `{skip_label}` label",
                key=package.name)
        for package in touched
        if package.name not in highest
    ]


def _too_low(state: ChangesetState, highest: Mapping[str, tuple[Changeset, Release]],
             levels: Mapping[str, str]) -> list[Finding]:
    protocol = state.protocol or NO_PROTOCOL_CHANGE
    owed = levels.get(protocol, "patch")
    findings = []
    for package in state.touched:
        graded = highest.get(package.name)
        if graded is None:
            continue
        changeset, release = graded
        if BUMPS.index(release.bump) < BUMPS.index(owed):
            findings.append(Finding(
                Rule.CHANGESET_LEVEL,
                f"`{package.name}` is graded `{release.bump}`, but `{PROTOCOL}: {protocol}` owes "
                f"at least `{owed}`",
                f"grade it `\"{package.name}\": {owed}` in {changeset.path}, or correct the "
                f"`{PROTOCOL}:` line",
                key=package.name, carrier=changeset.path, line=release.line,
                carrier_is_file=True))
    return findings


def _new_majors(state: ChangesetState, parsed: Sequence[Changeset],
                allow_label: str) -> list[Finding]:
    if allow_label in state.labels or state.pre_mode:
        return []
    at_base = {r.package for c in state.base_changesets for r in c.releases if r.bump == "major"}
    return [
        Finding(Rule.CHANGESET_MAJOR,
                f"{changeset.path} introduces a `major` release of `{release.package}`",
                f"grade it `minor` or `patch`; if a major release is intended, a maintainer "
                f"adds the `{allow_label}` label (or the repository enters pre mode)",
                key=release.package, carrier=changeset.path, line=release.line,
                carrier_is_file=True)
        for changeset in parsed for release in changeset.releases
        if release.bump == "major" and release.package not in at_base
    ]


@dataclass(frozen=True)
class BreakingSigns:
    """What marks a changeset breaking, and which of the required spellings it carries."""

    major: bool
    banner: bool
    bang: bool
    narrowing: bool
    migration: bool

    @property
    def breaking(self) -> bool:
        return self.major or self.banner or self.bang or self.narrowing

    def lacking(self) -> list[str]:
        required = (
            (self.bang, "a `type(scope)!:` summary"),
            (self.banner, f"a `{_BANNER}` banner"),
            (self.migration, "a `## Migration` section or a FROM → TO table"),
        )
        return [what for present, what in required if not present]

    def reasons(self) -> list[str]:
        marks = (
            (self.major, "a `major` bump"),
            (self.banner, f"a `{_BANNER}` banner"),
            (self.bang, "a `!:` summary"),
            (self.narrowing, "a `(narrowing)` arm"),
        )
        return [what for present, what in marks if present]


def find_breaking_signs(changeset: Changeset, narrowing: bool) -> BreakingSigns:
    """Read a changeset's breaking marks; ``narrowing`` adds the declared arm."""
    first = next((line.strip() for line in changeset.summary.splitlines() if line.strip()), "")
    # the summary, not the whole file: a front matter holds only package: bump entries
    own_arm = _declares_narrowing(changeset.summary)
    return BreakingSigns(
        major=any(r.bump == "major" for r in changeset.releases),
        banner=_BANNER in changeset.summary,
        bang=bool(_BANG_SUMMARY.match(first + " ")),
        narrowing=narrowing or own_arm,
        migration=bool(_MIGRATION_HEADING.search(changeset.summary))
        or _has_from_to_table(changeset.summary),
    )


def _declares_narrowing(text: str) -> bool:
    return any(entry.arm == NARROWING for entry in _clause_lines(text))


def _clause_lines(text: str) -> list[KeyLine]:
    rule = key_rules({})[CLAUSE]
    return [e for e in parse_declarations(text, [rule]) if e.reading is Reading.DECLARED]


def body_declares_narrowing(body: str) -> bool:
    """Whether the PR body declares ``Clause-②: … (narrowing)``."""
    return _declares_narrowing(body)


def _has_from_to_table(summary: str) -> bool:
    for line in summary.splitlines():
        if line.lstrip().startswith("|"):
            cells = {cell.strip().strip("*`").strip().casefold() for cell in line.split("|")}
            if {"from", "to"} <= cells:
                return True
    return False


def _breaking(state: ChangesetState, parsed: Sequence[Changeset]) -> list[Finding]:
    findings = []
    complete = False
    for changeset in parsed:
        signs = find_breaking_signs(changeset, narrowing=False)
        if signs.breaking and signs.lacking():
            findings.append(_breaking_finding(changeset.path, signs))
        complete = complete or (signs.breaking and not signs.lacking())
    if state.body_narrowing and parsed and not complete:
        signs = find_breaking_signs(parsed[0], narrowing=True)
        findings.append(_breaking_finding(parsed[0].path, signs, by_body=True))
    return findings


def _breaking_finding(path: str, signs: BreakingSigns, by_body: bool = False) -> Finding:
    why = ("the PR body declares a `(narrowing)` arm" if by_body
           else "it carries " + " and ".join(signs.reasons()))
    return Finding(
        Rule.CHANGESET_BREAKING,
        f"{path} is a breaking change ({why}) but lacks {', '.join(signs.lacking())}",
        "spell the break out in full: start the summary with `type(scope)!: …`, add a "
        f"`{_BANNER}` banner, and a `## Migration` section (or a FROM → TO table)",
        carrier=path, carrier_is_file=True)
