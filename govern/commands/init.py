"""``govern init``: look at a repository, write a commented ``govern.toml`` holding every key of
docs/reference/configuration.md with what was detected, and copy the shipped workflows into
``.github/workflows/``.

Detection is a pure function of the paths committed at HEAD, so what init proposes is what
govern itself will read; everything it cannot know keeps its default, written out so a
maintainer sees the whole table in one place.
"""

from __future__ import annotations

import shutil
import textwrap
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

import click

from govern.commands.shared import open_git
from govern.config import BY_PATH, KEYS, Config, parse_config, validate
from govern.config.render import render_value
from govern.core.errors import GovernError, NotJudged
from govern.core.resources import data_dir

DOCS_DIRS = ("docs", "doc", "documentation")
DOCS_FORMATS = ("md", "mdx", "rst")
RELEASE_DIRS = ("releases", "release-notes", "changelog", "changelogs")
GUARDRAILS_DOCS = ("AGENTS.md", "CONTRIBUTING.md")
EXTRA_LOCKFILES = ("Cargo.lock", "Gemfile.lock", "composer.lock", "go.sum", "bun.lockb",
                   "Pipfile.lock")
ROUTE_FILE_NAMES = ("routes", "router", "urls", "views", "api")
COMMENT_WIDTH = 98
"""Description comments are wrapped to fit 100 columns with their ``# ``."""

@dataclass(frozen=True)
class Detected:
    """What the paths at HEAD say, as configuration values, and notes for the reader."""

    values: dict[str, Any]
    """Dotted key → detected value (only keys something was found for)."""
    notes: dict[str, str]
    """Dotted key → what was seen, written as a comment above the key."""


def _docs_roots(paths: list[str]) -> dict[str, set[str]]:
    """Shallowest folders named like docs that hold pages, with the formats found there."""
    roots: dict[str, set[str]] = {}
    for path in paths:
        parts = PurePosixPath(path)
        extension = parts.suffix.lstrip(".")
        if extension not in DOCS_FORMATS:
            continue
        folders = parts.parts[:-1]
        for depth, folder in enumerate(folders):
            if folder in DOCS_DIRS:
                root = "/".join(folders[:depth + 1])
                roots.setdefault(root, set()).add(extension)
                break
    return {root: formats for root, formats in roots.items()
            if not any(root.startswith(other + "/") for other in roots)}


def _release_owned(paths: list[str], roots: dict[str, set[str]]) -> list[str]:
    found = []
    if "CHANGELOG.md" in paths:
        found.append("CHANGELOG.md")
    if any(PurePosixPath(p).name.startswith("CHANGES.") for p in paths if "/" not in p):
        found.append("CHANGES.*")
    if any(p.endswith("/CHANGELOG.md") for p in paths):  # per-package changelogs
        found.append("**/CHANGELOG.md")
    for root in sorted(roots):
        for folder in RELEASE_DIRS:
            if any(p.startswith(f"{root}/{folder}/") for p in paths):
                found.append(f"{root}/{folder}/**")
        if any(PurePosixPath(p).stem.lower() == "changelog" and p.startswith(root + "/")
               for p in paths):
            found.append(f"{root}/**/changelog.*")
    return found


def detect(paths: list[str]) -> Detected:
    """Configuration values for a repository holding ``paths`` (repo-relative, POSIX)."""
    values: dict[str, Any] = {}
    notes: dict[str, str] = {}
    names = {PurePosixPath(p).name for p in paths}
    roots = _docs_roots(paths)
    if roots:
        values["docs.paths"] = [f"{root}/**/*.{ext}" for root in sorted(roots)
                                for ext in DOCS_FORMATS if ext in roots[root]]
        if "README.md" in paths:
            values["docs.paths"].append("README.md")
        notes["docs.paths"] = "detected: " + ", ".join(
            f"{root}/ ({', '.join(sorted(roots[root]))})" for root in sorted(roots))
    release_default = BY_PATH["docs.release_owned"].default_toml
    release = [p for p in _release_owned(paths, roots) if p not in release_default]
    if release:
        # added to the defaults: a CHANGELOG.md written later is release-owned from day one
        values["docs.release_owned"] = [*release_default, *release]
        notes["docs.release_owned"] = "detected from the changelogs and release-notes folders"
    manifests = [m for m in Config().code.package_manifests if m in names]
    if manifests:
        values["code.package_manifests"] = manifests
        count = sum(PurePosixPath(p).name in manifests for p in paths)
        notes["code.package_manifests"] = f"detected: {count} manifest(s)"
    guardrails = next((doc for doc in GUARDRAILS_DOCS if doc in paths), None)
    if guardrails:
        values["comment.guardrails_doc"] = guardrails
    lockfiles = sorted(names & set(EXTRA_LOCKFILES))
    if lockfiles:
        for key in ("gates.size_ignore", "overlap.ignore"):
            values[key] = [*BY_PATH[key].default_toml, *lockfiles]
            notes[key] = "the usual lockfiles, and those detected: " + ", ".join(lockfiles)
    routes = sorted(p for p in paths if PurePosixPath(p).stem in ROUTE_FILE_NAMES
                    and PurePosixPath(p).suffix in (".py", ".ts", ".js"))
    ledgers = Config().routes.ledgers.select(paths)
    if routes or ledgers:
        seen = [*routes[:5], *ledgers[:5]]
        notes["routes.registrars"] = ("route files seen (auto-detection reads them): "
                                      + ", ".join(seen))
    return Detected(values, notes)


def render_config(detected: Detected) -> str:
    """The commented govern.toml: every key with the registry's description, detected values
    where found, defaults else."""
    out = ["# govern configuration (written by `govern init`; every key is shown, with its",
           "# default unless something in this repository suggested another value).",
           "# Gates read this file from the merge base, so a PR cannot loosen its own rules."]
    section = ""
    for key in KEYS:
        if key.section != section:
            section = key.section
            out += ["", f"[{section}]"]
        out += [f"# {line}" for line in textwrap.wrap(key.description, COMMENT_WIDTH)]
        if key.dotted in detected.notes:
            out.append(f"# {detected.notes[key.dotted]}")
        value = detected.values.get(key.dotted, key.default_toml)
        out.append(f"{key.name} = {render_value(value)}")
    return "\n".join(out) + "\n"


def _workflows() -> list[Path]:
    return sorted(data_dir("workflows").glob("*.yml"))


@click.command("init")
@click.option("--force", is_flag=True, help="Overwrite govern.toml and the workflows.")
@click.pass_context
def init(ctx: click.Context, force: bool) -> None:
    """Write govern.toml for this repository and copy govern's workflows into
    .github/workflows/. Refuses to overwrite either without --force."""
    git = open_git(ctx)
    try:
        if not git.has_commit("HEAD"):
            raise NotJudged("this repository has no commit yet: govern init reads what is "
                            "committed", remedy="commit your files, then run govern init")
        paths = [entry.path for entry in git.ls_tree("HEAD")]
    finally:
        git.close()
    root = git.root
    targets = [root / "govern.toml", *(root / ".github" / "workflows" / w.name
                                      for w in _workflows())]
    existing = [t.relative_to(root).as_posix() for t in targets if t.exists()]
    if existing and not force:
        raise GovernError("govern init would overwrite " + ", ".join(existing),
                          remedy="pass --force to overwrite them, or move them aside")
    detected = detect(paths)
    text = render_config(detected)
    # What init writes must load: a detected value that does not validate is a bug here.
    validate(parse_config(text, "govern.toml", pyproject=False) or {}, "govern.toml")
    targets[0].write_text(text, encoding="utf-8")
    targets[0].parent.joinpath(".github", "workflows").mkdir(parents=True, exist_ok=True)
    for workflow, target in zip(_workflows(), targets[1:], strict=True):
        shutil.copyfile(workflow, target)
    for dotted, note in detected.notes.items():
        click.echo(f"{dotted}: {note}")
    for target in targets:
        click.echo(f"wrote {target.relative_to(root).as_posix()}")
    click.echo("Next: review govern.toml, commit it with .github/workflows/, and open a PR; "
               "the Docs Drift Check comment appears on it.", err=True)

