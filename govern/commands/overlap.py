"""``govern overlap``: the PR×PR merge-tree matrix over local refs or every open PR (DESIGN §8).

Advisory: the matrix exits 0 whatever it finds. ``--pr N`` is the per-PR question — exit 1 when
N conflicts with an earlier PR (N must rebase), 0 otherwise, 2 when it could not be decided.
"""

from __future__ import annotations

import os
import sys

import click

from govern.cli import config_option, json_option, load_config_at, open_git, print_json, settings
from govern.errors import NotJudged
from govern.gitio import Git
from govern.overlap import (
    Overlap,
    PairCache,
    Ref,
    compute_overlap,
    no_progress,
    render_text,
    report_for,
    summary,
)

# DESIGN §4's order for a base nobody named; the event payload's sha is left to the workflow,
# which passes --base explicitly.
_BASE_CANDIDATES = ("origin/HEAD", "origin/main", "main", "origin/master", "master")


def _default_base(git: Git) -> str:
    pr_base = os.environ.get("GITHUB_BASE_REF")
    candidates = ((f"origin/{pr_base}",) if pr_base else ()) + _BASE_CANDIDATES
    for candidate in candidates:
        if git.has_commit(candidate):
            return candidate
    raise NotJudged("no base branch found (tried " + ", ".join(candidates) + ")",
                    remedy="name it with --base, e.g. `govern overlap --base origin/main …`")


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


def _render_markdown(result: Overlap, focus: int | None, github: bool) -> str:
    from govern.render import render_template  # jinja2 only when markdown is asked for

    ids = [focus] if focus is not None else [pr.id for pr in result.prs]
    return render_template("overlap.md.j2", reports=[report_for(result, i) for i in ids],
                           single=focus is not None, github=github, base=result.base)


@click.command("overlap")
@click.argument("refs", nargs=-1)
@click.option("--base", help="The branch the PRs target (default: origin/$GITHUB_BASE_REF, "
                             "origin/HEAD, origin/main, main, origin/master, master).")
@click.option("--github", is_flag=True,
              help="Every open PR to the base on GitHub (not yet available: pass the heads).")
@click.option("--pr", "focus", metavar="N",
              help="Only N's pairs; exit 1 if N conflicts with an earlier PR.")
@json_option
@click.option("--markdown", is_flag=True, help="Print the sticky PR comment(s).")
@config_option
@click.pass_context
def overlap(ctx: click.Context, refs: tuple[str, ...], base: str | None, github: bool,
            focus: str | None, as_json: bool, markdown: bool) -> None:
    """Which of REF… (or the open PRs) conflict with which, in which files and hunks.

    Earlier arguments count as earlier PRs: the later PR of a conflicting pair is the one
    told to rebase.
    """
    as_json = settings(ctx).json  # the shared --json option records itself in the settings
    if as_json and markdown:
        raise click.UsageError("--json and --markdown are exclusive; pick one output")
    if github:
        # Listing the open PRs belongs in govern.github, which has no such call yet.
        raise NotJudged("--github is not available in this build",
                        remedy="fetch the PR heads and name them in PR order: "
                               "`govern overlap --base origin/main pull/12 pull/15 …`")
    if not refs:
        raise click.UsageError("name the PR heads to compare: `govern overlap REF REF …`")
    git = open_git(ctx)
    try:
        wanted = _local_refs(refs)
        focus_id = _focus_id(wanted, focus)
        config = load_config_at(ctx, git, "HEAD")
        base_ref = base or _default_base(git)
        # Progress only for a person watching: never into --json, logs or pipes.
        watched = not as_json and sys.stderr.isatty()
        result = compute_overlap(
            git, base_ref, wanted, config.overlap.ignore,
            PairCache.for_repository(git.common_dir()), focus_id,
            show_progress if watched else no_progress,
        )
    finally:
        git.close()
    if as_json:
        print_json(result.to_json())
    elif markdown:
        click.echo(_render_markdown(result, focus_id, github), nl=False)
    else:
        text = render_text(result, github)
        if text:
            click.echo(text)
        click.echo(f"govern overlap: {summary(result)}", err=True)
    if focus_id is not None and report_for(result, focus_id).must_rebase:
        ctx.exit(1)
