"""Declaration extraction, table-driven: (source, changed lines, expected touched keys)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from govern.drift.anchors.model import Extraction
from govern.drift.anchors.python import (
    MAX_PACKAGE_DEPTH,
    ReexportIndex,
    extract_python,
    index_reexports,
    module_path,
    qualified_names,
    resolve_import,
)
from govern.drift.anchors.syntax import first_error_line, parse
from govern.drift.anchors.typescript import extract_typescript

PY = """\
import os
__all__ = ["Client", "FIELD_TYPES", "helper", "Color"]

class Client:
    \"\"\"Talks to the API.\"\"\"
    timeout: int = 5

    def __init__(self):
        self.x = 1

    def send(self, req):
        local = 1
        return local

    def _private(self):
        pass

FIELD_TYPES = {
    "rich_text": 1,
    "plain_text": 2,
}

def helper():
    return "some_key_name"

def hidden():
    return "other_key"

class Color(Enum):
    RED_ONE = 1

if TYPE_CHECKING:
    def helper_typed(): ...
"""


@pytest.mark.parametrize(("lines", "expected"), [
    ({12}, ["Client.send"]),                # a local: its method
    ({5}, ["Client"]),                      # the docstring: the class
    ({8}, ["Client"]),                      # __init__'s signature: the class itself
    ({9}, ["Client.x"]),                    # a field __init__ assigns
    ({6}, ["Client.timeout"]),              # a class attribute
    ({16}, []),                             # a private method anchors nothing
    ({19}, ["FIELD_TYPES.rich_text"]),      # a string-keyed dict member
    ({18}, ["FIELD_TYPES"]),                # the dict's own line
    ({24}, ["helper"]),
    ({27}, []),                             # not in __all__
    ({30}, ["Color.RED_ONE"]),              # an Enum member
    ({1}, []),                              # an import
    ({12, 24}, ["Client.send", "helper"]),
])
def test_python_touched(lines: set[int], expected: list[str]) -> None:
    assert [d.key for d in extract_python(PY.encode(), frozenset(lines)).touched] == expected


def test_python_literals_and_public_declarations() -> None:
    result = extract_python(PY.encode(), frozenset({2, 19, 24, 27}))
    # __all__ entries are not data; a string returned by a function is a value used once.
    assert result.literals == ("rich_text",)
    assert "Client.send" in result.declared and "Client._private" not in result.declared
    assert "hidden" not in result.declared and result.all_names is not None
    assert result.error_line is None


def test_python_bridgeable_is_leaves_only() -> None:
    touched = extract_python(PY.encode(), frozenset({5, 12})).touched
    assert [(d.key, d.bridgeable) for d in touched] == [("Client", False),
                                                        ("Client.send", True)]


def test_python_syntax_error_is_reported_and_the_rest_still_anchors() -> None:
    result = extract_python(b"def broken(:\n    pass\n\ndef fine():\n    return 1\n",
                            frozenset({5}))
    assert result.error_line == 1
    assert [d.key for d in result.touched] == ["fine"]


def reexports(inits: dict[str, Extraction]) -> Callable[[str, str], ReexportIndex | None]:
    """``read_reexports`` over parsed ``__init__`` files."""
    return lambda path, package: (index_reexports(inits[path], package) if path in inits
                                  else None)


FILES = {"src/httpx/__init__.py", "src/httpx/_client.py", "src/httpx/_utils/__init__.py"}
INIT = extract_python(b"from ._client import Client as Client\nfrom ._utils import *\n"
                      b"from . import _models\n", frozenset())


@pytest.mark.parametrize(("path", "name", "expected"), [
    ("src/httpx/_client.py", "Client", ["httpx.Client"]),        # private module, re-exported
    ("src/httpx/_client.py", "Other", []),                        # not re-exported, private mod
    ("src/httpx/_utils/__init__.py", "echo", ["httpx.echo"]),     # star re-export
    ("src/httpx/__init__.py", "version", ["httpx.version"]),
    ("scripts/tool.py", "main", ["tool.main"]),                   # a top-level module
])
def test_python_qualified_names(path: str, name: str, expected: list[str]) -> None:
    read = reexports({"src/httpx/__init__.py": INIT})
    assert qualified_names(path, name, FILES.__contains__, read) == expected


@pytest.mark.parametrize(("module", "package", "expected"), [
    ("pkg.cli", "app", "pkg.cli"),        # absolute: as written
    (".cli", "app.tools", "app.tools.cli"),
    ("..cli", "app.tools", "app.cli"),
    (".", "app.tools", "app.tools"),      # from . import x
    ("..", "app.tools", "app"),
    (".cli", "", "cli"),                  # a top-level module: no package to start from
])
def test_relative_imports_resolve_against_their_package(module: str, package: str,
                                                        expected: str) -> None:
    assert resolve_import(module, package) == expected


def test_a_package_nests_at_most_max_package_depth_folders() -> None:
    deepest = "/".join(["p"] * MAX_PACKAGE_DEPTH)
    files = {f"{'/'.join(['p'] * depth)}/__init__.py" for depth in range(1, MAX_PACKAGE_DEPTH + 2)}
    dotted = ".".join(["p"] * MAX_PACKAGE_DEPTH)
    assert module_path(f"{deepest}/m.py", files.__contains__)[0] == f"{dotted}.m"
    assert module_path(f"{deepest}/p/m.py", files.__contains__) == ("", [])


def test_module_path_stops_at_the_import_root() -> None:
    assert module_path("src/httpx/_client.py", FILES.__contains__) == (
        "httpx._client", [("src/httpx", "httpx")])


def test_qualified_names_respect_the_init_all() -> None:
    init = extract_python(b"from .api import get, post\n__all__ = ['get']\n", frozenset())
    files = {"req/__init__.py", "req/api.py"}
    read = reexports({"req/__init__.py": init})
    assert qualified_names("req/api.py", "get", files.__contains__, read) == [
        "req.api.get", "req.get"]
    assert qualified_names("req/api.py", "post", files.__contains__, read) == [
        "req.api.post"]


@pytest.mark.parametrize("spelled", [
    "__all__ = ['Field', 'computed_field']",
    "__all__ = ('Field', 'computed_field')",
    "__all__ = 'Field', 'computed_field'",  # a tuple without parentheses (pydantic's fields.py)
])
def test_all_in_any_spelling_keeps_other_names_private(spelled: str) -> None:
    """pydantic's ``fields.py`` shadows the built-in ``DeprecationWarning`` at module level
    but leaves it out of ``__all__``: its removal anchored every page naming the built-in."""
    source = (f"{spelled}\nDeprecationWarning = PydanticDeprecatedSince20\n"
              "def Field(): ...\ndef computed_field(): ...\n").encode()
    extraction = extract_python(source, frozenset({2, 3}))
    assert "DeprecationWarning" not in extraction.declared
    assert {"Field", "computed_field"} <= extraction.declared
    assert [d.name for d in extraction.touched] == ["Field"]


LAYERED = {"m/__init__.py": "from m._plugins import ui\nfrom m._plugins import uix\n"
                            "__all__ = ['ui', 'uix']\n",
           "m/_plugins/__init__.py": "",
           "m/_plugins/ui/__init__.py": "from m._plugins.ui._impl.plotly import plotly\n",
           "m/_plugins/ui/_impl/__init__.py": "", "m/_plugins/ui/_impl/plotly.py": ""}


@pytest.mark.parametrize(("root_init", "name", "expected"), [
    # past an _impl/__init__.py that re-exports nothing, then through the module `ui`
    (LAYERED["m/__init__.py"], "plotly", ["m.ui.plotly"]),
    (LAYERED["m/__init__.py"], "other", []),            # ui/__init__.py does not import it
    ("from m._plugins import ui\n__all__ = []\n", "plotly", []),  # `ui` kept private
    ("from m._plugins import uix\n", "plotly", []),      # another module, not a prefix of it
])
def test_qualified_names_pass_over_packages_and_follow_module_reexports(
        root_init: str, name: str, expected: list[str]) -> None:
    files = {**LAYERED, "m/__init__.py": root_init}
    inits = {path: extract_python(text.encode(), frozenset()) for path, text in files.items()}
    assert qualified_names("m/_plugins/ui/_impl/plotly.py", name, files.__contains__,
                           reexports(inits)) == expected


@pytest.mark.parametrize(("path", "expected"), [
    # `chat/` has no __init__.py but sits in a package: a namespace package, importable
    ("m/_plugins/ui/_impl/chat/chat.py", "m._plugins.ui._impl.chat.chat"),
    ("m/_plugins/ui/_impl/chat/deep/x.py", "m._plugins.ui._impl.chat.deep.x"),
    # no package above it: the folder is the import root, as before
    ("scripts/chat/tool.py", "tool"),
])
def test_a_folder_without_init_inside_a_package_is_a_namespace_package(
        path: str, expected: str) -> None:
    files = {"m/__init__.py", "m/_plugins/__init__.py", "m/_plugins/ui/__init__.py",
             "m/_plugins/ui/_impl/__init__.py"}
    assert module_path(path, files.__contains__)[0] == expected


def test_a_name_in_a_namespace_package_is_reexported_by_the_packages_above_it() -> None:
    files = {**LAYERED, "m/_plugins/ui/__init__.py":
             "from m._plugins.ui._impl.chat.chat import chat\n"}
    inits = {path: extract_python(text.encode(), frozenset()) for path, text in files.items()}
    assert qualified_names("m/_plugins/ui/_impl/chat/chat.py", "chat", files.__contains__,
                           reexports(inits)) == ["m.ui.chat"]


TS = """\
export const Schema = z.object({
  userKey: z.string(),
  other: 1,
});
export interface Foo {
  bar: string;
  baz(): void;
}
export type Opts = {
  pageSize: number;
};
export enum Color {
  Red = 1,
  Blue,
}
export namespace Api {
  export function call() {}
}
export class Widget {
  private secret = 1;
  render() {
    const local = "some_key";
  }
  constructor() {}
}
function internalOnly() {}
const exportedLater = { a: 1 };
export { exportedLater };
export default function main() {}
"""


@pytest.mark.parametrize(("lines", "expected"), [
    ({2}, ["Schema.userKey"]),       # a z.object member
    ({1}, ["Schema"]),
    ({6}, ["Foo.bar"]),
    ({7}, ["Foo.baz"]),
    ({10}, ["Opts.pageSize"]),       # an object type alias member
    ({13}, ["Color.Red"]),
    ({17}, ["Api.call"]),            # a namespace member
    ({22}, ["Widget.render"]),       # a local: its method
    ({20}, []),                      # a private field
    ({24}, ["Widget"]),              # the constructor: the class itself
    ({26}, []),                      # not exported
    ({27}, ["exportedLater.a"]),     # exported through an export clause
    ({29}, ["main"]),                # default export
])
def test_typescript_touched(lines: set[int], expected: list[str]) -> None:
    result = extract_typescript(TS.encode(), frozenset(lines), "typescript")
    assert [d.key for d in result.touched] == expected


AMBIENT = """export declare function defineConfig(config: object): void
export declare const VERSION: string
export declare class Server { listen(): void }
export declare namespace Plugins { const count: number }
declare global {
  interface GlobOptions { eager?: boolean }
}
declare module 'vite' {
  interface UserConfig { inspector: boolean }
}
declare module 'virtual:pwa'
declare function localHelper(): void
interface LocalShape { size: number }
export namespace Registry {
  export declare const size: number
}
"""


def test_typescript_declare_forms_are_public_where_they_export_or_augment() -> None:
    every_line = frozenset(range(1, AMBIENT.count("\n") + 1))
    result = extract_typescript(AMBIENT.encode(), every_line, "typescript")
    assert result.declared == {
        "defineConfig", "VERSION", "Server", "Server.listen", "Plugins", "Plugins.count",
        "GlobOptions", "GlobOptions.eager", "UserConfig", "UserConfig.inspector", "Registry",
        "Registry.size"}
    # A plain `declare` or a bare interface in a module is the module's own.
    assert {d.key for d in result.touched} == {
        "defineConfig", "VERSION", "Server.listen", "Plugins.count", "GlobOptions.eager",
        "UserConfig.inspector", "Registry", "Registry.size"}


SCRIPT = "interface ImportMetaEnv {\n  MODE: string\n}\ndeclare const APP_VERSION: string\n"


@pytest.mark.parametrize(("source", "declaration_file", "declared"), [
    (SCRIPT, True, {"ImportMetaEnv", "ImportMetaEnv.MODE", "APP_VERSION"}),
    (SCRIPT, False, set()),  # a .ts script's names are its own: an entry point, not an API
    ("import type { Hot } from './hot'\n" + SCRIPT, True, set()),  # a module, not a script
    ("export {}\n" + SCRIPT, True, set()),
])
def test_a_declaration_file_without_imports_or_exports_declares_globals(
        source: str, declaration_file: bool, declared: set[str]) -> None:
    lines = frozenset(range(1, source.count("\n") + 1))
    result = extract_typescript(source.encode(), lines, "typescript",
                                declaration_file=declaration_file)
    assert result.declared == declared


def test_typescript_reexports_are_the_names_exported_from_other_modules() -> None:
    source = (b"import { a, b } from './ab';\nexport { a };\n"
              b"export { c as publicC, type D, _hidden } from './cd';\n"
              b"export * as ns from './ns';\nexport * from './all';\n"
              b"export { default as Widget } from './widget';\nexport { default } from './x';\n"
              b"const local = 1;\nexport { local };\nexport function own() {}\n")
    assert extract_typescript(source, frozenset(), "typescript").reexports == {
        "a", "publicC", "D", "_hidden", "ns", "Widget"}  # not b (only imported), local, own


def test_python_reexports_follow_all() -> None:
    source = b"from .a import x, y as z\nfrom .b import *\nfrom .c import _p\n__all__ = ['x']\n"
    assert extract_python(source, frozenset()).reexports == {"x"}
    assert extract_python(source.split(b"__all__")[0], frozenset()).reexports == {"x", "z"}


def test_typescript_literals_and_tsx_and_commonjs() -> None:
    assert extract_typescript(TS.encode(), frozenset({22}), "typescript").literals == ()
    tsx = b"export function Panel() {\n  return <div className=\"x\">hi</div>;\n}\n"
    assert [d.key for d in extract_typescript(tsx, frozenset({2}), "tsx").touched] == ["Panel"]
    cjs = b"exports.loadAll = function () {\n  return 1;\n};\nfunction hidden() {}\n"
    assert [d.key for d in extract_typescript(cjs, frozenset({2}), "javascript").touched] == [
        "loadAll"]
    module_exports = b"function fetchAll() {\n  return 1;\n}\nmodule.exports = { fetchAll };\n"
    assert [d.key for d in extract_typescript(module_exports, frozenset({2}),
                                              "javascript").touched] == ["fetchAll"]


COMMONJS_APP = b"""'use strict';
var app = exports = module.exports = {};
app.render = function render(name, callback) {
  return callback(name);
};
app._cache = function () { return 1; };
helper.other = function () {};
function Router() {}
Router.prototype.route = function route(path) {
  return path;
};
exports.Router = Router;
"""


@pytest.mark.parametrize(("source", "line", "touched"), [
    (COMMONJS_APP, 4, ["app.render"]),      # the object module.exports holds, in one chain
    (COMMONJS_APP, 10, ["Router.route"]),   # a method of an exported constructor
    (COMMONJS_APP, 6, []),                  # a private member
    (COMMONJS_APP, 7, []),                  # an object the module does not export
    (b"var res = Object.create(proto);\nmodule.exports = res;\n"
     b"res.json = function json(body) {\n  return body;\n};\n", 4, ["res.json"]),
    (b"var res = Object.create(proto);\n"
     b"res.json = function json(body) {\n  return body;\n};\n", 3, []),  # never exported
    # in an ES module the same shape is a component's property, not API
    (b"export function Panel() {\n  return 1;\n}\nPanel.displayName = 'Panel';\n", 4, []),
])
def test_commonjs_members_assigned_to_the_exported_object(source: bytes, line: int,
                                                         touched: list[str]) -> None:
    extraction = extract_typescript(source, frozenset({line}), "javascript")
    assert [d.key for d in extraction.touched] == touched
    assert all(d.bridgeable for d in extraction.touched)


def test_commonjs_members_are_declared_so_a_removed_one_is_stale() -> None:
    declared = extract_typescript(COMMONJS_APP, frozenset(), "javascript").declared
    assert {"app.render", "Router.route"} <= declared
    assert not {"app._cache", "helper.other"} & declared


# Literals anchor only as declared surface, and only code-shaped
# (docs/concepts/anchoring-rules.md#literals): (language, source, changed lines, literals).
@pytest.mark.parametrize(("language", "source", "lines", "expected"), [
    ("typescript", "export type Code = 'not_found' | 'PERMISSION_DENIED';\n", {1},
     ("not_found", "PERMISSION_DENIED")),                                   # a union of literals
    ("typescript", "export enum E {\n  A = 'first_value',\n}\n", {2}, ("first_value",)),
    ("typescript", "export const CODES = ['rate_limited', 'plain'];\n", {1},
     ("rate_limited",)),                                                    # a table; shape
    ("typescript", "export const MAP = { some_key: 'someValue' };\n", {1}, ("someValue",)),
    ("typescript", "export const ERROR_CODE = 'BAD_INPUT';\n", {1}, ("BAD_INPUT",)),
    ("typescript", "export const greeting = 'hello_there';\n", {1}, ()),  # not a constant
    ("typescript", "export function f(res) {\n  send(res, 'permission_denied');\n}\n", {2},
     ()),                                                                   # a call argument
    ("typescript", "export function f(res) {\n  send(res, 'PERMISSION_DENIED');\n}\n", {2},
     ("PERMISSION_DENIED",)),                                               # an error code
    ("python", "def f():\n    return os.environ.get('OPENAI_API_KEY')\n", {2},
     ("OPENAI_API_KEY",)),                                                  # an env var
    ("python", "def f():\n    return log('WARNING')\n", {2}, ()),       # no underscore
    ("typescript", "export function f() {\n  const t = { k: 'inner_key' };\n}\n", {2}, ()),
    ("typescript", "export function f() {\n  send({ 'payload_key': 1 });\n}\n", {2},
     ("payload_key",)),                                                     # a quoted key
    ("typescript", "export const x = ['object', 'string'];\n", {1}, ()),  # plain words
    ("typescript", "export function f() {\n  return fetch('/api/v1/items');\n}\n", {2},
     ("/api/v1/items",)),                                                   # routes stay
    ("python", "class Color(Enum):\n    RED = 'red_one'\n", {2}, ("red_one",)),
    ("python", "Mode = Literal['fast_path', 'slow']\n", {1}, ("fast_path",)),
    ("python", "TABLE = {'row_key': 1}\n", {1}, ("row_key",)),
    ("python", "ERROR = 'SERVER_DOWN'\n", {1}, ("SERVER_DOWN",)),
    ("python", "name = 'some_value'\n", {1}, ()),
    ("python", "def f():\n    return {'row_key': 'row_value'}\n", {2}, ("row_key",)),  # a key
    ("python", "def f():\n    log('some_event')\n", {2}, ()),
])
def test_literals_are_declared_surface(language: str, source: str, lines: set[int],
                                       expected: tuple[str, ...]) -> None:
    data = source.encode()
    if language == "python":
        result = extract_python(data, frozenset(lines))
    else:
        result = extract_typescript(data, frozenset(lines), language)
    assert result.literals == expected


def test_a_syntax_error_is_reported_at_its_line_even_when_the_whole_file_fails() -> None:
    # a file tree-sitter cannot read as a whole gets an ERROR for its root (immer's
    # types-external.ts): the error is the first one inside it, not line 1
    whole = (b"import {a} from 'x'\n\nexport interface IProduce {\n  /** c */\n  <C>(\n"
             b"    r: R<C>,\n    i?: I<C>\n  ): C\n\n  /** d */\n  <R2 extends A>(r: R2): O<\n"
             b"    R2,\n    false\n  >\n\n  /** e */\n  <S>(\n    r: (\n      s: D<S>,\n")
    tree = parse("typescript", whole)
    assert tree.root_node.is_error
    assert first_error_line(tree) == 11
    assert first_error_line(parse("python", b"x = 1\n\n\ndef f(:\n    pass\n")) == 4
    assert first_error_line(parse("python", b"x = 1\n")) is None

