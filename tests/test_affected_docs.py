"""affected-docs end to end on real repositories: one case each rule must match and one it
must not (issue 2)."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from govern.cli import cli
from govern.drift.scans import DOCS_INDEX_FILE
from tests.gitrepo import Repo, make_repo
from tests.helpers import PY_PKG, pr_repo, rows, run_json


def test_changed_method_anchors_the_method_not_the_class(tmp_path: Path) -> None:
    docs = {"docs/engine.md": "Use `Engine.spin_up` to start.\n",
            "docs/class.md": "The `Engine` class.\n",
            "docs/halt.md": "Call `Engine.halt_now`.\n"}
    # a new parameter: the signature the directive renders changed
    repo = pr_repo(tmp_path, {**PY_PKG, **docs}, {
        "pkg/src/acme/_core.py": PY_PKG["pkg/src/acme/_core.py"].replace(
            "def spin_up(self):", "def spin_up(self, gear=1):")})
    data = run_json(repo, "main")
    assert rows(data) == {"docs/engine.md": ["Engine.spin_up"]}
    assert {a["token"] for a in data["anchors"]} == {"spin_up", "Engine.spin_up",
                                                     "acme.Engine.spin_up"}
    assert data["weak_anchors_dropped"] == []


def test_changed_local_anchors_its_function(tmp_path: Path) -> None:
    docs = {"docs/start.md": "Run `start_engine()` first.\n",
            "docs/local.md": "The `local_value` knob.\n"}
    repo = pr_repo(tmp_path, {**PY_PKG, **docs}, {
        "pkg/src/acme/_core.py": PY_PKG["pkg/src/acme/_core.py"].replace("local_value = 1",
                                                                         "local_value = 5")})
    data = run_json(repo, "main")
    assert rows(data) == {"docs/start.md": ["start_engine"]}


def test_removed_export_is_stale_and_changed_symbol_is_not(tmp_path: Path) -> None:
    docs = {"docs/retire.md": "Call `acme._core.retire_engine` ... or `retire_engine`.\n",
            "docs/halt.md": "Call `Engine.halt_now`.\n",
            "CHANGELOG.md": "- 1.0: add `retire_engine`.\n"}
    core = PY_PKG["pkg/src/acme/_core.py"]
    new_core = core.split("\n\n\ndef retire_engine")[0].replace("return 0", "return 1") + "\n"
    repo = pr_repo(tmp_path, {**PY_PKG, **docs}, {"pkg/src/acme/_core.py": new_core})
    data = run_json(repo, "main")
    by_path = {row["path"]: row for row in data["docs"]}
    assert by_path["docs/retire.md"]["stale"] is True
    # a release note naming it records its history: listed, release-owned, not stale
    assert by_path["CHANGELOG.md"]["release_owned"] is True
    assert by_path["CHANGELOG.md"]["stale"] is False
    assert "(1 stale, 1 release-owned)" in data["summary"]
    assert {a["side"] for a in by_path["docs/retire.md"]["anchors"]} == {"base"}
    assert by_path["docs/halt.md"]["stale"] is False
    assert by_path["docs/halt.md"]["anchors"] == [
        {"kind": "symbol", "token": "Engine.halt_now", "side": "both"}]


def test_renamed_file_reads_the_old_path_on_the_base_side(tmp_path: Path) -> None:
    docs = {"docs/retire.md": "See `retire_engine`.\n"}
    repo = make_repo(tmp_path / "repo", {**PY_PKG, **docs})
    repo.branch("pr")
    repo.mv("pkg/src/acme/_core.py", "pkg/src/acme/_engine.py")
    core = PY_PKG["pkg/src/acme/_core.py"]
    repo.commit({"pkg/src/acme/_engine.py": core.replace("return None", "return 1")})
    data = run_json(repo, "main")
    assert rows(data) == {"docs/retire.md": ["retire_engine"]}
    assert data["docs"][0]["stale"] is False
    anchor = next(a for a in data["anchors"] if a["token"] == "retire_engine")
    assert anchor == {"kind": "symbol", "token": "retire_engine",
                      "file": "pkg/src/acme/_engine.py", "side": "both"}


def test_test_only_change_anchors_nothing_and_is_counted(tmp_path: Path) -> None:
    base = {**PY_PKG, "pkg/tests/test_engine.py": "def test_x():\n    assert True\n",
            "pkg/src/acme/engine.spec.ts": "export const Probe = 1;\n",
            "docs/a.md": "`test_x` and `Probe`\n"}
    repo = pr_repo(tmp_path, base, {
        "pkg/tests/test_engine.py": "def test_x():\n    assert 1\n",
        "pkg/src/acme/engine.spec.ts": "export const Probe = 2;\n"})
    data = run_json(repo, "main")
    assert data["anchors"] == [] and data["docs"] == []
    assert data["skipped"]["test_files"] == 2
    assert data["summary"].startswith("Nothing in this diff resolved to a documentable surface")


def test_package_scripts_folder_is_skipped_but_src_scripts_is_code(tmp_path: Path) -> None:
    base = {**PY_PKG, "pkg/scripts/release_tool.py": "def cut_release():\n    pass\n",
            "pkg/src/scripts/loader.py": "def load_plugins():\n    pass\n",
            "docs/a.md": "`cut_release` and `load_plugins`\n"}
    repo = pr_repo(tmp_path, base, {
        "pkg/scripts/release_tool.py": "def cut_release():\n    return 1\n",
        "pkg/src/scripts/loader.py": "def load_plugins():\n    return 1\n"})
    data = run_json(repo, "main")
    assert data["skipped"]["script_files"] == 1
    assert rows(data) == {"docs/a.md": ["load_plugins"]}


@pytest.mark.parametrize(("manifest", "before", "after", "dev_only"), [
    ("package.json", '{"name": "x", "devDependencies": {"a": "1"}}',
     '{"name": "x", "devDependencies": {"a": "2"}}', True),
    ("package.json", '{"name": "x", "scripts": {"t": "a"}}',
     '{"name": "x", "scripts": {"t": "b"}}', True),
    ("package.json", '{"name": "x", "exports": "./a.js"}',
     '{"name": "x", "exports": "./b.js"}', False),
    ("package.json", '{"name": "x", "dependencies": {"a": "1"}}',
     '{"name": "x", "dependencies": {"a": "2"}}', False),
    ("package.json", '{"name": "x"}', '{"name": "x",', False),
    ("pyproject.toml", '[project]\nname = "x"\n[tool.ruff]\nline-length = 80\n',
     '[project]\nname = "x"\n[tool.ruff]\nline-length = 90\n', True),
    ("pyproject.toml", '[project]\nname = "x"\n[dependency-groups]\ndev = ["a"]\n',
     '[project]\nname = "x"\n[dependency-groups]\ndev = ["b"]\n', True),
    # re-versioned: a dependency removed would be its anchor (anchoring-rules.md#dependencies)
    ("pyproject.toml", '[project]\nname = "x"\ndependencies = ["a>=1"]\n',
     '[project]\nname = "x"\ndependencies = ["a>=2"]\n', False),
])
def test_dev_only_manifest_edits(tmp_path: Path, manifest: str, before: str, after: str,
                                 dev_only: bool) -> None:
    repo = pr_repo(tmp_path, {f"lib/{manifest}": before}, {f"lib/{manifest}": after})
    data = run_json(repo, "main")
    assert data["skipped"]["dev_only_manifests"] == (1 if dev_only else 0)
    if dev_only:
        assert data["anchorless_changes"] == [] and data["changed_packages"] == []
    else:
        assert data["anchorless_changes"] == [{
            "path": f"lib/{manifest}",
            "reason": "package manifest changed: manifests yield no anchor"}]


def test_a_page_outside_the_corpus_is_skipped_prose_not_an_uncovered_file(
        tmp_path: Path) -> None:
    base = {**PY_PKG, "govern.toml": '[docs]\npaths = ["docs/**/*.md"]\n',
            "pkg/README.md": "# acme\n", "pkg/style.css": "a {}\n"}
    repo = pr_repo(tmp_path, base, {"pkg/README.md": "# acme engine\n",
                                    ".changeset/quick-fox.md": "---\nacme: patch\n---\nFix.\n"})
    data = run_json(repo, "main")
    assert data["skipped"]["docs_pages"] == 2
    assert data["anchorless_changes"] == [] and data["changed_packages"] == []
    assert "NOT COVERED" not in data["summary"]
    # a stylesheet is code no extractor reads: that stays NOT COVERED
    repo.commit({"pkg/style.css": "a { color: red }\n"})
    data = run_json(repo, "main")
    assert data["anchorless_changes"] == [
        {"path": "pkg/style.css", "reason": "no anchor extractor for .css files"}]
    assert "NOT COVERED" in data["summary"] and data["skipped"]["docs_pages"] == 2


def test_docs_page_change_is_not_code(tmp_path: Path) -> None:
    repo = pr_repo(tmp_path, {**PY_PKG, "docs/a.md": "x\n"}, {"docs/a.md": "`Engine.spin_up`\n"})
    data = run_json(repo, "main")
    assert data["anchorless_changes"] == [] and data["anchors"] == []


def test_generic_word_never_anchors(tmp_path: Path) -> None:
    base = {"lib/api.py": "def status():\n    return 1\n\n\ndef get_status():\n    return 1\n",
            "docs/a.md": "```\nstatus()\nget_status()\n```\n"}
    repo = pr_repo(tmp_path, base, {
        "lib/api.py": "def status():\n    return 2\n\n\ndef get_status():\n    return 2\n"})
    data = run_json(repo, "main")
    assert {"token": "status", "kind": "symbol"} in data["weak_anchors_dropped"]
    assert rows(data) == {"docs/a.md": ["get_status"]}


def test_plain_word_anchors_only_in_call_form(tmp_path: Path) -> None:
    base = {"lib/api.py": "def parse(text):\n    return text\n\n\ndef render(x):\n    return x\n",
            "docs/parse.md": "Call `parse()` on the input.\n",
            "docs/render.md": "We render the page.\n"}
    repo = pr_repo(tmp_path, base, {
        "lib/api.py": "def parse(text):\n    return text.strip()\n\n\n"
                      "def render(x):\n    return str(x)\n"})
    data = run_json(repo, "main")
    assert rows(data) == {"docs/parse.md": ["parse"]}
    assert {"token": "render", "kind": "symbol"} in data["weak_anchors_dropped"]


def test_a_plain_word_of_example_code_is_the_reader_s_own(tmp_path: Path) -> None:
    code = "def create():\n    return 1\n\n\ndef create_user():\n    return 2\n"
    # b.md shows the changed example's sibling: one showing no example of the folder is
    # about another (test_example_code.py)
    docs = {"docs/a.md": "```\nitem = create()\n```\n",
            "docs/b.md": "{* ../docs_src/tutorial002.py *}\n\nSee `create_user`.\n"}
    data = run_json(pr_repo(tmp_path, {"docs_src/tutorial001.py": code,
                                       "docs_src/tutorial002.py": code, **docs}, {
        "docs_src/tutorial001.py": code.replace("return", "return 0 +")}), "main")
    # `create()` in a page is what a tutorial's reader writes; a code-shaped name still names it
    assert rows(data) == {"docs/b.md": ["create_user"]}
    assert {"token": "create", "kind": "symbol"} in data["weak_anchors_dropped"]


@pytest.mark.parametrize(("code", "changed"), [
    ("app = make_app()\n\n\ndef create():\n    return app\n",
     "app = make_app(debug=True)\n\n\ndef create():\n    return [app]\n"),
    ("export const app = makeApp();\nexport const create = () => app;\n",
     "export const app = makeApp(true);\nexport const create = () => [app];\n"),
])
def test_a_plain_word_bound_to_a_value_is_no_call_form_anchor(tmp_path: Path, code: str,
                                                             changed: str) -> None:
    path = "lib/api.py" if "def " in code else "web/api.ts"
    docs = {"docs/app.md": "```\napp()\n```\n", "docs/create.md": "Call `create()`.\n"}
    data = run_json(pr_repo(tmp_path, {path: code, **docs}, {path: changed}), "main")
    # `app()` calls whatever the reader bound; a function is still named in call form
    assert rows(data) == {"docs/create.md": ["create"]}
    assert {"token": "app", "kind": "symbol"} in data["weak_anchors_dropped"]


@pytest.mark.parametrize(("example", "listed"), [
    ("out = parse(text)", True),
    ("def parse(text):\n    return text", False),          # the reader's own function
    ("async def parse(text):\n    return text", False),
    ("class parse(Base):\n    pass", False),
    # a JS example page shows the example app's own source: kept as a call form
    ("function parse(text) {\n  return text;\n}", True),
    ("const out = await parse(text);", True),
])
def test_a_definition_written_in_a_page_is_no_call(tmp_path: Path, example: str,
                                                  listed: bool) -> None:
    code = "def parse(text):\n    return text\n"
    repo = pr_repo(tmp_path, {"lib/api.py": code, "docs/a.md": f"```\n{example}\n```\n"},
                   {"lib/api.py": code.replace("return text", "return text.strip()")})
    assert rows(run_json(repo, "main")) == ({"docs/a.md": ["parse"]} if listed else {})


def test_overbroad_anchor_is_dropped_with_its_count(tmp_path: Path) -> None:
    pages = {f"docs/p{i}.md": f"page {i} uses `sharedHelper`\n" for i in range(5)}
    base = {"web/util.ts": "export function sharedHelper() { return 1; }\n", **pages}
    repo = pr_repo(tmp_path, base, {
        "web/util.ts": "export function sharedHelper() { return 2; }\n"})
    data = run_json(repo, "main")
    assert data["overbroad_anchors"] == [
        {"token": "sharedHelper", "kind": "symbol", "pages": 5}]
    assert data["docs"] == []


HELPER_CHANGE = {"web/util.ts": "export function sharedHelper() { return 2; }\n"}
HELPER_BASE = {"web/util.ts": "export function sharedHelper() { return 1; }\n",
               **{f"docs/other{i}.md": "Nothing here.\n" for i in range(3)}}


def test_a_changelog_is_not_counted_toward_an_over_broad_anchor(tmp_path: Path) -> None:
    """uvicorn's ``--port`` on 3 hand-written pages and ``CHANGELOG.md`` had been dropped as
    over-broad: the changelog names it in passing and is listed apart."""
    pages = {f"docs/p{i}.md": f"page {i} uses `sharedHelper`\n" for i in range(3)}
    repo = pr_repo(tmp_path, {**HELPER_BASE, **pages,
                              "CHANGELOG.md": "- `sharedHelper` is faster\n"}, HELPER_CHANGE)
    data = run_json(repo, "main")
    assert data["overbroad_anchors"] == []
    assert [(r["path"], r["release_owned"]) for r in data["docs"]] == [
        ("CHANGELOG.md", True), ("docs/p0.md", False), ("docs/p1.md", False),
        ("docs/p2.md", False)]


def test_an_anchor_on_too_many_hand_written_pages_is_still_over_broad(tmp_path: Path) -> None:
    """Four hand-written pages in a corpus of eight (and a changelog) are a hub term: the
    count, without the changelog, is said."""
    pages = {f"docs/p{i}.md": f"page {i} uses `sharedHelper`\n" for i in range(4)}
    repo = pr_repo(tmp_path, {**HELPER_BASE, **pages,
                              "CHANGELOG.md": "- `sharedHelper` is faster\n"}, HELPER_CHANGE)
    data = run_json(repo, "main")
    assert data["overbroad_anchors"] == [
        {"token": "sharedHelper", "kind": "symbol", "pages": 4}]
    assert data["docs"] == []


def test_release_notes_count_in_the_corpus_not_in_an_anchors_pages(tmp_path: Path) -> None:
    """The share is of the whole corpus: 20 hand-written pages and 20 release notes allow 6
    pages (15 % of 40). An anchor on 4 hand-written pages that every release note names too
    is no hub term, and one on 7 is."""
    def corpus(named: int) -> dict[str, str]:
        pages = {f"docs/p{i:02}.md": (f"page {i} uses `sharedHelper`\n" if i < named
                                      else "Other.\n") for i in range(20)}
        return {**pages, **{f"docs/releases/v{i}.md": "Faster `sharedHelper`.\n"
                            for i in range(20)}}
    data = run_json(pr_repo(tmp_path / "few", {**HELPER_BASE, **corpus(4)}, HELPER_CHANGE),
                    "main")
    assert data["overbroad_anchors"] == [] and len(data["docs"]) == 24
    data = run_json(pr_repo(tmp_path / "many", {**HELPER_BASE, **corpus(7)}, HELPER_CHANGE),
                    "main")
    assert data["overbroad_anchors"] == [{"token": "sharedHelper", "kind": "symbol", "pages": 7}]


def test_bare_symbol_does_not_match_inside_a_dotted_or_longer_name(tmp_path: Path) -> None:
    base = {"web/meta.ts": "export function getAudit() { return 1; }\n",
            "docs/dotted.md": "Call `meta.getAudit()`.\n",
            "docs/longer.md": "Call `getAuditLog()`.\n",
            "docs/exact.md": "Call `getAudit()`.\n"}
    repo = pr_repo(tmp_path, base, {"web/meta.ts": "export function getAudit() { return 2; }\n"})
    data = run_json(repo, "main")
    assert rows(data) == {"docs/exact.md": ["getAudit"]}


def test_sphinx_role_and_mkdocstrings_block_name_their_symbols(tmp_path: Path) -> None:
    docs = {"docs/api.rst": "Spin with :meth:`~acme.Engine.spin_up`.\n",
            "docs/ref.md": "# Reference\n\n::: acme.Engine\n\nThe engine.\n",
            "docs/other.md": "::: acme.Other\n"}
    # a new parameter: the signature the directive renders changed
    repo = pr_repo(tmp_path, {**PY_PKG, **docs}, {
        "pkg/src/acme/_core.py": PY_PKG["pkg/src/acme/_core.py"].replace(
            "def spin_up(self):", "def spin_up(self, gear=1):")})
    data = run_json(repo, "main")
    assert rows(data) == {"docs/api.rst": ["spin_up", "Engine.spin_up", "acme.Engine.spin_up"],
                          "docs/ref.md": ["acme.Engine.spin_up"]}


def test_release_page_is_partitioned(tmp_path: Path) -> None:
    base = {"web/a.ts": "export function fetchAll() { return 1; }\n",
            "docs/releases/v1.md": "Added `fetchAll`.\n", "docs/use.md": "Use `fetchAll`.\n",
            "CHANGELOG.md": "- `fetchAll`\n"}
    repo = pr_repo(tmp_path, base, {"web/a.ts": "export function fetchAll() { return 2; }\n"})
    data = run_json(repo, "main")
    assert [(r["path"], r["release_owned"]) for r in data["docs"]] == [
        ("CHANGELOG.md", True), ("docs/releases/v1.md", True), ("docs/use.md", False)]
    assert data["release_owned_docs"] == ["CHANGELOG.md", "docs/releases/v1.md"]


def test_syntax_error_and_non_utf8_page_are_reported_and_the_run_continues(
        tmp_path: Path) -> None:
    base = {"lib/mod.py": "def fine_func():\n    return 1\n",
            "docs/ok.md": "Use `fine_func`.\n", "docs/bad.md": "x\n"}
    repo = make_repo(tmp_path / "repo", base)
    repo.branch("pr")
    repo.commit({"lib/mod.py": "def broken(:\n    pass\n\n\ndef fine_func():\n    return 2\n",
                 "docs/bad.md": b"caf\xe9 `fine_func`\n"})
    data = run_json(repo, "main")
    assert data["parse_errors"] == [{
        "path": "lib/mod.py", "side": "head",
        "message": "syntax error near line 1; tree-sitter recovered, declarations in the "
                   "broken region may be missed"}]
    assert data["unreadable_pages"] == [
        {"path": "docs/bad.md", "reason": "not UTF-8 (invalid byte at offset 3)"}]
    assert rows(data) == {"docs/ok.md": ["fine_func"]}


def test_binary_page_is_unreadable(tmp_path: Path) -> None:
    repo = pr_repo(tmp_path, {"docs/img.md": b"\x89PNG\0\0"}, {"lib/a.py": "x = 1\n"})
    data = run_json(repo, "main")
    assert data["unreadable_pages"] == [{"path": "docs/img.md", "reason": "binary file"}]


def test_symlink_submodule_lfs_and_oversized(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"govern.toml": "[code]\nmax_parse_bytes = 100\n"})
    repo.branch("pr")
    (repo.root / "lib").mkdir()
    (repo.root / "lib" / "link.py").symlink_to("../govern.toml")
    repo.write({"lib/big.js": "export const x = 1;\n" * 20,
                "lib/model.py": "version https://git-lfs.github.com/spec/v1\noid sha256:ab\n"})
    sub = make_repo(tmp_path / "sub")
    repo.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", str(sub.root),
             "vendor/sub")
    repo.commit(message="odd files")
    data = run_json(repo, "main")
    reasons = {a["path"]: a["reason"] for a in data["anchorless_changes"]}
    assert reasons["lib/link.py"] == "symlink: the link target is not parsed"
    assert reasons["vendor/sub"] == "submodule: its contents are another repository's"
    assert reasons["lib/model.py"] == ("Git LFS pointer: the content is stored outside the "
                                       "repository")
    assert data["skipped"]["oversized"] == 1


def test_unknown_base_exits_2_with_the_fix(repo: Repo) -> None:
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs", "--json",
                                      "nope"])
    assert result.exit_code == 2
    assert json.loads(result.stdout) == {
        "judged": False,
        "error": "unknown revision 'nope': it does not name a commit in this repository",
        "remedy": "this repository has no remote to fetch it from: name a branch, tag or "
                  "commit it has (`git branch -a` lists the branches)"}


@pytest.mark.parametrize("base", ["main^", "main~1", "main^1"])
def test_the_parent_of_the_first_commit_exits_2_saying_so(tmp_path: Path, base: str) -> None:
    """A root commit's parent names nothing: said so, not answered with a fetch command."""
    repo = make_repo(tmp_path / "repo", {"a.py": "x = 1\n"})
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs", "--json",
                                      base])
    assert result.exit_code == 2
    answer = json.loads(result.stdout)
    assert answer["error"].startswith(f"{base!r} names the parent of ")
    assert answer["error"].endswith("the repository's first commit, which has none")
    assert "govern affected-docs --all" in answer["remedy"]
    # a commit with a parent: its parent's parent is past the first commit too
    repo.commit({"b.py": "y = 1\n"}, "second")
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs", "--json",
                                      "main~2"])
    assert json.loads(result.stdout)["error"].startswith("'main~2' names the parent of ")
    # a shallow clone's first commit is only where its history was cut: fetch, not "none"
    shallow = tmp_path / "shallow"
    subprocess.run(["git", "clone", "-q", "--depth", "1", f"file://{repo.root}", str(shallow)],
                   check=True)
    result = CliRunner().invoke(cli, ["--repo-dir", str(shallow), "affected-docs", "--json",
                                      "main~1"])
    assert result.exit_code == 2
    answer = json.loads(result.stdout)
    assert answer["error"] == ("unknown revision 'main~1': it does not name a commit in this "
                               "repository")
    assert "fetch" in answer["remedy"]
    # more generations up than the history holds: past the first commit all the same
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs", "--json",
                                      "main~5"])
    assert json.loads(result.stdout)["error"].startswith("'main~5' names the parent of ")
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs", "--json",
                                      "main^2"])
    assert json.loads(result.stdout)["error"] == (
        "unknown revision 'main^2': it does not name a commit in this repository")


def test_no_common_history_exits_2(repo: Repo) -> None:
    repo.git("checkout", "-q", "--orphan", "other")
    repo.commit({"x.py": "y = 1\n"}, "unrelated")
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs", "main"])
    assert result.exit_code == 2
    assert "have no common history" in result.stderr


def test_shallow_clone_without_merge_base_exits_2_with_fetch_command(tmp_path: Path) -> None:
    origin = make_repo(tmp_path / "origin", {"a.py": "x = 1\n"})
    for i in range(3):
        origin.commit({"a.py": f"x = {i + 2}\n"}, f"main {i}")
    origin.branch("pr", "HEAD~2")
    origin.commit({"b.py": "y = 1\n"}, "pr")
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", "--depth", "1", "--no-single-branch",
                    f"file://{origin.root}", str(clone)], check=True)
    subprocess.run(["git", "-C", str(clone), "checkout", "-q", "pr"], check=True)
    result = CliRunner().invoke(cli, ["--repo-dir", str(clone), "affected-docs",
                                      "origin/main"])
    assert result.exit_code == 2
    assert "shallow clone" in result.stderr
    assert "git fetch --unshallow" in result.stderr and "fetch-depth: 0" in result.stderr


def test_default_base_is_found_and_text_mode_prints_paths(tmp_path: Path) -> None:
    repo = pr_repo(tmp_path, {"web/a.ts": "export function fetchAll() {}\n",
                              "docs/use.md": "`fetchAll`\n"},
                   {"web/a.ts": "export function fetchAll() { return 1; }\n"})
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs"])
    assert result.exit_code == 0
    assert result.stdout == "docs/use.md\n"
    assert result.stderr.startswith("1 changed package(s), 1 documentable anchor(s)")


def test_all_lists_every_page_with_no_anchors(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"docs/a.md": "a\n", "docs/b.rst": "b\n",
                                         "docs/gen/x.md": "g\n",
                                         "govern.toml": '[docs]\nexclude = ["docs/gen/**"]\n'})
    data = run_json(repo, "--all")
    assert [(d["path"], d["anchors"]) for d in data["docs"]] == [
        ("docs/a.md", []), ("docs/b.rst", [])]
    assert data["base"] is None and data["merge_base"] is None
    assert data["computed_on"]["dirty"] is False


def test_answer_comes_from_git_objects_not_the_work_tree(tmp_path: Path) -> None:
    repo = pr_repo(tmp_path, {"web/a.ts": "export function fetchAll() {}\n",
                              "docs/use.md": "`fetchAll`\n"},
                   {"web/a.ts": "export function fetchAll() { return 1; }\n"})
    repo.write({"docs/use.md": "nothing here\n", "docs/new.md": "`fetchAll`\n"})
    data = run_json(repo, "main")
    assert rows(data) == {"docs/use.md": ["fetchAll"]}
    assert data["computed_on"]["dirty"] is True


def _store(repo: Repo) -> Path:
    return repo.root / ".git" / "govern" / DOCS_INDEX_FILE


@pytest.mark.parametrize("pages", [
    1,
    70,  # more than a run scans itself: the forked page scan creates the store
])
def test_another_format_s_store_is_left_to_it_until_unused_for_a_day(tmp_path: Path,
                                                                      pages: int) -> None:
    """A govern of another scan format or version on the same checkout keeps its own store:
    the two never drop each other's file under a running process. An upgrade's leftover goes
    once nothing has written it for a day, whichever process creates the new store."""
    more = {f"docs/p{i}.md": f"# Page {i}\n\nPlain words.\n" for i in range(pages - 1)}
    repo = pr_repo(tmp_path, {**PY_PKG, "docs/a.md": "`Engine.spin_up`\n", **more}, {
        "pkg/src/acme/_core.py": PY_PKG["pkg/src/acme/_core.py"].replace("speed = 1",
                                                                         "speed = 2")})
    cache = repo.root / ".git" / "govern"
    cache.mkdir(parents=True)
    recent, old, unrelated = (cache / "docs-index-9.sqlite", cache / "docs-index.sqlite",
                              cache / "bridge-scans-v1.json")
    for leftover in (recent, old, unrelated):
        leftover.write_bytes(b"another version's")
    day_ago = time.time() - 2 * 86_400
    os.utime(old, (day_ago, day_ago))
    os.utime(unrelated, (day_ago, day_ago))
    assert rows(run_json(repo, "main")) == {"docs/a.md": ["Engine.spin_up"]}
    assert _store(repo).exists() and recent.read_bytes() == b"another version's"
    assert not old.exists() and unrelated.exists()


def test_the_index_store_gives_the_same_answer_and_a_damaged_one_is_rebuilt(
        tmp_path: Path) -> None:
    repo = pr_repo(tmp_path, {**PY_PKG, "docs/a.md": "`Engine.spin_up`\n"}, {
        "pkg/src/acme/_core.py": PY_PKG["pkg/src/acme/_core.py"].replace("speed = 1",
                                                                         "speed = 2")})
    first = run_json(repo, "main")
    assert rows(first) == {"docs/a.md": ["Engine.spin_up"]}
    db = sqlite3.connect(_store(repo))
    assert db.execute("SELECT count(*) FROM blobs").fetchone() == (1,)
    db.close()
    assert run_json(repo, "main") == first  # warm: answered from the store
    _store(repo).write_bytes(b"garbage")  # not a database: dropped and rebuilt
    assert run_json(repo, "main") == first
    assert _store(repo).read_bytes()[:15] == b"SQLite format 3"
    db = sqlite3.connect(_store(repo))  # a planted trigger: the schema is not ours
    db.execute("CREATE TABLE evil (x TEXT)")
    db.execute("CREATE TRIGGER t AFTER INSERT ON blobs BEGIN INSERT INTO evil VALUES (1); END")
    db.commit()
    db.close()
    assert run_json(repo, "main") == first
    db = sqlite3.connect(_store(repo))
    assert {name for (name,) in db.execute("SELECT name FROM sqlite_master")} == {
        "blobs", "tokens", "plain", "stamp", "sqlite_autoindex_blobs_1"}
    db.execute("UPDATE blobs SET unreadable = x'ff00'")  # a value of the wrong type: refused
    db.commit()
    db.close()
    assert run_json(repo, "main") == first
    db = sqlite3.connect(_store(repo))
    db.execute("UPDATE stamp SET value = 'another-version'")  # another format: not read
    db.execute("DELETE FROM tokens")
    db.commit()
    db.close()
    assert run_json(repo, "main") == first


def test_package_mentions_are_the_coarse_set(tmp_path: Path) -> None:
    base = {"packages/web/package.json": '{"name": "@acme/web"}',
            "packages/web/src/a.ts": "export function fetchAll() {}\n",
            "docs/install.md": "npm i @acme/web\n", "docs/unrelated.md": "hello\n",
            "docs/dir.md": "see packages/web/src\n"}
    repo = pr_repo(tmp_path, base, {
        "packages/web/src/a.ts": "export function fetchAll() { return 1; }\n"})
    data = run_json(repo, "main")
    assert data["changed_packages"] == [{"dir": "packages/web", "name": "@acme/web"}]
    assert data["package_mention_docs"] == ["docs/dir.md", "docs/install.md"]
    assert data["docs"] == []
    assert "not a clean bill of health" in data["summary"]


def test_base_defaults_to_the_pr_base_branch_then_the_event_payload(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    repo = pr_repo(tmp_path, {"web/a.ts": "export function fetchAll() {}\n",
                              "docs/use.md": "`fetchAll`\n"},
                   {"web/a.ts": "export function fetchAll() { return 1; }\n"})
    base_sha = repo.sha("main")
    repo.git("branch", "-m", "main", "trunk")  # no default name resolves now
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs"])
    assert result.exit_code == 2
    assert "no BASE given and none of the defaults exists" in result.stderr
    repo.git("update-ref", "refs/remotes/origin/trunk", base_sha)
    monkeypatch.setenv("GITHUB_BASE_REF", "trunk")
    assert run_json(repo)["base"] == "refs/remotes/origin/trunk"
    monkeypatch.delenv("GITHUB_BASE_REF")
    event = tmp_path / "event.json"
    event.write_text(json.dumps({"pull_request": {"base": {"sha": base_sha}}}))
    monkeypatch.setenv("GITHUB_EVENT_PATH", str(event))
    assert run_json(repo)["base"] == base_sha
    event.write_text("{not json")
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs"])
    assert result.exit_code == 2
    assert "cannot read the event payload" in result.stderr


def test_several_merge_bases_are_said_in_the_summary(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"web/a.ts": "export function fetchAll() {}\n",
                                         "docs/use.md": "`fetchAll`\n"})
    root = repo.sha("HEAD")
    repo.branch("x", root)
    x1 = repo.commit({"x.txt": "x\n"})
    repo.branch("y", root)
    y1 = repo.commit({"y.txt": "y\n"})
    repo.git("merge", "-q", "--no-edit", x1)  # y2 = merge(y1, x1)
    repo.checkout("x")
    repo.git("merge", "-q", "--no-edit", y1)  # x2 = merge(x1, y1): criss-cross
    repo.commit({"web/a.ts": "export function fetchAll() { return 1; }\n"})
    data = run_json(repo, "y")
    assert "2 merge bases: the diff is from the first" in data["summary"]


def test_a_diff_without_code_has_no_opinion(repo: Repo) -> None:
    repo.commit({"docs/more.md": "# More\n"})
    data = run_json(repo, "HEAD~1")
    assert data["anchors"] == [] and data["docs"] == [] and data["anchorless_changes"] == []
    assert data["summary"] == ("Nothing in this diff resolved to a documentable surface, so "
                               "this run has no opinion about the docs. The docs corpus held 2 "
                               "page(s).")


def test_a_head_already_in_the_base_s_history_says_so(repo: Repo) -> None:
    older = repo.sha("HEAD")
    repo.commit({"web/a.ts": "export function fetchAll() { return 2; }\n"})
    data = run_json(repo, "HEAD", "--head", older)  # the two the other way round
    assert data["docs"] == []
    assert data["summary"] == (
        f"Nothing to read: {older[:12]} is already in the history of HEAD (were --head and BASE "
        "given the other way round?), so the diff is empty. The docs corpus held 1 page(s).")
    # run on the base branch itself: a first run's usual slip
    head = repo.sha("HEAD")
    assert run_json(repo, "main")["summary"] == (
        f"Nothing to read: {head[:12]} is main itself (run it on a branch with changes, or "
        "name another BASE), so the diff is empty. The docs corpus held 1 page(s).")



def test_the_page_cache_does_not_grow_without_bound(tmp_path: Path) -> None:
    repo = pr_repo(tmp_path, {"web/a.ts": "export function fetchAll() {}\n",
                              "docs/use.md": "`fetchAll`\n"},
                   {"web/a.ts": "export function fetchAll() { return 1; }\n"})
    for i in range(6):  # each commit replaces the page: a new blob every time
        repo.commit({"docs/use.md": f"`fetchAll` v{i}\n"})
        run_json(repo, "main")
    db = sqlite3.connect(_store(repo))
    (stored,) = db.execute("SELECT count(*) FROM blobs").fetchone()
    db.close()
    assert 2 <= stored <= 18  # this run's pages, and a bounded number of older ones


def test_configured_generic_names_apply_in_any_case(tmp_path: Path) -> None:
    base = {"govern.toml": '[anchors]\ngeneric_names = ["Widget"]\n',
            "web/a.ts": "export class WIDGET {}\nexport function widget() {}\n",
            "docs/a.md": "`WIDGET` and `widget()`\n"}
    repo = pr_repo(tmp_path, base, {
        "web/a.ts": "export class WIDGET { /* v2 */ }\nexport function widget() { return 1; }\n"})
    data = run_json(repo, "main")
    assert data["anchors"] == [] and data["docs"] == []
    assert {w["token"] for w in data["weak_anchors_dropped"]} == {"WIDGET", "widget"}


MODULE_TYPES = "export interface ImportMetaEnv {\n  MODE: string\n  SSR: boolean\n}\n"
GLOBAL_TYPES = ("// augments the built-in ImportMeta\n"
                "interface ImportMetaEnv {\n  MODE: string\n  SSR: boolean\n}\n")


@pytest.mark.parametrize(("moved_to", "stale"), [
    (GLOBAL_TYPES, False),  # moved into a global declaration file: still declared
    ("// augments the built-in ImportMeta\ninterface Other {\n  size: number\n}\n", True),
])
def test_declarations_moved_into_a_global_declaration_file_are_not_removed(
        tmp_path: Path, moved_to: str, stale: bool) -> None:
    base = {"web/src/types/importMeta.d.ts": MODULE_TYPES,
            "web/types/importMeta.d.ts":
                "export type { ImportMetaEnv } from '../src/types/importMeta'\n",
            "docs/env.md": "Read `import.meta.env` through `ImportMetaEnv`.\n",
            "docs/build.md": "An `SSR` build sets `ImportMetaEnv.SSR`.\n"}
    repo = pr_repo(tmp_path, base, {"web/src/types/importMeta.d.ts": None,
                                    "web/types/importMeta.d.ts": moved_to})
    data = run_json(repo, "main")
    # Moved, they are changed (listed, not stale); gone, the pages name what no longer is.
    assert {row["path"]: row["stale"] for row in data["docs"]} == {
        "docs/env.md": stale, "docs/build.md": stale}


@pytest.mark.parametrize(("bare_pages", "listed"), [
    (1, {"docs/qualified.md", "docs/bare0.md"}),  # few pages: the bare name is listed, stale
    (10, {"docs/qualified.md"}),  # many: the bare name is cut, the qualified form is certain
])
def test_a_removed_members_bare_name_is_stale_but_guarded(
        tmp_path: Path, bare_pages: int, listed: set[str]) -> None:
    docs = {f"docs/bare{i}.md": f"Then `halt_now` ({i}).\n" for i in range(bare_pages)}
    docs["docs/qualified.md"] = "Call `Engine.halt_now`.\n"
    core = PY_PKG["pkg/src/acme/_core.py"]
    without = core.replace("    def halt_now(self):\n        return 0\n\n", "")
    repo = pr_repo(tmp_path, {**PY_PKG, **docs}, {"pkg/src/acme/_core.py": without})
    data = run_json(repo, "main")
    assert {row["path"] for row in data["docs"]} == listed
    assert all(row["stale"] for row in data["docs"])
    cut = [a["token"] for a in data["folded_anchors"] + data["overbroad_anchors"]]
    assert cut == ([] if bare_pages == 1 else ["halt_now"])


@pytest.mark.parametrize(("old", "new", "stale"), [
    ("src/helper", "src/helper.py", False),  # its names are new to the extractors
    ("src/helper.py", "src/helper", True),  # its names are gone from what they read
])
def test_a_rename_that_changes_whether_a_file_is_read_as_source(
        tmp_path: Path, old: str, new: str, stale: bool) -> None:
    body = "def make_widget_now():\n    return 1\n"
    repo = pr_repo(tmp_path, {old: body, "docs/use.md": "Call `make_widget_now()`.\n"},
                   {old: None, new: body + "\n# moved\n"})
    assert repo.git("diff", "--name-status", "-M", "main", "pr").split()[0].startswith("R")
    data = run_json(repo, "main")
    assert [(row["path"], row["stale"]) for row in data["docs"]] == [("docs/use.md", stale)]


def test_a_page_listed_as_a_module_s_home_is_no_run_without_opinion(tmp_path: Path) -> None:
    """pinia's `storeToRefs` was named on eleven pages (folded), and its module's own page
    was listed: the summary said the run had no opinion, then listed it."""
    pages = {f"docs/guide{n}.md": "Call `renderWidget()` here.\n" for n in range(12)}
    files = {"web/widgets.ts": "export function renderWidget() {\n  return 1;\n}\n",
             "docs/widgets.md": "# Widgets\n\nHow widgets render.\n", **pages}
    head = {"web/widgets.ts": "export function renderWidget() {\n  return 2;\n}\n"}
    data = run_json(pr_repo(tmp_path, files, head), "main")
    assert [row["path"] for row in data["docs"]] == ["docs/widgets.md"]
    assert data["anchors"] == [] and "no opinion" not in data["summary"]
    assert data["summary"].startswith("1 changed package(s), 0 documentable anchor(s); 1 page(s) "
                                      "document the changed modules.")


@pytest.mark.parametrize(("path", "skipped"), [
    ("pnpm-lock.yaml", 1), ("packages/a/package-lock.json", 1), ("uv.lock", 1),
    ("Cargo.lock", 1), ("go.sum", 1),
    ("config/locks.yaml", 0),  # a YAML file of the product: no extractor reads it
])
def test_lockfiles_are_skipped_not_not_covered(tmp_path: Path, path: str, skipped: int) -> None:
    """h3's comment called ``pnpm-lock.yaml`` NOT COVERED, "not a clean bill of health": a
    lockfile is regenerated from the manifests, never written."""
    repo = pr_repo(tmp_path, {path: "a: 1\n"}, {path: "a: 2\n"})
    data = run_json(repo, "main")
    assert data["skipped"]["lockfiles"] == skipped
    assert data["anchorless_changes"] == ([] if skipped else [
        {"path": path, "reason": "no anchor extractor for .yaml files"}])


def not_covered(data: dict[str, object]) -> list[dict[str, str]]:
    """The anchorless changes that are blind spots (not read with nothing public changed)."""
    changes = data["anchorless_changes"]
    assert isinstance(changes, list)
    return [a for a in changes if "on the changed lines" not in a["reason"]]


@pytest.mark.parametrize(("path", "skipped"), [
    (".gitignore", 1), ("examples/app/.gitignore", 1), (".gitattributes", 1),
    (".editorconfig", 1), ("AUTHORS", 1), ("LICENSE-MIT", 1), ("licence.txt", 1),
    ("COPYING.LESSER", 1), (".github/CODEOWNERS", 1), (".github/ISSUE_TEMPLATE/bug.yml", 1),
    (".pre-commit-config.yaml", 1), (".readthedocs.yaml", 1), ("docs/.readthedocs.yml", 1),
    (".pre-commit-hooks.yaml", 0),  # hooks the project offers to others: it ships them
    # tooling that can change the shipped code or what installs: still NOT COVERED
    ("tsconfig.json", 0), (".npmignore", 0), (".github/workflows/ci.yml", 0),
    ("config/notices.yaml", 0), ("AUTHORSHIP.yaml", 0),
    ("web/license.ts", 0),  # code, whatever its name: read
    # a program's own files named like metadata
    ("src/components/Notice.vue", 0), ("lib/authors.json", 0), ("src/data/owners.csv", 0),
])
def test_repository_metadata_is_skipped_not_not_covered(tmp_path: Path, path: str,
                                                        skipped: int) -> None:
    """commander's and uvicorn's ``.gitignore`` and werkzeug's ``AUTHORS`` were NOT COVERED,
    "govern cannot read": a blind spot to a reader, where there is none."""
    repo = pr_repo(tmp_path, {path: "a: 1\n", "docs/use.md": "# Use\n"}, {path: "a: 2\n"})
    data = run_json(repo, "main")
    assert data["skipped"]["repository_metadata"] == skipped
    assert [a["path"] for a in data["anchorless_changes"]] == ([] if skipped else [path])
    assert ("NOT COVERED" in data["summary"]) is bool(not_covered(data))


@pytest.mark.parametrize(("path", "skipped"), [
    ("docs/_static/style.css", 1), ("docs/contents.rst.inc", 1),
    ("site/Doc/_templates/layout.html", 1), ("documentation/Makefile", 1),
    ("web/static/style.css", 0),  # the product's stylesheet: no docs folder
    ("docs/package.json", 0),  # a manifest wherever it is
    ("src/docs/strings.json", 0),  # a docs folder of the program's source: its data
])
def test_a_docs_site_file_no_extractor_reads_is_skipped(tmp_path: Path, path: str,
                                                        skipped: int) -> None:
    """werkzeug's ``docs/_static/style.css`` and ``docs/contents.rst.inc`` were NOT COVERED."""
    repo = pr_repo(tmp_path, {path: "{}\n", "docs/use.md": "# Use\n"}, {path: '{"a": 2}\n'})
    data = run_json(repo, "main")
    assert data["skipped"]["docs_site_files"] == skipped
    assert [a["path"] for a in not_covered(data)] == ([] if skipped else [path])


def test_a_docs_folder_s_code_is_still_read(tmp_path: Path) -> None:
    """A VitePress theme's composable is code its pages import: not a docs site file."""
    path = "docs/.vitepress/theme/sponsor.ts"
    repo = pr_repo(tmp_path, {path: "export function useSponsor() {\n  return 1;\n}\n",
                              "docs/thanks.md": "Built with `useSponsor()`.\n"},
                   {path: "export function useSponsor() {\n  return 2;\n}\n"})
    data = run_json(repo, "main")
    assert data["skipped"]["docs_site_files"] == 0
    assert rows(data) == {"docs/thanks.md": ["useSponsor"]}


NODE_SCRIPT = ("#!/usr/bin/env node\nconst defaults = { default: 1 };\n"
               "export function placeOrder(size) {\n  return size;\n}\n")
PYTHON_SCRIPT = ('#!/usr/bin/python3.12\nimport argparse\n\n\ndef bake_pizza():\n'
                 '    parser = argparse.ArgumentParser()\n'
                 '    parser.add_argument("--extra-cheese")\n    return parser\n')


@pytest.mark.parametrize(("first_line", "read"), [
    ("#!/usr/bin/env node", True), ("#!/usr/local/bin/node", True),
    ("#!/usr/bin/env -S node --no-warnings", True),
    ("#!/bin/sh", False), ("#!/usr/bin/env nodemon", False), ("// no #! line", False),
])
def test_an_extensionless_node_script_is_read_as_javascript(tmp_path: Path, first_line: str,
                                                            read: bool) -> None:
    """commander's ``examples/pizza`` is a Node program (``#!/usr/bin/env node``): it was
    "no anchor extractor for extensionless files"."""
    base = NODE_SCRIPT.replace("#!/usr/bin/env node", first_line)
    repo = pr_repo(tmp_path, {"bin/pizza": base, "docs/use.md": "Call `placeOrder()`.\n"},
                   {"bin/pizza": base.replace("return size", "return size * 2")})
    data = run_json(repo, "main")
    assert rows(data) == ({"docs/use.md": ["placeOrder"]} if read else {})
    assert not_covered(data) == ([] if read else [
        {"path": "bin/pizza", "reason": "no anchor extractor for extensionless files"}])
    # its file is still the one it is, not the name it was read by
    assert {a["file"] for a in data["anchors"]} == ({"bin/pizza"} if read else set())


def test_a_script_s_syntax_error_names_its_own_file(tmp_path: Path) -> None:
    broken = NODE_SCRIPT + "function (\n"
    repo = pr_repo(tmp_path, {"bin/pizza": broken, "docs/use.md": "Call `placeOrder()`.\n"},
                   {"bin/pizza": broken.replace("return size", "return size * 2")})
    assert {e["path"] for e in run_json(repo, "main")["parse_errors"]} == {"bin/pizza"}


@pytest.mark.parametrize(("first_line", "read"), [
    ("#!/usr/bin/python3.12", True), ("#!/usr/bin/env python", True),
    ("#!/usr/bin/env pythonista", False),
])
def test_an_extensionless_python_script_is_read_with_its_options(
        tmp_path: Path, first_line: str, read: bool) -> None:
    base = PYTHON_SCRIPT.replace("#!/usr/bin/python3.12", first_line)
    repo = pr_repo(tmp_path, {"bin/bake": base,
                              "docs/use.md": "Run `bake --extra-cheese`.\n"},
                   {"bin/bake": base.replace("--extra-cheese", "--more-cheese")})
    data = run_json(repo, "main")
    # the flag the script stops declaring is gone: the page running it is stale
    assert rows(data) == ({"docs/use.md": ["--extra-cheese"]} if read else {})
    assert [doc["stale"] for doc in data["docs"]] == ([True] if read else [])
    assert bool(not_covered(data)) is not read
