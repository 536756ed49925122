"""``govern affected-docs``: which hand-written docs pages name what a diff touched."""

from __future__ import annotations

import os
import sys
from typing import Any

import click

from govern.commands.shared import (
    config_option,
    echo_warning,
    json_option,
    load_config_at,
    open_git,
    print_json,
    quiet_option,
    reporter,
    settings,
    use_color,
)
from govern.config import Config
from govern.core.text import inert_line
from govern.drift.affected import AffectedDocs
from govern.drift.anchors.extract import is_code_file
from govern.drift.report import (
    render_corpus_warning,
    render_github,
    render_paths,
    render_sarif,
    render_text,
    render_uncommitted,
)
from govern.drift.run import read_affected_docs, read_bridge_coverage
from govern.github.event import default_base, read_event


def _print_coverage(report: dict[str, Any]) -> None:
    cov = report["bridge_coverage"]
    click.echo(f"{report['routes']} route(s) in {report['registrar_files']} registrar file(s); "
               f"{cov['ledger_rows']} ledger row(s), {cov['client_bound_rows']} bound to a "
               f"client, {cov['reachable']} reachable.")
    for row in cov["unreachable"]:
        click.echo(inert_line(f"unreachable: {row['route']} -> {row['client']} "
                              f"({row['ledger']})"))
    for broken in report["broken_scans"]:
        click.echo(inert_line(f"broken scan: {broken}"))


FORMATS = ("text", "json", "markdown", "github", "sarif")


def _output_format(ctx: click.Context, chosen: str | None, all_pages: bool,
                   bridge_only: bool) -> str:
    """The format asked for; without one, the report on a terminal and one path a line
    otherwise (``paths``: what scripts read, docs/how-to/shell.md)."""
    if settings(ctx).json:
        if chosen not in (None, "json"):
            raise click.UsageError(f"--json is --format json; it cannot go with --format {chosen}")
        return "json"
    if chosen in ("markdown", "github", "sarif") and (all_pages or bridge_only):
        raise click.UsageError(f"--format {chosen} reports a diff: it takes BASE, not --all or "
                               "--bridge-coverage")
    if chosen is not None:
        return chosen
    return "text" if sys.stdout.isatty() else "paths"


def _print_result(result: AffectedDocs, output_format: str, config: Config) -> None:
    gate = config.gates.enabled("release-owned")
    if output_format == "json":
        print_json(result.to_json())
    elif output_format == "text":
        click.echo(render_text(result, use_color(sys.stdout.isatty(), os.environ), gate),
                   nl=False)
    elif output_format == "markdown":
        from govern.drift.comment import render_drift  # jinja2 only for the comment body

        click.echo(render_drift(result.to_json(), config.comment, release_owned_gate=gate),
                   nl=False)
    elif output_format == "github":
        click.echo(render_github(result, gate), nl=False)
        click.echo(result.summary, err=True)
    elif output_format == "sarif":
        click.echo(render_sarif(result, gate), nl=False)
    else:
        click.echo(result.summary, err=True)
        click.echo(render_paths(result), nl=False)


@click.command("affected-docs")
@json_option
@config_option
@click.option("--head", "head_ref", default="HEAD", show_default=True,
              help="The commit whose changes are read.")
@click.option("--worktree", is_flag=True,
              help="Read the working tree (uncommitted and untracked files) as the head.")
@click.option("--staged", is_flag=True,
              help="Read the index (what is about to be committed) as the head.")
@click.option("--all", "all_pages", is_flag=True, help="List every corpus page (no BASE).")
@click.option("--bridge-coverage", "bridge_only", is_flag=True,
              help="Check the route bridge repo-wide (no BASE): exit 1 on a broken scan.")
@click.option("--format", "chosen_format", type=click.Choice(FORMATS),
              help="text (the report), json, markdown (the Docs Drift Check comment), github "
                   "(annotations on the docs lines) or sarif (code scanning). Default: text "
                   "on a terminal, else one page path a line.")
@quiet_option
@click.argument("base_ref", required=False, metavar="[BASE]")
@click.pass_context
def affected_docs(ctx: click.Context, as_json: bool, head_ref: str, worktree: bool,
                  staged: bool, all_pages: bool, bridge_only: bool, chosen_format: str | None,
                  base_ref: str | None) -> None:
    """List the docs pages that name something changed between BASE and --head.

    The diff is merge-base(BASE, HEAD)..HEAD, read from git objects only; --worktree and
    --staged read uncommitted work as if it were committed on HEAD. Exit 0 when a
    result was produced, 2 when it could not be computed; with --bridge-coverage, 1 when a
    ledger or registrar scan is broken.
    """
    output_format = _output_format(ctx, chosen_format, all_pages, bridge_only)
    if (all_pages or bridge_only) and base_ref:
        raise click.UsageError("--all and --bridge-coverage take no BASE")
    if all_pages and bridge_only:
        raise click.UsageError("--all and --bridge-coverage are separate modes")
    if worktree and staged:
        raise click.UsageError("--worktree already holds what is staged: give one of them")
    snapshot = "worktree" if worktree else "index" if staged else None
    if snapshot is not None and head_ref != "HEAD":
        raise click.UsageError("--worktree and --staged read on top of HEAD: leave --head out")
    git = open_git(ctx)
    try:
        if snapshot is not None:
            head_ref = git.snapshot(git.resolve_commit("HEAD"), snapshot)
        config = load_config_at(ctx, git, git.resolve_commit(head_ref))
        if bridge_only:
            report = read_bridge_coverage(git, config, head_ref)
        else:
            if not all_pages and base_ref is None:
                base_ref = default_base(git, read_event(os.environ), os.environ,
                                        "govern affected-docs")
            with reporter(ctx, "govern affected-docs") as progress:
                result = read_affected_docs(git, config, head_ref,
                                            None if all_pages else base_ref,
                                            progress=progress.step)
            unread = [] if snapshot or all_pages or head_ref != "HEAD" else [
                path for path in git.uncommitted() if is_code_file(path, config)]
    finally:
        git.close()
    if bridge_only:
        if output_format == "json":
            print_json(report)
        else:
            _print_coverage(report)
        ctx.exit(1 if report["broken_scans"] else 0)
    if unread:
        click.echo(render_uncommitted(unread), err=True, nl=False)
    warning = render_corpus_warning(result, config.docs)
    if warning is not None:
        echo_warning(warning, stdout_is_output=output_format != "text")
    _print_result(result, output_format, config)
