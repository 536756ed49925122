"""A module-level assignment to a name the module imports (``toml = None``, the fallback of
``try: import toml``) or to a built-in's name (pydantic's ``DeprecationWarning = …``)
declares nothing, unless ``__all__`` lists it (docs/concepts/anchoring-rules.md)."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import pr_repo, run_json


def _stale(data: dict[str, object]) -> dict[str, bool]:
    return {row["path"]: row["stale"] for row in data["docs"]}  # type: ignore[attr-defined]


_COMPAT = ("class PkgDeprecated(Warning):\n    pass\n\n\n"
           "DeprecationWarning = PkgDeprecated\n\n\n"
           "class ConnectionError(OSError):\n    \"\"\"Raised when the line drops.\"\"\"\n")


def test_a_rebound_built_in_declares_nothing(tmp_path: Path) -> None:
    """pydantic's ad395e9b18 removed ``DeprecationWarning = PydanticDeprecatedSince20``, a
    workaround for an editor, and every page naming the built-in warning was listed. A class
    of a built-in's name is the module's (requests' ``ConnectionError``)."""
    base = {"src/pkg/__init__.py": "", "src/pkg/errors.py": _COMPAT,
            "docs/warnings.md": "Filter `DeprecationWarning` in your tests.\n",
            "docs/errors.md": "Catch `pkg.errors.ConnectionError`.\n"}
    change = {"src/pkg/errors.py": _COMPAT.replace("DeprecationWarning = PkgDeprecated\n", "")
              .replace("line drops", "connection drops")}
    data = run_json(pr_repo(tmp_path, base, change), "main")
    assert _stale(data) == {"docs/errors.md": False}
    assert "DeprecationWarning" not in {a["token"] for a in data["anchors"]}


def test_a_rebound_built_in_that_all_lists_is_published(tmp_path: Path) -> None:
    base = {"src/pkg/__init__.py": "",
            "src/pkg/errors.py": "import asyncio\n\nTimeoutError = asyncio.TimeoutError\n",
            "docs/errors.md": "Catch `pkg.errors.TimeoutError`.\n"}
    change = {"src/pkg/errors.py": ("import asyncio\n\nTimeoutError = asyncio.TimeoutError\n"
                                    "__all__ = ['TimeoutError']\n")}
    data = run_json(pr_repo(tmp_path, base, change), "main")
    assert _stale(data) == {"docs/errors.md": False}
    # without ``__all__`` the same assignment declares nothing
    change = {"src/pkg/errors.py": ("import asyncio\n\n"
                                    "TimeoutError = asyncio.exceptions.TimeoutError\n")}
    data = run_json(pr_repo(tmp_path / "plain", base, change), "main")
    assert data["docs"] == []


_PLUGIN = "from configparser import ConfigParser\n\n\ndef load(path):\n    pass\n"


def test_an_import_s_fallback_declares_nothing(tmp_path: Path) -> None:
    """pydantic's 0c2f69c500 wrote ``try: import toml`` with ``toml = None`` as the fallback,
    and ``pydantic.mypy.toml`` was New API, listing the page documenting the module."""
    base = {"src/pkg/__init__.py": "", "src/pkg/plugin.py": _PLUGIN,
            "docs/plugin.md": "# Plugin\n\nThe plugin's API.\n\n::: pkg.plugin\n"}
    fallback = "try:\n    import toml\nexcept ImportError:\n    toml = None\n"
    change = {"src/pkg/plugin.py": _PLUGIN.replace("\n\n\ndef", f"\n{fallback}\n\ndef", 1)
              + "\n\ndef reload_config(path):\n    pass\n"}
    data = run_json(pr_repo(tmp_path, base, change), "main")
    assert {row["path"]: [a["token"] for a in row["anchors"]] for row in data["docs"]} == {
        "docs/plugin.md": ["pkg.plugin.reload_config"]}
    assert "pkg.plugin.toml" not in {a["token"] for a in data["anchors"]}


def test_a_fallback_alone_is_said_in_the_not_covered_reason(tmp_path: Path) -> None:
    base = {"src/pkg/__init__.py": "", "src/pkg/plugin.py": _PLUGIN,
            "docs/plugin.md": "::: pkg.plugin\n"}
    change = {"src/pkg/plugin.py": _PLUGIN + "\ntry:\n    import toml\nexcept ImportError:\n"
                                             "    toml = None\n"}
    data = run_json(pr_repo(tmp_path, base, change), "main")
    assert data["docs"] == [] and data["new_api"] == []
    assert [(file["path"], file["reason"]) for file in data["anchorless_changes"]] == [
        ("src/pkg/plugin.py", "no documentable declaration on the changed lines; they touch "
                              "`toml`, which the module imports")]
