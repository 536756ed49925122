"""Attack: a changeset naming 20,000 packages. The duplicate check and the per-package look-ups
scanned lists, so the gate took minutes; sets and maps bound the work, and the front matter is
read with libyaml when PyYAML has it."""

from __future__ import annotations

from govern.config import DeclarationsConfig
from govern.gates.changesets import (
    CarriedChangeset,
    ChangesetError,
    ChangesetState,
    Package,
    check_changesets,
    parse_changeset,
)
from tests.security.pr import within

PACKAGES = 20_000


def _changeset(names: list[str]) -> str:
    return "---\n" + "".join(f'"{name}": patch\n' for name in names) + "---\n\nFix.\n"


def test_twenty_thousand_packages_are_judged_at_once() -> None:
    names = [f"pkg-{index}" for index in range(PACKAGES)]
    state = ChangesetState(
        carried=(CarriedChangeset("A", ".changeset/all.md", _changeset(names)),),
        base_changesets=(), touched=tuple(Package(name, f"{name}/package.json")
                                          for name in [*names, "unreleased"]),
        labels=frozenset(), pre_mode=False, protocol=None, body_narrowing=False)
    # well under a second here (see the branch report); the limit only catches the old minutes
    findings = within(lambda: check_changesets(state, DeclarationsConfig()), seconds=10)
    assert [finding.key for finding in findings] == ["unreleased"]


def test_a_package_named_twice_among_thousands_is_still_refused() -> None:
    names = [f"pkg-{index}" for index in range(PACKAGES)]
    parsed = within(lambda: parse_changeset(".changeset/all.md",
                                            _changeset([*names, "pkg-7"])), seconds=10)
    assert parsed == ChangesetError(".changeset/all.md", PACKAGES + 2, "`pkg-7` is named twice")
