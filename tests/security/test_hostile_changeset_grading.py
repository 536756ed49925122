"""Attack: a PR touching thousands of packages, each graded by its own changeset. The missing
and level rules asked every changeset about every touched package, so the gate was quadratic
in the PR (8,000 of each took a minute); the highest grade of each package is now gathered
once, in one pass over the changesets."""

from __future__ import annotations

from govern.config import DeclarationsConfig
from govern.core.findings import Rule
from govern.gates.changesets import CarriedChangeset, ChangesetState, Package, check_changesets
from tests.security.pr import within

PACKAGES = 6_000


def _changeset(path: str, grades: dict[str, str]) -> CarriedChangeset:
    front = "".join(f'"{package}": {bump}\n' for package, bump in grades.items())
    return CarriedChangeset("A", path, f"---\n{front}---\n\nFix.\n")


def test_thousands_of_packages_and_changesets_are_graded_at_once() -> None:
    names = [f"pkg-{index}" for index in range(PACKAGES)]
    own = [_changeset(f".changeset/own-{index}.md", {name: "patch"})
           for index, name in enumerate(names)]
    # a later changeset lifts the even packages to minor and grades the odd ones patch again
    lift = _changeset(".changeset/lift.md", {name: "minor" if index % 2 == 0 else "patch"
                                             for index, name in enumerate(names)})
    state = ChangesetState(
        carried=(*own, lift), base_changesets=(),
        touched=tuple(Package(name, f"{name}/package.json") for name in [*names, "unreleased"]),
        labels=frozenset(), pre_mode=False, protocol="additive", body_narrowing=False)
    findings = within(lambda: check_changesets(state, DeclarationsConfig()), seconds=5)
    missing = [f.key for f in findings if f.rule is Rule.CHANGESET_MISSING]
    too_low = {f.key: (f.carrier, f.line) for f in findings if f.rule is Rule.CHANGESET_LEVEL}
    assert missing == ["unreleased"]
    # `additive` owes minor: the odd packages are graded patch twice, and the first
    # changeset grading a package at its highest is the one named
    assert too_low == {name: (f".changeset/own-{index}.md", 2)
                       for index, name in enumerate(names) if index % 2}
    assert len(findings) == 1 + PACKAGES // 2
