"""The key registry: every configuration key once, read from the section dataclasses' fields,
with its dotted path, kind, default and description (docs/reference/configuration.md).

Validation looks keys up here, ``govern init`` writes its commented govern.toml from here, and
the docs build renders the reference table from here, so the three cannot drift apart.
"""

from __future__ import annotations

from dataclasses import MISSING, Field, dataclass, fields, is_dataclass
from typing import Any

from govern.config.kinds import Kind
from govern.config.sections import ABOUT, About, Config
from govern.core.globs import Globs


@dataclass(frozen=True)
class Key:
    """One configuration key."""

    section: str
    name: str
    kind: Kind
    default: Any
    """The field's default value (``Globs``, tuple, …) as the dataclass holds it."""
    description: str

    @property
    def dotted(self) -> str:
        return f"{self.section}.{self.name}"

    @property
    def default_toml(self) -> Any:
        """The default as a TOML value: lists for globs and tuples."""
        return toml_value(self.default)


def toml_value(value: Any) -> Any:
    """A field value as TOML holds it."""
    if isinstance(value, Globs):
        return list(value.patterns)
    return list(value) if isinstance(value, tuple) else value


def _default(spec: Field[Any]) -> Any:
    if spec.default is not MISSING:
        return spec.default
    assert spec.default_factory is not MISSING, f"{spec.name} has no default"
    return spec.default_factory()


def section_types(config_type: type) -> dict[str, type]:
    """Section name → its dataclass, in the order of the fields of ``config_type``."""
    found: dict[str, type] = {}
    for spec in fields(config_type):
        factory = spec.default_factory
        if isinstance(factory, type) and is_dataclass(factory):
            found[spec.name] = factory
    return found


def registry_of(config_type: type) -> tuple[Key, ...]:
    """Every key of the sections of ``config_type``; a field declared without ``about`` is a
    bug, refused here so that no key goes undocumented."""
    keys = []
    for section, section_type in section_types(config_type).items():
        for spec in fields(section_type):
            about = spec.metadata.get(ABOUT)
            if not isinstance(about, About):
                raise AssertionError(f"{section}.{spec.name} has no kind and description: "
                                     "declare it with metadata=about(...)")
            keys.append(Key(section, spec.name, about.kind, _default(spec), about.description))
    return tuple(keys)


SECTIONS: dict[str, type] = section_types(Config)
KEYS: tuple[Key, ...] = registry_of(Config)
BY_PATH: dict[str, Key] = {key.dotted: key for key in KEYS}


def suggest_section(name: str) -> str | None:
    """The section an unknown section name was probably meant to be."""
    import difflib  # only a bad configuration pays for it

    close = difflib.get_close_matches(name, list(SECTIONS), n=1)
    return close[0] if close else None


def suggest_key(section: str, name: str) -> str | None:
    """The dotted key an unknown ``section.name`` was probably meant to be: a close name in the
    same section, else the same name in another section."""
    import difflib  # only a bad configuration pays for it

    close = difflib.get_close_matches(name, [k.name for k in KEYS if k.section == section], n=1)
    if close:
        return f"{section}.{close[0]}"
    elsewhere = [key.dotted for key in KEYS if key.name == name]
    return elsewhere[0] if elsewhere else None
