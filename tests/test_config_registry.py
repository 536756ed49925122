"""The key registry (docs/reference/configuration.md): every section field is one registered key
with a kind and a one-sentence description, every default validates as its kind, and the docs
hook renders every key into the configuration page."""

from __future__ import annotations

import importlib.util
import re
from dataclasses import field, fields
from pathlib import Path
from types import ModuleType, SimpleNamespace

import pytest

from govern.config import KEYS, SECTIONS, Config, Key, toml_value, validate
from govern.config.render import render_value

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "reference" / "configuration.md"


def _hook() -> ModuleType:
    spec = importlib.util.spec_from_file_location("config_reference",
                                                  ROOT / "docs" / "hooks" / "config_reference.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _page(src_uri: str) -> SimpleNamespace:
    """What the hook reads of MkDocs's Page: the source path of its file."""
    return SimpleNamespace(file=SimpleNamespace(src_uri=src_uri))


def test_every_section_field_is_a_registered_key_and_back() -> None:
    declared = [f"{section}.{spec.name}" for section, section_type in SECTIONS.items()
                for spec in fields(section_type)]
    assert [key.dotted for key in KEYS] == declared
    sections = [spec.name for spec in fields(Config) if spec.name not in ("source", "warnings")]
    assert list(SECTIONS) == sections


@pytest.mark.parametrize("key", KEYS, ids=lambda key: key.dotted)
def test_every_key_has_one_sentence_for_users(key: Key) -> None:
    description = key.description
    assert re.fullmatch(r"[A-Z][^\n]*[^.]\.", description), description
    assert ". " not in description.replace("e.g. ", ""), description


@pytest.mark.parametrize("key", KEYS, ids=lambda key: key.dotted)
def test_every_default_validates_as_its_kind(key: Key) -> None:
    section, name = key.dotted.split(".")
    config = validate({section: {name: key.default_toml}}, "t")
    assert getattr(getattr(config, section), name) == key.default
    assert toml_value(getattr(getattr(Config(), section), name)) == key.default_toml


def test_a_field_without_kind_and_description_is_refused() -> None:
    from dataclasses import dataclass

    from govern.config import keys

    @dataclass(frozen=True)
    class Bare:
        limit: int = 3

    @dataclass(frozen=True)
    class WithBare:
        bare: Bare = field(default_factory=Bare)

    with pytest.raises(AssertionError) as caught:
        keys.registry_of(WithBare)
    assert str(caught.value) == ("bare.limit has no kind and description: "
                                 "declare it with metadata=about(...)")


def test_the_hook_renders_every_key_into_the_page() -> None:
    text = PAGE.read_text(encoding="utf-8")
    assert text.startswith("# Configuration reference\n")
    assert text.count("<!-- config-keys -->") == 1
    rendered = _hook().on_page_markdown(text, _page("reference/configuration.md"), None, None)
    assert "<!-- config-keys -->" not in rendered
    rows = re.findall(r"^\| `([a-z_]+\.[a-z_]+)` \| (.+?) \| `(.+)` \| (.+) \|$", rendered, re.M)
    assert [row[0] for row in rows] == [key.dotted for key in KEYS]
    for (dotted, kind, default, description), key in zip(rows, KEYS, strict=True):
        assert (kind, default, description) == (
            key.kind.name, render_value(key.default_toml), key.description), dotted
    assert ("review.closing_issue_thread", "boolean", "true",
            "Whether records are also looked for on the issue the PR closes.") in rows
    headings = re.findall(r"^### `\[(\w+)\]`$", rendered, re.M)
    assert headings == list(SECTIONS)
    # every kind a key has is explained in the page's table of kinds
    assert {key.kind.name for key in KEYS} <= set(re.findall(r"^\| ([^|]+?) \|", text, re.M))


def test_the_hook_leaves_other_pages_alone_and_refuses_a_lost_marker() -> None:
    hook = _hook()
    assert hook.on_page_markdown("# Gates\n", _page("how-to/gates.md"), None, None) == "# Gates\n"
    with pytest.raises(ValueError) as caught:
        hook.on_page_markdown("# Configuration reference\n", _page("reference/configuration.md"),
                              None, None)
    assert str(caught.value) == ("reference/configuration.md lost its <!-- config-keys --> "
                                 "marker: the key tables have nowhere to go")
