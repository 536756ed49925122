"""Strings that only pass a name on or look a key up, environment names with a leading
underscore, and settings read as ``config.X`` (docs/concepts/anchoring-rules.md#literals)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from govern.drift.anchors.python import extract_python
from govern.drift.anchors.typescript import extract_typescript
from tests.helpers import pr_repo, rows, run_json


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
    ("python", "def f(is_eager, show_default, hide_input):\n"
     "    return {'is_eager': is_eager, 'show_default': show_default,\n"
     "            'hide_input': hide_input, 'prompt': prompt}\n", {2, 3}, ()),
    ("typescript", "export function f(is_eager, show_default, hide_input) {\n"
     "  return {'is_eager': is_eager, show_default: show_default, 'hide_input': hide_input};"
     "\n}\n", {2}, ()),
    # a key or two of that kind beside others is a payload: fastapi's examples return
    # ``{"item_id": item_id}``, and its pages show that JSON
    ("python", "def read_item(item_id, limit_to):\n"
     "    return {'item_id': item_id, 'limit_to': limit_to, 'message': 'hello'}\n", {2},
     ("item_id", "limit_to")),
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


# -- the keys of data records --------------------------------------------------------------

SPONSORS = ('export const topSponsors = [\n'
            '  { "name": "Acme", "imgSrc": 10, "createdAt": 1 },\n'
            '  { "name": "Globex", "imgSrc": 20, "createdAt": 2 },\n'
            '  { "name": "Initech", "imgSrc": 30, "createdAt": 3 },\n'
            '];\n')


@pytest.mark.parametrize(("language", "source", "lines", "expected"), [
    # trpc's sponsors: three or more objects in an array are records, their keys the fields
    # their type declares
    ("typescript", SPONSORS, {3}, ()),
    ("python", "SPONSORS = [\n    {'img_src': 'a', 'created_at': 1},\n"
     "    {'img_src': 'b', 'created_at': 2},\n    {'img_src': 'c', 'created_at': 3},\n]\n",
     {2}, ()),
    # the values of records stay anchors: a table of error codes still names its codes
    ("typescript", "export const errors = [\n  { code: 'NOT_FOUND' },\n"
     "  { code: 'BAD_INPUT' },\n  { code: 'TOO_MANY' },\n];\n", {3}, ("BAD_INPUT",)),
    # two objects are no table of records, nor is one holding a list
    ("typescript", SPONSORS.replace('  { "name": "Initech", "imgSrc": 30, '
                                    '"createdAt": 3 },\n', ""), {3}, ("imgSrc", "createdAt")),
    ("python", "CONFIG = {'plugin_list': [{'log_level': 1}, 'x', 'y']}\n", {1},
     ("plugin_list", "log_level")),
])
def test_the_keys_of_data_records_are_not_declared(
        language: str, source: str, lines: set[int], expected: tuple[str, ...]) -> None:
    assert _literals(language, source, lines) == expected


def test_a_table_is_counted_once_however_many_keys_it_has() -> None:
    # the third forwarding pair far down: each key counting the pairs again was quadratic
    many = 5_000
    pairs = ["'a_1': a_1", "'a_2': a_2", *(f"'x_key_{i}': 1" for i in range(many)),
             *(f"'b_{i}': b_{i}" for i in range(many))]
    source = "TABLE = {\n" + ",\n".join(pairs) + "\n}\n"
    started = time.perf_counter()
    found = _literals("python", source, set(range(1, 2 * many + 4)))
    assert len(found) == many  # the x_key_… keys: the bundle's are passed on
    assert time.perf_counter() - started < 10


# -- environment names with a leading underscore -----------------------------------------------

@pytest.mark.parametrize(("source", "expected"), [
    # typer's ``_TYPER_STANDARD_TRACEBACK``, which its exceptions page tells users to set
    ("os.getenv('TYPER_STANDARD_TRACEBACK', os.getenv('_TYPER_STANDARD_TRACEBACK'))",
     ("TYPER_STANDARD_TRACEBACK", "_TYPER_STANDARD_TRACEBACK")),
    ("os.environ['_TYPER_COMPLETE']", ("_TYPER_COMPLETE",)),
    ("os.environ.get('_PROG_COMPLETE')", ("_PROG_COMPLETE",)),
    # read through a getattr-like reader, or named first to a getter with a default after it
    ("getattr(os.environ, '_PROG_COMPLETE')", ("_PROG_COMPLETE",)),
    ("os.getenv('_PROG_COMPLETE', '_PROG_DEFAULT')", ("_PROG_COMPLETE",)),
    # a private name read from anything else is not an environment variable
    ("settings.get('_PRIVATE_NAME')", ()),
    ("settings['_PRIVATE_NAME']", ()),
    ("getattr(settings, '_PRIVATE_NAME')", ()),
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


# -- settings read as ``config.X`` ------------------------------------------------------------

ADAPTER = """module.exports = function httpAdapter(config) {
  return new Promise(function dispatch(resolve) {
    var options = {};
    options.socketPath = config.socketPath;
    config.maxRedirects = 5;
    var url = config.url;
    this.config.proxyAuth;
    request.socketPath;
    return config.responseEncoding + config.maxContentLength;
  });
};
"""


@pytest.mark.parametrize(("line", "expected"), [
    (4, ("socketPath",)),     # read from the adapter's ``config`` parameter
    (5, ()),                  # a write: a key the code fills in
    (6, ()),                  # a plain word
    (7, ()),                  # ``this.config`` is no parameter
    (8, ()),                  # nor is ``request``
    (9, ("responseEncoding", "maxContentLength")),
])
def test_a_settings_parameter_read_as_a_property_anchors_its_key(
        line: int, expected: tuple[str, ...]) -> None:
    assert _literals("javascript", ADAPTER, {line}) == expected


@pytest.mark.parametrize("source", [
    "export function f(config?: Config) {\n  return config.socketPath;\n}\n",
    "export const f = (config = {}) => {\n  return config.socketPath;\n};\n",
    "export const f = config =>\n  config.socketPath;\n",
    "export function f(settings: Settings) {\n  return settings.socketPath;\n}\n",
])
def test_settings_parameters_in_their_typescript_forms(source: str) -> None:
    assert _literals("typescript", source, {2}) == ("socketPath",)


@pytest.mark.parametrize("source", [
    # trpc's adapters all take ``opts`` and read ``opts.onError``: a name for any options
    "export function f(cmd, opts) {\n  return opts.socketPath;\n}\n",
    "export function f(options) {\n  return options.socketPath;\n}\n",
    # a local, not a parameter
    "export function f() {\n  const config = load();\n  return config.socketPath;\n}\n",
])
def test_other_objects_read_as_a_property_anchor_nothing(source: str) -> None:
    assert _literals("typescript", source, {2, 3}) == ()


def test_a_function_that_takes_another_config_reads_its_own_keys() -> None:
    source = ("export function outer(config) {\n  config.outerKey;\n"
              "  return function inner(config) {\n    return config.innerKey;\n  };\n}\n")
    extraction = extract_typescript(source.encode(), frozenset({4}), "javascript")
    assert extraction.literals == ("innerKey",)
    assert extraction.literal_kin["innerKey"] == frozenset({"innerKey"})


def test_a_new_option_read_from_config_is_homed_by_the_page_naming_its_siblings(
        tmp_path: Path) -> None:
    old = ("module.exports = function httpAdapter(config) {\n"
           "  send(config.maxRedirects, config.maxContentLength);\n};\n")
    new = old.replace("};", "  listen(config.socketPath);\n};")
    docs = {"README.md": "```js\n{\n  maxRedirects: 5,\n  maxContentLength: 2000,\n}\n```\n",
            "docs/other.md": "`maxRedirects` only\n"}
    data = run_json(pr_repo(tmp_path, {"lib/http.js": old, **docs}, {"lib/http.js": new}),
                    "main")
    homes = {entry["token"]: entry["suggested_pages"] for entry in data["new_api"]}
    assert homes["socketPath"] == ["README.md"]
    assert rows(data) == {}


def test_settings_reads_of_deeply_nested_configs_stay_linear() -> None:
    depth = 3000
    source = "".join(f"function f{i}(config) {{ config.keyNumber{i};\n" for i in range(depth))
    source += "}" * depth + "\n"
    started = time.perf_counter()
    extraction = extract_typescript(source.encode(), frozenset(range(1, depth + 1)),
                                    "javascript")
    assert len(extraction.literals) == depth
    assert time.perf_counter() - started < 10
