"""``govern check <gate>``: the gates of DESIGN §6–§7. Exit 0 clean, 1 a finding, 2 not judged.

Each subcommand reads what its gate needs (git at the merge base and the head, the PR's body,
labels and actor), runs the pure gate and reports through one path: text or JSON on stdout,
and under GitHub Actions annotations, the step summary and outputs. The configuration is read
at the merge base, so a PR cannot loosen the rules that judge it.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import click

from govern import annotations
from govern.changesets import (
    PRE_STATE,
    CarriedChangeset,
    Changeset,
    ChangesetState,
    Package,
    body_declares_narrowing,
    check_changesets,
    is_changeset,
    is_pre_mode,
    parse_changeset,
)
from govern.checks.findings import Finding, GateResult
from govern.checks.governed import check_governed, find_governed_paths
from govern.checks.release_owned import check_release_owned
from govern.checks.size import check_size, count_size
from govern.checks.trailers import check_commit_messages, check_message_file
from govern.cli import config_option, json_option, load_config_at, open_git, print_json, settings
from govern.config import Config
from govern.declarations import PROTOCOL, Carrier, check_declarations, declared_value
from govern.errors import NotJudged
from govern.event import default_base, dig, pull_request_of, read_event
from govern.github import PullRequest as LivePull
from govern.gitio import NULL_SHA, Git, RawChange
from govern.packages import manifest_name, package_dirs, package_of
from govern.review import Located, locate_review

F = TypeVar("F", bound=Callable[..., Any])

PR_BODY = "PR body"


@dataclass(frozen=True)
class PullRequestInput:
    """What a gate knows of the PR: its commits and the PR-level text it was given."""

    base: str
    """BASE as given or resolved (a ref name or sha)."""
    head: str
    """The head commit sha."""
    merge_base: str
    body: str | None
    labels: frozenset[str]
    actor: str | None
    number: int | None
    repo: str | None
    live: LivePull | None = None
    """The PR as the API returned it, when it was read live."""


# -- reading the event and the PR ------------------------------------------------------------

def _payload_labels(event: dict[str, Any]) -> frozenset[str]:
    labels = pull_request_of(event).get("labels")
    return frozenset(name for label in (labels if isinstance(labels, list) else [])
                     if isinstance(name := dig(label, "name"), str))


def _read_body_file(body_file: Path) -> str:
    # bytes, decoded leniently: the body is the PR author's text and is judged, not trusted
    data = sys.stdin.buffer.read() if str(body_file) == "-" else body_file.read_bytes()
    return data.decode("utf-8", "replace")


def _payload_body(event: dict[str, Any]) -> str | None:
    pull = pull_request_of(event)
    if "body" not in pull:
        return None
    body = pull["body"]
    return body if isinstance(body, str) else ""


def _live_pull(number: int | None, repo: str | None) -> LivePull | None:
    """The PR as GitHub has it now, when a token is present: a payload is a snapshot, and a
    label added after the event (or a re-run) must count."""
    from govern.github import connect, credentials_from_env

    credentials = credentials_from_env(os.environ)
    if credentials.token is None or number is None or repo is None:
        return None
    return connect(repo, credentials).pull_request(number)


def read_pull_request(git: Git, options: dict[str, Any]) -> PullRequestInput:
    """Resolve the commits and gather body, labels and actor: flags first, then the live
    API (when a token is present), then the event payload."""
    event = read_event(os.environ)
    base = options["base"] or default_base(git, event, os.environ, "govern check <gate>")
    base_sha = git.resolve_commit(base)
    head = git.resolve_commit(options["head"])
    merge_base = git.merge_bases(base_sha, head)[0]
    pull = pull_request_of(event)
    number = options["pr"] if options["pr"] is not None else pull.get("number")
    number = number if isinstance(number, int) else None
    repo = (options["repo"] or dig(event, "repository", "full_name")
            or os.environ.get("GITHUB_REPOSITORY"))
    repo = repo if isinstance(repo, str) else None
    live = _live_pull(number, repo) if not (options["body_file"] and options["labels"]
                                            and options["actor"]) else None
    author = dig(pull, "user", "login")
    if options["body_file"] is not None:
        body: str | None = _read_body_file(options["body_file"])
    else:
        body = live.body if live else _payload_body(event)
    return PullRequestInput(
        base=base, head=head, merge_base=merge_base, body=body,
        labels=frozenset(options["labels"] or (live.labels if live else _payload_labels(event))),
        actor=options["actor"] or (live.author if live else
                                   author if isinstance(author, str) else None),
        number=number, repo=repo, live=live,
    )


def pr_options(func: F) -> F:
    """DESIGN §6.3's options shared by every PR gate."""
    decorators = [
        click.argument("base", required=False),
        click.option("--head", default="HEAD", show_default=True, help="The PR's head revision."),
        click.option("--pr", type=int, help="The PR number (default: the event payload's)."),
        click.option("--repo", help="OWNER/NAME (default: the event payload's)."),
        click.option("--body-file", type=click.Path(path_type=Path, dir_okay=False,
                                                    exists=True, allow_dash=True),
                     help="The PR body, from a file (`-` for stdin)."),
        click.option("--label", "labels", multiple=True,
                     help="A PR label (repeatable); replaces the payload's labels."),
        click.option("--actor", help="The PR author's login (default: the payload's)."),
        json_option,
        config_option,
        click.pass_context,
    ]
    for decorator in reversed(decorators):
        func = decorator(func)
    return func


# -- reporting -------------------------------------------------------------------------------

def _text(finding: Finding) -> str:
    """A finding for a terminal; a file carrier leads as ``path:line:`` so editors jump to it."""
    where = ""
    if finding.file:
        where = f"{finding.file}:{finding.line}: " if finding.line else f"{finding.file}: "
    return (f"{annotations.inert_line(where + finding.message)}\n"
            f"  remedy: {annotations.inert_line(finding.remedy)}")


def report(ctx: click.Context, result: GateResult, extra: dict[str, Any] | None = None) -> None:
    """Print the result, write the GitHub step summary and outputs, exit 1 on a finding."""
    in_actions = os.environ.get("GITHUB_ACTIONS") == "true"
    if settings(ctx).json:
        print_json({**result.to_json(), **(extra or {})})
    else:
        for finding in result.findings:
            click.echo(_text(finding))
            if in_actions:
                click.echo(annotations.render_finding(finding))
        verdict = "passed" if result.passed else f"{len(result.findings)} finding(s)"
        click.echo(f"govern check {result.gate}: {verdict}", err=True)
    if in_actions:
        annotations.append_to_file(os.environ, annotations.STEP_SUMMARY,
                                   annotations.render_summary(result))
        annotations.append_to_file(os.environ, annotations.OUTPUT,
                                   annotations.render_output("findings",
                                                             str(len(result.findings))))
    if not result.passed:
        ctx.exit(1)


def _pr_json(pr: PullRequestInput) -> dict[str, Any]:
    return {"base": pr.base, "head": pr.head, "merge_base": pr.merge_base}


# -- the group and its gates -------------------------------------------------------------------

@click.group()
def check() -> None:
    """Gates on a pull request: exit 0 clean, 1 a finding (each with its remedy), 2 not judged.

    The configuration is read at the merge base of BASE and --head.
    """


def _open(ctx: click.Context, options: dict[str, Any]) -> tuple[Git, PullRequestInput, Config]:
    git = open_git(ctx)
    pr = read_pull_request(git, options)
    return git, pr, load_config_at(ctx, git, pr.merge_base)


def _read_lenient(git: Git, rev: str, path: str) -> str:
    data = git.blobs.read(f"{rev}:{path}")
    return (data or b"").decode("utf-8", "replace")


def _carried(git: Git, pr: PullRequestInput,
             changes: Sequence[RawChange]) -> tuple[CarriedChangeset, ...]:
    return tuple(CarriedChangeset(change.status, change.path,
                                  _read_lenient(git, pr.head, change.path))
                 for change in changes if change.status in "AMR" and is_changeset(change.path))


def _carriers(body: str, carried: Sequence[CarriedChangeset]) -> list[Carrier]:
    """The PR body first, then each carried changeset: the order findings name them in."""
    return [Carrier(PR_BODY, body), *(Carrier(c.path, c.text, is_file=True) for c in carried)]


def _require_body(pr: PullRequestInput) -> str:
    if pr.body is None:
        raise NotJudged("no PR body to read",
                        remedy="pass --body-file FILE, or run on a pull_request event")
    return pr.body


@check.command()
@pr_options
def declarations(ctx: click.Context, **options: Any) -> None:
    """The PR body and each changeset it adds, edits or renames declare every key of
    `declarations.required` once, well-formed and equal; a Metadata-protocol change owes a
    `Skills-docs:` line in the body."""
    git, pr, config = _open(ctx, options)
    body = _require_body(pr)
    carriers = _carriers(body, _carried(git, pr, git.changed_files(pr.merge_base, pr.head)))
    findings = check_declarations(carriers, config.declarations.required,
                                  config.declarations.levels)
    report(ctx, GateResult("declarations", findings,
                           {"carriers": [c.name for c in carriers]}), _pr_json(pr))


@check.command()
@pr_options
def changesets(ctx: click.Context, **options: Any) -> None:
    """Changesets parse; an added one releases something; touched published packages have
    one (unless labelled); levels meet the declared protocol; no new major; breaking
    changes are spelled out."""
    git, pr, config = _open(ctx, options)
    changes = git.changed_files(pr.merge_base, pr.head)
    carried = _carried(git, pr, changes)
    protocol = declared_value(_carriers(pr.body or "", carried), PROTOCOL,
                              config.declarations.levels)
    state = ChangesetState(
        carried=carried,
        base_changesets=_base_changesets(git, pr.merge_base),
        touched=_touched_packages(git, pr, changes, config),
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


def _base_changesets(git: Git, merge_base: str) -> tuple[Changeset, ...]:
    parsed = (parse_changeset(entry.path, _read_lenient(git, merge_base, entry.path))
              for entry in git.ls_tree(merge_base) if is_changeset(entry.path))
    # a changeset unreadable at the base is the base's problem, not this PR's: it grades nothing
    return tuple(c for c in parsed if isinstance(c, Changeset))


def _touched_packages(git: Git, pr: PullRequestInput, changes: Sequence[RawChange],
                      config: Config) -> tuple[Package, ...]:
    """The published packages (named, not private, in their manifest at the head) owning a
    changed path; changesets themselves belong to no package."""
    names = config.code.package_manifests
    dirs_at_head = package_dirs((entry.path for entry in git.ls_tree(pr.head)), names)
    paths = {p for c in changes for p in (c.path, c.old_path)
             if p is not None and not p.startswith(".changeset/")}
    folders = {package_of(path, dirs_at_head) for path in paths}
    packages: dict[str, Package] = {}
    for folder in sorted(folders & dirs_at_head):
        for name in names:
            manifest = f"{folder}/{name}" if folder else name
            text = git.read_text(pr.head, manifest)
            if text is None:
                continue
            package, private = manifest_name(name, text)
            if package and not private:
                packages.setdefault(package, Package(package, manifest))
            break
    return tuple(packages.values())


@check.command("release-owned")
@pr_options
def release_owned(ctx: click.Context, **options: Any) -> None:
    """No release-owned page is added, edited, renamed or deleted, unless a release label or
    actor allows it."""
    git, pr, config = _open(ctx, options)
    findings = check_release_owned(git.changed_files(pr.merge_base, pr.head), config,
                                   pr.labels, pr.actor)
    report(ctx, GateResult("release-owned", findings,
                           {"labels": sorted(pr.labels), "actor": pr.actor}), _pr_json(pr))


@check.command()
@pr_options
def size(ctx: click.Context, **options: Any) -> None:
    """Additions + deletions (minus `gates.size_ignore`) at most `gates.human_merge_lines`."""
    git, pr, config = _open(ctx, options)
    count = count_size(git.numstat(pr.merge_base, pr.head), config.gates)
    findings = check_size(count, config.gates)
    report(ctx, GateResult("size", findings, {
        "lines": count.lines, "files": count.files, "ignored_files": count.ignored_files,
        "limit": config.gates.human_merge_lines}), _pr_json(pr))


@check.command()
@pr_options
def governed(ctx: click.Context, **options: Any) -> None:
    """A PR touching `gates.governed` paths needs a signed contract-review record on its
    current head (as `govern review locate` finds it)."""
    git, pr, config = _open(ctx, options)
    paths = find_governed_paths(git.changed_files(pr.merge_base, pr.head), config.gates)
    located = _locate_review(pr, config) if paths else None
    findings = check_governed(paths, located, pr.number)
    report(ctx, GateResult("governed", findings, {
        "paths": paths, "review": located.to_json() if located else None}), _pr_json(pr))


def _locate_review(pr: PullRequestInput, config: Config) -> Located:
    """The record on the PR's current head, from the PR's comments and the issues it closes."""
    from govern.github import connect, credentials_from_env

    if pr.number is None or pr.repo is None:
        raise NotJudged("governed paths changed, and the PR to look up reviews on is unknown",
                        remedy="pass --pr N and --repo OWNER/NAME (or run on a pull_request "
                               "event)")
    client = connect(pr.repo, credentials_from_env(os.environ))
    live = pr.live or client.pull_request(pr.number)
    comments, _ = client.review_thread(live, config.review.closing_issue_thread)
    return locate_review(comments, live.head_sha, config.review.trusted_authors)


@check.command()
@click.option("--range", "rev_range", metavar="A..B", help="The commits to read.")
@click.option("--message-file", type=click.Path(path_type=Path, dir_okay=False, exists=True),
              help="commit-msg stage: judge this one message file.")
@pr_options
def trailers(ctx: click.Context, rev_range: str | None, message_file: Path | None,
             **options: Any) -> None:
    """Commit messages carry no `gates.trailer_forbidden` match (card relations belong in the
    PR body; no model identifiers).

    The range: --range A..B, else pre-commit's PRE_COMMIT_FROM_REF/PRE_COMMIT_TO_REF, else
    BASE (merge base with --head), else git's pre-push lines on stdin, else the default BASE.
    """
    git = open_git(ctx)
    if message_file is not None:
        # the commit being written has no merge base yet: the committed HEAD's rules (an
        # unborn branch reads as no file, so the defaults)
        config = load_config_at(ctx, git, "HEAD")
        text = message_file.read_bytes().decode("utf-8", "replace")
        findings = check_message_file(str(message_file), text, config.gates.trailer_forbidden)
        report(ctx, GateResult("trailers", findings, {"message_file": str(message_file)}))
        return
    ranges = _trailer_ranges(git, options["base"], options["head"], rev_range)
    first_since, first_until = ranges[0] if ranges else (None, "HEAD")
    config = load_config_at(ctx, git, first_since or first_until)
    messages = [message for since, until in ranges
                for message in git.commit_messages(since, until)]
    findings = check_commit_messages(messages, config.gates.trailer_forbidden)
    report(ctx, GateResult("trailers", findings, {
        "ranges": [f"{since}..{until}" if since else until for since, until in ranges],
        "commits": len(messages)}))


def _trailer_ranges(git: Git, base: str | None, head: str,
                    rev_range: str | None) -> list[tuple[str | None, str]]:
    """``(since, until)`` commit pairs to read, ``since`` a merge base (None: all history)."""
    if rev_range is not None:
        since, dots, until = rev_range.partition("..")
        if not dots or not since or not until or until.startswith("."):
            raise click.UsageError(f"--range must be A..B, got {rev_range!r}")
        return [(git.resolve_commit(since), git.resolve_commit(until))]
    from_ref = os.environ.get("PRE_COMMIT_FROM_REF")
    to_ref = os.environ.get("PRE_COMMIT_TO_REF")
    if from_ref and to_ref:
        return [(git.resolve_commit(from_ref), git.resolve_commit(to_ref))]
    if base is None and not sys.stdin.isatty():
        pushed = _pre_push_ranges(git, sys.stdin.read())
        if pushed is not None:
            return pushed
    head_sha = git.resolve_commit(head)
    base_sha = git.resolve_commit(base or default_base(git, read_event(os.environ), os.environ,
                                                      "govern check trailers"))
    return [(git.merge_bases(base_sha, head_sha)[0], head_sha)]


def _pre_push_ranges(git: Git, lines: str) -> list[tuple[str | None, str]] | None:
    """git's pre-push stdin: ``<local ref> <local sha> <remote ref> <remote sha>`` per line.

    A deleted branch (local sha all zeros) pushes no commit; a new branch (remote sha all
    zeros) is read from its merge base with the remote's default branch.
    """
    ranges: list[tuple[str | None, str]] = []
    seen = False
    for line in lines.splitlines():
        fields = line.split()
        if len(fields) != 4:
            continue
        seen = True
        _, local_sha, _, remote_sha = fields
        if local_sha == NULL_SHA:
            continue
        local = git.resolve_commit(local_sha)
        if remote_sha != NULL_SHA and git.has_commit(remote_sha):
            ranges.append((git.merge_bases(git.resolve_commit(remote_sha), local)[0], local))
            continue
        default = git.resolve_commit(default_base(git, {}, os.environ, "govern check trailers"))
        ranges.append((git.merge_bases(default, local)[0], local))
    return ranges if seen else None
