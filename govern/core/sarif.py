"""SARIF 2.1.0 for code scanning: the one log shape every govern renderer of findings on
lines shares (docs/concepts/affected-docs.md#output, ``govern check docs-refs``)."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from govern import __version__
from govern.core.text import json_text

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def sarif_result(rule_id: str, level: str, text: str, path: str,
                 region: dict[str, int] | None,
                 fingerprint: tuple[str, str]) -> dict[str, Any]:
    """One result located in a file of the repository (``%SRCROOT%``), on a line when
    ``region`` is given. The path is written as a URI reference, percent-encoded: a ``#``,
    ``%``, space or newline in a file name would otherwise start a fragment or break the
    reference, and code scanning would place the alert on another file or refuse it."""
    uri = quote(path, safe="/", errors="surrogateescape")  # a byte that is not UTF-8 as itself
    physical: dict[str, Any] = {"artifactLocation": {"uri": uri, "uriBaseId": "%SRCROOT%"}}
    if region is not None:
        physical["region"] = region
    return {"ruleId": rule_id, "level": level, "message": {"text": text},
            "locations": [{"physicalLocation": physical}],
            "partialFingerprints": {fingerprint[0]: fingerprint[1]}}


def render_sarif_log(rules: list[dict[str, Any]], results: list[dict[str, Any]]) -> str:
    """One run of the govern tool with its ``rules`` and ``results``, as indented JSON."""
    driver = {"name": "govern", "version": __version__,
              "informationUri": "https://github.com/repo-govern/govern", "rules": rules}
    document = {"$schema": SARIF_SCHEMA, "version": "2.1.0",
                "runs": [{"tool": {"driver": driver}, "results": results}]}
    return json_text(document, indent=2) + "\n"
