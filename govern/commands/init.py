"""``govern init``: look at a repository, write a commented ``govern.toml`` holding every key of
docs/reference/configuration.md with what was detected, and copy the shipped workflows into
``.github/workflows/``.

Detection is a pure function of the paths committed at HEAD, so what init proposes is what
govern itself will read; everything it cannot know keeps its default, written out so a
maintainer sees the whole table in one place.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

import click

from govern.commands.shared import open_git
from govern.config import KINDS, Config, parse_config, validate
from govern.core.errors import GovernError, NotJudged
from govern.core.globs import Globs
from govern.core.resources import data_dir

DOCS_DIRS = ("docs", "doc", "documentation")
DOCS_FORMATS = ("md", "mdx", "rst")
RELEASE_DIRS = ("releases", "release-notes", "changelog", "changelogs")
GUARDRAILS_DOCS = ("AGENTS.md", "CONTRIBUTING.md")
EXTRA_LOCKFILES = ("Cargo.lock", "Gemfile.lock", "composer.lock", "go.sum", "bun.lockb",
                   "Pipfile.lock")
ROUTE_FILE_NAMES = ("routes", "router", "urls", "views", "api")

MEANINGS: dict[str, str] = {
    "docs.paths": "the hand-written docs corpus",
    "docs.exclude": "generated pages: never in scope",
    "docs.release_owned": "in scope but read-only for a code PR (changelogs, release notes)",
    "code.paths": "where implementation changes are read",
    "code.exclude": "added to the built-in exclusions (tests, scripts/, dev-only manifests)",
    "code.package_manifests": "file names that mark a package root",
    "code.max_parse_bytes": "larger source files are skipped and counted, not parsed",
    "anchors.corpus_share": "an anchor named on more than max(3, share × pages) pages is "
                            "over-broad",
    "anchors.max_routes_per_symbol": "a symbol wired into more routes bridges none",
    "anchors.generic_names": "names that never anchor, added to the built-in list",
    "routes.registrars": "extra route-registering files (auto-detection always runs)",
    "routes.ledgers": "route ↔ client tables and OpenAPI documents",
    "comment.row_cap": "editable rows shown in the drift comment before the list is omitted",
    "comment.guardrails_doc": "named in the comment's read-only notice",
    "comment.bot_login": "whose sticky comments govern may edit (the Actions token's account)",
    "declarations.required": "lines every carrier (PR body, each changeset) must hold",
    "declarations.levels": "Metadata-protocol value → minimum changeset bump",
    "declarations.skip_label": "a PR with this label needs no changeset",
    "declarations.allow_major_label": "a PR with this label may introduce a major bump",
    "gates.release_owned_labels": "labels that allow editing release-owned pages",
    "gates.release_owned_actors": "actors allowed to edit release-owned pages",
    "gates.human_merge_lines": "a PR changing more lines needs a human merge",
    "gates.size_ignore": "not counted by the size gate",
    "gates.governed": "paths that need a contract-review record on the current head",
    "gates.trailer_forbidden": "patterns refused in commit messages",
    "gates.model_families": "model-id families refused in commit messages (claude-…, gpt-4o, o3)",
    "overlap.ignore": "never counted as a file two PRs share",
    "review.trusted_authors": "whose records count (empty: write access; never the PR author)",
    "review.closing_issue_thread": "also look for records on the issue the PR closes",
    "calibrate.max_files": "govern calibrate skips a commit changing more files (a mass change)",
}


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
    release = [p for p in _release_owned(paths, roots) if p not in _default("docs.release_owned")]
    if release:
        # added to the defaults: a CHANGELOG.md written later is release-owned from day one
        values["docs.release_owned"] = [*_default("docs.release_owned"), *release]
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
            values[key] = [*_default(key), *lockfiles]
            notes[key] = "the usual lockfiles, and those detected: " + ", ".join(lockfiles)
    routes = sorted(p for p in paths if PurePosixPath(p).stem in ROUTE_FILE_NAMES
                    and PurePosixPath(p).suffix in (".py", ".ts", ".js"))
    ledgers = Config().routes.ledgers.select(paths)
    if routes or ledgers:
        seen = [*routes[:5], *ledgers[:5]]
        notes["routes.registrars"] = ("route files seen (auto-detection reads them): "
                                      + ", ".join(seen))
    return Detected(values, notes)


def _default(dotted: str) -> Any:
    section, key = dotted.split(".")
    value = getattr(getattr(Config(), section), key)
    if isinstance(value, Globs):
        return list(value.patterns)
    return list(value) if isinstance(value, tuple) else value


def render_value(value: Any) -> str:
    """A TOML value: JSON's string escapes are TOML basic-string escapes."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {render_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(render_value(item) for item in value) + "]"
    return json.dumps(value, ensure_ascii=False)


def render_config(detected: Detected) -> str:
    """The commented govern.toml: every key, detected values where found, defaults else."""
    out = ["# govern configuration (written by `govern init`; every key is shown, with its",
           "# default unless something in this repository suggested another value).",
           "# Gates read this file from the merge base, so a PR cannot loosen its own rules."]
    section = ""
    for dotted in KINDS:
        head, key = dotted.split(".")
        if head != section:
            section = head
            out += ["", f"[{section}]"]
        out.append(f"# {MEANINGS[dotted]}")
        if dotted in detected.notes:
            out.append(f"# {detected.notes[dotted]}")
        value = detected.values.get(dotted, _default(dotted))
        out.append(f"{key} = {render_value(value)}")
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

