"""``govern demo``: build the example monorepo (in a temporary folder it removes, or in
``--dir``, kept) and show what affected-docs finds on its PR branch, the comment it would post
there, and the same PR judged by the gates twice: with the neutral defaults and with the
contract preset."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import click

from govern.config import Config
from govern.config.sections import GATES
from govern.core.errors import named_file
from govern.core.findings import Finding
from govern.core.scratch import scratch_folder
from govern.core.text import inert_line
from govern.docsrefs.run import read_docs_refs
from govern.drift.comment import render_drift
from govern.drift.report import render_text
from govern.drift.run import read_affected_docs
from govern.example import BASE_FILES, PR_BODY, PR_FILES, PR_MESSAGE
from govern.gates.changeset_files import carriers_of, read_base_changesets, read_carried
from govern.gates.changesets import (
    PRE_STATE,
    ChangesetState,
    body_declares_narrowing,
    check_changesets,
    is_pre_mode,
)
from govern.gates.declarations import PROTOCOL, check_declarations, declared_value
from govern.gates.governed import check_governed, find_governed_paths
from govern.gates.pull_request import PullRequestInput
from govern.gates.release_owned import check_release_owned
from govern.gates.size import check_size, count_size
from govern.gates.size_lines import read_line_counts
from govern.gates.touched_packages import read_touched_packages
from govern.gates.trailers import Forbidden, check_commit_messages
from govern.git.gitio import Git
from govern.review import Located, State

CONTRACT = "contract"
PR_NUMBER = 12


def build_example(root: Path) -> Git:
    """The example repository: ``main`` holds BASE_FILES, branch ``pr`` the change."""
    root.mkdir(parents=True, exist_ok=True)
    git = Git(root)
    git.init()
    _write(root, BASE_FILES)
    git.commit_all("acme monorepo")
    git.create_branch("pr")
    _write(root, PR_FILES)
    git.commit_all(PR_MESSAGE)
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
        with named_file(directory, "--dir", writing=True):
            directory.mkdir(parents=True, exist_ok=True)
        _show(directory, kept=True)
        return
    with scratch_folder("govern-demo-") as temporary:
        _show(temporary, kept=False)


def _show(root: Path, kept: bool) -> None:
    git = build_example(root)
    neutral = Config()
    contract = replace(neutral, gates=replace(neutral.gates, preset=CONTRACT))
    try:
        result = read_affected_docs(git, neutral, "pr", "main")
        pr = _pull_request(git)
        verdicts = {config.gates.preset: judge_gates(git, pr, config)
                    for config in (neutral, contract)}
    finally:
        git.close()
    if kept:
        click.echo(f"Example monorepo built in {root} (branch `pr` against `main`).")
        click.echo(f"Reproduce: cd {root} && govern affected-docs --json --head pr main\n")
    else:
        click.echo("Example monorepo built in a temporary folder, removed when the demo ends "
                   "(branch `pr` against `main`; keep it with `govern demo --dir DIR`).\n")
    click.echo(render_text(result, release_owned_gate=neutral.gates.enabled("release-owned")))
    click.echo("The Docs Drift Check comment govern posts on this PR "
               "(govern comment drift --from FILE):\n")
    click.echo(render_drift(result.to_json(), neutral.comment, release_owned_gate=neutral.gates
                            .enabled("release-owned")), nl=False)
    click.echo("\n" + render_gates(verdicts[neutral.gates.preset], verdicts[CONTRACT]), nl=False)


# -- the gates section: the PR judged as `govern check <gate>` judges it, without GitHub -------

@dataclass(frozen=True)
class Verdict:
    """One gate on the demo PR: off, or on with its findings."""

    gate: str
    enabled: bool
    problems: tuple[tuple[str, str], ...] = ()
    """Each finding as (what is wrong, its remedy)."""


def _pull_request(git: Git) -> PullRequestInput:
    """The demo PR as a gate reads it: the body and number a pull_request event would carry."""
    head, base = git.resolve_commit("pr"), git.resolve_commit("main")
    return PullRequestInput(base="main", head=head, merge_base=git.merge_bases(base, head)[0],
                            body=PR_BODY, labels=frozenset(), actor="dev", number=PR_NUMBER,
                            repo="acme/monorepo")


def judge_gates(git: Git, pr: PullRequestInput, config: Config) -> tuple[Verdict, ...]:
    """Every gate of ``govern check`` on the demo PR under ``config``, in the order of GATES."""
    judges: dict[str, Callable[[], Sequence[Finding] | Sequence[tuple[str, str]]]] = {
        "declarations": lambda: _declarations(git, pr, config),
        "changesets": lambda: _changesets(git, pr, config),
        "release-owned": lambda: check_release_owned(
            git.changed_files(pr.merge_base, pr.head), config, pr.labels, pr.actor),
        "size": lambda: check_size(count_size(read_line_counts(git, pr.merge_base, pr.head),
                                              config.gates), config.gates),
        # No GitHub in the demo, so no review record can be on the head: what the gate says
        # when none is posted.
        "governed": lambda: check_governed(
            find_governed_paths(git.changed_files(pr.merge_base, pr.head),
                                [config.gates.governed]),
            Located(State.ABSENT, pr.head), pr.number),
        "trailers": lambda: check_commit_messages(
            git.commit_messages(pr.merge_base, pr.head),
            Forbidden.of(config.gates.trailer_forbidden, config.gates.model_families)),
        "docs-refs": lambda: _docs_refs(git, pr, config),
    }
    return tuple(Verdict(gate, True, tuple(_problem(f) for f in judges[gate]()))
                 if config.gates.enabled(gate) else Verdict(gate, False) for gate in GATES)


def _problem(found: Finding | tuple[str, str]) -> tuple[str, str]:
    return found if isinstance(found, tuple) else (found.message, found.remedy)


def _declarations(git: Git, pr: PullRequestInput, config: Config) -> tuple[Finding, ...]:
    carried = read_carried(git, git.changed_files(pr.merge_base, pr.head))
    return check_declarations(carriers_of(PR_BODY, carried), config.declarations.required,
                              config.declarations.levels)


def _changesets(git: Git, pr: PullRequestInput, config: Config) -> tuple[Finding, ...]:
    changes = git.changed_files(pr.merge_base, pr.head)
    carried = read_carried(git, changes)
    protocol = declared_value(carriers_of(PR_BODY, carried), PROTOCOL,
                              config.declarations.levels)
    return check_changesets(ChangesetState(
        carried=carried, base_changesets=read_base_changesets(git, pr.merge_base),
        touched=read_touched_packages(git, pr, changes, config), labels=pr.labels,
        pre_mode=is_pre_mode(git.read_text(pr.merge_base, PRE_STATE)),
        protocol=protocol.value if protocol else None,
        body_narrowing=body_declares_narrowing(PR_BODY)), config.declarations)


def _docs_refs(git: Git, pr: PullRequestInput, config: Config) -> list[tuple[str, str]]:
    """Each docs line naming missing code, with the name it probably means when there is one."""
    return [(f"{f.reference.page}:{f.reference.line}: {f.message}",
             f"point the line at `{f.suggestion}`" if f.suggestion else "fix or remove the line")
            for f in read_docs_refs(git, config, pr.head, pr.merge_base).findings]


def render_verdict(verdict: Verdict) -> str:
    """One line: off (and how to turn it on), passed, or the first finding with its remedy."""
    name = f"{verdict.gate:<14}"
    if not verdict.enabled:
        return f"  {name}off (turn it on: [gates] enable = [\"{verdict.gate}\"])"
    if not verdict.problems:
        return f"  {name}passed"
    (message, remedy), more = verdict.problems[0], len(verdict.problems) - 1
    also = f" (+{more} more: govern check {verdict.gate})" if more else ""
    return f"  {name}FAILED: {inert_line(message)} — remedy: {inert_line(remedy)}{also}"


def render_gates(neutral: Sequence[Verdict], contract: Sequence[Verdict]) -> str:
    """The gates section: the same PR under the neutral defaults, then under the contract
    preset, one line a gate."""
    lines = ["The gates on this PR (govern check <gate>), with the neutral defaults (no preset "
             "set: `minimal` runs size and docs-refs; the process gates are off):"]
    lines += [render_verdict(v) for v in neutral]
    lines += ["", f'The same PR with [gates] preset = "{CONTRACT}" in govern.toml (every gate '
              "on; the demo has no GitHub, so no contract-review record is posted):"]
    lines += [render_verdict(v) for v in contract]
    return "\n".join(lines) + "\n"
