"""A change inside the body of the function a package is named for (fastify's ``function
fastify (options) {…}``, which holds the whole server) folds that name, whatever its count:
every guide writing ``fastify()`` names the package as much as the function. Its signature,
doc comment or removal anchors it as any function's does
(docs/concepts/anchoring-rules.md#the-packages-own-name)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
from click.testing import CliRunner

from govern.cli import cli
from govern.core.resources import read_data
from tests.helpers import pr_repo, rows, run_json

SCHEMA = json.loads(read_data("schemas", "affected-docs.schema.json"))

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


def test_the_summary_says_what_was_held_back_never_no_opinion(tmp_path: Path) -> None:
    summary = _run(tmp_path, BODY)["summary"]
    assert "no opinion" not in summary
    assert summary.startswith("1 anchor(s) named on too many pages to single any out "
                              "(over-broad or folded), and no other: nothing to list, which is "
                              "not a clean bill of health.")


def test_on_more_pages_than_the_share_it_is_over_broad_as_any_name(tmp_path: Path) -> None:
    """The package rule marks only what it folded itself: a name over the corpus share is
    over-broad whatever it is, and its entry is as any over-broad name's."""
    guides = {f"docs/guide{n}.md": f"# Guide {n}\n\n```js\nsrv({{}})\n```\n" for n in range(10)}
    data = _run(tmp_path, BODY, pages=guides)
    assert rows(data) == {}
    assert data["overbroad_anchors"] == [{"token": "srv", "kind": "symbol", "pages": 10}]
    assert data["folded_anchors"] == []
    jsonschema.validate(data, SCHEMA)


def test_named_only_on_a_release_note_it_lists_that_note(tmp_path: Path) -> None:
    """No hand-written page to fold: the release note naming it is listed, as any name's."""
    data = _run(tmp_path, BODY, pages={"CHANGELOG.md": "# 1.0\n\n- `srv()` builds a server.\n"})
    assert rows(data) == {"CHANGELOG.md": ["srv"]}
    assert data["folded_anchors"] == []


def test_the_section_whose_heading_names_it_is_still_listed(tmp_path: Path) -> None:
    two_guides = dict(list(GUIDES.items())[:2])
    data = _run(tmp_path, BODY, pages={**two_guides, **REFERENCE})
    assert rows(data) == {"docs/reference.md": ["srv"]}
    assert data["folded_anchors"] == [{"token": "srv", "kind": "symbol", "pages": 3,
                                       "kept": ["docs/reference.md"], "package_name": True}]
    jsonschema.validate(data, SCHEMA)


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


PY_MODULE = 'def my_srv(options):\n    """Builds a server."""\n    return dict(options)\n'
PY_GUIDES = {f"docs/guide{n}.md": f"# Guide {n}\n\n```python\napp = my_srv({{}})\n```\n"
             for n in range(3)}


def _run_python(tmp_path: Path, module: str, distribution: str = "my-srv") -> dict[str, Any]:
    base = {"pyproject.toml": f'[project]\nname = "{distribution}"\n',
            "my_srv/__init__.py": PY_MODULE, **PAD, **PY_GUIDES}
    return run_json(pr_repo(tmp_path, base, {"my_srv/__init__.py": module}), "main")


def test_a_python_package_is_read_alike_its_dashes_read_as_underscores(tmp_path: Path) -> None:
    data = _run_python(tmp_path, PY_MODULE.replace("dict(options)", "dict(options or {})"))
    assert rows(data) == {}
    assert data["folded_anchors"] == [{"token": "my_srv", "kind": "symbol", "pages": 3,
                                       "package_name": True}]


def test_a_python_signature_change_anchors_it_on_every_page(tmp_path: Path) -> None:
    data = _run_python(tmp_path, PY_MODULE.replace("(options)", "(options, log=None)"))
    assert rows(data) == {page: ["my_srv"] for page in PY_GUIDES}


def test_a_python_function_of_another_distribution_lists_its_callers(tmp_path: Path) -> None:
    data = _run_python(tmp_path, PY_MODULE.replace("dict(options)", "dict(options or {})"),
                       distribution="server-kit")
    assert rows(data) == {page: ["my_srv"] for page in PY_GUIDES}
