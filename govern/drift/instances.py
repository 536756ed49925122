"""Instance-qualified members: docs write ``app.route`` for ``Flask.route`` and
``request.headers`` for ``Request.headers`` (docs/concepts/anchoring-rules.md#instance-names).

The instance names are learned from the docs' own code, an assignment of a call of the class
(``app = Flask(__name__)``, ``client = pkg.Client()``), read only on the pages that call the
class, bare or qualified; or a binding of a package that exports an instance of it (``var
program = require('commander')``, :mod:`govern.drift.exported`). Each changed member then
anchors as ``instance.member`` too, a qualified name like any other.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from typing import TypeVar

from govern.drift.anchors.extract import Candidate, ChangeSetAnchors
from govern.drift.docs.index import CALL, DocsIndex
from govern.drift.docs.scanner import CALL_ASSIGNMENT
from govern.drift.exported import page_bindings

T = TypeVar("T")
Exported = Mapping[str, Collection[tuple[str, str]]]
"""For a class, the (package name, export name) pairs its package exports an instance of it
as (:func:`govern.drift.exported.exported_instances`)."""

_NOT_INSTANCES = frozenset({"self", "cls", "super"})
MAX_NAMES = 3
"""More instance names than this for one class: the docs bind it to anything, none is telling."""
MAX_PAGES = 2
"""An instance form written on more hand-written pages than this is the instance's everyday use
(``app.run``, ``app.config`` on every deployment page), not a page about the member: it anchors
nothing. A release-owned page is not counted: a changelog names a member because it changed,
as the over-broad cap counts hand-written pages only (commander's changelog writes
``program.option``, beside its README and ``docs/deprecated.md``)."""


_BOUND: dict[str, dict[str, frozenset[str]]] = {}
"""Page blob -> for each class the page calls in an assignment, the names bound to it. A blob
is its content, so the answer holds for every run of a process (a calibrate replay asks it for
every case). Read in one pass per page, whatever the number of changed classes: a page calling
20,000 classes was searched once per class."""
_IMPORTED: dict[str, dict[str, dict[str, frozenset[str]]]] = {}
"""Page blob -> the page's module bindings (:func:`govern.drift.exported.page_bindings`), kept
as :data:`_BOUND` is."""
_MAX_BOUND = 5_000


def _per_blob(cache: dict[str, T], index: DocsIndex, page_id: int,
              read: Callable[[str], T]) -> T:
    """``read`` of the page's text, once per blob for the process."""
    blob = index.pages[page_id].blob
    if blob not in cache:
        if len(cache) >= _MAX_BOUND:
            cache.clear()
        cache[blob] = read(index.read_text(page_id))
    return cache[blob]


def _assignments(text: str) -> dict[str, frozenset[str]]:
    bound: dict[str, set[str]] = {}
    for match in CALL_ASSIGNMENT.finditer(text):
        bound.setdefault(match.group(2), set()).add(match.group(1))
    return {called: frozenset(names) for called, names in bound.items()}


def _bound_on(index: DocsIndex, page_id: int, container: str) -> frozenset[str]:
    return _per_blob(_BOUND, index, page_id, _assignments).get(container, frozenset())


def _imported_on(index: DocsIndex, page_id: int, package: str, export: str) -> frozenset[str]:
    bindings = _per_blob(_IMPORTED, index, page_id, page_bindings)
    return bindings.get(package, {}).get(export, frozenset())


def instance_names(containers: Collection[str], index: DocsIndex,
                   exported: Exported | None = None) -> dict[str, list[str]]:
    """For each of ``containers``, the names the docs bind an instance of it to, in order;
    none when more than ``MAX_NAMES``. Only pages that call the class in code can bind it,
    bare (``Flask(``) or qualified (``flask.Flask(``, ``aiohttp.web.Application(``), as the
    assignment is read either way; and, for a class whose package exports an instance of it
    (``exported``), only pages naming the package can bind that instance."""
    qualified = index.calling_qualified(containers)
    found: dict[str, list[str]] = {}
    for container in containers:
        names: set[str] = set()
        for page_id in sorted(index.pages_with(CALL, (container,))
                              | qualified.get(container, set())):
            names |= _bound_on(index, page_id, container)
        for package, export in sorted((exported or {}).get(container, ())):
            for page_id in sorted(index.mentioning((package,))):
                names |= _imported_on(index, page_id, package, export)
        names -= _NOT_INSTANCES
        found[container] = sorted(names) if len(names) <= MAX_NAMES else []
    return found


def instance_candidates(candidates: Iterable[Candidate], index: DocsIndex,
                        exported: Callable[[list[Candidate]], Exported] = lambda _: {},
                        ) -> list[Candidate]:
    """``instance.member`` for each changed member written ``Container.member``, unless more
    than ``MAX_PAGES`` hand-written pages write it. ``exported`` tells, of those members, the
    instances their packages export; it is asked only when some member changed."""
    members: dict[str, list[Candidate]] = {}
    for candidate in candidates:
        declaration = candidate.declaration
        if (candidate.kind == "symbol" and declaration is not None
                and declaration.container is not None and candidate.token == declaration.key):
            members.setdefault(declaration.container, []).append(candidate)
    found: list[Candidate] = []
    changed_members = [c for changed in members.values() for c in changed]
    bound = instance_names(members, index, exported(changed_members) if members else {})
    for container, changed in sorted(members.items()):
        for name in bound[container]:
            for c in changed:
                assert c.declaration is not None  # selected above
                token = f"{name}.{c.declaration.name}"
                if not _everyday(token, index):
                    found.append(Candidate(c.kind, token, c.file, c.side, c.declaration))
    return found


def _everyday(token: str, index: DocsIndex) -> bool:
    """Is an instance form written on more than ``MAX_PAGES`` hand-written pages?"""
    written = index.naming_as_written(token)
    return sum(not index.pages[page_id].release_owned for page_id in written) > MAX_PAGES


def without_everyday_forms(change_set: ChangeSetAnchors, index: DocsIndex) -> list[Candidate]:
    """The change set's candidates less the instance forms of changed members that are an
    instance's everyday use: the extractor spells a member of a class a Python package exports
    an instance of on that instance (``logger.exception`` of loguru's ``Logger.exception``,
    :func:`govern.drift.anchors.python.package_instances`), and ``logger.exception`` is
    written on three pages that only log with it. A member the change adds keeps its form,
    and so does one it removes: a page writing the new method names it, which is then no New
    API, and one writing the removed method is stale."""
    new = {(entry.file, entry.declaration.key) for entry in change_set.added}
    return [c for c in change_set.candidates
            if not (c.kind == "symbol" and c.declaration is not None
                    and c.token in change_set.everyday_forms and c.token != c.declaration.key
                    and c.declaration.key in change_set.declared_at_head
                    and (c.file, c.declaration.key) not in new and _everyday(c.token, index))]


def removed_instance_forms(instances: Iterable[Candidate], removed: Collection[tuple[str, str]],
                           ) -> frozenset[tuple[str, str]]:
    """The instance forms (:func:`instance_candidates`) of the removed members: a page writing
    ``program.prompt`` is stale once ``Command.prompt`` is gone."""
    return frozenset((c.kind, c.token) for c in instances
                     if c.declaration is not None and (c.kind, c.declaration.key) in removed)
