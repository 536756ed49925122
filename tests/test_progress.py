"""The progress reporter (docs/how-to/shell.md#progress), on a fake clock and a string stream:
a terminal line rewritten in place, a log line at most every LOG_EVERY seconds elsewhere,
nothing before DELAY seconds or under --quiet, events at once."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

import govern.core.progress as progress
from govern.cli import cli
from govern.core.progress import Reporter
from tests.helpers import PY_PKG, pr_repo


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(autouse=True)
def _real_pace(monkeypatch: pytest.MonkeyPatch) -> None:
    """The shipped pace (the suite's conftest makes every run count as fast)."""
    monkeypatch.setattr(progress, "DELAY", 1.5)


def reporter(tty: bool, quiet: bool = False) -> tuple[Reporter, io.StringIO, Clock]:
    stream, clock = io.StringIO(), Clock()
    return Reporter("govern test", quiet=quiet, stream=stream, tty=tty, clock=clock), stream, clock


@pytest.mark.parametrize("tty", [True, False])
def test_work_done_within_the_delay_prints_nothing(tty: bool) -> None:
    shown, stream, clock = reporter(tty)
    for done in range(1, 101):
        clock.now += 0.014  # 100 steps in 1.4 s
        shown.step("pages", done, 100)
    shown.close()
    assert stream.getvalue() == ""


def test_past_the_delay_a_terminal_line_is_rewritten_then_cleared() -> None:
    shown, stream, clock = reporter(tty=True)
    clock.now += 1.5
    shown.step("pages", 10, 100)
    clock.now += 0.05  # within REDRAW_EVERY: not drawn
    shown.step("pages", 11, 100)
    clock.now += 0.1
    shown.step("pages", 9, 10)  # shorter than the line on screen: padded over its tail
    shown.close()
    first = "govern test: pages 10/100, 2s"
    assert stream.getvalue() == (
        f"\r{first}"
        "\rgovern test: pages 9/10, 2s  "
        f"\r{' ' * len(first)}\r")


def test_off_a_terminal_a_log_line_every_five_seconds_at_most() -> None:
    shown, stream, clock = reporter(tty=False)
    for tick in range(1, 141):  # 14 s in steps of 0.1 s
        clock.now = 100 + tick / 10
        shown.step("pairs merged", tick, 140)
    shown.close()
    # at 1.5 s, then 5 s after each line: 6.5 s and 11.5 s; never a carriage return
    assert stream.getvalue().splitlines() == [
        "govern test: pairs merged 15/140, 2s",
        "govern test: pairs merged 65/140, 6s",
        "govern test: pairs merged 115/140, 12s"]
    assert "\r" not in stream.getvalue()


def test_a_total_not_known_shows_the_count_alone() -> None:
    shown, stream, clock = reporter(tty=False)
    clock.now += 2
    shown.step("commits read", 7)
    assert stream.getvalue() == "govern test: commits read 7, 2s\n"


@pytest.mark.parametrize("tty", [True, False])
def test_events_print_at_once_even_in_the_first_second(tty: bool) -> None:
    shown, stream, _ = reporter(tty)
    shown.event("govern: GitHub answered 503; waiting 3 s before attempt 2 of 3")
    assert stream.getvalue() == "govern: GitHub answered 503; waiting 3 s before attempt 2 of 3\n"


def test_an_event_clears_the_terminal_line_which_comes_back_on_the_next_step() -> None:
    shown, stream, clock = reporter(tty=True)
    clock.now += 2
    shown.step("PRs read", 1, 3)
    shown.event("skipped x")
    shown.step("PRs read", 2, 3)  # at once: the line was taken off screen
    line = "govern test: PRs read 1/3, 2s"
    assert stream.getvalue() == (f"\r{line}\r{' ' * len(line)}\rskipped x\n"
                                 "\rgovern test: PRs read 2/3, 2s")


@pytest.mark.parametrize("tty", [True, False])
def test_quiet_hides_progress_and_events_but_not_warnings(tty: bool) -> None:
    shown, stream, clock = reporter(tty, quiet=True)
    clock.now += 60
    shown.step("pages", 1, 2)
    shown.event("govern: waiting 3 s")
    shown.warn("govern overlap: warning: skipped x")
    shown.close()
    assert stream.getvalue() == "govern overlap: warning: skipped x\n"


def test_a_context_manager_clears_the_line_on_the_way_out() -> None:
    stream, clock = io.StringIO(), Clock()
    with Reporter("govern test", stream=stream, tty=True, clock=clock) as shown:
        clock.now += 2
        shown.step("cases", 1, 1)
    assert stream.getvalue().endswith("\r" + " " * len("govern test: cases 1/1, 2s") + "\r")


def test_the_stream_is_stderr_and_a_pipe_is_no_terminal(capsys: pytest.CaptureFixture[str],
                                                        ) -> None:
    shown = Reporter("govern test")
    assert shown.tty is False  # pytest captures stderr into a file, as CI does
    shown.warn("w")
    assert capsys.readouterr().err == "w\n"


def test_a_cold_docs_index_build_reports_its_pages_and_a_warm_one_says_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(progress, "DELAY", 0.0)  # a tiny repository: show it from the start
    docs = {f"docs/page{i}.md": f"Page {i} calls `Engine.spin_up`.\n" for i in range(3)}
    repo = pr_repo(tmp_path, {**PY_PKG, **docs}, {
        "pkg/src/acme/_core.py": PY_PKG["pkg/src/acme/_core.py"].replace("speed = 1",
                                                                         "speed = 2")})

    def affected(*args: str) -> str:
        got = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), *args])
        assert got.exit_code == 0, got.output
        return got.stderr

    assert "docs pages indexed" not in affected("affected-docs", "-q", "main")  # cold, quiet
    shutil.rmtree(repo.root / ".git" / "govern")  # cold again
    # not a terminal: one log line (the next would come LOG_EVERY seconds later), told as
    # each chunk of pages is stored: the three fit one
    cold = affected("affected-docs", "main")
    assert [line for line in cold.splitlines() if "docs pages indexed" in line] == [
        "govern affected-docs: docs pages indexed 3/3, 0s"]
    assert "docs pages indexed" not in affected("affected-docs", "main")  # warm: none scanned
