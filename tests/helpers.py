"""Helpers the test modules share (test modules never import each other): builders of valid
command output to read back, and the runners several modules drive the CLI through."""

from __future__ import annotations

import json
import sqlite3
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

import govern.github.client
from govern.cli import cli
from govern.core.cache import open_sqlite_memory
from govern.drift.docs.corpus import Page
from govern.drift.docs.index import SCHEMA, STORE_FORMAT, DocsIndex, fill_index
from govern.github.client import Credentials, GitHubRepo, Pacing, connect
from govern.overlap import OverlapPull
from govern.review import render_review, review_from_data
from tests.fakegithub import TOKEN, FakeGitHub
from tests.gitrepo import Repo, make_repo

FIXTURES = Path(__file__).resolve().parent / "fixtures"
HEAD = "1" * 40
MERGE_BASE = "2" * 40
BASE_PARENT = "3" * 40
HEAD_PARENT = "4" * 40


def read_fixture(name: str) -> str:
    """The text of ``tests/fixtures/<name>``: the project's own PR bodies and records."""
    return (FIXTURES / name).read_text(encoding="utf-8")


def affected_result(**overrides: Any) -> dict[str, Any]:
    """A valid affected-docs object (one package, one anchor, no page) with overrides;
    ``release_owned_docs`` follows ``docs`` unless given, as affected-docs writes it."""
    data: dict[str, Any] = {
        "schema_version": 1, "summary": "s", "base": "origin/main", "head": HEAD,
        "merge_base": MERGE_BASE,
        "computed_on": {"head_parents": [BASE_PARENT, HEAD_PARENT], "dirty": False},
        "changed_packages": [{"dir": "packages/a", "name": "@x/a"}],
        "anchors": [{"kind": "symbol", "token": "getAudit", "file": "a.ts", "side": "both"}],
        "docs": [], "release_owned_docs": [], "anchorless_changes": [], "parse_errors": [],
        "unreadable_pages": [], "weak_anchors_dropped": [], "overbroad_anchors": [],
        "cross_cutting_symbols": [], "package_mention_docs": [],
        "bridge_coverage": {"measured": False, "reason": "no bridgeable symbol changed"},
        "broken_scans": [],
        "skipped": {"test_files": 0, "script_files": 0, "dev_only_manifests": 0, "oversized": 0,
                    "widely_inherited": 0},
    }
    data.update(overrides)
    if "release_owned_docs" not in overrides:
        data["release_owned_docs"] = [d["path"] for d in data["docs"] if d["release_owned"]]
    return data


def doc_row(path: str, *tokens: str, stale: bool = False, owned: bool = False) -> dict[str, Any]:
    """One affected-docs ``docs`` row naming ``tokens`` as symbols (no line numbers)."""
    rule = "removed" if stale else "unique_name"
    return {"path": path, "release_owned": owned, "stale": stale,
            "anchors": [{"kind": "symbol", "token": t, "side": "both"} for t in tokens],
            "evidence": [{"rule": rule, "kind": "symbol", "token": t, "lines": []}
                         for t in tokens]}


def overlap_pull(number: int) -> dict[str, Any]:
    """One PR of ``govern overlap --json`` output."""
    return {"id": number, "ref": f"refs/remotes/origin/pr/{number}", "head": "a" * 40,
            "behind": 0, "behind_touching": [], "files": 1}


def overlap_pr(ident: int) -> OverlapPull:
    """One PR of an overlap matrix built in memory (what rendering reads of it)."""
    return OverlapPull(id=ident, ref=f"refs/pull/{ident}/head", head=f"{ident:040x}",
                       merge_base="", names=frozenset(), renamed_from=frozenset(), files=1,
                       behind=0, behind_touching=())


def overlap_conflict(a: int, b: int, path: str = "f.txt",
                     kind: str = "content") -> dict[str, Any]:
    """One conflicting pair of ``govern overlap --json`` output."""
    return {"a": a, "b": b, "status": "conflict", "auto_merged": [],
            "conflicts": [{"path": path, "type": kind, "hunks": [
                {"start": 2, "end": 6, "ours": "from 12\n", "theirs": "from 15\n"}]}]}


def overlap_document() -> dict[str, Any]:
    """Valid ``govern overlap --json`` output: PRs 12 and 15, conflicting."""
    return {"schema_version": 1, "base": "origin/main",
            "prs": [overlap_pull(12), overlap_pull(15)], "pairs": [overlap_conflict(12, 15)]}


def review_record(head: str, **changes: Any) -> str:
    """A rendered contract-review record on ``head`` (PASS unless ``changes`` say otherwise);
    pass an abbreviation of a head to forge one the governed gate must refuse."""
    data = {"served_tier": "standard", "head_sha": head, "local_runs": "pytest",
            "scope": "the workflow", "inputs_read": "the diff", "semver": "patch",
            "implemented_by": "dev", "reviewed_by": "maintainer", "verdict": "PASS",
            "record_written": "2026-11-06T18:35Z", **changes}
    return render_review(review_from_data(data, "test"))


def run_check(repo: Repo, gate: str, *args: str, env: dict[str, str] | None = None,
              stdin: str | None = None) -> Result:
    """``govern --repo-dir <repo> check <gate> …`` through click's runner."""
    return CliRunner(env=env).invoke(cli, ["--repo-dir", str(repo.root), "check", gate, *args],
                                     input=stdin)


# --- GitHub: a client on the fake server, and the overlap remote. Fixtures: import them by
# their own names, e.g. ``from tests.helpers import remote as remote``. ----------------------

NOW = 1_800_000_000.0
"""The clock the client fixture reads (epoch seconds), so a rate limit's reset is exact."""


@pytest.fixture
def sleeps() -> list[float]:
    """The waits the client asked for, instead of sleeping."""
    return []


@pytest.fixture
def client(fake_github: FakeGitHub, sleeps: list[float]) -> GitHubRepo:
    return connect(fake_github.full_name, Credentials(TOKEN, fake_github.base_url),
                   Pacing(sleep=sleeps.append, clock=lambda: NOW))


URL = "git@github.com:acme/widgets.git"
BOT = "github-actions[bot]"
OVERLAP_FOOTER = (
    "<sub>Advisory: each pair is merged with `git merge-tree --write-tree <earlier head> "
    "<later head>`; line numbers are in that merged file, where the conflict markers are.</sub>")


class Remote:
    """The GitHub side: a bare repository holding ``refs/pull/N/head``, and the fake API."""

    def __init__(self, tmp_path: Path, fake: FakeGitHub) -> None:
        self.origin = make_repo(tmp_path / "origin", {"f.txt": "l1\nl2\nl3\n"})
        self.bare = tmp_path / "origin.git"
        subprocess.run(["git", "clone", "-q", "--bare", str(self.origin.root), str(self.bare)],
                       check=True)
        self.fake = fake

    def open_pr(self, number: int, files: dict[str, str | bytes | None]) -> str:
        """PR ``number`` off main with one commit writing ``files``, on GitHub and in git."""
        self.origin.branch(f"topic-{number}", "main")
        head = self.origin.commit(files, f"PR {number}")
        self.origin.checkout("main")
        self.origin.git("push", "-q", str(self.bare), f"{head}:refs/pull/{number}/head")
        self.fake.add_pull(number, head)
        return head

    def push(self, number: int, files: dict[str, str | bytes | None]) -> None:
        """A new commit on PR ``number``'s head."""
        self.origin.checkout(f"topic-{number}")
        head = self.origin.commit(files, f"PR {number} again")
        self.origin.checkout("main")
        self.origin.git("push", "-q", "-f", str(self.bare), f"{head}:refs/pull/{number}/head")
        self.fake.pulls[number]["head_sha"] = head


@pytest.fixture
def remote(tmp_path: Path, fake_github: FakeGitHub, monkeypatch: pytest.MonkeyPatch) -> Remote:
    """PRs 12 and 15 rewrite line 2 of f.txt (15 was pushed first: attribution is by number),
    13 adds another file; PR 20 targets another branch."""
    monkeypatch.delenv("GITHUB_BASE_REF", raising=False)
    monkeypatch.setattr(govern.github.client, "RETRY_DELAYS", (0.0, 0.0))
    remote = Remote(tmp_path, fake_github)
    remote.open_pr(15, {"f.txt": "l1\nfrom 15\nl3\n"})
    remote.open_pr(12, {"f.txt": "l1\nfrom 12\nl3\n"})
    remote.open_pr(13, {"g.txt": "g\n"})
    fake_github.add_pull(20, remote.origin.sha("main"), base="release")
    return remote


@pytest.fixture
def work(tmp_path: Path, remote: Remote) -> Repo:
    """A clone whose origin is a github.com URL that git rewrites to the bare repository."""
    clone = tmp_path / "work"
    subprocess.run(["git", "clone", "-q", str(remote.bare), str(clone)], check=True)
    repo = Repo(clone)
    repo.git("remote", "set-url", "origin", URL)
    repo.git("config", f"url.{remote.bare}.insteadOf", URL)
    return repo


def overlap(work: Repo, *args: str, env: dict[str, str] | None = None) -> Result:
    return CliRunner().invoke(cli, ["--repo-dir", str(work.root), "overlap", "--github", *args],
                              env=env)


def comments(fake: FakeGitHub) -> dict[int, list[str]]:
    return {number: [c["body"] for c in thread] for number, thread in fake.comments.items()
            if thread}


def told_15_rebase(line: str) -> str:
    return "\n".join([
        "<!-- govern:overlap -->", "### 🔀 PR overlap", "",
        "⚠️ #15 conflicts with **1** earlier open PR(s) into `origin/main`; it should rebase "
        "once they land:", "",
        "- #12", f"  - `f.txt` — content, {line}", "", OVERLAP_FOOTER, ""])


# -- affected-docs end to end (shared by the rule, ranking and anchoring tests) ----------

PY_PKG = {
    "pkg/pyproject.toml": '[project]\nname = "acme"\n',
    "pkg/src/acme/__init__.py": "from ._core import Engine, start_engine\n",
    "pkg/src/acme/_core.py": (
        "class Engine:\n"
        "    def spin_up(self):\n"
        "        speed = 1\n"
        "        return speed\n\n"
        "    def halt_now(self):\n"
        "        return 0\n\n\n"
        "def start_engine():\n"
        "    local_value = 1\n"
        "    return local_value\n\n\n"
        "def retire_engine():\n"
        "    return None\n"
    ),
}


def run_json(repo: Repo, *args: str) -> dict[str, Any]:
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs", "--json",
                                      *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def pr_repo(tmp_path: Path, base: dict[str, str], change: dict[str, str | None]) -> Repo:
    repo = make_repo(tmp_path / "repo", base)
    repo.branch("pr")
    repo.commit(change, "pr")
    return repo


def rows(data: dict[str, Any]) -> dict[str, list[str]]:
    return {row["path"]: [a["token"] for a in row["anchors"]] for row in data["docs"]}


def memory_store() -> sqlite3.Connection:
    """An empty docs-index store in memory."""
    return open_sqlite_memory(SCHEMA, STORE_FORMAT)


def build_index(pages: list[Page], read_blob: Callable[[str], bytes | None]) -> DocsIndex:
    """The docs index of ``pages`` in a store in memory, as a run builds it."""
    return fill_index(pages, read_blob, memory_store())
