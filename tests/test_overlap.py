"""``govern overlap`` end to end: real repositories, real branches, real ``git merge-tree``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from govern.cli import cli
from govern.core.globs import Globs
from govern.git.gitio import Git
from govern.overlap import PairCache, Ref, ToldRecord, compute_overlap
from tests.gitrepo import Repo, make_repo

FIVE = "l1\nl2\nl3\nl4\nl5\n"


def open_pr(repo: Repo, name: str, files: dict[str, str | bytes | None],
            start: str = "main") -> str:
    """A branch ``name`` off ``start`` with one commit writing ``files``; back on main."""
    repo.branch(name, start)
    sha = repo.commit(files, f"{name}: change")
    repo.checkout("main")
    return sha


def raw(repo: Repo, *args: str) -> Result:
    return CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "overlap", *args])


def run(repo: Repo, *args: str) -> Result:
    """``govern overlap [OPTIONS] main -- REF…``: the leading arguments are the PR heads, the
    rest options."""
    cut = next((i for i, arg in enumerate(args) if arg.startswith("-")), len(args))
    return raw(repo, *args[cut:], "main", "--", *args[:cut])


def matrix(repo: Repo, *refs: str) -> dict[str, Any]:
    result = run(repo, *refs, "--json")
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def only_pair(repo: Repo) -> dict[str, Any]:
    pairs = matrix(repo, "a", "b")["pairs"]
    assert len(pairs) == 1
    return pairs[0]


@pytest.fixture
def base(tmp_path: Path) -> Repo:
    return make_repo(tmp_path / "repo", {"f.txt": FIVE, "other.txt": "x\n", "e.txt": FIVE})


def test_edits_far_apart_in_a_shared_file_merge_clean_and_are_listed_as_auto_merged(
        base: Repo) -> None:
    open_pr(base, "a", {"f.txt": "A1\nl2\nl3\nl4\nl5\n"})
    open_pr(base, "b", {"f.txt": "l1\nl2\nl3\nl4\nB5\n"})
    assert only_pair(base) == {"a": 1, "b": 2, "status": "clean", "conflicts": [],
                               "auto_merged": ["f.txt"]}


def test_content_conflict_reports_marker_lines_in_the_merged_file_and_both_sides(
        base: Repo) -> None:
    open_pr(base, "a", {"f.txt": "l1\nA2\nl3\nl4\nl5\n"})
    open_pr(base, "b", {"f.txt": "l1\nB2\nl3\nl4\nl5\n", "other.txt": "y\n"})
    pair = only_pair(base)
    assert pair["status"] == "conflict"
    assert pair["conflicts"] == [{"path": "f.txt", "type": "content", "hunks": [
        {"start": 2, "end": 6, "ours": "A2\n", "theirs": "B2\n"}]}]
    assert pair["auto_merged"] == []


def test_a_prs_own_merge_attributes_do_not_merge_its_clash_clean(base: Repo) -> None:
    # checked out, PR a's `.gitattributes` would be the one git reads: `merge=union` keeps
    # both sides of a clash, and the pair would come out clean
    open_pr(base, "a", {"f.txt": "l1\nA2\nl3\nl4\nl5\n", ".gitattributes": "*.txt merge=union\n"})
    open_pr(base, "b", {"f.txt": "l1\nB2\nl3\nl4\nl5\n"})
    base.checkout("a")
    assert only_pair(base)["status"] == "conflict"


def test_two_hunks_in_one_file_each_get_their_lines(base: Repo) -> None:
    # git folds clashes fewer than four lines apart into one hunk, so keep these far apart.
    middle = "".join(f"m{i}\n" for i in range(2, 10))
    base.commit({"long.txt": "l1\n" + middle + "l10\n"}, "a longer file")
    open_pr(base, "a", {"long.txt": "A1\n" + middle + "A10\n"})
    open_pr(base, "b", {"long.txt": "B1\n" + middle + "B10\nB11\n"})
    [conflict] = only_pair(base)["conflicts"]
    assert [(h["start"], h["end"], h["ours"], h["theirs"]) for h in conflict["hunks"]] == [
        (1, 5, "A1\n", "B1\n"), (14, 19, "A10\n", "B10\nB11\n")]


def test_add_add(base: Repo) -> None:
    open_pr(base, "a", {"new.txt": "from a\n"})
    open_pr(base, "b", {"new.txt": "from b\n"})
    assert only_pair(base)["conflicts"] == [{"path": "new.txt", "type": "add/add", "hunks": [
        {"start": 1, "end": 5, "ours": "from a\n", "theirs": "from b\n"}]}]


def test_modify_delete(base: Repo) -> None:
    open_pr(base, "a", {"f.txt": "changed\n"})
    open_pr(base, "b", {"f.txt": None})
    assert only_pair(base)["conflicts"] == [
        {"path": "f.txt", "type": "modify/delete", "hunks": []}]


def test_rename_delete(base: Repo) -> None:
    base.branch("a")
    base.mv("f.txt", "g.txt")
    base.commit(message="a: rename")
    base.checkout("main")
    open_pr(base, "b", {"f.txt": None})
    pair = only_pair(base)
    assert pair["status"] == "conflict"
    assert pair["conflicts"] == [{"path": "g.txt", "type": "rename/delete", "hunks": []}]


def test_rename_on_one_side_and_edit_on_the_other_merges_clean(base: Repo) -> None:
    base.branch("a")
    base.mv("e.txt", "e2.txt")
    base.commit(message="a: move")
    base.checkout("main")
    open_pr(base, "b", {"e.txt": FIVE + "l6\n"})
    assert only_pair(base) == {"a": 1, "b": 2, "status": "clean", "conflicts": [],
                               "auto_merged": ["e.txt"]}


def test_binary_conflict_has_no_hunks(base: Repo) -> None:
    base.commit({"logo.png": b"\x89PNG\x00base"}, "add a binary")
    open_pr(base, "a", {"logo.png": b"\x89PNG\x00from a"})
    open_pr(base, "b", {"logo.png": b"\x89PNG\x00from b"})
    assert only_pair(base)["conflicts"] == [{"path": "logo.png", "type": "binary",
                                             "hunks": []}]


def _bump_gitlink(repo: Repo, name: str, commit: str) -> None:
    """A branch ``name`` off main moving the gitlink ``vendor/sub`` to ``commit``."""
    repo.branch(name, "main")
    repo.git("update-index", "--cacheinfo", f"160000,{commit},vendor/sub")
    repo.git("commit", "-q", "-m", f"{name}: bump the submodule")
    repo.checkout("main")


def test_two_prs_moving_one_submodule_conflict_as_a_submodule(base: Repo) -> None:
    # no .gitmodules and no clone: git merges the gitlinks alone, and adds free-text advice
    base.git("update-index", "--add", "--cacheinfo", f"160000,{'1' * 40},vendor/sub")
    base.git("commit", "-q", "-m", "a submodule")
    _bump_gitlink(base, "a", "2" * 40)
    _bump_gitlink(base, "b", "3" * 40)
    assert [(c["path"], c["type"]) for c in only_pair(base)["conflicts"]] == [
        ("vendor/sub", "submodule")]


def test_file_in_the_way_of_a_folder_is_merged_not_prefiltered(base: Repo) -> None:
    open_pr(base, "a", {"docs": "a file\n"})
    open_pr(base, "b", {"docs/page.md": "a page\n"})
    pair = only_pair(base)
    assert pair["status"] == "conflict"
    assert [c["type"] for c in pair["conflicts"]] == ["directory/file"]


def test_three_prs_where_only_one_pair_conflicts(base: Repo) -> None:
    open_pr(base, "a", {"f.txt": "l1\nA2\nl3\nl4\nl5\n"})
    open_pr(base, "b", {"other.txt": "b\n"})
    open_pr(base, "c", {"f.txt": "l1\nC2\nl3\nl4\nl5\n"})
    data = matrix(base, "a", "b", "c")
    assert [(p["id"], p["ref"], p["files"]) for p in data["prs"]] == [
        (1, "a", 1), (2, "b", 1), (3, "c", 1)]
    assert [(p["a"], p["b"], p["status"]) for p in data["pairs"]] == [
        (1, 2, "skipped"), (1, 3, "conflict"), (2, 3, "skipped")]


def test_the_later_pr_is_told_to_rebase(base: Repo) -> None:
    open_pr(base, "a", {"f.txt": "l1\nA2\nl3\nl4\nl5\n"})
    open_pr(base, "b", {"other.txt": "b\n"})
    open_pr(base, "c", {"f.txt": "l1\nC2\nl3\nl4\nl5\n"})
    later = run(base, "a", "b", "c", "--pr", "c")
    assert later.exit_code == 1
    assert later.stdout == "c conflicts with earlier a: f.txt (content, lines 2–6)\n"
    assert run(base, "a", "b", "c", "--pr", "a").exit_code == 0
    assert run(base, "a", "b", "c", "--pr", "2").exit_code == 0
    # Argument order is the attribution: name c first and a becomes the later PR.
    assert run(base, "c", "a", "--pr", "a").exit_code == 1
    comment = run(base, "a", "b", "c", "--pr", "c", "--markdown")
    assert comment.exit_code == 1
    assert comment.stdout.startswith("<!-- govern:overlap -->\n### 🔀 PR overlap\n")
    assert ("⚠️ `c` conflicts with **1** earlier open PR(s) into `main`; it should rebase "
            "once they land:\n\n- `a`\n  - `f.txt` — content, lines 2–6\n") in comment.stdout
    earlier = run(base, "a", "b", "c", "--pr", "a", "--markdown").stdout
    assert "1 later open PR(s) conflict with `a`; they will rebase after it lands:" in earlier


def test_pr_mode_merges_only_the_focused_prs_pairs(base: Repo) -> None:
    open_pr(base, "a", {"f.txt": "l1\nA2\nl3\nl4\nl5\n"})
    open_pr(base, "b", {"f.txt": "l1\nB2\nl3\nl4\nl5\n"})
    open_pr(base, "c", {"other.txt": "c\n"})
    data = json.loads(run(base, "a", "b", "c", "--pr", "c", "--json").stdout)
    assert [(p["a"], p["b"], p["status"]) for p in data["pairs"]] == [
        (1, 3, "skipped"), (2, 3, "skipped")]


def test_untrusted_names_stay_inert_in_markdown(base: Repo) -> None:
    name = "x`<b>@y"
    open_pr(base, name, {"f.txt": "l1\nA2\nl3\nl4\nl5\n", "a`b.txt": "a\n"})
    open_pr(base, "b", {"f.txt": "l1\nB2\nl3\nl4\nl5\n", "a`b.txt": "b\n"})
    out = run(base, name, "b", "--markdown", "--pr", "b").stdout
    # Code spans fenced longer than the backticks inside keep HTML and mentions inert.
    assert "- `` x`<b>@y ``\n  - `` a`b.txt `` — add/add, lines 1–5\n" in out


def test_behind_counts_base_commits_and_names_the_prs_files_they_touched(base: Repo) -> None:
    open_pr(base, "a", {"f.txt": "l1\nA2\nl3\nl4\nl5\n", "other.txt": "a\n"})
    base.commit({"f.txt": "l1\nl2\nl3\nl4\nM5\n"}, "main moves")
    base.commit({"unrelated.txt": "u\n"}, "main moves again")
    [pr] = matrix(base, "a")["prs"]
    assert (pr["behind"], pr["behind_touching"]) == (2, ["f.txt"])


def test_ignored_lockfile_neither_pairs_prs_nor_counts_as_a_conflict(base: Repo) -> None:
    base.commit({"uv.lock": "v0\n"}, "lock")
    open_pr(base, "a", {"uv.lock": "v1\n"})
    open_pr(base, "b", {"uv.lock": "v2\n"})
    open_pr(base, "c", {"uv.lock": "v3\n", "f.txt": "l1\nl2\nl3\nl4\nC5\n"})
    open_pr(base, "d", {"uv.lock": "v4\n", "f.txt": "D1\nl2\nl3\nl4\nl5\n"})
    data = matrix(base, "a", "b", "c", "d")
    assert [p["files"] for p in data["prs"]] == [0, 0, 1, 1]
    statuses = {(p["a"], p["b"]): (p["status"], p["conflicts"]) for p in data["pairs"]}
    assert statuses[1, 2] == ("skipped", [])
    assert statuses[3, 4] == ("clean", [])


def test_unknown_ref_is_skipped_never_a_conflict(base: Repo) -> None:
    open_pr(base, "a", {"f.txt": "changed\n"})
    skipped = ("govern overlap: warning: skipped no-such-branch: unknown revision "
               "'no-such-branch': it does not name a commit in this repository; remedy: this "
               "repository has no remote to fetch it from: name a branch, tag or commit it has "
               "(`git branch -a` lists the branches)")
    result = run(base, "a", "no-such-branch")
    assert result.exit_code == 0
    assert result.stderr.splitlines() == [skipped, (
        "govern overlap: 1 PR(s) against main, 0 pair(s): 0 conflict, 0 clean, 0 skipped (no "
        "shared path); 0 merged (0 from cache); 1 ref(s) could not be read and were skipped")]
    alone = run(base, "no-such-branch", "--json")
    assert alone.exit_code == 2
    assert json.loads(alone.stdout)["judged"] is False
    assert alone.stderr.splitlines()[0] == skipped


def test_unknown_base_is_not_judged(base: Repo) -> None:
    open_pr(base, "a", {"f.txt": "changed\n"})
    result = raw(base, "gone", "--", "a")
    assert result.exit_code == 2
    assert "unknown revision 'gone'" in result.stderr


def test_a_head_of_unrelated_history_is_skipped(base: Repo) -> None:
    open_pr(base, "a", {"f.txt": "changed\n"})
    base.git("checkout", "-q", "--orphan", "lone")
    base.git("rm", "-q", "-r", "-f", ".")
    base.commit({"z.txt": "z\n"}, "unrelated root")
    base.checkout("main")
    result = run(base, "a", "lone")
    assert result.exit_code == 0
    assert result.stderr.splitlines()[0] == (
        "govern overlap: warning: skipped lone: main and lone have no common history (no "
        "merge base); remedy: compare it against the branch it was cut from (its own BASE), "
        "or leave it out")
    assert run(base, "lone").exit_code == 2


@pytest.mark.parametrize(("args", "message"), [
    (("main", "--", "a", "a"), "ref 'a' is named twice; each ref stands for one PR"),
    (("--json", "--markdown", "main", "--", "a"),
     "--json and --markdown are exclusive; pick one output"),
    (("main",), "name the PR heads to compare after `--`: `govern overlap [BASE] -- REF REF …`"),
    (("main", "a", "--", "b"), "name one BASE, then the PR heads after `--`: `govern overlap "
                               "BASE -- REF REF …`"),
    (("--base", "main", "main", "--", "a"),
     "BASE is given twice (as BASE and as --base): name it once"),
])
def test_bad_usage_exits_2_with_the_reason(base: Repo, args: tuple[str, ...],
                                           message: str) -> None:
    open_pr(base, "a", {"f.txt": "changed\n"})
    result = raw(base, *args)
    assert result.exit_code == 2
    assert message in result.stderr


def test_pr_not_among_the_refs_is_not_judged(base: Repo) -> None:
    open_pr(base, "a", {"f.txt": "changed\n"})
    result = run(base, "a", "--pr", "7")
    assert result.exit_code == 2
    assert "--pr '7' is not among the PRs compared" in result.stderr


def test_unchanged_pairs_come_from_the_cache_and_moved_ones_merge_again(base: Repo) -> None:
    open_pr(base, "a", {"f.txt": "l1\nA2\nl3\nl4\nl5\n"})
    open_pr(base, "b", {"f.txt": "l1\nB2\nl3\nl4\nl5\n"})
    open_pr(base, "c", {"f.txt": "l1\nl2\nl3\nl4\nC5\n"})
    git = Git(base.root)
    refs = [Ref(1, "a"), Ref(2, "b"), Ref(3, "c")]

    def compute() -> tuple[int, int, list[dict[str, Any]]]:
        cache = PairCache.for_repository(git.common_dir())
        result = compute_overlap(git, "main", refs, Globs(()), cache)
        return result.merged, result.from_cache, [p.to_json() for p in result.pairs]

    cold = compute()
    assert cold[:2] == (3, 0)
    assert (base.root / ".git" / "govern").is_dir()
    assert compute() == (3, 3, cold[2])
    base.checkout("c")
    base.commit({"f.txt": "l1\nl2\nl3\nl4\nC5\nC6\n"}, "c moves")
    base.checkout("main")
    assert compute()[:2] == (3, 1)
    git.close()


@pytest.mark.parametrize("damage", [
    lambda entry: entry.update(clean="yes"),
    lambda entry: entry["conflicts"][0]["hunks"][0].update(start="2"),
    lambda entry: entry["conflicts"][0].pop("path"),
    lambda entry: entry.update(involved={"f.txt": 1}),
])
def test_the_pair_cache_is_json_and_a_damaged_one_is_empty(base: Repo,
                                                           damage: Any) -> None:
    # CI restores the cache from other runs: reading it must never execute anything, and a
    # value of the wrong shape must not become a verdict.
    open_pr(base, "a", {"f.txt": "l1\nA2\nl3\nl4\nl5\n"})
    open_pr(base, "b", {"f.txt": "l1\nB2\nl3\nl4\nl5\n"})
    git = Git(base.root)
    refs = [Ref(1, "a"), Ref(2, "b")]
    path = base.root / ".git" / "govern" / "overlap-pairs.json"
    cold = compute_overlap(git, "main", refs, Globs(()), PairCache(path))
    document = json.loads(path.read_text(encoding="utf-8"))
    [entry] = document["entries"].values()
    assert entry["conflicts"][0]["hunks"][0]["start"] == 2
    damage(entry)
    path.write_text(json.dumps(document), encoding="utf-8")
    again = compute_overlap(git, "main", refs, Globs(()), PairCache(path))
    git.close()
    assert (again.from_cache, again.pairs) == (0, cold.pairs)


def test_a_folder_renamed_under_a_file_added_to_it_is_merged_not_prefiltered(
        tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"lib/x.py": "x\n", "lib/y.py": "y\n"})
    repo.branch("a")
    (repo.root / "src").mkdir()
    repo.mv("lib/x.py", "src/x.py")
    repo.mv("lib/y.py", "src/y.py")
    repo.commit(message="a: lib/ becomes src/")
    repo.checkout("main")
    open_pr(repo, "b", {"lib/new.py": "n\n"})
    assert only_pair(repo)["conflicts"] == [
        {"path": "src/new.py", "type": "directory rename suggested", "hunks": []}]


def test_text_mode_prints_conflicts_to_stdout_and_the_summary_to_stderr(base: Repo) -> None:
    open_pr(base, "a", {"f.txt": "l1\nA2\nl3\nl4\nl5\n"})
    open_pr(base, "b", {"f.txt": "l1\nB2\nl3\nl4\nl5\n"})
    result = run(base, "a", "b")
    assert result.exit_code == 0
    assert result.stdout == "b conflicts with earlier a: f.txt (content, lines 2–6)\n"
    # Not a terminal: no progress line, only the summary.
    assert result.stderr == (
        "govern overlap: 2 PR(s) against main, 1 pair(s): 1 conflict, 0 clean, 0 skipped "
        "(no shared path); 1 merged (0 from cache)\n")


def test_shallow_clone_without_the_merge_base_is_not_judged(base: Repo,
                                                            tmp_path: Path) -> None:
    open_pr(base, "a", {"f.txt": "changed\n"})
    base.commit({"other.txt": "main moves\n"}, "main moves")
    clone = tmp_path / "shallow"
    base.git("clone", "-q", "--depth", "1", "--no-single-branch", f"file://{base.root}",
             str(clone))
    result = CliRunner().invoke(cli, ["--repo-dir", str(clone), "overlap", "origin/main",
                                      "--", "origin/a"])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "govern overlap: warning: skipped origin/a: no merge base between origin/main and "
        "origin/a: this is a shallow clone without it; remedy: deepen the history until they "
        "meet: `git fetch --deepen=200 origin main a` (again while this message comes back), "
        "or fetch all of it: `git fetch --unshallow origin`; in GitHub Actions, set "
        "`fetch-depth: 0` on actions/checkout",
        "Error: none of the 1 PR head(s) could be read (origin/a)",
        "  remedy: deepen the history until they meet: `git fetch --deepen=200 origin main a` "
        "(again while this message comes back), or fetch all of it: `git fetch --unshallow "
        "origin`; in GitHub Actions, set `fetch-depth: 0` on actions/checkout (each skipped "
        "ref's remedy is in the warnings above)"]


def test_a_missing_object_is_not_judged_never_clean(base: Repo) -> None:
    open_pr(base, "a", {"f.txt": "l1\nA2\nl3\nl4\nl5\n"})
    open_pr(base, "b", {"f.txt": "l1\nB2\nl3\nl4\nl5\n"})
    blob = base.git("rev-parse", "a:f.txt").strip()
    (base.root / ".git" / "objects" / blob[:2] / blob[2:]).unlink()
    result = run(base, "a", "b")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[0] == (
        "Error: git failed (exit 128): git -c merge.conflictStyle=merge merge-tree "
        "--write-tree -z --name-only --messages --stdin")
    assert result.stderr.endswith(
        "  remedy: fetch the missing objects (`git fetch origin`) and check the repository "
        "with `git fsck`\n")


def test_progress_reports_each_phase(base: Repo) -> None:
    open_pr(base, "a", {"f.txt": "l1\nA2\nl3\nl4\nl5\n"})
    open_pr(base, "b", {"f.txt": "l1\nB2\nl3\nl4\nl5\n"})
    seen: list[tuple[str, int, int]] = []
    git = Git(base.root)
    compute_overlap(git, "main", [Ref(1, "a"), Ref(2, "b")], Globs(()),
                    PairCache.for_repository(git.common_dir()),
                    progress=lambda *event: seen.append(event))
    git.close()
    assert seen == [("PRs read", 1, 2), ("PRs read", 2, 2), ("pairs merged", 1, 1)]


@pytest.mark.parametrize(("args", "error"), [
    (("--github", "main", "--", "a"),
     "--github compares the open PRs on GitHub: name no refs with it"),
    (("--post", "main", "--", "a", "b"), "--post needs --github: comments go to PR numbers, "
                                         "which local refs do not have"),
    ((), "name the PR heads to compare after `--`: `govern overlap [BASE] -- REF REF …`, or "
         "pass --github"),
])
def test_usage_errors_of_the_github_options(base: Repo, args: tuple[str, ...],
                                            error: str) -> None:
    result = raw(base, *args)
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == f"Error: {error}"


def test_the_told_record_is_json_per_repository_and_base(tmp_path: Path) -> None:
    main, release = (ToldRecord(tmp_path, "acme/widgets", "main"),
                     ToldRecord(tmp_path, "acme/widgets", "release"))
    main.save(frozenset({15, 3}))
    release.save(frozenset({4}))
    assert (main.read(), release.read()) == ({3, 15}, {4})
    document = json.loads(main.path.read_text(encoding="utf-8"))
    assert document["entries"] == {"acme/widgets main": [3, 15], "acme/widgets release": [4]}
    document["entries"]["acme/widgets release"] = ["4"]  # damaged: the whole record is unread
    main.path.write_text(json.dumps(document), encoding="utf-8")
    assert (main.read(), release.read()) == (frozenset(), frozenset())


def test_the_older_forms_still_work_and_say_what_to_write(base: Repo) -> None:
    """`--base B REF…` and heads without `--` (docs/how-to/overlap.md#command-line): the same
    matrix as the new form, with a warning naming the form to write instead."""
    open_pr(base, "a", {"f.txt": "l1\nA2\nl3\nl4\nl5\n"})
    open_pr(base, "b", {"f.txt": "l1\nB2\nl3\nl4\nl5\n"})
    new = raw(base, "main", "--", "a", "b")
    summary_line = ("govern overlap: 2 PR(s) against main, 1 pair(s): 1 conflict, 0 clean, 0 "
                    "skipped (no shared path); 1 merged (0 from cache)\n")
    assert (new.exit_code, new.stderr) == (0, summary_line)
    with_base = raw(base, "--base", "main", "a", "b")
    assert (with_base.exit_code, with_base.stdout) == (0, new.stdout)
    assert with_base.stderr == (
        "govern: warning: a deprecated form, read as 2 PR head(s) against main: write `govern "
        "overlap main -- a b` (BASE first, the PR heads after `--`)\n" + summary_line.replace(
            "(0 from cache)", "(1 from cache)"))
    bare = raw(base, "a", "b")  # the default BASE: main here, as no origin exists
    assert (bare.exit_code, bare.stdout) == (0, new.stdout)
    assert bare.stderr.splitlines()[0] == (
        "govern: warning: a deprecated form, read as 2 PR head(s) against the default BASE: "
        "write `govern overlap -- a b` (BASE first, the PR heads after `--`)")


def test_the_json_matches_the_shipped_schema_and_the_schema_refuses_a_broken_one(
        base: Repo) -> None:
    import jsonschema

    from govern.core.resources import read_data

    open_pr(base, "a", {"f.txt": "l1\nA2\nl3\nl4\nl5\n"})
    open_pr(base, "b", {"f.txt": "l1\nB2\nl3\nl4\nl5\n", "other.txt": "y\n"})
    open_pr(base, "c", {"e.txt": "e\n"})
    schema = json.loads(read_data("schemas", "overlap.schema.json"))
    data = matrix(base, "a", "b", "c")
    assert {pair["status"] for pair in data["pairs"]} == {"conflict", "skipped"}
    jsonschema.validate(data, schema)
    data["pairs"][0]["conflicts"][0]["hunks"][0]["start"] = 0
    with pytest.raises(jsonschema.ValidationError, match="0 is less than the minimum of 1"):
        jsonschema.validate(data, schema)
