"""``govern review``: render, parse, lint, locate and post contract-review records, and the
check-runs line reviewers quote (docs/how-to/review-records.md). Thin wiring: the work is in
govern.review and govern.github."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import NoReturn

import click

from govern import review as records
from govern.commands.shared import (
    config_option,
    config_path,
    json_option,
    load_config_at,
    open_git,
    print_json,
    read_named_text,
    settings,
)
from govern.config import Config, load_config
from govern.core.errors import GovernError
from govern.github.client import (
    GitHubError,
    GitHubRepo,
    connect,
    credentials_from_env,
    permission,
    review_comments,
)

YAML_SUFFIXES = (".yaml", ".yml", ".json")


def read_file(path: Path) -> str:
    """A record file's text; a file that cannot be read is not judged (exit 2)."""
    return read_named_text(path, "FILE")


def read_model(path: Path) -> records.ContractReview:
    text = read_file(path)
    if path.suffix.lower() in YAML_SUFFIXES:
        return records.parse_review_yaml(text, str(path))
    return records.parse_review(text, str(path))


def refuse(ctx: click.Context, exc: records.RecordError) -> NoReturn:
    """A malformed record is judged (exit 1): with --json say so as JSON, not as not-judged."""
    if settings(ctx).json:
        print_json({"valid": False, "problems": list(exc.problems), "remedy": exc.remedy})
        click.echo(f"govern: {exc.message.splitlines()[0]}", err=True)
        ctx.exit(exc.exit_code)
    raise exc


def print_findings(label: str, findings: list[records.LintFinding]) -> None:
    for finding in findings:
        click.echo(f"{label}:{finding.line}: {finding.message}")
        click.echo(f"  remedy: {finding.remedy}")


def repo_client(repo: str | None) -> GitHubRepo:
    """The repository's client: ``--repo``, else GITHUB_REPOSITORY (set in Actions)."""
    name = repo or os.environ.get("GITHUB_REPOSITORY")
    if not name:
        raise GovernError("no repository named",
                          "pass --repo OWNER/NAME (in Actions GITHUB_REPOSITORY is used)")
    return connect(name, credentials_from_env(os.environ))


def review_config(ctx: click.Context) -> Config:
    """``--config``, else the configuration committed at HEAD of the repository govern runs in,
    else the defaults (a reviewer may run locate outside any checkout)."""
    try:
        git = open_git(ctx)
    except GovernError:
        return load_config(lambda _path: None, config_path(ctx))
    return load_config_at(ctx, git, "HEAD")


repo_option = click.option("--repo", metavar="OWNER/NAME",
                           help="The repository (default: $GITHUB_REPOSITORY).")
record_file = click.argument("file", type=click.Path(path_type=Path, dir_okay=False))
pr_option = click.option("--pr", "number", type=click.IntRange(min=1), required=True,
                         help="The pull request number.")


@click.group()
def review() -> None:
    """Contract-review records: a reviewer's verdict on a PR head, as one comment."""


@review.command()
@record_file
@json_option
@config_option
@click.pass_context
def render(ctx: click.Context, file: Path, as_json: bool) -> None:
    """Render a YAML record as the markdown comment."""
    try:
        markdown = records.render_review(records.parse_review_yaml(read_file(file), str(file)))
    except records.RecordError as exc:
        refuse(ctx, exc)
    if as_json:
        print_json({"markdown": markdown})
    else:
        click.echo(markdown, nl=False)


@review.command()
@record_file
@json_option
@config_option
@click.pass_context
def parse(ctx: click.Context, file: Path, as_json: bool) -> None:
    """Read a markdown record (rendered or hand-written) and print its model as JSON."""
    try:
        model = records.parse_review(read_file(file), str(file))
    except records.RecordError as exc:
        refuse(ctx, exc)
    print_json(model.to_json())


@review.command()
@record_file
@click.option("--head", metavar="SHA", help="The commit the record must be on.")
@json_option
@config_option
@click.pass_context
def lint(ctx: click.Context, file: Path, head: str | None, as_json: bool) -> None:
    """Check a record (markdown, or YAML as it would render) against every rule.

    Exit 0 clean, 1 a finding, 2 the file cannot be read.
    """
    text = read_file(file)
    if file.suffix.lower() in YAML_SUFFIXES:
        try:
            text = records.render_review(records.parse_review_yaml(text, str(file)))
        except records.RecordError as exc:
            refuse(ctx, exc)
    findings = records.lint_review(text, head)
    if as_json:
        print_json({"file": str(file), "head": head, "clean": not findings,
                    "findings": [finding.to_json() for finding in findings]})
    else:
        print_findings(str(file), findings)
    summary = f"{len(findings)} finding(s)" if findings else "clean"
    click.echo(f"govern: {file}: {summary}", err=True)
    ctx.exit(1 if findings else 0)


def emit_unreadable(ctx: click.Context, exc: GitHubError, number: int) -> NoReturn:
    if settings(ctx).json:
        print_json({"judged": False, "state": records.State.UNREADABLE.value, "pr": number,
                    "error": exc.message, "remedy": exc.remedy})
    click.echo(f"govern: unreadable: {exc.format_message()}", err=True)
    ctx.exit(records.State.UNREADABLE.exit_code)


@review.command()
@pr_option
@repo_option
@click.option("--body", "show_body", is_flag=True,
              help="Print the located record's markdown (to pipe into `review lint`).")
@json_option
@config_option
@click.pass_context
def locate(ctx: click.Context, number: int, repo: str | None, show_body: bool,
           as_json: bool) -> None:
    """Find the contract-review record on the PR's current head.

    Reads every comment page of the PR (and of the issues GitHub lists as closed by it), keeps
    records by trusted authors (docs/how-to/who-can-satisfy-a-gate.md) whose Head-sha is the
    full current head, and takes the newest. Exit 0 found, 1 absent or unsigned, 2
    unreadable.
    """
    config = review_config(ctx)
    client = repo_client(repo)
    try:
        pull = client.pull_request(number)
        comments, issues = review_comments(client, number, config.review.closing_issue_thread)
        trust = records.Trust.of(pull.author, [config.review.trusted_authors])
        located = records.locate_review(comments, pull.head_sha, trust,
                                        cache(lambda login: permission(client, login)))
    except GitHubError as exc:
        emit_unreadable(ctx, exc, number)
    if as_json:
        print_json({"pr": number, "threads": [number, *issues], **located.to_json()})
    elif show_body and located.comment is not None:
        click.echo(located.comment.body)
    else:
        click.echo(_located_line(located))
    for note in (*located.problems, *(f"ignored {note}" for note in located.ignored)):
        click.echo(f"govern: {note}", err=True)
    ctx.exit(located.state.exit_code)


def _located_line(located: records.Located) -> str:
    comment, model = located.comment, located.review
    if comment is None or model is None:
        return f"absent: no record by a trusted author on {located.head}"
    return (f"{located.state.value}: {model.verdict or 'no verdict'} on {model.head_sha} by "
            f"{records.quote(comment.login)} at {comment.created_at.isoformat()} "
            f"{comment.html_url}")


@review.command()
@pr_option
@record_file
@repo_option
@json_option
@config_option
@click.pass_context
def post(ctx: click.Context, number: int, file: Path, repo: str | None, as_json: bool) -> None:
    """Render a YAML record, lint it against the PR's current head, and post it.

    Exit 0 posted, 1 a lint finding (nothing posted), 2 GitHub or the file could not be read.
    """
    try:
        markdown = records.render_review(records.parse_review_yaml(read_file(file), str(file)))
    except records.RecordError as exc:
        refuse(ctx, exc)
    client = repo_client(repo)
    head = client.pull_request(number).head_sha
    findings = records.lint_review(markdown, head)
    if findings:
        if as_json:
            print_json({"posted": False, "head": head,
                        "findings": [finding.to_json() for finding in findings]})
        else:
            print_findings(str(file), findings)
        click.echo(f"govern: not posted: {len(findings)} finding(s) against the head {head}",
                   err=True)
        ctx.exit(1)
    comment = client.create_comment(number, markdown)
    if as_json:
        print_json({"posted": True, "head": head, "id": comment.id, "url": comment.html_url})
    else:
        click.echo(comment.html_url)


@review.command()
@click.option("--sha", required=True, help="The commit whose check-runs to count.")
@repo_option
@json_option
@config_option
@click.pass_context
def checks(ctx: click.Context, sha: str, repo: str | None, as_json: bool) -> None:
    """Print the check-runs line of a record, counting every conclusion and status."""
    runs = repo_client(repo).check_runs(sha)
    counts = records.count_check_runs((run.status, run.conclusion) for run in runs)
    at = datetime.now(UTC)
    line = records.render_check_runs_line(sha, counts, at)
    if as_json:
        print_json({"sha": sha, "at": at.isoformat(), "total": len(runs), "counts": counts,
                    "line": line})
    else:
        click.echo(line)
