"""The release-owned gate (docs/how-to/gates.md#repository-gates): release tooling owns some pages,
so a PR may not add, edit, rename or delete them unless a release label or a release actor allows
it."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from govern.config import Config
from govern.core.findings import Finding, Rule
from govern.git.gitio import RawChange

_VERBS = {"A": "adds", "M": "edits", "D": "deletes", "R": "renames", "C": "copies to",
          "T": "changes the type of"}


def find_release_owned_changes(changes: Sequence[RawChange],
                               config: Config) -> list[tuple[RawChange, str]]:
    """Each change touching a release-owned path, with that path (a rename on either side)."""
    owned = config.docs.release_owned
    touched = []
    for change in changes:
        hit = next((path for path in (change.path, change.old_path)
                    if path is not None and owned.matches(path)), None)
        if hit is not None:
            touched.append((change, hit))
    return touched


def check_release_owned(changes: Sequence[RawChange], config: Config,
                        labels: Collection[str], actor: str | None) -> tuple[Finding, ...]:
    """Refuse release-owned changes unless a configured label or actor allows them."""
    gates = config.gates
    if set(labels) & set(gates.release_owned_labels) or (
            actor is not None and actor in gates.release_owned_actors):
        return ()
    allowed = ", ".join(f"`{label}`" for label in gates.release_owned_labels) or "none"
    # an empty comment.guardrails_doc names no page: govern init never invents one (issue 14)
    see = f" (see {config.comment.guardrails_doc})" if config.comment.guardrails_doc else ""
    return tuple(
        Finding(
            Rule.RELEASE_OWNED,
            f"this PR {_VERBS.get(change.status, 'changes')} `{path}`, a release-owned page "
            f"(`docs.release_owned`): the release process writes it, so hand edits are "
            f"overwritten or garble the release notes{see}",
            f"revert the change to `{path}`; to correct the page, file an issue or open a "
            f"docs-only PR (labels that allow it: {allowed}). If this repository's PRs write "
            f"their own entries there, take it out of `docs.release_owned`",
            carrier=path, carrier_is_file=change.status != "D" and path == change.path,
        )
        for change, path in find_release_owned_changes(changes, config)
    )
