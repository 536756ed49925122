"""``govern affected-docs``: which hand-written docs pages name what a diff touched."""

from __future__ import annotations

import os
from typing import Any

import click

from govern.commands.shared import config_option, json_option, load_config_at, open_git, print_json
from govern.core.text import inert_line
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


@click.command("affected-docs")
@json_option
@config_option
@click.option("--head", "head_ref", default="HEAD", show_default=True,
              help="The commit whose changes are read.")
@click.option("--all", "all_pages", is_flag=True, help="List every corpus page (no BASE).")
@click.option("--bridge-coverage", "bridge_only", is_flag=True,
              help="Check the route bridge repo-wide (no BASE): exit 1 on a broken scan.")
@click.argument("base_ref", required=False, metavar="[BASE]")
@click.pass_context
def affected_docs(ctx: click.Context, as_json: bool, head_ref: str, all_pages: bool,
                  bridge_only: bool, base_ref: str | None) -> None:
    """List the docs pages that name something changed between BASE and --head.

    The diff is merge-base(BASE, HEAD)..HEAD, read from git objects only. Exit 0 when a
    result was produced, 2 when it could not be computed; with --bridge-coverage, 1 when a
    ledger or registrar scan is broken.
    """
    if (all_pages or bridge_only) and base_ref:
        raise click.UsageError("--all and --bridge-coverage take no BASE")
    if all_pages and bridge_only:
        raise click.UsageError("--all and --bridge-coverage are separate modes")
    git = open_git(ctx)
    try:
        config = load_config_at(ctx, git, git.resolve_commit(head_ref))
        if bridge_only:
            report = read_bridge_coverage(git, config, head_ref)
        else:
            if not all_pages and base_ref is None:
                base_ref = default_base(git, read_event(os.environ), os.environ,
                                        "govern affected-docs")
            result = read_affected_docs(git, config, head_ref, None if all_pages else base_ref)
    finally:
        git.close()
    if bridge_only:
        if as_json:
            print_json(report)
        else:
            _print_coverage(report)
        ctx.exit(1 if report["broken_scans"] else 0)
    if as_json:
        print_json(result.to_json())
        return
    click.echo(result.summary, err=True)
    for row in result.docs:  # one page a line, whatever its path holds
        click.echo(inert_line(row.path))
