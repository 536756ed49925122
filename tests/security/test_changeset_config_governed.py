"""Attack: take a package out of every release without a review. ``.changeset/config.json``
decides what the changesets tool releases (``"ignore": ["pkg"]``), and the changesets gate does
not read it: it is now a default governed path, so changing it needs a contract review."""

from __future__ import annotations

from pathlib import Path

from tests.fakegithub import FakeGitHub
from tests.fakegithub import fake_github as fake_github
from tests.security.pr import BODY, governed, governed_pr


def test_the_changesets_configuration_is_governed(tmp_path: Path,
                                                  fake_github: FakeGitHub) -> None:
    repo, head = governed_pr(tmp_path / "r", {".changeset/config.json": '{"ignore": ["pkg"]}\n'})
    fake_github.add_pull(5, head, body=BODY)
    code, data = governed(repo)
    assert (code, data["details"]["paths"]) == (1, [".changeset/config.json"])


def test_a_changeset_itself_is_not_governed(tmp_path: Path, fake_github: FakeGitHub) -> None:
    repo, head = governed_pr(tmp_path / "r", {".changeset/fix.md": '---\n"pkg": patch\n---\n'})
    fake_github.add_pull(5, head, body=BODY)
    code, data = governed(repo)
    assert (code, data["details"]["paths"]) == (0, [])
