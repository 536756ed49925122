"""Wire routes registered in source, found in the syntax tree: FastAPI/Starlette, Flask and
Django in Python; Express/Hono/Fastify calls and ``{ path: '/x', handler }`` objects in
TypeScript/JavaScript. Each route knows the identifiers its handler references (one hop)."""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain
from operator import attrgetter
from typing import Any, NamedTuple, TypeVar

from tree_sitter import Language, Node, Query, QueryCursor, Tree

from govern.drift.anchors.regions import registration_regions
from govern.drift.anchors.syntax import (
    first_line,
    last_line,
    name_text,
    own_first_line,
    parse,
    parse_regions,
    parser_for,
    python_call_args,
    python_string,
    text,
    ts_string,
    walk,
    walk_with_parents,
)
from govern.drift.route_paths import TAIL_MARK, join_paths

HTTP_METHODS = frozenset({"get", "post", "put", "patch", "delete", "head", "options"})
_PY_ROUTE_DECORATORS = HTTP_METHODS | {"route", "api_route", "websocket"}
_TS_ROUTE_CALLS = HTTP_METHODS | {"all"}
_CALL = frozenset({"call"})
T = TypeVar("T")
_DECORATED = frozenset({"decorated_definition"})
_DJANGO_PARAM = re.compile(r"<(?:\w+:)?(\w+)>")

# What a route registration looks like on one line: a decorator (`@app.get(`), a call with a
# path literal (`router.post('/x'`, `server.get<Reply>('/x'`, or `${base}/x` under a dynamic
# prefix), a Django `path("…"`, or an object `path: '/x'`. A template is hinted only where a
# `}/` follows its first substitution: the scanners take a template only when its text after
# the last one starts with `/`, and `map.get(`${a}:${b}`)` (a cache key) would otherwise hint a
# whole large file to the parser. A call opening at the end of its line does not choose a
# file: `Promise.all(` and `driver.delete(` end lines of large files, while no registration in
# objectstack, trpc or marimo puts its path on the next line.
_ROUTE_START = r"(['\"`]/|`\$\{[^`]*\}/)"
_DECORATOR = (r"@[A-Za-z_][A-Za-z0-9_.]*\.(get|post|put|patch|delete|head|options|route"
              r"|api_route|websocket)\(")
_VERBS = r"\.(get|post|put|patch|delete|head|options|all)"
# type arguments on one line, bounded so that a line of `.get<` is read in linear time
_TYPE_ARGS = r"(<[^()\n]{0,200}>)?"
_VERB_CALL = rf"{_VERBS}{_TYPE_ARGS}\([ \t]*{_ROUTE_START}"
_DJANGO_PATH = r"\([ \t]*r?['\"]"
_KEY = rf"['\"]?:[ \t]*{_ROUTE_START}"
# git's extended regex (it has no lookbehind: the word boundary is a character before)
REGISTRAR_HINT = "|".join((_DECORATOR, _VERB_CALL, rf"(^|[^A-Za-z0-9_])(re_)?path{_DJANGO_PATH}",
                           rf"(path|url){_KEY}"))
# Python's and PCRE's form of the same lines. Each part starts with a literal (`@`, `.`,
# `path`, `url`), which Python's regex finds by a fast search where an alternation or a
# leading lookbehind would be tried at every byte (about 40 ns a byte: 27 ms on a 635 kB
# file); the word boundary before `path(` is a lookbehind from its end. The key parts are
# told apart: a key's registration is the object around its line.
_DJANGO_CALL = rf"path(?:(?<![A-Za-z0-9_]path)|(?<=(?<![A-Za-z0-9_])re_path)){_DJANGO_PATH}"
_CALL_PARTS = (_DECORATOR, _VERB_CALL, _DJANGO_CALL)
_KEY_PARTS = (rf"path{_KEY}", rf"url{_KEY}")
PERL_HINTS = ("|".join((_DECORATOR, _VERB_CALL)), "|".join((_DJANGO_CALL, *_KEY_PARTS)))
"""The hint for git grep's Perl engine (``git grep -P``), as patterns any of which marks a
line: each part's first character is `@`, `.`, `p` or `u`, and PCRE2 skips to where a match
can start by a fast search for one or two such characters, while four are looked up at every
byte. Two patterns of two each cost git a third less CPU than one of four (objectstack's
checkout: 0.14 s against 0.20 s)."""
_HINT_PARTS = tuple((re.compile(part.encode()), part in _KEY_PARTS)
                    for part in _CALL_PARTS + _KEY_PARTS)
# Within a file the hints chose, a verb call opening at the end of its line is read too:
# `server.get(` or `server.get<{` with its path on a later line (fastify's and hono's tests
# write routes so).
_OPENING_CALL = re.compile(rf"{_VERBS}({_TYPE_ARGS}\([ \t]*|<[^\n]{{0,200}}+)\r?$".encode(),
                           re.M)


def registration_hints(source: bytes) -> list[tuple[int, bool]]:
    """Where a file the hints chose may register a route: the byte offsets of its hint lines
    and of verb calls opening at the end of a line, in order, each with whether it is a
    ``path:``/``url:`` key (the registration is the object around it)."""
    found = [(match.start(), key)
             for part, key in _HINT_PARTS for match in part.finditer(source)]
    found.extend((match.start(), False) for match in _OPENING_CALL.finditer(source))
    return sorted(found)


def has_registration_line(source: bytes) -> bool:
    """Does ``source`` hold a line that looks like a route registration (what chooses a file
    to scan as a registrar)?"""
    return any(part.search(source) is not None for part, _ in _HINT_PARTS)


@dataclass(frozen=True)
class Route:
    method: str | None
    """Upper-case HTTP method, or None when the registration does not say."""
    path: str
    """The path as registered, prefixes joined, params kept (``/meta/:type/audit``)."""
    tail: bool
    """Only the static tail is known (a template literal with a dynamic prefix)."""
    file: str
    line: int
    refs: frozenset[str]
    """Identifiers the handler references, its own name included."""

    @property
    def label(self) -> str:
        return f"{self.method} {self.path}" if self.method else self.path

    def to_json(self) -> list[Any]:
        return [self.method, self.path, self.tail, self.file, self.line, sorted(self.refs)]

    @staticmethod
    def from_json(data: list[Any]) -> Route:
        method, path, tail, file, line, refs = data
        return Route(method, path, tail, file, line, frozenset(refs))


@dataclass(frozen=True)
class RegistrarScan:
    routes: tuple[Route, ...]
    includes: tuple[tuple[str, str], ...] = ()
    """Django ``include("app.urls")`` under a prefix: (module, prefix)."""
    whole: bool = True
    """Read from the whole file, not only around its hint lines (a configured registrar must
    be: its registrations may be where no hint is)."""

    def to_json(self) -> dict[str, Any]:
        return {"routes": [route.to_json() for route in self.routes],
                "includes": [list(include) for include in self.includes],
                "whole": self.whole}

    @staticmethod
    def from_json(data: dict[str, Any]) -> RegistrarScan:
        return RegistrarScan(tuple(Route.from_json(r) for r in data["routes"]),
                             tuple((m, p) for m, p in data["includes"]), data["whole"])


_IDENTIFIER_TYPES = ("identifier", "property_identifier", "shorthand_property_identifier",
                     "type_identifier")


def _grammar(language: str) -> Language:
    grammar = parser_for(language).language
    assert grammar is not None  # parser_for builds every parser with its language
    return grammar


def _identifier_pattern(language: str) -> str:
    """The query pattern capturing every identifier node of a grammar as ``@name`` (those of
    :data:`_IDENTIFIER_TYPES` it has)."""
    grammar = _grammar(language)
    kinds = " ".join(f"({kind})" for kind in _IDENTIFIER_TYPES
                     if grammar.id_for_node_kind(kind, True))
    return f"[{kinds}] @name"


@lru_cache(maxsize=8)
def _identifier_query(language: str) -> Query:
    """The identifiers of a grammar, for a query over the handlers' span
    (:func:`_span_identifiers`)."""
    return Query(_grammar(language), _identifier_pattern(language))


def _span(handlers: Iterable[Node | None]) -> tuple[dict[int, Node], int, int]:
    """The handlers (None left out) by node id, and the bytes they span between them."""
    unique = {h.id: h for h in handlers if h is not None}
    return (unique, min((h.start_byte for h in unique.values()), default=0),
            max((h.end_byte for h in unique.values()), default=0))


def _span_identifiers(language: str, root: Node, handlers: Sequence[Node | None]
                      ) -> _Identifiers:
    """The identifiers of a tree's handlers, found by a query over their span only: for a
    Python tree, and for a TS/JS tree parsed whole, where capturing every identifier of the
    file in the registrations' pass cost three times the query (a 2.3 MB file: 0.8 s against
    0.27 s)."""
    unique, low, high = _span(handlers)
    if not unique:
        return _Identifiers([], ())
    cursor = QueryCursor(_identifier_query(language))
    cursor.set_byte_range(low, high)
    return _Identifiers(cursor.captures(root).get("name", []), handlers)


_START = attrgetter("start_byte")


class _Identifiers:
    """The identifiers under each handler node of one scan (a route's ``refs``).

    tree-sitter finds the identifier nodes in C, once (for TS/JS in the same pass that finds
    the registrations: each pass over a tree costs about 0.3 µs a node whatever it captures);
    a handler's are then those starting inside it, a slice of them in source order. Walking
    each node here was a third of a cold run on a repository of TS registrars (and walking
    every handler's whole subtree, nested handlers again, was quadratic in the depth: 2,000
    nested took 20 s)."""

    def __init__(self, names: list[Node], handlers: Iterable[Node | None]) -> None:
        """``names``: identifier nodes, in any order, at least all those in the handlers."""
        self._sets: dict[int, frozenset[str]] = {}
        unique, low, high = _span(handlers)
        if not unique:
            return
        # in source order (tree-sitter's captures come in none), compared in C
        ordered = sorted(names, key=_START)
        inside = ordered[bisect.bisect_left(ordered, low, key=_START):
                         bisect.bisect_left(ordered, high, key=_START)]
        # only the names inside the handlers' span are read, each once, and decoded once per
        # distinct name (a handler's names repeat: `c`, `req`, `res`)
        raw = [node.text for node in inside]
        decoded = {name: name.decode("utf-8", "replace") if name else "" for name in set(raw)}
        texts = [decoded[name] for name in raw]
        for handler in unique.values():
            first = bisect.bisect_left(inside, handler.start_byte, key=_START)
            past = bisect.bisect_left(inside, handler.end_byte, first, key=_START)
            self._sets[handler.id] = frozenset(texts[first:past])

    def of(self, *handlers: Node | None) -> frozenset[str]:
        """The identifiers under the handlers (given to the constructor; None has none)."""
        return frozenset().union(*(self._sets[h.id] for h in handlers if h is not None))


MAX_NESTED_HANDLERS = 16
"""How many handlers a registration may sit in and still be read as a route. A route refers to
every identifier of its handler, the registrations inside it included, so registrations
nested N deep with names of their own held N² identifiers between them (20,000 deep, 350 kB:
200 million, a minute and gigabytes) however each handler is walked. No framework nests routes
in handlers; a false positive in a handler (``cache.get('/k', fallback)``) is one deep. One
deeper than this is no route, and its identifiers stay those of the handlers around it."""


def _shallow(registrations: list[T], spans: list[tuple[int, int]]) -> list[T]:
    """The registrations, in order, that sit in at most :data:`MAX_NESTED_HANDLERS` of the
    others' handlers, each one's handler given by its byte span (handlers nest or are
    disjoint: one inside another's handler has its own inside it)."""
    by_start = sorted(range(len(spans)), key=lambda at: (spans[at][0], -spans[at][1]))
    open_ends: list[int] = []  # the handlers around the current one, innermost last
    deep: set[int] = set()
    for at in by_start:
        start, end = spans[at]
        while open_ends and open_ends[-1] <= start:
            open_ends.pop()
        if len(open_ends) > MAX_NESTED_HANDLERS:
            deep.add(at)
        open_ends.append(end)
    return [registration for at, registration in enumerate(registrations) if at not in deep]


def object_key(key: Node | None) -> str | None:
    """The field an object key names (``path``, ``'path'``), None for a computed key
    (``[expr]``): it names no field a scan reads, and its text spans its whole expression, so
    nested ones (``{[{[{[ … ]: 1}]: 1}]: 1}``) made a scan quadratic."""
    if key is None or key.type == "computed_property_name":
        return None
    return text(key).strip("'\"")


# -- Python -------------------------------------------------------------------------------------

def _py_prefixes(root: Node) -> dict[str, str]:
    """Router variables and their prefixes: ``APIRouter(prefix=…)``, ``Blueprint(…,
    url_prefix=…)``, then ``include_router``/``register_blueprint`` mounts in this module."""
    prefixes: dict[str, str] = {}
    for call, parent in walk_with_parents(root, _CALL):
        name = _callee_name(call)
        if name in ("APIRouter", "Blueprint") and parent is not None \
                and parent.type == "assignment":
            _, keywords = python_call_args(call)
            target = text(parent.child_by_field_name("left"))
            prefixes[target] = python_string(keywords.get("prefix") or keywords.get("url_prefix")) \
                or ""
    for call in walk(root, _CALL):
        if _callee_name(call) in ("include_router", "register_blueprint"):
            positional, keywords = python_call_args(call)
            mount = python_string(keywords.get("prefix") or keywords.get("url_prefix"))
            # a router nested in another's mount is an expression, no router's name
            router = name_text(positional[0]) if positional else None
            if router is not None and mount:
                prefixes[router] = join_paths(mount, prefixes.get(router, ""))
    return prefixes


def _callee_name(call: Node) -> str:
    """The last dotted part of a Python call's callee (``APIRouter`` of
    ``fastapi.APIRouter(…)``), "" for a callee longer than any name (:func:`name_text`)."""
    return (name_text(call.child_by_field_name("function")) or "").rsplit(".", 1)[-1]


def scan_python(source: bytes, path: str) -> RegistrarScan:
    tree = parse("python", source)
    prefixes = _py_prefixes(tree.root_node)
    definitions = [(node, function) for node in walk(tree.root_node, _DECORATED)
                   if (function := node.child_by_field_name("definition")) is not None
                   and function.type == "function_definition"]
    views: list[tuple[Node, str, Node]] = []
    includes: list[tuple[str, str]] = []
    for call in walk(tree.root_node, _CALL):
        if name_text(call.child_by_field_name("function")) not in (
                "path", "re_path", "django.urls.path", "django.urls.re_path"):
            continue
        positional, _ = python_call_args(call)
        route = python_string(positional[0]) if positional else None
        if route is None or len(positional) < 2:
            continue
        route = _DJANGO_PARAM.sub(r"{\1}", route.lstrip("^").rstrip("$"))
        view = positional[1]
        if view.type == "call" and name_text(view.child_by_field_name("function")) == "include":
            inner, _ = python_call_args(view)
            module = python_string(inner[0]) if inner else None
            if module:
                includes.append((module, route))
            continue
        views.append((call, route, view))
    views = _shallow(views, [(view.start_byte, view.end_byte) for _, _, view in views])
    identifiers = _span_identifiers("python", tree.root_node, [
        function.child_by_field_name("body") for _, function in definitions]
        + [view for _, _, view in views])
    routes: list[Route] = []
    for node, function in definitions:
        refs = identifiers.of(function.child_by_field_name("body")) \
            | {text(function.child_by_field_name("name"))}
        for decorator in (c for c in node.named_children if c.type == "decorator"):
            routes.extend(_py_decorator_routes(decorator, prefixes, refs, path))
    routes.extend(Route(None, join_paths("", route), False, path, first_line(call),
                        identifiers.of(view)) for call, route, view in views)
    return RegistrarScan(tuple(routes), tuple(includes))


def _py_decorator_routes(decorator: Node, prefixes: dict[str, str], refs: frozenset[str],
                         path: str) -> list[Route]:
    call = decorator.named_children[0] if decorator.named_children else None
    if call is None or call.type != "call":
        return []
    function = call.child_by_field_name("function")
    if function is None or function.type != "attribute":
        return []
    verb = text(function.child_by_field_name("attribute"))
    if verb not in _PY_ROUTE_DECORATORS:
        return []
    router = text(function.child_by_field_name("object"))
    positional, keywords = python_call_args(call)
    route = python_string(positional[0] if positional else keywords.get("path"))
    if route is None:
        return []
    full = join_paths(prefixes.get(router, ""), route)
    if verb in HTTP_METHODS:
        methods: list[str | None] = [verb.upper()]
    else:
        listed = keywords.get("methods")
        values = [python_string(c) for c in listed.named_children] if listed is not None else []
        methods = [v.upper() for v in values if v] or (["GET"] if verb == "route" else [None])
    return [Route(m, full, False, path, first_line(decorator), refs) for m in methods]


# -- TypeScript / JavaScript ------------------------------------------------------------------

def _ts_path(node: Node | None) -> tuple[str, bool] | None:
    """(path, is only a tail) of a string or template literal that holds a route."""
    if node is None:
        return None
    if node.type == "string":
        value = "".join(text(c) for c in node.named_children if c.type == "string_fragment")
        return (value, False) if value.startswith("/") else None
    if node.type == "template_string":
        parts = node.named_children
        last_sub = max((i for i, c in enumerate(parts) if c.type == "template_substitution"),
                       default=-1)
        tail = "".join(text(c) for c in parts[last_sub + 1 :]
                       if c.type in ("string_fragment", "escape_sequence"))
        if tail.startswith("/"):
            return tail, last_sub >= 0
    return None


_TS_REGISTRATION_QUERY = """
(call_expression) @call
(pair key: [(property_identifier) (string)] @key
  (#match? @key "^['\\"]?(path|url)['\\"]?$")) @pair
(object) @object
"""
"""What finds the candidate registrations (and, in the same pass, the identifiers their
handlers reference: :func:`_identifier_pattern`): the calls, told apart by their callee
(:func:`_calls_a_verb`), and the objects around a ``path`` or ``url`` key (the same as
:data:`_TS_ROUTE_CALLS` and the keys :func:`_ts_object_route` reads).

Only single nodes are matched, each key then given to the innermost object around it
(:func:`_innermost`): a pattern of a node and its child, ``(object (pair …))`` or
``(call_expression function: (member_expression property: …))``, keeps a match in progress
through every node open around the one tree-sitter visits, so objects nested in handlers
(``{path, handler: {path, handler: …}}``) or calls chained (``app.get(…).get(…)…``) made the
query quadratic (20,000 deep: 38 s and 43 s). A computed key (``[expr]``) is no ``path`` and
is not captured: its text is its whole expression."""


@lru_cache(maxsize=8)
def _registration_query(language: str, identifiers: bool) -> Query:
    """:data:`_TS_REGISTRATION_QUERY`, capturing every identifier too with ``identifiers``
    (a tree parsed around its hint lines: one pass where two cost twice)."""
    return Query(_grammar(language), _TS_REGISTRATION_QUERY
                 + (_identifier_pattern(language) if identifiers else ""))


def _ts_registrations(found: dict[str, list[Node]]) -> list[Node]:
    """The candidate registrations among a tree's captures by :func:`_registration_query`,
    in source order (a parent before the calls inside it): tree-sitter finds them in C, a
    third faster than walking every node here."""
    calls = [call for call in found.get("call", []) if _calls_a_verb(call)]
    return _in_source_order({node.id: node for node in chain(
        calls, _innermost(found.get("object", []), found.get("pair", [])))}.values())


_TS_ROUTE_CALL_BYTES = frozenset(verb.encode() for verb in _TS_ROUTE_CALLS)


def _calls_a_verb(call: Node) -> bool:
    """Is the callee a member named by a route verb (``app.get``)? (Asked of every call of a
    registrar: the name is compared as bytes.)"""
    function = call.child_by_field_name("function")
    if function is None or function.type != "member_expression":
        return False
    verb = function.child_by_field_name("property")
    return verb is not None and verb.text in _TS_ROUTE_CALL_BYTES


def _in_source_order(nodes: Iterable[Node]) -> list[Node]:
    """By start, a parent before the nodes starting where it does (tree-sitter's captures
    are not in this order: a chain's calls, all starting on its first byte, come in none)."""
    return sorted(nodes, key=lambda node: (node.start_byte, -node.end_byte))


def _innermost(around: list[Node], inner: list[Node]) -> Iterator[Node]:
    """For each node of ``inner``, the innermost node of ``around`` holding it, if one does:
    a keyed pair's object, its parent (or, for a pair tree-sitter recovered under an error,
    an object around that, in which :func:`_ts_object_route` then finds no such key)."""
    holding: list[Node] = []  # the nodes of `around` open at the current start, innermost last
    following = iter(_in_source_order(around))
    pending = next(following, None)
    for node in _in_source_order(inner):
        start = node.start_byte
        while pending is not None and pending.start_byte < start:
            while holding and holding[-1].end_byte <= pending.start_byte:
                holding.pop()
            holding.append(pending)
            pending = next(following, None)
        while holding and holding[-1].end_byte <= start:
            holding.pop()
        if holding:
            yield holding[-1]


def scan_typescript(source: bytes, path: str, language: str, *,
                    whole: bool = True) -> RegistrarScan:
    """The routes a TypeScript/JavaScript source registers. With ``whole`` False (a file
    chosen by its hint lines) a large file is parsed only around those lines
    (:func:`~govern.drift.anchors.regions.registration_regions`)."""
    tree, regional = (parse(language, source), False) if whole \
        else _hinted_tree(source, language)
    captured = QueryCursor(_registration_query(language, regional)).captures(tree.root_node)
    found = [registration for node in _ts_registrations(captured)
             if (registration := (_ts_call_route(node) if node.type == "call_expression"
                                  else _ts_object_route(node))) is not None]
    found = _shallow(found, [(r.handler[0].start_byte, r.handler[-1].end_byte) for r in found])
    handlers = [handler for registration in found for handler in registration.handler]
    identifiers = _Identifiers(captured.get("name", []), handlers) if regional \
        else _span_identifiers(language, tree.root_node, handlers)
    return RegistrarScan(tuple(Route(method, route, tail, path, line, identifiers.of(*handler))
                               for method, route, tail, line, handler in found), whole=whole)


class _Registration(NamedTuple):
    """A route registered in TS/JS, its handler's identifiers not yet read (they are read for
    every registration of a file at once: :class:`_Identifiers`)."""

    method: str | None
    path: str
    tail: bool
    line: int
    handler: tuple[Node, ...]
    """The nodes whose identifiers are the route's ``refs``."""


def _hinted_tree(source: bytes, language: str) -> tuple[Tree, bool]:
    """The tree of a file the hints chose, and whether it was parsed around its hint lines
    only (else whole: no regions, or they did not parse)."""
    regions = registration_regions(source, registration_hints(source))
    if regions is not None:
        tree = parse_regions(language, source, regions)
        if not tree.root_node.has_error:
            return tree, True
    return parse(language, source), False


def _ts_call_route(call: Node) -> _Registration | None:
    function = call.child_by_field_name("function")
    if function is None or function.type != "member_expression":
        return None
    verb = text(function.child_by_field_name("property"))
    if verb not in _TS_ROUTE_CALLS:
        return None
    arguments = call.child_by_field_name("arguments")
    args = [a for a in arguments.named_children if a.type != "comment"] if arguments else []
    if len(args) < 2:
        return None  # `map.get('/x')` and client calls with one argument are not registrations
    found = _ts_path(args[0])
    if found is None:
        return None
    handler = _unwrapped(args[-1])
    if handler.type not in ("arrow_function", "function_expression", "function", "identifier",
                            "member_expression", "call_expression"):
        return None
    method = None if verb == "all" else verb.upper()
    return _Registration(method, found[0], found[1], own_first_line(call), tuple(args[1:]))


_WRAPPERS = frozenset({"parenthesized_expression", "satisfies_expression", "as_expression",
                       "non_null_expression"})


def _unwrapped(node: Node) -> Node:
    """The expression inside parentheses and type assertions: the handler of
    ``http.get(p, (async (req, res) => {…}) satisfies RouteHandler)``."""
    while node.type in _WRAPPERS and node.named_children:
        node = node.named_children[0]
    return node


def _ts_object_route(obj: Node) -> _Registration | None:
    pairs: dict[str, Node] = {}
    for pair in obj.named_children:
        if pair.type == "pair":
            field, value = object_key(pair.child_by_field_name("key")), \
                pair.child_by_field_name("value")
            if field is not None and value is not None:
                pairs[field] = value
        elif pair.type == "method_definition":
            name = pair.child_by_field_name("name")
            if name is None or name.type != "computed_property_name":  # as object_key skips
                pairs[text(name)] = pair
    route = _ts_path(pairs.get("path") or pairs.get("url"))
    handler = pairs.get("handler")
    if route is None or handler is None:
        return None
    method = ts_string(pairs.get("method"))
    return _Registration(method.upper() if method else None, route[0], route[1],
                         first_line(obj), (handler,))




# -- inline handlers ----------------------------------------------------------------------------

_SPAN_NODES = frozenset({"decorated_definition", "call", "call_expression", "object"})


def touched_routes(source: bytes, language: str, lines: frozenset[int],
                   scan: RegistrarScan | None) -> list[str]:
    """Route tokens whose registration spans a changed line: the decorated handler of a
    FastAPI/Flask route, an ``app.get('/x', async (c) => {…})`` call with its inline handler
    from its verb to its closing parenthesis (one link of a chain, not the links before it), a
    ``{ path, handler }`` object, a Django ``path(…)`` call
    (docs/concepts/anchoring-rules.md#inline-handlers). A tail from a dynamic prefix is
    written ``…/tail``. ``scan`` is the source's registrar scan, None when it is no registrar
    (the bridge's cache holds it: a warm run scans nothing again)."""
    if not lines or scan is None or not scan.routes:
        return []
    route_lines = sorted({route.line for route in scan.routes})

    def holds_a_route(node: Node) -> bool:
        at = bisect.bisect_left(route_lines, first_line(node))
        return at < len(route_lines) and route_lines[at] <= last_line(node)

    ends: dict[int, int] = {}
    # each span's last line by the first line of its own part: only those starting on a
    # route's line matter, and every node holding one is visited; the longest is kept. A
    # decorated handler is the span of each of its decorators' lines: the route's need not be
    # the first (`@cache` above `@app.get("/x")`)
    for node in walk(parse(language, source).root_node, _SPAN_NODES, descend=holds_a_route):
        starts = [first_line(child) for child in node.children if child.type == "decorator"] \
            if node.type == "decorated_definition" else [own_first_line(node)]
        for start in starts:
            ends[start] = max(ends.get(start, start), last_line(node))
    # A new registrar of 20,000 routes, every line changed: the lines, sorted once, are
    # searched, not scanned per route, and the tokens kept are looked up in a set (28 s
    # before, both).
    changed = sorted(lines)
    found: dict[str, None] = {}
    for route in scan.routes:
        at = bisect.bisect_left(changed, route.line)
        if at < len(changed) and changed[at] <= ends.get(route.line, route.line):
            found[f"{TAIL_MARK}{route.path}" if route.tail else route.path] = None
    return list(found)
