"""The values anchor extraction produces: declarations found in one side of one file, and the
anchors (kind, token, file, side) that affected-docs matches against docs pages."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace


@dataclass(frozen=True)
class Declaration:
    """A documentable declaration: a top-level one, or a member of a top-level container."""

    name: str
    """The bare name as written (``send``, ``getAudit``, ``FIELD_TYPES``)."""
    container: str | None
    """The enclosing top-level container (``Client`` for ``Client.send``), if any."""
    bridgeable: bool
    """A leaf (function, method, member): may bridge to routes. Containers are not."""
    binding: bool = False
    """A top-level name bound to a value (``app = Typer()``, ``export const limit = 5``), not a
    function or class: ``app()`` in a page calls whatever the reader bound, so a plain word
    bound so never anchors bare, as a member's does not
    (docs/concepts/anchoring-rules.md#plain-words)."""
    by_members: bool = field(default=False, compare=False)
    """A container anchored only because a member was added or removed, not by a line of its
    own: ``new Command()`` on a page is unchanged by ``Command`` gaining a method, so its bare
    plain-word name never anchors (its qualified and code-shaped ones do). Not compared: it is
    the same declaration as the one its own lines would anchor."""

    body_only: bool = field(default=False, compare=False)
    """A function or method changed only in its body: not its comment, decorators,
    parameters or docstring, which are all a generated reference (autodoc ``:members:``,
    mkdocstrings ``:::``) renders of it, so a page documenting it only that way shows nothing
    new (docs/concepts/anchoring-rules.md#what-anchors). Not compared, as ``by_members``."""

    doc_only: bool = field(default=False, compare=False)
    """A function, method, class or field changed only in the spelling of its documentation:
    its docstring (on lines of its own), the string written after a field or the comment
    block written above it (JSDoc, ``#:``), its words the same but for typos and punctuation
    (``govern.core.spelling``). A generated reference renders that text; a page naming it by
    hand describes its behaviour, signature and words, which did not change
    (docs/concepts/anchoring-rules.md#what-anchors). A docstring whose words changed is not
    ``doc_only``: its guide changes about as often. Not compared, as ``by_members``."""

    inherited_from: str | None = field(default=None, compare=False)
    """For a member a subclass inherits (``Sub.method``), the class whose own member was
    touched (``Base``): a member the base gains is one New API entry, on that class, not one
    per subclass (docs/concepts/anchoring-rules.md#inherited-members). Not compared."""

    alias_of: str | None = field(default=None, compare=False)
    """For a member of an instance several exported consts hold (``vitest.stubGlobal``, with
    ``export const vi = vitest``), the const whose spelling is the member's one New API entry
    (``vi``, the shortest; docs/concepts/anchoring-rules.md#what-anchors). Not
    ``inherited_from``: no class inherits anything here, the consts hold one object under
    two names. Not compared."""

    @property
    def key(self) -> str:
        """The name as ``Container.member`` or bare: unique within one file."""
        return f"{self.container}.{self.name}" if self.container else self.name


def unique(declarations: Iterable[Declaration]) -> list[Declaration]:
    """``declarations`` in order, once each. One found more than once (a class by its
    docstring and by its constructor's deprecation warning) is ``doc_only`` only where every
    finding is: any other says more than its documentation changed."""
    found: dict[Declaration, Declaration] = {}
    for declaration in declarations:
        held = found.setdefault(declaration, declaration)
        if held.doc_only and not declaration.doc_only:
            found[declaration] = replace(held, doc_only=False)
    return list(found.values())


@dataclass(frozen=True)
class Extraction:
    """What one side of one source file yields for a set of changed lines."""

    touched: tuple[Declaration, ...]
    """Declarations enclosing a changed line, in source order, without repeats."""
    declared: frozenset[str]
    """Keys of every public declaration in the file: a removed one is absent here at HEAD."""
    literals: tuple[str, ...]
    """Code-shaped string literals on changed lines that are declared surface (enum and union
    members, table keys and values, constants), and route-shaped ones."""
    error_line: int | None = None
    """First line tree-sitter had to recover from, if the source did not parse cleanly."""
    literal_kin: dict[str, frozenset[str]] = field(default_factory=dict)
    """Literal -> the code-shaped keys and members of the table it belongs to, for those of
    ``literals`` that are a key or member of a table declared outside any function (a
    config default, a registry): its siblings, should the change add it (New API)."""
    import_reexports: dict[str, str] = field(default_factory=dict)
    """Python only: exported name -> ``module:name`` it re-exports (for ``__init__`` chains)."""
    all_names: frozenset[str] | None = None
    """Python only: the module's ``__all__``, when it defines one."""
    instances: dict[str, str] = field(default_factory=dict)
    """Python only: each public top-level name the module exports bound to a call of a name
    it imports or declares (``logger = _Logger(…)``) -> that name's ``module:name``, as
    ``import_reexports`` gives an import's (``._logger:Logger``; ``.:App`` for a class of
    the module itself)."""
    reexports: frozenset[str] = frozenset()
    """Public names the file exports from other modules: a Python module's imports as its
    ``__all__`` allows (``from .chat import chat``), a TS/JS file's ``export { a as b }
    from './x'`` and the imported names it exports again (``export { a }``)."""
    widely_inherited: int = 0
    """Touched members more than ``syntax.MAX_INHERITING`` classes of the file inherit, which
    anchor on their own class only."""
    namespaces: frozenset[str] = frozenset()
    """TS only: the namespaces the file declares at its top. A name its export list gains or
    loses is a member of the namespace, no change of the function or class the namespace
    merges with (fastify's ``fastify()`` and its ``declare namespace fastify``)."""
    augmented: frozenset[str] = frozenset()
    """TS only: keys a ``declare global``/``declare module 'x'`` block declares. They merge
    into a name declared elsewhere (a built-in's ``interface Map<K, V> {}``), so losing one
    removes nothing (docs/concepts/anchoring-rules.md#certain-drift)."""
    inherited: frozenset[str] = frozenset()
    """Keys of the touched members a subclass inherits (``Response.last_modified`` of a
    changed ``StreamResponse.last_modified``): in ``touched`` and ``declared``, but no member
    the subclass gained or lost."""
    overrides: frozenset[str] = frozenset()
    """Python only: keys of the touched members that override a member of a base class of the
    same file (``DecimalField.to_representation``), or, once the change set reads the imports
    (``extract._imported_overrides``), of one imported from another module of the tree, and
    the functions a hook-implementation marker decorates (``extract._hook_implementations``):
    anchored in qualified forms only, not bare (docs/concepts/anchoring-rules.md#overrides)."""
    registered: frozenset[str] = frozenset()
    """Python only: the settings keys the file registers on any line (tox's
    ``conf.add_config(keys=[…])``): declared there, so one the base side registers and HEAD's
    changed files do not is removed (docs/concepts/anchoring-rules.md#literals)."""
    callers: dict[str, frozenset[str]] = field(default_factory=dict)
    """Touched bridgeable name -> the functions and methods of this file that reference it,
    directly or through a chain (``local_callers``)."""
    unparsed_line: int | None = None
    """First line of a region tree-sitter could not parse that a changed line falls in (set
    by the caller, which has the tree): what the changed lines declare there is unread, so a
    file they anchor nothing in is a blind spot, not a change of nothing public
    (``not_covered_reason``)."""
    passed_over: tuple[str, ...] = ()
    """What the changed lines touch that anchors nothing, as a reader would name it (``private
    `_helper```, ``the body of `Worker.__init__```, ``re-exports of unchanged names``): the
    NOT COVERED reason of a file none of whose changed lines anchor (``not_covered_reason``)."""


MAX_PASSED_OVER = 3
"""Passed-over declarations a NOT COVERED reason names: enough to tell which rule applied."""


NOTHING_PUBLIC = "no documentable declaration on the changed lines"
"""How the NOT COVERED reason of a file that was read opens: its changed lines touch only
private or unexported names, bodies or example code. Every other reason is a file govern
cannot read (no extractor, over ``code.max_parse_bytes``, binary, a manifest, changed lines
in a region that did not parse)."""


NO_EXTRACTOR = "no anchor extractor for"
"""How the NOT COVERED reason of a file of a kind no extractor reads opens (``no anchor
extractor for .rs files``): a language or format govern does not read for names."""

MANIFEST = "package manifest"
"""How the NOT COVERED reason of a package manifest that anchored nothing opens: govern reads a
manifest only for its runtimes, programs and removed dependencies."""


def not_covered_reason(extractions: Iterable[Extraction]) -> str:
    """Why a file's changed lines anchor nothing, naming what they touch where its extractor
    could tell (docs/concepts/affected-docs.md#change-set): a reader sees which rule passed
    them over, not only that one did. Changed lines in a region that did not parse (on
    either side) were not read, so nothing public is known of them: the reason says so,
    and the file counts among those govern cannot read."""
    read = list(extractions)
    unparsed = [e.unparsed_line for e in read if e.unparsed_line is not None]
    if unparsed:
        return (f"changed lines in a region tree-sitter could not parse (near line "
                f"{unparsed[0]}): the declarations there are unread")
    passed = list(dict.fromkeys(p for e in read for p in e.passed_over))
    reason = NOTHING_PUBLIC
    if not passed:
        return reason
    more = ", …" if len(passed) > MAX_PASSED_OVER else ""
    return f"{reason}; they touch {', '.join(passed[:MAX_PASSED_OVER])}{more}"


def is_foreign(anchorless: Mapping[str, str]) -> bool:
    """Is a NOT COVERED entry a file of a kind no extractor reads (:data:`NO_EXTRACTOR`)?"""
    return anchorless["reason"].startswith(NO_EXTRACTOR)


def is_manifest(anchorless: Mapping[str, str]) -> bool:
    """Is a NOT COVERED entry a package manifest that anchored nothing (:data:`MANIFEST`)?"""
    return anchorless["reason"].startswith(MANIFEST)


def is_implementation_only(anchorless: Mapping[str, str]) -> bool:
    """Was a NOT COVERED file read, and found to change nothing public? (Else govern could not
    read it.) Told by its reason, which older results already carry."""
    return anchorless["reason"].startswith(NOTHING_PUBLIC)


@dataclass(frozen=True)
class Anchor:
    """One documentable anchor: ``{kind, token, file, side}`` of
    docs/concepts/affected-docs.md#anchor-kinds."""

    kind: str
    token: str
    file: str
    side: str
    """``base``, ``head`` or ``both``."""

    def to_json(self) -> dict[str, str]:
        return {"kind": self.kind, "token": self.token, "file": self.file, "side": self.side}
