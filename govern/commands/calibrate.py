"""``govern calibrate``: measure affected-docs on the repository's own history
(docs/how-to/calibrate.md)."""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from pathlib import Path
from typing import Any

import click

from govern.calibrate.cases import SKIP_REASONS, Selection, read_cases
from govern.calibrate.measure import CaseResult, find_measurement, read_case_result
from govern.calibrate.report import (
    build_report,
    outside_corpus,
    outside_listing,
    render_markdown,
    render_text,
)
from govern.calibrate.suggest import find_proposals, find_suggestions
from govern.commands.shared import (
    config_option,
    ensure_writable,
    json_option,
    load_config_at,
    open_git,
    print_json,
    quiet_option,
    reporter,
    write_named_file,
)
from govern.core.errors import NotJudged
from govern.drift.scans import RunMemos


def _date(value: str | None, option: str) -> str | None:
    """An ISO date or date-time, refused otherwise: git reads any text as some date."""
    if value is None:
        return None
    try:
        datetime.fromisoformat(value)
    except ValueError:
        raise NotJudged(f"{option} {value!r} is not a date",
                        remedy=f"write it as YYYY-MM-DD (or an ISO date-time), e.g. "
                               f"{option} 2024-01-31") from None
    return value


def _reasons(skipped: dict[str, int]) -> str:
    """How many commits were no case for each reason: ``2 changed code only in comments or
    spacing``."""
    return ", ".join(f"{n} {SKIP_REASONS[reason]}" for reason, n in skipped.items() if n)


def _no_cases(selection: Selection, outside: dict[str, Any], rev: str) -> NotJudged:
    skipped = _reasons(selection.skipped)
    where = outside_listing(outside, rev)
    remedy = ("widen the range (--since/--until, or another REV), or point docs.paths at the "
              "repository's docs with --config FILE")
    if where:
        remedy += f"; pages changed together with code lie outside the corpus: {where}"
    return NotJudged(f"no calibration case in {selection.commits} commit(s) of {rev}: no commit "
                     "changed both a code file and a hand-written docs page in scope"
                     + (f" ({skipped})" if skipped else ""), remedy=remedy)


@click.command("calibrate")
@json_option
@config_option
@click.option("--since", help="Only commits on or after this date (YYYY-MM-DD).")
@click.option("--until", help="Only commits on or before this date (YYYY-MM-DD).")
@click.option("--limit", type=click.IntRange(min=1), default=200, show_default=True,
              help="Measure at most this many cases.")
@click.option("--seed", type=int, default=None,
              help="Sample --limit cases with this seed (default: the newest).")
@click.option("--merges", is_flag=True,
              help="Replay merged PRs (first-parent merges) instead of non-merge commits.")
@click.option("--out", "out_path", type=click.Path(path_type=Path),
              help="Also write a markdown report with a chart to this file.")
@quiet_option
@click.option("--no-suggest", "no_suggest", is_flag=True,
              help="Skip the configuration suggestions (each re-measures the cases).")
@click.argument("rev", default="HEAD", metavar="[REV]")
@click.pass_context
def calibrate(ctx: click.Context, as_json: bool, since: str | None, until: str | None,
              limit: int, seed: int | None, merges: bool, out_path: Path | None,
              no_suggest: bool, rev: str) -> None:
    """Replay REV's history: for each commit that changed code and a docs page, run
    affected-docs on its code alone and score the rows against the pages really changed.

    Exit 0 when cases were measured, 2 when none could be (no case in range, bad date or
    revision) or --out cannot be written, 130 when interrupted (the cases measured so far are
    reported).
    """
    since, until = _date(since, "--since"), _date(until, "--until")
    if since and until and since > until:
        raise NotJudged(f"--since {since} is after --until {until}",
                        remedy="swap them, or widen the range")
    if out_path is not None:  # refused now, not after a replay of many minutes
        ensure_writable(out_path, "--out")
    git = open_git(ctx)
    results: list[CaseResult] = []
    replay_skips: Counter[str] = Counter()  # sampled cases the replay found no case
    interrupted = False
    try:
        head = git.resolve_commit(rev)
        config = load_config_at(ctx, git, head)
        selection = read_cases(git, config, head, since=since, until=until, merges=merges,
                               limit=limit, seed=seed)
        tree_paths = [entry.path for entry in git.ls_tree(head)]
        outside = outside_corpus(selection, tree_paths)
        if not selection.cases:
            raise _no_cases(selection, outside, rev)
        memos = RunMemos(git)
        suggestions: list[dict[str, Any]] = []
        with reporter(ctx, "govern calibrate") as progress:
            try:
                for done, case in enumerate(selection.cases, 1):
                    result = read_case_result(git, config, case, memos)
                    if result.skip is None:
                        results.append(result)
                    else:
                        replay_skips[result.skip] += 1
                    progress.step("cases", done, len(selection.cases))
            except KeyboardInterrupt:
                interrupted = True
            if not results and not interrupted:  # every case sampled was no case once replayed
                raise NotJudged(f"no case measured: each of the {len(selection.cases)} case(s) "
                                f"sampled was no case once replayed ({_reasons(replay_skips)})",
                                remedy="widen the range (--since/--until, or another REV), or "
                                       "raise --limit when more cases were found than sampled")
            if not interrupted and not no_suggest:
                proposals = find_proposals(results, config, tree_paths,
                                           selection.outside_corpus)
                try:
                    suggestions = find_suggestions(
                        results, proposals,
                        lambda r, changed: read_case_result(git, changed, r.case, memos,
                                                            r.code_only),
                        progress.step)
                except KeyboardInterrupt:
                    interrupted = True
        memos.save()
    finally:
        git.close()
    run = {"rev": rev, "head": head, "since": since, "until": until, "merges": merges,
           "limit": limit, "seed": seed, "config": config.source,
           "max_files": config.calibrate.max_files, "commits_read": selection.commits,
           "cases_found": selection.found, "cases_sampled": len(selection.cases),
           "outside_corpus": outside,
           "skipped": {reason: n + replay_skips[reason]
                       for reason, n in selection.skipped.items()},
           "release_notes_pages": selection.release_notes_pages,
           "credits_pages": selection.credits_pages,
           "toctree_pages": selection.toctree_pages,
           "spelling_pages": selection.spelling_pages,
           "formatting_pages": selection.formatting_pages}
    measurement = find_measurement(results)
    measurement["unreadable_cases"] = selection.unreadable + measurement["unreadable_cases"]
    report = build_report(run, measurement, suggestions, interrupted)
    # The report is printed before --out is written: should the file fail after all (its
    # folder removed during the run, a full disk), the replay's result is still shown.
    if as_json:
        print_json(report)
    else:
        click.echo(render_text(report), nl=False)
    if out_path is not None:
        write_named_file(out_path, render_markdown(report), "--out")
    if interrupted:
        ctx.exit(130)
