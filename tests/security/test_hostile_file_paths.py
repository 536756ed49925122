"""Attack: stall the docs-drift job with a change touching thousands of files of one name
(``d0/app/main.json`` … ``d9999/app/main.json``) beside a page naming every one of them.

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
