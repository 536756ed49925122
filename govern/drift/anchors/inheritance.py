"""The spellings a class's inherited members are declared in (``Sub.method``), for both
extractors (docs/concepts/anchoring-rules.md#inherited-members)."""

from __future__ import annotations

from collections.abc import Callable

from govern.drift.anchors.model import Declaration
from govern.drift.anchors.syntax import inherited_members


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
