"""``govern demo``: build the example monorepo (in a temporary folder it removes, or in
``--dir``, kept) and show what affected-docs finds on its PR branch, then the comment it would
post there."""

from __future__ import annotations

import tempfile
from pathlib import Path

import click

from govern.config import Config
from govern.drift.comment import render_drift
from govern.drift.report import render_text
from govern.drift.run import read_affected_docs
from govern.example import BASE_FILES, PR_FILES
from govern.git.gitio import Git


def build_example(root: Path) -> Git:
    """The example repository: ``main`` holds BASE_FILES, branch ``pr`` the change."""
    root.mkdir(parents=True, exist_ok=True)
    git = Git(root)
    git.init()
    _write(root, BASE_FILES)
    git.commit_all("acme monorepo")
    git.create_branch("pr")
    _write(root, PR_FILES)
    git.commit_all("billing: charge in usd; drop void_invoice; sdk: audit tweaks")
    return git


def _write(root: Path, files: dict[str, str] | dict[str, str | None]) -> None:
    for rel, content in files.items():
        path = root / rel
        if content is None:
            path.unlink()
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(content, encoding="utf-8")


@click.command("demo")
@click.option("--dir", "directory", type=click.Path(path_type=Path, file_okay=False),
              default=None, help="Where to build the example, and keep it (default: a "
                                 "temporary folder, removed when the demo ends).")
def demo(directory: Path | None) -> None:
    """Build an example monorepo with a PR branch and show what affected-docs finds."""
    if directory is not None:
        if directory.exists() and any(directory.iterdir()):
            raise click.UsageError(f"{directory} is not empty: name an empty or new folder "
                                   "with --dir")
        _show(directory, kept=True)
        return
    with tempfile.TemporaryDirectory(prefix="govern-demo-") as temporary:
        _show(Path(temporary), kept=False)


def _show(root: Path, kept: bool) -> None:
    git = build_example(root)
    try:
        result = read_affected_docs(git, Config(), "pr", "main")
    finally:
        git.close()
    if kept:
        click.echo(f"Example monorepo built in {root} (branch `pr` against `main`).")
        click.echo(f"Reproduce: cd {root} && govern affected-docs --json --head pr main\n")
    else:
        click.echo("Example monorepo built in a temporary folder, removed when the demo ends "
                   "(branch `pr` against `main`; keep it with `govern demo --dir DIR`).\n")
    click.echo(render_text(result))
    click.echo("The Docs Drift Check comment govern posts on this PR "
               "(govern comment drift --from FILE):\n")
    click.echo(render_drift(result.to_json(), Config().comment), nl=False)
