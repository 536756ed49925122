"""affected-docs: diff -> anchors -> guards -> docs rows (docs/concepts/affected-docs.md).

A page is affected when it *names* something the change touched. The guards run before any
matching is trusted and every narrowing is published in the result, never silent.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from math import floor
from typing import Any, NamedTuple

from govern.config import AnchorsConfig
from govern.drift.anchors.extract import SKIPPED_LABELS, Added, Candidate, ChangeSetAnchors
from govern.drift.anchors.model import (
    MAX_PASSED_OVER,
    NO_EXTRACTOR,
    Anchor,
    Declaration,
    is_foreign,
    is_implementation_only,
    is_manifest,
)
from govern.drift.anchors.syntax import is_code_shaped
from govern.drift.docs.corpus import Page, is_history_page
from govern.drift.docs.index import DocsIndex
from govern.drift.docs.lines import PageMentions, mention_lines
from govern.drift.docs.page_code import PageCode
from govern.drift.homes import Home
from govern.drift.instances import instance_names
from govern.drift.paths import path_forms
from govern.drift.route_paths import TAIL_MARK
from govern.git.packages import is_example_file

SCHEMA_VERSION = 1


def skipped_label(key: str) -> str:
    return SKIPPED_LABELS.get(key, key.replace("_", " "))


GENERIC_NAMES = frozenset({
    "type", "types", "name", "names", "value", "values", "data", "result", "results", "options",
    "opts", "config", "context", "ctx", "error", "errors", "item", "items", "list", "index",
    "key", "keys", "id", "ids", "request", "response", "req", "res", "limit", "offset", "count",
    "total", "message", "status", "code", "path", "paths", "file", "files", "input", "output",
    "args", "kwargs", "params", "props", "state", "init", "main", "run", "test", "build",
    "check", "singular", "plural", "entry", "entries", "record", "records", "row", "rows",
    "field", "fields", "source", "target", "kind", "mode", "level", "scope", "handler",
    "callback", "events", "event", "self", "cls",
})


def is_generic(token: str, extra: tuple[str, ...]) -> bool:
    """Too short, or a generic name (built in, or ``anchors.generic_names``), in any case."""
    bare = token.lower()
    return len(token) < 3 or bare in GENERIC_NAMES or bare in {name.lower() for name in extra}


ANCHOR_KINDS = ("symbol", "literal", "route", "sdk", "command", "file", "runtime",
                "dependency", "region")
"""Every kind of anchor a run writes (docs/concepts/affected-docs.md#anchor-kinds), as the
published schema names them."""

RULE_RANKS = {
    "removed": 0,
    "deprecated": 0,
    "qualified_name": 1,
    "unique_name": 1,
    "route": 2,
    "sdk_method": 2,
    "command": 2,
    "file_path": 2,
    "written_region": 2,
    "runtime_version": 2,
    "install_command": 2,
    "route_tail": 3,
    "documented_prefix": 3,
    "call_form": 3,
    "module_home": 4,
}
"""Each evidence rule's rank, strongest first (docs/concepts/ranking.md): a page naming what
this change removed is certainly stale, one naming a module it deprecated certainly owes a
word of it; a qualified or code-shaped bare name is next; a
route, SDK method, command phrase or the path of a changed file is one hop from the code; a
route tail, a page that documents the whole container, and a plain word in call form are
weak; a page that only documents the changed module (``homes.py``), naming none of its
changed names, is weakest."""


def evidence_order(rule: str, kind: str, token: str, lines: Sequence[int]
                   ) -> tuple[int, int, int, str]:
    """Where one piece of evidence comes among a row's (docs/concepts/ranking.md): the
    stronger rule first; of one rank the more specific name (aiohttp's changed
    ``StreamResponse.enable_compression`` before its class, which the page names earlier, in
    an introduction), then the earlier line. The row's line is its first evidence's."""
    return (RULE_RANKS[rule], -token.count(".") if kind == "symbol" else 0,
            min(lines, default=0), token)


# a named tuple: a frozen dataclass costs every run 0.9 ms of import (Python 3.11)
class Evidence(NamedTuple):
    """Why one anchor put a page on the list: the rule, the anchor, where the page names it."""

    rule: str
    kind: str
    token: str
    lines: tuple[int, ...]

    @property
    def rank(self) -> int:
        return RULE_RANKS[self.rule]

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "kind": self.kind, "token": self.token,
                "lines": list(self.lines)}


# a named tuple: a frozen dataclass costs every run 0.9 ms of import (Python 3.11)
class Row(NamedTuple):
    path: str
    release_owned: bool
    stale: bool
    anchors: tuple[tuple[str, str, str], ...]
    """(kind, token, side) of each anchor that put the page here."""
    evidence: tuple[Evidence, ...] = ()
    """One per anchor, strongest first."""

    @property
    def rank(self) -> int:
        """The strongest evidence's rank (rows without evidence, from ``--all``, last)."""
        return min((e.rank for e in self.evidence), default=len(RULE_RANKS))

    @property
    def first_line(self) -> int | None:
        """The first line naming the row's first anchor with lines, in evidence order: a stale
        row opens at the removed name, not at an earlier mention of its class."""
        return next((e.lines[0] for e in self.evidence if e.lines), None)

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "release_owned": self.release_owned, "stale": self.stale,
                "anchors": [{"kind": k, "token": t, "side": s} for k, t, s in self.anchors],
                "evidence": [e.to_json() for e in self.evidence]}


@dataclass(frozen=True)
class Guarded:
    """Anchors after the guards, and what each guard dropped."""

    admitted: list[Anchor]
    pages: dict[tuple[str, str], set[int]]
    """(kind, token) -> page ids it matched."""
    weak: list[dict[str, str]]
    overbroad: list[dict[str, Any]]
    folded: list[dict[str, Any]] = field(default_factory=list)
    """Anchors that alone would add more than ``anchors.max_rows_per_anchor`` rows: one report
    line "named on N pages" each, no rows."""


def merge_sides(candidates: list[Candidate]) -> list[Anchor]:
    """One anchor per (kind, token): side ``both`` when both sides yield it."""
    merged: dict[tuple[str, str], Anchor] = {}
    for candidate in candidates:
        key = (candidate.kind, candidate.token)
        seen = merged.get(key)
        if seen is None:
            merged[key] = Anchor(candidate.kind, candidate.token, candidate.file, candidate.side)
        elif seen.side != candidate.side:
            merged[key] = Anchor(seen.kind, seen.token, seen.file, "both")
    return list(merged.values())


UNNAMED_KINDS = ("route", "command", "file", "runtime", "dependency", "region")
"""Anchors matched as a wire path, a phrase, a file path, a runtime version, a package an
install command names or a region's marker, never as a name: the generic and shape guards do
not apply to them."""
WHOLE_KINDS = ("file", "region")
"""Anchors every page they match is about, neither over-broad nor folded: a file's path, and
the marker of a region its script writes (docs/concepts/anchoring-rules.md#written-regions)."""


def anchor_pages(index: DocsIndex, kind: str, token: str, module: str = "", *,
                 tails: bool = True) -> set[int]:
    """The pages an anchor matches before the share guard: a route by its wire path (never
    generic), a command as a phrase of words, a file by its path, a runtime version as a
    clause saying it, a removed dependency in an install command, a code-shaped name as
    written or under a documented prefix (``module``, where the name is declared, if known:
    :meth:`DocsIndex.naming`), any other name only in call form (the shape guard). A literal
    is a string, no declaration a documented prefix renders: ``'pkg.errors.OldError'`` in a
    table is not under ``::: pkg.errors``. Without ``tails``, a bare name is not matched as
    the last part of a directive's target (:meth:`DocsIndex.naming_as_written`)."""
    if kind == "route":
        return index.routing(token)
    if kind == "command":
        return index.saying(token)
    if kind == "file":
        return index.naming_path(token)
    if kind == "runtime":
        return index.stating(token)
    if kind == "dependency":
        return index.installing(token)
    if kind == "region":
        return index.writing(token)
    if is_code_shaped(token):
        return index.naming(token, module, prefixes=kind != "literal", tails=tails)
    return index.calling(token)


def page_names(pages: Iterable[Page]) -> frozenset[str]:
    """What a docs site calls its pages, as a sidebar's ids and a page's ``slug`` write them:
    each page's path without its suffix, and its trailing parts of two segments or more
    (``server/error-formatting`` of ``www/docs/server/error-formatting.md``; ``path_forms``,
    so a page thousands of folders deep gives a dozen)."""
    names: set[str] = set()
    for page in pages:
        dot = page.path.rfind(".")
        names.update(path_forms(page.path[:dot] if dot > page.path.rfind("/") else page.path))
    return frozenset(names)


def declaring_module(token: str, spelling: tuple[str, str] | None) -> str:
    """The module part of a qualified name, given the (file, key) of the declaration it
    spells: ``cattrs.strategies`` of ``cattrs.strategies.configure_union_passthrough``,
    ``shop`` of ``shop.Client.send`` (key ``Client.send``); empty when unknown."""
    if spelling is None or not token.endswith("." + spelling[1]):
        return ""
    return token[:-len(spelling[1]) - 1]


def bare_names(candidates: list[Candidate]) -> set[tuple[str, str]]:
    """(kind, token) of the anchors that are a bare member or literal name: a member's own
    name (``start`` of ``Plugin.start``), a name bound to a value (``app = Typer()``), a
    plain word declared in example code (``setup`` of an example app: a tutorial's reader
    writes their own), a literal, an SDK method's last part, a container anchored only by a
    member it gained or lost (``new Command()`` is unchanged by a new method). A plain word
    in this set never anchors (docs/concepts/anchoring-rules.md#plain-words); any other
    plain-word top-level function still anchors in call form."""
    found = {(c.kind, c.token) for c in candidates if _is_bare(c)}
    # a container anchored only by a member gained or lost, in every file that names it (a
    # bare candidate's verdict changes nothing: its anchor is in ``found`` either way)
    return found | _unanimous(((c.kind, c.token), c.declaration.by_members)
                              for c in candidates
                              if c.declaration is not None and c.token == c.declaration.name)


def _is_bare(c: Candidate) -> bool:
    """Is the candidate a bare member or literal name (``bare_names``)?"""
    if c.kind in ("literal", "sdk"):
        return True
    if c.declaration is None or c.token != c.declaration.name:
        return False
    example = is_example_file(c.file) and not is_code_shaped(c.token)
    return c.declaration.container is not None or c.declaration.binding or example


def _unanimous(verdicts: Iterable[tuple[tuple[str, str], bool]]) -> set[tuple[str, str]]:
    """The (kind, token) anchors some candidate's verdict holds for and none denies: a trait
    of the anchor only when every declaration it names has it."""
    holds: set[tuple[str, str]] = set()
    denied: set[tuple[str, str]] = set()
    for anchor, verdict in verdicts:
        (holds if verdict else denied).add(anchor)
    return holds - denied


def apply_guards(anchors: list[Anchor], index: DocsIndex, config: AnchorsConfig,
                 removed: frozenset[tuple[str, str]] = frozenset(),
                 bare: frozenset[tuple[str, str]] = frozenset(),
                 spellings: Mapping[tuple[str, str], tuple[str, str]] | None = None,
                 confined: Mapping[tuple[str, str], set[int]] | None = None,
                 exact: frozenset[tuple[str, str]] = frozenset(),
                 deprecated: frozenset[tuple[str, str]] = frozenset(),
                 package_named: frozenset[tuple[str, str]] = frozenset()) -> Guarded:
    """Generic names, then shape (a plain word never anchors bare; a top-level one stays in
    call form), then corpus share, then the per-anchor row cap. A ``removed`` anchor is
    certain drift, and so is a ``deprecated`` one (:func:`deprecated_tokens`), which the
    generic, share and cap guards never drop, unless it is ``bare``:
    a removed member's own name (``response_model`` of ``APIRoute.response_model``) is any
    other object's too, so it is stale where listed but guarded like a name that still exists
    (docs/concepts/anchoring-rules.md#certain-drift). Routes, commands and file paths are no
    names: the name guards pass them. A file path is neither over-broad nor folded: it names
    one file, so every page writing it shows or describes that file
    (docs/concepts/anchoring-rules.md#file-paths); nor is a written region's marker, every
    page of which the script writes. ``spellings`` maps a name anchor to the
    declaration it spells (file, key): a hub term takes the declaration's spellings that are
    less qualified with it (:func:`_with_hub_spellings`). ``confined`` maps an anchor
    only example code declares to the only pages it may match, before any guard counts them
    (:func:`govern.drift.paths.example_scopes`). An ``exact`` anchor, a package's re-pointed
    default export, is used by every page naming it: the share and the cap pass it, as a file
    path. A ``package_named`` anchor (:func:`package_named_anchors`) is folded whatever its count,
    as if past the cap. The share and the cap count an anchor's hand-written pages only
    (:func:`hand_written_pages`); an admitted anchor still lists the release-owned pages
    naming it. The share is of the whole corpus, as the summary counts
    it: a threshold of the hand-written pages alone had dropped flask's ``flask.Flask`` (on 8
    of 53 hand-written pages; 15 % of all 54 is 8) from two changes whose authors edited one
    of those pages."""
    hand_written = hand_written_pages(index)
    threshold = max(3, floor(config.corpus_share * len(index.pages)))
    page_ids: frozenset[str] | None = None  # worked out for the first literal holding a ``/``
    admitted: list[Anchor] = []
    pages: dict[tuple[str, str], set[int]] = {}
    weak: list[dict[str, str]] = []
    overbroad: list[dict[str, Any]] = []
    folded: list[dict[str, Any]] = []
    written_on: dict[tuple[str, str], set[int]] = {}  # anchor -> the hand-written pages naming it
    for anchor in anchors:
        key = (anchor.kind, anchor.token)
        certain = (key in removed or key in deprecated) and key not in bare
        named = anchor.kind not in UNNAMED_KINDS
        plain = named and not is_code_shaped(anchor.token)
        if not certain and named and (
                is_generic(anchor.token, config.generic_names) or (plain and key in bare)):
            weak.append({"token": anchor.token, "kind": anchor.kind})
            continue
        spelling = (spellings or {}).get(key)
        # a member's own name (``BINDINGS`` of ``Switch.BINDINGS``) is no directive's last
        # part: ``::: pkg.Tree.BINDINGS`` writes another member, and ``::: pkg.Switch.BINDINGS``
        # is matched by the anchor ``Switch.BINDINGS``
        matched = anchor_pages(index, anchor.kind, anchor.token,
                               declaring_module(anchor.token, spelling),
                               tails=spelling is None or "." not in spelling[1])
        if anchor.kind == "literal" and "/" in anchor.token:
            page_ids = page_names(index.pages) if page_ids is None else page_ids
            if anchor.token in page_ids:
                matched = set()  # a sidebar's entry: it navigates to the page, names no API
        if certain and key in removed and named and is_code_shaped(anchor.token):
            # a link-index line's name breaks only when removed: then the link does
            matched |= index.linking(anchor.token)
        if confined is not None and key in confined:
            matched &= confined[key]
        if not matched and plain and not certain:
            weak.append({"token": anchor.token, "kind": anchor.kind})
            continue
        if certain and named and is_code_shaped(anchor.token) \
                and len(matched & hand_written) > min(threshold, config.max_rows_per_anchor):
            matched = _certain_pages(anchor, matched, index, hand_written, threshold, config,
                                     folded)
        whole = certain or anchor.kind in WHOLE_KINDS or key in exact  # every page it matched
        written_on[key] = matched & hand_written
        counted = len(written_on[key])
        past_cap = counted > min(threshold, config.max_rows_per_anchor)
        # folded as the package's own name, where no count would have folded it
        own_name = key in package_named and counted > 0 and not past_cap
        if not whole and (own_name or past_cap):
            entry: dict[str, Any] = {"token": anchor.token, "kind": anchor.kind, "pages": counted}
            if own_name:
                entry["package_name"] = True
            (overbroad if counted > threshold else folded).append(entry)
            headed = index.sections(anchor.token, matched & hand_written)
            if not 0 < len(headed) <= MAX_HEADED_PAGES:
                continue
            # the section documenting it stays on the list (fastify's `#### setErrorHandler`)
            entry["kept"] = sorted(index.pages[page_id].path for page_id in headed)
            matched = headed
        admitted.append(anchor)
        pages[key] = matched
    if spellings:
        admitted = _with_hub_spellings(admitted, pages, overbroad, removed | deprecated,
                                       spellings, hand_written)
        _note_listed_through(overbroad, written_on, admitted, pages, spellings)
    return Guarded(admitted, pages, weak, overbroad, folded)


MAX_HEADED_PAGES = 2
"""An over-broad or folded anchor still lists the pages with a heading naming it, when they
are this few: more are as little telling as the rest."""


def hand_written_pages(index: DocsIndex) -> frozenset[int]:
    """The ids of the pages that are not release-owned: the only ones the guards count and
    New API looks for a name on. A changelog names a symbol in passing ("``--port=0``",
    "Flask's ``send_file()``"), which makes it neither a hub term (uvicorn's ``--port`` on 3
    hand-written pages and ``CHANGELOG.md``) nor documented (werkzeug's new ``send_file``,
    which only ``CHANGES.rst`` wrote)."""
    return frozenset(page_id for page_id, page in enumerate(index.pages)
                     if not page.release_owned)


def _certain_pages(anchor: Anchor, matched: set[int], index: DocsIndex,
                   hand_written: frozenset[int], threshold: int, config: AnchorsConfig,
                   folded: list[dict[str, Any]]) -> set[int]:
    """The pages of a removed name that pass the guards: every page writing it (certain
    drift), and those reaching it only through a documented container (``.. autoclass::``
    with ``:members:``) only as a name that still exists would: they are listed but not
    stale (:func:`_certain`), so on more hand-written pages than the share or the row cap
    allows they are folded into one line."""
    written = matched & (index.naming_as_written(anchor.token) | index.linking(anchor.token))
    through_containers = len((matched - written) & hand_written)
    if through_containers <= min(threshold, config.max_rows_per_anchor):
        return matched
    folded.append({"token": anchor.token, "kind": anchor.kind, "pages": through_containers})
    return written


def pages_phrase(count: int) -> str:
    """``1 page``, ``6 pages``."""
    return f"{count} page{'' if count == 1 else 's'}"


def folded_reason(entry: dict[str, Any]) -> str:
    """What became of a folded anchor (``folded_anchors``), after its name: why it was
    folded and which pages still list it."""
    why = " (the package's own name, changed only in its body)" \
        if entry.get("package_name") else ""
    kept = f"listed only on {', '.join(entry['kept'])}, whose heading or object directive " \
           "names it" if "kept" in entry else "not listed"
    return f"named on {pages_phrase(entry['pages'])}: folded{why}, {kept}"


def overbroad_reason(entry: dict[str, Any]) -> str:
    """Why an anchor was dropped as over-broad: named on too many pages itself, or a less
    qualified spelling of a hub term (``Typer`` with ``typer.Typer``), whatever its own count."""
    reason = f"named on {pages_phrase(entry['pages'])}"
    if "with" in entry:
        reason += f", dropped with the over-broad {entry['with']}"
    if "kept" in entry:
        reason += f"; kept on {', '.join(entry['kept'])}, whose heading or object directive " \
                  "names it"
    if "through" in entry:
        reason += f"; {entry['listed']} of them listed through {', '.join(entry['through'])}"
    return reason


def _note_listed_through(overbroad: list[dict[str, Any]],
                         written_on: Mapping[tuple[str, str], set[int]], admitted: list[Anchor],
                         pages: Mapping[tuple[str, str], set[int]],
                         spellings: Mapping[tuple[str, str], tuple[str, str]]) -> None:
    """Adds to each over-broad anchor's entry the other spellings of its declaration that
    still list some of its pages (``through``) and how many of its pages they list
    (``listed``): aiohttp's ``run_app``, named on 7 pages, is dropped, while the 6 of them
    whose role resolves to ``aiohttp.web.run_app`` (``:func:`run_app``` after ``..
    currentmodule:: aiohttp.web``) are listed through that name. A report saying only
    "dropped" had read as if those pages were not listed."""
    by_declaration: dict[tuple[str, str], list[Anchor]] = {}
    for anchor in admitted:
        declaration = spellings.get((anchor.kind, anchor.token))
        if declaration is not None:
            by_declaration.setdefault(declaration, []).append(anchor)
    for entry in overbroad:
        key = (entry["kind"], entry["token"])
        declaration = spellings.get(key)
        if declaration is None:
            continue
        own = pages.get(key, set())  # the pages its heading or directive keeps, if any
        listed: set[int] = set()
        through = []
        for anchor in by_declaration.get(declaration, ()):
            found = pages[(anchor.kind, anchor.token)] & written_on[key] - own
            if anchor.token != entry["token"] and found:
                listed |= found
                through.append(anchor.token)
        if through:
            entry["through"] = sorted(through)
            entry["listed"] = len(listed)


def _with_hub_spellings(admitted: list[Anchor], pages: dict[tuple[str, str], set[int]],
                        overbroad: list[dict[str, Any]], removed: frozenset[tuple[str, str]],
                        spellings: Mapping[tuple[str, str], tuple[str, str]],
                        hand_written: frozenset[int]) -> list[Anchor]:
    """The admitted anchors less those a hub term of their declaration takes with it: when
    ``typer.Typer`` is named on too many pages, the pages naming ``Typer`` in call form are
    a biased few of the same many, so that spelling is over-broad too; a more qualified one
    (``flask.Flask`` when the hub term is ``Flask``) still names the declaration precisely,
    and so does one as qualified (attrs' ``attr.define`` beside ``attrs.define``: the pages
    about the old namespace). Removed names are certain drift and stay."""
    hubs: dict[tuple[str, str], str] = {}  # declaration -> its most qualified hub spelling
    entries = {(entry["kind"], entry["token"]): entry for entry in overbroad}
    for entry in overbroad:
        declaration = spellings.get((entry["kind"], entry["token"]))
        if declaration is not None and entry["token"].count(".") >= hubs.get(
                declaration, "").count("."):
            hubs[declaration] = entry["token"]
    kept = []
    for anchor in admitted:
        key = (anchor.kind, anchor.token)
        declaration = spellings.get(key)
        if key not in removed and declaration in hubs \
                and anchor.token.count(".") < hubs[declaration].count("."):
            count = len(pages.pop(key) & hand_written)
            own = entries.get(key)
            if own is None:  # named on few pages itself: the entry says which hub took it
                overbroad.append({"token": anchor.token, "kind": anchor.kind, "pages": count,
                                  "with": hubs[declaration]})
            else:  # over-broad itself, and kept on its section's page: one entry says both
                del own["kept"]
                own["with"] = hubs[declaration]
        else:
            kept.append(anchor)
    return kept


def removed_tokens(change_set: ChangeSetAnchors) -> frozenset[tuple[str, str]]:
    """Symbol anchors of declarations that exist on the base side and nowhere at HEAD, in
    any spelling: axios' ``axios.AxiosHeaders`` (a namespace's class) gone while the same
    files declare a top-level ``AxiosHeaders`` has not removed the name ``AxiosHeaders``. Not
    example code's: a tutorial's function is the reader's code, not API a page goes stale
    over. Program names no manifest declares any more are removed too, and so are the runtime
    versions a changed manifest stopped admitting."""
    spelled = set(change_set.declared_at_head)
    for key in change_set.declared_at_head:
        spelled.update(key.split("."))  # a name as a container or as a member
    return frozenset({
        (c.kind, c.token)
        for c in change_set.candidates
        if c.side == "base" and c.declaration is not None
        and c.declaration.key not in change_set.declared_at_head
        and c.token not in spelled and not is_example_file(c.file)
    } | {("command", name) for name in change_set.removed_programs}
      | {("runtime", version) for version in change_set.dropped_runtimes})


def deprecated_tokens(modules: Sequence[Candidate], candidates: Iterable[Candidate]
                      ) -> frozenset[tuple[str, str]]:
    """(kind, token) of the deprecated ``modules``
    (:func:`govern.drift.paths.deprecated_modules`) and of the names of their files spelled
    under them (``werkzeug.contrib.atom.AtomFeed``): certain drift. A bare name
    (``AtomFeed``) or one a package re-exports is any page's, and the import it names may not
    warn."""
    prefixes = {module.file: f"{module.token}." for module in modules}
    found = {(module.kind, module.token) for module in modules}
    found.update((c.kind, c.token) for c in candidates if c.kind == "symbol"
                 and c.file in prefixes and c.token.startswith(prefixes[c.file]))
    return frozenset(found)


def _rules(anchor: Anchor, page_ids: Collection[int], index: DocsIndex,
           removed: frozenset[tuple[str, str]]) -> dict[int, tuple[str, str]]:
    """(evidence rule, how the index matched) of one anchor on each page it reached, the way
    apply_guards matched it, before any removal is weighed (:func:`_certain`): a ``removed``
    name written on a link-index line is written there. The index is
    asked once for the anchor, not once per page: each answer lists every page holding the
    token, and asking per page cost anchors × pages² (500 names each called on 100 pages
    took 7 s)."""
    if anchor.kind == "route":
        return dict.fromkeys(page_ids, (
            "route_tail" if anchor.token.startswith(TAIL_MARK) else "route", "route"))
    if anchor.kind == "command":
        return dict.fromkeys(page_ids, ("command", "phrase"))
    if anchor.kind == "file":
        return dict.fromkeys(page_ids, ("file_path", "path"))
    if anchor.kind == "runtime":
        return dict.fromkeys(page_ids, ("runtime_version", "runtime"))
    if anchor.kind == "dependency":
        return dict.fromkeys(page_ids, ("install_command", "install"))
    if anchor.kind == "region":
        return dict.fromkeys(page_ids, ("written_region", "region"))
    # a page naming it only in a generated block (an automd block's) documents it as a
    # documented prefix does: it renders the signature and doc comment
    if not is_code_shaped(anchor.token):
        calling = index.calling_as_written(anchor.token)
        return {page_id: ("call_form", "call") if page_id in calling
                else ("documented_prefix", "generated") for page_id in page_ids}
    written = index.naming_as_written(anchor.token)
    if (anchor.kind, anchor.token) in removed:
        written |= index.linking(anchor.token)
    generated = set() if written.issuperset(page_ids) else index.generating(anchor.token)
    named = ("sdk_method" if anchor.kind == "sdk"
             else "qualified_name" if "." in anchor.token else "unique_name")
    return {page_id: (named, "written") if page_id in written
            else ("documented_prefix", "generated" if page_id in generated else "prefix")
            for page_id in page_ids}


CERTAIN_RULES = ("removed", "deprecated")
"""The evidence rules of certain drift: what a page writes was removed, or deprecated."""
GENERATING = ("prefix", "generated")
"""How a page reaching an anchor only through what a generator renders matched it: a
documented container (``::: pkg.Client``) or a generated block (an automd block)."""


def _certain(anchor: Anchor, how: str, removed: frozenset[tuple[str, str]]) -> bool:
    """Whether the page names a removed anchor itself. A member it reaches only through its
    documented container (``.. autoclass:: LimitedStream`` with ``:members:``, ``:::
    pkg.Client``) is not written there: the generator stops listing it, so the page is listed
    but not stale (docs/concepts/anchoring-rules.md#certain-drift)."""
    return (anchor.kind, anchor.token) in removed and how not in GENERATING


def _module_roots(removed: frozenset[tuple[str, str]], packages: Iterable[str]
                  ) -> dict[str, set[str]]:
    """For each removed bare name, the packages an import of it from the changed code names:
    the changed packages' published names (``valtio``) and the first part of each removed
    qualified spelling of it (``werkzeug`` of ``werkzeug.utils.escape``)."""
    roots = {token: set(packages) for kind, token in removed
             if kind == "symbol" and "." not in token}
    for kind, token in removed:
        if kind == "symbol" and (name := token.rpartition(".")[2]) in roots and name != token:
            roots[name].add(token.partition(".")[0])
    return roots


def _bound_by_page(anchor: Anchor, release_owned: bool, code: PageCode,
                   roots: Mapping[str, set[str]]) -> bool:
    """Whether a page's own code binds a removed bare name to another object: declares it
    (uvicorn's README defining its own ``hello_world``) or imports it from no changed package
    (werkzeug's ``from html import escape``). A release note is not read: it is never stale,
    and its evidence says what it records."""
    own = roots.get(anchor.token) if anchor.kind == "symbol" else None
    return own is not None and not release_owned and code.binds_elsewhere(anchor.token, own)


def _declared_so(candidates: Iterable[Candidate], trait: Callable[[Declaration], bool]
                 ) -> frozenset[tuple[str, str]]:
    """(kind, token) of the anchors whose every declaration has ``trait``."""
    return frozenset(_unanimous(((c.kind, c.token), c.declaration is not None
                                 and trait(c.declaration)) for c in candidates))


def package_named_anchors(body_only: frozenset[tuple[str, str]], packages: Iterable[str]
                          ) -> frozenset[tuple[str, str]]:
    """Of the ``body_only`` anchors (:func:`body_only_anchors`), the names spelled as a
    changed package's own published name: fastify's ``function fastify (options) {…}`` holds
    the whole server, and every guide writing ``fastify()`` names the package as much as the
    function: changes inside its body had listed 30 such rows in 9 of 59 sampled commits,
    none a page the commit edited (docs/concepts/anchoring-rules.md#the-packages-own-name).
    Its signature, doc comment or removal still anchors it as any function's does. A name's
    ``-`` and ``.`` read as ``_``, as Python's packaging compares names (``my-srv`` is the
    distribution of ``my_srv``)."""
    names = frozenset(name.replace("-", "_").replace(".", "_") for name in packages)
    return frozenset(key for key in body_only if key[0] == "symbol" and key[1] in names)


def body_only_anchors(candidates: Iterable[Candidate]) -> frozenset[tuple[str, str]]:
    """(kind, token) of the anchors whose every declaration changed only in its body
    (``Declaration.body_only``): a page that documents them only through a generating
    directive renders nothing new."""
    return _declared_so(candidates, lambda declaration: declaration.body_only)


def doc_only_anchors(candidates: Iterable[Candidate]) -> frozenset[tuple[str, str]]:
    """(kind, token) of the anchors whose every declaration changed only in the spelling of
    its documentation (``Declaration.doc_only``): only a page rendering them from the code
    shows anything new."""
    return _declared_so(candidates, lambda declaration: declaration.doc_only)


def build_rows(guarded: Guarded, index: DocsIndex, removed: frozenset[tuple[str, str]],
               packages: Iterable[str] = (),
               body_only: frozenset[tuple[str, str]] = frozenset(),
               doc_only: frozenset[tuple[str, str]] = frozenset(),
               deprecated: frozenset[tuple[str, str]] = frozenset()) -> list[Row]:
    """One row per page, ordered by evidence (docs/concepts/ranking.md): strongest rule
    first, then more anchors, then path; each anchor's evidence carries the page lines
    naming it, read only for the pages listed. A page is stale when it names a removed anchor
    itself (:func:`_certain`) and its own code does not bind that name to another object
    (:func:`_bound_by_page`); ``packages`` are the changed packages' published names. One
    naming a ``deprecated`` anchor so (:func:`deprecated_tokens`) has its evidence say
    ``deprecated``: certain drift, though nothing on the page broke, so the page is not
    stale. A ``body_only`` anchor (:func:`body_only_anchors`) does not list a page that
    reaches it only through its documented container: autodoc renders the signature and
    docstring, which did not change (click's ``docs/api.md`` for a line inside
    ``Parameter.consume_value``).
    A page holding nothing but generating directives keeps only its certain drift
    (:func:`_breaking`). A ``doc_only`` anchor (:func:`doc_only_anchors`: its documentation
    changed only in spelling) lists only the pages rendering it: its documented container, a
    generated block, an autodoc directive or mkdocstrings block of its own
    (:func:`rendered_names`); a page naming it by hand describes a signature, behaviour and
    words that did not change (alembic's ``naming.rst`` writing ``op.f(…)``, for a fix to the
    markup of ``Operations.f``'s docstring)."""
    # each anchor with its rule on a page, less a ``body_only`` one the page reaches only
    # through its documented container
    ruled_by_page: dict[int, list[tuple[Anchor, str, str]]] = {}
    for anchor in guarded.admitted:
        key = (anchor.kind, anchor.token)
        for page_id, (rule, how) in _rules(anchor, guarded.pages[key], index, removed).items():
            if how not in GENERATING or key not in body_only:
                ruled_by_page.setdefault(page_id, []).append((anchor, rule, how))
    roots = _module_roots(removed, packages)
    # the packages a page's import of a changed bare name may come from: the changed
    # packages and the first part of every dotted spelling of this change
    own = {name for name in packages if name} | {
        anchor.token.partition(".")[0] for anchor in guarded.admitted
        if anchor.kind == "symbol" and "." in anchor.token}
    certain = removed | deprecated
    rows = []
    texts = index.read_texts(ruled_by_page)  # in one exchange with git
    rendering = index.rendering(ruled_by_page)
    for page_id, ruled in ruled_by_page.items():
        page = index.pages[page_id]
        text = texts[page_id]
        code = PageCode(text)
        # a bare name the page's code imports from another package only is that package's
        ruled = [(anchor, rule, how) for anchor, rule, how in ruled
                 if anchor.kind != "symbol" or "." in anchor.token
                 or not code.imports_elsewhere(anchor.token, own | roots.get(anchor.token,
                                                                             set()))]
        ruled = _rendering(ruled, doc_only, partial(index.rendered, page_id))
        if not ruled:
            continue
        anchors = [anchor for anchor, _rule_name, _how in ruled]
        mentions = PageMentions(text, page.path)
        evidence = []
        history = is_history_page(page.path)
        for anchor, rule, how in ruled:
            lines = mentions.lines(anchor.token, how)
            if _certain(anchor, how, certain) and not history and not _bound_by_page(
                    anchor, page.release_owned, code, roots) \
                    and not (lines and code.diff_lines.issuperset(lines)):
                rule = "removed" if (anchor.kind, anchor.token) in removed else "deprecated"
            evidence.append(Evidence(rule, anchor.kind, anchor.token, lines))
        if page_id in rendering:
            anchors, evidence = _breaking(anchors, evidence)
            if not evidence:
                continue
        evidence.sort(key=lambda e: evidence_order(e.rule, e.kind, e.token, e.lines))
        rows.append(Row(
            path=page.path,
            release_owned=page.release_owned,
            # a release note naming a removed name records history: listed, never stale
            stale=not page.release_owned and any(e.rule == "removed" for e in evidence),
            anchors=tuple((a.kind, a.token, a.side) for a in anchors),
            evidence=tuple(evidence),
        ))
    return sorted(rows, key=lambda row: (row.rank, -len(row.anchors), row.path))


def _breaking(anchors: list[Anchor], evidence: list[Evidence]
              ) -> tuple[list[Anchor], list[Evidence]]:
    """Of a rendering page's anchors and their evidence (one each, in order), those of
    certain drift: the build renders a changed name by itself, and fails, or renders
    nothing, only where a name the page writes was removed; and it renders a deprecated
    module's docstrings as if nothing were, unless someone writes the warning
    (docs/concepts/anchoring-rules.md#rendering-pages)."""
    kept = [(anchor, found) for anchor, found in zip(anchors, evidence, strict=True)
            if found.rule in CERTAIN_RULES]
    return [anchor for anchor, _ in kept], [found for _, found in kept]


def _rendering(ruled: list[tuple[Anchor, str, str]], doc_only: frozenset[tuple[str, str]],
               rendering: Callable[[], set[str]]) -> list[tuple[Anchor, str, str]]:
    """Those of a page's ``ruled`` anchors it shows a change of: a ``doc_only`` one only
    where the page renders it from the code (a generating rule, or the page naming it in
    an autodoc directive, a mkdocstrings block or a docblock link: ``rendering``), as a page
    written by hand says nothing a docstring alone changes. ``rendering`` is asked only when
    the page names a ``doc_only`` anchor otherwise."""
    if not any((anchor.kind, anchor.token) in doc_only for anchor, _rule, how in ruled
               if how not in GENERATING):
        return ruled
    rendered = rendering()
    return [(anchor, rule, how) for anchor, rule, how in ruled
            if how in GENERATING or (anchor.kind, anchor.token) not in doc_only
            or anchor.token in rendered]


def add_homes(rows: list[Row], homes: list[Home], index: DocsIndex) -> list[Row]:
    """``rows`` and, after them, a ``module_home`` row for each home page no name put on the
    list (docs/concepts/ranking.md): a page named after the file carries no line, a
    directive of the module the lines writing the module's name. A page that only renders
    directives (:meth:`DocsIndex.rendering`) is no row of a name that still exists: the build
    renders the module's change by itself."""
    listed = {row.path for row in rows}
    rendering = index.rendering([home.page_id for home in homes])
    extra = []
    for home in homes:
        page = index.pages[home.page_id]
        if page.path in listed or home.page_id in rendering:
            continue
        lines = () if home.module is None else mention_lines(
            index.read_text(home.page_id), page.path, home.module, "written")
        extra.append(Row(path=page.path, release_owned=page.release_owned, stale=False,
                         anchors=(("symbol", home.token, home.side),),
                         evidence=(Evidence("module_home", "symbol", home.token, lines),)))
    return rows + sorted(extra, key=lambda row: row.path)


MAX_SUGGESTIONS = 5


def find_new_api(added: list[Added], guarded: Guarded, index: DocsIndex,
                 config: AnchorsConfig, published: Callable[[Added, bool], bool]
                 ) -> list[dict[str, Any]]:
    """Symbols the change added that no hand-written page names yet (one only a changelog
    writes is a release-owned row and still new), each with the pages likely to be its home:
    pages naming at least two of its siblings, those naming the most of its kin first, then
    of its family (``_homes``); a symbol only when ``published`` (asked to read export
    chains only of a symbol with a home). A page
    documenting its module by a directive already names it (a documented prefix), so it is a
    row, not a suggestion. Suggestions, not rows (docs/concepts/anchoring-rules.md#new-api)."""
    hand_written = hand_written_pages(index)
    on_pages = {token for (_kind, token), found in guarded.pages.items()
                if found & hand_written}
    on_pages.update(entry["token"] for entry in guarded.folded + guarded.overbroad)
    found: dict[str, dict[str, Any]] = {}
    # An added symbol's own names are on no page (else it is a row), so every symbol of one
    # container or file in one namespace has the same homes: found once, however many.
    homes: dict[tuple[frozenset[str], frozenset[str], frozenset[str]], list[int]] = {}
    documenting: dict[tuple[tuple[int, ...], frozenset[str]], list[int]] = {}
    families: dict[str | frozenset[str], dict[int, set[str]]] = {}
    tiers = _kin_tiers(added)
    # docs write a member on an instance (``app.mount`` for ``H3.mount``, after ``const app =
    # new H3()``): a page doing so names it, and names its siblings so (``app.fetch``)
    bound = instance_names({entry.declaration.container for entry in added
                            if entry.declaration.container is not None}, index)
    for entry in added:
        if any(token in on_pages for token in (*entry.tokens, *entry.inherited,
                                               *_on_instances(entry.declaration.key, bound))):
            continue
        token = _entry_token(entry)
        if token in found:
            continue
        namespaces = frozenset(t.rpartition(".")[0] for t in entry.tokens if "." in t)
        for siblings in tiers[token]:
            key = (siblings, namespaces, entry.family)
            if key not in homes:
                homes[key] = _homes(*key, index, config, families, bound)
            if homes[key]:
                break
        # a suggestion is what a reader acts on: only a name with a home is worth a read of its
        # package's export chains (0.3 s of a warm run on objectstack's spec package, a
        # run's second cost); one with none is judged by its folder alone (``_internal/``)
        if not published(entry, bool(homes[key])):
            continue
        suggested = _documenting(homes[key], _containers(entry), index, documenting)
        found[token] = {"token": token, "file": entry.file,
                        "suggested_pages": [index.pages[page_id].path for page_id in suggested]}
    return list(found.values())


def _on_instances(key: str, bound: Mapping[str, Sequence[str]]) -> list[str]:
    """A member's spellings on the instances docs bind its container to (``app.mount`` of
    ``H3.mount``, :func:`instance_names`); none for a top-level name."""
    container, dot, member = key.rpartition(".")
    return [f"{name}.{member}" for name in bound.get(container, ())] if dot else []


def _containers(entry: Added) -> frozenset[str]:
    """The spellings of a new member's container that name a section of its own
    (``CookieJar``, ``aiohttp.CookieJar``, h3's class ``H3``); none for a top-level name. A
    lowercase plain word is any heading's: prettier's ``### `options``` in ``plugins.md`` is
    about a plugin's export, not the ``options`` object of ``core-options.js`` whose members
    ``options.md`` lists."""
    container = entry.declaration.container
    if container is None:
        return frozenset()
    return frozenset(spelling for spelling in {container} | {
        token.rpartition(".")[0] for token in entry.tokens
        if token.rpartition(".")[0].rpartition(".")[2] == container}
        if is_code_shaped(spelling) or spelling[:1].isupper())


def _documenting(pages: list[int], containers: frozenset[str], index: DocsIndex,
                 memo: dict[tuple[tuple[int, ...], frozenset[str]], list[int]]) -> list[int]:
    """Of a new member's likely homes, those holding its container's section, when one
    does: a heading naming the class, or the object directive defining it (aiohttp's
    ``client_reference.rst`` with ``.. class:: CookieJar``, not the five other pages naming
    two of its members). The others name its siblings in passing."""
    if not containers or len(pages) < 2:
        return pages
    key = (tuple(pages), containers)
    if key not in memo:
        holding = set().union(*(index.sections(name, pages) for name in containers))
        memo[key] = [page_id for page_id in pages if page_id in holding] or pages
    return memo[key]


def _entry_token(entry: Added) -> str:
    """The spelling a New API entry is listed by: its most qualified, then shortest."""
    return max(entry.tokens, key=lambda t: (t.count("."), -len(t)))


def _kin_tiers(added: list[Added]) -> dict[str, list[frozenset[str]]]:
    """Each listed token's sibling sets, nearest first: its own file's (or container's) names,
    then each barrel's exports, the narrowest first, then all of them joined; its homes are
    the pages naming the first set two of whose names some page writes. h3's ``src/index.ts``
    exports some 200 names, and the pages naming most of them are not ``response.md``, which
    names the new ``redirectBack``'s neighbours in ``src/utils/response.ts``."""
    own = _joined_kin([entry for entry in added if not entry.barrel])
    barrels: dict[str, dict[int, frozenset[str]]] = {}  # by identity: a barrel's set is shared
    for entry in added:
        if entry.barrel:
            barrels.setdefault(_entry_token(entry), {})[id(entry.kin)] = entry.kin
    # two equal sets are told apart once per combination of sets, not once per name: a
    # barrel of 40,000 new names is one combination (comparing them is as long as they are)
    combined: dict[tuple[int, ...], list[frozenset[str]]] = {}
    tiers = {}
    for token, joined in _joined_kin(added).items():
        sets = [*([own[token]] if token in own else []),
                *sorted(barrels.get(token, {}).values(), key=len), joined]
        ids = tuple(map(id, sets))
        if ids not in combined:
            combined[ids] = list(dict.fromkeys(sets))
        tiers[token] = combined[ids]
    return tiers


def _joined_kin(added: list[Added]) -> dict[str, frozenset[str]]:
    """Each listed token's kin: of every entry listed by it, joined. A name its file declares
    and a package entry's export list starts exporting is two entries, and the names listed
    beside it are its siblings too: immer's new ``enableArrayMethods`` in
    ``src/plugins/arrayMethods.ts`` has no neighbour a page names, while ``src/immer.ts``
    exports it beside ``enableMapSet`` and ``enablePatches``. An entry's own set is kept
    whenever it is the only one (a file of 20,000 new names shares one set), and two sets are
    joined once however many names they share."""
    kin: dict[str, frozenset[str]] = {}
    joined: dict[tuple[frozenset[str], frozenset[str]], frozenset[str]] = {}
    for entry in added:
        token = _entry_token(entry)
        held = kin.get(token)
        if held is None:
            kin[token] = entry.kin
        elif entry.kin is not held:
            union = joined.get((held, entry.kin))
            if union is None:  # not ``setdefault``: its default is built on every call
                union = joined[held, entry.kin] = held | entry.kin
            kin[token] = union
    return kin


def _homes(kin: frozenset[str], namespaces: frozenset[str], declared: frozenset[str],
           index: DocsIndex, config: AnchorsConfig,
           families: dict[str | frozenset[str], dict[int, set[str]]],
           bound: Mapping[str, Sequence[str]]) -> list[int]:
    """The pages naming at least two siblings of an added symbol: its kin (the other
    declarations of its file, or of its container and the container itself), or its family:
    the other names one dotted part below each of its qualified names (``marimo.ui.slider``
    beside a new ``marimo.ui.matrix``), which finds the page listing a re-exported family even
    when the new symbol's file is new, and for a member the ``declared`` names of its file's
    top level (``createJSONStorage`` beside ``PersistOptions.skipHydration``). The pages
    naming the most kin first: a namespace such as ``marimo`` is wide. ``families`` keeps each
    namespace's names, and each file's, for the run; ``bound``, the instance names of the
    containers (:func:`_named_siblings`)."""
    kin_named = _named_siblings(kin, index, config, bound)
    family_named: dict[int, set[str]] = {}
    for namespace in namespaces:
        if namespace not in families:
            families[namespace] = index.naming_under(namespace)
        for page_id, names in families[namespace].items():
            family_named.setdefault(page_id, set()).update(names)
    if declared and declared not in families:
        families[declared] = _named_siblings(declared, index, config, bound)
    for page_id, names in families.get(declared, {}).items():
        family_named.setdefault(page_id, set()).update(names)
    # a release note names new API in passing: the home is a hand-written page
    candidates = {page_id for page_id in kin_named.keys() | family_named.keys()
                  if len(kin_named.get(page_id, set()) | family_named.get(page_id, set())) >= 2
                  and not index.pages[page_id].release_owned}
    ranked = sorted(candidates, key=lambda page_id: (-len(kin_named.get(page_id, ())),
                                                     -len(family_named.get(page_id, ())),
                                                     index.pages[page_id].path))
    return ranked[:MAX_SUGGESTIONS]


def _named_siblings(siblings: frozenset[str], index: DocsIndex, config: AnchorsConfig,
                    bound: Mapping[str, Sequence[str]]) -> dict[int, set[str]]:
    """For each page, the ``siblings`` it names, by the names rows match them by:
    ``Preview.hug_parens`` also by its code-shaped member name, which black's list of preview
    features writes alone (unless that name is a sibling of its own: a table's key is kin as
    ``RULES.MR001`` and as ``MR001``), and a member by its spellings on the instances docs
    bind its container to (``app.fetch`` of ``H3.fetch``, ``bound``); an option's flag as a
    phrase."""
    named_by: dict[int, set[str]] = {}
    for sibling in siblings:
        if sibling.startswith("--"):
            named = index.saying(sibling)
        else:
            member = sibling.rpartition(".")[2]
            # a link-index line names a sibling as a home does: the index of its siblings
            # is where the new name gets its line
            named = set().union(*(index.naming(spelling) | index.linking(spelling)
                                  for spelling in
                                  (sibling, *([member] if member not in siblings else []),
                                   *_on_instances(sibling, bound))
                                  if is_code_shaped(spelling)
                                  and not is_generic(spelling, config.generic_names)))
        for page_id in named:
            named_by.setdefault(page_id, set()).add(sibling)
    return named_by


def package_mentions(index: DocsIndex, packages: list[tuple[str, str | None]]) -> list[str]:
    """The coarse set: pages mentioning a changed package's name or directory."""
    needles = {name for _, name in packages if name} | {d for d, _ in packages if d}
    return sorted(index.pages[page_id].path for page_id in index.mentioning(needles))


def mere_mention_count(mentioning: Iterable[str], rows: Iterable[str]) -> int:
    """How many of the pages ``package_mentions`` found are no row (``rows``: the rows' paths):
    a page that also names what changed is listed for that, not counted as a mere mention. The
    JSON keeps the whole coarse set, for comparison; the text report and the comment, which
    reads that JSON, both count with this."""
    return len(set(mentioning).difference(rows))


@dataclass(frozen=True)
class AffectedDocs:
    """The result of one affected-docs run; ``to_json`` gives docs/concepts/affected-docs.md#output
    object."""

    summary: str
    base: str | None
    head: str
    merge_base: str | None
    computed_on: dict[str, Any]
    changed_packages: list[dict[str, str | None]]
    anchors: list[Anchor]
    docs: list[Row]
    anchorless_changes: list[dict[str, str]] = field(default_factory=list)
    parse_errors: list[dict[str, str]] = field(default_factory=list)
    unreadable_pages: list[dict[str, str]] = field(default_factory=list)
    weak_anchors_dropped: list[dict[str, str]] = field(default_factory=list)
    overbroad_anchors: list[dict[str, Any]] = field(default_factory=list)
    folded_anchors: list[dict[str, Any]] = field(default_factory=list)
    new_api: list[dict[str, Any]] = field(default_factory=list)
    cross_cutting_symbols: list[dict[str, Any]] = field(default_factory=list)
    package_mention_docs: list[str] = field(default_factory=list)
    bridge_coverage: dict[str, Any] = field(default_factory=dict)
    broken_scans: list[str] = field(default_factory=list)
    skipped: dict[str, int] = field(default_factory=dict)
    corpus: tuple[int, int] = (0, 0)
    """(pages, release-owned pages) the corpus held: said in the summary, not a JSON key."""
    corpus_suggestion: tuple[str, ...] = ()
    """Globs of pages under docs folders the corpus left out (``suggest_docs_paths``)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "schema_version": SCHEMA_VERSION,
            "summary": self.summary,
            "base": self.base,
            "head": self.head,
            "merge_base": self.merge_base,
            "computed_on": self.computed_on,
            "changed_packages": self.changed_packages,
            "anchors": [anchor.to_json() for anchor in self.anchors],
            "docs": [row.to_json() for row in self.docs],
            "release_owned_docs": [row.path for row in self.docs if row.release_owned],
            "anchorless_changes": self.anchorless_changes,
            "parse_errors": self.parse_errors,
            "unreadable_pages": self.unreadable_pages,
            "weak_anchors_dropped": self.weak_anchors_dropped,
            "overbroad_anchors": self.overbroad_anchors,
            "folded_anchors": self.folded_anchors,
            "new_api": self.new_api,
            "cross_cutting_symbols": self.cross_cutting_symbols,
            "package_mention_docs": self.package_mention_docs,
            "bridge_coverage": self.bridge_coverage,
            "broken_scans": self.broken_scans,
            "skipped": self.skipped,
        }


def corpus_sentence(pages: int, owned: int) -> str:
    """How many pages were looked at (issue 14, item 5)."""
    of_which = f", {owned} of them release-owned" if owned else ""
    return f"The docs corpus held {pages} page(s){of_which}."


def summarize(packages: int, anchors: int, rows: list[Row],
              anchorless: Sequence[Mapping[str, str]], corpus: tuple[int, int],
              held_back: int = 0) -> str:
    """The one-line summary of a diff run, ending with the size of the corpus;
    ``held_back`` counts the anchors over-broad or folded."""
    return f"{_verdict(packages, anchors, rows, anchorless, held_back)} " \
           f"{corpus_sentence(*corpus)}"


WEAK_ONLY = "its only anchors were dropped"
"""How the NOT COVERED reason of a file opens when every anchor it yielded was a weak name the
guards dropped (``weak_only_files``)."""


def is_weak_only(anchorless: Mapping[str, str]) -> bool:
    """Did a NOT COVERED file yield anchors, each of them dropped as a weak name?"""
    return anchorless["reason"].startswith(WEAK_ONLY)


def weak_only_files(candidates: Iterable[Candidate], weak: Iterable[Mapping[str, str]],
                    generic_names: tuple[str, ...]) -> list[dict[str, str]]:
    """``{path, reason}`` of each file whose every anchor the name guards dropped (``weak``,
    ``apply_guards``): what it changed is public, but under names no page can be matched by,
    so it is a blind spot, not a file covered. yargs' ``yargs.js`` anchored only ``Yargs``,
    a plain word no page calls, and had been named nowhere in the report. The reason names
    at most three of each kind, as a read file's reason names what its lines touch."""
    dropped = {(entry["kind"], entry["token"]) for entry in weak}
    by_file: dict[str, dict[tuple[str, str], None]] = {}
    for candidate in candidates:
        by_file.setdefault(candidate.file, {})[candidate.kind, candidate.token] = None
    found = []
    for path, anchors in by_file.items():
        if anchors.keys() <= dropped:
            split: dict[bool, list[str]] = {False: [], True: []}
            for _, token in anchors:
                split[is_generic(token, generic_names)].append(token)
            plain, generic = split[False], split[True]
            named = "; ".join(f"{label}: {_first(names)}" for label, names in (
                ("plain words", plain), ("generic or short names", generic)) if names)
            found.append({"path": path, "reason": f"{WEAK_ONLY} ({named})"})
    return found


def _first(names: list[str]) -> str:
    return ", ".join(names[:MAX_PASSED_OVER]) + (", …" if len(names) > MAX_PASSED_OVER else "")


def not_covered_counts(anchorless: Iterable[Mapping[str, str]]) -> tuple[int, int, int]:
    """(files govern cannot read, files whose only anchors were dropped as weak names, files
    it read whose changed lines are implementation only) among the anchorless changes: only
    the first two are a blind spot."""
    unread = weak = read = 0
    for entry in anchorless:
        if is_implementation_only(entry):
            read += 1
        elif is_weak_only(entry):
            weak += 1
        else:
            unread += 1
    return unread, weak, read


def not_covered_sentence(anchorless: Iterable[Mapping[str, str]]) -> str:
    """``NOT COVERED: 1 changed file(s) govern cannot read; 2 changed file(s) of a kind no
    extractor reads (.rs, .yml); 1 package manifest(s) changed, read for runtimes, programs
    and removed dependencies only; 1 changed file(s) whose only anchors were dropped as weak
    names; read, nothing public changed: 12 file(s)``, each part said only when it counts a
    file. The files govern cannot read are told apart by kind: a manifest bump or a Rust file
    in a Python repository is not the blind spot an oversized module is."""
    entries = list(anchorless)
    unread, weak, read = not_covered_counts(entries)
    foreign = [e["reason"][len(NO_EXTRACTOR):].split()[0] for e in entries if is_foreign(e)]
    manifests = sum(is_manifest(e) for e in entries)
    other = unread - len(foreign) - manifests  # oversized, binary, unparsed: unread
    blind = [part for part in (
        f"{other} changed file(s) govern cannot read" if other else "",
        f"{len(foreign)} changed file(s) of a kind no extractor reads "
        f"({_first(sorted(set(foreign)))})" if foreign else "",
        f"{manifests} package manifest(s) changed, read for runtimes, programs and removed "
        "dependencies only" if manifests else "",
        f"{weak} changed file(s) whose only anchors were dropped as weak names" if weak else "",
    ) if part]
    return "; ".join([*(f"NOT COVERED: {part}" if n == 0 else part for n, part in enumerate(blind)),
                      *([f"read, nothing public changed: {read} file(s)"] if read else [])])


def _verdict(packages: int, anchors: int, rows: list[Row],
             anchorless: Sequence[Mapping[str, str]], held_back: int) -> str:
    not_covered = not_covered_sentence(anchorless)
    if not anchors and not rows and held_back:  # found, and named on too many pages to list
        return (f"{held_back} anchor(s) named on too many pages to single any out (over-broad "
                "or folded), and no other: nothing to list, which is not a clean bill of "
                "health" + (f"; {not_covered}." if anchorless else "."))
    if not anchors and not rows and anchorless:  # a blind spot is never "no opinion" (issue 12)
        return (f"No documentable anchor in the files this run could read; {not_covered}, so "
                "this is not a clean bill of health.")
    if not anchors and not rows:
        return ("Nothing in this diff resolved to a documentable surface, so this run has no "
                "opinion about the docs.")
    parts = [f"{packages} changed package(s), {anchors} documentable anchor(s)"]
    if rows:
        stale = sum(row.stale for row in rows)
        owned = sum(row.release_owned for row in rows)
        detail = ", ".join(x for x in (f"{stale} stale" if stale else "",
                                       f"{owned} release-owned" if owned else "") if x)
        # with every name guarded out, a page is listed as the changed module's home
        named = "name them" if anchors else "document the changed modules"
        parts.append(f"{len(rows)} page(s) {named}" + (f" ({detail})" if detail else ""))
    else:
        parts.append("no hand-written page names any of them: nothing to list, which is not "
                     "a clean bill of health")
    if anchorless:
        parts.append(not_covered)
    return "; ".join(parts) + "."
