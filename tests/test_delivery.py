"""govern.github.delivery's report of a delivery: what each outcome says, and where."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.github.client import Delivery
from govern.github.delivery import Outcome, degrade

URL = "https://github.example/acme/widgets/pull/7#issuecomment-9"


@pytest.mark.parametrize(("outcome", "in_actions", "lines"), [
    (Outcome("overlap", 7, Delivery("created", 9, URL, ())), True,
     [(f"govern: created the overlap comment on #7 {URL}", True)]),
    (Outcome("docs drift", 7, Delivery("updated", 9, URL, (10, 11))), False,
     [(f"govern: updated the docs drift comment on #7 {URL}; removed 2 duplicate(s)", True)]),
    (Outcome("overlap", 7, why="GitHub said 100%\nno", in_summary=True), True,
     [("::warning::the overlap comment was not posted: GitHub said 100%25%0Ano; it is in this "
       "run's step summary", False),
      ("govern: warning: the overlap comment was not posted: GitHub said 100%\\nno; it is in "
       "this run's step summary", True)]),
    (Outcome("overlap", 7, why="refused"), False,
     [("govern: warning: the overlap comment was not posted: refused", True)]),
    # a PR that moved on is left to the newer run: expected, so no warning annotation
    (Outcome("overlap", 7, why="PR #7 is at 444444444444, this run computed 999999999999",
             superseded=True), True,
     [("govern: not posted: PR #7 is at 444444444444, this run computed 999999999999", True)]),
])
def test_lines(outcome: Outcome, in_actions: bool, lines: list[tuple[str, bool]]) -> None:
    assert outcome.lines(in_actions) == lines


def test_degrade_appends_the_body_to_the_step_summary_when_there_is_one(tmp_path: Path
                                                                        ) -> None:
    summary = tmp_path / "summary.md"
    summary.write_text("before\n", encoding="utf-8")
    kept = degrade("overlap", 7, "body\n", "refused", {"GITHUB_STEP_SUMMARY": str(summary)})
    assert (kept.why, kept.in_summary) == ("refused", True)
    assert summary.read_text(encoding="utf-8") == "before\nbody\n"
    assert degrade("overlap", 7, "body\n", "refused", {}).in_summary is False
