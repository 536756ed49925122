"""Route ledgers: tables binding a wire route to the client (SDK) method that calls it.

Two formats: TS/JS tables of ``{ route: 'GET /api/…', client: 'meta.getAudit' }`` rows, and
OpenAPI 3 documents (method + path -> ``x-sdk-method``, else ``operationId``). A value the
reader declines is named with its line, so a partial read is never silent."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import yaml

from govern.core.json_input import DepthLimitedComposer, NestingError, parse_json
from govern.drift.anchors.routes import HTTP_METHODS
from govern.drift.anchors.syntax import EXTENSIONS, first_line, parse, text, ts_string


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
        pairs = {text(p.child_by_field_name("key")).strip("'\""): p.child_by_field_name("value")
                 for p in node.named_children if p.type == "pair"}
        if "route" not in pairs:
            continue
        line = first_line(node)
        route_text = ts_string(pairs["route"])
        route = split_route(route_text) if route_text is not None else None
        if route is None:
            declined.append(f"line {line}: route {text(pairs['route'])[:60]} is not a "
                            "'METHOD /path' string")
            continue
        client: str | None = None
        if "client" in pairs:
            client = ts_string(pairs["client"])
            if client is None:
                declined.append(f"line {line}: client {text(pairs['client'])[:60]} is not a "
                                "plain string")
                continue
        rows.append(LedgerRow(route[0], route[1], client or None, line))
    return LedgerScan(tuple(rows), tuple(declined))


class _Loader(DepthLimitedComposer, yaml.SafeLoader):
    """Safe YAML with bounded nesting: a ledger is the repository's, which a PR may edit."""


def scan_openapi(source: bytes, path: str) -> LedgerScan:
    try:
        document = (parse_json(source) if path.endswith(".json")
                    else yaml.load(source.decode("utf-8"), Loader=_Loader))  # noqa: S506
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
