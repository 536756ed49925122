"""The published packages a PR touches, read from the manifests at its head (or at its merge
base, where the head's no longer names one): the packages the changesets gate asks a
changeset for. A change to a package's tests, its own ``scripts/`` folder
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
    changed path; changesets themselves belong to no package. ``changes`` are those from the
    PR's merge base to its head: their blob ids name both sides of each file.

    The merge base's manifests count as much as the head's, so that what the PR writes about
    its own packages cannot take one out of the gate: a package published at the merge base
    stays published while its folder keeps a manifest (a PR that breaks that manifest, drops
    its name or marks it private still changes what was released), and a path it owned there
    stays its own (a PR adding a private manifest in a folder of it owes the package all the
    same). A package the PR deletes (no manifest left) is not asked for: there is nothing left
    to release."""
    names = config.code.package_manifests
    manifests = _manifests(git, pr.head, names)
    at_base = _manifests(git, pr.merge_base, names)
    dirs_at_head = package_dirs(manifests, names)
    dirs_at_base = package_dirs(at_base, names)
    dev_only = _dev_only_edits(git, changes, names)
    owners: set[str] = set()
    for change in changes:
        if change in dev_only:
            continue
        sides = [(change.path, dirs_at_head)]
        if change.old_path is not None:
            sides.append((change.old_path, dirs_at_head))
        if change.status != "A":  # the path was there before: its owner then counts too
            sides.append((change.old_path or change.path, dirs_at_base))
        for path, dirs in sides:
            if path.startswith(".changeset/") or is_test_file(path):
                continue
            folder = package_of(path, dirs)
            if not is_package_script(path, folder):
                owners.add(folder)
    folders = sorted(owners & dirs_at_head)
    published = _published(git, manifests, folders, names)
    unpublished = [folder for folder in folders if folder not in published]
    if unpublished:
        published.update(_published(git, at_base, unpublished, names))
    packages: dict[str, Package] = {}
    for folder in folders:
        if folder in published:
            name, manifest = published[folder]
            packages.setdefault(name, Package(name, manifest))
    return tuple(packages.values())


def _manifests(git: Git, rev: str, names: Sequence[str]) -> dict[str, str]:
    """The blob id of each manifest in ``rev``'s tree, by path (read by id: see
    Git.read_texts)."""
    return {entry.path: entry.sha for entry in git.ls_tree(rev)
            if entry.path.rpartition("/")[2] in names}


def _published(git: Git, manifests: dict[str, str], folders: Sequence[str],
               names: Sequence[str]) -> dict[str, tuple[str, str]]:
    """(published name, manifest path) of each folder whose first manifest that reads, in the
    order of ``names``, names a package that is not private."""
    present = {path: manifests[path] for folder in folders for name in names
               if (path := f"{folder}/{name}" if folder else name) in manifests}
    texts = git.read_texts(list(present.values()))
    found: dict[str, tuple[str, str]] = {}
    read: set[str] = set()
    for manifest, blob in present.items():
        folder, _, name = manifest.rpartition("/")
        text = texts[blob]
        if text is None or folder in read:
            continue
        read.add(folder)
        package, private = manifest_name(name, text)
        if package and not private:
            found[folder] = (package, manifest)
    return found


def _dev_only_edits(git: Git, changes: Sequence[RawChange],
                    names: Sequence[str]) -> set[RawChange]:
    """The manifest edits that change only dev-only keys (scripts, devDependencies, tool.*)."""
    edits = [(change, change.path.rpartition("/")[2]) for change in changes
             if change.status == "M" and change.path.rpartition("/")[2] in names]
    texts = git.read_texts([blob for change, _ in edits
                            for blob in (change.old_blob, change.new_blob)])
    return {change for change, name in edits
            if (old := texts[change.old_blob]) is not None
            and (new := texts[change.new_blob]) is not None
            and is_dev_only_manifest_change(name, old, new)}
