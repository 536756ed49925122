"""``govern init``: detection from the committed paths, a govern.toml holding every
docs/reference/configuration.md key that loads back, the shipped workflows copied, and no overwrite
without --force."""

from __future__ import annotations

import re
import subprocess
import textwrap
import tomllib
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from govern.cli import cli
from govern.config import KEYS, Config, load_config, validate
from govern.core.resources import data_dir
from govern.drift.anchors.extract import is_code_file
from govern.init.render import EXPLAINED
from govern.init.workflows import WORKFLOWS
from tests.gitrepo import make_repo
from tests.test_init_detect import MKDOCS_LIBRARY, NEXT_SITE, TS_MONOREPO

MINIMAL_WHY = (
    "no .changeset/config.json and no `Clause-②:`/`Metadata-protocol:` lines in the PR "
    "template or changesets, so the process gates stay off (they require a changeset for each "
    "published package a PR changes, those declaration lines in every PR, release notes left "
    "to releases, a review record for governed paths and commit messages without `Fixes #N`) "
    'and size and docs-refs run; [gates] preset = "changesets" or "contract" turns them on '
    "(docs/how-to/gates.md#presets)")


def run_init(root: Path, *args: str) -> Any:
    return CliRunner().invoke(cli, ["--repo-dir", str(root), "init", *args])


def test_init_writes_a_config_that_loads_and_copies_the_workflows(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {
        "README.md": "# x\n", "website/docs/guide.mdx": "# Guide\n",
        "CHANGELOG.md": "# Changes\n", "AGENTS.md": "# Rules\n",
        "pkg/pyproject.toml": '[project]\nname = "x"\n'})
    got = run_init(repo.root)
    assert got.exit_code == 0, got.output
    workflows = sorted(p.name for p in data_dir("workflows").glob("*.yml"))
    assert sorted(WORKFLOWS) == workflows  # every shipped workflow is described
    assert got.stdout.splitlines() == [
        "preset: minimal",
        f"  why: {MINIMAL_WHY}",
        "docs.paths: detected: website/docs/ (mdx)",
        "code.package_manifests: detected: 1 manifest(s)",
        "comment.guardrails_doc: detected: AGENTS.md, cited by the comment's read-only notice",
        'wrote govern.toml: the configuration every gate reads (preset "minimal")',
        "wrote .github/workflows/docs-drift-check.yml: computes which docs pages each PR's "
        "code change names (advisory)",
        "wrote .github/workflows/docs-drift-post.yml: posts that as the PR's Docs Drift Check "
        "comment, fork PRs included",
        "wrote .github/workflows/overlap.yml: computes which open PRs conflict with which "
        "(advisory)",
        "wrote .github/workflows/overlap-post.yml: posts the PR overlap comments",
        "wrote .github/workflows/governance.yml: runs the enabled `govern check` gates on every "
        "PR and merge group",
        "The workflows run govern's action, pinned to a placeholder of forty zeros that fails "
        "their `Install govern` step: pin the govern commit you vetted with "
        "sed -i 's/0\\{40\\}/YOUR_GOVERN_SHA/' .github/workflows/*.yml "
        "(or copy workflows/pip/ instead to install a release with pip).",
        "Next: commit these files, then make the `Governance gates` check required in your "
        "default branch's protection rule (Settings → Branches or Rules)."]
    for name in workflows:
        assert (repo.root / ".github/workflows" / name).read_bytes() == \
            (data_dir("workflows") / name).read_bytes()
    assert_the_printed_pin_command_pins(repo.root, got.stdout)
    text = (repo.root / "govern.toml").read_text(encoding="utf-8")
    config = load_config(lambda path: (repo.root / path).read_text() if path == "govern.toml"
                         else None)
    assert config.source == "govern.toml"
    assert config.docs.paths.patterns == ("website/docs/**/*.mdx", "/README.md")
    assert config.comment.guardrails_doc == "AGENTS.md"
    lines = text.splitlines()
    assert lines[:3] == [
        "# govern configuration (written by `govern init`; every key is shown, with its",
        "# default unless something in this repository suggested another value).",
        "# Gates read this file from the merge base, so a PR cannot loosen its own rules."]
    assert lines[4:8] == ["[docs]", "# The hand-written docs corpus (md, mdx and rst pages only).",
                          "# detected: website/docs/ (mdx)",
                          'paths = ["website/docs/**/*.mdx", "/README.md"]']
    review = lines.index("[review]")
    assert lines[review + 1:lines.index("", review)] == [
        "# Logins whose review records count; when empty, anyone with write access, never the "
        "PR author.",
        "trusted_authors = []",
        "# Whether records are also looked for on the issue the PR closes.",
        "closing_issue_thread = true"]
    assert 'required = ["Clause-②", "Metadata-protocol"]' in lines
    # what the declaration lines are, and where they are explained, above the key
    required = lines.index('required = ["Clause-②", "Metadata-protocol"]')
    above = " ".join(line[2:] for line in lines[required - 5:required])
    assert "`Clause-②: no` and `Metadata-protocol: none`" in above
    assert above.endswith("see docs/how-to/gates.md#declaration-lines.")
    assert 'levels = { none = "patch", additive = "minor", breaking = "minor" }' in lines
    assert 'closing_issue_thread = true' in lines
    keys = [line.split(" = ")[0] for line in lines if " = " in line and not line.startswith("#")]
    assert keys == [key.name for key in KEYS]  # every key, once, in order
    for key in KEYS:  # each under the registry's description, wrapped to 100 columns
        written = lines.index(f"[{key.section}]")
        described = " ".join([key.description, *([EXPLAINED[key.dotted]]
                                                 if key.dotted in EXPLAINED else [])])
        comment = [f"# {line}" for line in textwrap.wrap(described, 98,
                                                          break_on_hyphens=False)]
        at = lines.index(comment[0], written)
        assert lines[at:at + len(comment)] == comment
    assert max(len(line) for line in lines if line.startswith("#")) <= 100


def test_init_refuses_to_overwrite_without_force(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo")
    (repo.root / "govern.toml").write_text("# mine\n")
    refused = run_init(repo.root)
    assert refused.exit_code == 2
    assert refused.stderr.splitlines()[:2] == [
        "Error: govern init would overwrite govern.toml",
        "  remedy: pass --force to overwrite them, or move them aside"]
    assert (repo.root / "govern.toml").read_text() == "# mine\n"
    assert not (repo.root / ".github").exists()
    forced = run_init(repo.root, "--force")
    assert forced.exit_code == 0, forced.output
    assert (repo.root / "govern.toml").read_text().startswith("# govern configuration")


def test_a_place_init_cannot_write_is_not_judged(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"README.md": "# x\n", ".github": "a file, not a folder\n"})
    got = run_init(repo.root)
    assert got.exit_code == 2
    assert got.stderr.splitlines()[:2] == [
        f"Error: govern init could not write {repo.root / '.github' / 'workflows'}: Not a "
        "directory",
        "  remedy: run it in a checkout you can write (`--dry-run` prints what it would write)"]
    assert run_init(repo.root, "--dry-run").exit_code == 0  # what it would write, written nowhere


def test_init_needs_a_commit(tmp_path: Path) -> None:
    import subprocess

    subprocess.run(["git", "init", "-q", str(tmp_path / "empty")], check=True)
    got = run_init(tmp_path / "empty")
    assert got.exit_code == 2
    assert got.stderr.splitlines()[0] == ("Error: this repository has no commit yet: govern "
                                          "init reads what is committed")


# -- one repository of each kind (issue 14) ---------------------------------------------------

CONTRACT_REPO = {
    **TS_MONOREPO,
    ".github/pull_request_template.md": "## Summary\n\nClause-②: no\nMetadata-protocol: none\n",
    "AGENTS.md": "# Rules\n",
}


def _init(tmp_path: Path, files: dict[str, str | bytes | None],
          *args: str) -> tuple[list[str], str, Config | None]:
    """init's stdout lines, the govern.toml it wrote ("" when none) and that file loaded."""
    repo = make_repo(tmp_path / "repo", files)
    got = run_init(repo.root, *args)
    assert got.exit_code == 0, got.output
    written = repo.root / "govern.toml"
    text = written.read_text(encoding="utf-8") if written.exists() else ""
    config = validate(tomllib.loads(text), "govern.toml") if text else None
    return got.stdout.splitlines(), text, config


@pytest.mark.parametrize(("files", "preset", "docs", "guardrails"), [
    # a MkDocs Python library: no AGENTS.md or CONTRIBUTING.md, so none is named
    (MKDOCS_LIBRARY, "minimal", ("docs/**/*.md", "/README.md"), ""),
    (TS_MONOREPO, "changesets", ("content/docs/**/*.md", "content/docs/**/*.mdx"),
     "CONTRIBUTING.md"),
    (CONTRACT_REPO, "contract", ("content/docs/**/*.md", "content/docs/**/*.mdx"), "AGENTS.md"),
])
def test_init_fits_each_kind_of_repository(tmp_path: Path, files: dict[str, str | bytes | None],
                                           preset: str, docs: tuple[str, ...],
                                           guardrails: str) -> None:
    lines, _, config = _init(tmp_path, files)
    assert config is not None
    assert (config.gates.preset, config.docs.paths.patterns, config.comment.guardrails_doc) == (
        preset, docs, guardrails)
    assert lines[0] == f"preset: {preset}"
    assert config.gates.enabled("declarations") is (preset == "contract")
    assert config.gates.enabled("changesets") is (preset != "minimal")


def test_init_reads_the_generator_config_at_head(tmp_path: Path) -> None:
    lines, _, config = _init(tmp_path, {"mkdocs.yml": "docs_dir: site\n", "site/a.md": "# A\n",
                                        "docs/old.md": "# old\n"})
    assert config is not None and config.docs.paths.patterns == ("site/**/*.md",)
    assert "docs.paths: detected: MkDocs (mkdocs.yml): site/" in lines


def test_init_on_a_contract_process_repo(tmp_path: Path) -> None:
    lines, text, _ = _init(tmp_path, CONTRACT_REPO)
    assert lines[1] == (
        "  why: .github/pull_request_template.md carries Clause-② and Metadata-protocol lines: "
        "the contract process is in use, so every gate runs")
    assert lines[-1] == (
        "Next: commit these files, then make the `Governance gates` check and the "
        "`govern/governed (<default branch>)` status required in your default branch's "
        "protection rule "
        "(Settings → Branches or Rules).")
    assert 'preset = "contract"' in text.splitlines()
    assert "# chosen by govern init: .github/pull_request_template.md carries Clause-② and " \
           "Metadata-protocol" in text.splitlines()


def test_dry_run_prints_the_config_init_writes_and_writes_nothing(tmp_path: Path) -> None:
    """stdout is the govern.toml a real init writes, byte for byte (to review or redirect),
    the report goes to stderr, and nothing is written until init runs without --dry-run."""
    repo = make_repo(tmp_path / "repo", {**MKDOCS_LIBRARY, "CONTRIBUTING.md": "# Rules\n"})
    dry = run_init(repo.root, "--dry-run")
    assert dry.exit_code == 0, dry.output
    assert not (repo.root / "govern.toml").exists()
    assert not (repo.root / ".github").exists()
    real = run_init(repo.root)
    assert real.exit_code == 0, real.output
    assert dry.stdout == (repo.root / "govern.toml").read_text(encoding="utf-8")
    assert dry.stdout.startswith("# govern configuration")
    assert 'guardrails_doc = "CONTRIBUTING.md"' in dry.stdout.splitlines()  # as detected
    # the same report, every written file named with what it would do
    assert dry.stderr == real.stdout.replace("\nwrote ", "\nwould write ")
    assert 'would write govern.toml: the configuration every gate reads (preset "minimal")' \
        in dry.stderr.splitlines()


@pytest.mark.parametrize("dirty", [True, False])
def test_init_says_uncommitted_changes_are_not_read(tmp_path: Path, dirty: bool) -> None:
    repo = make_repo(tmp_path / "repo", MKDOCS_LIBRARY)
    if dirty:
        repo.write({"mkdocs.yml": "site_name: widgets\ndocs_dir: site\n"})
    got = run_init(repo.root, "--dry-run")
    assert got.exit_code == 0, got.output
    note = ("note: uncommitted changes are not read: init looks at what is committed at HEAD "
            "(commit them and run it again to include them)")
    assert (note in got.stderr.splitlines()) is dirty  # stdout is the govern.toml alone
    assert "docs.paths: detected: MkDocs (mkdocs.yml): docs/" in got.stderr.splitlines()


def assert_the_printed_pin_command_pins(root: Path, stdout: str) -> None:
    """The sed line init prints, run as printed, leaves every workflow on the named commit
    and none on the placeholder the shipped files carry."""
    command = re.search(r"(sed -i \S+ \S+)", stdout)
    assert command is not None
    sha = "ab" * 20
    written = root / ".github" / "workflows"
    assert all("0" * 40 in p.read_text() for p in written.glob("*.yml"))
    subprocess.run(command.group(1).replace("YOUR_GOVERN_SHA", sha), shell=True, cwd=root,
                   check=True)
    for path in written.glob("*.yml"):
        text = path.read_text()
        assert "0" * 40 not in text and f"repo-govern/govern@{sha}" in text, path.name


def test_init_reads_the_site_apps_manifest_and_says_why(tmp_path: Path) -> None:
    lines, text, config = _init(tmp_path, {
        "README.md": "# x\n", "docs/a.md": "Add it to `getDocsNav` in website/lib/mdx.ts\n",
        "src/index.ts": "export const a = 1;\n", "website/package.json": NEXT_SITE,
        "website/lib/mdx.ts": "export function getDocsNav() {}\n"})
    assert config is not None
    assert config.code.exclude.patterns == ("website/**",)
    assert not is_code_file("website/lib/mdx.ts", config)
    assert is_code_file("src/index.ts", config)
    note = ("detected: code that builds the docs site, not the product (delete a glob to read its "
            "changes again): website/** (a private package.json using next)")
    assert f"code.exclude: {note}" in lines
    # wrapped above the key in govern.toml, as written
    at = text.splitlines().index('exclude = ["website/**"]')
    assert " ".join(line[2:] for line in text.splitlines()[at - 2:at]) == note


SETUP_PY = "from setuptools import setup\nsetup(python_requires='>=3.6')\n"


@pytest.mark.parametrize(("first", "manifests"), [
    # trio's root setup.py, which held python_requires for most of its history, replaced by
    # pyproject.toml: calibrate replays those commits with what init proposes
    ({"setup.py": SETUP_PY, "setup.cfg": "[metadata]\nname = x\n"},
     ("pyproject.toml", "setup.cfg", "setup.py")),
    # a history that never had one at the root: a nested one deleted, or none at all
    ({"tools/setup.py": SETUP_PY}, ("pyproject.toml",)),
    ({}, ("pyproject.toml",)),
])
def test_init_lists_the_manifest_kinds_the_history_deleted_at_the_root(
        tmp_path: Path, first: dict[str, str], manifests: tuple[str, ...]) -> None:
    repo = make_repo(tmp_path / "repo", {"README.md": "# x\n", "src/x/__init__.py": "x = 1\n",
                                         **first})
    repo.commit({**dict.fromkeys(first), "pyproject.toml": '[project]\nname = "x"\n'},
                "to pyproject.toml")
    got = run_init(repo.root, "--dry-run")
    assert got.exit_code == 0, got.output
    config = validate(tomllib.loads(got.stdout), "govern.toml")
    assert config.code.package_manifests == manifests
    gone = [name for name in manifests if name != "pyproject.toml"]
    assert [line for line in got.stderr.splitlines() if "package_manifests" in line] == [
        "code.package_manifests: detected: 1 manifest(s)" + (
            f"; {', '.join(gone)} only in the history (deleted from the root): listed, so "
            "govern calibrate's replay of the older commits reads them" if gone else "")]
