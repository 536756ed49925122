"""``govern init``: look at a repository, choose a gates preset, write a commented
``govern.toml`` holding every key of docs/reference/configuration.md with what was detected, and
copy the shipped workflows that preset uses into ``.github/workflows/`` (docs/how-to/setup.md).

The detection and the rendering are ``govern.init``'s; this command reads what they need from
HEAD, writes (or prints) what they return and says why.
"""

from __future__ import annotations

import shutil
from functools import partial

import click

from govern.commands.shared import open_git
from govern.config import parse_config, validate
from govern.core.errors import GovernError, NotJudged
from govern.core.resources import data_dir
from govern.init.detect import detect, texts_wanted
from govern.init.docs_paths import ROOT_MANIFESTS
from govern.init.render import render_config
from govern.init.workflows import WORKFLOWS, render_next_step, workflows_for

# The shipped workflows pin govern's action to forty zeros until the user names the govern
# commit they vetted (tests/test_workflows_variants.py holds every workflow to it).
INSTALL_NOTE = ("The workflows run govern's action, pinned to a placeholder of forty zeros that "
                "fails their `Install govern` step: pin the govern commit you vetted with "
                "sed -i 's/0\\{40\\}/YOUR_GOVERN_SHA/' .github/workflows/*.yml "
                "(or copy workflows/pip/ instead to install a release with pip).")


@click.command("init")
@click.option("--force", is_flag=True, help="Overwrite govern.toml and the workflows.")
@click.option("--dry-run", is_flag=True,
              help="Write nothing: print the govern.toml init would write on stdout (to review "
                   "or redirect) and the rest of its report on stderr.")
@click.pass_context
def init(ctx: click.Context, force: bool, dry_run: bool) -> None:
    """Choose a gates preset for this repository, write govern.toml and copy the workflows
    that preset uses into .github/workflows/. Refuses to overwrite without --force."""
    git = open_git(ctx)
    try:
        if not git.has_commit("HEAD"):
            raise NotJudged("this repository has no commit yet: govern init reads what is "
                            "committed", remedy="commit your files, then run govern init")
        blobs = {entry.path: entry.sha for entry in git.ls_tree("HEAD")}
        paths = list(blobs)
        read = texts_wanted(paths)
        # by blob id, in one exchange: a `rev:path` read per file scans each folder on its path
        got = git.read_texts([blobs[path] for path in read])
        texts = {path: got.get(blobs[path]) or "" for path in read}
        # one walk of the history, for the root's names alone (ROOT_MANIFESTS says why)
        deleted = git.run("log", "--diff-filter=D", "--no-renames", "--name-only", "--format=",
                          "HEAD", "--", *ROOT_MANIFESTS).decode("utf-8", "replace").split()
        dirty = git.is_dirty()
    finally:
        git.close()
    detected = detect(paths, texts, set(deleted))
    text = render_config(detected)
    # What init writes must load: a detected value that does not validate is a bug here.
    config = validate(parse_config(text, "govern.toml", pyproject=False) or {}, "govern.toml")
    root = git.root
    written = {"govern.toml": f"the configuration every gate reads (preset "
                              f"\"{detected.preset}\")"}
    written |= {f".github/workflows/{name}": WORKFLOWS[name] for name in workflows_for(config)}
    existing = [path for path in written if (root / path).exists()]
    if existing and not force and not dry_run:
        raise GovernError("govern init would overwrite " + ", ".join(existing),
                          remedy="pass --force to overwrite them, or move them aside")
    if dry_run:
        # the file alone on stdout, so `govern init --dry-run > govern.toml` writes it as is
        click.echo(text, nl=False)
    say = partial(click.echo, err=dry_run)
    if dirty:
        # a docs folder or mkdocs.yml edited but not committed would silently not count
        say("note: uncommitted changes are not read: init looks at what is committed at HEAD "
            "(commit them and run it again to include them)")
    say(f"preset: {detected.preset}")
    for reason in detected.reasons:
        say(f"  why: {reason}")
    for dotted, note in detected.notes.items():
        say(f"{dotted}: {note}")
    if not dry_run:
        try:
            (root / "govern.toml").write_text(text, encoding="utf-8")
            (root / ".github" / "workflows").mkdir(parents=True, exist_ok=True)
            for name in workflows_for(config):
                shutil.copyfile(data_dir("workflows") / name,
                                root / ".github" / "workflows" / name)
        except OSError as exc:  # a read-only checkout, a `.github` that is a file: not a bug
            raise NotJudged(f"govern init could not write {exc.filename}: "
                            f"{exc.strerror or exc}",
                            remedy="run it in a checkout you can write (`--dry-run` prints "
                                   "what it would write)") from None
    verb = "would write" if dry_run else "wrote"
    for path, does in written.items():
        say(f"{verb} {path}: {does}")
    say(INSTALL_NOTE)
    say(render_next_step(config))
