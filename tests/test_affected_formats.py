"""``govern affected-docs --format``: the report, the comment body, annotations and SARIF, on
a real repository (issue 14, item 4)."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from govern.cli import cli
from govern.commands.shared import use_color
from govern.config import Config
from govern.drift.affected import AffectedDocs, Row
from govern.drift.comment import render_drift
from govern.drift.report import render_text
from tests.gitrepo import Repo
from tests.helpers import pr_repo, run_json

BASE = {
    "web/a.ts": "export function fetchAll() {}\nexport function dropAll() {}\n",
    "docs/use.md": "# Use\n\nCall `fetchAll` first.\n",
    "docs/gone.md": "# Gone\n\n`dropAll` clears it.\n",
    "CHANGELOG.md": "# Changes\n\n- `fetchAll` added\n",
}
CHANGE: dict[str, str | None] = {"web/a.ts": "export function fetchAll() { return 1; }\n"}

# The parts of the SARIF 2.1.0 schema (sarif-schema-2.1.0.json) every log govern writes must
# satisfy: the required properties of sarifLog, run, tool, toolComponent, result, message,
# location, artifactLocation, region and reportingDescriptor, and the value ranges used.
SARIF_REQUIRED = {
    "type": "object", "required": ["version", "runs"],
    "properties": {
        "version": {"const": "2.1.0"},
        "runs": {"type": "array", "minItems": 1, "items": {
            "type": "object", "required": ["tool", "results"],
            "properties": {
                "tool": {"type": "object", "required": ["driver"], "properties": {
                    "driver": {"type": "object", "required": ["name", "rules"], "properties": {
                        "name": {"type": "string"},
                        "rules": {"type": "array", "items": {
                            "type": "object", "required": ["id", "shortDescription"]}}}}}},
                "results": {"type": "array", "items": {
                    "type": "object", "required": ["ruleId", "level", "message", "locations"],
                    "properties": {
                        "level": {"enum": ["none", "note", "warning", "error"]},
                        "message": {"type": "object", "required": ["text"]},
                        "locations": {"type": "array", "minItems": 1, "items": {
                            "type": "object", "required": ["physicalLocation"],
                            "properties": {"physicalLocation": {
                                "type": "object", "required": ["artifactLocation"],
                                "properties": {
                                    "artifactLocation": {"type": "object",
                                                         "required": ["uri"]},
                                    "region": {"type": "object", "required": ["startLine"],
                                               "properties": {"startLine": {
                                                   "type": "integer", "minimum": 1}}}}}}}}}}},
            }}},
    },
}


@pytest.fixture
def drift(tmp_path: Path) -> Repo:
    return pr_repo(tmp_path, BASE, CHANGE)


def run(repo: Repo, *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs", *args])
    return result.exit_code, result.stdout, result.stderr


REPORT = """\
1 changed package(s), 2 documentable anchor(s); 3 page(s) name them (1 stale, 1 release-owned). \
The docs corpus held 3 page(s), 1 of them release-owned.

Pages that name something this change touched:
  - docs/gone.md:3  via dropAll (symbol, removed)  [stale: names something this change removed]
  - docs/use.md:3  via fetchAll (symbol, code-shaped name)

Release-owned pages (recording releases; the release-owned gate is off):
  - CHANGELOG.md:3  via fetchAll (symbol, code-shaped name)
"""


def test_release_owned_pages_are_read_only_while_their_gate_runs(tmp_path: Path) -> None:
    """werkzeug's PRs add to CHANGES.rst as they go: with the gate off, the report does not
    forbid it (trial 6, F8)."""
    gated = {**BASE, "govern.toml": '[gates]\nenable = ["release-owned"]\n'}
    repo = pr_repo(tmp_path, gated, CHANGE)
    assert run(repo, "--format", "text", "main")[1] == REPORT.replace(
        "recording releases; the release-owned gate is off", "read-only for a code PR")
    assert "(release-owned: read-only for a code PR)" in run(repo, "--format", "github",
                                                             "main")[1]


def test_text_is_the_full_report_and_piped_default_is_one_path_a_line(drift: Repo) -> None:
    """Piped, every page is listed in the report's order: the pages to edit, then the
    release-owned ones, so `| xargs $EDITOR` opens the changelog last (click's `CHANGES.md`
    had come second, before a page to edit)."""
    assert run(drift, "--format", "text", "main") == (0, REPORT, "")
    code, out, err = run(drift, "main")
    assert (code, out) == (0, "docs/gone.md\ndocs/use.md\nCHANGELOG.md\n")
    assert err == REPORT.splitlines()[0] + "\n"


@pytest.mark.parametrize(("ledger_rows", "said"), [
    (0, []),  # no ledger in the repository: nothing the bridge could have missed
    (3, ["  - route bridge: 2 of 2 client-bound ledger row(s) reach a registered route"]),
])
def test_the_bridge_line_is_said_only_where_a_ledger_was_read(ledger_rows: int,
                                                              said: list[str]) -> None:
    result = AffectedDocs(summary="s", base="main", head="h", merge_base="m", computed_on={},
                          changed_packages=[], anchors=[], docs=[], bridge_coverage={
                              "measured": True, "ledger_rows": ledger_rows,
                              "client_bound_rows": 2 if ledger_rows else 0,
                              "reachable": 2 if ledger_rows else 0})
    assert [line for line in render_text(result).splitlines() if "route bridge" in line] == said


@pytest.mark.parametrize(("rows", "mentions", "counted"), [
    # a page that is a row is listed for what it names: not counted as a mere mention
    (["docs/a.md"], ["docs/a.md", "docs/b.md"], 1),
    ([], ["docs/a.md", "docs/b.md"], 2),
    (["docs/a.md"], ["docs/a.md"], 0),
])
def test_the_report_and_the_comment_count_the_same_mere_mentions(
        rows: list[str], mentions: list[str], counted: int) -> None:
    result = AffectedDocs(
        summary="s", base="main", head="1" * 40, merge_base="2" * 40,
        computed_on={"head_parents": ["3" * 40, "4" * 40], "dirty": False},
        changed_packages=[], anchors=[],
        docs=[Row(path, False, False, (("symbol", "fetchAll", "both"),)) for path in rows],
        package_mention_docs=mentions,
        bridge_coverage={"measured": False, "reason": "no bridgeable symbol changed"})
    report = [line for line in render_text(result).splitlines() if "merely mention a" in line]
    # the comment reads the JSON affected-docs writes
    comment = [line for line in render_drift(result.to_json(), Config().comment).splitlines()
               if "merely mention a" in line]
    # both leave out what they have nothing to say about
    assert report == ([f"  - {counted} page(s) merely mention a changed package (not listed: "
                       "mentioning a package is not naming what changed)"] if counted else [])
    assert comment == ([f"- **{counted}** page(s) merely mention a changed package; they are "
                        "not listed, since mentioning a package is not naming what changed."]
                       if counted else [])
    # the JSON keeps the whole coarse set, rows too, for comparison
    assert result.to_json()["package_mention_docs"] == mentions


@pytest.mark.parametrize(("homeless", "counted"), [(10, None), (14, "… and 4 more")])
def test_the_text_report_lists_new_api_with_a_home_then_at_most_ten_without(
        homeless: int, counted: str | None) -> None:
    new_api = [{"token": f"name{n}", "file": "web/a.ts", "suggested_pages": []}
               for n in range(homeless)]
    new_api.append({"token": "homed", "file": "web/a.ts", "suggested_pages": ["docs/a.md"]})
    result = AffectedDocs(summary="s", base="main", head="h", merge_base="m", computed_on={},
                          changed_packages=[], anchors=[], docs=[], new_api=new_api)
    listed = render_text(result).split("(suggestions, not rows):\n")[1].split("\n\n")[0]
    entries = listed.splitlines()
    assert entries[0] == "  - homed (web/a.ts): likely home docs/a.md"
    assert len(entries) == 11 + (counted is not None)
    assert (entries[-1].startswith(f"  - {counted} ") if counted
            else entries[-1] == "  - name9 (web/a.ts): no page names its siblings yet")


def test_json_flag_is_format_json_and_refuses_another_format(drift: Repo) -> None:
    code, out, _ = run(drift, "--format", "json", "main")
    code_flag, out_flag, _ = run(drift, "--json", "main")
    assert (code, code_flag, out) == (0, 0, out_flag)
    assert json.loads(out)["docs"][0]["path"] == "docs/gone.md"
    code, _, err = run(drift, "--json", "--format", "sarif", "main")
    assert code == 2
    assert "--json is --format json; it cannot go with --format sarif" in err


@pytest.mark.parametrize("fmt", ["markdown", "github", "sarif"])
def test_diff_formats_refuse_all_and_bridge_coverage(drift: Repo, fmt: str) -> None:
    code, _, err = run(drift, "--all", "--format", fmt)
    assert code == 2
    assert (f"--format {fmt} reports a diff: it takes BASE, not --all or --bridge-coverage"
            in err)
    assert run(drift, "--all", "--format", "text")[0] == 0


def test_markdown_is_the_docs_drift_comment_body(drift: Repo) -> None:
    code, out, _ = run(drift, "--format", "markdown", "main")
    data = json.loads(run(drift, "--json", "main")[1])
    assert code == 0
    assert out == render_drift(data, Config().comment)
    assert out.startswith("<!-- govern:docs-drift -->") and "docs/gone.md" in out


def test_github_annotates_the_first_naming_line_of_each_page(drift: Repo) -> None:
    code, out, err = run(drift, "--format", "github", "main")
    assert code == 0
    assert out.splitlines() == [
        "::warning file=docs/gone.md,line=3,title=docs drift::This page names something this "
        "change removed or renamed: dropAll (symbol, removed)",
        "::warning file=CHANGELOG.md,line=3,title=docs drift::This page names something this "
        "change touched (release-owned: recording releases; the release-owned gate is off): "
        "fetchAll (symbol, code-shaped name)",
        "::warning file=docs/use.md,line=3,title=docs drift::This page names something this "
        "change touched: fetchAll (symbol, code-shaped name)",
    ]
    assert err.startswith("1 changed package(s)")


def _many_pages(tmp_path: Path, count: int, page_name: str = "p{n:02d}.md") -> Repo:
    names = [f"loadPage{chr(65 + n)}" for n in range(count)]
    code = "".join(f"export function {name}() {{}}\n" for name in names)
    pages = {f"docs/{page_name.format(n=n)}": f"# P\n\n`{name}`\n"
             for n, name in enumerate(names)}
    return pr_repo(tmp_path, {"web/a.ts": code, **pages},
                   {"web/a.ts": code.replace("{}", "{ return 1; }")})


def test_github_stops_at_ten_annotations_and_counts_the_rest(tmp_path: Path) -> None:
    lines = run(_many_pages(tmp_path, 12), "--format", "github", "main")[1].splitlines()
    assert len(lines) == 11
    assert all(line.startswith("::warning file=docs/p") for line in lines[:10])
    assert lines[10] == ("::notice title=docs drift::2 more docs page(s) name something this "
                         "change touched: see the log or the Docs Drift Check comment")
    few = run(_many_pages(tmp_path / "few", 10), "--format", "github", "main")[1].splitlines()
    assert len(few) == 10 and not any(line.startswith("::notice") for line in few)


def test_github_keeps_a_hostile_path_inside_its_property(tmp_path: Path) -> None:
    out = run(_many_pages(tmp_path, 1, "a,b:%{n}.md"), "--format", "github", "main")[1]
    assert out.startswith("::warning file=docs/a%2Cb%3A%250.md,line=3,title=docs drift::")
    assert out.count("\n") == 1


def test_sarif_writes_a_hostile_path_as_a_uri_reference(tmp_path: Path) -> None:
    out = run(_many_pages(tmp_path, 1, "#a b%{n}.md"), "--format", "sarif", "main")[1]
    uris = [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for r in json.loads(out)["runs"][0]["results"]]
    # a `#` would start a fragment, a space or `%` break the reference
    assert uris == ["docs/%23a%20b%250.md"]


def test_sarif_has_one_result_per_row_on_the_page_line(drift: Repo) -> None:
    code, out, _ = run(drift, "--format", "sarif", "main")
    log = json.loads(out)
    jsonschema.validate(log, SARIF_REQUIRED)
    run_ = log["runs"][0]
    found = [(r["ruleId"], r["level"],
              r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"],
              r["locations"][0]["physicalLocation"]["region"]["startLine"])
             for r in run_["results"]]
    assert code == 0
    assert found == [("docs-drift/removed", "error", "docs/gone.md", 3),
                     ("docs-drift/unique_name", "warning", "CHANGELOG.md", 3),
                     ("docs-drift/unique_name", "warning", "docs/use.md", 3)]
    assert [rule["id"] for rule in run_["tool"]["driver"]["rules"]] == [
        "docs-drift/removed", "docs-drift/unique_name"]


def test_the_sarif_structure_check_refuses_a_log_without_its_required_keys(
        drift: Repo) -> None:
    log = json.loads(run(drift, "--format", "sarif", "main")[1])
    del log["runs"][0]["results"][0]["message"]
    with pytest.raises(jsonschema.ValidationError, match="'message' is a required property"):
        jsonschema.validate(log, SARIF_REQUIRED)
    log["runs"][0]["results"] = [{**r, "message": {"text": "x"}} for r in log["runs"][0]["results"]]
    log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"] = 0
    with pytest.raises(jsonschema.ValidationError, match="0 is less than the minimum of 1"):
        jsonschema.validate(log, SARIF_REQUIRED)


def test_colour_only_on_a_terminal_without_no_color() -> None:
    assert use_color(True, {}) is True
    assert use_color(True, {"NO_COLOR": ""}) is True  # set but empty: the spec says colour
    assert use_color(True, {"NO_COLOR": "1"}) is False
    assert use_color(False, {}) is False


def _on_a_terminal(repo: Repo, environ: dict[str, str]) -> str:
    """stdout of ``affected-docs main`` with stdout a pseudo-terminal."""
    leader, follower = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"} | environ
    proc = subprocess.run([sys.executable, "-m", "govern", "--repo-dir", str(repo.root),
                           "affected-docs", "main"], stdout=follower, stderr=subprocess.PIPE,
                          env=env, timeout=120)
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal's other end is closed: all was read
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(leader)
    assert proc.returncode == 0, proc.stderr
    return b"".join(chunks).decode().replace("\r\n", "\n")


def test_a_terminal_gets_the_report_in_colour_unless_no_color(drift: Repo) -> None:
    coloured = _on_a_terminal(drift, {})
    assert "\x1b[1mPages that name something this change touched:\x1b[0m" in coloured
    assert "\x1b[31m\x1b[1m  [stale: names something this change removed]\x1b[0m" in coloured
    assert _on_a_terminal(drift, {"NO_COLOR": "1"}) == REPORT


def test_an_empty_corpus_is_a_loud_warning_naming_the_globs_and_the_fix(tmp_path: Path) -> None:
    repo = pr_repo(tmp_path, {"web/a.ts": "export function fetchAll() {}\n",
                              "content/docs/use.mdx": "`fetchAll`\n",
                              "content/docs/api/ref.md": "`fetchAll`\n",
                              "CHANGELOG.md": "`fetchAll`\n"},
                   {"web/a.ts": "export function fetchAll() { return 1; }\n"})
    code, out, err = run(repo, "main")
    assert (code, out) == (0, "CHANGELOG.md\n")
    assert err.splitlines()[0] == (
        "govern: warning: the docs corpus is empty: docs.paths (docs/**/*.md, docs/**/*.mdx, "
        "docs/**/*.rst, README.md, Readme.md, readme.md) matched only 1 release-owned page(s), so "
        "no docs page can be listed. Pages exist under docs folders: set docs.paths = "
        "[\"content/docs/**/*.md\", \"content/docs/**/*.mdx\"] in govern.toml (what govern init "
        "would set; docs/reference/configuration.md).")
    assert err.splitlines()[1].endswith(
        "The docs corpus held 1 page(s), 1 of them release-owned.")
    repo.commit({"govern.toml": '[docs]\npaths = ["content/docs/**/*.mdx"]\n'})
    code, out, err = run(repo, "main")
    assert (code, out) == (0, "content/docs/use.mdx\nCHANGELOG.md\n")
    assert "warning" not in err and err.endswith(
        "The docs corpus held 2 page(s), 1 of them release-owned.\n")


def test_the_default_corpus_says_when_a_docs_folder_it_misses_holds_pages(
        tmp_path: Path) -> None:
    files = {"web/a.ts": "export function fetchAll() {}\n", "README.md": "`fetchAll`\n",
             "packages/docs/content/use.mdx": "`fetchAll`\n",
             # a test's fixture site is no page a reader opens: never suggested
             "web/tests/site/docs/index.md": "`fetchAll`\n"}
    change = {"web/a.ts": "export function fetchAll() { return 1; }\n"}
    code, out, err = run(pr_repo(tmp_path / "site", files, change), "main")
    assert (code, out) == (0, "README.md\n")
    assert err.splitlines()[0] == (
        "govern: warning: no configuration chose the docs corpus: the default docs.paths "
        "(docs/**/*.md, docs/**/*.mdx, docs/**/*.rst, README.md, Readme.md, readme.md) read 1 "
        "page(s), and more sit under docs folders it misses. Set docs.paths in govern.toml, e.g. "
        "[\"packages/docs/**/*.mdx\", \"/README.md\"] (govern init detects a docs site's "
        "folder; docs/reference/configuration.md).")
    # every page read by the defaults: nothing to say
    files["docs/use.mdx"] = files.pop("packages/docs/content/use.mdx")
    code, out, err = run(pr_repo(tmp_path / "plain", files, change), "main")
    assert (code, out) == (0, "README.md\ndocs/use.mdx\n") and "warning" not in err


def test_a_lowercase_readme_is_read_and_kept_in_the_suggested_corpus(tmp_path: Path) -> None:
    """got's `readme.md` (every sindresorhus package's) was no page of the default corpus, and
    the setting suggested for its `documentation/` folder left it out, as the setting would
    have: it follows the folders' globs, as init writes it, unless docs.exclude drops it."""
    files = {"source/a.ts": "export function fetchAll() {}\n", "readme.md": "`fetchAll`\n",
             "documentation/use.md": "`fetchAll`\n"}
    repo = pr_repo(tmp_path, files, {"source/a.ts": "export function fetchAll() { return 1; }\n"})
    code, out, err = run(repo, "main")
    assert (code, out) == (0, "readme.md\n")
    assert err.splitlines()[0].endswith(
        "Set docs.paths in govern.toml, e.g. [\"documentation/**/*.md\", \"/readme.md\"] (govern "
        "init detects a docs site's folder; docs/reference/configuration.md).")
    repo.commit({"govern.toml": '[docs]\nexclude = ["/readme.md"]\n'})
    code, out, err = run(repo, "main")
    assert (code, out) == (0, "")
    assert "set docs.paths = [\"documentation/**/*.md\"] in govern.toml" in err.splitlines()[0]


def test_an_empty_corpus_without_docs_folders_says_where_to_set_it(tmp_path: Path) -> None:
    repo = pr_repo(tmp_path, {"web/a.ts": "export function fetchAll() {}\n",
                              "guide/use.md": "`fetchAll`\n"},
                   {"web/a.ts": "export function fetchAll() { return 1; }\n"})
    code, out, err = run(repo, "--json", "main")
    assert code == 0 and json.loads(out)["docs"] == []
    assert err == (
        "govern: warning: the docs corpus is empty: docs.paths (docs/**/*.md, docs/**/*.mdx, "
        "docs/**/*.rst, README.md, Readme.md, readme.md) matched no page, so no docs page can be "
        "listed. No md, mdx or rst file sits under a docs folder either: set docs.paths in "
        "govern.toml to where the pages live (docs/reference/configuration.md).\n")


def test_weak_names_dropped_are_one_line_naming_the_first_ten() -> None:
    """MyST's new options module dropped 18 weak names, one line each, which buried the
    lines that matter."""
    weak = [{"token": f"name{n}", "kind": "symbol"} for n in range(12)]
    result = AffectedDocs(
        summary="s", base="main", head="1" * 40, merge_base="2" * 40,
        computed_on={"head_parents": ["3" * 40], "dirty": False}, changed_packages=[],
        anchors=[], docs=[], weak_anchors_dropped=weak,
        bridge_coverage={"measured": False, "reason": "no bridgeable symbol changed"})
    said = [line for line in render_text(result).splitlines() if "weak name" in line]
    assert said == ["  - 12 weak name(s) dropped (plain, generic or too short): "
                    + ", ".join(f"name{n}" for n in range(10)) + " and 2 more"]
    one = AffectedDocs(**{**result.__dict__, "weak_anchors_dropped": weak[:1]})
    assert [line for line in render_text(one).splitlines() if "weak name" in line] == [
        "  - 1 weak name(s) dropped (plain, generic or too short): name0"]


@pytest.mark.parametrize(("files", "shown", "more"), [
    (10, 10, None),  # ten fit: every file its line
    (13, 10, "  - … and 3 more (--json lists all)"),
])
def test_the_text_report_folds_each_list_of_files_after_ten(
        tmp_path: Path, files: int, shown: int, more: str | None) -> None:
    """commander's switch to ESM printed 37 lines of files read with nothing public on their
    changed lines and 14 it could not see: each list shows ten, then counts the rest."""
    base = {"docs/use.md": "# Use\n"}
    change: dict[str, str | None] = {}
    for n in range(files):
        base[f"web/m{n:02}.ts"] = "function helper() {\n  return 1;\n}\n"
        change[f"web/m{n:02}.ts"] = "function helper() {\n  return 2;\n}\n"
        base[f"conf/c{n:02}.yaml"] = "a: 1\n"
        change[f"conf/c{n:02}.yaml"] = "a: 2\n"
    repo = pr_repo(tmp_path, base, change)
    _, out, _ = run(repo, "--format", "text", "main")
    read = out.split("Read, nothing public on the changed lines:\n")[1].split("\n\n")[0]
    unseen = out.split("What this run could not see:\n")[1].splitlines()
    for listed, file in ((read.splitlines(), "web/m"), (unseen, "conf/c")):
        named = [line for line in listed if line.startswith(f"  - {file}")]
        assert len(named) == shown
        assert (more in listed) if more else not any("more (--json" in line for line in listed)
    assert len(run_json(repo, "main")["anchorless_changes"]) == 2 * files
