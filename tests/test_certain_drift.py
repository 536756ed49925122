"""Certain drift (docs/concepts/anchoring-rules.md#certain-drift): a page naming a name the
change removed is stale only when the name is gone in every spelling, from the changed files
and from the rest of the tree's code (re-exports included), and was not example code; when
the page writes it, not only documents its container; and when the page's own code does not
bind a bare name to another object."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from govern.drift.docs.page_code import PageCode
from govern.drift.still_declared import declared_names
from tests.helpers import pr_repo, run_json


def _stale(tmp_path: Path, files: dict[str, str], head: dict[str, str | None]) -> dict[str, bool]:
    data = run_json(pr_repo(tmp_path, files, head), "main")
    return {row["path"]: row["stale"] for row in data["docs"]}


def test_a_name_still_declared_in_another_spelling_of_the_changed_files_is_not_stale(
        tmp_path: Path) -> None:
    # the namespace's class became a top-level one: `AxiosHeaders` is still declared
    base = ("declare namespace axios {\n  class AxiosHeaders {\n    get(): string;\n  }\n"
            "  class CancelToken {\n    reason(): string;\n  }\n}\nexport = axios;\n")
    head = ("export declare class AxiosHeaders {\n  get(): string;\n}\n"
            "declare namespace axios {\n}\nexport = axios;\n")
    files = {"index.d.ts": base, "docs/headers.md": "Use `AxiosHeaders` to set one.\n",
             "docs/cancel.md": "Use `CancelToken` to stop one.\n"}
    assert _stale(tmp_path, files, {"index.d.ts": head}) == {
        "docs/headers.md": False, "docs/cancel.md": True}


@pytest.mark.parametrize(("head", "stale"), [
    # commander ad3f9470fc: the typings' namespace members became the module's own exports
    ("export declare class InvalidArgumentError {\n  code: string;\n}\n"
     "export declare class CancelToken {\n  reason(): string;\n}\n", False),
    # a member gone from the namespace and declared nowhere else is removed
    ("export declare class CancelToken {\n  reason(): string;\n}\n", True),
])
def test_a_namespace_member_moved_to_the_top_of_its_file_is_not_removed(
        tmp_path: Path, head: str, stale: bool) -> None:
    base = ("declare namespace commander {\n  class InvalidArgumentError {\n    code: string;\n"
            "  }\n  class CancelToken {\n    reason(): string;\n  }\n}\n"
            "export = commander;\n")
    files = {"package.json": '{"name": "commander", "types": "index.d.ts"}', "index.d.ts": base,
             "docs/errors.md": "Throw a `commander.InvalidArgumentError` from a parser.\n"}
    data = run_json(pr_repo(tmp_path, files, {"index.d.ts": head}), "main")
    assert {row["path"]: row["stale"] for row in data["docs"]} == {"docs/errors.md": stale}
    # what moved is no New API either
    assert [entry["token"] for entry in data["new_api"]] == []


def test_a_namespace_of_its_own_flattened_removes_its_qualified_names(tmp_path: Path) -> None:
    """``export namespace Utils`` is no module: ``Utils.parse`` made a top-level ``parse`` is
    gone under its old name."""
    base = "export namespace Utils {\n  export function parse(s: string): number { return 1 }\n}\n"
    head = "export function parse(s: string): number { return 1 }\n"
    files = {"index.ts": base, "docs/utils.md": "Call `Utils.parse` on it.\n"}
    data = run_json(pr_repo(tmp_path, files, {"index.ts": head}), "main")
    assert {row["path"]: row["stale"] for row in data["docs"]} == {"docs/utils.md": True}


def test_a_removed_name_the_tree_still_declares_elsewhere_is_not_stale(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "",
             "pkg/env.py": "class Environment:\n    def get_template(self, name):\n"
                           "        return name\n",
             "ext/django_glue.py": "def get_template(name):\n    return name\n\n\n"
                                   "def render_glue(name):\n    return name\n",
             "tests/test_glue.py": "def render_glue(name):\n    return name\n",
             "docs/api.md": "Call `get_template()` on the environment.\n",
             "docs/glue.md": "Call `render_glue()` from a view.\n"}
    # the deleted file's `get_template` lives on as a method; `render_glue` only in a test
    assert _stale(tmp_path, files, {"ext/django_glue.py": None}) == {
        "docs/api.md": False, "docs/glue.md": True}


def test_a_name_removed_from_example_code_is_not_stale(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/core.py": "def load_config(path):\n    return path\n",
             "examples/bench/run_bench.py": "def setup_bench_env(n):\n    return n\n",
             "examples/bench/plot_bench.py": "print(1)\n",
             # a page showing the example's folder: one that does not is about another example
             "docs/bench.md": "--8<-- \"examples/bench/plot_bench.py\"\n\n"
                              "The `setup_bench_env()` helper and `load_config()`.\n"}
    head: dict[str, str | None] = {"examples/bench/run_bench.py": None,
                                   "pkg/core.py": "def read_config(path):\n    return path\n"}
    data = run_json(pr_repo(tmp_path, files, head), "main")
    stale_by = {a["token"]: a for a in data["docs"][0]["anchors"]}
    assert data["docs"][0]["stale"] is True  # `load_config` is gone from the library
    assert set(stale_by) >= {"load_config", "setup_bench_env"}
    assert [e["rule"] for e in data["docs"][0]["evidence"]
            if e["token"] == "setup_bench_env"] != ["removed"]
    assert [e["rule"] for e in data["docs"][0]["evidence"]
            if e["token"] == "load_config"] == ["removed"]


def _files(texts: list[bytes]) -> dict[str, bytes | None]:
    return {f"shop/m{i}.py": text for i, text in enumerate(texts)}


def test_the_forms_that_declare_a_name_and_those_that_only_use_it() -> None:
    names = {"render", "LIMIT", "Widget", "helper", "stripColor", "timeout", "wrap"}
    declaring = [b"export function render(page) {}\n", b"LIMIT = 5\n",
                 b"class Shop {\n  async helper(a: number): Promise<void> {\n  }\n}\n",
                 b"export const Widget: Props = {}\n",
                 # commander's ``OutputConfiguration.stripColor`` and an object's key
                 b"interface Output {\n  stripColor?(str: string): string;\n}\n",
                 b"const output = {\n  wrap: (str) => str,\n};\n",
                 b"class Settings:\n    timeout: float = 5.0\n"]
    using = [b"render(page)\n", b"if LIMIT == 5:\n    pass\n", b"x = helper(1) + 2\n",
             b"  Widget.render_all()\n", b"# render is gone\n",
             b"  stripColor(text);\n", b"  return wrap(str) ? a : b;\n",
             b"call(timeout=5)\n"]
    assert declared_names(_files(declaring), names) == names
    assert declared_names(_files(using), names) == set()


def test_a_declaring_form_is_found_on_its_line_among_others() -> None:
    # the forms are looked for only on the lines holding a name: a name written on other lines
    # first, CRLF line ends, the last line without its newline, one name inside a longer word
    names = {"render", "LIMIT", "helper", "wrap"}
    text = (b"// render, LIMIT and helper are used first\r\n"
            b"const x = rendering(LIMIT_MAX);\r\n"
            b"class Shop {\r\n  async helper(a: number): Promise<void> {\r\n  }\r\n}\r\n"
            b"LIMIT = 5\r\n"
            b"const output = { render: 1 };\r\n"
            b"export function render(page) {}")
    assert declared_names({"shop/m.ts": text}, names) == {"render", "LIMIT", "helper"}
    assert declared_names({"shop/m.ts": text.replace(b"\r\n", b"\n")}, names) == {
        "render", "LIMIT", "helper"}


def _evidence(data: dict[str, Any], path: str) -> dict[str, tuple[str, list[int]]]:
    """token -> (rule, lines) of the row of ``path``."""
    row = next(row for row in data["docs"] if row["path"] == path)
    return {e["token"]: (e["rule"], e["lines"]) for e in row["evidence"]}


STREAM = ("class LimitedStream:\n"
          "    def read(self, size):\n        return size\n\n"
          "    def exhaust(self):\n        return 0\n")
AUTODOC = ("WSGI\n====\n\n.. module:: shop.wsgi\n\n"
           "Import it::\n\n    from shop.wsgi import LimitedStream\n\n"
           ".. autoclass:: LimitedStream\n   :members:\n")
PAD = {f"docs/guide{i}.md": f"# Guide {i}\n\nPlain words.\n" for i in range(8)}


def test_a_removed_member_a_page_reaches_only_through_its_documented_class_is_not_stale(
        tmp_path: Path) -> None:
    # werkzeug: `.. autoclass:: LimitedStream` with `:members:`, and `read` removed; autodoc
    # stops listing it, the page never wrote it. A page writing it is stale.
    files = {"shop/__init__.py": "", "shop/wsgi.py": STREAM, "docs/wsgi.rst": AUTODOC,
             "docs/mkdocs.md": "# API\n\n::: shop.wsgi.LimitedStream\n\nStreams.\n",
             "docs/guide.md": "Call `LimitedStream.read` in a loop.\n", **PAD}
    head = STREAM.replace("    def read(self, size):\n        return size\n\n", "")
    data = run_json(pr_repo(tmp_path, files, {"shop/wsgi.py": head}), "main")
    assert {row["path"]: row["stale"] for row in data["docs"]} == {
        "docs/wsgi.rst": False, "docs/mkdocs.md": False, "docs/guide.md": True}
    # the directive documenting the class, not the import writing its name
    assert _evidence(data, "docs/wsgi.rst")["LimitedStream.read"] == ("documented_prefix", [10])
    assert _evidence(data, "docs/mkdocs.md")["shop.wsgi.LimitedStream.read"] == (
        "documented_prefix", [3])
    assert _evidence(data, "docs/guide.md")["LimitedStream.read"] == ("removed", [1])


def test_a_removed_class_its_autodoc_directive_names_is_stale(tmp_path: Path) -> None:
    files = {"shop/__init__.py": "", "shop/wsgi.py": STREAM + "\n\ndef keep():\n    return 1\n",
             "docs/wsgi.rst": AUTODOC, **PAD}
    head = "def keep():\n    return 1\n"
    data = run_json(pr_repo(tmp_path, files, {"shop/wsgi.py": head}), "main")
    assert {row["path"]: row["stale"] for row in data["docs"]} == {"docs/wsgi.rst": True}
    assert _evidence(data, "docs/wsgi.rst")["LimitedStream"] == ("removed", [8, 10])


@pytest.mark.parametrize(("barrel", "stale"), [
    # valtio: renamed, and the barrel still exports the old name under an alias
    ("export { proxyWithHistory_DEPRECATED as proxyWithHistory } from './history'\n", False),
    ("export { proxyWithHistory_DEPRECATED } from './history'\n", True),
])
def test_a_name_a_barrel_still_re_exports_is_not_removed(tmp_path: Path, barrel: str,
                                                         stale: bool) -> None:
    files = {"package.json": '{"name": "valtio"}',
             "src/history.ts": "export function proxyWithHistory() {\n  return 1\n}\n",
             "src/utils.ts": "export { proxyWithHistory } from './history'\n",
             "docs/undo.md": "# History\n\nCall `proxyWithHistory()` to start.\n"}
    head: dict[str, str | None] = {
        "src/history.ts": "export function proxyWithHistory_DEPRECATED() {\n  return 1\n}\n",
        "src/utils.ts": barrel}
    assert _stale(tmp_path, files, head) == {"docs/undo.md": stale}


@pytest.mark.parametrize(("init", "stale"), [
    ("from .core import read_config as load_config\n", False),
    # a module `__getattr__` serving a deprecated name that `__all__` still lists
    ("from .core import read_config\n\n__all__ = ['read_config', 'load_config']\n\n\n"
     "def __getattr__(name):\n    return read_config\n", False),
    ("from .core import read_config\n", True),
])
def test_a_name_a_python_package_still_re_exports_is_not_removed(tmp_path: Path, init: str,
                                                                 stale: bool) -> None:
    files = {"pkg/__init__.py": "from .core import load_config\n",
             "pkg/core.py": "def load_config(path):\n    return path\n",
             "docs/config.md": "Call `load_config()` first.\n"}
    head: dict[str, str | None] = {"pkg/core.py": "def read_config(path):\n    return path\n",
                                   "pkg/__init__.py": init}
    assert _stale(tmp_path, files, head) == {"docs/config.md": stale}


UTILS = ("def escape(s):\n    return s\n\n\n"
         "async def read_body(message):\n    return message\n\n\n"
         "def keep():\n    return 1\n")


@pytest.mark.parametrize(("page", "stale"), [
    # werkzeug: the page's example imports the standard library's `escape`: not listed
    ("```python\nfrom html import escape\n\nescape(name)\n```\n", None),
    ("```python\nfrom html import (\n    unescape,\n    escape,\n)\n\nescape(name)\n```\n",
     None),
    # uvicorn: the page's example defines its own `read_body`: listed, not stale
    ("```python\nasync def read_body(message):\n    return b''\n\nread_body(m)\n```\n", False),
    # the changed package's own `escape`, imported or only called, is the removed one
    ("```python\nfrom shop.utils import escape\n\nescape(name)\n```\n", True),
    ("```python\nfrom html import escape\nfrom shop.utils import escape\n"
     "\nescape(name)\n```\n", True),
    ("Call `escape()` on the name, or `read_body()`.\n", True),
    # a qualified name is no page's own
    ("```python\nfrom html import escape\n\nshop.utils.escape(name)\n```\n", True),
])
def test_a_removed_bare_name_a_page_binds_itself_is_not_stale(tmp_path: Path, page: str,
                                                              stale: bool | None) -> None:
    files = {"shop/__init__.py": "", "shop/utils.py": UTILS, "docs/levels.md": page}
    head: dict[str, str | None] = {"shop/utils.py": "def keep():\n    return 1\n"}
    data = run_json(pr_repo(tmp_path, files, head), "main")
    assert {row["path"]: row["stale"] for row in data["docs"]} == (
        {} if stale is None else {"docs/levels.md": stale})
    if stale is not None:
        rules = {e["rule"] for e in data["docs"][0]["evidence"]}
        assert ("removed" in rules) is stale


@pytest.mark.parametrize(("page", "stale"), [
    # imported from the package it moved to: that package's, not listed
    ("```js\nimport { derive } from 'derive-valtio'\n\nderive({})\n```\n", None),
    ("```js\nimport { derive } from 'valtio/utils'\n\nderive({})\n```\n", True),
    ("```js\nimport { derive as d } from 'derive-valtio'\n\nderive({})\n```\n", True),
])
def test_a_removed_name_a_page_imports_from_another_package_is_not_stale(
        tmp_path: Path, page: str, stale: bool | None) -> None:
    # valtio: `derive` moved to the package `derive-valtio`
    files = {"package.json": '{"name": "valtio"}',
             "src/utils.ts": "export function derive() {}\nexport function keep() {}\n",
             "docs/derive.md": page}
    head: dict[str, str | None] = {"src/utils.ts": "export function keep() {}\n"}
    assert _stale(tmp_path, files, head) == ({} if stale is None else {"docs/derive.md": stale})


def test_the_forms_that_re_export_a_name_and_those_that_only_use_it() -> None:
    names = {"derive", "proxyWithHistory", "Widget", "load", "escape", "State", "Store"}
    exporting = [b"export { derive, underive } from 'derive-valtio'\n",
                 b"export {\n  proxyWithHistory_DEPRECATED as proxyWithHistory, // old\n}"
                 b" from './history'\n",
                 b"export * as Widget from './widget'\n", b"from .core import load\n",
                 b"from markupsafe import escape as escape\n",
                 b"__all__ = (\n    'State',  # kept\n)\n", b"__all__ += [\"Store\"]\n"]
    using = [b"import { derive } from 'derive-valtio'\n", b"from html import escape\n",
             b"export { Widget as OtherWidget }\n", b"export default State\n",
             b"import load\n", b"exports.proxyWithHistory = 1\n", b"# __all__ = ['Store']\n"]
    assert declared_names(_files(exporting), names) == names
    assert declared_names(_files(using), names) == set()


@pytest.mark.parametrize(("path", "exported"), [
    # black: a package's __init__ importing from its own package publishes the name
    ("src/black/__init__.py", True),
    ("black/__init__.py", True),
    # the same import in another module only uses it; another package's name is a use too
    ("src/black/linegen.py", False),
    ("src/white/__init__.py", False),
])
def test_a_package_init_importing_from_its_own_package_re_exports(path: str,
                                                                   exported: bool) -> None:
    text = b"from black.ranges import parse_line_ranges\n"
    assert declared_names({path: text}, {"parse_line_ranges"}) == (
        {"parse_line_ranges"} if exported else set())


@pytest.mark.parametrize(("text", "own", "elsewhere"), [
    ("from html import escape\n", {"shop"}, True),
    ("    >>> from html import escape, unescape  # both\n", {"shop"}, True),
    ("from html import (\n    unescape,  # first\n    escape,\n)\n", {"shop"}, True),
    ("from shop.utils import escape\n", {"shop"}, False),
    ("from .utils import escape\n", {"shop"}, False),
    ("from html import escape as html_escape\n", {"shop"}, False),
    ("from html import escape\nfrom shop import escape\n", {"shop"}, False),
    ("import { escape } from 'escape-html'\n", {"valtio"}, True),
    ("import escape, { unescape } from 'escape-html'\n", {"valtio"}, True),
    ("import * as escape from 'escape-html'\n", {"valtio"}, True),
    ("import type {\n  escape,\n} from '@esc/html'\n", {"@shop/core"}, True),
    ("import { escape } from '@shop/core/utils'\n", {"@shop/core"}, False),
    ("import { escape } from './utils'\n", {"valtio"}, False),
    ("import escape from\n", {"valtio"}, False),
    ("async def escape(s):\n", {"shop"}, True),
    ("class escape:\n", {"shop"}, True),
    ("export default function escape(s) {\n", {"shop"}, True),
    ("  const escape: Fn = (s) => s\n", {"shop"}, True),
    ("async escape(message, channels):\n", {"shop"}, True),
    ("escape(name)\n", {"shop"}, False),
    ("We use the class escape here.\n", {"shop"}, False),
    ("x = escape(1)\nif (escape == 1) {}\nawait escape(2)\n", {"shop"}, False),
])
def test_what_a_page_binds_a_name_to(text: str, own: set[str], elsewhere: bool) -> None:
    assert PageCode(text).binds_elsewhere("escape", own) is elsewhere


REGISTER = "def register(settings):\n    return settings\n"
AUTOMODULE = ("register module\n===============\n\n.. automodule:: shop.commands.register\n")


@pytest.mark.parametrize(("head", "stale"), [
    # twine: `twine register` removed with its module, and its autodoc page with it
    ({"shop/commands/register.py": None}, {"docs/internal/register.rst": True}),
    # moved away within the package: the old dotted name is gone all the same
    ({"shop/commands/register.py": None, "shop/register.py": REGISTER},
     {"docs/internal/register.rst": True}),
    # became a package of its own: the module is still importable by its name
    ({"shop/commands/register.py": None, "shop/commands/register/__init__.py": REGISTER},
     {}),
    # moved, and its package binds the name it had: `shop.commands.register` still resolves,
    # and a page only rendering it is listed only when stale
    # (docs/concepts/anchoring-rules.md#rendering-pages)
    ({"shop/commands/register.py": None, "shop/commands/enrol.py": REGISTER,
      "shop/commands/__init__.py": "from shop.commands.enrol import register\n"}, {}),
    # a file of it changed, the module stays: not stale, so not listed either
    ({"shop/commands/register.py": REGISTER + "\n\nVERSION = 2\n"}, {}),
])
def test_a_page_naming_a_deleted_module_by_its_dotted_name_is_stale(
        tmp_path: Path, head: dict[str, str | None], stale: dict[str, bool]) -> None:
    files = {"shop/__init__.py": "", "shop/commands/__init__.py": "",
             "shop/commands/register.py": REGISTER,
             "docs/internal/register.rst": AUTOMODULE, **PAD}
    data = run_json(pr_repo(tmp_path, files, head), "main")
    assert {row["path"]: row["stale"] for row in data["docs"]} == stale
    if any(stale.values()):
        assert _evidence(data, "docs/internal/register.rst")["shop.commands.register"] == (
            "removed", [4])


@pytest.mark.parametrize("deleted", [
    "shop/_impl/register.py",  # a private module is nobody's API
    "tests/commands/register.py",  # nor a test's
    "register.py",  # a single word: the package's own name or a plain one
])
def test_a_deleted_module_no_page_may_name_is_no_anchor(tmp_path: Path, deleted: str) -> None:
    dotted = deleted[: -len(".py")].replace("/", ".")
    files = {"shop/__init__.py": "", "shop/_impl/__init__.py": "",
             deleted: "def enrol(settings):\n    return settings\n",
             "keep.py": "x = 1\n",
             "docs/api.rst": f"API\n===\n\n.. automodule:: {dotted}\n\nUse ``{dotted}``.\n",
             **PAD}
    data = run_json(pr_repo(tmp_path, files, {deleted: None}), "main")
    assert [a["token"] for a in data["anchors"] if a["token"] == dotted] == []
    assert not any(row["stale"] for row in data["docs"])


SHIM = ('def _get_stream(kind):\n    return kind\n\n\n'
        'def __getattr__(name):\n    import warnings\n\n'
        '    if name in {\n        "get_stream",\n        "LazyFile",\n    }:\n'
        '        warnings.warn(f"{name} is deprecated", DeprecationWarning)\n'
        '        return globals()[f"_{name}"]\n'
        '    raise AttributeError(name)\n')


@pytest.mark.parametrize(("head", "stale"), [
    # click: renamed private, the old name served by the module's __getattr__ shim
    (SHIM, False),
    (SHIM.replace('"get_stream",\n', ""), True),  # the shim serves other names
    # the shim compares another variable: no shim of that name
    (SHIM.replace("if name in {", "if other in {"), True),
])
def test_a_name_a_module_getattr_shim_still_serves_is_not_removed(
        tmp_path: Path, head: str, stale: bool) -> None:
    files = {"shop/__init__.py": "", "shop/utils.py": "def get_stream(kind):\n    return kind\n",
             "docs/api.rst": "API\n===\n\nStreams.\n\n.. autofunction:: shop.utils.get_stream\n",
             **PAD}
    assert _stale(tmp_path, files, {"shop/utils.py": head}) == {"docs/api.rst": stale}


def test_a_shim_in_another_module_keeps_the_name_declared() -> None:
    init = (b'def __getattr__(name: str) -> object:\n'
            b'    if name == "get_stream":\n        return 1\n'
            b'    if "Other" == name:\n        return 2\n    raise AttributeError(name)\n\n\n'
            b'def later(name):\n    if name == "NotServed":\n        return 3\n')
    assert declared_names({"shop/__init__.py": init}, {"get_stream", "Other", "NotServed"}) == {
        "get_stream", "Other"}


@pytest.mark.parametrize(("block", "stale"), [
    # immer: an augmentation of a built-in for old targets, deleted: nothing removed
    ("declare global {\n  interface ShapeMap<K> {}\n}\n", False),
    # the package's own declaration, deleted: removed
    ("export interface ShapeMap<K> {}\n", True),
])
def test_a_deleted_augmentation_removes_nothing(tmp_path: Path, block: str, stale: bool) -> None:
    keep = "export declare function enable(): void\n"
    files = {"package.json": '{"name": "shop"}\n', "src/types.d.ts": keep + block,
             "docs/shapes.md": "Every `ShapeMap` holds keys.\n", **PAD}
    assert _stale(tmp_path, files, {"src/types.d.ts": keep}) == {"docs/shapes.md": stale}


@pytest.mark.parametrize(("rest", "stale"), [
    # zustand: the option went, the same name is still a parameter elsewhere
    ("export function createJSONStorage(getStorage: () => Storage) {\n"
     "  return getStorage()\n}\n", False),
    ("export function createJSONStorage(make: () => Storage) {\n  return make()\n}\n", True),
])
def test_a_removed_member_s_name_still_written_in_code_is_not_certain(
        tmp_path: Path, rest: str, stale: bool) -> None:
    options = ("export interface PersistOptions {\n  name: string\n"
               "  getStorage?: () => Storage\n}\n")
    files = {"package.json": '{"name": "shop"}\n', "src/persist.ts": options + rest,
             "docs/persist.md": "Pass `getStorage` to choose the storage.\n", **PAD}
    head = options.replace("  getStorage?: () => Storage\n", "") + rest
    assert _stale(tmp_path, files, {"src/persist.ts": head}) == {"docs/persist.md": stale}


@pytest.mark.parametrize(("path", "page", "stale"), [
    ("docs/guide.md", "Call `retire_engine()` when done.\n", True),
    # a migration guide, a previous version's page: about the past on purpose
    ("docs/migrations/migrating-to-v4.md", "Call `retire_engine()` when done.\n", False),
    ("docs/previous-versions/v3.md", "Call `retire_engine()` when done.\n", False),
    ("docs/versioned_docs/version-1/api.md", "Call `retire_engine()` when done.\n", False),
    # a post in a blog folder the defaults keep in the corpus (a site's own blog is left out)
    ("docs/community/blog/announcing-v2.md", "Call `retire_engine()` when done.\n", False),
    ("docs/blogging.md", "Call `retire_engine()` when done.\n", True),  # no whole word
    # a page about a blog (Docusaurus's blog plugin), not a post in a blog folder
    ("docs/blog.md", "Call `retire_engine()` when done.\n", True),
    # the list of deprecations and removals (pytest's), as docs-refs reads the past too
    ("docs/deprecations.rst", "``retire_engine()`` is gone.\n", False),
    ("docs/engine-history-notes/usage.md", "Call `retire_engine()` when done.\n", False),
    ("docs/historical.md", "Call `retire_engine()` when done.\n", True),  # no whole word
    # the releases and the changelog, perhaps of one version
    ("docs/releases/v2.md", "Call `retire_engine()` when done.\n", False),
    ("docs/release-2.0.md", "Call `retire_engine()` when done.\n", False),
    ("docs/v4-release-notes.md", "Call `retire_engine()` when done.\n", False),
    ("docs/changes/engine.md", "Call `retire_engine()` when done.\n", False),
    ("docs/CHANGELOG-archive.md", "Call `retire_engine()` when done.\n", False),
    ("docs/old-changelog.md", "Call `retire_engine()` when done.\n", False),
    ("docs/release-notes-archive.md", "Call `retire_engine()` when done.\n", False),
    # how releases are made, or how to weigh a change: pages about the present
    ("docs/community/release-process.rst", "Call ``retire_engine()`` when done.\n", True),
    ("docs/release_policy.md", "Call `retire_engine()` when done.\n", True),
    ("docs/contributing/gauging_changes.md", "Call `retire_engine()` when done.\n", True),
    # written only in a diff fence: a change shown as it was made
    ("docs/guide.md", "Upgrade:\n\n```diff\n- retire_engine()\n+ stop_engine()\n```\n", False),
    ("docs/guide.md", "```diff\n- retire_engine()\n```\n\nThen `retire_engine()` again.\n",
     True),
])
def test_pages_about_the_past_are_listed_never_stale(tmp_path: Path, path: str, page: str,
                                                    stale: bool) -> None:
    code = "def retire_engine():\n    return 1\n\n\ndef stop_engine():\n    return 2\n"
    files = {"shop/__init__.py": "", "shop/engine.py": code, path: page, **PAD}
    head = code.replace("def retire_engine():\n    return 1\n\n\n", "")
    assert _stale(tmp_path, files, {"shop/engine.py": head}) == {path: stale}



def test_a_docs_site_s_blog_post_is_not_listed_at_all(tmp_path: Path) -> None:
    code = "def retire_engine():\n    return 1\n\n\ndef stop_engine():\n    return 2\n"
    page = "Call `retire_engine()` when done.\n"
    files = {"shop/__init__.py": "", "shop/engine.py": code, "docs/blog/announcing-v2.md": page,
             "docs/guide.md": page, **PAD}
    head = code.replace("def retire_engine():\n    return 1\n\n\n", "")
    assert _stale(tmp_path, files, {"shop/engine.py": head}) == {"docs/guide.md": True}


@pytest.mark.parametrize(("page", "listed"), [
    # zustand's guides: `createContext` imported from React is React's
    ("```js\nimport { createContext, useRef } from 'react'\nconst ctx = createContext()\n```\n",
     False),
    ("```js\nimport { createContext } from 'shop'\nconst ctx = createContext()\n```\n", True),
    ("Call `createContext()` to start.\n", True),
])
def test_a_name_a_page_imports_from_another_package_is_that_package_s(
        tmp_path: Path, page: str, listed: bool) -> None:
    code = "export function createContext() {\n  return 1\n}\n"
    files = {"package.json": '{"name": "shop"}\n', "src/context.ts": code,
             "docs/guide.md": page, **PAD}
    data = run_json(pr_repo(tmp_path, files, {"src/context.ts": code.replace("1", "2")}),
                    "main")
    assert ("docs/guide.md" in {row["path"] for row in data["docs"]}) is listed


_WEB_REQUEST = "class Request:\n    @property\n    def method(self):\n        return 'GET'\n"


@pytest.mark.parametrize(("web", "stale"), [
    (_WEB_REQUEST, False),
    # the member's name declared, but by no class of that name
    ("def method(request):\n    return 'GET'\n", True),
    # the class declared, without the member
    ("class Request:\n    def path(self):\n        return '/'\n", True),
    # both names, in different files
    ("from pkg.verbs import method\n\n\nclass Request:\n    pass\n", True),
])
def test_a_removed_member_its_class_s_namesake_still_declares_is_not_stale(
        tmp_path: Path, web: str, stale: bool) -> None:
    """aiohttp removed ``http_message.Request`` while ``web_request.Request`` kept its
    ``method``: a page naming ``Request.method`` means the one that stays."""
    message = ("class Request:\n    def method(self):\n        return 'GET'\n\n"
               "    def keep_alive(self):\n        return True\n\n\n"
               "class Response:\n    def status(self):\n        return 200\n")
    files = {"pkg/__init__.py": "", "pkg/http_message.py": message, "pkg/web.py": web,
             "pkg/verbs.py": "def method(request):\n    return 'GET'\n",
             "docs/web.md": "Read `Request.method` for the verb.\n",
             "docs/alive.md": "Check `Request.keep_alive` first.\n"}
    head = {"pkg/http_message.py": message[message.index("class Response"):]}
    assert _stale(tmp_path, files, head) == {"docs/web.md": stale, "docs/alive.md": True}


def test_a_member_removed_from_a_class_that_stays_is_stale_whatever_else_its_file_names(
        tmp_path: Path) -> None:
    """The class the member was taken from is still declared, and its file still writes the
    member's name in another role (a parameter on a line of its own, another class's
    method): the member is gone all the same."""
    rest = ("    def __init__(\n        self,\n        timeout: float = 5.0,\n    ) -> None:\n"
            "        self.limit = timeout\n\n\nclass AsyncClient:\n"
            "    def timeout(self) -> float:\n        return 5.0\n")
    base = ("class Client:\n    @property\n    def timeout(self) -> float:\n"
            "        return 5.0\n\n" + rest)
    files = {"pkg/__init__.py": "", "pkg/client.py": base,
             "docs/client.md": "Read `Client.timeout` for the limit.\n"}
    head = {"pkg/client.py": "class Client:\n" + rest}
    assert _stale(tmp_path, files, head) == {"docs/client.md": True}


def test_a_namespace_s_removed_name_is_no_class_member(tmp_path: Path) -> None:
    """``utils.format`` is the namespace ``utils``'s: a barrel exporting the namespace and a
    ``format`` of its own declares no class ``utils`` with a member ``format``."""
    utils = ("export function format(s: string): string {\n  return s\n}\n\n"
             "export function parse(s: string): number {\n  return 1\n}\n")
    files = {"package.json": '{"name": "shop"}\n', "src/utils.ts": utils,
             "src/index.ts": "export * as utils from './utils'\n\n"
                             "export function format(s: number): string {\n  return ''\n}\n",
             "docs/utils.md": "Call `utils.format` on it.\n", **PAD}
    head = {"src/utils.ts": utils[utils.index("export function parse"):]}
    assert _stale(tmp_path, files, head) == {"docs/utils.md": True}
