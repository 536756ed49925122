"""The spellings a class's inherited members are declared in (``Sub.method``), for both
extractors (docs/concepts/anchoring-rules.md#inherited-members), and the members that override
one of a base class, for Python's (docs/concepts/anchoring-rules.md#overrides)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

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
    whatever the file declares under its last part, and is unread.

    Each class's ancestors are listed once (``_ancestors``), however many of its members
    changed, and a changed member is looked up in at most ``MAX_INHERITING`` of them: walking
    the bases once per changed member was quadratic (4,000 methods of a class listing 4,000
    bases of other files: 2.5 s)."""
    changed: dict[str, set[str]] = {}  # class -> the names of its changed members
    for declaration in touched:
        if declaration.container is not None and declaration.inherited_from is None:
            changed.setdefault(declaration.container, set()).add(declaration.name)
    # once a file, not once a changed member: a base of another file or named twice is dropped
    local = {name: [base for base in dict.fromkeys(listed) if base in members]
             for name, listed in bases.items()}
    found: set[str] = set()
    for container, names in changed.items():
        for ancestor in _ancestors(container, local):
            if names.isdisjoint(members[ancestor]):  # iterates the smaller set
                continue
            overridden = names & members[ancestor]
            found.update(f"{container}.{name}" for name in overridden)
            names -= overridden
            if not names:
                break
    return frozenset(found)


def _ancestors(container: str, local: dict[str, list[str]]) -> Iterator[str]:
    """The classes ``container`` extends, directly or through another, nearest first, and at
    most ``MAX_INHERITING`` of them: a base farther up is unread, as one of another file is.
    ``local`` lists each class's same-file bases once each, so the walk reads the lists of at
    most ``MAX_INHERITING`` + 1 classes and leaves a list once the cap is reached: bounded,
    however many bases a class names or how deep its chain is."""
    found = [container]  # breadth first: the nearest bases before their own
    seen = {container}
    index = 0
    while index < len(found) and len(found) <= MAX_INHERITING:
        for base in local.get(found[index], ()):
            if base not in seen:
                seen.add(base)
                found.append(base)
                yield base
                if len(found) > MAX_INHERITING:
                    break
        index += 1
