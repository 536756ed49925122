"""Wire routes registered in source, found in the syntax tree: FastAPI/Starlette, Flask and
Django in Python; Express/Hono/Fastify calls and ``{ path: '/x', handler }`` objects in
TypeScript/JavaScript. Each route knows the identifiers its handler references (one hop)."""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from tree_sitter import Node, Query, QueryCursor, Tree

from govern.drift.anchors.regions import registration_regions
from govern.drift.anchors.syntax import (
    first_line,
    last_line,
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
_CALL_PARTS = (_DECORATOR, _VERB_CALL,
               rf"path(?:(?<![A-Za-z0-9_]path)|(?<=(?<![A-Za-z0-9_])re_path)){_DJANGO_PATH}")
_KEY_PARTS = (rf"path{_KEY}", rf"url{_KEY}")
PERL_HINT = "|".join(_CALL_PARTS + _KEY_PARTS)
"""The hint for git grep's Perl engine (``git grep -P``)."""
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


def _identifiers(node: Node | None) -> set[str]:
    found: set[str] = set()
    stack = [node] if node is not None else []
    while stack:
        current = stack.pop()
        if current.type in ("identifier", "property_identifier", "shorthand_property_identifier",
                            "type_identifier"):
            found.add(text(current))
        stack.extend(current.named_children)
    return found


# -- Python -------------------------------------------------------------------------------------

def _py_prefixes(root: Node) -> dict[str, str]:
    """Router variables and their prefixes: ``APIRouter(prefix=…)``, ``Blueprint(…,
    url_prefix=…)``, then ``include_router``/``register_blueprint`` mounts in this module."""
    prefixes: dict[str, str] = {}
    for call, parent in walk_with_parents(root, _CALL):
        function = call.child_by_field_name("function")
        name = text(function).rsplit(".", 1)[-1]
        positional, keywords = python_call_args(call)
        if name in ("APIRouter", "Blueprint") and parent is not None \
                and parent.type == "assignment":
            target = text(parent.child_by_field_name("left"))
            prefixes[target] = python_string(keywords.get("prefix") or keywords.get("url_prefix")) \
                or ""
    for call in walk(root, _CALL):
        function = call.child_by_field_name("function")
        name = text(function).rsplit(".", 1)[-1]
        if name in ("include_router", "register_blueprint"):
            positional, keywords = python_call_args(call)
            mount = python_string(keywords.get("prefix") or keywords.get("url_prefix"))
            if positional and mount:
                router = text(positional[0])
                prefixes[router] = join_paths(mount, prefixes.get(router, ""))
    return prefixes


def scan_python(source: bytes, path: str) -> RegistrarScan:
    tree = parse("python", source)
    prefixes = _py_prefixes(tree.root_node)
    routes: list[Route] = []
    includes: list[tuple[str, str]] = []
    for node in walk(tree.root_node, _DECORATED):
        function = node.child_by_field_name("definition")
        if function is None or function.type != "function_definition":
            continue
        refs = frozenset(_identifiers(function.child_by_field_name("body"))
                         | {text(function.child_by_field_name("name"))})
        for decorator in (c for c in node.named_children if c.type == "decorator"):
            routes.extend(_py_decorator_routes(decorator, prefixes, refs, path))
    for call in walk(tree.root_node, _CALL):
        name = text(call.child_by_field_name("function"))
        if name not in ("path", "re_path", "django.urls.path", "django.urls.re_path"):
            continue
        positional, _ = python_call_args(call)
        route = python_string(positional[0]) if positional else None
        if route is None or len(positional) < 2:
            continue
        route = _DJANGO_PARAM.sub(r"{\1}", route.lstrip("^").rstrip("$"))
        view = positional[1]
        if view.type == "call" and text(view.child_by_field_name("function")) == "include":
            inner, _ = python_call_args(view)
            module = python_string(inner[0]) if inner else None
            if module:
                includes.append((module, route))
            continue
        routes.append(Route(None, join_paths("", route), False, path, first_line(call),
                            frozenset(_identifiers(view))))
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
(call_expression function: (member_expression property: (property_identifier) @verb
  (#any-of? @verb "get" "post" "put" "patch" "delete" "head" "options" "all"))) @call
(object (pair key: (_) @key (#match? @key "^['\\"]?(path|url)['\\"]?$"))) @object
"""
"""The nodes that may be registrations: a call of a route verb, an object with a ``path`` or
``url`` key (the same as :data:`_TS_ROUTE_CALLS` and the keys :func:`_ts_object_route` reads)."""


@lru_cache(maxsize=4)
def _registration_query(language: str) -> Query:
    grammar = parser_for(language).language
    assert grammar is not None  # parser_for builds every parser with its language
    return Query(grammar, _TS_REGISTRATION_QUERY)


def _ts_registrations(tree: Tree, language: str) -> list[Node]:
    """The candidate registrations of a tree in source order (a parent before the calls
    inside it), found by tree-sitter in C: a third faster than walking every node here."""
    found = QueryCursor(_registration_query(language)).captures(tree.root_node)
    nodes = {node.id: node for name in ("call", "object") for node in found.get(name, [])}
    return sorted(nodes.values(), key=lambda node: (node.start_byte, -node.end_byte))


def scan_typescript(source: bytes, path: str, language: str, *,
                    whole: bool = True) -> RegistrarScan:
    """The routes a TypeScript/JavaScript source registers. With ``whole`` False (a file
    chosen by its hint lines) a large file is parsed only around those lines
    (:func:`~govern.drift.anchors.regions.registration_regions`)."""
    tree = parse(language, source) if whole else _hinted_tree(source, language)
    routes: list[Route] = []
    for node in _ts_registrations(tree, language):
        if node.type == "call_expression":
            routes.extend(_ts_call_route(node, path))
        else:
            routes.extend(_ts_object_route(node, path))
    return RegistrarScan(tuple(routes), whole=whole)


def _hinted_tree(source: bytes, language: str) -> Tree:
    regions = registration_regions(source, registration_hints(source))
    if regions is not None:
        tree = parse_regions(language, source, regions)
        if not tree.root_node.has_error:
            return tree
    return parse(language, source)


def _ts_call_route(call: Node, path: str) -> list[Route]:
    function = call.child_by_field_name("function")
    if function is None or function.type != "member_expression":
        return []
    verb = text(function.child_by_field_name("property"))
    if verb not in _TS_ROUTE_CALLS:
        return []
    arguments = call.child_by_field_name("arguments")
    args = [a for a in arguments.named_children if a.type != "comment"] if arguments else []
    if len(args) < 2:
        return []  # `map.get('/x')` and client calls with one argument are not registrations
    found = _ts_path(args[0])
    if found is None:
        return []
    handler = _unwrapped(args[-1])
    if handler.type not in ("arrow_function", "function_expression", "function", "identifier",
                            "member_expression", "call_expression"):
        return []
    refs = frozenset(set().union(*(_identifiers(a) for a in args[1:])))
    method = None if verb == "all" else verb.upper()
    return [Route(method, found[0], found[1], path, first_line(call), refs)]


_WRAPPERS = frozenset({"parenthesized_expression", "satisfies_expression", "as_expression",
                       "non_null_expression"})


def _unwrapped(node: Node) -> Node:
    """The expression inside parentheses and type assertions: the handler of
    ``http.get(p, (async (req, res) => {…}) satisfies RouteHandler)``."""
    while node.type in _WRAPPERS and node.named_children:
        node = node.named_children[0]
    return node


def _ts_object_route(obj: Node, path: str) -> list[Route]:
    pairs: dict[str, Node] = {}
    for pair in obj.named_children:
        if pair.type == "pair":
            key, value = pair.child_by_field_name("key"), pair.child_by_field_name("value")
            if key is not None and value is not None:
                pairs[text(key).strip("'\"")] = value
        elif pair.type == "method_definition":
            pairs[text(pair.child_by_field_name("name"))] = pair
    route = _ts_path(pairs.get("path") or pairs.get("url"))
    handler = pairs.get("handler")
    if route is None or handler is None:
        return []
    method_node = pairs.get("method")
    method = ts_string(method_node)
    refs = frozenset(_identifiers(handler))
    return [Route(method.upper() if method else None, route[0], route[1], path,
                  first_line(obj), refs)]




# -- inline handlers ----------------------------------------------------------------------------

_SPAN_NODES = frozenset({"decorated_definition", "call", "call_expression", "object"})


def touched_routes(source: bytes, language: str, lines: frozenset[int],
                   scan: RegistrarScan | None) -> list[str]:
    """Route tokens whose registration spans a changed line: the decorated handler of a
    FastAPI/Flask route, the whole ``app.get('/x', async (c) => {…})`` call with its inline
    handler, a ``{ path, handler }`` object, a Django ``path(…)`` call
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
    # only the spans starting on a route's line matter, and every node holding one is visited
    for node in walk(parse(language, source).root_node, _SPAN_NODES, descend=holds_a_route):
        start = first_line(node)
        ends[start] = max(ends.get(start, start), last_line(node))
    found = []
    for route in scan.routes:
        end = ends.get(route.line, route.line)
        if any(route.line <= line <= end for line in lines):
            token = f"{TAIL_MARK}{route.path}" if route.tail else route.path
            if token not in found:
                found.append(token)
    return found
