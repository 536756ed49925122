"""The repository gates (docs/how-to/gates.md#repository-gates) on real repositories: release-owned,
size and trailers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from govern.config import GatesConfig
from tests.gitrepo import Repo, make_repo
from tests.helpers import run_check

NULL = "0" * 40

# judged under the contract preset, where every gate runs (docs/how-to/gates.md#presets)
pytestmark = pytest.mark.preset("contract")


@pytest.fixture
def project(tmp_path: Path) -> Repo:
    """A repository with a changelog and release notes on main; branch `pr` checked out."""
    repo = make_repo(tmp_path / "repo", {
        "CHANGELOG.md": "# Changelog\n",
        "docs/releases/1.0.md": "# 1.0\n",
        "docs/guide.md": "# Guide\n",
        "src/app.py": "x = 1\n",
    }, preset="contract")
    repo.branch("pr")
    return repo


def _findings(repo: Repo, gate: str, *args: str,
              env: dict[str, str] | None = None, stdin: str | None = None
              ) -> tuple[int, list[tuple[str | None, int | None, str, str]]]:
    result = run_check(repo, gate, *args, "--json", env=env, stdin=stdin)
    data = json.loads(result.stdout)
    return result.exit_code, [(f["carrier"], f["line"], f["message"], f["remedy"])
                              for f in data["findings"]]


# -- release-owned ---------------------------------------------------------------------------

def _owned(path: str, verb: str) -> tuple[str, None, str, str]:
    return (path, None,
            f"this PR {verb} `{path}`, a release-owned page (`docs.release_owned`): the release "
            f"process writes it, so hand edits are overwritten or garble the release notes",
            f"revert the change to `{path}`; to correct the page, file an issue or open a "
            f"docs-only PR (labels that allow it: `release`, `docs-only`). If this "
            f"repository's PRs write their own entries there, take it out of "
            f"`docs.release_owned`")


def test_release_owned_untouched_passes(project: Repo) -> None:
    project.commit({"docs/guide.md": "# Guide, better\n"})
    assert _findings(project, "release-owned", "main") == (0, [])


@pytest.mark.parametrize(("files", "path", "verb"), [
    ({"CHANGELOG.md": "# Changelog\n\n- hand edit\n"}, "CHANGELOG.md", "edits"),
    ({"docs/releases/2.0.md": "# 2.0\n"}, "docs/releases/2.0.md", "adds"),
    ({"docs/releases/1.0.md": None}, "docs/releases/1.0.md", "deletes"),
    ({"CHANGES.rst": "x\n"}, "CHANGES.rst", "adds"),
])
def test_release_owned_change_is_refused(project: Repo, files: dict[str, str | None],
                                         path: str, verb: str) -> None:
    project.commit(files)
    assert _findings(project, "release-owned", "main") == (1, [_owned(path, verb)])


def test_release_owned_finding_cites_the_guardrails_doc_only_when_one_is_set(
        tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {
        "CHANGELOG.md": "# Changelog\n", "CONTRIBUTING.md": "# Rules\n",
        "govern.toml": '[gates]\npreset = "contract"\n\n'
                       '[comment]\nguardrails_doc = "CONTRIBUTING.md"\n'})
    repo.branch("pr")
    repo.commit({"CHANGELOG.md": "# Changelog\n\n- hand edit\n"})
    _, findings = _findings(repo, "release-owned", "main")
    assert findings[0][2].endswith("garble the release notes (see CONTRIBUTING.md)")


def test_release_owned_rename_away_is_refused(project: Repo) -> None:
    project.mv("docs/releases/1.0.md", "docs/old-1.0.md")
    project.commit()
    assert _findings(project, "release-owned", "main") == (
        1, [_owned("docs/releases/1.0.md", "renames")])


@pytest.mark.parametrize("args", [("--label", "release"), ("--label", "docs-only"),
                                  ("--actor", "github-actions[bot]")])
def test_release_owned_allowed_by_label_or_actor(project: Repo, args: tuple[str, str]) -> None:
    project.commit({"CHANGELOG.md": "# Changelog\n\n- 2.0\n"})
    assert _findings(project, "release-owned", "main", *args) == (0, [])


def test_release_owned_actor_from_the_payload(project: Repo, tmp_path: Path) -> None:
    project.commit({"CHANGELOG.md": "# Changelog\n\n- 2.0\n"})
    event = tmp_path / "event.json"
    event.write_text(json.dumps({"pull_request": {"number": 7, "body": "",
                                                  "user": {"login": "github-actions[bot]"},
                                                  "labels": []}}))
    assert _findings(project, "release-owned", "main",
                     env={"GITHUB_EVENT_PATH": str(event)}) == (0, [])
    assert _findings(project, "release-owned", "main", "--actor", "someone",
                     env={"GITHUB_EVENT_PATH": str(event)})[0] == 1


def test_a_pr_cannot_unlist_the_page_it_edits(tmp_path: Path) -> None:
    """Gates read govern.toml at the merge base: deleting the glob does not let the edit in."""
    repo = make_repo(tmp_path / "repo", {
        "govern.toml": '[docs]\nrelease_owned = ["RELEASES.md"]\n',
        "RELEASES.md": "# Releases\n",
    }, preset="contract")
    repo.branch("pr")
    repo.commit({"govern.toml": "[docs]\nrelease_owned = []\n",
                 "RELEASES.md": "# Releases\n\n- sneaked in\n"})
    code, findings = _findings(repo, "release-owned", "main")
    assert (code, [f[0] for f in findings]) == (1, ["RELEASES.md"])


# -- size ------------------------------------------------------------------------------------

def _lines(count: int) -> str:
    return "".join(f"line {n}\n" for n in range(count))


@pytest.fixture
def small_limit(tmp_path: Path) -> Repo:
    repo = make_repo(tmp_path / "repo", {"govern.toml": "[gates]\nhuman_merge_lines = 10\n"},
                     preset="contract")
    repo.branch("pr")
    return repo


def test_size_at_the_limit_passes(small_limit: Repo) -> None:
    small_limit.commit({"a.txt": _lines(10), "uv.lock": _lines(500)})
    result = run_check(small_limit, "size", "main", "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["details"] == {"lines": 10, "files": 1,
                                                    "ignored_files": 1, "limit": 10}


def test_size_over_the_limit_needs_a_human_merge(small_limit: Repo) -> None:
    small_limit.commit({"a.txt": _lines(8), "b.txt": _lines(3)})
    assert _findings(small_limit, "size", "main") == (1, [(
        None, None,
        "this PR changes 11 lines (additions + deletions over 2 files; 0 ignored by "
        "`gates.size_ignore`), more than `gates.human_merge_lines` = 10: it needs a human "
        "merge",
        "a maintainer reviews and merges it by hand (no auto-merge), or split it into "
        "smaller PRs")])


def test_size_counts_deletions(small_limit: Repo) -> None:
    small_limit.checkout("main")
    small_limit.commit({"big.txt": _lines(20)})
    small_limit.checkout("pr")
    small_limit.git("merge", "-q", "main")
    small_limit.commit({"big.txt": None})
    assert _findings(small_limit, "size", "main")[0] == 1


def test_size_default_threshold_is_3000(project: Repo) -> None:
    project.commit({"big.txt": _lines(3000)})
    assert _findings(project, "size", "main") == (0, [])
    project.commit({"more.txt": _lines(1)})
    assert _findings(project, "size", "main")[0] == 1


# -- trailers --------------------------------------------------------------------------------

FIXES = "fix: the door\n\nFixes #12\n"
FIXES_PATTERN = GatesConfig().trailer_forbidden[0]
FIXES_FINDING = (
    f"line 3 `Fixes #12` matches the forbidden pattern `{FIXES_PATTERN}` "
    "(`gates.trailer_forbidden`): card relations belong in the PR body, and commit messages "
    "name no model")


def test_trailers_clean_range_passes(project: Repo) -> None:
    project.commit({"src/app.py": "x = 2\n"}, "fix: the door\n\nRefs are in the PR body.\n")
    assert _findings(project, "trailers", "--range", "main..pr") == (0, [])


def test_trailers_card_relation_is_refused(project: Repo) -> None:
    sha = project.commit({"src/app.py": "x = 2\n"}, FIXES)[:12]
    assert _findings(project, "trailers", "--range", "main..pr") == (1, [(
        f"commit {sha}", 3, f"commit {sha} {FIXES_FINDING}",
        f"reword commit {sha} (`git rebase -i {sha}^`, mark it `reword`) without that line, "
        f"then force-push")])


@pytest.mark.parametrize("line", ["Co-Authored-By: Claude <noreply@example.com> claude-3-opus",
                                  "Generated with gpt-4.1", "Part of #9", "closes #1"])
def test_trailers_forbidden_forms(project: Repo, line: str) -> None:
    project.commit({"src/app.py": "x = 2\n"}, f"chore: tidy\n\n{line}\n")
    code, findings = _findings(project, "trailers", "main")
    assert (code, [f[1] for f in findings]) == (1, [3])


def test_trailers_range_from_pre_commit(project: Repo) -> None:
    project.commit({"src/app.py": "x = 2\n"}, FIXES)
    clean = project.commit({"src/app.py": "x = 3\n"}, "fix: clean\n")
    env = {"PRE_COMMIT_FROM_REF": project.sha("HEAD~1"), "PRE_COMMIT_TO_REF": clean}
    assert _findings(project, "trailers", env=env) == (0, [])
    env["PRE_COMMIT_FROM_REF"] = "main"
    assert _findings(project, "trailers", env=env)[0] == 1


def test_trailers_range_from_pre_push_stdin(project: Repo) -> None:
    bad = project.commit({"src/app.py": "x = 2\n"}, FIXES)
    main = project.sha("main")
    pushed = f"refs/heads/pr {bad} refs/heads/pr {main}\n"
    assert _findings(project, "trailers", stdin=pushed)[0] == 1
    # a new branch: read from its merge base with the default branch (main here)
    new_branch = f"refs/heads/pr {bad} refs/heads/pr {NULL}\n"
    assert _findings(project, "trailers", stdin=new_branch)[0] == 1
    # a deleted branch pushes no commit
    deleted = f"(delete) {NULL} refs/heads/old {main}\n"
    assert _findings(project, "trailers", stdin=deleted) == (0, [])


def test_trailers_commit_msg_stage(project: Repo, tmp_path: Path) -> None:
    message = tmp_path / "COMMIT_EDITMSG"
    message.write_text("fix: door\n\n# Fixes #3 is a comment git strips\n")
    assert _findings(project, "trailers", "--message-file", str(message)) == (0, [])
    message.write_text("fix: door\n\nFixes #3\n")
    assert _findings(project, "trailers", "--message-file", str(message)) == (1, [(
        str(message), 3,
        f"{message} line 3 `Fixes #3` matches the forbidden pattern `{FIXES_PATTERN}` "
        "(`gates.trailer_forbidden`): card relations belong in the PR body, and commit "
        "messages name no model",
        "edit the commit message to drop that line")])


def test_trailers_patterns_come_from_the_merge_base(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"govern.toml": '[gates]\ntrailer_forbidden = ["WIP"]\n'},
                     preset="contract")
    repo.branch("pr")
    repo.commit({"govern.toml": "[gates]\ntrailer_forbidden = []\n"}, "WIP: loosen\n")
    assert _findings(repo, "trailers", "main")[0] == 1


@pytest.mark.parametrize("bad", ["main", "main..", "..pr", "main...pr"])
def test_trailers_bad_range_is_usage_error(project: Repo, bad: str) -> None:
    result = run_check(project, "trailers", "--range", bad)
    assert result.exit_code == 2
    assert f"--range must be A..B, got {bad!r}" in result.stderr


def test_trailers_unknown_ref_is_not_judged(project: Repo) -> None:
    result = run_check(project, "trailers", "--range", "main..nope", "--json")
    assert result.exit_code == 2
    assert json.loads(result.stdout) == {
        "judged": False,
        "error": "unknown revision 'nope': it does not name a commit in this repository",
        "remedy": "this repository has no remote to fetch it from: name a branch, tag or "
                  "commit it has (`git branch -a` lists the branches)"}


def test_trailers_non_utf8_message_is_judged(project: Repo, tmp_path: Path) -> None:
    message = tmp_path / "msg"
    message.write_bytes(b"fix: caf\xe9\n\nFixes #7\n")
    project.write({"src/app.py": "x = 2\n"})
    project.git("add", "-A")
    project.git("commit", "-q", "-F", str(message))  # invalid UTF-8, no encoding header
    code, findings = _findings(project, "trailers", "main")
    assert (code, [f[1] for f in findings]) == (1, [3])
