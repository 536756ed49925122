"""The published packages a PR touches, read from the manifests at its head: the packages the
changesets gate asks a changeset for."""

from __future__ import annotations

from collections.abc import Sequence

from govern.config import Config
from govern.gates.changesets import Package
from govern.gates.pull_request import PullRequestInput
from govern.git.gitio import Git, RawChange
from govern.git.packages import manifest_name, package_dirs, package_of


def read_touched_packages(git: Git, pr: PullRequestInput, changes: Sequence[RawChange],
                          config: Config) -> tuple[Package, ...]:
    """The published packages (named, not private, in their manifest at the head) owning a
    changed path; changesets themselves belong to no package."""
    names = config.code.package_manifests
    dirs_at_head = package_dirs((entry.path for entry in git.ls_tree(pr.head)), names)
    paths = {p for c in changes for p in (c.path, c.old_path)
             if p is not None and not p.startswith(".changeset/")}
    folders = {package_of(path, dirs_at_head) for path in paths}
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
