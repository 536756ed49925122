"""``govern comment drift`` end to end: CliRunner, the real PyGithub client, the fake GitHub
server; every delivery outcome of docs/concepts/delivery.md and the exit codes of §2."""

from __future__ import annotations

import json
from collections import deque
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

import govern.github.client
from govern.cli import cli
from govern.core.markdown import plain
from govern.drift.comment import MARKER
from tests.fakegithub import FakeGitHub, Fault
from tests.fakegithub import fake_github as fake_github  # the fixture
from tests.gitrepo import make_repo
from tests.helpers import HEAD, HEAD_PARENT
from tests.helpers import affected_result as result
from tests.helpers import doc_row as doc

BOT = "github-actions[bot]"
NOT_POSTED = "the docs drift comment was not posted: "


@pytest.fixture(autouse=True)
def _no_retry_waits(monkeypatch: pytest.MonkeyPatch) -> None:
    """govern's 3 s / 9 s schedule is pinned in test_upsert; here the waits are skipped."""
    monkeypatch.setattr(govern.github.client, "RETRY_DELAYS", (0.0, 0.0))


@pytest.fixture
def result_file(tmp_path: Path) -> Path:
    path = tmp_path / "affected.json"
    path.write_text(json.dumps(result(docs=[doc("docs/a.md", "getAudit")])), encoding="utf-8")
    return path


def drift(tmp_path: Path, *args: str, stdin: str | None = None,
          env: dict[str, str] | None = None) -> Result:
    # tmp_path is no repository: the defaults apply (the poster may run without a checkout)
    return CliRunner().invoke(cli, ["--repo-dir", str(tmp_path), "comment", "drift", *args],
                              input=stdin, env=env)


def test_prints_the_comment_from_a_file_or_stdin(tmp_path: Path, result_file: Path) -> None:
    printed = drift(tmp_path, "--from", str(result_file))
    assert printed.exit_code == 0, printed.output
    assert printed.stdout.splitlines()[:4] == [
        MARKER, "### 📓 Docs Drift Check", "",
        "This PR changes **1** package(s): `@x/a`, touching **1** documentable anchor(s)."]
    assert "- `docs/a.md`  _(via getAudit (symbol))_" in printed.stdout.splitlines()
    assert printed.stderr == "govern: not in a git repository: using the default configuration\n"
    piped = drift(tmp_path, "--from", "-", stdin=result_file.read_text())
    assert piped.stdout == printed.stdout


def _refs(findings: list[dict[str, Any]]) -> dict[str, Any]:
    return {"schema_version": 1, "head": "a" * 40, "base": "b" * 40, "mode": "diff", "pages": 3,
            "summary": {"checked": 9, "resolved": 8, "missing": len(findings),
                        "out_of_scope": 1, "unresolvable": 0},
            "findings": findings, "unreadable": []}


FINDING = {"page": "docs/api.md", "line": 12, "column": 3, "kind": "code",
           "name": "pkg.Client.send", "message": "…", "suggestion": "pkg.Client.submit"}


def test_docs_refs_findings_get_their_own_section(tmp_path: Path, result_file: Path) -> None:
    refs = tmp_path / "refs.json"
    refs.write_text(json.dumps(_refs([FINDING])), encoding="utf-8")
    printed = drift(tmp_path, "--from", str(result_file), "--docs-refs", str(refs))
    assert printed.exit_code == 0, printed.output
    assert ("#### ❌ **1** docs line(s) now name code that no longer exists\n\n"
            "- `docs/api.md:12` names `pkg.Client.send` — did you mean `pkg.Client.submit`?\n"
            ) in printed.stdout
    refs.write_text(json.dumps(_refs([])), encoding="utf-8")  # no finding: no section
    clean = drift(tmp_path, "--from", str(result_file), "--docs-refs", str(refs))
    assert "no longer exists" not in clean.stdout
    assert clean.stdout == drift(tmp_path, "--from", str(result_file)).stdout


def test_a_forged_docs_refs_file_is_not_judged(tmp_path: Path, result_file: Path) -> None:
    refs = tmp_path / "refs.json"
    refs.write_text(json.dumps(_refs([{**FINDING, "line": "12; @everyone"}])), encoding="utf-8")
    printed = drift(tmp_path, "--from", str(result_file), "--docs-refs", str(refs))
    assert printed.exit_code == 2
    assert "is not docs-refs output: $.findings[0].line" in printed.stderr


@pytest.mark.parametrize(("text", "error"), [
    ("{", "Error: stdin is not valid JSON (Expecting property name enclosed in double quotes: "
          "line 1 column 2 (char 1))"),
    ('{"schema_version": 2}', "Error: stdin has schema_version 2; this govern reads 1"),
])
def test_unreadable_input_exits_2(tmp_path: Path, text: str, error: str) -> None:
    got = drift(tmp_path, "--from", "-", stdin=text)
    assert got.exit_code == 2 and got.stdout == ""
    assert error in got.stderr.splitlines()


def test_a_missing_file_and_missing_input_exit_2(tmp_path: Path) -> None:
    missing = drift(tmp_path, "--from", str(tmp_path / "none.json"))
    assert missing.exit_code == 2
    assert f"Error: cannot read {tmp_path / 'none.json'}: [Errno 2] No such file or directory" \
        in missing.stderr
    neither = drift(tmp_path)
    assert neither.exit_code == 2
    assert "Error: pass --from FILE|- (affected-docs JSON), or --not-judged REASON" \
        in neither.stderr


@pytest.mark.parametrize(("gates", "read_only"), [
    ('[gates]\nenable = ["release-owned"]\n', True),
    ('[gates]\npreset = "contract"\ndisable = ["release-owned"]\n', False),
    ("", False),  # the default preset, minimal, leaves the gate off
])
def test_the_configuration_at_head_sets_cap_guardrails_doc_and_the_read_only_notice(
        tmp_path: Path, gates: str, read_only: bool) -> None:
    """werkzeug's PRs add their entry to CHANGES.rst, a release-owned page, with the
    release-owned gate off: the comment forbade what the project's process asks for."""
    repo = make_repo(tmp_path / "repo", {
        "govern.toml": '[comment]\nrow_cap = 1\nguardrails_doc = "CONTRIBUTING.md"\n' + gates})
    data = result(docs=[doc("docs/a.md", "getAudit"), doc("docs/b.md", "getAudit"),
                        doc("docs/c.md", "getAudit", owned=True)])
    got = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "comment", "drift",
                                   "--from", "-"], input=json.dumps(data))
    assert got.exit_code == 0, got.output
    assert "list omitted above 1 rows" in got.stdout
    said = got.stdout.splitlines()
    assert ("> ⛔ These pages are read-only under `CONTRIBUTING.md`: do not edit them in this "
            "PR. File an issue, or open a docs-only PR, instead." in said) is read_only
    assert ("#### ⛔ Release-owned pages (1)" in said) is read_only
    assert ("#### Release-owned pages (1)" in said) is not read_only


def test_not_judged_names_the_head_from_the_payload(tmp_path: Path) -> None:
    event = tmp_path / "event.json"
    event.write_text(json.dumps({"pull_request": {"number": 7, "head": {"sha": HEAD_PARENT}}}))
    got = drift(tmp_path, "--not-judged", "shallow clone without the merge base",
                env={"GITHUB_EVENT_PATH": str(event)})
    assert got.exit_code == 0, got.output
    assert got.stdout.splitlines()[3] == (
        f"⚠️ **NOT JUDGED** on `{HEAD_PARENT}`: shallow clone without the merge base. "
        "The list below this line, if any, is from an older head.")
    headless = drift(tmp_path, "--not-judged", "x")
    assert headless.exit_code == 2
    assert "Error: --not-judged needs the head it is about: pass --head SHA" in headless.stderr


# -- posting ---------------------------------------------------------------------------------

def post(tmp_path: Path, result_file: Path, *extra: str, **env: str) -> Result:
    return drift(tmp_path, "--from", str(result_file), "--post", "--pr", "7", *extra, env=env)


def test_post_creates_then_updates_in_place(tmp_path: Path, result_file: Path,
                                            fake_github: FakeGitHub) -> None:
    created = post(tmp_path, result_file)
    assert created.exit_code == 0, created.output
    comment = fake_github.comments[7][0]
    assert comment["body"] == created.stdout and comment["login"] == BOT
    assert created.stderr.splitlines()[-1] == (
        f"govern: created the docs drift comment on #7 https://github.example/acme/widgets/"
        f"pull/7#issuecomment-{comment['id']}")
    result_file.write_text(json.dumps(result(docs=[doc("docs/b.md", "getAudit")])))
    updated = post(tmp_path, result_file)
    assert updated.exit_code == 0, updated.output
    assert [c["body"] for c in fake_github.comments[7]] == [updated.stdout]
    assert "- `docs/b.md`  _(via getAudit (symbol))_" in updated.stdout.splitlines()
    assert updated.stderr.splitlines()[-1].startswith(
        f"govern: updated the docs drift comment on #7 https://github.example/acme/widgets/"
        f"pull/7#issuecomment-{comment['id']}")


def test_a_502_then_success_posts(tmp_path: Path, result_file: Path,
                                  fake_github: FakeGitHub) -> None:
    fake_github.fail(502)
    got = post(tmp_path, result_file)
    assert got.exit_code == 0, got.output
    assert [c["body"] for c in fake_github.comments[7]] == [got.stdout]
    # every caller of the client says why it paused, not only govern overlap
    [notice] = [line for line in got.stderr.splitlines() if "502" in line]
    assert notice.startswith("govern: GitHub answered 502 while ")
    assert notice.endswith("; waiting 0 s before attempt 2 of 3")
    fake_github.fail(502)  # `govern -q` hushes it for every command
    hushed = CliRunner().invoke(cli, ["-q", "--repo-dir", str(tmp_path), "comment", "drift",
                                      "--from", str(result_file), "--post", "--pr", "7"])
    assert hushed.exit_code == 0, hushed.output
    assert "502" not in hushed.stderr and fake_github.faults == deque()


LISTING = "/repos/acme/widgets/issues/7/comments"


@pytest.mark.parametrize(("faults", "read_only", "why"), [
    ([Fault(503, path=LISTING)] * 3, False, "GitHub kept failing while listing the comments "
     "of #7 of acme/widgets: 503 'injected fault' (after 3 attempt(s))"),
    ([], True, "GitHub refused permission while commenting on #7 of acme/widgets: 403 "
               "'Resource not accessible by integration'"),
])
def test_undeliverable_goes_to_the_step_summary_and_exits_0(
        tmp_path: Path, result_file: Path, fake_github: FakeGitHub, faults: list[Fault],
        read_only: bool, why: str) -> None:
    fake_github.fail(*faults)
    fake_github.read_only = read_only
    summary = tmp_path / "summary.md"
    got = post(tmp_path, result_file, GITHUB_ACTIONS="true", GITHUB_STEP_SUMMARY=str(summary))
    assert got.exit_code == 0, got.output
    assert summary.read_text(encoding="utf-8") == got.stdout.split("::warning::")[0]
    assert summary.read_text(encoding="utf-8").startswith(MARKER + "\n")
    warning = NOT_POSTED + why + "; it is in this run's step summary"
    assert got.stdout.splitlines()[-1] == "::warning::" + plain(warning).replace("%", "%25")
    assert got.stderr.splitlines()[-1] == f"govern: warning: {warning}"
    assert fake_github.comments.get(7, []) == []


@pytest.mark.parametrize(("fault", "error"), [
    (Fault(422, "Validation Failed", path=LISTING), "Error: GitHub refused the request while "
     "listing the comments of #7 of acme/widgets: 422 'Validation Failed'"),
    (Fault(401, "Bad credentials"), "Error: GitHub rejected the token while reading whose "
                                    "token this is: 401 'Bad credentials'"),
    (Fault(404, "Not Found", path=LISTING), "Error: GitHub found nothing while listing the "
                                            "comments of #7 of acme/widgets: 404 'Not Found'"),
])
def test_other_github_refusals_exit_2(tmp_path: Path, result_file: Path,
                                      fake_github: FakeGitHub, fault: Fault, error: str) -> None:
    fake_github.fail(fault)
    got = post(tmp_path, result_file)
    assert got.exit_code == 2
    assert error in got.stderr.splitlines()


def test_post_needs_a_pr_and_a_token(tmp_path: Path, result_file: Path,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GITHUB_REPOSITORY", raising=False)
    no_pr = drift(tmp_path, "--from", str(result_file), "--post")
    assert no_pr.exit_code == 2
    assert "Error: --post needs the PR: pass --pr N and --repo OWNER/NAME" in no_pr.stderr
    no_token = drift(tmp_path, "--from", str(result_file), "--post", "--pr", "7", "--repo",
                     "acme/widgets")
    assert no_token.exit_code == 2
    assert "Error: --post needs a token" in no_token.stderr


def workflow_run(tmp_path: Path, head: str) -> dict[str, str]:
    event = tmp_path / "event.json"
    data: dict[str, Any] = {"workflow_run": {"head_sha": head, "pull_requests": []},
                            "repository": {"full_name": "acme/widgets"}}
    event.write_text(json.dumps(data), encoding="utf-8")
    return {"GITHUB_EVENT_PATH": str(event)}


def test_a_workflow_run_posts_only_on_the_pr_at_the_head_it_computed(
        tmp_path: Path, result_file: Path, fake_github: FakeGitHub) -> None:
    fake_github.add_pull(7, HEAD_PARENT)
    moved = post(tmp_path, result_file, **workflow_run(tmp_path, "9" * 40))
    assert moved.exit_code == 0, moved.output
    assert moved.stderr.splitlines()[-1] == (
        "govern: not posted: PR #7 is at 444444444444, this run computed 999999999999 (the "
        "run for the newer head posts)")
    assert fake_github.comments.get(7, []) == []
    current = post(tmp_path, result_file, **workflow_run(tmp_path, HEAD_PARENT))
    assert current.exit_code == 0, current.output
    assert [c["body"] for c in fake_github.comments[7]] == [current.stdout]
    assert HEAD in current.stdout  # the rendered result is the artifact's
