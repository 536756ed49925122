"""A settings key a call registers on a settings object (tox's ``self.conf.add_config(keys=
["allowlist_externals", …], …)``) is declared there: it anchors when its line changes, a key
the change stops registering is removed, and a new one is New API at home where the file's
other keys are documented (docs/concepts/anchoring-rules.md#literals)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from govern.drift.anchors.literals import registered_keys
from govern.drift.anchors.syntax import parse
from tests.helpers import pr_repo, rows, run_json

ENV = ("class Env:\n    def __init__(self, conf):\n        self.conf = conf\n"
       "        self.conf.add_config(\n"
       "            keys=[\"allow_externals\", \"legacy_externals\"],\n"
       "            of_type=list,\n            default=[],\n"
       "            desc=\"external commands\",\n        )\n"
       "        self.conf.add_config(\"change_dir\", of_type=str, default=\".\", desc=\"cwd\")\n"
       "        self.conf.add_constant(keys=[\"env_name\"], desc=\"its name\", value=\"py\")\n")
PAGES = {"docs/config.md": "# Config\n\n`allow_externals` (or `legacy_externals`) lists "
                           "commands; `change_dir` is where they run; `env_name` names it.\n",
         "docs/guide.md": "# Guide\n\nSet `allow_externals` to call make.\n"}


def _run(tmp_path: Path, head: dict[str, str | None], base: str = ENV,
         pages: dict[str, str] | None = None) -> dict[str, Any]:
    repo = pr_repo(tmp_path, {"proj/__init__.py": "", "proj/env.py": base,
                              **(pages or PAGES)}, head)
    return run_json(repo, "main")


def _stale(data: dict[str, Any]) -> dict[str, bool]:
    return {row["path"]: row["stale"] for row in data["docs"]}


def test_a_key_no_longer_registered_makes_the_page_naming_it_stale(tmp_path: Path) -> None:
    """tox's ``529c2a1d`` dropped ``"whitelist_externals"`` from ``keys=[…]``, and
    ``config.rst``'s ``:keys: allowlist_externals, whitelist_externals`` was left naming
    it: no page had been listed."""
    head = ENV.replace('keys=["allow_externals", "legacy_externals"]', '"allow_externals"')
    data = _run(tmp_path, {"proj/env.py": head})
    assert _stale(data) == {"docs/config.md": True, "docs/guide.md": False}
    assert sorted(rows(data)["docs/config.md"]) == ["allow_externals", "legacy_externals"]


def test_a_key_moved_to_another_changed_file_is_not_removed(tmp_path: Path) -> None:
    head = ENV.replace('keys=["allow_externals", "legacy_externals"]', '"allow_externals"')
    moved = ("def register(conf):\n"
             "    conf.add_config(keys=[\"legacy_externals\"], of_type=list, desc=\"old\")\n")
    data = _run(tmp_path, {"proj/env.py": head, "proj/legacy.py": moved})
    assert _stale(data) == {"docs/config.md": False, "docs/guide.md": False}
    assert "legacy_externals" in rows(data)["docs/config.md"]


def test_a_new_key_is_new_api_at_home_with_its_siblings(tmp_path: Path) -> None:
    """tox's ``a40b7da2`` added ``disallow_pass_env`` beside the keys ``config.rst``
    documents: no home had been offered. A page naming one sibling alone is none."""
    head = ENV + ("        self.conf.add_config(keys=[\"deny_pass_env\"], of_type=list, "
                  "desc=\"drop\")\n")
    data = _run(tmp_path, {"proj/env.py": head})
    assert [(entry["token"], entry["suggested_pages"]) for entry in data["new_api"]] == [
        ("deny_pass_env", ["docs/config.md"])]
    assert data["docs"] == []


def test_a_changed_registration_anchors_its_keys(tmp_path: Path) -> None:
    """The first argument (``add_config("change_dir", …)``) and ``keys=`` of
    ``add_constant`` too; a plain word (``labels``) is no key that anchors."""
    head = ENV.replace('default=".", desc="cwd"', 'default="..", desc="cwd"').replace(
        'value="py"', 'value="py3"')
    assert rows(_run(tmp_path / "keys", {"proj/env.py": head}))["docs/config.md"] == [
        "change_dir", "env_name"]
    plain = ENV.replace('"change_dir"', '"labels"')
    pages = {"docs/config.md": "# Config\n\n`labels` tags the environment.\n"}
    changed = plain.replace('default=".", desc="cwd"', 'default="..", desc="cwd"')
    assert _run(tmp_path / "plain", {"proj/env.py": changed}, plain, pages)["docs"] == []


def test_another_object_s_registration_declares_nothing(tmp_path: Path) -> None:
    """``keys=`` of a call on an object that is no settings object (``self.registry``) is an
    argument like any: removed, it leaves no page stale; added, it is no New API."""
    other = ENV.replace("self.conf.add_config(\n", "self.registry.add_config(\n")
    head = other.replace('keys=["allow_externals", "legacy_externals"]',
                         'keys=["allow_externals", "deny_pass_env"]')
    data = _run(tmp_path, {"proj/env.py": head}, other)
    assert data["docs"] == []
    assert data["new_api"] == []


@pytest.mark.parametrize(("source", "expected"), [
    ('conf.add_config(keys=("a_key", "b_key"))\n', ["a_key", "b_key"]),
    ('settings.add_config(["a_key", "b_key"], desc="x")\n', ["a_key", "b_key"]),
    ('self.config.add_constant("a_key", desc="x", value=1)\n', ["a_key"]),
    ('self.conf.add_config(keys="a_key")\n', ["a_key"]),
    ('conf.add_config(desc="x_y", default="d_e")\n', []),
    ('conf.add_config(keys=["_private_key", "__dunder__", "plain"])\n', []),
    ('env_conf.add_config(keys=["a_key"])\n', []),
    ('conf.add_option(keys=["a_key"])\n', []),
    ('conf.add_config(keys=[f"{prefix}_key"])\n', []),
])
def test_the_keys_a_registration_names(source: str, expected: list[str]) -> None:
    found = registered_keys(parse("python", source.encode()).root_node, frozenset({1}))
    assert (found.changed, found.every) == (expected, frozenset(expected))
