"""Configuration: the key table of docs/reference/configuration.md, read from TOML, validated by
dotted key path.

Reading only loads TOML text; ``validate`` is pure and returns every problem at once, so a
maintainer fixes a config in one pass. Gates load it from the merge base (through a blob
reader) so a PR cannot loosen the rules that judge it.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from govern.core.errors import ConfigError
from govern.core.globs import Globs, glob_problem

LOCKFILES = ("pnpm-lock.yaml", "package-lock.json", "yarn.lock", "poetry.lock", "uv.lock")
BUMPS = ("patch", "minor", "major")


@dataclass(frozen=True)
class DocsConfig:
    paths: Globs = Globs(("docs/**/*.md", "docs/**/*.mdx", "docs/**/*.rst", "README.md"))
    exclude: Globs = Globs(())
    release_owned: Globs = Globs(
        ("CHANGELOG.md", "CHANGES.*", "docs/**/changelog.*", "docs/releases/**")
    )


@dataclass(frozen=True)
class CodeConfig:
    paths: Globs = Globs(("**",))
    exclude: Globs = Globs(())
    package_manifests: tuple[str, ...] = ("package.json", "pyproject.toml", "setup.cfg", "setup.py")
    max_parse_bytes: int = 1_000_000


@dataclass(frozen=True)
class AnchorsConfig:
    corpus_share: float = 0.15
    max_routes_per_symbol: int = 3
    generic_names: tuple[str, ...] = ()


@dataclass(frozen=True)
class RoutesConfig:
    registrars: Globs = Globs(())
    ledgers: Globs = Globs(
        ("**/*route-ledger.ts", "**/openapi.json", "**/openapi.yaml", "**/openapi.yml")
    )


@dataclass(frozen=True)
class CommentConfig:
    row_cap: int = 15
    guardrails_doc: str = "AGENTS.md"
    bot_login: str = "github-actions[bot]"


@dataclass(frozen=True)
class DeclarationsConfig:
    required: tuple[str, ...] = ("Clause-②", "Metadata-protocol")
    levels: dict[str, str] = field(
        default_factory=lambda: {"none": "patch", "additive": "minor", "breaking": "minor"}
    )
    skip_label: str = "skip-changeset"
    allow_major_label: str = "allow-major"


@dataclass(frozen=True)
class GatesConfig:
    release_owned_labels: tuple[str, ...] = ("release", "docs-only")
    release_owned_actors: tuple[str, ...] = ("github-actions[bot]",)
    human_merge_lines: int = 3000
    size_ignore: Globs = Globs(LOCKFILES)
    governed: Globs = Globs((".github/**", "govern.toml", "AGENTS.md", "docs/adr/**"))
    # GitHub's closing-keyword grammar (optional colon, OWNER/REPO#N, issue URLs) and the card
    # relations; possessive, so a commit message cannot make the gate crawl (issue 13)
    trailer_forbidden: tuple[str, ...] = (
        r"(?i)\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?|part of|refs)(?::[ \t]*+|[ \t]++)"
        r"(?:[\w.-]++/[\w.-]++#|#|https?://[^\s/]++/[\w.-]++/[\w.-]++/issues/)\d",
    )
    model_families: tuple[str, ...] = (
        "claude", "opus", "sonnet", "haiku", "gpt", "o1", "o3", "o4", "gemini", "llama",
        "mistral", "mixtral", "codestral", "deepseek", "qwen", "grok",
    )


@dataclass(frozen=True)
class OverlapConfig:
    ignore: Globs = Globs(LOCKFILES)


@dataclass(frozen=True)
class ReviewConfig:
    trusted_authors: tuple[str, ...] = ()
    closing_issue_thread: bool = True


@dataclass(frozen=True)
class CalibrateConfig:
    max_files: int = 50


@dataclass(frozen=True)
class Config:
    """The whole validated configuration; every section has working defaults."""

    docs: DocsConfig = field(default_factory=DocsConfig)
    code: CodeConfig = field(default_factory=CodeConfig)
    anchors: AnchorsConfig = field(default_factory=AnchorsConfig)
    routes: RoutesConfig = field(default_factory=RoutesConfig)
    comment: CommentConfig = field(default_factory=CommentConfig)
    declarations: DeclarationsConfig = field(default_factory=DeclarationsConfig)
    gates: GatesConfig = field(default_factory=GatesConfig)
    overlap: OverlapConfig = field(default_factory=OverlapConfig)
    review: ReviewConfig = field(default_factory=ReviewConfig)
    calibrate: CalibrateConfig = field(default_factory=CalibrateConfig)
    source: str = "defaults"
    """Where the configuration came from: a file path, ``<rev>:<path>``, or ``defaults``."""
    warnings: tuple[str, ...] = ()


# The kind of every key, by dotted path; the converters below turn TOML values into field values.
KINDS: dict[str, str] = {
    "docs.paths": "globs",
    "docs.exclude": "globs",
    "docs.release_owned": "globs",
    "code.paths": "globs",
    "code.exclude": "globs",
    "code.package_manifests": "names",
    "code.max_parse_bytes": "int",
    "anchors.corpus_share": "share",
    "anchors.max_routes_per_symbol": "int",
    "anchors.generic_names": "names",
    "routes.registrars": "globs",
    "routes.ledgers": "globs",
    "comment.row_cap": "int",
    "comment.guardrails_doc": "str",
    "comment.bot_login": "str",
    "declarations.required": "names",
    "declarations.levels": "levels",
    "declarations.skip_label": "str",
    "declarations.allow_major_label": "str",
    "gates.release_owned_labels": "names",
    "gates.release_owned_actors": "names",
    "gates.human_merge_lines": "int",
    "gates.size_ignore": "globs",
    "gates.governed": "globs",
    "gates.trailer_forbidden": "regexes",
    "gates.model_families": "names",
    "overlap.ignore": "globs",
    "review.trusted_authors": "names",
    "review.closing_issue_thread": "bool",
    "calibrate.max_files": "int",
}


def _string_list(value: Any, check: Callable[[str], str | None]) -> tuple[Any, list[str]]:
    if not isinstance(value, list):
        return None, ["must be a list of strings"]
    problems = []
    for index, item in enumerate(value):
        problem = check(item) if isinstance(item, str) else "must be a string"
        if problem:
            problems.append(f"[{index}] {problem}")
    return tuple(value), problems


def _regex_problem(pattern: str) -> str | None:
    try:
        re.compile(pattern)
    except re.error as exc:
        return f"not a valid regular expression ({exc})"
    return None


def _convert(kind: str, value: Any) -> tuple[Any, list[str]]:
    """Turn one TOML value into a field value, or say what is wrong with it."""
    if kind == "globs":
        patterns, problems = _string_list(value, glob_problem)
        return (Globs(patterns) if not problems else None), problems
    if kind == "names":
        return _string_list(value, lambda item: None if item.strip() else "must not be empty")
    if kind == "regexes":
        return _string_list(value, _regex_problem)
    if kind == "int":
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            return None, ["must be a non-negative integer"]
        return value, []
    if kind == "share":
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value <= 1:
            return None, ["must be a number greater than 0 and at most 1"]
        return float(value), []
    if kind == "str":
        return (value, []) if isinstance(value, str) else (None, ["must be a string"])
    if kind == "bool":
        return (value, []) if isinstance(value, bool) else (None, ["must be true or false"])
    if kind == "levels":
        if not isinstance(value, dict):
            return None, ["must be a table of protocol value = bump"]
        bad = [f"{key}: must be one of {', '.join(BUMPS)}" for key, bump in value.items()
               if bump not in BUMPS]
        return dict(value), bad
    raise AssertionError(f"unknown config kind {kind}")


def validate(data: dict[str, Any], source: str, warnings: tuple[str, ...] = ()) -> Config:
    """Build a Config from a parsed TOML table, or raise ConfigError naming every bad key."""
    problems: list[str] = []
    sections: dict[str, dict[str, Any]] = {}
    for section_name, section in data.items():
        if section_name not in {f.name for f in fields(Config)} or section_name in (
            "source", "warnings"
        ):
            problems.append(f"{section_name}: unknown section")
            continue
        if not isinstance(section, dict):
            problems.append(f"{section_name}: must be a table")
            continue
        for key, value in section.items():
            dotted = f"{section_name}.{key}"
            kind = KINDS.get(dotted)
            if kind is None:
                problems.append(f"{dotted}: unknown key")
                continue
            converted, key_problems = _convert(kind, value)
            problems.extend(f"{dotted}{'' if p.startswith('[') else ': '}{p}"
                            for p in key_problems)
            if not key_problems:
                sections.setdefault(section_name, {})[key] = converted
    if problems:
        raise ConfigError(problems, source)
    built = {
        f.name: type(getattr(Config(), f.name))(**sections.get(f.name, {}))
        for f in fields(Config)
        if f.name not in ("source", "warnings")
    }
    return Config(**built, source=source, warnings=warnings)


def parse_config(text: str, source: str, *, pyproject: bool) -> dict[str, Any] | None:
    """The govern table of a TOML text (``[tool.govern]`` for pyproject), or None if absent."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError([f"not valid TOML ({exc})"], source) from None
    if not pyproject:
        return data
    tool = data.get("tool", {})
    return tool.get("govern") if isinstance(tool, dict) else None


def load_config(read_text: Callable[[str], str | None], explicit: Path | None = None) -> Config:
    """Load the configuration: ``explicit`` file, else ``govern.toml``, else ``pyproject.toml``.

    ``read_text`` returns a repo-relative file's text or None when absent; it reads either the
    work tree (advisory commands) or a commit (gates: the merge base).
    """
    if explicit is not None:
        try:
            text = explicit.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise ConfigError([f"cannot read the file ({exc})"], str(explicit)) from None
        return validate(parse_config(text, str(explicit), pyproject=explicit.name ==
                                     "pyproject.toml") or {}, str(explicit))
    govern_toml = read_text("govern.toml")
    pyproject_text = read_text("pyproject.toml")
    pyproject_table = (
        parse_config(pyproject_text, "pyproject.toml", pyproject=True)
        if pyproject_text is not None else None
    )
    if govern_toml is not None:
        warnings = ()
        if pyproject_table is not None:
            warnings = ("both govern.toml and [tool.govern] in pyproject.toml exist: "
                        "govern.toml wins, pyproject.toml's table is ignored",)
        return validate(parse_config(govern_toml, "govern.toml", pyproject=False) or {},
                        "govern.toml", warnings)
    if pyproject_table is not None:
        if not isinstance(pyproject_table, dict):
            raise ConfigError(["tool.govern: must be a table"], "pyproject.toml")
        return validate(pyproject_table, "pyproject.toml [tool.govern]")
    return Config()
