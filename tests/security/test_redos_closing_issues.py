"""Attack: stall a gate with closing keywords. The PR-body closing-issue reader was quadratic on
long runs of blanks after a keyword. The governed gate no longer reads the body for issues
(GitHub's own list of the issues the PR closes is asked), and the closing-keyword patterns the
trailers gate applies to commit messages are linear: hostile 64 KB lines return at once."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from govern.config import GatesConfig
from govern.gates.trailers import Forbidden, check_commit_messages
from tests.fakegithub import FakeGitHub
from tests.fakegithub import fake_github as fake_github
from tests.helpers import review_record
from tests.security.pr import BODY, governed, governed_pr, within

SIXTY_FOUR_KB = 64 * 1024
DEFAULTS = Forbidden.of(GatesConfig().trailer_forbidden, GatesConfig().model_families)
KEYWORDS = ["fixes", "Fixes:", "closes ", "resolve\t", "part of", "refs", "claude", "gpt-",
            "o3", "Opus", "https://", "fixes https://x/", "fixes owner/"]
FILLERS = [" ", "\t", ":", "#", "/", "-", ".", "a", "1", "fix ", "claude-", "o3 ", "a/"]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(KEYWORDS), st.sampled_from(FILLERS), st.sampled_from(["", "x", "#"]))
def test_hostile_commit_lines_are_judged_in_linear_time(keyword: str, filler: str,
                                                        end: str) -> None:
    line = keyword + filler * ((SIXTY_FOUR_KB - len(keyword)) // len(filler)) + end
    within(lambda: check_commit_messages([("a" * 40, f"subject\n\n{line}\n")], DEFAULTS))


def test_a_blank_run_after_a_keyword_is_refused_or_passed_at_once() -> None:
    spaced = "Fixes" + " " * SIXTY_FOUR_KB
    assert within(lambda: check_commit_messages([("a" * 40, spaced + "x")], DEFAULTS)) == ()
    assert len(within(lambda: check_commit_messages([("a" * 40, spaced + "#12")],
                                                    DEFAULTS))) == 1


def test_a_hostile_body_does_not_reach_the_governed_gate(tmp_path: Path,
                                                         fake_github: FakeGitHub) -> None:
    repo, head = governed_pr(tmp_path / "repo",
                             {".github/workflows/ci.yml": "name: ci, changed\n"})
    hostile = ("Fixes" + " " * 30_000 + ":") * 2
    fake_github.add_pull(5, head, body=hostile + "\nFixes #9\n" + BODY)
    fake_github.add_comment(9, review_record(head))
    code, data = within(lambda: governed(repo))
    assert (code, data["details"]["review"]["state"]) == (0, "found")
