"""The published packages a PR touches, read from the manifests at its head: the packages the
changesets gate asks a changeset for. A change to a package's tests, its own ``scripts/`` folder
or the dev-only keys of its manifest publishes nothing, so it touches no package (the same
exclusions as the affected-docs change set, docs/concepts/affected-docs.md#change-set)."""

from __future__ import annotations

from collections.abc import Sequence

from govern.config import Config
from govern.gates.changesets import Package
from govern.gates.pull_request import PullRequestInput
from govern.git.gitio import Git, RawChange
from govern.git.packages import (
    is_dev_only_manifest_change,
    is_package_script,
    is_test_file,
    manifest_name,
    package_dirs,
    package_of,
)


def read_touched_packages(git: Git, pr: PullRequestInput, changes: Sequence[RawChange],
                          config: Config) -> tuple[Package, ...]:
    """The published packages (named, not private, in their manifest at the head) owning a
    changed path; changesets themselves belong to no package."""
    names = config.code.package_manifests
    dirs_at_head = package_dirs((entry.path for entry in git.ls_tree(pr.head)), names)
    paths = {p for c in changes if not _dev_only(git, pr, c, names)
             for p in (c.path, c.old_path)
             if p is not None and not p.startswith(".changeset/") and not is_test_file(p)}
    folders = {folder for path in paths
               if not is_package_script(path, folder := package_of(path, dirs_at_head))}
    packages: dict[str, Package] = {}
    for folder in sorted(folders & dirs_at_head):
        for name in names:
            manifest = f"{folder}/{name}" if folder else name
            text = git.read_text(pr.head, manifest)
            if text is None:
                continue
            package, private = manifest_name(name, text)
            if package and not private:
                packages.setdefault(package, Package(package, manifest))
            break
    return tuple(packages.values())


def _dev_only(git: Git, pr: PullRequestInput, change: RawChange, names: Sequence[str]) -> bool:
    """A manifest edit that changes only dev-only keys (scripts, devDependencies, tool.*)."""
    name = change.path.rpartition("/")[2]
    if change.status != "M" or name not in names:
        return False
    old, new = git.read_text(pr.merge_base, change.path), git.read_text(pr.head, change.path)
    return old is not None and new is not None and is_dev_only_manifest_change(name, old, new)
