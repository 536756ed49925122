"""The spellings a class's inherited members are declared in (``Sub.method``), for both
extractors (docs/concepts/anchoring-rules.md#inherited-members), and the members that override
one of a base class, for Python's (docs/concepts/anchoring-rules.md#overrides)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from collections.abc import Set as AbstractSet
from typing import TypeVar

from govern.drift.anchors.model import Declaration
from govern.drift.anchors.syntax import MAX_INHERITING, inherited_members

ClassKey = TypeVar("ClassKey", bound=Hashable)


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
    forms only (docs/concepts/anchoring-rules.md#overrides). ``bases`` maps a class to its
    bases as written (``Field``, ``fields.Field``): a dotted one is another module's,
    whatever the file declares under its last part, and is left to :func:`overrides_in`'s
    reading of the imports."""
    # once a file, not once a changed member: a base of another file or named twice is dropped
    local = {name: [base for base in dict.fromkeys(listed) if base in members]
             for name, listed in bases.items()}
    return overrides_in(touched, lambda container: container,
                        lambda name: local.get(name, ()), members.__getitem__)


def overrides_in(touched: Iterable[Declaration], node: Callable[[str], ClassKey],
                 parents: Callable[[ClassKey], Iterable[ClassKey]],
                 members: Callable[[ClassKey], AbstractSet[str]]) -> frozenset[str]:
    """Keys of the touched members whose name a class their class extends declares. A class
    is a ``ClassKey``: its name in the file (:func:`overriding`), or a file and a name, across the
    imports. ``node`` gives a changed member's class, ``parents`` a class's bases (each once),
    ``members`` a class's own member names.

    Each class's ancestors are listed once (``_ancestors``), however many of its members
    changed, and a changed member is looked up in at most ``MAX_INHERITING`` of them: walking
    the bases once per changed member was quadratic (4,000 methods of a class listing 4,000
    bases of other files: 2.5 s)."""
    changed: dict[str, set[str]] = {}  # class -> the names of its changed members
    copies: list[Declaration] = []  # the changed members subclasses inherit
    for declaration in touched:
        if declaration.container is None:
            continue
        if declaration.inherited_from is None:
            changed.setdefault(declaration.container, set()).add(declaration.name)
        else:
            copies.append(declaration)
    found: set[str] = set()
    for container, names in changed.items():
        for ancestor in _ancestors(node(container), parents):
            declared = members(ancestor)
            if names.isdisjoint(declared):  # iterates the smaller set
                continue
            overridden = names & declared
            found.update(f"{container}.{name}" for name in overridden)
            names -= overridden
            if not names:
                break
    # a subclass's copy of an override is the same hook (textual's ``MarkdownTBody``
    # inheriting ``MarkdownBlock.DEFAULT_CSS``, which overrides ``Widget``'s)
    found.update(copy.key for copy in copies if f"{copy.inherited_from}.{copy.name}" in found)
    return frozenset(found)


def _ancestors(start: ClassKey, parents: Callable[[ClassKey], Iterable[ClassKey]]
               ) -> Iterator[ClassKey]:
    """The classes ``start`` extends, directly or through another, nearest first, and at
    most ``MAX_INHERITING`` of them: a base farther up is unread, as one of another file is.
    ``parents`` lists each class's bases once each, so the walk reads the lists of at most
    ``MAX_INHERITING`` + 1 classes and leaves a list once the cap is reached: bounded,
    however many bases a class names or how deep its chain is."""
    found = [start]  # breadth first: the nearest bases before their own
    seen = {start}
    index = 0
    while index < len(found) and len(found) <= MAX_INHERITING:
        for base in parents(found[index]):
            if base not in seen:
                seen.add(base)
                found.append(base)
                yield base
                if len(found) > MAX_INHERITING:
                    break
        index += 1
