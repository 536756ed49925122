"""Changesets (docs/how-to/gates.md#changesets): the parser over inline texts, the gates over real
repositories."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from govern.gates.changesets import (
    Changeset,
    ChangesetError,
    Release,
    find_breaking_signs,
    is_changeset,
    parse_changeset,
)
from tests.gitrepo import Repo, make_repo
from tests.helpers import run_check

P = ".changeset/x.md"

# judged under the contract preset, where every gate runs (docs/how-to/gates.md#presets)
pytestmark = pytest.mark.preset("contract")


@pytest.mark.parametrize(("text", "releases"), [
    ('---\n"@x/a": patch\n---\n\nFix.\n', (Release("@x/a", "patch", 2),)),
    ("---\npkg: minor\nother: major\n---\nSummary", (Release("pkg", "minor", 2),
                                                    Release("other", "major", 3))),
    ("---\n---\n", ()),
    ("---  \r\n'a': patch\r\n---\r\n\r\nCRLF.\r\n", (Release("a", "patch", 2),)),
    ('\ufeff---\n"a": "minor"\n---\n', (Release("a", "minor", 2),)),
    ("---\n# a comment\n\"a\": patch\n---\n", (Release("a", "patch", 3),)),
])
def test_parse_valid(text: str, releases: tuple[Release, ...]) -> None:
    parsed = parse_changeset(P, text)
    assert isinstance(parsed, Changeset)
    assert parsed.releases == releases


def test_parse_keeps_the_summary() -> None:
    parsed = parse_changeset(P, '---\n"a": patch\n---\n\nfix(a)!: drop it\n\nMore.\n')
    assert isinstance(parsed, Changeset)
    assert parsed.summary == "fix(a)!: drop it\n\nMore."


@pytest.mark.parametrize(("text", "line", "problem"), [
    ("", 1, "expected the `---` line that opens the front matter, found ``"),
    ("Summary only\n", 1, "expected the `---` line that opens the front matter, found "
                          "`Summary only`"),
    ('---\n"a": patch\n', 1, "the front matter opened here is never closed by `---`"),
    ('---\n"a": patch\n"b": [\n---\n', 3, "the front matter is not valid YAML (expected the "
                                          "node content, but found '<stream end>')"),
    ("---\n- a\n- b\n---\n", 2, "the front matter must map package names to bumps"),
    ('---\n"a": patch\n"b": huge\n---\n', 3, "`b` has bump `huge`; expected patch, minor or "
                                             "major"),
    ('---\n"a": {x: 1}\n---\n', 2, "`a` has bump `a nested value`; expected patch, minor or "
                                   "major"),
    ('---\n"a": patch\n"a": minor\n---\n', 3, "`a` is named twice"),
    ('---\n"": patch\n---\n', 2, "a package name must be a non-empty string"),
    ("---\n? [a, b]\n: patch\n---\n", 2, "a package name must be a non-empty string"),
    ('---\n"a": Patch\n---\n', 2, "`a` has bump `Patch`; expected patch, minor or major"),
])
def test_parse_errors_name_the_line(text: str, line: int, problem: str) -> None:
    assert parse_changeset(P, text) == ChangesetError(P, line, problem)


def test_parse_error_is_a_finding_with_the_remedy() -> None:
    error = parse_changeset(P, "nope")
    assert isinstance(error, ChangesetError)
    assert error.finding().to_json() == {
        "rule": "changeset-unreadable", "key": None, "carrier": P, "line": 1,
        "message": ".changeset/x.md line 1: expected the `---` line that opens the front "
                   "matter, found `nope`",
        "remedy": "write the front matter as YAML `\"package\": patch|minor|major` between two "
                  "`---` lines, e.g. '---\\n\"my-package\": patch\\n---\\n\\nFix the thing.'",
    }


@pytest.mark.parametrize(("path", "expected"), [
    (".changeset/brave-cats.md", True),
    (".changeset/README.md", False),
    (".changeset/pre.json", False),
    (".changeset/sub/x.md", False),
    ("docs/.changeset/x.md", False),
])
def test_is_changeset(path: str, expected: bool) -> None:
    assert is_changeset(path) is expected


@pytest.mark.parametrize(("summary", "marks", "lacking"), [
    ("fix: plain", [], ["a `type(scope)!:` summary", "a `**BREAKING**` banner",
                        "a `## Migration` section or a FROM → TO table"]),
    ("feat(api)!: drop x\n\n**BREAKING**\n\n## Migration\n\nUse y.", ["a `!:` summary",
                                                                     "a `**BREAKING**` banner"],
     []),
    ("feat!: drop x\n\n**BREAKING**\n\n| From | To |\n|---|---|\n| x | y |", [
        "a `**BREAKING**` banner", "a `!:` summary"], []),
    ("**BREAKING** x goes", ["a `**BREAKING**` banner"], [
        "a `type(scope)!:` summary", "a `## Migration` section or a FROM → TO table"]),
])
def test_breaking_signs(summary: str, marks: list[str], lacking: list[str]) -> None:
    parsed = parse_changeset(P, f'---\n"a": minor\n---\n\n{summary}\n')
    assert isinstance(parsed, Changeset)
    signs = find_breaking_signs(parsed, narrowing=False)
    assert sorted(signs.reasons()) == sorted(marks)
    assert signs.lacking() == lacking


# -- the gates over real repositories --------------------------------------------------------

BODY = "Fix the door.\n\nClause-②: no\nMetadata-protocol: none\n"
DECLARED = "\nClause-②: no\nMetadata-protocol: none\n"
BREAKING = ("feat(a)!: drop the old door\n\n**BREAKING** the old door is gone.\n\n"
            "## Migration\n\nCall the new door.\n" + DECLARED)


def changeset(releases: str, summary: str = "fix: the door\n" + DECLARED) -> str:
    return f"---\n{releases}---\n\n{summary}"


@pytest.fixture
def monorepo(tmp_path: Path) -> Repo:
    """Two packages on main: `@x/a` published, `@x/b` private; a PR branch `pr` is checked out."""
    repo = make_repo(tmp_path / "repo", {
        "package.json": json.dumps({"name": "root", "private": True}),
        "packages/a/package.json": json.dumps({"name": "@x/a"}),
        "packages/a/src/door.ts": "export const door = 1;\n",
        "packages/b/package.json": json.dumps({"name": "@x/b", "private": True}),
        "packages/b/src/b.ts": "export const b = 1;\n",
        ".changeset/README.md": "Changesets live here.\n",
    }, preset="contract")
    repo.branch("pr")
    return repo


def _pr(repo: Repo, files: dict[str, str | bytes | None], *args: str,
        body: str = BODY) -> tuple[int, list[tuple[str, int | None, str]]]:
    repo.commit(files, "pr change")
    body_file = repo.root.parent / "body.md"
    body_file.write_text(body, encoding="utf-8")
    result = run_check(repo, "changesets", "main", "--body-file", str(body_file), "--json",
                       *args)
    data = json.loads(result.stdout)
    return result.exit_code, [(f["rule"], f["line"], f["message"]) for f in data["findings"]]


TOUCH_A = {"packages/a/src/door.ts": "export const door = 2;\n"}


def test_added_changeset_passes(monorepo: Repo) -> None:
    assert _pr(monorepo, {**TOUCH_A, ".changeset/a.md": changeset('"@x/a": patch\n')}) == (0, [])


def test_missing_changeset_is_refused(monorepo: Repo) -> None:
    assert _pr(monorepo, TOUCH_A) == (1, [(
        "changeset-missing", None,
        "this PR changes the published package `@x/a` (packages/a/package.json) but no "
        "changeset it adds or edits names it")])


def test_skip_label_waives_the_changeset(monorepo: Repo) -> None:
    assert _pr(monorepo, TOUCH_A, "--label", "skip-changeset") == (0, [])


def test_private_package_needs_no_changeset(monorepo: Repo) -> None:
    assert _pr(monorepo, {"packages/b/src/b.ts": "export const b = 2;\n"}) == (0, [])


def test_empty_front_matter_added_is_refused(monorepo: Repo) -> None:
    assert _pr(monorepo, {**TOUCH_A, ".changeset/a.md": changeset('"@x/a": patch\n'),
                          ".changeset/empty.md": changeset("")}) == (1, [(
        "changeset-empty", 1,
        ".changeset/empty.md has empty front matter: it releases nothing")])


def test_unreadable_changeset_is_a_finding(monorepo: Repo) -> None:
    assert _pr(monorepo, {".changeset/bad.md": '---\n"@x/a": giant\n---\n'}) == (1, [(
        "changeset-unreadable", 2,
        ".changeset/bad.md line 2: `@x/a` has bump `giant`; expected patch, minor or major")])


def test_modified_changeset_is_carried(monorepo: Repo) -> None:
    monorepo.checkout("main")
    monorepo.commit({".changeset/old.md": changeset('"@x/b": patch\n')}, "pending")
    monorepo.checkout("pr")
    monorepo.git("merge", "-q", "main")
    code, findings = _pr(monorepo, {
        **TOUCH_A, ".changeset/old.md": changeset('"@x/b": patch\n"@x/a": minor\n')})
    assert (code, findings) == (0, [])


def test_level_too_low_for_the_declared_protocol(monorepo: Repo) -> None:
    body = BODY.replace("none", "additive") + "Skills-docs: n/a — internal\n"
    assert _pr(monorepo, {**TOUCH_A, ".changeset/a.md": changeset(
        '"@x/a": patch\n', "fix: door\n" + DECLARED.replace("none", "additive"))},
        body=body) == (1, [(
            "changeset-level", 2,
            "`@x/a` is graded `patch`, but `Metadata-protocol: additive` owes at least `minor`")])


def test_level_met_passes(monorepo: Repo) -> None:
    body = BODY.replace("none", "additive")
    assert _pr(monorepo, {**TOUCH_A, ".changeset/a.md": changeset('"@x/a": minor\n')},
               body=body) == (0, [])


def test_new_major_is_refused(monorepo: Repo) -> None:
    assert _pr(monorepo, {**TOUCH_A, ".changeset/a.md": changeset('"@x/a": major\n',
                                                                   BREAKING)}) == (1, [(
        "changeset-major", 2, ".changeset/a.md introduces a `major` release of `@x/a`")])


def test_allow_major_label(monorepo: Repo) -> None:
    assert _pr(monorepo, {**TOUCH_A, ".changeset/a.md": changeset('"@x/a": major\n', BREAKING)},
               "--label", "allow-major") == (0, [])


def test_pre_mode_at_the_merge_base_allows_a_major(monorepo: Repo) -> None:
    monorepo.checkout("main")
    monorepo.commit({".changeset/pre.json": json.dumps({"mode": "pre", "tag": "next"})}, "pre")
    monorepo.checkout("pr")
    monorepo.git("merge", "-q", "main")
    assert _pr(monorepo, {**TOUCH_A, ".changeset/a.md": changeset('"@x/a": major\n',
                                                                   BREAKING)}) == (0, [])


def test_pre_mode_entered_by_the_pr_itself_does_not_count(monorepo: Repo) -> None:
    code, findings = _pr(monorepo, {**TOUCH_A,
                                    ".changeset/pre.json": json.dumps({"mode": "pre"}),
                                    ".changeset/a.md": changeset('"@x/a": major\n', BREAKING)})
    assert (code, [rule for rule, *_ in findings]) == (1, ["changeset-major"])


def test_major_already_at_the_merge_base_is_exempt(monorepo: Repo) -> None:
    monorepo.checkout("main")
    monorepo.commit({".changeset/big.md": changeset('"@x/a": major\n', BREAKING)}, "major")
    monorepo.checkout("pr")
    monorepo.git("merge", "-q", "main")
    assert _pr(monorepo, {**TOUCH_A, ".changeset/more.md": changeset('"@x/a": major\n',
                                                                      BREAKING)}) == (0, [])


def test_renamed_changeset_keeps_its_base_major(monorepo: Repo) -> None:
    monorepo.checkout("main")
    monorepo.commit({".changeset/big.md": changeset('"@x/a": major\n', BREAKING)}, "major")
    monorepo.checkout("pr")
    monorepo.git("merge", "-q", "main")
    monorepo.mv(".changeset/big.md", ".changeset/renamed.md")
    code, findings = _pr(monorepo, {**TOUCH_A})
    assert (code, findings) == (0, [])
    result = run_check(monorepo, "changesets", "main", "--body-file",
                       str(monorepo.root.parent / "body.md"), "--json")
    assert json.loads(result.stdout)["details"]["changesets"] == [".changeset/renamed.md"]


def test_raising_a_base_changeset_to_major_is_new(monorepo: Repo) -> None:
    monorepo.checkout("main")
    monorepo.commit({".changeset/old.md": changeset('"@x/a": minor\n')}, "pending")
    monorepo.checkout("pr")
    monorepo.git("merge", "-q", "main")
    code, findings = _pr(monorepo, {**TOUCH_A,
                                    ".changeset/old.md": changeset('"@x/a": major\n', BREAKING)})
    assert (code, [rule for rule, *_ in findings]) == (1, ["changeset-major"])


def test_incomplete_breaking_changeset(monorepo: Repo) -> None:
    assert _pr(monorepo, {**TOUCH_A, ".changeset/a.md": changeset(
        '"@x/a": minor\n', "feat(a)!: drop the old door\n" + DECLARED)}) == (1, [(
            "changeset-breaking", None,
            ".changeset/a.md is a breaking change (it carries a `!:` summary) but lacks a "
            "`**BREAKING**` banner, a `## Migration` section or a FROM → TO table")])


def test_narrowing_arm_in_the_body_must_be_shown(monorepo: Repo) -> None:
    body = BODY.replace("Clause-②: no", "Clause-②: yes (narrowing)")
    assert _pr(monorepo, {**TOUCH_A, ".changeset/a.md": changeset('"@x/a": minor\n')},
               body=body) == (1, [(
        "changeset-breaking", None,
        ".changeset/a.md is a breaking change (the PR body declares a `(narrowing)` arm) but "
        "lacks a `type(scope)!:` summary, a `**BREAKING**` banner, a `## Migration` section "
        "or a FROM → TO table")])


def test_narrowing_arm_shown_in_full_passes(monorepo: Repo) -> None:
    body = BODY.replace("Clause-②: no", "Clause-②: yes (narrowing)")
    summary = BREAKING.replace("Clause-②: no", "Clause-②: yes (narrowing)")
    assert _pr(monorepo, {**TOUCH_A, ".changeset/a.md": changeset('"@x/a": minor\n', summary)},
               body=body) == (0, [])


def test_manifests_are_read_at_the_head_in_their_order(monorepo: Repo) -> None:
    monorepo.checkout("main")
    monorepo.commit({"packages/c/package.json": b'{"name": "\xff"}',
                     "packages/c/pyproject.toml": '[project]\nname = "c-py"\n',
                     "packages/c/c.py": "C = 1\n"}, "a package named by its second manifest")
    monorepo.checkout("pr")
    monorepo.git("merge", "-q", "main")
    # a package.json not in UTF-8 is passed over for the next manifest; a scripts-only edit
    # of @x/a's manifest publishes nothing
    code, findings = _pr(monorepo, {
        "packages/c/c.py": "C = 2\n",
        "packages/a/package.json": json.dumps({"name": "@x/a", "scripts": {"t": "x"}})})
    assert (code, findings) == (1, [(
        "changeset-missing", None,
        "this PR changes the published package `c-py` (packages/c/pyproject.toml) but no "
        "changeset it adds or edits names it")])


def test_a_symlink_turned_into_a_changeset_is_carried(monorepo: Repo) -> None:
    monorepo.checkout("main")
    (monorepo.root / ".changeset/a.md").symlink_to("README.md")
    monorepo.commit(message="a link where a changeset goes")
    monorepo.checkout("pr")
    monorepo.git("merge", "-q", "main")
    (monorepo.root / ".changeset/a.md").unlink()
    # a type change (T) is an edit: the file it leaves is read, and grades @x/a
    assert _pr(monorepo, {**TOUCH_A, ".changeset/a.md": changeset('"@x/a": patch\n')}) == (0, [])
