"""``govern check <gate>``: the gates of docs/how-to/gates.md. Exit 0 clean, 1 a finding, 2 not
judged.

Each subcommand reads what its gate needs (git at the merge base and the head, the PR's body,
labels and actor), runs the pure gate and reports through one path: text or JSON on stdout,
and under GitHub Actions annotations, the step summary and outputs. The configuration is read
at the merge base, so a PR cannot loosen the rules that judge it.
"""

from __future__ import annotations

import os
import shlex
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from govern.commands.shared import (
    config_option,
    echo_warning,
    ensure_writable,
    json_option,
    load_config_at,
    open_git,
    print_json,
    read_named_text,
    settings,
    write_named_file,
)
from govern.config import Config
from govern.core.errors import named_file
from govern.core.findings import Finding, GateResult
from govern.gates.changeset_files import carriers_of, read_base_changesets, read_carried
from govern.gates.changesets import (
    PRE_STATE,
    ChangesetState,
    body_declares_narrowing,
    check_changesets,
    is_pre_mode,
)
from govern.gates.declarations import PROTOCOL, check_declarations, declared_value
from govern.gates.governed import check_governed, find_governed_paths
from govern.gates.pull_request import PullRequestInput, read_pull_request, require_body
from govern.gates.release_owned import check_release_owned
from govern.gates.review_record import read_review
from govern.gates.size import check_size, count_size
from govern.gates.size_lines import read_line_counts
from govern.gates.touched_packages import read_touched_packages
from govern.gates.trailer_ranges import read_trailer_ranges
from govern.gates.trailers import Forbidden, check_commit_messages, check_message_file
from govern.git.gitio import Git
from govern.github import workflow_output

F = TypeVar("F", bound=Callable[..., Any])


def _stack(func: F, decorators: list[Callable[[Any], Any]]) -> F:
    for decorator in reversed(decorators):
        func = decorator(func)
    return func


# Each gate takes only the options it reads (issue 13): an option a gate would ignore is a
# usage error, not a silent no-op.

def commit_options(func: F) -> F:
    """BASE and --head, with --json, --config and the context: every gate's."""
    return _stack(func, [
        click.argument("base", required=False),
        click.option("--head", default="HEAD", show_default=True, help="The PR's head revision."),
        json_option,
        config_option,
        click.pass_context,
    ])


def pr_number_options(func: F) -> F:
    """--pr and --repo: for the gates that read the PR on GitHub."""
    return _stack(func, [
        click.option("--pr", type=int, help="The PR number (default: the event payload's)."),
        click.option("--repo", help="OWNER/NAME (default: the event payload's)."),
    ])


body_option = click.option(
    "--body-file", type=click.Path(path_type=Path, dir_okay=False, exists=True, allow_dash=True),
    help="The PR body, from a file (`-` for stdin).")
labels_option = click.option("--label", "labels", multiple=True,
                             help="A PR label (repeatable); replaces the payload's labels.")
actor_option = click.option("--actor", help="The PR author's login (default: the payload's).")


# -- reporting -------------------------------------------------------------------------------

def _text(finding: Finding) -> str:
    """A finding for a terminal; a file carrier leads as ``path:line:`` so editors jump to it."""
    where = ""
    if finding.file:
        where = f"{finding.file}:{finding.line}: " if finding.line else f"{finding.file}: "
    return (f"{workflow_output.inert_line(where + finding.message)}\n"
            f"  remedy: {workflow_output.inert_line(finding.remedy)}")


def report(ctx: click.Context, result: GateResult, extra: dict[str, Any] | None = None) -> None:
    """Print the result, write the GitHub step summary and outputs, exit 1 on a finding."""
    in_actions = os.environ.get("GITHUB_ACTIONS") == "true"
    if settings(ctx).json:
        print_json({**result.to_json(), **(extra or {})})
    else:
        for finding in result.findings:
            click.echo(_text(finding))
            if in_actions:
                click.echo(workflow_output.render_finding(finding))
        verdict = "passed" if result.passed else f"{len(result.findings)} finding(s)"
        click.echo(f"govern check {result.gate}: {verdict}", err=True)
    if in_actions:
        workflow_output.append_to_file(os.environ, workflow_output.STEP_SUMMARY,
                                   workflow_output.render_summary(result))
        workflow_output.append_to_file(os.environ, workflow_output.OUTPUT,
                                   workflow_output.render_output("findings",
                                                             str(len(result.findings))))
    if not result.passed:
        ctx.exit(1)


def render_enable_hint(gate: str) -> str:
    """The exact govern.toml lines that turn ``gate`` on (docs/how-to/gates.md#presets)."""
    preset = "changesets" if gate == "changesets" else "contract"
    return f'[gates] enable = ["{gate}"] (or [gates] preset = "{preset}") in govern.toml'


def skip_disabled(ctx: click.Context, gate: str, configs: list[Config]) -> bool:
    """Report ``gate`` as disabled when no configuration enables it (exit 0) and say so;
    with several configurations (BASE's tip and the merge base) one enabling it is enough,
    the stricter winning."""
    if any(config.gates.enabled(gate) for config in configs):
        return False
    gates = configs[-1].gates
    why = ("disabled by gates.disable" if gate in gates.disable
           else f'not in the "{gates.preset}" preset')
    hint = render_enable_hint(gate)
    if settings(ctx).json:
        print_json({"judged": True, "gate": gate, "enabled": False, "passed": True,
                    "findings": [], "preset": gates.preset, "reason": why, "enable": hint})
    else:
        click.echo(f"govern check {gate}: disabled ({why}); enable it with {hint}", err=True)
    return True


def _pr_json(pr: PullRequestInput) -> dict[str, Any]:
    return {"base": pr.base, "head": pr.head, "merge_base": pr.merge_base}


# -- the group and its gates -------------------------------------------------------------------

@click.group()
def check() -> None:
    """Gates on a pull request: exit 0 clean, 1 a finding (each with its remedy), 2 not judged.

    The configuration is read at the merge base of BASE and --head.
    """


def _open(ctx: click.Context, gate: str,
          options: dict[str, Any]) -> tuple[Git, PullRequestInput, Config]:
    """The repository, the PR and the merge base's configuration; exit 0 when that
    configuration disables ``gate``."""
    git = open_git(ctx)
    pr = read_pull_request(git, options, os.environ, sys.stdin)
    config = load_config_at(ctx, git, pr.merge_base)
    if skip_disabled(ctx, gate, [config]):
        ctx.exit(0)
    return git, pr, config


@check.command()
@commit_options
@pr_number_options
@body_option
def declarations(ctx: click.Context, **options: Any) -> None:
    """The PR body and each changeset it adds, edits or renames declare every key of
    `declarations.required` once, well-formed and equal; a Metadata-protocol change owes a
    `Skills-docs:` line in the body."""
    git, pr, config = _open(ctx, "declarations", options)
    body = require_body(pr)
    carriers = carriers_of(body, read_carried(git, git.changed_files(pr.merge_base, pr.head)))
    findings = check_declarations(carriers, config.declarations.required,
                                  config.declarations.levels)
    report(ctx, GateResult("declarations", findings,
                           {"carriers": [c.name for c in carriers]}), _pr_json(pr))


@check.command()
@commit_options
@pr_number_options
@body_option
@labels_option
def changesets(ctx: click.Context, **options: Any) -> None:
    """Changesets parse; an added one releases something; touched published packages have
    one (unless labelled); levels meet the declared protocol; no new major; breaking
    changes are spelled out."""
    git, pr, config = _open(ctx, "changesets", options)
    changes = git.changed_files(pr.merge_base, pr.head)
    carried = read_carried(git, changes)
    protocol = declared_value(carriers_of(pr.body or "", carried), PROTOCOL,
                              config.declarations.levels)
    state = ChangesetState(
        carried=carried,
        base_changesets=read_base_changesets(git, pr.merge_base),
        touched=read_touched_packages(git, pr, changes, config),
        labels=pr.labels,
        pre_mode=is_pre_mode(git.read_text(pr.merge_base, PRE_STATE)),
        protocol=protocol.value if protocol else None,
        body_narrowing=body_declares_narrowing(pr.body or ""),
    )
    findings = check_changesets(state, config.declarations)
    report(ctx, GateResult("changesets", findings, {
        "changesets": [c.path for c in carried],
        "packages": [p.name for p in state.touched],
        "labels": sorted(pr.labels),
        "pre_mode": state.pre_mode,
    }), _pr_json(pr))


@check.command("release-owned")
@commit_options
@pr_number_options
@labels_option
@actor_option
def release_owned(ctx: click.Context, **options: Any) -> None:
    """No release-owned page is added, edited, renamed or deleted, unless a release label or
    actor allows it."""
    git, pr, config = _open(ctx, "release-owned", options)
    findings = check_release_owned(git.changed_files(pr.merge_base, pr.head), config,
                                   pr.labels, pr.actor)
    report(ctx, GateResult("release-owned", findings,
                           {"labels": sorted(pr.labels), "actor": pr.actor}), _pr_json(pr))


@check.command()
@commit_options
def size(ctx: click.Context, **options: Any) -> None:
    """Additions + deletions (minus `gates.size_ignore`) at most `gates.human_merge_lines`."""
    git, pr, config = _open(ctx, "size", options)
    count = count_size(read_line_counts(git, pr.merge_base, pr.head), config.gates)
    findings = check_size(count, config.gates)
    report(ctx, GateResult("size", findings, {
        "lines": count.lines, "files": count.files, "ignored_files": count.ignored_files,
        "limit": config.gates.human_merge_lines}), _pr_json(pr))


@check.command()
@commit_options
@pr_number_options
def governed(ctx: click.Context, **options: Any) -> None:
    """A PR touching `gates.governed` paths needs a signed contract-review record on the head
    it judges, by a reviewer docs/how-to/who-can-satisfy-a-gate.md trusts.

    Which paths are governed, and who may review, is read from both BASE's tip and the merge
    base, the stricter of the two winning: a PR branched from an old commit does not escape
    rules added since (issue 13). Where BASE and the head have several merge bases, the paths
    the head changes from any of them count: against one alone, a head that merged an old
    commit of BASE could undo a governed change BASE merged since, unseen.
    """
    git = open_git(ctx)
    pr = read_pull_request(git, options, os.environ, sys.stdin)
    configs = [load_config_at(ctx, git, pr.base),
               *(load_config_at(ctx, git, merge_base) for merge_base in pr.merge_bases)]
    if skip_disabled(ctx, "governed", configs):
        return
    changes = [change for merge_base in pr.merge_bases
               for change in git.changed_files(merge_base, pr.head)]
    paths = find_governed_paths(changes, [config.gates.governed for config in configs])
    located = (read_review(pr, [config.review for config in configs], os.environ)
               if paths else None)
    findings = check_governed(paths, located, pr.number)
    report(ctx, GateResult("governed", findings, {
        "paths": paths, "review": located.to_json() if located else None}), _pr_json(pr))


@check.command()
@click.option("--range", "rev_range", metavar="A..B", help="The commits to read.")
@click.option("--message-file", type=click.Path(path_type=Path, dir_okay=False, exists=True),
              help="commit-msg stage: judge this one message file.")
@commit_options
def trailers(ctx: click.Context, rev_range: str | None, message_file: Path | None,
             **options: Any) -> None:
    """Commit messages carry no `gates.trailer_forbidden` match (card relations belong in the
    PR body) and name no model of `gates.model_families`.

    The range: --range A..B, else pre-commit's PRE_COMMIT_FROM_REF/PRE_COMMIT_TO_REF, else
    BASE (merge base with --head), else git's pre-push lines on stdin, else the default BASE.
    """
    git = open_git(ctx)
    if message_file is not None:
        # the commit being written has no merge base yet: the committed HEAD's rules (an
        # unborn branch reads as no file, so the defaults)
        config = load_config_at(ctx, git, "HEAD")
        if skip_disabled(ctx, "trailers", [config]):
            return
        with named_file(message_file, "--message-file"):
            data = message_file.read_bytes()
        text = data.decode("utf-8", "replace")
        findings = check_message_file(str(message_file), text, _forbidden(config))
        report(ctx, GateResult("trailers", findings, {"message_file": str(message_file)}))
        return
    ranges = read_trailer_ranges(git, options["base"], options["head"], _split_range(rev_range),
                                 os.environ, sys.stdin)
    first_since, first_until = ranges[0] if ranges else (None, "HEAD")
    config = load_config_at(ctx, git, first_since or first_until)
    if skip_disabled(ctx, "trailers", [config]):
        return
    messages = [message for since, until in ranges
                for message in git.commit_messages(since, until)]
    findings = check_commit_messages(messages, _forbidden(config))
    report(ctx, GateResult("trailers", findings, {
        "ranges": [f"{since}..{until}" if since else until for since, until in ranges],
        "commits": len(messages)}))


def _forbidden(config: Config) -> Forbidden:
    return Forbidden.of(config.gates.trailer_forbidden, config.gates.model_families)


def _split_range(rev_range: str | None) -> tuple[str, str] | None:
    """``--range A..B`` as ``(A, B)``; a usage error when it is not of that shape."""
    if rev_range is None:
        return None
    since, dots, until = rev_range.partition("..")
    if not dots or not since or not until or until.startswith("."):
        raise click.UsageError(f"--range must be A..B, got {rev_range!r}")
    return since, until


def _read_baseline(path: Path) -> Counter[tuple[str, str, str]]:
    """The findings ``--baseline`` records; a path that names no baseline is not judged: read
    as "nothing recorded", a mistyped path would fail every old finding without saying why."""
    from govern.docsrefs.baseline import parse_baseline

    record = (f"or record it first with `govern check docs-refs --all --update-baseline "
              f"--baseline {shlex.quote(str(path))}`")
    return parse_baseline(read_named_text(path, "--baseline", also=record), str(path))


@check.command("docs-refs")
@click.argument("base", required=False)
@click.option("--head", default="HEAD", show_default=True, help="The revision whose docs are read.")
@click.option("--all", "audit_all", is_flag=True,
              help="Audit every page at --head, not only what the change since BASE introduced.")
@click.option("--baseline", type=click.Path(path_type=Path),
              help="Findings recorded in this file do not fail (new ones do).")
@click.option("--update-baseline", is_flag=True,
              help="Write today's findings to --baseline and exit 0.")
@click.option("--format", "output_format", default="text", show_default=True,
              type=click.Choice(["text", "json", "github", "sarif"]),
              help="text (path:line:col), json, github (annotations) or sarif (code scanning).")
@json_option
@config_option
@click.pass_context
def docs_refs(ctx: click.Context, base: str | None, head: str, audit_all: bool,
              baseline: Path | None, update_baseline: bool, output_format: str,
              as_json: bool) -> None:
    """Docs lines that name code that does not exist: Sphinx roles, autodoc and mkdocstrings
    targets, qualified names in code, imports in fences, invocations of the repository's own
    programs. Exit 1 on a finding (in diff mode: one this change introduced), 0 clean.
    """
    from govern.docsrefs import baseline as recorded
    from govern.docsrefs import render
    from govern.docsrefs.run import read_docs_refs
    from govern.github.event import default_base, read_event

    if update_baseline and baseline is None:
        raise click.UsageError("--update-baseline needs --baseline FILE to write")
    # The baseline is read, or its path tried for writing, before the audit: a wrong path is
    # told at once, not after every page was read.
    known = None
    if baseline is not None and update_baseline:
        ensure_writable(baseline, "--baseline")
    elif baseline is not None:
        known = _read_baseline(baseline)
    git = open_git(ctx)
    try:
        if not audit_all and base is None:
            base = default_base(git, read_event(os.environ), os.environ,
                                "govern check docs-refs BASE")
        judged_at = head if audit_all or base is None else git.merge_bases(
            git.resolve_commit(base), git.resolve_commit(head))[0]
        config = load_config_at(ctx, git, judged_at)
        if skip_disabled(ctx, "docs-refs", [config]):
            return
        result = read_docs_refs(git, config, head, None if audit_all else base)
    finally:
        git.close()
    findings = result.findings
    if update_baseline and baseline is not None:
        write_named_file(baseline, recorded.render_baseline(findings), "--baseline")
        click.echo(f"govern check docs-refs: {len(findings)} finding(s) recorded in {baseline}",
                   err=True)
        return
    recorded_too = 0
    if known is not None:
        findings = recorded.new_findings(findings, known)
        recorded_too = len(result.findings) - len(findings)
    if not result.pages:  # judged nothing: never a silent pass
        echo_warning(render.render_no_pages(config.docs.paths.patterns,
                                            result.corpus_suggestion),
                     stdout_is_output=output_format != "text" or settings(ctx).json)
    if settings(ctx).json or output_format == "json":
        print_json({**result.to_json(), "findings": [f.to_json() for f in findings]})
    elif output_format == "sarif":
        click.echo(render.render_sarif(findings), nl=False)
    else:
        click.echo((render.render_github if output_format == "github" else render.render_text)(
            findings), nl=False)
        click.echo(render.render_summary(result.tally, result.pages), err=True)
        if known is not None:  # the summary counts every finding; the baseline lets some pass
            click.echo(f"govern check docs-refs: {recorded_too} of {len(result.findings)} "
                       f"finding(s) recorded in {baseline}, which do not fail", err=True)
    if findings:
        ctx.exit(1)
