"""Python as repositories hold it (issue 14): sources in a PEP 263 encoding, paths with spaces,
quotes and newlines, setup.cfg names; and the root package kept beside a dev-only manifest
edit. Each through the real pipeline on a real repository, and each the other way too."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from govern.cli import cli
from govern.config import Config
from govern.drift.report import render_text
from govern.drift.run import read_affected_docs
from govern.git.gitio import Git
from govern.git.packages import manifest_name
from tests.gitrepo import Repo, make_repo


def pr_repo(tmp_path: Path, base: Mapping[str, str | bytes | None],
            change: Mapping[str, str | bytes | None]) -> Repo:
    repo = make_repo(tmp_path / "repo", dict(base))
    repo.branch("pr")
    repo.commit(dict(change), "pr")
    return repo


def affected(repo: Repo, *args: str) -> dict[str, Any]:
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs", "--json",
                                      "--head", "pr", *args, "main"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def tokens(data: dict[str, Any]) -> list[str]:
    return [anchor["token"] for anchor in data["anchors"]]


# -- PEP 263 -------------------------------------------------------------------------------------

def latin1(declared: bool, value: str) -> bytes:
    header = "# -*- coding: latin-1 -*-\n" if declared else "# a comment\n"
    return (f"{header}naïve_default = {value}\n\n\ndef résumé_of(x):\n    return x\n"
            ).encode("latin-1")


@pytest.mark.parametrize("declared", [True, False], ids=["declared", "undeclared"])
def test_a_declared_encoding_is_read_as_declared(tmp_path: Path, declared: bool) -> None:
    repo = pr_repo(tmp_path, {"lib/mod.py": latin1(declared, "1")},
                   {"lib/mod.py": latin1(declared, "2")})
    data = affected(repo)
    if declared:  # PEP 263: the file is latin-1, and its names are what Python reads
        assert data["parse_errors"] == []
        assert tokens(data) == ["naïve_default", "mod.naïve_default"]
    else:  # undeclared, it must be UTF-8: latin-1 bytes are an error, said as one
        assert [(e["path"], e["side"]) for e in data["parse_errors"]] == [
            ("lib/mod.py", "base"), ("lib/mod.py", "head")]
        assert "naïve_default" not in tokens(data)


def test_a_byte_order_mark_is_not_a_syntax_error(tmp_path: Path) -> None:
    source = "\ufeffdef start_engine():\n    return {}\n"
    repo = pr_repo(tmp_path, {"lib/engine.py": source.format(1).encode()},
                   {"lib/engine.py": source.format(2).encode()})
    data = affected(repo)
    assert (data["parse_errors"], tokens(data)) == ([], ["start_engine", "engine.start_engine"])


# -- paths: spaces, quotes, dots and newlines -----------------------------------------------------

ODD_BASE: dict[str, str | bytes | None] = {
    "src/my pkg/__init__.py": "",
    "src/my pkg/mod.py": "def alpha_func():\n    return 1\n",
    'src/qu"ote/__init__.py': "",
    'src/qu"ote/mod.py': "def beta_func():\n    return 1\n",
    "src/dotted.name.py": "def gamma_func():\n    return 1\n",
    "src/new\nline.py": "def delta_func():\n    return 1\n",
    "src/plain/__init__.py": "",
    "src/plain/mod.py": "def epsilon_func():\n    return 1\n",
    "docs/a b.md": "`alpha_func`, `beta_func`, `gamma_func`, `epsilon_func`\n",
    "docs/new\nline.md": "`delta_func`\n",
}
ODD_CHANGE: dict[str, str | bytes | None] = {
    path: text.replace("return 1", "return 2") for path, text in ODD_BASE.items()
    if isinstance(text, str) and text.startswith("def ")}


def test_odd_paths_give_no_dotted_names_and_stay_one_line(tmp_path: Path) -> None:
    repo = pr_repo(tmp_path, ODD_BASE, ODD_CHANGE)
    data = affected(repo)
    # a folder or file name that is not an identifier cannot be imported: bare names only;
    # an importable package beside them still gets its dotted name
    assert sorted(tokens(data)) == ["alpha_func", "beta_func", "delta_func", "epsilon_func",
                                    "gamma_func", "plain.mod.epsilon_func"]
    assert [row["path"] for row in data["docs"]] == ["docs/a b.md", "docs/new\nline.md"]
    text = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs", "--head",
                                    "pr", "main"])
    assert text.exit_code == 0
    assert text.stdout == "docs/a b.md\ndocs/new\\nline.md\n"


def test_the_report_keeps_a_newline_path_on_its_line(tmp_path: Path) -> None:
    repo = pr_repo(tmp_path, ODD_BASE, ODD_CHANGE)
    git = Git(repo.root)
    try:
        report = render_text(read_affected_docs(git, Config(), "pr", "main"))
    finally:
        git.close()
    assert ("  - docs/new\\nline.md:1  via delta_func (symbol, code-shaped name)"
            in report.splitlines())
    assert "line.md" not in [line[:7] for line in report.splitlines()]


# -- setup.cfg ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "name"), [
    ("[metadata]\nname = acme-tools\nversion = 1\n", "acme-tools"),
    ("[flake8]\nname = not-this\n\n[metadata]\nversion = 1\nname = acme\n", "acme"),
    ("# name = commented\n[metadata]\nname=acme\n", "acme"),
    ("[options]\nname = not-a-package-name\n", None),
    ("[metadata\nname = broken\n", None),
    ("no sections at all\nname = x\n", None),
])
def test_setup_cfg_name_is_read_as_setuptools_does(text: str, name: str | None) -> None:
    assert manifest_name("setup.cfg", text) == (name, False)


def test_setup_cfg_names_the_changed_package(tmp_path: Path) -> None:
    base = {"tools/setup.cfg": "[flake8]\nname = lint\n\n[metadata]\nname = acme-tools\n",
            "tools/acme_tools/__init__.py": "def run_tool():\n    return 1\n"}
    repo = pr_repo(tmp_path, base, {"tools/acme_tools/__init__.py":
                                    "def run_tool():\n    return 2\n"})
    assert affected(repo)["changed_packages"] == [{"dir": "tools", "name": "acme-tools"}]


# -- the root package beside a dev-only manifest edit ----------------------------------------------

ROOT_BASE: dict[str, str | bytes | None] = {
    "pyproject.toml": '[project]\nname = "acme"\n[tool.ruff]\nline-length = 80\n',
    "acme/__init__.py": "def start_engine():\n    return 1\n",
    "zeta/__init__.py": "def stop_engine():\n    return 1\n",
    "docs/engine.md": "`start_engine`, then `stop_engine`.\n",
}
DEV_ONLY = {"pyproject.toml": '[project]\nname = "acme"\n[tool.ruff]\nline-length = 90\n'}


@pytest.mark.parametrize("code", ["acme/__init__.py", "zeta/__init__.py"],
                         ids=["code-before-manifest", "code-after-manifest"])
def test_the_root_package_stays_beside_a_dev_only_manifest_edit(tmp_path: Path,
                                                                code: str) -> None:
    text = ROOT_BASE[code]
    assert isinstance(text, str)
    repo = pr_repo(tmp_path, ROOT_BASE, {**DEV_ONLY, code: text.replace("1", "2")})
    data = affected(repo)
    assert data["changed_packages"] == [{"dir": ".", "name": "acme"}]
    assert data["skipped"]["dev_only_manifests"] == 1
    comment = CliRunner().invoke(cli, ["comment", "drift", "--from", "-"],
                                 input=json.dumps(data))
    assert "This PR changes **1** package(s): `acme`" in comment.stdout


def test_a_dev_only_manifest_edit_alone_changes_no_package(tmp_path: Path) -> None:
    repo = pr_repo(tmp_path, ROOT_BASE, DEV_ONLY)
    data = affected(repo)
    assert (data["changed_packages"], data["skipped"]["dev_only_manifests"]) == ([], 1)
