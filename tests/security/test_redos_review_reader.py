"""Attack: stall the gate with a comment. The review-record reader had adjacent optional-blank
groups that went cubic (``VERDICT: PASS`` + 8,000 spaces + ``x`` took minutes), and any
commenter's text reached it. Every pattern is linear now, lines are capped before matching,
and an untrusted author's comment is never parsed; a property test feeds the reader hostile
64 KB lines and requires it to return well within a generous limit."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from govern.review import MAX_LINE_CHARS, lint_review, read_draft
from tests.fakegithub import FakeGitHub
from tests.fakegithub import fake_github as fake_github
from tests.helpers import review_record
from tests.security.pr import BODY, governed, governed_pr, within

ATTACK = "## Contract review\nVERDICT: PASS" + " " * 8000 + "x"
SIXTY_FOUR_KB = 64 * 1024

# Where each reader pattern starts matching, what it repeats, and what makes it fail at the end.
STARTS = ["", "## Contract review", "## Contract review — round", "## Contract review ·",
          "VERDICT:", "**VERDICT: PASS", "> - **Verdict**: FAIL", "Record written",
          "**Record written**", "Scope:", "**Scope:**", "`Scope`:", "- ", "1. ", "① x",
          "### Derived judgments", "Findings", "**Nits", "Head-sha: `", "Head-sha: ```",
          "Head-sha: 1a2b3c4 (delta over the reviewed head", "must-fix", "- claim TRUE",
          "Implemented-by:", "Reviewed-by: x"]
FILLERS = [" ", "\t", " \t", "*", "**", "`", "-", "—", "·", ".", ":", "a", "TRUE ", "** ", "#",
           "\\"]
ENDS = ["", "x", "`", "*", ")", ".", "TRUE", "\\"]
SECTIONS = ["", "### ① Derived judgments\n\n", "### Findings\n\n", "Nits:\n\n",
            "### ② Semver level\n\n"]


def _hostile(start: str, filler: str, end: str, length: int) -> str:
    return start + filler * ((length - len(start) - len(end)) // len(filler)) + end


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(STARTS), st.sampled_from(FILLERS), st.sampled_from(ENDS),
       st.sampled_from(SECTIONS))
def test_hostile_lines_are_read_in_linear_time(start: str, filler: str, end: str,
                                               section: str) -> None:
    heading = "## Contract review\n\n" + section
    # one 64 KB line (the cap's path), and 64 KB of lines just under the cap (the patterns')
    long_line = heading + _hostile(start, filler, end, SIXTY_FOUR_KB)
    under_cap = heading + "\n".join(
        [_hostile(start, filler, end, MAX_LINE_CHARS)] * (SIXTY_FOUR_KB // MAX_LINE_CHARS))
    # wrapped lines join into one bullet or header value: the item readers see 64 KB too
    wrapped = heading + start + "\n" + "\n".join(
        [_hostile("", filler, end, 1000)] * (SIXTY_FOUR_KB // 1000))
    for text in (long_line, under_cap, wrapped):
        within(partial(lint_review, text, "a" * 40))


def test_the_reported_attack_returns_at_once() -> None:
    draft = within(lambda: read_draft(ATTACK))
    assert draft.review.verdict == ""
    assert (2, f"a line of {len(ATTACK) - 19} characters, over the {MAX_LINE_CHARS} a record "
               f"line may have: not read") in draft.problems
    # under the cap the patterns see it, and refuse it just as fast: the `x` makes it no verdict
    under = "## Contract review\nVERDICT: PASS" + " " * 4000
    assert within(lambda: read_draft(under + "x")).review.verdict == ""
    assert within(lambda: read_draft(under)).review.verdict == "PASS"


def test_an_over_long_record_line_is_a_problem_not_a_match() -> None:
    text = review_record("a" * 40).replace("Scope: the workflow",
                                    "Scope: " + "x" * MAX_LINE_CHARS)
    line = next(i for i, value in enumerate(text.splitlines(), start=1)
                if value.startswith("Scope: "))
    assert (line, f"a line of {MAX_LINE_CHARS + 7} characters, over the {MAX_LINE_CHARS} a "
                  f"record line may have: not read") in read_draft(text).problems
    # the honest record, its lines well under the cap, reads clean
    assert read_draft(review_record("a" * 40)).problems == ()


def test_an_outsiders_stalling_comment_does_not_stall_the_gate(
        tmp_path: Path, fake_github: FakeGitHub) -> None:
    repo, head = governed_pr(tmp_path / "repo",
                             {".github/workflows/ci.yml": "name: ci, changed\n"})
    fake_github.add_pull(5, head, body=BODY)
    for _ in range(5):
        fake_github.add_comment(5, ATTACK, login="outsider", association="NONE")
    code, data = within(lambda: governed(repo))
    assert (code, len(data["details"]["review"]["ignored"])) == (1, 5)
    # the honest case: a maintainer's record among them still passes
    fake_github.add_comment(5, review_record(head))
    assert within(lambda: governed(repo))[0] == 0
