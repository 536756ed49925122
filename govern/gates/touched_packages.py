"""The published packages a PR touches, read from the manifests at its head (or at its merge
base, where the head's no longer names one): the packages the changesets gate asks a
changeset for. A change to a package's tests, its own ``scripts/`` folder
or the dev-only keys of its manifest publishes nothing, so it touches no package (the same
exclusions as the affected-docs change set, docs/concepts/affected-docs.md#change-set)."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

from govern.config import Config
from govern.gates.changesets import Package
from govern.gates.pull_request import PullRequestInput
from govern.git.gitio import Git, RawChange
from govern.git.packages import (
    folder_manifests,
    is_dev_only_manifest_change,
    is_package_script,
    is_test_file,
    manifest_blobs,
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
    its own packages cannot take one out of the gate. A package published at the merge base
    stays owed while its folder still holds files at the head, whatever the PR did to its
    manifest (broke it, dropped its name, marked it private, deleted or renamed it); and a
    path it owned, or would have owned, at the merge base stays its own when the package
    owning it at the head publishes nothing (a private manifest the PR added in a folder of
    it). A package the PR deletes outright is not asked for: there is nothing left to
    release; a new package owes only itself."""
    names = config.code.package_manifests
    head_tree = git.ls_tree(pr.head)
    head_paths = sorted(entry.path for entry in head_tree)
    at_head = manifest_blobs(head_tree, names)
    at_base = manifest_blobs(git.ls_tree(pr.merge_base), names)
    dirs_at_head = package_dirs(at_head, names)
    dirs_at_base = package_dirs(at_base, names)
    dev_only = _dev_only_edits(git, changes, names)
    # each changed path: its package at the head and at the merge base, and whether it was
    # there (a path that was not is owed to the base's package only if the head's owes nothing)
    owned: list[tuple[str, str, bool]] = []
    for change in changes:
        if change in dev_only:
            continue
        base_side = (change.old_path or change.path) if change.status != "A" else None
        for path in dict.fromkeys(p for p in (change.path, change.old_path) if p is not None):
            if path.startswith(".changeset/") or is_test_file(path):
                continue
            head_owner = package_of(path, dirs_at_head)
            if not is_package_script(path, head_owner):
                owned.append((head_owner, package_of(path, dirs_at_base), path == base_side))
    head_owners = sorted({head for head, _, _ in owned} & dirs_at_head)
    published = _published(git, at_head, head_owners, names)
    base_owners = sorted({base for head, base, existed in owned
                          if existed or head not in published}
                         | {head for head in head_owners if head not in published})
    base_owners = [folder for folder in base_owners if _holds_files(head_paths, folder)]
    at_base_published = _published(git, at_base, base_owners, names)
    packages: dict[str, Package] = {}
    for folder in (*head_owners, *base_owners):
        found = published.get(folder) or at_base_published.get(folder)
        if found is not None:
            packages.setdefault(found[0], Package(*found))
    return tuple(packages.values())


def _holds_files(paths: Sequence[str], folder: str) -> bool:
    """Does the sorted tree listing ``paths`` hold a file in ``folder`` (``""``: the root)?"""
    if not folder:
        return bool(paths)
    prefix = folder + "/"
    at = bisect_left(paths, prefix)
    return at < len(paths) and paths[at].startswith(prefix)


def _published(git: Git, manifests: dict[str, str], folders: Sequence[str],
               names: Sequence[str]) -> dict[str, tuple[str, str]]:
    """(published name, manifest path) of each folder whose first manifest that reads, in the
    order of ``names``, names a package that is not private."""
    found: dict[str, tuple[str, str]] = {}
    for folder, read in folder_manifests(folders, manifests, names, git.read_texts).items():
        path, text = read[0]
        package, private = manifest_name(path.rpartition("/")[2], text)
        if package and not private:
            found[folder] = (package, path)
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
