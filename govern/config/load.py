"""Reading the configuration: TOML text from govern.toml or ``[tool.govern]`` in pyproject.toml,
validated key by key against the registry (docs/reference/configuration.md).

Reading only loads TOML text; ``validate`` is pure and returns every problem at once, so a
maintainer fixes a config in one pass. Gates load it from the merge base (through a blob
reader) so a PR cannot loosen the rules that judge it.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from govern.config.keys import BY_PATH, SECTIONS, suggest_key, suggest_section
from govern.config.sections import Config
from govern.core.errors import CONFIG_REFERENCE, ConfigError, named_file

NOT_EMPTY = {
    "docs.paths": "must name at least one glob: an empty list reads no docs page (leave the key "
                  "out for the defaults)",
    "code.paths": "must name at least one glob: an empty list reads no code change (leave the "
                  "key out for the defaults)",
}
"""Lists whose emptiness would make a run see nothing while looking like a clean one (issue 14,
item 5)."""


def _did_you_mean(problem: str, suggestion: str | None) -> str:
    return f"{problem} (did you mean {suggestion}?)" if suggestion else problem


def _section_problems(section_name: str, section: dict[str, Any],
                      values: dict[str, Any]) -> list[str]:
    """Every problem of one section's keys; the good ones' values land in ``values``."""
    problems = []
    for name, value in section.items():
        dotted = f"{section_name}.{name}"
        key = BY_PATH.get(dotted)
        if key is None:
            problems.append(_did_you_mean(f"{dotted}: unknown key",
                                          suggest_key(section_name, name)))
            continue
        converted, key_problems = key.kind.convert(value)
        if value == [] and dotted in NOT_EMPTY:
            key_problems = [NOT_EMPTY[dotted]]
        problems.extend(f"{dotted}{'' if p.startswith('[') else ': '}{p}" for p in key_problems)
        if not key_problems:
            values[name] = converted
    return problems


def validate(data: dict[str, Any], source: str, warnings: tuple[str, ...] = ()) -> Config:
    """Build a Config from a parsed TOML table, or raise ConfigError naming every bad key."""
    problems: list[str] = []
    given: dict[str, dict[str, Any]] = {}
    for section_name, section in data.items():
        if section_name not in SECTIONS:
            problems.append(_did_you_mean(f"{section_name}: unknown section",
                                          suggest_section(section_name)))
        elif not isinstance(section, dict):
            problems.append(f"{section_name}: must be a table")
        else:
            problems += _section_problems(section_name, section,
                                          given.setdefault(section_name, {}))
    if problems:
        raise ConfigError(problems, source)
    built = {name: section_type(**given.get(name, {})) for name, section_type in SECTIONS.items()}
    return Config(**built, source=source, warnings=warnings)


_AT_LINE = re.compile(r"\(at line (\d+), column (\d+)\)$")
"""Where tomllib stopped, as it ends its message: Python 3.11 has no attribute for it."""


def _syntax_remedy(exc: tomllib.TOMLDecodeError, source: str) -> str:
    """Fix the syntax where tomllib stopped: the keys cannot be judged before the file parses."""
    found = _AT_LINE.search(str(exc))
    where = f"at line {found[1]}, column {found[2]} of" if found else "in"
    return (f"fix the TOML syntax {where} {source} (govern's configuration reference: "
            f"{CONFIG_REFERENCE})")


def decode_config(data: bytes, source: str) -> str:
    """A configuration file's text. One that is there but not UTF-8 is an error, never
    "absent": a gate must not fall back to the defaults because of it (issue 13)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError([f"not UTF-8 text ({exc.reason} at byte {exc.start})"], source,
                          f"save {source} as UTF-8") from None


def parse_config(text: str, source: str, *, pyproject: bool) -> dict[str, Any] | None:
    """The govern table of a TOML text (``[tool.govern]`` for pyproject), or None if absent."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError([f"not valid TOML ({exc})"], source, _syntax_remedy(exc, source)) \
            from None
    except RecursionError:  # tomllib recurses once per nested array or inline table
        raise ConfigError(["nested too deeply to be a configuration"], source,
                          "flatten the nested arrays and inline tables: no key takes them "
                          f"(govern's configuration reference: {CONFIG_REFERENCE})") from None
    if not pyproject:
        return data
    tool = data.get("tool", {})
    return tool.get("govern") if isinstance(tool, dict) else None


CONFIG_FILE = "govern.toml"
"""The configuration file read by default, before ``pyproject.toml``'s ``[tool.govern]``."""


def load_config(read_text: Callable[[str], str | None], explicit: Path | None = None) -> Config:
    """Load the configuration: the ``explicit`` file (``--config``), else ``govern.toml``,
    else ``pyproject.toml``.

    ``read_text`` returns a repo-relative file's text or None when absent; it reads either the
    work tree (advisory commands) or a commit (gates: the merge base).
    """
    if explicit is not None:
        with named_file(explicit, "--config"):
            data = explicit.read_bytes()
        text = decode_config(data, str(explicit))
        return validate(parse_config(text, str(explicit), pyproject=explicit.name ==
                                     "pyproject.toml") or {}, str(explicit))
    govern_toml = read_text(CONFIG_FILE)
    pyproject_text = read_text("pyproject.toml")
    pyproject_table = (
        parse_config(pyproject_text, "pyproject.toml", pyproject=True)
        if pyproject_text is not None else None
    )
    if govern_toml is not None:
        warnings: tuple[str, ...] = ()
        if pyproject_table is not None:
            warnings = ("both govern.toml and [tool.govern] in pyproject.toml exist: "
                        "govern.toml wins, pyproject.toml's table is ignored",)
        return validate(parse_config(govern_toml, CONFIG_FILE, pyproject=False) or {},
                        CONFIG_FILE, warnings)
    if pyproject_table is not None:
        if not isinstance(pyproject_table, dict):
            raise ConfigError(["tool.govern: must be a table"], "pyproject.toml")
        return validate(pyproject_table, "pyproject.toml [tool.govern]")
    return Config()
