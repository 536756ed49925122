"""``govern overlap``: the PR×PR merge-tree matrix over local refs or every open PR (DESIGN §8).

Advisory: the matrix exits 0 whatever it finds. ``--pr N`` is the per-PR question — exit 1 when
N conflicts with an earlier PR (N must rebase), 0 otherwise, 2 when it could not be decided.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import click

from govern.cli import config_option, json_option, load_config_at, open_git, print_json, settings
from govern.errors import GitError, NotJudged
from govern.event import default_base
from govern.gitio import Git
from govern.overlap import (
    MARKER,
    Overlap,
    PairCache,
    PrReport,
    Ref,
    ToldRecord,
    comment_targets,
    compute_overlap,
    no_progress,
    render_text,
    report_for,
    summary,
    told_after,
)

if TYPE_CHECKING:
    from govern.delivery import Outcome
    from govern.github import GitHubRepo

def _local_refs(refs: tuple[str, ...]) -> list[Ref]:
    """Refs in argument order, numbered from 1: an earlier argument is an earlier PR."""
    for index, ref in enumerate(refs):
        if ref in refs[:index]:
            raise click.UsageError(f"ref {ref!r} is named twice; each ref stands for one PR")
    return [Ref(index, ref) for index, ref in enumerate(refs, start=1)]


def _focus_id(refs: list[Ref], focus: str | None) -> int | None:
    """``--pr`` names a PR by id (number, or argument position) or by its ref."""
    if focus is None:
        return None
    for ref in refs:
        if focus in (str(ref.id), ref.ref):
            return ref.id
    raise NotJudged(f"--pr {focus!r} is not among the PRs compared",
                    remedy="name one of the refs given (or its position), or an open PR number")


def show_progress(what: str, done: int, total: int) -> None:
    """One stderr line, rewritten in place, ended when a phase completes."""
    end = "\n" if done >= total else ""
    click.echo(f"\rgovern overlap: {what} {done}/{total}{end}", nl=False, err=True)


def _render_markdown(result: Overlap, reports: list[PrReport], single: bool,
                     github: bool) -> str:
    from govern.render import render_template  # jinja2 only when markdown is asked for

    return render_template("overlap.md.j2", reports=reports, single=single, github=github,
                           base=result.base)


def render_matrix(result: Overlap, focus: int | None, github: bool) -> str:
    """The ``--markdown`` output: every PR's section, or with ``focus`` that PR's comment."""
    ids = [focus] if focus is not None else [pr.id for pr in result.prs]
    return _render_markdown(result, [report_for(result, i) for i in ids],
                            single=focus is not None, github=github)


@dataclass(frozen=True)
class OnGitHub:
    """Where ``--github`` read the open PRs: the client, the repository and base branch, and
    the remote-tracking refs their heads were fetched into."""

    client: GitHubRepo
    repo: str
    branch: str
    base_ref: str
    refs: list[Ref]


def _fetch(git: Git, remote: str, repo: str, specs: list[tuple[str, str]]) -> None:
    """Fetch every ``(refspec, what)`` in one run; when that fails, find the one the remote
    cannot give (git names only the first it misses, and not which PR that is)."""
    try:
        git.fetch(remote, [spec for spec, _ in specs])
        return
    except GitError as failed:
        first_failure = failed
    for spec, what in specs:
        try:
            git.fetch(remote, [spec])
        except GitError as exc:
            raise NotJudged(f"cannot fetch {what} from remote {remote!r}: {exc.stderr}",
                            remedy=f"check that remote {remote!r} is {repo} (or pass --remote) "
                                   "and run again: a PR closed or force-pushed while govern "
                                   "read it is gone from the list next time") from None
    raise first_failure


def read_github(git: Git, remote: str, repo: str | None, base: str | None) -> OnGitHub:
    """List the open PRs into the base on GitHub and fetch the base and every PR's
    ``refs/pull/N/head``; ids are PR numbers, so a lower number is an earlier PR."""
    # Imported here: a local-refs matrix should not pay for the GitHub and shell-mode code.
    from govern.commands.pr import repo_of_remote
    from govern.github import connect, credentials_from_env, default_branch, open_pulls

    name = repo or os.environ.get("GITHUB_REPOSITORY") or repo_of_remote(git, remote)
    client = connect(name, credentials_from_env(os.environ))
    # `--base origin/main` out of habit from local mode names the branch `main`.
    branch = (base.removeprefix(f"{remote}/") if base else
              os.environ.get("GITHUB_BASE_REF") or default_branch(client))
    pulls = open_pulls(client, branch)
    refs = [Ref(pull.number, f"refs/remotes/{remote}/pr/{pull.number}") for pull in pulls]
    specs = [(f"+refs/heads/{branch}:refs/remotes/{remote}/{branch}", f"the base {branch!r}")]
    specs += [(f"+refs/pull/{ref.id}/head:{ref.ref}",
               f"the head of PR #{ref.id} (refs/pull/{ref.id}/head)") for ref in refs]
    _fetch(git, remote, name, specs)
    return OnGitHub(client, name, branch, f"{remote}/{branch}", refs)


Send = Callable[[PrReport, str], "Outcome"]
"""Delivers one PR's comment body: ``(report, body) -> Outcome``."""


def post_comments(record: ToldRecord | None, result: Overlap, focus: int | None,
                  send: Send) -> None:
    """Upsert the sticky comment of every PR that must rebase, and correct the comment of each
    one ``record`` says was told so before that no longer must (None: no record, so none is
    corrected). Advisory: once one delivery degrades (a read-only token, an outage), the
    others go to the step summary untried, and the exit stays 0."""
    from govern.commands.comment import echo_outcome
    from govern.delivery import degrade

    told = record.read() if record is not None else frozenset()
    targets = comment_targets(result, told, focus)
    delivered: list[int] = []
    failed: Outcome | None = None
    for report in targets:
        number = report.pr.id
        body = _render_markdown(result, [report], single=True, github=True)
        if failed is None:
            outcome = send(report, body)
        else:
            outcome = degrade("overlap", number, body,
                              f"not tried on #{number} after #{failed.number}'s: {failed.why}",
                              os.environ)
        if outcome.delivery is not None:
            delivered.append(number)
        elif failed is None and not outcome.superseded:
            failed = outcome
        echo_outcome(outcome, stdout_is_output=True)
    if record is not None:
        record.save(told_after(told, result, targets, delivered))
    if not targets:
        click.echo("govern: no PR conflicts with an earlier one: no overlap comment to post",
                   err=True)


def _post_on(on: OnGitHub, result: Overlap, focus: int | None, bot_login: str,
             common_dir: Path) -> None:
    """``--post``: the heads were fetched just now, so each comment is delivered as is."""
    from govern.delivery import deliver

    def send(report: PrReport, body: str) -> Outcome:
        return deliver(on.client, "overlap", report.pr.id, body, MARKER, bot_login, os.environ)

    post_comments(ToldRecord(common_dir, on.repo, on.branch), result, focus, send)


@click.command("overlap")
@click.argument("refs", nargs=-1)
@click.option("--base", help="The branch the PRs target (default: origin/$GITHUB_BASE_REF, "
                             "origin/HEAD, origin/main, main, origin/master, master; with "
                             "--github: $GITHUB_BASE_REF, else the repository's default "
                             "branch).")
@click.option("--github", is_flag=True,
              help="Every open PR into the base on GitHub, fetched from --remote as "
                   "refs/pull/N/head; a lower PR number is an earlier PR.")
@click.option("--remote", default="origin", show_default=True,
              help="With --github: the git remote of the GitHub repository.")
@click.option("--repo", help="With --github: OWNER/NAME (default: GITHUB_REPOSITORY, else "
                             "from the remote's URL).")
@click.option("--pr", "focus", metavar="N",
              help="Only N's pairs; exit 1 if N conflicts with an earlier PR.")
@json_option
@click.option("--markdown", is_flag=True, help="Print the sticky PR comment(s).")
@click.option("--post", "do_post", is_flag=True,
              help="With --github: upsert the sticky comment of each PR that conflicts with "
                   "an earlier one (advisory: a refused delivery goes to the step summary).")
@config_option
@click.pass_context
def overlap(ctx: click.Context, refs: tuple[str, ...], base: str | None, github: bool,
            remote: str, repo: str | None, focus: str | None, as_json: bool, markdown: bool,
            do_post: bool) -> None:
    """Which of REF… (or the open PRs) conflict with which, in which files and hunks.

    Earlier arguments count as earlier PRs (with --github, lower PR numbers): the later PR
    of a conflicting pair is the one told to rebase.
    """
    as_json = settings(ctx).json  # the shared --json option records itself in the settings
    if as_json and markdown:
        raise click.UsageError("--json and --markdown are exclusive; pick one output")
    if github and refs:
        raise click.UsageError("--github compares the open PRs on GitHub: name no refs with it")
    if do_post and not github:
        raise click.UsageError("--post needs --github: comments go to PR numbers, which "
                               "local refs do not have")
    if not refs and not github:
        raise click.UsageError("name the PR heads to compare: `govern overlap REF REF …`, "
                               "or pass --github")
    git = open_git(ctx)
    try:
        config = load_config_at(ctx, git, "HEAD")
        on = read_github(git, remote, repo, base) if github else None
        wanted = on.refs if on else _local_refs(refs)
        focus_id = _focus_id(wanted, focus)
        # The event payload's sha is left out: the workflow passes --base explicitly.
        base_ref = on.base_ref if on else base or default_base(git, {}, os.environ,
                                                               "govern overlap --base")
        # Progress only for a person watching: never into --json, logs or pipes.
        watched = not as_json and sys.stderr.isatty()
        result = compute_overlap(
            git, base_ref, wanted, config.overlap.ignore,
            PairCache.for_repository(git.common_dir()), focus_id,
            show_progress if watched else no_progress,
        )
        if on and do_post:
            _post_on(on, result, focus_id, config.comment.bot_login, git.common_dir())
    finally:
        git.close()
    if as_json:
        print_json(result.to_json())
    elif markdown:
        click.echo(render_matrix(result, focus_id, github), nl=False)
    else:
        text = render_text(result, github)
        if text:
            click.echo(text)
        click.echo(f"govern overlap: {summary(result)}", err=True)
    if focus_id is not None and report_for(result, focus_id).must_rebase:
        ctx.exit(1)
