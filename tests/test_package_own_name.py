"""A change inside the body of the function a package is named for (fastify's ``function
fastify (options) {…}``, which holds the whole server) folds that name, whatever its count:
every guide writing ``fastify()`` names the package as much as the function. Its signature,
doc comment or removal anchors it as any function's does
(docs/concepts/anchoring-rules.md#the-packages-own-name)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from click.testing import CliRunner

from govern.cli import cli
from tests.helpers import pr_repo, rows, run_json

SERVER = """\
/** Builds a server. */
function srv (options) {
  const server = { options }
  server.timeout = options.timeout || 0
  return server
}

module.exports = srv
"""
GUIDES = {f"docs/guide{n}.md": f"# Guide {n}\n\n```js\nconst app = srv({{}})\n```\n"
          for n in range(3)}
REFERENCE = {"docs/reference.md": "# Reference\n\n## srv(options)\n\nBuilds a server:\n\n"
                                  "```js\nsrv({ timeout: 5 })\n```\n"}


PAD = {f"docs/pad{n}.md": f"# Pad {n}\n\nNothing.\n" for n in range(20)}
"""Pages naming nothing: four of five pages writing a name would make it over-broad."""


def _run(tmp_path: Path, change: dict[str, str | None], *, name: str = "srv",
         pages: dict[str, str] | None = None) -> dict[str, Any]:
    manifest = {"package.json": f'{{"name": "{name}", "main": "index.js"}}\n'}
    base = {**manifest, "index.js": SERVER, **PAD, **(GUIDES if pages is None else pages)}
    return run_json(pr_repo(tmp_path, base, change), "main")


BODY: dict[str, str | None] = {"index.js": SERVER.replace("|| 0", "|| 30_000")}


def test_a_body_change_of_the_function_named_for_its_package_lists_no_guide_calling_it(
        tmp_path: Path) -> None:
    data = _run(tmp_path, BODY)
    assert rows(data) == {}
    assert data["folded_anchors"] == [{"token": "srv", "kind": "symbol", "pages": 3,
                                       "package_name": True}]
    result = CliRunner().invoke(cli, ["--repo-dir", str(tmp_path / "repo"), "affected-docs",
                                      "main", "--format", "text"])
    assert "srv (symbol) is named on 3 pages: folded (the package's own name, changed only " \
           "in its body), not listed" in result.output


def test_the_section_whose_heading_names_it_is_still_listed(tmp_path: Path) -> None:
    two_guides = dict(list(GUIDES.items())[:2])
    data = _run(tmp_path, BODY, pages={**two_guides, **REFERENCE})
    assert rows(data) == {"docs/reference.md": ["srv"]}
    assert data["folded_anchors"] == [{"token": "srv", "kind": "symbol", "pages": 3,
                                       "kept": ["docs/reference.md"], "package_name": True}]


def test_a_function_named_otherwise_lists_its_callers_as_before(tmp_path: Path) -> None:
    data = _run(tmp_path, BODY, name="server-kit")
    assert rows(data) == {page: ["srv"] for page in GUIDES}
    assert data["folded_anchors"] == []


def test_a_new_parameter_anchors_it_on_every_page(tmp_path: Path) -> None:
    data = _run(tmp_path, {"index.js": SERVER.replace("srv (options)", "srv (options, log)")})
    assert rows(data) == {page: ["srv"] for page in GUIDES}
    assert data["folded_anchors"] == []


def test_a_changed_doc_comment_anchors_it_on_every_page(tmp_path: Path) -> None:
    data = _run(tmp_path, {"index.js": SERVER.replace("Builds a server.",
                                                      "Builds a server from its options.")})
    assert rows(data) == {page: ["srv"] for page in GUIDES}


def test_its_removal_is_certain_drift_on_every_page(tmp_path: Path) -> None:
    data = _run(tmp_path, {"index.js": "module.exports = {}\n"})
    assert {row["path"]: row["stale"] for row in data["docs"]} == dict.fromkeys(GUIDES, True)
    assert data["folded_anchors"] == []


def test_a_python_package_is_read_alike(tmp_path: Path) -> None:
    module = 'def srv(options):\n    """Builds a server."""\n    return dict(options)\n'
    base = {"pyproject.toml": '[project]\nname = "srv"\n', "srv/__init__.py": module, **PAD,
            **{f"docs/guide{n}.md": f"# Guide {n}\n\n```python\napp = srv({{}})\n```\n"
               for n in range(3)}}
    change: dict[str, str | None] = {
        "srv/__init__.py": module.replace("dict(options)", "dict(options or {})")}
    data = run_json(pr_repo(tmp_path, base, change), "main")
    assert rows(data) == {}
    assert data["folded_anchors"] == [{"token": "srv", "kind": "symbol", "pages": 3,
                                       "package_name": True}]
