"""``govern overlap``: the PR×PR merge-tree matrix over local refs or every open PR
(docs/how-to/overlap.md).

Advisory: the matrix exits 0 whatever it finds. ``--pr N`` is the per-PR question — exit 1 when
N conflicts with an earlier PR (N must rebase), 0 otherwise, 2 when it could not be decided.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import click

from govern.commands.shared import (
    config_option,
    echo_outcome,
    echo_warning,
    json_option,
    load_config_at,
    open_git,
    print_json,
    quiet_option,
    reporter,
    settings,
)
from govern.core.errors import NotJudged
from govern.github.event import default_base
from govern.overlap import (
    MARKER,
    Overlap,
    PairCache,
    PrReport,
    Ref,
    ToldRecord,
    compute_overlap,
    render_text,
    report_for,
    summary,
    unreadable_warning,
)

if TYPE_CHECKING:
    from govern.github.delivery import Outcome
    from govern.overlap.on_github import OnGitHub


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


def _unjudged(result: Overlap, focus: int | None, github: bool) -> NotJudged | None:
    """Exit 2 when no ref could be read, or the one ``--pr`` asks about could not be."""
    if result.unreadable and not result.prs:
        names = ", ".join(ref.label(github) for ref in result.unreadable[:10])
        more = len(result.unreadable) - 10
        return NotJudged(f"none of the {len(result.unreadable)} PR head(s) could be read "
                         f"({names}{f' and {more} more' if more > 0 else ''})",
                         remedy=f"{result.unreadable[0].remedy} (each skipped ref's remedy is "
                                "in the warnings above)")
    for ref in result.unreadable:
        if ref.id == focus:
            return NotJudged(f"--pr {ref.label(github)} could not be read: {ref.reason}",
                             remedy=ref.remedy)
    return None


def _post_on(on: OnGitHub, result: Overlap, focus: int | None, bot_login: str,
             common_dir: Path) -> None:
    """``--post``: the heads were fetched just now, so each comment is delivered as is."""
    from govern.github.delivery import comment_login, deliver
    from govern.overlap.post import NO_TARGETS, post_comments

    login, warning = comment_login(on.client, bot_login)
    if warning is not None:
        echo_warning(warning, stdout_is_output=True)

    def send(report: PrReport, body: str) -> Outcome:
        return deliver(on.client, "overlap", report.pr.id, body, MARKER, login, os.environ)

    if not post_comments(ToldRecord(common_dir, on.repo, on.branch), result, focus, send,
                         os.environ, lambda outcome: echo_outcome(outcome, stdout_is_output=True)):
        click.echo(NO_TARGETS, err=True)


_AFTER_DASHES = "govern.overlap.refs"


class _RefsAfterDashes(click.Command):
    """``govern overlap [BASE] -- REF…``: BASE is the positional it is everywhere, the PR heads
    follow ``--`` (docs/how-to/overlap.md#command-line). click forgets where ``--`` stood, so
    what follows it is set aside here."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if "--" in args:
            cut = args.index("--")
            ctx.meta[_AFTER_DASHES] = tuple(args[cut + 1:])
            args = args[:cut]
        return super().parse_args(ctx, args)


def _base_and_refs(ctx: click.Context, words: tuple[str, ...], base: str | None,
                   github: bool) -> tuple[str | None, tuple[str, ...]]:
    """BASE and the PR heads. The older forms (``--base B``, heads without ``--``) still work,
    with a warning that shows the form to write instead."""
    after: tuple[str, ...] | None = ctx.meta.get(_AFTER_DASHES)
    legacy = after is None and not github and len(words) > 1
    if after is None and not legacy:
        after = ()
    if legacy:
        positional, refs = None, words
    else:
        if len(words) > 1:
            raise click.UsageError("name one BASE, then the PR heads after `--`: "
                                   "`govern overlap BASE -- REF REF …`")
        positional, refs = (words[0] if words else None), after or ()
    if base is not None and positional is not None:
        raise click.UsageError("BASE is given twice (as BASE and as --base): name it once")
    if legacy or base is not None:
        shown = ["--github"] if github else []
        shown += ([base] if base else []) + (["--", *refs] if refs else [])
        what = f"{len(refs)} PR head(s)" if refs else "the open PRs"
        click.echo(f"govern: warning: a deprecated form, read as {what} against "
                   f"{base or 'the default BASE'}: write `govern overlap {' '.join(shown)}` "
                   "(BASE first, the PR heads after `--`)", err=True)
    return positional or base, refs


@click.command("overlap", cls=_RefsAfterDashes)
@click.argument("words", nargs=-1, metavar="[BASE] [-- REF…]")
@click.option("--base", help="Deprecated: name BASE as the first argument. The branch the PRs "
                             "target (default: origin/$GITHUB_BASE_REF, origin/HEAD, "
                             "origin/main, main, origin/master, master; with --github: "
                             "$GITHUB_BASE_REF, else the repository's default branch).")
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
@quiet_option
@click.pass_context
def overlap(ctx: click.Context, words: tuple[str, ...], base: str | None, github: bool,
            remote: str, repo: str | None, focus: str | None, as_json: bool, markdown: bool,
            do_post: bool) -> None:
    """Which of the PR heads REF… (or the open PRs) conflict with which, in which files and
    hunks, merged onto BASE: `govern overlap main -- feature/a feature/b`.

    Earlier arguments count as earlier PRs (with --github, lower PR numbers): the later PR
    of a conflicting pair is the one told to rebase.
    """
    base, refs = _base_and_refs(ctx, words, base, github)
    as_json = settings(ctx).json  # the shared --json option records itself in the settings
    if as_json and markdown:
        raise click.UsageError("--json and --markdown are exclusive; pick one output")
    if github and refs:
        raise click.UsageError("--github compares the open PRs on GitHub: name no refs with it")
    if do_post and not github:
        raise click.UsageError("--post needs --github: comments go to PR numbers, which "
                               "local refs do not have")
    if not refs and not github:
        raise click.UsageError("name the PR heads to compare after `--`: `govern overlap "
                               "[BASE] -- REF REF …`, or pass --github")
    git = open_git(ctx)
    progress = ctx.with_resource(reporter(ctx, "govern overlap"))
    try:
        config = load_config_at(ctx, git, "HEAD")
        on = None
        if github:  # imported here: a local-refs matrix should not pay for the GitHub code
            from govern.github.client import Pacing
            from govern.overlap.on_github import read_github

            on = read_github(git, remote, repo, base, os.environ,
                             Pacing(budget=config.comment.retry_budget, notify=progress.event))
        wanted = on.refs if on else _local_refs(refs)
        unfetched = on.unfetched if on else []
        focus_id = _focus_id([*wanted, *(Ref(u.id, u.ref) for u in unfetched)], focus)
        # The event payload's sha is left out: the workflow passes --base explicitly.
        base_ref = on.base_ref if on else base or default_base(git, {}, os.environ,
                                                               "govern overlap")
        # Progress and warnings go to stderr: --json and --markdown keep stdout to themselves.
        for skipped in unfetched:
            progress.warn(unreadable_warning(skipped, github))
        result = compute_overlap(
            git, base_ref, wanted, config.overlap.ignore,
            PairCache.for_repository(git.common_dir()), focus_id, progress.step,
            lambda ref: progress.warn(unreadable_warning(ref, github)),
        )
        if unfetched:
            result = replace(result, unreadable=tuple(sorted(
                [*unfetched, *result.unreadable], key=lambda ref: ref.id)))
        progress.close()
        unjudged = _unjudged(result, focus_id, github)
        if unjudged is not None:
            raise unjudged
        if on and do_post:
            _post_on(on, result, focus_id, config.comment.bot_login, git.common_dir())
    finally:
        git.close()
    if as_json:
        print_json(result.to_json())
    elif markdown:
        from govern.overlap.markdown import render_matrix  # jinja2 only for markdown

        click.echo(render_matrix(result, focus_id, github), nl=False)
    else:
        text = render_text(result, github)
        if text:
            click.echo(text)
        click.echo(f"govern overlap: {summary(result)}", err=True)
    if focus_id is not None and report_for(result, focus_id).must_rebase:
        ctx.exit(1)
