"""Route ledgers: tables binding a wire route to the client (SDK) method that calls it.

Two formats: TS/JS tables of ``{ route: 'GET /api/…', client: 'meta.getAudit' }`` rows, and
OpenAPI 3 documents (method + path -> ``x-sdk-method``, else ``operationId``). A value the
reader declines is named with its line, so a partial read is never silent."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from tree_sitter import Node

from govern.core.json_input import DepthLimitedComposer, NestingError, parse_json
from govern.drift.anchors.routes import HTTP_METHODS, object_key
from govern.drift.anchors.syntax import EXTENSIONS, first_line, parse, ts_string


@dataclass(frozen=True)
class LedgerRow:
    method: str | None
    path: str
    client: str | None
    """The dotted client method (``meta.getAudit``), or None for a route no client binds."""
    line: int


@dataclass(frozen=True)
class LedgerScan:
    rows: tuple[LedgerRow, ...]
    declined: tuple[str, ...] = ()
    """``line N: why`` for each value the reader could not take."""
    error: str | None = None
    """Why the whole file could not be read, if it could not."""

    def to_json(self) -> dict[str, Any]:
        return {"rows": [[r.method, r.path, r.client, r.line] for r in self.rows],
                "declined": list(self.declined), "error": self.error}

    @staticmethod
    def from_json(data: dict[str, Any]) -> LedgerScan:
        rows = tuple(LedgerRow(method, path, client, line)
                     for method, path, client, line in data["rows"])
        return LedgerScan(rows, tuple(data["declined"]), data["error"])


def split_route(value: str) -> tuple[str | None, str] | None:
    """``GET /api/x`` -> ("GET", "/api/x"); ``/api/x`` and ``* /auth/**`` (any method, a
    wildcard path: a valid row, issue 12) -> (None, path)."""
    parts = value.split()
    if len(parts) == 2 and parts[0] == "*" and parts[1].startswith("/"):
        return None, parts[1]  # any method: a proxy or auth mount (``* /auth/**``)
    if len(parts) == 2 and parts[0].lower() in HTTP_METHODS and parts[1].startswith("/"):
        return parts[0].upper(), parts[1]
    if len(parts) == 1 and parts[0].startswith("/"):
        return None, parts[0]
    return None


def scan_ts_ledger(source: bytes, language: str) -> LedgerScan:
    tree = parse(language, source)
    rows: list[LedgerRow] = []
    declined: list[str] = []
    stack = [tree.root_node]
    while stack:
        node = stack.pop()
        stack.extend(reversed(node.named_children))
        if node.type != "object":
            continue
        pairs = {name: pair.child_by_field_name("value") for pair in node.named_children
                 if pair.type == "pair"
                 and (name := object_key(pair.child_by_field_name("key"))) is not None}
        if "route" not in pairs:
            continue
        line = first_line(node)
        route_text = ts_string(pairs["route"])
        route = split_route(route_text) if route_text is not None else None
        if route is None:
            declined.append(f"line {line}: route {_quoted(source, pairs['route'])} is not a "
                            "'METHOD /path' string")
            continue
        client: str | None = None
        if "client" in pairs:
            client = ts_string(pairs["client"])
            if client is None:
                declined.append(f"line {line}: client {_quoted(source, pairs['client'])} is "
                                "not a plain string")
                continue
        rows.append(LedgerRow(route[0], route[1], client or None, line))
    return LedgerScan(tuple(rows), tuple(declined))


_QUOTED_CHARS = 60


def _quoted(source: bytes, node: Node | None) -> str:
    """The first characters of a value a row declines, as written: sliced from the source, not
    the node's whole text (a value nesting more rows, ``{route: {route: …}}``, copied whole at
    each of them made a ledger quadratic: 1.4 MB took 18 s)."""
    if node is None:
        return ""
    # a character is at most 4 bytes: these bytes hold the characters shown, and a character
    # the slice cuts decodes after them
    end = min(node.end_byte, node.start_byte + 4 * _QUOTED_CHARS)
    return source[node.start_byte:end].decode("utf-8", "replace")[:_QUOTED_CHARS]


@cache
def _loader() -> type:
    """Safe YAML with bounded nesting: a ledger is the repository's, which a PR may edit.
    Built on first use: only an OpenAPI ledger needs PyYAML, kept off every other start-up."""
    import yaml

    return type("_Loader", (DepthLimitedComposer, yaml.SafeLoader), {})


def scan_openapi(source: bytes, path: str) -> LedgerScan:
    import yaml

    try:
        document = (parse_json(source) if path.endswith(".json")
                    else yaml.load(source.decode("utf-8"), Loader=_loader()))  # noqa: S506
    except NestingError as exc:
        return LedgerScan((), error=str(exc))
    except (ValueError, yaml.YAMLError, UnicodeDecodeError) as exc:
        return LedgerScan((), error=f"not valid {'JSON' if path.endswith('.json') else 'YAML'}"
                          f" ({str(exc).splitlines()[0]})")
    paths = document.get("paths") if isinstance(document, dict) else None
    if not isinstance(paths, dict):
        return LedgerScan((), error="no `paths` object: not an OpenAPI document")
    rows: list[LedgerRow] = []
    declined: list[str] = []
    for route, operations in paths.items():
        if not isinstance(operations, dict):
            declined.append(f"path {route}: not an object of operations")
            continue
        for method, operation in operations.items():
            if not isinstance(method, str) or method.lower() not in HTTP_METHODS:
                continue
            client = None
            if isinstance(operation, dict):
                client = operation.get("x-sdk-method") or operation.get("operationId")
            rows.append(LedgerRow(method.upper(), str(route),
                                  client if isinstance(client, str) else None, 0))
    return LedgerScan(tuple(rows), tuple(declined))


def scan_ledger(source: bytes, path: str) -> LedgerScan:
    """Read one ledger file, by its extension."""
    if path.endswith((".json", ".yaml", ".yml")):
        return scan_openapi(source, path)
    language = EXTENSIONS.get("." + path.rsplit(".", 1)[-1])
    if language is None or language == "python":
        return LedgerScan((), error="unsupported ledger format (TS/JS table or OpenAPI)")
    return scan_ts_ledger(source, language)
