"""Strings that only pass a name on or look a key up, and environment names with a leading
underscore (docs/concepts/anchoring-rules.md#literals)."""

from __future__ import annotations

import pytest

from govern.drift.anchors.python import extract_python
from govern.drift.anchors.typescript import extract_typescript


def _literals(language: str, source: str, lines: set[int]) -> tuple[str, ...]:
    data = source.encode()
    if language == "python":
        return extract_python(data, frozenset(lines)).literals
    return extract_typescript(data, frozenset(lines), language).literals


# -- a key looked up in a type, a key passing on its own variable -----------------------------

@pytest.mark.parametrize(("language", "source", "lines", "expected"), [
    # zod's ``T["_zod"]["config"]``: an indexed access type reads a key, as ``obj["k"]`` does
    ("typescript", 'export type C<T> = Mini<T["_zod"]["config"]>;\n', {1}, ()),
    ("typescript", "export type K<T> = T['def']['keyType'];\n", {1}, ()),
    # a union member is still one
    ("typescript", "export type Code = 'not_found' | T['bad_input'];\n", {1}, ("not_found",)),
    # typer's kwargs for click: each key passes on the parameter of its own name
    ("python", "def f(is_eager, show_default):\n"
     "    return {'is_eager': is_eager, 'show_default': show_default}\n", {2}, ()),
    ("typescript", "export function f(is_eager) {\n  return {'is_eager': is_eager};\n}\n", {2},
     ()),
    # a key whose value is anything else still names a field the table builds
    ("python", "def f(is_eager):\n    return {'show_default': True, 'is_eager': eager,"
     " 'hide_input': self.hide_input}\n", {2}, ("show_default", "is_eager", "hide_input")),
    ("python", "DEFAULTS = {'max_retries': 3}\n", {1}, ("max_retries",)),
    # a shorthand property is an identifier, never a string: as before, it anchors nothing
    ("typescript", "export function f(is_eager) {\n  return {is_eager};\n}\n", {2}, ()),
])
def test_a_key_looked_up_in_a_type_or_passing_on_its_own_name_is_not_declared(
        language: str, source: str, lines: set[int], expected: tuple[str, ...]) -> None:
    assert _literals(language, source, lines) == expected


# -- environment names with a leading underscore -----------------------------------------------

@pytest.mark.parametrize(("source", "expected"), [
    # typer's ``_TYPER_STANDARD_TRACEBACK``, which its exceptions page tells users to set
    ("os.getenv('TYPER_STANDARD_TRACEBACK', os.getenv('_TYPER_STANDARD_TRACEBACK'))",
     ("TYPER_STANDARD_TRACEBACK", "_TYPER_STANDARD_TRACEBACK")),
    ("os.environ['_TYPER_COMPLETE']", ("_TYPER_COMPLETE",)),
    ("os.environ.get('_PROG_COMPLETE')", ("_PROG_COMPLETE",)),
    # a private name read from anything else is not an environment variable
    ("settings.get('_PRIVATE_NAME')", ()),
    ("send('_PRIVATE_NAME')", ()),
    # nor is more than one leading underscore, a dunder, or a name with no inner underscore
    ("os.getenv('__PROG_COMPLETE')", ()),
    ("os.getenv('__PROG__')", ()),
    ("os.getenv('_DEBUG')", ()),
])
def test_an_environment_variable_may_lead_with_one_underscore(
        source: str, expected: tuple[str, ...]) -> None:
    assert _literals("python", f"import os\n\n\ndef f(settings):\n    return {source}\n",
                     {5}) == expected


def test_a_leading_underscore_environment_name_in_typescript() -> None:
    source = "export function f() {\n  return process.env['_APP_COMPLETE'];\n}\n"
    assert _literals("typescript", source, {2}) == ("_APP_COMPLETE",)
