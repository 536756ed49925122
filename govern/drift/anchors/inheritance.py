"""The spellings a class's inherited members are declared in (``Sub.method``), for both
extractors (docs/concepts/anchoring-rules.md#inherited-members), and the members that override
one of a base class, for Python's (docs/concepts/anchoring-rules.md#overrides)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from govern.drift.anchors.model import Declaration
from govern.drift.anchors.syntax import MAX_INHERITING, inherited_members


def inherited_spellings(bases: dict[str, list[str]], members: dict[str, set[str]],
                        public: Callable[[str], bool]) -> set[str]:
    """``Sub.member`` for every public member each class of the file inherits, touched or not.

    A side's declarations must hold them all: one whose hunks touch nothing (a docstring line
    deleted) lacked the spellings the other side touched, and so read them as removed on the
    base side (tornado's pages naming ``GoogleOAuth2Mixin.oauth2_request`` marked stale) or as
    new on the head side. Bounded as the touched ones are: a member more classes inherit than
    ``MAX_INHERITING`` gives none."""
    every = [Declaration(member, container, bridgeable=True)
             for container, names in members.items() for member in sorted(names)
             if public(member)]
    return {declaration.key for declaration in inherited_members(every, bases, members)[0]}


def overriding(touched: Iterable[Declaration], bases: dict[str, list[str]],
               members: dict[str, set[str]]) -> frozenset[str]:
    """Keys of the touched members that override a member of a base class of the same file
    (``DecimalField.to_representation`` of ``Field``'s): their bare name is the base's hook,
    which pages document on the base or on another subclass, so it anchors in qualified
    forms only (docs/concepts/anchoring-rules.md#overrides). ``bases`` maps a class to the
    bases it names bare (``Field``): a dotted one (``fields.Field``) is another module's,
    whatever the file declares under its last part, and is unread."""
    found: set[str] = set()
    for declaration in touched:
        if declaration.container is None or declaration.inherited_from is not None:
            continue
        frontier = list(bases.get(declaration.container, ()))
        seen = {declaration.container}
        # at most MAX_INHERITING bases a member: reading every class of a chain once per
        # changed member was quadratic (4,000 methods of a class 4,000 classes deep: 6 s); a
        # base farther up is unread, as one of another file is
        while frontier and len(seen) <= MAX_INHERITING:
            base = frontier.pop()
            if base in seen or base not in members:  # a base of another file is unread
                continue
            seen.add(base)
            if declaration.name in members[base]:
                found.add(declaration.key)
                break
            frontier.extend(bases.get(base, ()))
    return frozenset(found)
