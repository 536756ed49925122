"""A dependency a change removes from a package's manifests anchors its name where a page's
install command names it (``pip install mkdocs-bootswatch``); a dependency re-versioned,
moved between tables or added anchors nothing, nor does a name in prose
(docs/concepts/anchoring-rules.md#dependencies)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from govern.drift.anchors.dependencies import declared_dependencies, removed_dependencies
from govern.drift.docs.corpus import Page
from govern.drift.docs.installs import installed
from govern.drift.docs.lines import mention_lines
from tests.helpers import build_index, pr_repo, run_json

PYPROJECT = '[project]\nname = "shop"\nversion = "1.0"\ndependencies = [{deps}]\n{rest}'
CODE = {"shop/__init__.py": "def buy():\n    pass\n"}
PAGES = {
    "docs/themes.md": "# Themes\n\nInstall the theme:\n\n```sh\n"
                      "pip install mkdocs mkdocs-bootswatch\n```\n",
    "docs/about.md": "# About\n\nThe mkdocs-bootswatch package had twelve themes.\n",
    "docs/other.md": "# Other\n\n```sh\npip install mkdocs-material\n```\n",
    "CHANGELOG.md": "# Changes\n\n## 1.0\n\n- Run `pip install mkdocs-bootswatch` for themes.\n",
}


def _rows(data: dict[str, Any]) -> dict[str, tuple[bool, list[tuple[str, str, str]], list[int]]]:
    """Each listed page: stale, its evidence (rule, kind, token) and lines."""
    return {row["path"]: (row["stale"], [(e["rule"], e["kind"], e["token"])
                                         for e in row["evidence"]],
                          sorted({line for e in row["evidence"] for line in e["lines"]}))
            for row in data["docs"] if not row["release_owned"]}


def _pyproject(*deps: str, rest: str = "") -> str:
    return PYPROJECT.format(deps=", ".join(f'"{dep}"' for dep in deps), rest=rest)


def _removed(base: dict[str, str], head: dict[str, str]) -> set[str]:
    return set(removed_dependencies(declared_dependencies(base.get),
                                    declared_dependencies(head.get)))


def test_a_removed_dependency_lists_the_pages_installing_it(tmp_path: Path) -> None:
    """mkdocs cc1c9a3adb dropped ``mkdocs-bootswatch``; its styling page said ``pip install
    mkdocs-bootswatch``. A page naming it in prose, or installing another package, is not
    listed, nor is the changelog's record of the past."""
    base = {**CODE, **PAGES, "pyproject.toml": _pyproject("click", "mkdocs-bootswatch>=0.1")}
    data = run_json(pr_repo(tmp_path, base, {"pyproject.toml": _pyproject("click")}), "main")
    assert _rows(data) == {"docs/themes.md": (
        False, [("install_command", "dependency", "mkdocs-bootswatch")], [6])}
    assert [row["path"] for row in data["docs"] if row["release_owned"]] == []
    assert {"kind": "dependency", "token": "mkdocs-bootswatch", "file": "pyproject.toml",
            "side": "base"} in data["anchors"]
    assert data["anchorless_changes"] == []  # the manifest's anchor is its removed dependency


@pytest.mark.parametrize("head", [
    _pyproject("click", "mkdocs-bootswatch>=1.0"),  # re-versioned
    _pyproject("click", "Mkdocs_Bootswatch>=0.1"),  # re-spelled: the same name (PEP 503)
    _pyproject("click", "mkdocs-bootswatch>=0.1", "jinja2"),  # another one added
    _pyproject("click", rest='[project.optional-dependencies]\nthemes = ["mkdocs-bootswatch"]\n'),
    _pyproject("click", rest='[dependency-groups]\ndev = ["mkdocs-bootswatch"]\n'),
])
def test_a_dependency_still_declared_lists_nothing(tmp_path: Path, head: str) -> None:
    base = {**CODE, **PAGES, "pyproject.toml": _pyproject("click", "mkdocs-bootswatch>=0.1")}
    data = run_json(pr_repo(tmp_path, base, {"pyproject.toml": head}), "main")
    assert _rows(data) == {}
    assert not [a for a in data["anchors"] if a["kind"] == "dependency"]


def test_a_removed_extra_lists_the_pages_installing_it(tmp_path: Path) -> None:
    """typer b66a370ad1 dropped its ``standard`` extra: ``pip install "typer[standard]"``."""
    extras = '[project.optional-dependencies]\nstandard = ["rich", "shellingham"]\n'
    pages = {"README.md": '# shop\n\n```\npip install "shop[standard]"\n```\n',
             "docs/plain.md": "# Install\n\n```\npip install shop\n```\n"}
    base = {**CODE, **pages, "pyproject.toml": _pyproject("click", rest=extras)}
    change = {"pyproject.toml": _pyproject("click", "rich", "shellingham")}
    data = run_json(pr_repo(tmp_path, base, change), "main")
    # rich and shellingham moved into the dependencies: only the extra is gone
    assert _rows(data) == {"README.md": (
        False, [("install_command", "dependency", "shop[standard]")], [4])}


def test_a_removed_npm_dependency_lists_npm_and_yarn_installs(tmp_path: Path) -> None:
    """trpc 80b1178311 replaced ``fastify-websocket``; its page said ``yarn add
    fastify-websocket``. A devDependency is the project's own tool: removing one lists
    nothing, and neither does one moved from ``dependencies`` to ``devDependencies``."""
    def manifest(deps: str, dev: str) -> str:
        return f'{{"name": "srv", "dependencies": {{{deps}}}, "devDependencies": {{{dev}}}}}'

    pages = {"docs/ws.md": "# WebSocket\n\n```bash\nyarn add fastify-websocket\n```\n",
             "docs/npm.md": "# npm\n\nRun `npm i -S fastify-websocket@4` first.\n",
             "docs/dev.md": "# Dev\n\n```\nnpm install --save-dev tsd\n```\n",
             "docs/moved.md": "# Moved\n\n```\npnpm add typescript\n```\n"}
    base = {"src/index.js": "export const x = 1\n", **pages, "package.json": manifest(
        '"fastify-websocket": "^4.0.0", "typescript": "^5"', '"tsd": "^1"')}
    change = {"package.json": manifest('"@fastify/websocket": "^5.0.0"', '"typescript": "^5"')}
    data = run_json(pr_repo(tmp_path, base, change), "main")
    assert _rows(data) == {
        "docs/ws.md": (False, [("install_command", "dependency", "fastify-websocket")], [4]),
        "docs/npm.md": (False, [("install_command", "dependency", "fastify-websocket")], [3])}


def test_requirements_txt_and_setup_py_are_read(tmp_path: Path) -> None:
    """A requirements.txt changed alone is read as the package's manifests are; setup.py's
    ``install_requires`` list too (black bd9d52b52d dropped ``regex``)."""
    setup = "from setuptools import setup\nsetup(name='shop', install_requires=[{}])\n"
    pages = {"docs/editors.md": "# Editors\n\n    $ pip install --no-binary :all: regex\n",
             "docs/yaml.md": "# YAML\n\n```\npython -m pip install PyYAML\n```\n"}
    base = {**CODE, **pages, "setup.py": setup.format("'regex>=2021', 'click'"),
            "requirements.txt": "# runtime\npyyaml==6.0\t# parser\n-r extra.txt\n"}
    data = run_json(pr_repo(tmp_path, base, {"requirements.txt": "# runtime\n"}), "main")
    assert _rows(data) == {"docs/yaml.md": (
        False, [("install_command", "dependency", "pyyaml")], [4])}
    data = run_json(pr_repo(tmp_path / "2", base, {"setup.py": setup.format("'click'")}), "main")
    assert _rows(data) == {"docs/editors.md": (
        False, [("install_command", "dependency", "regex")], [3])}


def test_an_unreadable_manifest_anchors_nothing(tmp_path: Path) -> None:
    """A side that cannot be read whole is not judged: the manifest is NOT COVERED as
    before."""
    pages = {"docs/use.md": "# Use\n\n```\nnpm install lodash\n```\n"}
    base = {**pages, "index.js": "export const a = 1\n",
            "package.json": '{"name": "a", "dependencies": {"lodash": "^4"}}'}
    data = run_json(pr_repo(tmp_path, base, {"package.json": '{"name": "a", '}), "main")
    assert _rows(data) == {}
    assert [entry["path"] for entry in data["anchorless_changes"]] == ["package.json"]


def test_a_dependency_another_package_still_declares_is_not_removed(tmp_path: Path) -> None:
    def manifest(name: str, deps: str) -> str:
        return f'{{"name": "{name}", "dependencies": {{{deps}}}}}'

    base = {"a/package.json": manifest("a", '"lodash": "^4", "chalk": "^5"'),
            "b/package.json": manifest("b", '"lodash": "^4"'),
            "a/index.js": "export const a = 1\n", "b/index.js": "export const b = 1\n",
            "docs/use.md": "# Use\n\n```\nnpm install lodash chalk\n```\n"}
    data = run_json(pr_repo(tmp_path, base, {"a/package.json": manifest("a", "")}), "main")
    assert _rows(data) == {"docs/use.md": (
        False, [("install_command", "dependency", "chalk")], [4])}


@pytest.mark.parametrize(("base", "head", "gone"), [
    # Poetry: dependencies by key (``python`` is the runtime), extras, dev groups
    ({"pyproject.toml": '[tool.poetry]\nname = "Shop"\n[tool.poetry.dependencies]\n'
                       'python = "^3.8"\nFoo_Bar = "^1"\nbaz = "^2"\n'
                       '[tool.poetry.extras]\nfast = ["baz"]\n'},
     {"pyproject.toml": '[tool.poetry]\nname = "Shop"\n[tool.poetry.dependencies]\n'
                        'python = "^3.9"\n[tool.poetry.group.dev.dependencies]\nbaz = "^2"\n'},
     {"foo-bar", "shop[fast]"}),
    # flit's metadata (fastapi 11d0a08acd dropped aiofiles from its ``all`` extra)
    ({"pyproject.toml": '[tool.flit.metadata]\nmodule = "fastapi"\nrequires = ["starlette"]\n'
                        '[tool.flit.metadata.requires-extra]\nall = ["aiofiles >=0.5.0"]\n'},
     {"pyproject.toml": '[tool.flit.metadata]\nmodule = "fastapi"\nrequires = ["starlette"]\n'
                        '[tool.flit.metadata.requires-extra]\nall = []\n'},
     {"aiofiles"}),
    # setup.cfg, its extras by section
    ({"setup.cfg": "[metadata]\nname = shop\n[options]\ninstall_requires =\n    click>=7\n"
                   "    colorama; platform_system == 'Windows'\n"
                   "[options.extras_require]\nyaml = pyyaml\n"},
     {"setup.cfg": "[metadata]\nname = shop\n[options]\ninstall_requires =\n    click>=8\n"},
     {"colorama", "pyyaml", "shop[yaml]"}),
    # setup.py: a conditional entry's both branches, extras in a dict literal
    ({"setup.py": "setup(name='shop', install_requires=['a' if X else 'b', 'c'],\n"
                  "      extras_require={'z': ['zed']})\n"},
     {"setup.py": "setup(name='shop', install_requires=['a'])\n"},
     {"b", "c", "zed", "shop[z]"}),
    # a setup.py list this reader cannot see: the side is not judged
    ({"setup.py": "setup(install_requires=['a', 'b'])\n"},
     {"setup.py": "setup(install_requires=REQUIRES)\n"}, set()),
    ({"setup.py": "setup(install_requires=['a', 'b'])\n"},
     {"setup.py": "kw = {'install_requires': ['a']}\nsetup(**kw)\n"}, set()),
    # a package deleted: its dependencies leave with it, no page goes stale over them
    ({"package.json": '{"dependencies": {"left-pad": "1"}}'}, {}, set()),
    # npm names are compared as written
    ({"package.json": '{"dependencies": {"@scope/Pkg": "1", "x": "1"}}'},
     {"package.json": '{"dependencies": {"@scope/pkg": "1", "x": "2"}}'}, {"@scope/Pkg"}),
])
def test_the_manifest_readers(base: dict[str, str], head: dict[str, str],
                              gone: set[str]) -> None:
    assert _removed(base, head) == gone


@pytest.mark.parametrize(("line", "names"), [
    ("pip install mkdocs mkdocs-bootswatch", ["mkdocs", "mkdocs-bootswatch"]),
    ('pip install "typer[Standard,all]>=0.9"', ["typer", "typer[standard]", "typer[all]"]),
    ("python -m pip install -U Foo_Bar==1.0", ["foo-bar"]),
    ("pip install -r requirements.txt -e . -c constraints.txt git+https://x/y.git", []),
    ("uv add httpx; poetry add rich && pdm add trio", ["httpx", "rich", "trio"]),
    ("npm i -D pino-pretty @fastify/websocket@5 ./local user/repo", [
        "pino-pretty", "@fastify/websocket"]),
    ("yarn add fastify-websocket # or: pnpm add ws", ["fastify-websocket", "ws"]),
    ("pip install \\\n    httpx", ["httpx"]),  # a command continued on the next line
    ("npm install", []),  # the project's own dependencies
    ("Successfully installed typer rich", []),
    ("pipenv install x", []),  # no installer this reads
])
def test_an_install_command_names_its_packages(line: str, names: list[str]) -> None:
    assert [name for name, _ in installed(f"```sh\n{line}\n```\n", "a.md")] == names


def test_an_install_command_counts_in_code_only() -> None:
    text = ("# Install\n\nRun pip install alpha in a shell.\n\n"  # prose
            "Run `pip install beta` or `python -m pip install gamma`.\n\n"  # code spans
            # a fence an admonition indents
            "!!! note\n\n    ```\n    pip install delta\n    ```\n\n"
            "They will need installing with `pip\ninstall x` or `pip install epsilon`.\n")
    assert [name for name, _ in installed(text, "a.md")] == ["beta", "gamma", "delta",
                                                              "epsilon"]


def test_the_index_finds_the_pages_and_the_lines() -> None:
    pages = [Page(path, f"b{i}", path == "CHANGELOG.md") for i, path in enumerate(PAGES)]
    blobs = {f"b{i}": text.encode() for i, text in enumerate(PAGES.values())}
    index = build_index(pages, blobs.get)
    assert {pages[i].path for i in index.installing("mkdocs-bootswatch")} == {"docs/themes.md"}
    assert {pages[i].path for i in index.installing("mkdocs-material")} == {"docs/other.md"}
    assert index.installing("mkdocs-bootstrap") == set()
    assert mention_lines(PAGES["docs/themes.md"], "docs/themes.md", "mkdocs-bootswatch",
                         "install") == (6,)
