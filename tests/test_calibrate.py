"""govern calibrate end to end on real repositories with known co-change histories (issue 11):
which commits are cases, what each scores, and that the user's repository is left as it was."""

from __future__ import annotations

import hashlib
import json
import os
import pty
import re
import select
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from govern.calibrate.cases import Case, draw_key, parse_prose, read_cases, sample_cases
from govern.calibrate.measure import CaseResult
from govern.calibrate.suggest import find_proposals
from govern.cli import cli
from govern.config import Config, DocsConfig
from govern.core.globs import Globs
from govern.git.gitio import Git
from tests.gitrepo import Repo, make_repo
from tests.security.github_markdown import render

LIB = (
    "def send_request(url):\n"
    "    timeout = 1\n"
    "    return url, timeout\n\n\n"
    "def fetch_items(page):\n"
    "    size = 10\n"
    "    return page * size\n"
)
API_PAGE = "# API\n\nCall `send_request` with a [URL](https://example.com/a).\n"
GUIDE_PAGE = "# Guide\n\nStart here.\n"


def calibrate(repo: Repo, *args: str) -> Result:
    return CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "calibrate", *args])


def calibrate_json(repo: Repo, *args: str) -> dict[str, Any]:
    result = calibrate(repo, "--json", *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def history(root: Path) -> tuple[Repo, dict[str, str]]:
    """A library whose history holds one commit of each shape calibrate must tell apart."""
    repo = make_repo(root, {"src/lib.py": LIB, "docs/api.md": API_PAGE,
                            "docs/guide.md": GUIDE_PAGE})
    shas = {}
    shas["hit"] = repo.commit({
        "src/lib.py": LIB.replace("timeout = 1", "timeout = 2"),
        "docs/api.md": API_PAGE + "\nThe timeout is now two seconds.\n"}, "hit")
    shas["miss"] = repo.commit({
        "src/lib.py": LIB.replace("timeout = 1", "timeout = 3").replace("size = 10", "size = 20"),
        "docs/guide.md": GUIDE_PAGE + "\nPages hold twenty items.\n"}, "miss")
    shas["docs_only"] = repo.commit({"docs/guide.md": GUIDE_PAGE + "\nRewritten.\n"}, "docs")
    shas["whitespace"] = repo.commit({
        "src/lib.py": LIB.replace("size = 10", "size = 30"),
        "docs/guide.md": GUIDE_PAGE.replace("Start here.", "Start   here.") + "\nRewritten.\n"},
        "whitespace")
    shas["links"] = repo.commit({
        "src/lib.py": LIB.replace("size = 10", "size = 40"),
        "docs/api.md": (API_PAGE + "\nThe timeout is now two seconds.\n").replace(
            "https://example.com/a", "https://example.com/b")},
        "links")
    shas["mass"] = repo.commit(
        {"src/lib.py": LIB.replace("size = 10", "size = 50"),
         "docs/api.md": API_PAGE + "\nMass edit.\n",
         **{f"data/file{i}.txt": f"{i}\n" for i in range(60)}}, "mass")
    return repo, shas


def test_a_page_naming_the_changed_function_is_a_hit_and_a_page_naming_nothing_is_a_miss(
        tmp_path: Path) -> None:
    repo, shas = history(tmp_path / "repo")
    report = calibrate_json(repo)
    cases = {case["commit"]: case for case in report["per_case"]}
    assert set(cases) == {shas["hit"], shas["miss"]}
    hit = cases[shas["hit"]]
    assert hit["reference"] == ["docs/api.md"]
    assert hit["hits"] == ["docs/api.md"] and hit["recall"] == 1.0
    assert {"kind": "symbol", "token": "send_request", "language": "python"} in \
        hit["anchors_found"]
    miss = cases[shas["miss"]]
    assert miss["reference"] == ["docs/guide.md"] and miss["hits"] == []
    assert [row["path"] for row in miss["rows"]] == ["docs/api.md"]  # send_request changed again
    assert (report["hits"], report["reference_pages"], report["pooled_recall"]) == (1, 2, 0.5)
    assert report["mean_recall"] == 0.5 and report["cases_with_hit"] == 1
    assert report["rows"] == {"total": 2, "mean": 1, "median": 1.0, "max": 1}
    assert report["reference_share_of_rows"] == 0.5
    # both cases changed a function: neither is beyond every name rule
    assert report["cases_without_anchor"] == {"cases": 0, "reference_pages": 0,
                                              "pooled_recall_of_the_others": 0.5}
    assert report["by_anchor_kind"]["symbol"]["reference_rows"] == 1
    assert report["by_language"]["python"]["pooled_recall"] == 0.5
    assert [m["commit"] for m in report["worst_misses"]] == [shas["miss"]]
    assert report["worst_misses"][0]["missed"] == ["docs/guide.md"]
    assert [n["commit"] for n in report["noisiest"]] == [shas["miss"]]


def test_a_case_whose_code_gave_no_anchor_is_counted_apart(tmp_path: Path) -> None:
    repo, shas = history(tmp_path / "repo")
    # a licence header and a workflow touch no declaration: nothing for a name rule to read
    # (the header alone would be no case: its code changed only in comments)
    chore = repo.commit({"src/lib.py": "# Licensed under the MIT licence.\n" + LIB.replace(
                             "size = 10", "size = 50"),
                         ".github/workflows/licence.yml": "on: push\n",
                         "docs/guide.md": GUIDE_PAGE + "\nThe licence is MIT.\n"}, "licence")
    report = calibrate_json(repo)
    cases = {case["commit"]: case for case in report["per_case"]}
    assert cases[chore]["anchors_found"] == [] and cases[chore]["anchors_dropped"] == []
    assert report["cases_without_anchor"] == {"cases": 1, "reference_pages": 1,
                                              "pooled_recall_of_the_others": 0.5}
    assert report["pooled_recall"] == round(1 / 3, 4)
    text = calibrate(repo).output
    assert ("1 case(s) gave no anchor at all, found or dropped (1 reference page(s) no name "
            "rule can list); pooled recall over the other cases 50%.") in text


def test_a_file_read_with_nothing_public_changed_is_counted_apart_from_one_not_read(
        tmp_path: Path) -> None:
    repo, _ = history(tmp_path / "repo")
    helper = LIB + "\n\ndef _pad(value):\n    return value\n"
    words = "module.exports = Argv\nfunction Argv (value) {\n  return value\n}\n"
    repo.commit({"src/lib.py": helper, "src/argv.js": words}, "a private helper")
    case = repo.commit({"src/lib.py": helper.replace("return value", "return value + 1"),
                        "src/argv.js": words.replace("return value", "return value.trim()"),
                        "src/site.css": "a {}\n", "docs/guide.md": GUIDE_PAGE + "\nPadded.\n"},
                       "private helper, a plain-word export and a stylesheet")
    report = calibrate_json(repo)
    measured = {c["commit"]: c for c in report["per_case"]}[case]
    assert measured["not_covered"] == ["src/lib.py", "src/site.css", "src/argv.js"]
    assert measured["not_covered_implementation_only"] == ["src/lib.py"]
    # `Argv`, a plain word no page calls, was its only anchor: public, too weak to match
    assert measured["not_covered_weak_only"] == ["src/argv.js"]
    assert (report["not_covered_files"], report["not_covered_unreadable_files"],
            report["not_covered_implementation_only_files"],
            report["not_covered_weak_only_files"]) == (3, 1, 1, 1)
    assert ("NOT COVERED: 1 changed file(s) govern cannot read; 1 whose only anchors were "
            "dropped as weak names; read, nothing public changed: 1 file(s) (each counted once "
            "per case).") in calibrate(repo).output


def test_docs_only_cosmetic_and_mass_commits_are_not_cases(tmp_path: Path) -> None:
    repo, shas = history(tmp_path / "repo")
    report = calibrate_json(repo)
    measured = {case["commit"] for case in report["per_case"]}
    assert not measured & {shas["docs_only"], shas["whitespace"], shas["links"], shas["mass"]}
    assert report["run"]["skipped"] == {"mass_change": 1, "docs_cosmetic": 2,
                                        "code_comment_only": 0, "code_release_data_only": 0,
                                        "release_notes_only": 0, "credits_only": 0,
                                        "toctree_only": 0, "spelling_only": 0,
                                        "formatting_only": 0}
    assert report["run"]["commits_read"] == 7


README = ("# lib\n\nCall `fetch_items` for a page.\n\n## Change Log\n\n### 1.0\n\n"
          "* first release\n\n## License\n\nMIT\n")


def test_a_page_changed_only_in_its_change_log_is_no_reference_page(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"src/lib.py": LIB, "docs/api.md": API_PAGE,
                                         "README.md": README})
    notes_only = repo.commit({
        "src/lib.py": LIB.replace("size = 10", "size = 20"),
        "README.md": README.replace("### 1.0", "### 1.1\n\n* pages hold twenty items\n\n### 1.0")},
        "release notes only")
    with_notes = repo.commit({
        "src/lib.py": LIB.replace("size = 10", "size = 30"),
        "docs/api.md": API_PAGE + "\nPages hold thirty items.\n",
        "README.md": README.replace("### 1.0", "### 1.2\n\n* thirty items\n\n### 1.0")},
        "docs and release notes")
    body = repo.commit({
        "src/lib.py": LIB.replace("size = 10", "size = 40"),
        "README.md": README.replace("for a page.", "for a page of forty.").replace(
            "### 1.0", "### 1.3\n\n* forty items\n\n### 1.0")},
        "body and release notes")
    report = calibrate_json(repo, "--no-suggest")
    cases = {case["commit"]: case["reference"] for case in report["per_case"]}
    assert notes_only not in cases
    assert cases[with_notes] == ["docs/api.md"]
    assert cases[body] == ["README.md"]
    assert_set_aside(repo, report, "release_notes", 2, 1, "their prose changed only under a "
                     "release-notes heading (## Change Log), which is no docs drift")


def assert_set_aside(repo: Repo, report: dict[str, Any], kind: str, pages: int, commits: int,
                     why: str) -> None:
    """The run counts ``pages`` set aside as ``kind`` and ``commits`` skipped for it, and the
    text report says both, with why."""
    assert report["run"][f"{kind}_pages"] == pages
    assert report["run"]["skipped"][f"{kind}_only"] == commits
    assert (f"{pages} changed page(s) set aside: {why}; {commits} commit(s) are no case for "
            "it.") in calibrate(repo, "--no-suggest").output


def test_a_mass_change_is_a_case_under_a_higher_max_files(tmp_path: Path) -> None:
    repo, shas = history(tmp_path / "repo")
    config = tmp_path / "govern.toml"
    config.write_text("[calibrate]\nmax_files = 100\n")
    report = calibrate_json(repo, "--config", str(config))
    assert shas["mass"] in {case["commit"] for case in report["per_case"]}
    assert report["run"]["skipped"]["mass_change"] == 0


def test_prose_ignores_whitespace_and_link_targets_but_not_words() -> None:
    page = "Read [the guide](https://a.example/x) or `api <https://b.example/>`_.\n"
    assert parse_prose(page) == parse_prose(
        "Read  [the guide](https://a.example/y \"title\")\nor `api <https://c.example/>`_.")
    assert parse_prose("[ref]: https://a.example\nText\n") == parse_prose("Text")
    assert parse_prose(page) != parse_prose(page.replace("the guide", "a guide"))
    assert parse_prose("Call send_request.") != parse_prose("Call fetch_items.")


def _state(repo: Repo) -> dict[str, Any]:
    files = {str(p.relative_to(repo.root)): hashlib.sha256(p.read_bytes()).hexdigest()
             for p in sorted(repo.root.rglob("*")) if p.is_file() and ".git" not in p.parts}
    return {
        "status": subprocess.run(["git", "-C", str(repo.root), "status", "--porcelain"],
                                 capture_output=True).stdout,
        "refs": repo.git("for-each-ref"),
        "index": hashlib.sha256((repo.root / ".git" / "index").read_bytes()).hexdigest(),
        "files": files,
        "head": repo.git("symbolic-ref", "HEAD"),
    }


def test_the_work_tree_index_and_refs_are_byte_identical_after_a_run(tmp_path: Path) -> None:
    repo, _ = history(tmp_path / "repo")
    repo.write({"src/lib.py": "# edited, not staged\n", "notes.txt": "untracked\n"})
    repo.write({"docs/guide.md": "staged\n"})
    repo.git("add", "docs/guide.md")
    before = _state(repo)
    assert before["status"]  # the run starts from a dirty tree, so there is something to keep
    report = calibrate_json(repo)
    assert report["cases"] == 2
    assert _state(repo) == before
    # the code-only commits exist as objects, reachable from no ref
    commit = report["per_case"][0]["code_only_commit"]
    assert repo.git("cat-file", "-t", commit).strip() == "commit"
    assert repo.git("for-each-ref", "--contains", commit) == ""


def test_the_code_only_commit_is_the_parent_plus_the_code_files(tmp_path: Path) -> None:
    repo, shas = history(tmp_path / "repo")
    report = calibrate_json(repo)
    case = next(c for c in report["per_case"] if c["commit"] == shas["hit"])
    code_only = case["code_only_commit"]
    assert repo.git("rev-parse", f"{code_only}^").strip() == repo.sha(f"{shas['hit']}^")
    assert repo.git("diff", "--name-only", f"{code_only}^", code_only).split() == ["src/lib.py"]
    assert repo.git("rev-parse", f"{code_only}:src/lib.py") == \
        repo.git("rev-parse", f"{shas['hit']}:src/lib.py")


def _many_cases(root: Path, count: int) -> Repo:
    """``count`` cases on one branch, written in one ``git fast-import`` run (hundreds of
    commits in well under a second)."""
    repo = make_repo(root, {"src/lib.py": LIB, "docs/api.md": API_PAGE})
    start = int(repo.git("log", "-1", "--format=%ct")) + 1
    stream = []
    for i in range(count):
        stream.append(f"commit refs/heads/main\ncommitter T <t@example.com> {start + i} "
                      f"+0000\ndata 6\ncase {i % 10}\n")
        if i == 0:
            stream.append("from refs/heads/main^0\n")
        for path, text in (("src/lib.py", LIB.replace("timeout = 1", f"timeout = {i + 2}")),
                           ("docs/api.md", API_PAGE + f"\nRevision {i}.\n")):
            stream.append(f"M 100644 inline {path}\ndata {len(text.encode())}\n{text}\n")
    subprocess.run(["git", "-C", str(repo.root), "fast-import", "--quiet", "--force"],
                   input="".join(stream).encode(), check=True)
    repo.git("reset", "-q", "--hard", "main")
    return repo


def _without_timings(report: dict[str, Any]) -> dict[str, Any]:
    report = dict(report, timings=None)
    report["per_case"] = [dict(case, seconds=None) for case in report["per_case"]]
    return report


def test_the_same_seed_gives_the_same_json_and_another_seed_another_sample(
        tmp_path: Path) -> None:
    repo = _many_cases(tmp_path / "repo", 8)
    first = calibrate_json(repo, "--seed", "3", "--limit", "4")
    second = calibrate_json(repo, "--seed", "3", "--limit", "4")
    assert _without_timings(first) == _without_timings(second)
    assert first["run"]["cases_found"] == 8 and first["cases"] == 4
    picked = [case["commit"] for case in first["per_case"]]
    newest = repo.git("log", "--format=%H", "-n", "8").split()
    assert picked == [sha for sha in newest if sha in picked]  # newest first
    others = {tuple(c["commit"] for c in calibrate_json(repo, "--seed", str(seed), "--limit",
                                                        "4")["per_case"]) for seed in (4, 5, 6)}
    assert others - {tuple(picked)}
    unseeded = calibrate_json(repo, "--limit", "4")
    assert [case["commit"] for case in unseeded["per_case"]] == newest[:4]


def _found(repo: Repo) -> list[Case]:
    """Every case of the repository's history, newest first, before any sampling."""
    return read_cases(Git(repo.root), Config(), "HEAD", since=None, until=None, merges=False,
                      limit=None, seed=None).cases


def _drawn(cases: list[Case], limit: int, seed: int) -> list[str]:
    return [case.sha for case in sample_cases(cases, limit, seed)]


def test_a_case_that_drops_out_leaves_every_other_sampled_case_sampled(tmp_path: Path) -> None:
    cases = _found(_many_cases(tmp_path / "repo", 12))
    assert len(cases) == 12
    ranked = sorted(cases, key=lambda case: draw_key(3, case.sha))
    sample = set(_drawn(cases, 4, 3))
    for gone in cases:  # a rule change that makes one commit no case
        rest = [case for case in cases if case is not gone]
        after = _drawn(rest, 4, 3)
        assert after == [case.sha for case in rest if case.sha in after]  # newest first
        assert sample - {gone.sha} <= set(after)
        # an unsampled case leaving changes nothing; a sampled one lets in the next in line
        assert set(after) - sample == ({ranked[4].sha} if gone.sha in sample else set())


def test_added_cases_displace_only_sampled_cases_with_larger_keys(tmp_path: Path) -> None:
    cases = _found(_many_cases(tmp_path / "repo", 12))
    ranked = sorted(cases, key=lambda case: draw_key(3, case.sha))
    first, last = ranked[0], ranked[-1]  # the case every draw of 3 takes, and the one none does
    before = _drawn([case for case in cases if case not in (first, last)], 4, 3)
    after = _drawn(cases, 4, 3)
    assert first.sha in after and last.sha not in after
    # ranked[1:5] was the sample; the newcomer displaced ranked[4] alone, the largest key of it
    assert set(before) - set(after) == {ranked[4].sha}
    assert set(after) == {case.sha for case in ranked[:4]}


def test_the_seeded_draw_is_the_same_for_a_seed_and_differs_between_seeds(
        tmp_path: Path) -> None:
    cases = _found(_many_cases(tmp_path / "repo", 12))
    assert _drawn(cases, 4, 3) == _drawn(list(cases), 4, 3)
    assert len({tuple(_drawn(cases, 4, seed)) for seed in range(10)}) > 1
    assert [case.sha for case in sample_cases(cases, 4, None)] == [c.sha for c in cases[:4]]


def test_an_unreadable_commit_is_reported_and_the_run_goes_on(tmp_path: Path) -> None:
    repo, shas = history(tmp_path / "repo")
    blob = repo.git("rev-parse", f"{shas['miss']}:docs/guide.md").strip()
    (repo.root / ".git" / "objects" / blob[:2] / blob[2:]).unlink()  # as a partial clone lacks it
    result = calibrate(repo, "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert [case["commit"] for case in report["per_case"]] == [shas["hit"]]
    assert report["unreadable_cases"] == [{
        "commit": shas["miss"],
        "reason": f"1 object(s) missing from this clone (first {blob})"}]
    text = calibrate(repo).stdout
    assert f"  {shas['miss'][:12]}: 1 object(s) missing from this clone (first {blob})" in text


def test_docs_paths_suggestions_name_only_globs_that_match_pages_at_the_revision() -> None:
    tree = ["www/docs/a.mdx", "src/x.py", "docs/a.md"]
    outside = {"www/docs/**/*.mdx": 3, "old/docs/**/*.rst": 5, "site/**/*.md": 2}
    proposals = find_proposals([], Config(), tree, outside)
    # a folder the history once had and a rare one are no suggestion (a hidden one is never
    # counted: test_calibrate_skips)
    assert [(p.key, p.values) for p in proposals] == [("docs.paths", ("www/docs/**/*.mdx",))]
    configured = Config(docs=DocsConfig(paths=Globs(("docs/**/*.md", "nowhere/**/*.md"))))
    assert [(p.key, p.values, p.reason.split(":")[0]) for p in
            find_proposals([], configured, tree, {})] == [
        ("docs.paths", ("nowhere/**/*.md",), "remove")]


def test_an_exclude_suggestion_names_only_folders_that_hold_files_at_the_revision() -> None:
    def listed(sha: str, *paths: str) -> CaseResult:
        return CaseResult(Case(sha, "p", 0, (), ("python",), ("docs/guide.md",)), None,
                          tuple((path, (("symbol", "send_request"),)) for path in paths),
                          (), (), (), 0.0)

    results = [listed(str(i), "docs/old/a.md", "docs/kept/a.md") for i in range(3)]
    tree = ["docs/guide.md", "docs/kept/a.md", "src/x.py"]
    found = {p.key: p.values for p in find_proposals(results, Config(), tree, {})}
    # the folder the history removed needs no exclusion; the one still there does
    assert found == {"docs.exclude": ("docs/kept/**",)}


def test_news_fragments_changed_with_code_are_not_pages_outside_the_corpus(
        tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"src/lib.py": LIB, "www/docs/api.mdx": API_PAGE})
    for i in range(3):
        repo.commit({"src/lib.py": LIB.replace("timeout = 1", f"timeout = {i + 2}"),
                     f"changes/{i}.feature.md": f"Timeout {i}.\n",
                     f"www/docs/n{i}.mdx": "# Page\n"}, f"case {i}")
    result = calibrate(repo)
    assert result.exit_code == 2
    assert "www/docs/**/*.mdx (3 commits)" in result.stderr  # pages, not fragments
    assert "changes/" not in result.stderr


def test_no_case_in_range_is_not_judged_with_a_remedy(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"src/lib.py": LIB, "www/docs/api.mdx": API_PAGE})
    for i in range(3):
        repo.commit({"src/lib.py": LIB.replace("timeout = 1", f"timeout = {i + 2}"),
                     "www/docs/api.mdx": API_PAGE + f"\nRevision {i}.\n"}, f"case {i}")
    result = calibrate(repo)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "Error: no calibration case in 4 commit(s) of HEAD: no commit changed both a code file "
        "and a hand-written docs page in scope",
        "  remedy: widen the range (--since/--until, or another REV), or point docs.paths at "
        "the repository's docs with --config FILE; pages changed together with code lie "
        "outside the corpus: www/docs/**/*.mdx (3 commits)"]
    config = tmp_path / "govern.toml"
    config.write_text('[docs]\npaths = ["www/docs/**/*.mdx"]\n')
    assert calibrate_json(repo, "--config", str(config))["cases"] == 3


def test_bad_dates_and_revisions_are_not_judged(tmp_path: Path) -> None:
    repo, _ = history(tmp_path / "repo")
    bad = calibrate(repo, "--since", "last tuesday")
    assert bad.exit_code == 2
    assert bad.stderr.splitlines() == [
        "Error: --since 'last tuesday' is not a date",
        "  remedy: write it as YYYY-MM-DD (or an ISO date-time), e.g. --since 2024-01-31"]
    swapped = calibrate(repo, "--since", "2024-02-01", "--until", "2024-01-01")
    assert swapped.exit_code == 2
    assert swapped.stderr.splitlines()[0] == "Error: --since 2024-02-01 is after --until 2024-01-01"
    unknown = calibrate(repo, "--json", "nope")
    assert unknown.exit_code == 2
    assert json.loads(unknown.stdout)["error"] == (
        "unknown revision 'nope': it does not name a commit in this repository")
    future = calibrate(repo, "--since", "2099-01-01")
    assert future.exit_code == 2 and "no calibration case in 0 commit(s)" in future.stderr
    assert calibrate_json(repo, "--since", "2000-01-01")["cases"] == 2


def _on_a_terminal(repo: Repo, *args: str, env: dict[str, str] | None = None
                   ) -> tuple[subprocess.Popen[bytes], int]:
    """govern calibrate with stderr on a pseudo-terminal: (the process, the terminal's end)."""
    leader, follower = pty.openpty()
    # SIGINT back to its default in the child: a test run started in the background by a
    # shell without job control ignores it, and the child would inherit that.
    proc = subprocess.Popen([sys.executable, "-m", "govern", "calibrate", "--json", *args],
                            cwd=repo.root, stdout=subprocess.PIPE, stderr=follower, env=env,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    os.close(follower)
    return proc, leader


def _drain(leader: int) -> bytes:
    seen = b""
    while select.select([leader], [], [], 60)[0]:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the terminal closed with the process
            break
        if not chunk:
            break
        seen += chunk
    return seen


def test_progress_only_on_a_terminal_and_ctrl_c_reports_what_was_measured(
        tmp_path: Path) -> None:
    repo = _many_cases(tmp_path / "repo", 400)
    quiet = calibrate(repo, "--limit", "2")
    assert quiet.exit_code == 0 and quiet.stderr == ""  # stderr is not a terminal here
    proc, leader = _on_a_terminal(repo, "--limit", "2", "--quiet")
    proc.communicate(timeout=60)
    assert proc.returncode == 0 and b"calibrate:" not in _drain(leader)
    os.close(leader)
    _stopped_mid_run(repo, signal.SIGINT)


def _stopped_mid_run(repo: Repo, stop: signal.Signals, env: dict[str, str] | None = None
                     ) -> None:
    """Calibrate 400 cases, send ``stop`` once progress shows, and check that the cases
    measured so far are reported with exit 130."""
    proc, leader = _on_a_terminal(repo, "--limit", "400", env=env)
    seen = b""
    # The line shows once the run has lasted past govern.core.progress.DELAY.
    while (shown := re.search(rb"\rgovern calibrate: cases (\d+)/400, \d+s", seen)) is None:
        ready, _, _ = select.select([leader], [], [], 60)
        assert ready, seen
        seen += os.read(leader, 4096)
    proc.send_signal(stop)
    out, _ = proc.communicate(timeout=60)
    os.close(leader)
    assert proc.returncode == 130
    report = json.loads(out)
    assert report["interrupted"] is True
    assert int(shown[1]) <= report["cases"] < 400 and report["suggestions"] == []
    assert len(report["per_case"]) == report["cases"]


def test_sigterm_stops_like_ctrl_c_and_leaves_no_scratch_folder(tmp_path: Path) -> None:
    """`timeout`, a cancelled CI job: what was measured is reported, and each replayed
    commit's private index folder is removed, not left in the temporary directory."""
    repo = _many_cases(tmp_path / "repo", 400)
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    _stopped_mid_run(repo, signal.SIGTERM, env={**os.environ, "TMPDIR": str(scratch)})
    assert list(scratch.iterdir()) == []


def test_markdown_report_has_an_inline_chart_and_inert_text(tmp_path: Path) -> None:
    repo, _ = history(tmp_path / "repo")
    out = tmp_path / "report.md"
    result = calibrate(repo, "--out", str(out))
    assert result.exit_code == 0, result.output
    markdown = out.read_text()
    assert markdown.startswith("# govern calibrate\n")
    assert markdown.count("<svg ") == 1 and markdown.count("<circle ") == 2
    assert "| pooled recall | 50% |" in markdown
    assert "a lower bound of what the change affected" in markdown
    assert "pooled recall 50% (1 of 2 reference pages listed)" in result.stdout
    # the headline's lines, as the terminal shows them, are a list: not one run-on paragraph
    html = render(markdown)
    assert html.startswith("<h1>govern calibrate</h1>\n<ul>\n<li>")
    headline = html[:html.index("</ul>")]
    assert re.findall(r"<li>(.*?)</li>", headline) == result.stdout.split("\n\n")[0].splitlines()


RENDER_LIB = "def render(view):\n    width = 1\n    return view, width\n"
RENDER_PAGE = "# {name}\n\n```python\nrender(view)\n```\n"


def _render_history(root: Path, edited: str) -> Repo:
    """Three cases changing ``render``; three legacy pages call it, ``edited`` is changed."""
    pages = {f"docs/legacy/{name}.md": RENDER_PAGE.format(name=name) for name in "abc"}
    repo = make_repo(root, {"src/lib.py": RENDER_LIB, "docs/guide.md": GUIDE_PAGE, **pages})
    for i in range(3):
        repo.commit({"src/lib.py": RENDER_LIB.replace("width = 1", f"width = {i + 2}"),
                     edited: (repo.root / edited).read_text() + f"\nRevision {i}.\n"},
                    f"case {i}")
    return repo


def test_suggestions_name_noisy_words_and_quiet_folders_each_re_measured(
        tmp_path: Path) -> None:
    repo = _render_history(tmp_path / "repo", "docs/guide.md")
    report = calibrate_json(repo)
    assert (report["cases"], report["rows"]["total"], report["hits"]) == (3, 9, 0)
    suggestions = {s["key"]: s for s in report["suggestions"]}
    assert set(suggestions) == {"anchors.generic_names", "docs.exclude"}
    names = suggestions["anchors.generic_names"]
    assert names["values"] == ["render"]
    assert names["reason"] == ("add: each of these words alone listed only pages nobody edited "
                               "(rows: render (9))")
    assert names["before"]["rows_mean"] == 3 and names["after"]["rows_mean"] == 0
    assert names["effect"] == ("pooled recall 0% -> 0%, rows per case 3 -> 0, reference share "
                               "of rows 0% -> n/a")
    exclude = suggestions["docs.exclude"]
    assert exclude["values"] == ["docs/legacy/**"] and exclude["after"]["rows_mean"] == 0
    assert calibrate_json(repo, "--no-suggest")["suggestions"] == []


def test_the_suggestions_phase_reports_its_progress(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    import govern.core.progress as progress

    monkeypatch.setattr(progress, "DELAY", 0.0)  # a tiny history: show it from the start
    monkeypatch.setattr(progress, "LOG_EVERY", 0.0)  # and every step
    repo = _render_history(tmp_path / "repo", "docs/guide.md")
    result = calibrate(repo, "--json")
    assert result.exit_code == 0, result.output
    again = [line for line in result.stderr.splitlines() if "for the suggestions" in line]
    # two proposals, each replaying the three cases
    assert again[-1].startswith("govern calibrate: cases measured again for the suggestions 6/6")
    quiet = calibrate(repo, "--json", "--no-suggest")
    assert "for the suggestions" not in quiet.stderr and "cases 3/3" in quiet.stderr


def test_no_suggestion_when_the_listed_pages_were_the_ones_edited(tmp_path: Path) -> None:
    repo = _render_history(tmp_path / "repo", "docs/legacy/a.md")
    report = calibrate_json(repo)
    assert report["hits"] == 3 and report["rows"]["total"] == 9
    assert report["suggestions"] == []


def test_merges_replays_a_merged_pr_whose_commits_alone_are_not_cases(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"src/lib.py": LIB, "docs/api.md": API_PAGE})
    repo.branch("feature")
    repo.commit({"src/lib.py": LIB.replace("timeout = 1", "timeout = 5")}, "code")
    repo.commit({"docs/api.md": API_PAGE + "\nFive seconds.\n"}, "docs")
    repo.checkout("main")
    repo.git("merge", "-q", "--no-ff", "-m", "merge feature", "feature")
    merge = repo.sha("HEAD")
    assert calibrate(repo).exit_code == 2  # code and docs in separate commits: no case
    report = calibrate_json(repo, "--merges")
    assert [case["commit"] for case in report["per_case"]] == [merge]
    assert report["per_case"][0]["hits"] == ["docs/api.md"]
    code_only = report["per_case"][0]["code_only_commit"]
    assert repo.git("rev-parse", f"{code_only}^").strip() == repo.sha("HEAD^1")


def test_the_code_only_commit_keeps_odd_paths_and_deletions_and_is_the_same_each_run(
        tmp_path: Path) -> None:
    odd = "src/we ird\tname.py"
    repo = make_repo(tmp_path / "repo", {odd: LIB, "src/gone.py": LIB, "docs/api.md": API_PAGE})
    case = repo.commit({odd: LIB.replace("timeout = 1", "timeout = 9"), "src/gone.py": None,
                        "docs/api.md": API_PAGE + "\nNine.\n"}, "case")
    first = calibrate_json(repo)["per_case"]
    assert [c["commit"] for c in first] == [case]
    code_only = first[0]["code_only_commit"]
    changed = repo.git("diff", "--name-status", "-z", f"{code_only}^", code_only).split("\0")
    assert changed[:-1] == ["D", "src/gone.py", "M", odd]
    assert calibrate_json(repo)["per_case"][0]["code_only_commit"] == code_only


def test_a_page_deleted_or_added_with_code_is_not_a_reference_page(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"src/lib.py": LIB, "docs/api.md": API_PAGE,
                                         "docs/old.md": GUIDE_PAGE})
    repo.commit({"src/lib.py": LIB.replace("timeout = 1", "timeout = 2"), "docs/old.md": None,
                 "docs/new.md": GUIDE_PAGE}, "moved")
    assert calibrate(repo).exit_code == 2
    edited = repo.commit({"src/lib.py": LIB.replace("timeout = 1", "timeout = 3"),
                          "docs/new.md": GUIDE_PAGE + "\nEdited.\n"}, "edited")
    assert [c["commit"] for c in calibrate_json(repo)["per_case"]] == [edited]


def test_each_guard_is_charged_the_reference_pages_it_alone_kept_off_the_list(
        tmp_path: Path) -> None:
    lib = ("def render(view):\n    width = 1\n    return view\n\n\n"
           "def config(view):\n    depth = 1\n    return view\n")
    repo = make_repo(tmp_path / "repo", {
        "src/lib.py": lib,
        "docs/prose.md": "# Prose\n\nWe render the view.\n",           # a word, not a call
        "docs/calls.md": "# Calls\n\n```python\nconfig(view)\n```\n",  # a generic name called
        "docs/other.md": "# Other\n\nThey render too.\n"})
    repo.commit({"src/lib.py": lib.replace("width = 1", "width = 2").replace("depth = 1",
                                                                            "depth = 2"),
                 "docs/prose.md": "# Prose\n\nWe render the view twice.\n",
                 "docs/calls.md": "# Calls\n\n```python\nconfig(view, 2)\n```\n"}, "case")
    report = calibrate_json(repo)
    assert report["hits"] == 0 and report["reference_pages"] == 2
    guards = {name: (g["anchors_dropped"], g["reference_pages_removed"])
              for name, g in report["guards"].items()}
    # docs/other.md also says "render" but nobody edited it: it is no cost
    assert guards == {"generic_names": (1, 1), "shape": (1, 1), "corpus_share": (0, 0)}
    dropped = {d["token"]: d for d in report["per_case"][0]["anchors_dropped"]}
    assert dropped["render"]["reference_removed"] == ["docs/prose.md"]
    assert dropped["config"] == {"guard": "generic_names", "kind": "symbol", "token": "config",
                                 "reference_removed": ["docs/calls.md"]}


def test_a_new_api_home_that_names_the_reference_page_is_scored_apart_from_the_rows(
        tmp_path: Path) -> None:
    both = "# API\n\nCall `send_request` or `fetch_items`.\n"
    repo = make_repo(tmp_path / "repo", {
        "src/lib.py": LIB, "docs/api.md": both, "docs/overview.md": "# Overview\n\n" + both,
        "docs/guide.md": "# Guide\n\nCall `send_request`.\n"})
    repo.commit({"src/lib.py": LIB + "\n\ndef stream_items(page):\n    return page\n",
                 "docs/api.md": both + "\nOr `stream_items`.\n",
                 "docs/guide.md": "# Guide\n\nCall `send_request`, page by page.\n"}, "new")
    report = calibrate_json(repo)
    case = report["per_case"][0]
    assert case["rows"] == [] and report["hits"] == 0 and report["pooled_recall"] == 0.0
    # both pages naming two siblings are suggested; only the one the author edited counts,
    # and the guide (one sibling) is neither suggested nor counted
    assert case["new_api_homes"] == ["docs/api.md", "docs/overview.md"]
    assert case["homes_hit"] == ["docs/api.md"]
    assert report["new_api_homes"] == {"pages": 2, "reference_pages": 1, "cases_with_hit": 1,
                                       "recall_with_homes": 0.5}
    text = calibrate(repo).output
    assert "New API homes: 1 reference page(s) no row listed were among the 2 page(s)" in text


def test_stale_rows_the_author_did_not_edit_are_counted_apart(tmp_path: Path) -> None:
    """h3 removed ``toPlainHandler`` while ``3.plain.md`` still showed it: the row was right,
    and scored as noise; the report says how many such rows there were."""
    old = LIB + "\n\ndef plain_handler(app):\n    return app\n"
    repo = make_repo(tmp_path / "repo", {
        "src/lib.py": old, "docs/api.md": "# API\n\nCall `send_request`.\n",
        "docs/plain.md": "# Plain\n\nWrap it with `plain_handler(app)`.\n",
        "docs/edited.md": "# Edited\n\nUse `plain_handler` no more.\n"})
    repo.commit({"src/lib.py": LIB, "docs/edited.md": "# Edited\n\nIt is gone.\n"}, "remove")
    report = calibrate_json(repo)
    case = report["per_case"][0]
    assert {row["path"] for row in case["rows"]} == {"docs/edited.md", "docs/plain.md"}
    assert case["stale_unedited"] == ["docs/plain.md"]  # the edited stale page is a hit
    assert report["stale_rows_unedited"] == 1
    assert ("1 stale row(s) name what a case removed on a page its author did not edit"
            in calibrate(repo).output)
    repo.commit({"docs/plain.md": "# Plain\n\nGone too.\n", "src/lib.py": LIB + "\n"}, "tidy")
    assert "stale row(s)" not in calibrate(repo, "--limit", "1").output
