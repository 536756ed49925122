"""``govern overlap`` over refs it cannot read (docs/how-to/overlap.md#unreadable-refs): a ref
naming a missing object, a head whose tree is gone, history cut off by a shallow clone. Each
is skipped, named with its remedy (never git's raw ``fatal:``), listed in the JSON and in the
comment; the run exits 0 while one ref was read, 2 when none was or ``--pr N`` is unreadable."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner, Result

from govern.cli import cli
from govern.core.globs import Globs
from govern.core.resources import read_data
from govern.git.gitio import Git
from govern.overlap import PairCache, Ref, UnreadableRef, compute_overlap
from tests.gitrepo import Repo, make_repo

FIVE = "l1\nl2\nl3\nl4\nl5\n"
GHOST = "0123456789abcdef0123456789abcdef01234567"
"""A sha no object in these repositories has."""


def open_pr(repo: Repo, name: str, files: dict[str, str | None]) -> str:
    repo.branch(name, "main")
    sha = repo.commit(files, f"{name}: change")
    repo.checkout("main")
    return sha


def overlap(repo: Path, *args: str) -> Result:
    return CliRunner().invoke(cli, ["--repo-dir", str(repo), "overlap", *args])


@pytest.fixture
def repo(tmp_path: Path) -> Repo:
    """PRs a and b conflict on f.txt line 2; ``ghost`` names an object that is not there."""
    repo = make_repo(tmp_path / "repo", {"f.txt": FIVE, "e.txt": FIVE})
    open_pr(repo, "a", {"f.txt": "l1\nA2\nl3\nl4\nl5\n"})
    open_pr(repo, "b", {"f.txt": "l1\nB2\nl3\nl4\nl5\n"})
    # git update-ref refuses a missing object, so the ref is written as a file, as a broken
    # fetch or a pruned object store leaves it
    (repo.root / ".git" / "refs" / "heads" / "ghost").write_text(GHOST + "\n")
    return repo


def treeless(repo: Repo, name: str) -> None:
    """Branch ``name`` whose commit is there but whose tree object is gone."""
    open_pr(repo, name, {"e.txt": f"{name}\n"})
    tree = repo.git("rev-parse", f"{name}^{{tree}}").strip()
    (repo.root / ".git" / "objects" / tree[:2] / tree[2:]).unlink()


GHOST_REASON = f"it names {GHOST}, an object this repository does not have"
LOCAL_REMEDY = ("fetch it again from the remote it came from, then check the repository with "
                "`git fsck`")
GHOST_WARNING = f"govern overlap: warning: skipped ghost: {GHOST_REASON}; remedy: {LOCAL_REMEDY}"


def test_a_ref_naming_a_missing_object_is_skipped_and_named_with_its_remedy(repo: Repo) -> None:
    got = overlap(repo.root, "main", "--", "a", "ghost", "b")
    assert got.exit_code == 0, got.output
    assert got.stdout == "b conflicts with earlier a: f.txt (content, lines 2–6)\n"
    assert got.stderr.splitlines() == [GHOST_WARNING, (
        "govern overlap: 2 PR(s) against main, 1 pair(s): 1 conflict, 0 clean, 0 skipped (no "
        "shared path); 1 merged (0 from cache); 1 ref(s) could not be read and were skipped")]


def test_a_head_whose_tree_is_gone_is_named_in_govern_words_not_git_fatal(repo: Repo) -> None:
    treeless(repo, "c")
    got = overlap(repo.root, "--json", "main", "--", "a", "b", "c")
    assert got.exit_code == 0, got.output
    data = json.loads(got.stdout)
    assert [pr["ref"] for pr in data["prs"]] == ["a", "b"]
    [skipped] = data["unreadable"]
    assert (skipped["id"], skipped["ref"]) == (3, "c")
    assert skipped["reason"].startswith("git could not read its history (")
    assert "fatal" not in skipped["reason"] and "fatal" not in got.stderr
    assert skipped["remedy"] == LOCAL_REMEDY
    assert got.stderr.startswith("govern overlap: warning: skipped c: git could not read")


def test_json_validates_with_and_without_unreadable_refs(repo: Repo) -> None:
    schema = json.loads(read_data("schemas", "overlap.schema.json"))
    every = json.loads(overlap(repo.root, "--json", "main", "--", "a", "b").stdout)
    assert "unreadable" not in every  # optional: a run that read every ref is unchanged
    jsonschema.validate(every, schema)
    some = json.loads(overlap(repo.root, "--json", "main", "--", "a", "ghost", "b").stdout)
    assert some["unreadable"] == [
        {"id": 2, "ref": "ghost", "reason": GHOST_REASON, "remedy": LOCAL_REMEDY}]
    jsonschema.validate(some, schema)
    some["unreadable"][0]["id"] = 0
    with pytest.raises(jsonschema.ValidationError, match="0 is less than the minimum of 1"):
        jsonschema.validate(some, schema)


def test_none_read_exits_2_naming_every_ref(repo: Repo) -> None:
    treeless(repo, "c")
    got = overlap(repo.root, "main", "--", "ghost", "c")
    assert got.exit_code == 2
    lines = got.stderr.splitlines()
    assert lines[0] == GHOST_WARNING
    assert lines[1].startswith("govern overlap: warning: skipped c: git could not read")
    assert lines[2] == "Error: none of the 2 PR head(s) could be read (ghost, c)"
    as_json = overlap(repo.root, "--json", "main", "--", "ghost", "c")
    assert as_json.exit_code == 2 and json.loads(as_json.stdout)["judged"] is False


def test_pr_n_exits_2_when_n_itself_is_unreadable_and_judges_n_otherwise(repo: Repo) -> None:
    itself = overlap(repo.root, "main", "--pr", "ghost", "--", "a", "ghost", "b")
    assert itself.exit_code == 2
    assert itself.stderr.splitlines()[-2:] == [
        f"Error: --pr ghost could not be read: {GHOST_REASON}", f"  remedy: {LOCAL_REMEDY}"]
    other = overlap(repo.root, "main", "--pr", "b", "--", "a", "ghost", "b")
    assert other.exit_code == 1, other.output  # b conflicts with earlier a: it must rebase
    assert other.stderr.splitlines()[0] == GHOST_WARNING


def test_a_shallow_clone_skips_the_head_cut_before_its_history_and_names_deepen(
        repo: Repo, tmp_path: Path) -> None:
    (repo.root / ".git" / "refs" / "heads" / "ghost").unlink()  # a clone would refuse it
    repo.commit({"e.txt": "main moves\n"}, "main moves")
    repo.commit({"e.txt": "main moves again\n"}, "main moves again")
    open_pr(repo, "late", {"f.txt": "l1\nl2\nl3\nl4\nlate\n"})  # cut from the new tip
    clone = tmp_path / "shallow"
    # two commits of each branch: late meets main at main's tip, a's merge base is cut off
    repo.git("clone", "-q", "--depth", "2", "--no-single-branch", f"file://{repo.root}",
             str(clone))
    got = overlap(clone, "--json", "origin/main", "--", "origin/a", "origin/late")
    assert got.exit_code == 0, got.output
    data = json.loads(got.stdout)
    assert [pr["ref"] for pr in data["prs"]] == ["origin/late"]
    [skipped] = data["unreadable"]
    assert skipped["ref"] == "origin/a"
    assert skipped["reason"] == ("no merge base between origin/main and origin/a: this is a "
                                 "shallow clone without it")
    assert skipped["remedy"].startswith("deepen the history until they meet: `git fetch "
                                        "--deepen=200 origin")


def test_a_github_head_is_fetched_again_from_refs_pull(repo: Repo) -> None:
    """With --github each ref carries the command that fetches it (govern.overlap.on_github)."""
    fetch = "git fetch origin +refs/pull/7/head:refs/remotes/origin/pr/7"
    git = Git(repo.root)
    try:
        result = compute_overlap(
            git, "main", [Ref(3, "a"), Ref(7, "refs/remotes/origin/pr/7", fetch)], Globs(()),
            PairCache.for_repository(git.common_dir()))
    finally:
        git.close()
    assert [pr.id for pr in result.prs] == [3]
    assert result.unreadable == (UnreadableRef(
        7, "refs/remotes/origin/pr/7", "unknown revision 'refs/remotes/origin/pr/7': it does "
        "not name a commit in this repository", f"fetch it again: `{fetch}`"),)


def test_the_comment_lists_skipped_refs(repo: Repo) -> None:
    got = overlap(repo.root, "--markdown", "main", "--", "a", "ghost", "b")
    assert got.exit_code == 0, got.output
    lines = got.stdout.splitlines()
    assert "⚠️ Not compared: 1 PR(s) could not be read:" in lines
    assert f"- `ghost` — {GHOST_REASON}" in lines
    every = overlap(repo.root, "--markdown", "main", "--", "a", "b")
    assert "Not compared" not in every.stdout


def comment(repo: Repo, matrix: str) -> Result:
    return CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "comment", "overlap",
                                    "--from", "-"], input=matrix)


def test_the_comment_command_reads_skipped_refs_back_inert(repo: Repo) -> None:
    matrix = overlap(repo.root, "--json", "main", "--", "a", "ghost", "b").stdout
    printed = comment(repo, matrix)
    assert printed.exit_code == 0, printed.output
    # the comment command speaks of PR numbers (its input is a --github run's)
    assert f"- #2 — {GHOST_REASON}" in printed.stdout.splitlines()
    hostile = json.loads(matrix)
    hostile["unreadable"][0]["reason"] = "<img src=y>\n::error::@admin"
    shown = comment(repo, json.dumps(hostile))
    assert shown.exit_code == 0, shown.output
    # escaped, on one line, the mention broken
    assert "- #2 — &lt;img src=y&gt; ::error::@\u200badmin" in shown.stdout.splitlines()
    assert "<img" not in shown.stdout
    hostile["unreadable"][0]["id"] = 1  # a, which prs lists as read
    refused = comment(repo, json.dumps(hostile))
    assert refused.exit_code == 2
    assert "$.unreadable lists a PR that $.prs lists as read" in refused.stderr
