"""Attack: a fork PR controls its own run of ``overlap.yml`` (its branch's copy of the file),
so a matrix artifact that run uploads can say anything: edit another PR's real "conflicts"
comment to "merges cleanly", post comments linking arbitrary ``#N``, or abort the poster.
Refused: the poster reads nothing the triggering run produced — it lists the open PRs through
the API, fetches their heads and merges them itself — and ``comment overlap`` posts nothing.
The honest case: the poster tells the PR that really conflicts."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.fakegithub import FakeGitHub
from tests.fakegithub import fake_github as fake_github  # the fixture
from tests.helpers import Remote
from tests.workflow_helpers import OVERLAP_MARKER as MARKER
from tests.workflow_helpers import OVERLAP_POST as POST
from tests.workflow_helpers import TOLD_15, load
from tests.workflow_helpers import overlap_post as post
from tests.workflow_helpers import overlap_remote as overlap_remote  # the fixture "remote"

FORGED = {"schema_version": 1, "base": "origin/main", "pairs": [],
          "prs": [{"id": 15, "ref": "x", "head": "f" * 40, "behind": 0, "behind_touching": [],
                   "files": 1}]}


def test_the_poster_reads_nothing_of_the_triggering_run() -> None:
    text = POST.read_text(encoding="utf-8")
    steps = next(iter(load(POST)["jobs"].values()))["steps"]
    assert not any("download-artifact" in s.get("uses", "") for s in steps)
    # of the triggering run, only what GitHub itself says: which event, and how it ended
    assert sorted(set(re.findall(r"github\.event\.workflow_run\.[\w.]+", text))) == [
        "github.event.workflow_run.conclusion", "github.event.workflow_run.event"]


def test_a_forged_matrix_where_the_artifact_was_changes_nothing(
        remote: Remote, tmp_path: Path, fake_github: FakeGitHub) -> None:
    # #15 really conflicts with #12 and was told so; a forged matrix says it merges cleanly
    told = fake_github.add_comment(15, f"{MARKER}\nold\n", login="github-actions[bot]")
    drop = tmp_path / "runner-temp" / "overlap"
    drop.mkdir(parents=True)
    (drop / "overlap.json").write_text(json.dumps(FORGED), encoding="utf-8")
    posted, _ = post(remote, tmp_path)
    assert posted.returncode == 0, posted.stderr
    [comment] = fake_github.comments[15]
    assert comment["id"] == told["id"]
    assert comment["body"].splitlines()[3] == TOLD_15  # what git merge-tree found
    assert set(fake_github.comments) == {15}  # no other PR written to


def test_comment_overlap_renders_a_file_but_never_posts_it(tmp_path: Path,
                                                           fake_github: FakeGitHub) -> None:
    from click.testing import CliRunner

    from govern.cli import cli

    matrix = tmp_path / "overlap.json"
    matrix.write_text(json.dumps(FORGED), encoding="utf-8")
    args = ["--repo-dir", str(tmp_path), "comment", "overlap", "--from", str(matrix)]
    refused = CliRunner().invoke(cli, [*args, "--post"])
    assert refused.exit_code == 2 and "No such option '--post'" in refused.stderr
    rendered = CliRunner().invoke(cli, args)
    assert rendered.exit_code == 0 and rendered.stdout.startswith(MARKER)
    assert fake_github.requests == []
