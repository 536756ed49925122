"""Untrusted structured input, read one way (issue 10): the JSON a command's ``--json`` wrote and
another command reads back (``govern comment …``), and every on-disk cache, are checked against
the JSON Schemas the package ships (``schemas/``), then by the few rules a schema cannot say.

Artifacts and caches may come from a fork PR's workflow, so nesting is bounded before anything
walks the value (issue 13): a deep document is refused, never a RecursionError. The validator
(fastjsonschema) is imported and each schema compiled on first use, once per process, only on
the paths that read that input.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from typing import Any

from govern.core.errors import PayloadError
from govern.core.resources import read_data

MAX_DEPTH = 64
"""Deepest nesting read: govern's own documents are under ten levels deep."""


class NestingError(ValueError):
    """The document nests deeper than MAX_DEPTH."""

    def __init__(self) -> None:
        super().__init__(f"nested deeper than {MAX_DEPTH} levels")


def check_depth(value: Any) -> None:
    """NestingError unless ``value`` nests at most MAX_DEPTH levels; iterative, so a hostile
    value cannot exhaust the stack."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = (item.values() if isinstance(item, dict)
                    else item if isinstance(item, list) else ())
        for child in children:
            if isinstance(child, dict | list):
                if depth >= MAX_DEPTH:
                    raise NestingError
                stack.append((child, depth + 1))


def parse_json(text: str | bytes) -> Any:
    """The JSON value in ``text``: ValueError when it is not JSON, NestingError when it nests
    too deeply (json's own decoder recurses, so depth past the interpreter's limit is caught
    as well as depth past MAX_DEPTH)."""
    try:
        value = json.loads(text)
    except RecursionError:
        raise NestingError from None
    check_depth(value)
    return value


class DepthLimitedComposer:
    """A PyYAML loader mixin (put it before the loader class) that refuses nodes nested deeper
    than MAX_DEPTH while composing, before PyYAML's recursive composer meets the interpreter's
    limit. Counting composed nodes, not walking the result, keeps aliases linear."""

    _depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self._depth >= MAX_DEPTH:
            raise NestingError
        self._depth += 1
        try:
            # A mixin: compose_node is the loader's (PyYAML's Composer), after this class in
            # the MRO, so mypy cannot see it on ``object``.
            return super().compose_node(parent, index)  # type: ignore[misc]
        finally:
            self._depth -= 1


@cache
def validator(schema: str, detailed: bool = True) -> Callable[..., Any]:
    """The compiled validator of ``schemas/<schema>``, compiled once per process. ``detailed``
    builds exceptions that say where and why (for a person); without it the generated code is
    a third to a tenth of the compile time, which a cache, only ever kept or dropped, takes.
    (fastjsonschema cannot compile ``const`` that way, so cache schemas use one-value enums.)"""
    import fastjsonschema  # imported only by the paths that read untrusted JSON

    return fastjsonschema.compile(json.loads(read_data("schemas", schema)),
                                  detailed_exceptions=detailed)


def conforms(schema: str, value: Any) -> bool:
    """Whether ``value`` conforms to ``schemas/<schema>`` (a cache: no reason is needed)."""
    from fastjsonschema import JsonSchemaValueException

    try:
        validator(schema, detailed=False)(value)
    except JsonSchemaValueException:
        return False
    return True


def schema_problem(schema: str, value: Any) -> str | None:
    """What is wrong with ``value`` under ``schemas/<schema>``, naming its JSON path
    (``$.prs[0].head``), or None when it conforms."""
    from fastjsonschema import JsonSchemaValueException

    try:
        validator(schema)(value, name_prefix="$")
    except JsonSchemaValueException as exc:
        return _worded(exc)
    return None


def _worded(exc: Any) -> str:
    """The validator's complaint in a reader's words: the key missing or unexpected, or what a
    subschema's ``title`` says the value should be ("a commit sha" rather than its regex)."""
    definition = exc.definition if isinstance(exc.definition, dict) else {}
    found = exc.value if isinstance(exc.value, dict) else {}
    if exc.rule == "required":
        missing = [key for key in definition.get("required", ()) if key not in found]
        return f"{exc.name}.{missing[0]} is missing" if missing else str(exc.message)
    if exc.rule == "additionalProperties":
        extra = sorted(set(found) - set(definition.get("properties", {})))
        if extra:
            shown = extra[0] if len(extra[0]) <= 40 else extra[0][:39] + "…"
            more = f" (and {len(extra) - 1} more)" if len(extra) > 1 else ""
            return f"{exc.name} has unexpected key {shown!r}{more}"
        return str(exc.message)
    if definition.get("title"):
        return f"{exc.name} is not {definition['title']}"
    return str(exc.message)


def parse_versioned(text: str, source: str, version: int, schema: str, what: str,
                    remedy: str) -> dict[str, Any]:
    """The JSON object in ``text`` (read from ``source``), refused (PayloadError, exit 2) unless
    it is valid JSON, an object of schema ``version`` (another version's keys may mean other
    things), and conforms to ``schemas/<schema>``; ``what`` names the producer's output."""
    try:
        data = parse_json(text)
    except NestingError as exc:
        raise PayloadError(f"{source} is {exc}", remedy) from None
    except ValueError as exc:
        raise PayloadError(f"{source} is not valid JSON ({exc})", remedy) from None
    if not isinstance(data, dict):
        raise PayloadError(f"{source} is not a JSON object", remedy)
    found = data.get("schema_version")
    if found != version:
        raise PayloadError(
            f"{source} has schema_version {found!r}; this govern reads {version}",
            "render it with the govern version that computed it, or recompute it with this one")
    problem = schema_problem(schema, data)
    if problem is not None:
        raise PayloadError(f"{source} is not {what}: {problem}", remedy)
    return data
