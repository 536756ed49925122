"""What calibrate tells about commits that are no case (docs/how-to/calibrate.md): pages
changed with code outside the corpus, code changed only in comments, and docs changed only in
bare markup lines; on real repositories."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from govern.calibrate.cases import globs_at, parse_prose
from govern.calibrate.report import outside_note
from govern.core.globs import Globs
from tests.gitrepo import Repo, make_repo
from tests.test_calibrate import API_PAGE, GUIDE_PAGE, LIB, calibrate, calibrate_json

RST_PAGE = "API\n===\n\nCall ``send_request``.\n"


def _moved_docs(root: Path, rst_commits: int) -> Repo:
    """click's history in small: code changed with rst pages, then the docs moved to md and
    two commits changed code with an md page; ``govern.toml`` reads the md pages, as init
    writes it from the docs at HEAD."""
    repo = make_repo(root, {"govern.toml": '[docs]\npaths = ["docs/**/*.md"]\n',
                            "src/lib.py": LIB, "docs/api.rst": RST_PAGE,
                            "docs/guide.md": GUIDE_PAGE, ".github/CONTRIBUTING.md": "# How\n"})
    for i in range(rst_commits):
        repo.commit({"src/lib.py": LIB.replace("size = 10", f"size = {i + 11}"),
                     "docs/api.rst": RST_PAGE + f"\nPages hold {i + 11} items.\n",
                     # a hidden folder's page, or one docs.exclude keeps out, is no docs
                     # folder the configuration missed
                     ".github/CONTRIBUTING.md": f"# How\n\nStep {i}.\n",
                     "docs/blog/post.md": f"# Post {i}\n"}, f"rst {i}")
    repo.commit({"docs/api.rst": None, "docs/api.md": API_PAGE}, "docs move to md")
    for i in range(2):
        repo.commit({"src/lib.py": LIB.replace("timeout = 1", f"timeout = {i + 2}"),
                     "docs/guide.md": GUIDE_PAGE + f"\nThe timeout is {i + 2}.\n"}, f"md {i}")
    return repo


def test_many_commits_with_pages_outside_the_corpus_are_said_even_when_some_are_cases(
        tmp_path: Path) -> None:
    """click's corpus followed its docs at HEAD (md) and lost 141 of its 167 cases to the rst
    pages of its history, without a word: the zero-case message named such globs, a run with
    some cases did not."""
    repo = _moved_docs(tmp_path / "repo", 10)
    report = calibrate_json(repo, "--no-suggest")
    assert report["cases"] == 2
    assert report["run"]["outside_corpus"] == {
        "commits": 10, "share": round(10 / 12, 4),
        "globs": [{"glob": "docs/**/*.rst", "commits": 10, "at_rev": False}]}
    line = ("10 commit(s) that changed code together with md/mdx/rst pages outside the corpus, "
            "and no page in it, are no case (83% of the commits that changed code with pages): "
            "docs/**/*.rst (10 commits, pages no longer at HEAD); add the globs of those that "
            "are docs to docs.paths (--config FILE) to measure them.")
    assert line in calibrate(repo, "--no-suggest").output
    # with the history's pages in the corpus they are cases, and nothing is said
    config = tmp_path / "govern.toml"
    config.write_text('[docs]\npaths = ["docs/**/*.md", "docs/**/*.rst"]\n')
    widened = calibrate_json(repo, "--no-suggest", "--config", str(config))
    assert widened["cases"] == 12
    assert widened["run"]["outside_corpus"] == {"commits": 0, "share": 0.0, "globs": []}
    assert "outside the corpus" not in calibrate(repo, "--no-suggest", "--config",
                                                 str(config)).output


def test_a_few_commits_with_pages_outside_the_corpus_are_counted_but_not_said(
        tmp_path: Path) -> None:
    repo = _moved_docs(tmp_path / "repo", 3)
    report = calibrate_json(repo, "--no-suggest")
    assert report["run"]["outside_corpus"]["commits"] == 3
    assert "outside the corpus" not in calibrate(repo, "--no-suggest").output


def _run(commits: int, share: float, at_rev: bool = True) -> dict[str, Any]:
    return {"rev": "HEAD", "outside_corpus": {
        "commits": commits, "share": share,
        "globs": [{"glob": "www/docs/**/*.mdx", "commits": commits, "at_rev": at_rev}]}}


def test_the_note_needs_both_many_commits_and_a_large_share() -> None:
    # marimo: 51 such commits, 13% of those with pages (its development notes, its stories)
    assert outside_note(_run(51, 0.13)) == []
    assert outside_note(_run(9, 0.9)) == []
    note = outside_note(_run(10, 0.25))
    assert len(note) == 1 and "www/docs/**/*.mdx (10 commits);" in note[0]
    assert "no longer at HEAD" in outside_note(_run(10, 0.25, at_rev=False))[0]


def test_a_case_whose_code_changed_only_comments_is_skipped_after_its_replay(
        tmp_path: Path) -> None:
    """click 0baa8db0 fixed a comment in ``Parameter.handle_parse_result`` with a paragraph on
    ``ctx.params``: measured as a case that gave no anchor, a miss no rule could reach."""
    other = "def other_helper(x):\n    return x\n"
    repo = make_repo(tmp_path / "repo", {"src/lib.py": LIB, "src/other.py": other,
                                         "docs/api.md": API_PAGE, "docs/guide.md": GUIDE_PAGE})
    lib = LIB.replace("timeout = 1", "timeout = 2")
    hit = repo.commit({"src/lib.py": lib, "docs/api.md": API_PAGE + "\nTwo seconds.\n"}, "hit")

    def commented(comment: str) -> str:  # a comment between two statements: no docstring
        return lib.replace("    return page", f"    # {comment}\n    return page")

    comment = repo.commit({"src/lib.py": commented("the page size"),
                           "docs/guide.md": GUIDE_PAGE + "\nPages hold ten items.\n"}, "typo")
    # a comment with a code change elsewhere, or with a file no extractor reads: still cases
    with_code = repo.commit({"src/lib.py": commented("ten"),
                             "src/other.py": other.replace("return x", "return x + 1"),
                             "docs/guide.md": GUIDE_PAGE + "\nTen items.\n"}, "with code")
    with_workflow = repo.commit({"src/lib.py": commented("10"), "ci/build.yml": "on: push\n",
                                 "docs/guide.md": GUIDE_PAGE + "\nBuilt.\n"}, "with workflow")
    report = calibrate_json(repo, "--no-suggest")
    assert {case["commit"] for case in report["per_case"]} == {hit, with_code, with_workflow}
    assert comment not in {case["commit"] for case in report["worst_misses"]}
    assert report["run"]["skipped"]["code_comment_only"] == 1
    assert (report["cases"], report["run"]["cases_found"], report["run"]["cases_sampled"]) == \
        (3, 4, 4)
    assert report["cases_without_anchor"]["cases"] == 1  # the workflow's, a blind spot
    assert ("1 sampled case(s) changed code only in comments or spacing, which no page "
            "drifts from: replayed, then left out (skipped.code_comment_only).") in \
        calibrate(repo, "--no-suggest").output
    # a sample of that case alone measures nothing: not judged, as when no case is found
    alone = calibrate(repo, "--limit", "1", comment)
    assert alone.exit_code == 2
    assert alone.stderr.splitlines()[0] == (
        "Error: no case measured: each of the 1 case(s) sampled was no case once replayed "
        "(1 changed code only in comments or spacing)")
    # no such line when no case was skipped so
    repo.commit({"src/lib.py": lib.replace("size = 10", "size = 12"),
                 "docs/guide.md": GUIDE_PAGE + "\nTwelve.\n"}, "newest")
    newest = calibrate_json(repo, "--no-suggest", "--limit", "1")
    assert newest["run"]["skipped"]["code_comment_only"] == 0
    assert "only in comments" not in calibrate(repo, "--no-suggest", "--limit", "1").output


TS_PAGE = ("# TypeScript\n\n<details>\n  <summary>Why curry?</summary>\n\n"
           "Because `create<T>()` infers.\n\n</details>\n")


def test_a_page_changed_only_in_bare_markup_lines_is_cosmetic(tmp_path: Path) -> None:
    """zustand 72de1aed added three ``<br/>`` lines to docs/typescript.md and counted it as a
    reference page."""
    spaced = TS_PAGE.replace("</summary>\n", "</summary>\n\n  <br/>\n").replace(
        "</details>", "<br>\n</details>")
    assert parse_prose(spaced) == parse_prose(TS_PAGE)
    assert parse_prose("<hr />\n<p>\n</p>\nText") == parse_prose("Text")
    # a component, a tag with attributes and a type inside a line are no bare markup
    assert parse_prose("<Provider>\n") != parse_prose("<StoreProvider>\n")
    assert parse_prose('<script src="/main.js"></script>\n') != parse_prose(
        '<script src="/main.ts"></script>\n')
    assert parse_prose("create<State>()\n") != parse_prose("create<Store>()\n")
    assert parse_prose(spaced) != parse_prose(spaced.replace("infers", "infers the state"))
    repo = make_repo(tmp_path / "repo", {"src/lib.py": LIB, "docs/typescript.md": TS_PAGE})
    breaks = repo.commit({"src/lib.py": LIB.replace("size = 10", "size = 20"),
                          "docs/typescript.md": spaced}, "line breaks")
    prose = repo.commit({"src/lib.py": LIB.replace("size = 10", "size = 30"),
                         "docs/typescript.md": spaced + "\nPages hold thirty items.\n"}, "prose")
    report = calibrate_json(repo, "--no-suggest")
    assert [case["commit"] for case in report["per_case"]] == [prose]
    assert breaks != prose and report["run"]["skipped"]["docs_cosmetic"] == 1


def test_the_globs_at_a_revision_are_those_matching_its_pages() -> None:
    """``at_rev`` is read from one pass over the tree, and says what matching each glob
    against it says."""
    tree = ["docs/index.md", "docs/api/client/send.rst", "www/docs/a/b/c.mdx", "README.md",
            "src/lib.py", "docs/api/notes.txt", "CONTRIBUTING.md"]
    globs = ["docs/**/*.md", "docs/**/*.rst", "docs/api/**/*.rst", "docs/api/**/*.md",
             "www/docs/**/*.mdx", "www/**/*.mdx", "www/docs/**/*.md", "src/**/*.rst",
             "/README.md", "/readme.md", "/README.rst", "/CONTRIBUTING.md"]
    found = globs_at(tree)
    assert {glob for glob in globs if glob in found} == \
        {glob for glob in globs if Globs((glob,)).select(tree)} - {"/CONTRIBUTING.md"} == \
        {"docs/**/*.md", "docs/**/*.rst", "docs/api/**/*.rst", "www/docs/**/*.mdx",
         "www/**/*.mdx", "/README.md"}


def test_a_top_level_readme_outside_the_corpus_is_said(tmp_path: Path) -> None:
    """valtio's README was ``readme.md`` for 98 commits, loguru's ``README.rst``: init writes
    the spelling at HEAD, ``/README.md``, and the older one's edits fell out of every case
    without a word, where a folder's pages outside the corpus are said. A top-level page other
    than the README (``CONTRIBUTING.md``) is left out on purpose as often as not: not said."""
    repo = make_repo(tmp_path / "repo", {"govern.toml": '[docs]\npaths = ["/README.md"]\n',
                                         "src/lib.py": LIB, "readme.md": GUIDE_PAGE,
                                         "CONTRIBUTING.md": "# How\n"})
    for i in range(10):
        repo.commit({"src/lib.py": LIB.replace("size = 10", f"size = {i + 11}"),
                     "readme.md": GUIDE_PAGE + f"\nPages hold {i + 11} items.\n",
                     "CONTRIBUTING.md": f"# How\n\nStep {i}.\n"}, f"old readme {i}")
    repo.commit({"readme.md": None, "README.md": GUIDE_PAGE}, "rename the readme")
    for i in range(2):
        repo.commit({"src/lib.py": LIB.replace("timeout = 1", f"timeout = {i + 2}"),
                     "README.md": GUIDE_PAGE + f"\nThe timeout is {i + 2}.\n"}, f"readme {i}")
    report = calibrate_json(repo, "--no-suggest")
    assert report["cases"] == 2
    assert report["run"]["outside_corpus"]["globs"] == [
        {"glob": "/readme.md", "commits": 10, "at_rev": False}]


PKG = '__version__ = "1.0.0"\n\n\ndef hello():\n    return 1\n'


def test_a_case_whose_code_changed_only_release_data_is_skipped_after_its_replay(
        tmp_path: Path) -> None:
    """marshmallow 7b1f0503 set ``__version__ = '0.5.0-dev'`` with a quickstart edit, and
    362f499f bumped it with an upgrading-guide edit, its file anchored only by the changelog
    naming ``marshmallow/__init__.py``: measured as cases whose pages no rule could reach."""
    repo = make_repo(tmp_path / "repo", {
        "src/lib.py": LIB, "src/shop/__init__.py": PKG, "docs/api.md": API_PAGE,
        "docs/guide.md": GUIDE_PAGE,
        "docs/changelog.md": "# Changelog\n\nBump the version in `src/shop/__init__.py`.\n"})

    def bumped(version: str, pkg: str = PKG) -> str:
        return pkg.replace("1.0.0", version)

    lib = LIB.replace("timeout = 1", "timeout = 2")
    hit = repo.commit({"src/lib.py": lib, "docs/api.md": API_PAGE + "\nTwo seconds.\n"}, "hit")
    bump = repo.commit({"src/shop/__init__.py": bumped("1.1.0.dev0"),
                        "docs/guide.md": GUIDE_PAGE + "\nInstall 1.1.\n"}, "bump")
    # a bump with a comment elsewhere is release data too
    commented = lib.replace("    return page", "    # ten a page\n    return page")
    with_comment = repo.commit({"src/shop/__init__.py": bumped("1.1.0"),
                                "src/lib.py": commented,
                                "docs/guide.md": GUIDE_PAGE + "\nInstall 1.1.0.\n"}, "release")
    # a bump with a changed function is a case
    with_code = repo.commit({"src/shop/__init__.py": bumped("1.2.0", PKG).replace(
                                 "def hello():", "def hello(name=None):"),
                             "docs/guide.md": GUIDE_PAGE + "\nCall `hello` with a name.\n"},
                            "with code")
    report = calibrate_json(repo, "--no-suggest")
    assert {case["commit"] for case in report["per_case"]} == {hit, with_code}
    assert report["run"]["skipped"]["code_release_data_only"] == 2
    assert report["run"]["skipped"]["code_comment_only"] == 0
    assert (report["cases"], report["run"]["cases_sampled"]) == (2, 4)
    assert ("2 sampled case(s) changed code only in release data (a version string), perhaps "
            "with comments, which no page drifts from: replayed, then left out "
            "(skipped.code_release_data_only).") in calibrate(repo, "--no-suggest").output
    # a sample of such a case alone measures nothing: not judged
    alone = calibrate(repo, "--limit", "1", bump)
    assert alone.exit_code == 2
    assert alone.stderr.splitlines()[0] == (
        "Error: no case measured: each of the 1 case(s) sampled was no case once replayed "
        "(1 changed code only in release data (a version string), perhaps with comments)")
    assert with_comment not in {case["commit"] for case in report["worst_misses"]}
    # the newest case alone changed code: no such line
    newest = calibrate(repo, "--no-suggest", "--limit", "1")
    assert newest.exit_code == 0
    assert "release data" not in newest.output


def test_a_commit_whose_only_code_affected_docs_skips_is_no_case(tmp_path: Path) -> None:
    """mobx 8e6748466a changed only ``scripts/publish.js`` in code, prettier 828a7b8f0d only
    ``scripts/``: zero-anchor cases whose pages counted as misses, though affected-docs skips
    a package's scripts, a Sphinx ``conf.py`` and a ``setup.py`` outside any package."""
    js = "export function fetchItems(page) {\n  return page * 10\n}\n"
    repo = make_repo(tmp_path / "repo", {
        "package.json": '{"name": "lib"}\n', "src/index.js": js, "src/scripts/build.js": js,
        "scripts/publish.js": js, "setup.py": "VERSION = 1\n", "docs/conf.py": "project = 1\n",
        "docs/guide.md": GUIDE_PAGE})
    skipped = [repo.commit({path: text.replace("1", "2"),
                            "docs/guide.md": GUIDE_PAGE + f"\nStep {i}.\n"}, path)
               for i, (path, text) in enumerate([("scripts/publish.js", js),
                                                 ("setup.py", "VERSION = 1\n"),
                                                 ("docs/conf.py", "project = 1\n")])]
    # ``src/scripts/`` is the package's code, not its scripts folder
    read = [repo.commit({path: js.replace("10", "20"),
                         "docs/guide.md": GUIDE_PAGE + f"\nPage {path}.\n"}, path)
            for path in ("src/index.js", "src/scripts/build.js")]
    report = calibrate_json(repo, "--no-suggest")
    assert [case["commit"] for case in report["per_case"]] == read[::-1]
    assert not set(skipped) & {case["commit"] for case in report["per_case"]}
    # a package's own scripts folder, wherever the package is
    repo.commit({"packages/a/package.json": '{"name": "a"}\n', "packages/a/scripts/x.js": js,
                 "packages/b/scripts/y.js": js}, "packages")
    nested = repo.commit({"packages/a/scripts/x.js": js.replace("10", "30"),
                          "docs/guide.md": GUIDE_PAGE + "\nNested.\n"}, "a script of a")
    unpackaged = repo.commit({"packages/b/scripts/y.js": js.replace("10", "30"),
                              "docs/guide.md": GUIDE_PAGE + "\nUnpackaged.\n"}, "b's code")
    cases = {case["commit"] for case in calibrate_json(repo, "--no-suggest")["per_case"]}
    assert unpackaged in cases and nested not in cases
