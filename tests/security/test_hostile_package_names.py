"""Attack: slow `affected-docs` with a PR that touches a file in each of thousands of packages
kept in one folder. Each changed package's name was read from its manifest by ``rev:path``,
which git resolves by scanning the folder's entries one by one: 8,000 packages took 9 s. The
manifests are read by the blob ids the head's tree already names, in one exchange with git."""

from __future__ import annotations

from pathlib import Path

from govern.config import Config
from govern.drift.run import read_affected_docs
from govern.git.gitio import Git
from govern.git.packages import package_of
from tests.gitrepo import make_repo
from tests.security.pr import within

COUNT = 16_000
SECONDS = 15.0
"""The run takes 4-5 s here, on a busy machine; reading each manifest by path, which scans the
folder once a manifest, took 9 s for 8,000 packages and four times that for twice as many: the
limit sits about three times from both."""


def test_thousands_of_changed_packages_in_one_folder_are_named_at_once(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", {"README.md": "# r\n", "docs/a.md": "See `p12`.\n"})
    manifests = {f"packages/p{i}/package.json": f'{{"name": "p{i}"}}' for i in range(COUNT)}
    # one package's first manifest names nothing: its name comes from the next one configured
    manifests["packages/p7/package.json"] = "{}"
    manifests["packages/p7/pyproject.toml"] = '[project]\nname = "seven"\n'
    base = repo.fast_commit(repo.sha("main"), "base", {
        **manifests, **{f"packages/p{i}/notes.txt": "x\n" for i in range(COUNT)},
        "loose/notes.txt": "x\n"})
    head = repo.fast_commit(base, "head", {
        **{f"packages/p{i}/notes.txt": "y\n" for i in range(COUNT)}, "loose/notes.txt": "y\n"})
    with Git(repo.root) as git:
        report = within(lambda: read_affected_docs(git, Config(), head, base), SECONDS)
    names = {package["dir"]: package["name"] for package in report.changed_packages}
    assert len(names) == COUNT + 1
    assert names["packages/p12"] == "p12"
    assert names["packages/p7"] == "seven"
    assert names["loose"] is None  # a folder with no manifest has no name


def test_a_later_run_s_equal_set_of_thousands_of_packages_is_not_compared_each_time() -> None:
    """``govern calibrate`` replays run after run in one process, each with its own (equal)
    set of package folders: a cache keyed by the set's value compared the new set with the
    old one, element by element, for every changed file (8,000 files x 8,000 folders)."""
    folders = [f"packages/p{i}" for i in range(COUNT)]
    paths = [f"{folder}/notes.txt" for folder in folders]
    assert package_of(paths[12], frozenset(folders)) == "packages/p12"  # a first run's set
    later = frozenset(folders)
    assert within(lambda: [package_of(path, later) for path in paths], 1.0) == folders
