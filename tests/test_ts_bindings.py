"""Which TypeScript consts are names bound to a value (``Declaration.binding``), a plain word
that never anchors bare, and which hold a function or class, a plain word that anchors in
call form (docs/concepts/anchoring-rules.md#plain-words)."""

from __future__ import annotations

import pytest

from govern.drift.anchors.typescript import extract_typescript


def _bindings(source: str, line: int) -> list[tuple[str, bool]]:
    touched = extract_typescript(source.encode(), frozenset({line}), "typescript").touched
    return [(d.key, d.binding) for d in touched]


@pytest.mark.parametrize(("source", "binding"), [
    ("export const Store = class { run() {} }\n", False),
    ("export const steps = function* () { yield 1 }\n", False),
    ("export const double = (n: number) => n * 2\n", False),
    ("export const limit = 5\n", True),
    ("export const app = createApp()\n", True),
])
def test_a_const_holding_a_function_or_class_is_no_value_bound(source: str,
                                                                binding: bool) -> None:
    name = source.split()[2]
    assert _bindings(source, 1) == [(name, binding)]
