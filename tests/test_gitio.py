"""The git layer against real repositories: statuses, renames, hunks, blobs, refs."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from govern.cli import cli
from govern.core.errors import GitError, NoCommonHistory, UnknownRef
from govern.git.gitio import Git, Hunk
from tests.gitrepo import Repo, grepped, make_repo


def test_blob_reader_lists_a_tree_object(repo: Repo) -> None:
    repo.commit({"core/index.ts": "export const x = 1;\n", "añadido.py": "n\n"})
    with Git(repo.root) as git:
        top = git.blobs.tree("HEAD^{tree}", 20)
        assert top is not None
        assert top[b"core"][0] == "040000"  # a raw tree writes a folder's mode as 40000
        assert top["añadido.py".encode()] == ("100644", repo.sha("HEAD:añadido.py"))
        folder = git.blobs.tree(top[b"core"][1], 20)
        assert folder is not None and list(folder) == [b"index.ts"]
        # a file is no tree, and a name nothing holds is none
        assert git.blobs.tree("HEAD:core/index.ts", 20) is None
        assert git.blobs.tree("HEAD:missing", 20) is None


def test_changed_files_statuses_renames_and_odd_paths(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"keep.py": "a\nb\nc\n", "gone.py": "x\n",
                                      "old name.py": "1\n2\n3\n4\n5\n"})
    base = repo.sha("HEAD")
    repo.mv("old name.py", "new\tname.py")
    repo.commit({"keep.py": "a\nB\nc\nd\n", "gone.py": None, "añadido.py": "n\n"})
    git = Git(repo.root)
    changes = {c.path: c for c in git.changed_files(base, "HEAD")}
    assert {p: c.status for p, c in changes.items()} == {
        "añadido.py": "A", "gone.py": "D", "keep.py": "M", "new\tname.py": "R"}
    assert changes["new\tname.py"].old_path == "old name.py"
    hunks = dict(zip([c.path for c in git.changed_files(base, "HEAD")],
                     git.hunks(base, "HEAD"), strict=True))
    assert hunks["keep.py"] == [Hunk(2, 1, 2, 1), Hunk(3, 0, 4, 1)]
    assert hunks["gone.py"] == [Hunk(1, 1, 0, 0)]
    assert hunks["new\tname.py"] == []


def test_blob_reader_serves_many_reads_through_one_process(repo: Repo) -> None:
    repo.commit({"a.txt": "alpha\n", "b.bin": b"\0\1\2"})
    git = Git(repo.root)
    assert git.blobs.read("HEAD:a.txt") == b"alpha\n"
    assert git.blobs.read("HEAD:b.bin") == b"\0\1\2"
    assert git.blobs.read("HEAD:missing") is None
    assert git.blobs.read("HEAD:a\nb") is None
    repo.commit({"new\nline.txt": "read alone\n"})  # a name the batch cannot take
    assert git.blobs.read("HEAD:new\nline.txt") == b"read alone\n"
    assert git.blobs.read("HEAD:new\nother.txt") is None
    assert git.read_text("HEAD", "a.txt") == "alpha\n"
    # a folder is a tree, no file to read (a TS import `./core` where `core/` is a folder
    # once read the tree's listing as the module); objects of another type only when asked
    repo.commit({"core/index.ts": "export const x = 1;\n"})
    assert git.blobs.read("HEAD:core") is None and git.blobs.read("HEAD") is None
    assert (git.blobs.read("HEAD", kind="commit") or b"").startswith(b"tree ")
    assert git.blobs.read_many(["HEAD:core", "HEAD:core/index.ts"]) == {
        "HEAD:core": None, "HEAD:core/index.ts": b"export const x = 1;\n"}
    reader = git.blobs
    assert git.blobs is reader  # one long-lived cat-file process
    git.close()


def test_an_unknown_ref_beside_a_broken_one_is_named_not_gits_fatal(repo: Repo) -> None:
    (repo.root / ".git" / "refs" / "heads" / "broken").write_text("1" * 40 + "\n")
    git = Git(repo.root)
    assert git.run_status("rev-list", "-n", "1", "--all")[0] != 0  # git itself fails here
    with pytest.raises(UnknownRef) as caught:
        git.resolve_commit("no-such-branch")
    assert "no-such-branch" in caught.value.message and "fatal" not in caught.value.message
    assert git.resolve_commit("HEAD") == repo.sha("HEAD")  # the good refs still resolve


def test_unknown_ref_and_no_common_history(repo: Repo) -> None:
    git = Git(repo.root)
    with pytest.raises(UnknownRef) as caught:
        git.resolve_commit("no-such-branch")
    assert caught.value.remedy == ("this repository has no remote to fetch it from: name a "
                                   "branch, tag or commit it has (`git branch -a` lists the "
                                   "branches)")
    with pytest.raises(UnknownRef):
        git.resolve_commit("HEAD:README.md")  # a blob, not a commit
    main = repo.sha("HEAD")
    repo.git("checkout", "-q", "--orphan", "other")
    other = repo.commit({"z": "z\n"})
    with pytest.raises(NoCommonHistory):
        git.merge_bases(main, other)


def test_git_error_names_the_command(tmp_path: Path) -> None:
    git = Git(tmp_path)
    with pytest.raises(GitError) as caught:
        git.run("log")
    assert caught.value.argv == ["git", "log"]
    assert "not a git repository" in caught.value.stderr


def test_a_missing_object_is_not_judged_with_the_remedy_that_fits(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"docs/a.md": "# A\n", "src/a.py": "x = 1\n"})
    repo.branch("pr")
    repo.commit({"src/a.py": "x = 2\n", "docs/img.gif": "GIF89a\0\1"})
    blob = repo.git("rev-parse", "pr:docs/img.gif").strip()
    (repo.root / ".git" / "objects" / blob[:2] / blob[2:]).unlink()  # as a cut-short fetch
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs", "--head",
                                      "pr", "main"])
    assert result.exit_code == 2
    assert "remedy: an object the repository should hold is missing or damaged" in result.stderr
    assert "`git fsck`" in result.stderr
    # a failure of another kind keeps git's words and no guessed remedy
    assert GitError(["git", "log"], 128, "fatal: not a git repository").remedy == ""


def test_hook_inherited_git_variables_are_ignored(repo: Repo, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    other = make_repo(tmp_path / "other", {"other.txt": "o\n"})
    monkeypatch.setenv("GIT_DIR", str(other.root / ".git"))
    monkeypatch.setenv("GIT_INDEX_FILE", str(other.root / ".git" / "index"))
    assert [e.path for e in Git(repo.root).ls_tree("HEAD")] == ["README.md"]


def test_fetch_pull_heads_and_the_remote_url(tmp_path: Path) -> None:
    origin = make_repo(tmp_path / "origin")
    head = origin.commit({"a.txt": "pr\n"})
    origin.git("update-ref", "refs/pull/7/head", head)
    origin.git("reset", "-q", "--hard", "HEAD~1")
    clone = tmp_path / "clone"
    Repo(tmp_path).git("clone", "-q", str(origin.root), str(clone))
    git = Git(clone)
    assert git.remote_url("origin") == str(origin.root)
    assert git.remote_url("nowhere") is None
    git.fetch("origin", ["+refs/pull/7/head:refs/remotes/origin/pr/7"])
    assert git.resolve_commit("refs/remotes/origin/pr/7") == head
    with pytest.raises(GitError) as caught:
        git.fetch("origin", ["+refs/pull/8/head:refs/remotes/origin/pr/8"], remedy="open it")
    assert caught.value.stderr == "fatal: couldn't find remote ref refs/pull/8/head"
    assert caught.value.remedy == "open it"
    with pytest.raises(GitError) as option:  # a remote named like an option is only a name
        git.fetch("--upload-pack=touch pwned", ["refs/heads/main"])
    assert option.value.stderr == "fatal: strange pathname '--upload-pack=touch pwned' blocked"
    assert not (clone / "pwned").exists()


def test_background_grep_answers_as_the_extended_one(tmp_path: Path) -> None:
    from govern.drift.anchors.routes import has_registration_line
    from govern.drift.scans import PERL_HINTS, REGISTRAR_HINT

    repo = make_repo(tmp_path / "r", {
        "api/routes.ts": "router.get('/api/v1/items', list);\n",
        "api/views.py": 'urlpatterns = [path("items/", views.items)]\n',
        "api/start.py": 'path("x/", views.x)\n',
        "api/plain.ts": "export const get = (x: number) => x;\n",
        "api/word.py": 'xpath("items/")\nfilepath("y")\n',
        "api/hono.ts": "app.get(`${base}/items`, list);\n",
        "api/split.ts": "router.post(\n  '/items',\n  create,\n);\n",
        "api/key.ts": "const entry = actions.get(`${object}:${action}`);\n",
        "api/object.ts": "export const route = { path: '/items', handler: list };\n",
        "api/link.ts": "const link = { url: `${base}/items` };\n",
        "docs/a.md": "router.get('/api/v1/items')\n"})
    git = Git(repo.root)
    specs = ("*.ts", "*.py")
    expected = ["api/hono.ts", "api/link.ts", "api/object.ts", "api/routes.ts", "api/start.py",
                "api/views.py"]
    assert sorted(git.grep_files("HEAD", REGISTRAR_HINT, specs)) == expected
    assert grepped(git.start_grep_files("HEAD", REGISTRAR_HINT, specs)) == expected
    # Python's form (a lookbehind for the word boundary) reads the same lines, here and in git,
    # split into patterns a line matches any of
    assert grepped(git.start_grep_files("HEAD", REGISTRAR_HINT, specs,
                                        perl=PERL_HINTS)) == expected
    assert sorted(path for path in ("api/routes.ts", "api/start.py", "api/views.py",
                                    "api/plain.ts", "api/word.py", "api/hono.ts",
                                    "api/split.ts", "api/key.ts", "api/object.ts", "api/link.ts")
                  if has_registration_line((repo.root / path).read_bytes())) == expected
    assert grepped(git.start_grep_files("HEAD", "no-such-text-anywhere", specs)) == []
    # a git that cannot run the Perl regexes (here: one of them invalid) answers through -E
    assert grepped(git.start_grep_files("HEAD", REGISTRAR_HINT, specs,
                                        perl=(r"\.get\(", "(?<!"))) == expected
    pending = git.start_grep_files("HEAD", REGISTRAR_HINT, specs)
    pending.cancel()  # a run that needs no bridge stops it; a second cancel is harmless
    pending.cancel()


def test_grep_words_finds_whole_words_in_the_commit_or_its_checkout(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"a.py": "def get_template():\n    pass\n",
                                      "b.py": "get_templates = 1\n", "c.ts": "render()\n"})
    git = Git(repo.root)
    try:
        for on_disk in (False, True):
            assert git.grep_words("HEAD", ["get_template", "render"], ("*.py", "*.ts"),
                                  work_tree=on_disk) == ["a.py", "c.ts"]
        assert git.grep_words("HEAD", ["absent_name"], ("*.py",)) == []
    finally:
        git.close()


def test_read_many_answers_each_name_as_read_does(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"a.txt": "alpha\n", "b.bin": "\0\1\2",
                                      "big.txt": "x" * 300_000})
    git = Git(repo.root)
    try:
        names = ["HEAD:a.txt", "HEAD:nope", "HEAD:big.txt", "HEAD:a.txt", "bad\nname",
                 "HEAD:b.bin"]
        got = git.blobs.read_many(names)
        assert got == {name: git.blobs.read(name) for name in names}
        assert got["HEAD:a.txt"] == b"alpha\n" and got["HEAD:b.bin"] == b"\0\1\2"
        assert got["HEAD:nope"] is None and got["bad\nname"] is None
        assert len(got["HEAD:big.txt"] or b"") == 300_000  # larger than a pipe's buffer
        assert git.blobs.read("HEAD:a.txt") == b"alpha\n"  # the reader stays in step after
    finally:
        git.close()


def test_parents_are_the_ones_a_commit_records_even_past_a_shallow_boundary(
        tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"a.txt": "alpha\n"})
    root = repo.sha("HEAD")
    repo.branch("side")
    side = repo.commit({"b.txt": "side\n"}, message="side\n\nparent 0000 is not a header")
    repo.checkout("main")
    main = repo.commit({"c.txt": "main\n"})
    repo.git("merge", "-q", "--no-edit", "side")
    merge = repo.sha("HEAD")
    git = Git(repo.root)
    try:
        assert git.parents(merge) == [main, side]
        assert git.parents(side) == [root]  # a message line that looks like a header is not one
        assert git.parents(root) == []
        with pytest.raises(UnknownRef):
            git.parents("f" * 40)
    finally:
        git.close()
    shallow = tmp_path / "shallow"
    subprocess.run(["git", "clone", "-q", "--depth", "1", f"file://{repo.root}", str(shallow)],
                   check=True)
    git = Git(shallow)
    try:  # the merge commit is rebuilt from the parents it records, which the clone lacks
        assert git.parents(merge) == [main, side]
    finally:
        git.close()


def test_the_work_tree_state_read_in_the_background(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"a.txt": "alpha\n"})
    git = Git(repo.root)
    assert git.start_is_dirty().dirty() is False
    (repo.root / "untracked.txt").write_text("new\n")  # untracked files do not count
    assert git.is_dirty() is False
    (repo.root / "a.txt").write_text("changed\n")
    assert git.start_is_dirty().dirty() is True
    git.start_is_dirty().close()  # a run that failed first stops it; nothing is left running
    subprocess.run(["git", "clone", "-q", "--bare", str(repo.root), str(tmp_path / "bare")],
                   check=True)
    with pytest.raises(GitError) as caught:  # no work tree: git's refusal, not a wrong answer
        Git(tmp_path / "bare").start_is_dirty().dirty()
    assert "work tree" in caught.value.stderr


# -- type changes: git prints a file turned into a symlink (or back) as two sections --------

SHOP = {"govern.toml": '[gates]\nenable = ["changesets", "release-owned", "size"]\n',
        "pyproject.toml": '[project]\nname = "shop"\n', "README.md": "# Shop\n",
        "CHANGELOG.md": "# 1.0\n",
        "src/shop/__init__.py": "", "src/shop/util.py": "def parse_price(text):\n    return text\n",
        "docs/api.md": "Use `shop.util.parse_price()` to read a price.\n"}


@pytest.fixture
def linked(tmp_path: Path) -> Repo:
    """Branch ``pr`` turns src/shop/util.py and CHANGELOG.md into symlinks to README.md."""
    repo = make_repo(tmp_path / "shop", SHOP)
    repo.branch("pr")
    for path, target in (("src/shop/util.py", "../../README.md"), ("CHANGELOG.md", "README.md")):
        (repo.root / path).unlink()
        (repo.root / path).symlink_to(target)
    repo.commit(message="util is a link")
    return repo


def _cli(repo: Repo, *args: str) -> tuple[int, str]:
    from click.testing import CliRunner

    from govern.cli import cli

    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.stdout


def test_a_type_change_is_one_file_whose_every_line_is_replaced(linked: Repo) -> None:
    from govern.git.diff import build_changes

    git = Git(linked.root)
    raw = git.changed_files("main", "pr")
    assert [(c.status, c.path, c.old_mode, c.new_mode) for c in raw] == [
        ("T", "CHANGELOG.md", "100644", "120000"), ("T", "src/shop/util.py", "100644", "120000")]
    # the old lines out, the link's one line in
    assert git.hunks("main", "pr") == [[Hunk(1, 1, 1, 1)], [Hunk(1, 2, 1, 1)]]
    _, change = build_changes(raw, git.hunks("main", "pr"))
    assert (change.old_lines, change.new_lines) == ({1, 2}, {1})
    assert git.blobs.read(change.new_blob) == b"../../README.md"


def test_type_changes_both_ways_beside_plain_changes_keep_their_places(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"a.txt": "a\n", "b": "1\n2\n3\n", "c.txt": "c\n",
                                      "d.bin": b"\0\1", "e.txt": "e\n"})
    (repo.root / "link").symlink_to("a.txt")
    base = repo.commit(message="a link")
    (repo.root / "link").unlink()
    (repo.root / "b").unlink()
    (repo.root / "b").symlink_to("c.txt")
    (repo.root / "d.bin").unlink()
    (repo.root / "d.bin").symlink_to("e.txt")
    repo.commit({"link": "now\na file\n", "a.txt": None, "c.txt": "c\nC\n", "f.txt": "f\n"})
    git = Git(repo.root)
    hunks = dict(zip([(c.status, c.path) for c in git.changed_files(base, "HEAD")],
                     git.hunks(base, "HEAD"), strict=True))
    assert hunks == {
        ("D", "a.txt"): [Hunk(1, 1, 0, 0)],
        ("T", "b"): [Hunk(1, 3, 1, 1)],
        ("M", "c.txt"): [Hunk(1, 0, 2, 1)],
        ("T", "d.bin"): [Hunk(0, 0, 1, 1)],  # a binary side has no lines to count
        ("A", "f.txt"): [Hunk(0, 0, 1, 1)],
        ("T", "link"): [Hunk(1, 1, 1, 2)],
    }


def test_docs_refs_reads_a_module_turned_into_a_symlink_as_gone(linked: Repo) -> None:
    code, out = _cli(linked, "check", "docs-refs", "main", "--head", "pr")
    assert code == 1
    assert out == "docs/api.md:1:6: `shop.util.parse_price` names nothing: shop has no `util`\n"
    assert _cli(linked, "check", "docs-refs", "main", "--head", "main")[0] == 0


def test_affected_docs_reads_a_module_turned_into_a_symlink_as_gone(linked: Repo) -> None:
    import json

    code, out = _cli(linked, "affected-docs", "main", "--head", "pr", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["changed_packages"] == [{"dir": ".", "name": "shop"}]
    # its names are gone, as from a deleted module: the page naming one is stale
    assert data["anchorless_changes"] == []
    assert [(row["path"], row["stale"]) for row in data["docs"]] == [("docs/api.md", True)]
    # and back: a link turned into the module adds its names, and nothing is stale
    linked.checkout("main")
    linked.branch("back", "pr")
    (linked.root / "src/shop/util.py").unlink()
    linked.commit({"src/shop/util.py": SHOP["src/shop/util.py"]}, "util is a module again")
    code, out = _cli(linked, "affected-docs", "pr", "--head", "back", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["anchorless_changes"] == []
    assert [(row["path"], row["stale"]) for row in data["docs"]] == [("docs/api.md", False)]


def test_a_link_on_both_sides_is_not_parsed(linked: Repo) -> None:
    import json

    linked.checkout("pr")
    (linked.root / "src/shop/util.py").unlink()
    (linked.root / "src/shop/util.py").symlink_to("../../CHANGELOG.md")
    linked.commit(message="util links elsewhere")
    code, out = _cli(linked, "affected-docs", "pr~1", "--head", "pr", "--json")
    assert code == 0
    assert json.loads(out)["anchorless_changes"] == [
        {"path": "src/shop/util.py", "reason": "symlink: the link target is not parsed"}]


def test_the_gates_judge_a_type_change_as_a_change_of_its_path(linked: Repo) -> None:
    code, out = _cli(linked, "check", "changesets", "main", "--head", "pr",
                     "--body-file", "/dev/null")
    assert code == 1 and "changes the published package `shop` (pyproject.toml)" in out
    code, out = _cli(linked, "check", "release-owned", "main", "--head", "pr")
    assert code == 1 and "this PR changes the type of `CHANGELOG.md`" in out
    assert _cli(linked, "check", "size", "main", "--head", "pr") == (0, "")


def test_closing_the_object_reader_leaves_no_pipe_open(tmp_path: Path) -> None:
    """Its output pipe was left to the garbage collector: a ResourceWarning each run."""
    import gc
    import warnings

    repo = make_repo(tmp_path / "r", {"a.txt": "a\n"})
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ResourceWarning)
        git = Git(repo.root)
        assert git.blobs.read("main:a.txt") == b"a\n"
        git.close()
        del git
        gc.collect()
    assert [str(w.message) for w in caught if w.category is ResourceWarning] == []
