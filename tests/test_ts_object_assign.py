"""``Object.assign(F, …)`` returns ``F``, the other arguments' keys copied onto it: a const so
bound holds ``F``, and every reader of what a const holds reads it so, ``F`` written there or
a top-level function or class of the file named there (mobx's ``observable =
Object.assign(createObservable, observableFactories)``). Any other first argument leaves a
value (docs/concepts/anchoring-rules.md#plain-words)."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.drift.anchors.typescript import extract_typescript
from tests.helpers import pr_repo, rows, run_json


def _line(source: str, written: str) -> int:
    return next(n for n, line in enumerate(source.splitlines(), 1) if written in line)


def _touched(source: str, written: str, language: str = "typescript",
             module: str | None = None) -> list[tuple[str, bool]]:
    """(key, binding) of what a change on the line writing ``written`` anchors."""
    found = extract_typescript(source.encode(), frozenset({_line(source, written)}), language,
                               module=module).touched
    return [(d.key, d.binding) for d in found]


HELPER = """\
export function resolve(path: string) {
  const normalize = VALUE
  return normalize(path)
}
"""


@pytest.mark.parametrize(("value", "expected"), [
    # a local holding a function: a helper the function keeps, its change the helper's
    ("Object.assign((p: string) => p.trim(), { kind: 'path' })", []),
    ("(p: string) => p.trim()", []),
    # a value: a line of the function's own body
    ("Object.assign({}, defaults)", [("resolve", False)]),
    ("Object.assign(base, defaults)", [("resolve", False)]),
])
def test_a_local_object_assign_makes_of_a_function_is_a_helper(
        value: str, expected: list[tuple[str, bool]]) -> None:
    source = HELPER.replace("VALUE", value)
    assert _touched(source, "const normalize") == expected


FACTORY = """\
export const createApp = Object.assign(function createApp() {
  function listen(port: number) {
    return port
  }
  return { listen }
}, meta)

export const app = createApp()
"""


def test_the_function_object_assign_returns_gives_out_its_helpers() -> None:
    """Its body is a function's body: a helper it gives out under a key of the object it
    returns is that member, of the factory and of the instance a const holds."""
    source = FACTORY.encode()
    result = extract_typescript(source, frozenset({_line(FACTORY, "return port")}), "typescript")
    assert [d.key for d in result.touched] == ["app.listen", "createApp.listen"]
    assert {"createApp.listen", "app.listen"} <= result.declared
    # its own body's line is the function's
    own = extract_typescript(source, frozenset({_line(FACTORY, "return { listen }")}),
                             "typescript")
    assert [(d.key, d.binding) for d in own.touched] == [("app", True), ("createApp", False)]


def test_a_value_object_assign_makes_gives_out_nothing() -> None:
    source = FACTORY.replace("Object.assign(function createApp() {", "Object.assign({ make() {")
    source = source.replace("}, meta)", "} }, meta)")
    result = extract_typescript(source.encode(), frozenset({_line(source, "return port")}),
                                "typescript")
    assert "createApp.listen" not in result.declared
    assert "app.listen" not in result.declared


PROTO = """\
const prototype = {
  child () {
    return Object.create(this)
  }
}

module.exports = FACTORY
"""


@pytest.mark.parametrize(("factory", "expected"), [
    ("Object.assign(function () { return Object.create(prototype) }, { version: 1 })",
     [("logger.child", False)]),
    ("Object.assign(make, { version: 1 })", [("logger.child", False)]),
    ("Object.assign({}, { make () { return Object.create(prototype) } })", []),
])
def test_the_prototype_a_factory_object_assign_returns_hands_out_is_the_module_object(
        factory: str, expected: list[tuple[str, bool]]) -> None:
    """pino's shape (``Object.create(prototype)`` in the exported factory), the factory given
    its keys by ``Object.assign``; a function the file declares is read where it is named."""
    source = PROTO.replace("FACTORY", factory) \
        + "\nfunction make () {\n  return Object.create(prototype)\n}\n"
    assert _touched(source, "Object.create(this)", "javascript", "logger") == expected


OBSERVABLE = """\
type Options = { deep?: boolean }

function createObservable(value: unknown, options?: Options) {
  return wrap(value, options)
}

export const observable = Object.assign(createObservable, factories)
"""


@pytest.mark.parametrize(("written", "expected"), [
    # its body, its parameters' type, its own line: the function the const holds
    ("return wrap", [("observable", False)]),
    ("type Options", [("observable", False)]),
    ("export const observable", [("observable", False)]),
])
def test_a_top_level_function_object_assign_names_is_what_the_const_holds(
        written: str, expected: list[tuple[str, bool]]) -> None:
    """mobx's ``observable = Object.assign(createObservable, observableFactories)``: a change
    inside ``createObservable`` is one of ``observable``, as a function (a plain word that
    anchors in call form), as ``export const observable = createObservable`` is."""
    assert _touched(OBSERVABLE, written) == expected
    result = extract_typescript(OBSERVABLE.encode(), frozenset({_line(OBSERVABLE, written)}),
                                "typescript")
    assert "unexported `createObservable`" not in result.passed_over


@pytest.mark.parametrize("declared", [
    # no function: a const bound to a value, or one declared elsewhere (imported)
    "const createObservable = { deep: true }\n",
    "import { createObservable } from './observable'\n",
    # a const naming one is not followed further: one hop
    "function make () {}\nconst createObservable = Object.assign(make, {})\n",
])
def test_object_assign_onto_any_other_name_is_a_value_bound(declared: str) -> None:
    source = declared + "\nexport const observable = Object.assign(createObservable, factories)\n"
    assert _touched(source, "export const observable") == [("observable", True)]


@pytest.mark.parametrize("value", ["Object.assign({}, defaults)", "Object.assign(target, src)"])
def test_object_assign_onto_an_object_is_a_value_bound(value: str) -> None:
    """Read through a changed type its annotation names (its own lines read ``{}`` as an
    object literal, a container); a change to the target is none of the const's."""
    source = ("type Options = { deep?: boolean }\nconst target = { deep: true }\n\n"
              f"export const options: Options = {value}\n")
    assert _touched(source, "type Options") == [("options", True)]
    assert _touched(source, "const target") == []


PANEL = """\
export const Panel = Object.assign(class Panel extends Base {
  open() {
    return 1
  }
}, { create })
"""


def test_a_class_object_assign_returns_has_its_members_and_the_keys_copied_onto_it() -> None:
    result = extract_typescript(PANEL.encode(), frozenset({3}), "typescript")
    assert [d.key for d in result.touched] == ["Panel.open"]
    assert {"Panel.open", "Panel.create"} <= result.declared
    # a line of its own, not a member's, is the class
    assert [d.key for d in extract_typescript(PANEL.encode(), frozenset({1}),
                                              "typescript").touched] == ["Panel"]


@pytest.mark.parametrize("local", [
    "function createObservable(value, options) {\n  return wrap(value, options)\n}\n",
    "class createObservable {\n  get() {\n    return 1\n  }\n}\n",
])
def test_the_commonjs_form_of_object_assign_is_read_as_the_const_form(local: str) -> None:
    """``exports.observable = Object.assign(createObservable, factories)`` publishes the local
    under ``observable`` as the const does, and its own line, which copies keys onto it, is
    ``observable``'s, not the re-export of a name unchanged, which it would read as were the
    file's functions and classes given to the readers of a CommonJS export (a review asked)."""
    def read(source: str) -> list[tuple[object, ...]]:
        found = []
        for line in range(1, source.count("\n") + 1):
            result = extract_typescript(source.encode(), frozenset({line}), "javascript")
            found.append(([(d.key, d.binding) for d in result.touched],
                          sorted(result.declared), result.passed_over))
        return found

    const = read(local + "\nexport const observable = Object.assign(createObservable, factories)\n")
    commonjs = read(local + "\nexports.observable = Object.assign(createObservable, factories)\n")
    assert commonjs == const
    assert commonjs[-1][0] == [("observable", False)]
    assert commonjs[-1][2] == ()


INHERITS = """\
export class Base {
  m() {
    return 1
  }
}

export const Foo = VALUE
"""


@pytest.mark.parametrize(("value", "touched", "declared"), [
    # a class written as the value itself is a value, its members and its base's none of it
    ("class extends Base {\n  n() {\n    return 2\n  }\n}", ["Base.m"], ["Foo"]),
    # the class ``Object.assign`` returns inherits its base's members, as its own are read
    ("Object.assign(class extends Base {\n  n() {\n    return 2\n  }\n}, { create })",
     ["Base.m", "Foo.m"], ["Foo", "Foo.create", "Foo.m", "Foo.n"]),
])
def test_a_const_inherits_the_members_of_a_base_only_of_a_class_it_holds_through_a_call(
        value: str, touched: list[str], declared: list[str]) -> None:
    """Found by review: a plain class expression had joined the class tree (``Foo.m``
    touched) while its own members were still read as a value's (``Foo.n`` not declared)."""
    source = INHERITS.replace("VALUE", value)
    result = extract_typescript(source.encode(), frozenset({_line(source, "return 1")}),
                                "typescript")
    assert [d.key for d in result.touched] == touched
    assert sorted(key for key in result.declared if key.startswith("Foo")) == declared


def test_a_pr_changing_the_function_object_assign_names_lists_the_page_calling_it(
        tmp_path: Path) -> None:
    """The plain word ``observable`` anchors in call form, as a function's name does; a value
    bound by ``Object.assign`` onto another object never anchors bare."""
    source = OBSERVABLE + "\nconst defaults = { deep: true }\n" \
        "export const options = Object.assign(defaults, overrides)\n"
    base = {"src/observable.ts": source,
            "docs/observable.md": "Make state reactive: `observable(state)`.\n",
            "docs/options.md": "Read them with `options()`.\n"}
    data = run_json(pr_repo(tmp_path, base, {"src/observable.ts": source.replace(
        "return wrap(value, options)", "return wrap(value, options ?? {})").replace(
        "(defaults, overrides)", "(defaults, overrides, extra)")}), "main")
    assert rows(data) == {"docs/observable.md": ["observable"]}
