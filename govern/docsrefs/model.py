"""The values ``govern check docs-refs`` works with: a reference read from a docs line, what
resolving it against the code found, and the findings a run reports."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import Any


class RefKind(Enum):
    """How a page names code; the value is the word the report uses."""

    ROLE = "role"
    """A Sphinx cross-reference role (``:func:`pkg.f```, ``{py:class}`X```)."""
    DIRECTIVE = "directive"
    """An autodoc directive (``.. autoclass:: pkg.C``) or a mkdocstrings block (``::: pkg.C``)."""
    CODE = "code"
    """A qualified name in a code span or fence (``pkg.mod.Name``, ``Class.method()``)."""
    IMPORT = "import"
    """An import in a code fence (``from pkg import Name``, ``import { x } from "@scope/pkg"``)."""
    COMMAND = "command"
    """An invocation of the repository's own program in a shell fence (``prog sub --flag``)."""
    ROUTE = "route"
    """A wire route with its method (``GET /api/v1/items/{id}``)."""


@dataclass(frozen=True)
class Reference:
    """One name a docs line writes, where it writes it, and the context it is read in."""

    page: str
    line: int
    column: int
    """1-based, of the name's first character."""
    kind: RefKind
    name: str
    """As the page means it: ``pkg.mod.Name``; ``prog sub --flag`` for a command."""
    scopes: tuple[str, ...] = ()
    """Where a relative cross-reference is looked up, innermost first, as Sphinx does: the class
    whose directive body it is written in, then the module the page made current
    (``.. currentmodule:: shop``, a MyST ``{currentmodule}`` fence)."""
    search: bool = False
    """A Sphinx ``.``-prefixed target: any qualified name ending in ``name`` resolves it."""
    loose: bool = False
    """A code span without call parentheses: ``pkg.word`` there may be an entry-point group,
    a logger name or a plugin namespace, so only a class's missing member is reported."""


class Status(Enum):
    RESOLVED = "resolved"
    MISSING = "missing"
    """The name's container is the repository's and closed, and it has no such member."""
    OUT_OF_SCOPE = "out of scope"
    """Not the repository's code (``os.path.join``, ``requests.get`` in another project)."""
    UNRESOLVABLE = "unresolvable"
    """The repository's, but its members cannot be listed (dynamic attributes, a value)."""


@dataclass(frozen=True)
class Resolution:
    status: Status
    missing: str | None = None
    """The part that is absent (``send`` of ``pkg.Client.send``)."""
    container: str | None = None
    """Where it was looked for (``pkg.Client``)."""
    candidates: tuple[str, ...] = ()
    """Names the container does have, for a suggestion."""
    in_class: bool = False
    """The container is a class (else a module, a command, the routes)."""
    why: str | None = None
    """Unresolvable because of the shape of a package the reference imports from: why, as
    the summary says it once (``fastify: its entry `fastify.js` is CommonJS, …``)."""


@dataclass(frozen=True)
class DocsRefFinding:
    """A docs line naming code that does not exist."""

    reference: Reference
    message: str
    suggestion: str | None
    """The name the page probably means: a rename the diff shows, else the nearest name."""

    @property
    def key(self) -> tuple[str, str, str]:
        """What a baseline remembers: stable when lines move (page, kind, name)."""
        return (self.reference.page, self.reference.kind.value, self.reference.name)

    def to_json(self) -> dict[str, Any]:
        ref = self.reference
        return {"page": ref.page, "line": ref.line, "column": ref.column, "kind": ref.kind.value,
                "name": ref.name, "message": self.message, "suggestion": self.suggestion}


@dataclass(frozen=True)
class Tally:
    """How many references a run read, by what resolving them found."""

    checked: int = 0
    resolved: int = 0
    missing: int = 0
    out_of_scope: int = 0
    unresolvable: int = 0
    reasons: tuple[str, ...] = ()
    """Why packages the pages import from are unresolvable, one line each (:attr:`Resolution.why`):
    else a page importing only from them is counted as unresolvable without a word."""
    missing_new: int | None = None
    """In diff mode, how many of ``missing`` the change introduced: the findings judged. The
    rest did not resolve before it either, and are not judged. None with ``--all``, where
    every one is."""

    def add(self, resolution: Resolution) -> Tally:
        counts = dict(vars(self))
        counts["checked"] += 1
        counts[resolution.status.name.lower()] += 1
        if resolution.why is not None and resolution.why not in self.reasons:
            counts["reasons"] = (*self.reasons, resolution.why)
        return Tally(**counts)

    def judged(self, new: int) -> Tally:
        """This tally in diff mode, ``new`` of its missing references introduced."""
        return replace(self, missing_new=new)

    def to_json(self) -> dict[str, int | list[str]]:
        counts: dict[str, int | list[str]] = {
            key: value for key, value in vars(self).items()
            if key not in ("missing_new", "reasons")}
        if self.missing_new is not None:
            counts.update(missing_new=self.missing_new,
                          missing_old=self.missing - self.missing_new)
        if self.reasons:
            counts["unresolvable_reasons"] = list(self.reasons)
        return counts
