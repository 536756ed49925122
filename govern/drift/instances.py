"""Instance-qualified members: docs write ``app.route`` for ``Flask.route`` and
``request.headers`` for ``Request.headers`` (docs/concepts/anchoring-rules.md#instance-names).

The instance names are learned from the docs' own code, an assignment of a call of the class
(``app = Flask(__name__)``, ``client = pkg.Client()``), read only on the pages that call the
class, bare or qualified; each changed member then anchors as ``instance.member`` too, a
qualified name like any other.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from govern.drift.anchors.extract import Candidate
from govern.drift.docs.index import CALL, DocsIndex
from govern.drift.docs.scanner import CALL_ASSIGNMENT

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
_MAX_BOUND = 5_000


def _bound_on(index: DocsIndex, page_id: int, container: str) -> frozenset[str]:
    blob = index.pages[page_id].blob
    if blob not in _BOUND:
        if len(_BOUND) >= _MAX_BOUND:
            _BOUND.clear()
        bound: dict[str, set[str]] = {}
        for match in CALL_ASSIGNMENT.finditer(index.read_text(page_id)):
            bound.setdefault(match.group(2), set()).add(match.group(1))
        _BOUND[blob] = {called: frozenset(names) for called, names in bound.items()}
    return _BOUND[blob].get(container, frozenset())


def instance_names(containers: Collection[str], index: DocsIndex) -> dict[str, list[str]]:
    """For each of ``containers``, the names the docs bind an instance of it to, in order;
    none when more than ``MAX_NAMES``. Only pages that call the class in code can bind it,
    bare (``Flask(``) or qualified (``flask.Flask(``, ``aiohttp.web.Application(``), as the
    assignment is read either way."""
    qualified = index.calling_qualified(containers)
    found: dict[str, list[str]] = {}
    for container in containers:
        names: set[str] = set()
        for page_id in sorted(index.pages_with(CALL, (container,))
                              | qualified.get(container, set())):
            names |= _bound_on(index, page_id, container)
        names -= _NOT_INSTANCES
        found[container] = sorted(names) if len(names) <= MAX_NAMES else []
    return found


def instance_candidates(candidates: Iterable[Candidate], index: DocsIndex) -> list[Candidate]:
    """``instance.member`` for each changed member written ``Container.member``, unless more
    than ``MAX_PAGES`` hand-written pages write it."""
    members: dict[str, list[Candidate]] = {}
    for candidate in candidates:
        declaration = candidate.declaration
        if (candidate.kind == "symbol" and declaration is not None
                and declaration.container is not None and candidate.token == declaration.key):
            members.setdefault(declaration.container, []).append(candidate)
    found: list[Candidate] = []
    bound = instance_names(members, index)
    for container, changed in sorted(members.items()):
        for name in bound[container]:
            for c in changed:
                assert c.declaration is not None  # selected above
                token = f"{name}.{c.declaration.name}"
                written = index.naming_as_written(token)
                if sum(not index.pages[page_id].release_owned for page_id in written) \
                        <= MAX_PAGES:
                    found.append(Candidate(c.kind, token, c.file, c.side, c.declaration))
    return found
