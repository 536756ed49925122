"""``govern comment overlap``: the matrix of a real ``govern overlap --github --json`` run (real
git, the fake GitHub server) rendered and posted by a second process, as the fork-safe poster
workflow does; the input read strictly (docs/reference/exit-codes.md: unreadable JSON is exit 2)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from govern.cli import cli
from tests.fakegithub import FakeGitHub
from tests.fakegithub import fake_github as fake_github  # the fixture
from tests.gitrepo import Repo
from tests.helpers import (
    Remote,
    overlap,
    overlap_conflict,
    overlap_document,
    overlap_pull,
    told_15_rebase,
)
from tests.helpers import remote as remote  # the fixture
from tests.helpers import work as work  # the fixture

MARKER = "<!-- govern:overlap -->"
REMEDY = ("pass the output of `govern overlap --github --json` (schema_version 1) unchanged")


def comment(repo_dir: Path, *args: str, stdin: str | None = None,
            env: dict[str, str] | None = None) -> Result:
    return CliRunner().invoke(cli, ["--repo-dir", str(repo_dir), "comment", "overlap", *args],
                              input=stdin, env=env)


def computed(work: Repo, tmp_path: Path, *args: str) -> Path:
    """What the compute workflow uploads: ``govern overlap --github --json`` in a file."""
    got = overlap(work, "--json", *args)
    assert got.exit_code in (0, 1), got.output
    path = tmp_path / "overlap.json"
    path.write_text(got.stdout, encoding="utf-8")
    return path


def comment_url(fake: FakeGitHub, number: int) -> str:
    ident = fake.comments[number][0]["id"]
    return f"https://github.example/acme/widgets/pull/{number}#issuecomment-{ident}"


def test_prints_what_overlap_markdown_printed_from_a_file_or_stdin(
        work: Repo, remote: Remote, tmp_path: Path) -> None:
    matrix = computed(work, tmp_path)
    printed = comment(work.root, "--from", str(matrix))
    assert printed.exit_code == 0, printed.output
    assert printed.stdout == overlap(work, "--markdown").stdout
    assert [line for line in printed.stdout.splitlines() if line.startswith("####")] == [
        "#### #12", "#### #13", "#### #15"]
    piped = comment(work.root, "--from", "-", stdin=matrix.read_text(encoding="utf-8"))
    assert (piped.exit_code, piped.stdout) == (0, printed.stdout)
    # a `--pr 15` run holds only #15's pairs: its comment alone is rendered
    focused = comment(work.root, "--from", str(computed(work, tmp_path, "--pr", "15")))
    assert focused.stdout == told_15_rebase("lines 2–6")
    assert remote.fake.comments == {}  # nothing posted without --post


def test_it_posts_nothing_a_file_says(tmp_path: Path) -> None:
    """A matrix read from a file is not evidence enough to write on a PR (issue 13: a fork PR
    controls the run that would write it): the command renders only, and --post is refused as
    an unknown option rather than silently ignored."""
    matrix = tmp_path / "overlap.json"
    matrix.write_text(json.dumps(overlap_document()), encoding="utf-8")
    refused = comment(tmp_path, "--from", str(matrix), "--post", "--repo", "acme/widgets")
    assert refused.exit_code == 2
    assert "Error: No such option '--post'." in refused.stderr
    rendered = comment(tmp_path, "--from", str(matrix))
    assert rendered.exit_code == 0, rendered.output
    assert rendered.stdout.startswith(MARKER + "\n")
    no_input = comment(tmp_path)
    assert no_input.exit_code == 2
    assert "Error: Missing option '--from'." in no_input.stderr


# -- the input, read strictly ----------------------------------------------------------------

def changed(change: Callable[[dict[str, Any]], object]) -> str:
    data = overlap_document()
    change(data)
    return json.dumps(data)


def not_overlap(what: str) -> str:
    return f"Error: stdin is not `govern overlap --json` output: {what}"


@pytest.mark.parametrize(("text", "error"), [
    ("{", "Error: stdin is not valid JSON (Expecting property name enclosed in double quotes: "
          "line 1 column 2 (char 1))"),
    ("[]", "Error: stdin is not a JSON object"),
    ('{"schema_version": 2}', "Error: stdin has schema_version 2; this govern reads 1"),
    (changed(lambda d: d.pop("base")), not_overlap("$.base is missing")),
    (changed(lambda d: d["prs"][0].update(head="HEAD; rm -rf ~")),
     not_overlap("$.prs[0].head is not a commit sha")),
    (changed(lambda d: d["prs"][1].update(id=True)),
     not_overlap("$.prs[1].id is not a whole number of at least 1")),
    (changed(lambda d: d["prs"][1].update(id=12)), not_overlap("$.prs lists a PR id twice")),
    (changed(lambda d: d["prs"][0].update(behind_touching=["a", 3])),
     not_overlap("$.prs[0].behind_touching[1] is not a string")),
    (changed(lambda d: d["pairs"][0].update(status="merged")),
     not_overlap("$.pairs[0].status is not one of clean, conflict, skipped")),
    (changed(lambda d: d["pairs"][0]["conflicts"][0]["hunks"][0].update(start=0)),
     not_overlap("$.pairs[0].conflicts[0].hunks[0].start is not a whole number of at least 1")),
    (changed(lambda d: d["pairs"][0].update(a=15, b=12)),
     not_overlap("$.pairs[0] is not two listed PRs, the earlier first")),
    (changed(lambda d: d["pairs"][0].update(b=99)),
     not_overlap("$.pairs[0] is not two listed PRs, the earlier first")),
    (changed(lambda d: d["pairs"].append(overlap_conflict(12, 15))),
     not_overlap("$.pairs[1] repeats 12 and 15")),
    (changed(lambda d: d["prs"].extend([overlap_pull(16), overlap_pull(17)])),
     not_overlap("its 1 pair(s) of 4 PR(s) are neither every pair nor one PR's pairs")),
])
def test_unreadable_input_exits_2_naming_what_is_wrong(tmp_path: Path, text: str,
                                                       error: str) -> None:
    got = comment(tmp_path, "--from", "-", stdin=text)
    assert got.exit_code == 2
    assert got.stdout == ""
    assert got.stderr.splitlines()[0] == error


def test_the_remedy_names_the_producer(tmp_path: Path) -> None:
    missing = comment(tmp_path, "--from", str(tmp_path / "absent.json"))
    assert missing.exit_code == 2
    assert "pass the file `govern overlap --github --json` wrote, or - for stdin" \
        in missing.stderr
    bad = comment(tmp_path, "--from", "-", stdin=changed(lambda d: d.pop("prs")))
    assert REMEDY in bad.stderr


def test_untrusted_text_stays_inert(tmp_path: Path) -> None:
    hostile = changed(lambda d: d["pairs"][0].update(conflicts=overlap_conflict(
        12, 15, path=f"`x` {MARKER} @admin", kind="content\n::error::<b>x</b>")["conflicts"]))
    got = comment(tmp_path, "--from", "-", stdin=hostile)
    assert got.exit_code == 0, got.output
    lines = got.stdout.splitlines()
    # the path in a longer fence, the marker broken by zero-width spaces, the type escaped
    # and on the bullet's line
    assert ("  - `` `x` <!\u200b-- govern:overlap --\u200b> @admin `` — content "
            "::error::&lt;b&gt;x&lt;/b&gt;, lines 2–6") in lines
    assert [line for line in lines if MARKER in line] == [MARKER]  # only the real first line
    assert not any(line.startswith("::") for line in lines)

