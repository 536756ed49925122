"""Attack: stall the docs-drift job with a change touching thousands of files of one name
(``d0/app/main.json`` … ``d9999/app/main.json``) beside a page naming every one of them; with
a README naming thousands of changed files beside it by their names; and with thousands of
files named as words a page includes.

Three costs grew with the product of the change and the page, and are now each paid once:
whether a written path names one file is counted over the tree once, not asked of every file
of that name for every path (a hundred million comparisons here); the listed page's line
starts, routes and calls are read once, not once per anchor on it (10,000 anchors on a
10,000-line page took minutes); and a changed top folder without a manifest is not asked for
its four possible manifests, one git round trip each."""

from __future__ import annotations

from pathlib import Path

from tests.gitrepo import make_repo
from tests.helpers import run_json
from tests.security.pr import within

FILES = 10_000


def test_many_changed_files_of_one_name_are_matched_in_linear_time(tmp_path: Path) -> None:
    # files no extractor reads, so the time measured is the paths' own
    files = {f"d{i}/app/main.json": "1\n" for i in range(FILES)}
    page = "".join(f"- `d{i}/app/main.json`\n" for i in range(FILES)) + "- `app/main.json`\n"
    # both commits through git fast-import, never on disk: writing and staging 20,000 files
    # took longer than the run measured (affected-docs reads git objects only)
    repo = make_repo(tmp_path / "repo", {"docs/all.md": page})
    base = repo.fast_commit(repo.sha("main"), "base", files)
    repo.fast_commit(base, "pr", dict.fromkeys(files, "2\n"))
    data = within(lambda: run_json(repo, "base", "--head", "pr"))
    assert [row["path"] for row in data["docs"]] == ["docs/all.md"]
    tokens = {anchor["token"] for anchor in data["anchors"] if anchor["kind"] == "file"}
    # every full path names one file; ``app/main.json`` names ten thousand, so none
    assert len(tokens) == FILES and "app/main.json" not in tokens
    assert data["docs"][0]["evidence"][-1]["lines"] == [FILES]


NAMED = 10_000


def test_a_readme_naming_thousands_of_changed_files_beneath_it_is_read_once(
        tmp_path: Path) -> None:
    """A README listing thousands of files beside it by their names, every one changed: the
    README is read for where it writes them once, not once per name (a page of 10,000 lines
    searched 10,000 times ran past 15 s), and each name is matched through the folders above
    its file, never every README against every file."""
    files = {f"d/f{i}.json": "1\n" for i in range(NAMED)}
    readme = "# Data\n\n" + "".join(f"- `f{i}.json`\n" for i in range(NAMED))
    repo = make_repo(tmp_path / "repo", {"docs/index.md": "# Index\n"})
    base = repo.fast_commit(repo.sha("main"), "base", {**files, "d/README.md": readme})
    repo.fast_commit(base, "pr", dict.fromkeys(files, "2\n"))
    # 4–5 s read once (loaded, on the 2-core machine); a search per name ran past 15 s
    data = within(lambda: run_json(repo, "base", "--head", "pr"), 15)
    assert [row["path"] for row in data["docs"]] == ["d/README.md"]
    assert len(data["docs"][0]["anchors"]) == NAMED


WORDS = 2_000


def test_includes_of_many_files_named_as_words_are_not_searched_in_every_page(
        tmp_path: Path) -> None:
    """A page including thousands of changed files whose names are lowercase words
    (``{!alpha!}``), beside two thousand pages of prose: a word is no name a README names a file
    by, so none is searched for in every page's words (2,000 searches over 2,000 pages ran
    past 15 s)."""
    # lowercase words: the digits of 0 to 1,999 spelt as letters (``waaaa``, ``waaab``, …)
    names = ["w" + "".join("abcdefghij"[int(digit)] for digit in f"{i:04d}")
             for i in range(WORDS)]
    files = {f"ex/{name}": "1\n" for name in names}
    prose = " ".join(names[:300])
    pages = {f"docs/p{i}.md": f"# P{i}\n\n{prose}\n" for i in range(2_000)}
    pages["docs/all.md"] = "# All\n\n" + "".join(f"{{!{name}!}}\n" for name in names)
    repo = make_repo(tmp_path / "repo", {"docs/index.md": "# Index\n"})
    base = repo.fast_commit(repo.sha("main"), "base", {**files, **pages})
    repo.fast_commit(base, "pr", dict.fromkeys(files, "2\n"))
    data = within(lambda: run_json(repo, "base", "--head", "pr"), 15)
    assert [row["path"] for row in data["docs"]] == ["docs/all.md"]
