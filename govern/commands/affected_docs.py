"""``govern affected-docs``: which hand-written docs pages name what a diff touched."""

from __future__ import annotations

import os
from typing import Any

import click

from govern.affected import (
    SCHEMA_VERSION,
    AffectedDocs,
    apply_guards,
    build_rows,
    is_code_shaped,
    is_generic,
    merge_sides,
    package_mentions,
    removed_tokens,
    summarize,
)
from govern.anchors.extract import Candidate, Side, anchor_changes
from govern.bridge import (
    BridgeResult,
    all_routes,
    bridge,
    bridge_health,
    is_constant,
)
from govern.cli import config_option, json_option, load_config_at, open_git, print_json
from govern.config import Config
from govern.diff import build_changes
from govern.docs.index import DocsIndex
from govern.event import default_base, read_event
from govern.gitio import Git, TreeEntry
from govern.packages import manifest_name, package_dirs
from govern.scans import read_bridge_scans, read_docs_index

NOT_MEASURED = {"measured": False,
                "reason": "no bridgeable symbol or route literal changed, so the route bridge "
                          "did not run"}


def compute(git: Git, config: Config, head_ref: str, base_ref: str | None) -> AffectedDocs:
    head = git.resolve_commit(head_ref)
    computed_on = {"head_parents": git.parents(head), "dirty": git.is_dirty()}
    entries = git.ls_tree(head)
    index = read_docs_index(git, entries, config)
    unreadable = [{"path": path, "reason": reason} for path, reason in index.unreadable]
    if base_ref is None:
        return _all_pages(index, head, computed_on, unreadable)
    base = git.resolve_commit(base_ref)
    merge_bases = git.merge_bases(base, head)
    merge_base = merge_bases[0]
    changes = build_changes(git.changed_files(merge_base, head), git.hunks(merge_base, head))
    manifests = package_dirs((entry.path for entry in entries), config.code.package_manifests)
    change_set = anchor_changes(
        changes,
        base=Side("base", lambda path: git.blobs.read(f"{merge_base}:{path}")),
        head=Side("head", lambda path: git.blobs.read(f"{head}:{path}")),
        package_dirs=manifests,
        config=config,
    )
    packages = [(d, _package_name(git, head, d, config)) for d in change_set.packages]
    bridged = _bridge(git, head, entries, config, change_set.candidates)
    guarded = apply_guards(merge_sides(change_set.candidates + bridged.candidates), index,
                           config.anchors)
    rows = build_rows(guarded, index, removed_tokens(change_set))
    summary = summarize(len(packages), len(guarded.admitted), rows, len(change_set.anchorless))
    if len(merge_bases) > 1:
        summary += (f" ({len(merge_bases)} merge bases: the diff is from the first, "
                    f"{merge_base[:12]}.)")
    return AffectedDocs(
        summary=summary,
        base=base_ref,
        head=head,
        merge_base=merge_base,
        computed_on=computed_on,
        changed_packages=[{"dir": d or ".", "name": name} for d, name in packages],
        anchors=guarded.admitted,
        docs=rows,
        anchorless_changes=change_set.anchorless,
        parse_errors=change_set.parse_errors,
        unreadable_pages=unreadable,
        weak_anchors_dropped=guarded.weak,
        overbroad_anchors=guarded.overbroad,
        cross_cutting_symbols=bridged.cross_cutting,
        package_mention_docs=package_mentions(index, packages),
        bridge_coverage=bridged.coverage,
        broken_scans=bridged.broken,
        skipped=change_set.skipped,
    )


def _bridge(git: Git, head: str, entries: list[TreeEntry], config: Config,
            candidates: list[Candidate]) -> BridgeResult:
    """Run the route bridge only when something could cross it (DESIGN §4.5): otherwise its
    coverage is "not measured", never a fabricated zero."""
    if not any(c.kind == "route" or (c.declaration is not None and c.declaration.bridgeable
                                     and not is_constant(c.declaration.name))
               for c in candidates):
        return BridgeResult(coverage=NOT_MEASURED)
    return bridge(candidates, read_bridge_scans(git, head, entries, config),
                  config.anchors.max_routes_per_symbol, is_code_shaped,
                  lambda name: is_generic(name, config.anchors.generic_names))


def _package_name(git: Git, head: str, package_dir: str, config: Config) -> str | None:
    for manifest in config.code.package_manifests:
        text = git.read_text(head, f"{package_dir}/{manifest}" if package_dir else manifest)
        if text is not None:
            name, _private = manifest_name(manifest, text)
            if name:
                return name
    return None


def _all_pages(index: DocsIndex, head: str, computed_on: dict,
               unreadable: list[dict[str, str]]) -> AffectedDocs:
    from govern.affected import Row

    rows = [Row(page.path, page.release_owned, False, ()) for page in index.pages]
    return AffectedDocs(
        summary=f"{len(rows)} docs page(s) in the corpus at {head[:12]}.",
        base=None, head=head, merge_base=None, computed_on=computed_on,
        changed_packages=[], anchors=[], docs=rows, unreadable_pages=unreadable,
        bridge_coverage=NOT_MEASURED,
        skipped={"test_files": 0, "script_files": 0, "dev_only_manifests": 0, "oversized": 0},
    )


def compute_coverage(git: Git, config: Config, head_ref: str) -> dict[str, Any]:
    """The repo-wide bridge health at ``head_ref`` (``--bridge-coverage``)."""
    head = git.resolve_commit(head_ref)
    scans = read_bridge_scans(git, head, git.ls_tree(head), config)
    health = bridge_health(scans)
    return {"schema_version": SCHEMA_VERSION, "head": head,
            "routes": len(all_routes(scans)), "registrar_files": len(scans.registrars),
            "bridge_coverage": health.coverage, "broken_scans": list(health.broken)}


def _print_coverage(report: dict[str, Any]) -> None:
    cov = report["bridge_coverage"]
    click.echo(f"{report['routes']} route(s) in {report['registrar_files']} registrar file(s); "
               f"{cov['ledger_rows']} ledger row(s), {cov['client_bound_rows']} bound to a "
               f"client, {cov['reachable']} reachable.")
    for row in cov["unreachable"]:
        click.echo(f"unreachable: {row['route']} -> {row['client']} ({row['ledger']})")
    for broken in report["broken_scans"]:
        click.echo(f"broken scan: {broken}")


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
            report = compute_coverage(git, config, head_ref)
        else:
            if not all_pages and base_ref is None:
                base_ref = default_base(git, read_event(os.environ), os.environ,
                                        "govern affected-docs")
            result = compute(git, config, head_ref, None if all_pages else base_ref)
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
    for row in result.docs:
        click.echo(row.path)
