"""``govern pr N``: shell mode for a reviewer (docs/concepts/delivery.md). Fetch a PR's head and
base from the remote, read its body and labels from GitHub, and run affected-docs and every ``govern
check`` gate on it, printing everything; post the drift comment only with ``--post``, and only with
the bot's token (a person's token would start a second sticky comment).

Exit 1 when a gate has a finding, else 2 when one could not judge, else 0.
"""

from __future__ import annotations

import os

import click

from govern.commands.shared import config_option, echo_outcome, load_config_at, open_git
from govern.config import Config
from govern.core.errors import GovernError, NotJudged
from govern.core.scratch import scratch_folder
from govern.drift.comment import render_drift
from govern.drift.report import render_text
from govern.drift.run import read_affected_docs
from govern.github.remote import fetch_pull, repo_of_remote


def run_gates(ctx: click.Context, base_ref: str, head: str, number: int, repo: str, body: str,
              labels: tuple[str, ...], author: str) -> list[int]:
    """Every ``govern check`` gate on the fetched PR, each printing as it does on its own; the
    exit code of each (1 finding, 2 not judged)."""
    codes = []
    with scratch_folder("govern-pr-") as folder:
        body_file = folder / "body.md"
        body_file.write_text(body, encoding="utf-8")
        # The gates are found through the command tree, not imported: no command imports
        # another.
        root = ctx.find_root().command
        assert isinstance(root, click.Group)
        check = root.get_command(ctx, "check")
        assert isinstance(check, click.Group)
        for name in check.list_commands(ctx):
            gate = check.get_command(ctx, name)
            assert gate is not None
            # each gate takes only the options it reads (docs/how-to/gates.md#options)
            known = {param.name for param in gate.params}
            given = {"base": base_ref, "head": head, "pr": number, "repo": repo,
                     "body_file": body_file, "labels": labels, "actor": author}
            try:
                ctx.invoke(gate, **{name: value for name, value in given.items()
                                    if name in known})
                codes.append(0)
            except click.exceptions.Exit as done:
                codes.append(done.exit_code)
            except GovernError as exc:
                click.echo(f"govern check {name}: not judged: {exc.format_message()}", err=True)
                codes.append(exc.exit_code)
    return codes


def _refuse_unless_bot(login: str | None, config: Config) -> None:
    bot = config.comment.bot_login
    if login != bot:
        who = f"acts as {login!r}" if login else "does not say whose it is (GET /user refused)"
        raise NotJudged(f"--post refused: the token {who}, not comment.bot_login {bot!r}; a "
                        "comment from another account would be a second sticky comment",
                        remedy="run without --post to read the results, or post with the "
                               "bot's token")


@click.command("pr")
@click.argument("number", type=int)
@click.option("--remote", default="origin", show_default=True,
              help="The git remote holding the PR.")
@click.option("--repo", help="OWNER/NAME (default: from the remote's URL).")
@click.option("--post", "do_post", is_flag=True,
              help="Post the drift comment (only with the comment.bot_login token).")
@config_option
@click.pass_context
def pr(ctx: click.Context, number: int, remote: str, repo: str | None, do_post: bool) -> None:
    """Fetch PR NUMBER and run affected-docs and every gate on it, printing everything.

    The token comes from GITHUB_TOKEN, else GH_TOKEN (a public repository reads without one).
    """
    from govern.github.client import base_branch, connect, credentials_from_env, token_login

    git = open_git(ctx)
    try:
        repo = repo or repo_of_remote(git, remote)
        client = connect(repo, credentials_from_env(os.environ))
        pull = client.pull_request(number)
        base = base_branch(client, number)
        head_ref, base_ref = fetch_pull(git, remote, number, base)
        head = git.resolve_commit(head_ref)
        if head != pull.head_sha:
            click.echo(f"govern: warning: {remote} has PR #{number} at {head[:12]}, GitHub at "
                       f"{pull.head_sha[:12]}: judging what was fetched", err=True)
        merge_base = git.merge_bases(git.resolve_commit(base_ref), head)[0]
        base_config = load_config_at(ctx, git, merge_base)
        if do_post:  # before any work: a refused post should not wait for the run
            _refuse_unless_bot(token_login(client), base_config)
        labels = ", ".join(pull.labels) or "none"
        click.echo(f"PR #{number} of {repo} by {pull.author}: head {head[:12]}, base {base} "
                   f"({merge_base[:12]}); labels: {labels}\n")
        result = read_affected_docs(git, load_config_at(ctx, git, head), head, base_ref)
    finally:
        git.close()
    click.echo("== govern affected-docs ==")
    click.echo(render_text(result, release_owned_gate=base_config.gates.enabled("release-owned")))
    click.echo("== govern check ==")
    codes = run_gates(ctx, base_ref, head, number, repo, pull.body, pull.labels, pull.author)
    if do_post:
        from govern.drift.comment import MARKER
        from govern.github.delivery import connect_to_post, deliver

        echo_outcome(deliver(connect_to_post(repo, os.environ), "docs drift", number,
                             render_drift(result.to_json(), base_config.comment,
                                          release_owned_gate=base_config.gates.enabled(
                                              "release-owned")), MARKER,
                             base_config.comment.bot_login, os.environ))
    if 1 in codes:
        ctx.exit(1)
    if any(codes):
        ctx.exit(max(codes))
