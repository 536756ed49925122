"""Configuration (docs/reference/configuration.md): the section dataclasses, the key registry
they make, and reading and validating TOML by dotted key path."""

from govern.config.keys import BY_PATH, KEYS, SECTIONS, Key, toml_value
from govern.config.kinds import BUMPS, Kind
from govern.config.load import load_config, parse_config, validate
from govern.config.sections import (
    EXTRA_LOCKFILES,
    LOCKFILES,
    AnchorsConfig,
    CalibrateConfig,
    CodeConfig,
    CommentConfig,
    Config,
    DeclarationsConfig,
    DocsConfig,
    GatesConfig,
    OverlapConfig,
    ReviewConfig,
    RoutesConfig,
)

__all__ = [
    "BUMPS", "BY_PATH", "EXTRA_LOCKFILES", "KEYS", "LOCKFILES", "SECTIONS", "AnchorsConfig",
    "CalibrateConfig", "CodeConfig", "CommentConfig", "Config", "DeclarationsConfig", "DocsConfig",
    "GatesConfig", "Key", "Kind", "OverlapConfig", "ReviewConfig", "RoutesConfig", "load_config",
    "parse_config", "toml_value", "validate",
]
