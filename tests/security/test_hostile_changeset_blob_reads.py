"""Attack: stall the changesets gate with thousands of files in one folder. The gate read each
changeset, and each package's manifest, by ``rev:path``, which git resolves by scanning the
folder's entries one by one: 8,000 changesets and packages took 24 s to read. They are read by
the blob ids the diff and the tree already name, in one exchange with git."""

from __future__ import annotations

from pathlib import Path

from govern.config import Config
from govern.gates.changeset_files import read_base_changesets, read_carried
from govern.gates.pull_request import PullRequestInput
from govern.gates.touched_packages import read_touched_packages
from govern.git.gitio import Git
from tests.gitrepo import make_repo
from tests.security.pr import within

COUNT = 4_000
"""Changesets in `.changeset/` (twice as many at the head) and packages at the root."""
SECONDS = 3.0
"""Each reader takes a tenth of a second here; reading by path took 5 to 12 s each."""


def test_thousands_of_changesets_and_packages_in_one_folder_are_read_at_once(
        tmp_path: Path) -> None:
    base = {f"p{i}/package.json": f'{{"name": "p{i}"}}' for i in range(COUNT)}
    base.update({f".changeset/old-{i}.md": f'---\n"p{i}": minor\n---\n\nOld.\n'
                 for i in range(COUNT)})
    repo = make_repo(tmp_path / "r", {"README.md": "# r\n"})
    merge_base = repo.fast_commit(repo.sha("main"), "pr", base)
    head = repo.fast_commit(merge_base, "pr", {
        **{f"p{i}/index.js": "x\n" for i in range(COUNT)},
        **{f".changeset/new-{i}.md": f'---\n"p{i}": patch\n---\n\nNew.\n' for i in range(COUNT)},
        "p7/package.json": '{"name": "p7", "private": true}'})
    pr = PullRequestInput(base="main", head=head, merge_base=merge_base, body=None,
                          labels=frozenset(), actor=None, number=None, repo=None)
    with Git(repo.root) as git:
        changes = git.changed_files(merge_base, head)
        carried = within(lambda: read_carried(git, changes), SECONDS)
        at_base = within(lambda: read_base_changesets(git, merge_base), SECONDS)
        touched = within(lambda: read_touched_packages(git, pr, changes, Config()), SECONDS)
    assert len(carried) == COUNT
    assert {c.path: c.text for c in carried}[".changeset/new-12.md"] == (
        '---\n"p12": patch\n---\n\nNew.\n')
    assert {c.status for c in carried} == {"A"}
    assert len(at_base) == COUNT
    assert {r.package: r.bump for c in at_base for r in c.releases}["p12"] == "minor"
    # p7 turned private at the head: published at the merge base, it still owes a changeset
    assert len(touched) == COUNT and "p7" in {p.name for p in touched}
    assert {p.name: p.manifest for p in touched}["p12"] == "p12/package.json"
