"""Which TypeScript consts are names bound to a value (``Declaration.binding``), a plain word
that never anchors bare, and which hold a function or class, a plain word that anchors in
call form (docs/concepts/anchoring-rules.md#plain-words)."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.drift.anchors.typescript import extract_typescript
from tests.helpers import pr_repo, rows, run_json


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


FLOW = """\
export const flow: Flow = Object.assign(
  function flow(generator: () => void) {
    return run(generator)
  } as any,
  flowAnnotation,
)
"""


@pytest.mark.parametrize("value", [
    "Object.assign(function flow(g) { return run(g) }, annotation)",
    "Object.assign((g: () => void) => run(g), bound)",
    "Object.assign(class Flow {}, meta)",
    "Object.assign(function* steps() { yield 1 }, meta) as Flow",
])
def test_object_assign_onto_a_function_or_class_holds_it(value: str) -> None:
    """``Object.assign(F, …)`` returns ``F``, its keys added: the const holds a function (mobx's
    ``export const flow: Flow = Object.assign(function flow…, flowAnnotation)``)."""
    assert _bindings(f"export const flow = {value}\n", 1) == [("flow", False)]


@pytest.mark.parametrize("value", [
    "Object.assign(target, source)",
    "Object.assign(makeFlow(), annotation)",
    "Object.freeze(function flow() {})",
    "assign(function flow() {}, annotation)",  # mobx's own alias: what `assign` is, is not read
])
def test_object_assign_onto_anything_else_is_a_value_bound(value: str) -> None:
    assert _bindings(f"export const flow = {value}\n", 1) == [("flow", True)]


def test_object_assign_onto_a_new_object_is_a_value_bound() -> None:
    """Read through a changed type its annotation names (its own lines read ``{}`` as an
    object literal, a container)."""
    source = "type Options = { retries?: number }\n" \
        "export const options: Options = Object.assign({}, defaults)\n"
    assert _bindings(source, 1) == [("options", True)]


def test_the_function_object_assign_returns_is_read_alike_by_its_lines_and_its_type() -> None:
    """A change inside the function and a change to an unexported type its const's annotation
    names read it alike: a function, not a value bound."""
    source = "interface Flow { (generator: () => void): Promise<void> }\n\n" + FLOW
    assert _bindings(source, 5) == [("flow", False)]
    assert _bindings(source, 1) == [("flow", False)]


def test_a_pr_changing_the_function_lists_the_page_calling_it(tmp_path: Path) -> None:
    """The plain word ``flow`` anchors in call form, as ``export function flow`` would; a value
    bound by ``Object.assign`` onto another object never anchors bare."""
    merged = "export const options = Object.assign(target, overrides)\n"
    base = {"src/flow.ts": FLOW, "src/options.ts": merged,
            "docs/generators.md": "Wrap a generator: `flow(function* () { yield load() })`.\n",
            "docs/settings.md": "Read them with `options()`.\n"}
    data = run_json(pr_repo(tmp_path, base, {
        "src/flow.ts": FLOW.replace("return run(generator)", "return run(generator, 0)"),
        "src/options.ts": merged.replace("overrides", "overrides, extra")}), "main")
    assert rows(data) == {"docs/generators.md": ["flow"]}


def test_the_parameters_of_the_function_object_assign_returns_are_the_const_s_signature(
        ) -> None:
    """An unexported type its parameters name anchors the const, as one the annotation names
    does (docs/concepts/anchoring-rules.md#what-anchors); one its body names does not."""
    source = ("type Options = { delay?: number }\n"
              "type Step = { index: number }\n"
              "export const flow = Object.assign(function flow(options?: Options) {\n"
              "  const step: Step = { index: 0 }\n"
              "}, meta)\n")
    assert _bindings(source, 1) == [("flow", False)]
    assert _bindings(source, 2) == []
