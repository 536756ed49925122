"""TS/JS declaration shapes read as the top-level ones they stand for, both ways: the
declarations of a ``declare namespace`` (a ``.d.ts``'s usual layout), the names of a
namespace's export list, and the properties ``Object.defineProperties`` defines on a
constructor's prototype (docs/concepts/affected-docs.md#anchor-kinds)."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.drift.anchors.typescript import extract_typescript
from tests.helpers import pr_repo, rows, run_json

TYPES = """import { CartClass } from './cart'

declare namespace shop {
  export { CartClass as Cart }
  export type {
    OrderId, Receipt,
    Coupon,
  }

  /** Options for a shop. */
  export interface ShopOptions {
    trustProxy?: boolean
    currency: string
  }

  type Totals = {
    grandTotal: number
  }

  namespace inner {
    interface Deep { depth: number }
  }

  export function open(): void
}
declare function shop(opts?: shop.ShopOptions): void
export = shop
"""


@pytest.mark.parametrize(("lines", "expected"), [
    ({12}, ["ShopOptions.trustProxy"]),     # a member: not its interface, nor the namespace
    ({11}, ["shop.ShopOptions"]),           # the interface's own line: the interface
    ({10}, ["shop.ShopOptions"]),           # the comment above it documents it
    ({17}, ["Totals.grandTotal"]),          # an object type's member, exported or not
    ({24}, ["shop.open"]),                  # a leaf stays a member of its namespace
    ({21}, ["shop.inner"]),                 # a namespace in a namespace is one member
    ({6}, ["shop.OrderId", "shop.Receipt"]),  # an export list: the names on the line
    ({7}, ["shop.Coupon"]),
    ({4}, ["shop.Cart"]),                   # under the name it exports
    ({3}, ["shop"]),                        # the namespace's own line
    ({15}, []),                             # a blank line between its members
])
def test_namespace_declarations_are_read_as_top_level_ones(lines: set[int],
                                                           expected: list[str]) -> None:
    result = extract_typescript(TYPES.encode(), frozenset(lines), "typescript",
                                declaration_file=True)
    assert [d.key for d in result.touched] == expected


def test_a_namespace_declares_its_containers_members() -> None:
    declared = extract_typescript(TYPES.encode(), frozenset(), "typescript",
                                  declaration_file=True).declared
    assert {"shop.ShopOptions", "ShopOptions.trustProxy", "Totals.grandTotal", "shop.Cart",
            "shop.OrderId", "shop.inner"} <= declared
    assert "Deep.depth" not in declared  # a nested namespace's are not read
    # a namespace a module neither exports nor declares globally is the module's own
    local = TYPES.replace("export = shop\n", "")
    assert extract_typescript(local.encode(), frozenset({12}), "typescript",
                              declaration_file=True).touched == ()


# commander's typings/index.d.ts: classes declared in a namespace the exported const's type
# reaches, through a type alias of another namespace
COMMANDER = """declare namespace local {
  class Command {
    option(flags: string): Command;
  }
}
declare namespace helpers {
  class Parser {
    parse(): void;
  }
}
declare namespace commander {
  type Command = local.Command
  interface CommanderStatic extends Command {
    Command: typeof local.Command;
  }
}
declare const commander: commander.CommanderStatic;
export = commander;
"""


@pytest.mark.parametrize(("source", "line", "touched", "passed_over"), [
    (COMMANDER, 3, ["Command.option"], []),
    # a namespace nothing the module assigns names is the module's own
    (COMMANDER, 8, [], ["unexported `helpers`"]),
    # reached straight from the const's type
    ("declare namespace local {\n  interface App {\n    listen(): void\n  }\n}\n"
     "declare const app: local.App\nexport = app\n", 3, ["App.listen"], []),
    # ...and not without ``export =``
    ("declare namespace local {\n  interface App {\n    listen(): void\n  }\n}\n"
     "declare const app: local.App\nexport default app\n", 3, [], ["unexported `local`"]),
])
def test_a_namespace_export_assignment_reaches_is_public(
        source: str, line: int, touched: list[str], passed_over: list[str]) -> None:
    result = extract_typescript(source.encode(), frozenset({line}), "typescript",
                                declaration_file=True)
    assert [d.key for d in result.touched] == touched
    assert list(result.passed_over) == passed_over


DOCS = {
    "docs/server.md": "## Options\n\n### `trustProxy`\n\nSet `trustProxy` to trust the proxy.\n",
    "docs/typescript.md": "#### shop.ShopOptions\n\nThe options `shop()` takes.\n",
}


@pytest.mark.parametrize(("old", "new", "listed"), [
    ("trustProxy?: boolean", "trustProxy?: boolean | string",
     {"docs/server.md": ["trustProxy"]}),
    ("export interface ShopOptions {", "export interface ShopOptions extends Base {",
     {"docs/typescript.md": ["shop.ShopOptions"]}),
])
def test_a_namespace_interface_member_lists_the_page_documenting_it(
        tmp_path: Path, old: str, new: str, listed: dict[str, list[str]]) -> None:
    files = {"package.json": '{"name": "shop", "types": "index.d.ts"}\n', "index.d.ts": TYPES,
             **DOCS}
    data = run_json(pr_repo(tmp_path, files, {"index.d.ts": TYPES.replace(old, new)}), "main")
    assert rows(data) == listed


REPLY = """'use strict'
function Reply (res) {
  this.raw = res
}
Object.defineProperties(Reply.prototype, {
  statusCode: {
    get () { return this.raw.statusCode }
  },
  mediaType: {
    get () { return this.raw.type }
  },
  _hidden: {
    get () { return 1 }
  }
})
Object.defineProperty(Reply.prototype, 'elapsedTime', {
  get () { return 0 }
})
Object.defineProperties(Reply, {
  maxSize: { value: 10 }
})
Object.defineProperties(Other.prototype, {
  otherThing: { value: 1 }
})
Object.defineProperty(Reply.prototype, key, { value: 1 })
module.exports = Reply
"""


@pytest.mark.parametrize(("exports", "keys"), [
    # fastify's three ways out: the default is no name a page writes
    ("module.exports = fastify\nmodule.exports.default = fastify\n"
     "module.exports.fastify = fastify\n", ["fastify.listen"]),
    ("module.exports.app = fastify\n", ["app.listen"]),  # exported under that name only
])
def test_a_commonjs_default_export_is_no_spelling(exports: str, keys: list[str]) -> None:
    source = ("function fastify () {\n  const fastify = { listen }\n  function listen (p) {\n"
              "    return p\n  }\n  return fastify\n}\n" + exports)
    assert [d.key for d in extract_typescript(source.encode(), frozenset({4}),
                                              "javascript").touched] == keys


def test_a_given_out_helper_is_named_by_its_key_as_written() -> None:
    source = ("export function createApp () {\n  const app = { 'my-route': addRoute, [kState]: "
              "keep }\n  function addRoute (p) {\n    return p\n  }\n"
              "  function keep () {\n    return 1\n  }\n  return app\n}\n")
    assert [d.key for d in extract_typescript(source.encode(), frozenset({4}),
                                              "javascript").touched] == ["createApp.my-route"]
    # a computed key names nothing a page writes: the helper is the factory's own
    assert extract_typescript(source.encode(), frozenset({7}), "javascript").touched == ()


@pytest.mark.parametrize(("line", "expected"), [
    (10, ["Reply.mediaType"]),      # the entry of defineProperties on the prototype
    (7, ["Reply.statusCode"]),      # each entry its own member, not its neighbours
    (17, ["Reply.elapsedTime"]),    # defineProperty names one
    (20, ["Reply.maxSize"]),        # on the constructor itself: a static member
    (13, []),                       # a private one
    (23, []),                       # on an object the module does not export
    (25, []),                       # a computed key names nothing
])
def test_defined_properties_are_members_of_their_constructor(line: int,
                                                             expected: list[str]) -> None:
    result = extract_typescript(REPLY.encode(), frozenset({line}), "javascript")
    assert [d.key for d in result.touched] == expected


def test_defined_properties_are_declared_only_in_a_commonjs_module() -> None:
    declared = extract_typescript(REPLY.encode(), frozenset(), "javascript").declared
    assert {"Reply.mediaType", "Reply.statusCode", "Reply.elapsedTime", "Reply.maxSize"} \
        <= declared
    assert not {"Reply._hidden", "Other.otherThing"} & declared
    # in an ES module the same shape is no API, as ``Obj.prototype.x = …`` is not
    module = REPLY.replace("module.exports = Reply\n", "export { Reply }\n")
    assert "Reply.mediaType" not in extract_typescript(module.encode(), frozenset(),
                                                       "javascript").declared


def test_a_new_defined_property_lists_the_page_documenting_it(tmp_path: Path) -> None:
    base = REPLY.replace("  mediaType: {\n    get () { return this.raw.type }\n  },\n", "")
    files = {"package.json": '{"name": "shop", "main": "reply.js"}\n', "reply.js": base,
             "docs/reply.md": "### .mediaType\n\nRead `reply.mediaType` for the type.\n",
             "docs/other.md": "Read `reply.statusCode`.\n"}
    data = run_json(pr_repo(tmp_path, files, {"reply.js": REPLY}), "main")
    assert rows(data) == {"docs/reply.md": ["mediaType"]}
    assert data["anchorless_changes"] == []


FACTORY = """export function createApp (options) {
  const app = {
    listen,
    route: addRoute,
  }
  function listen (port) {
    return port
  }
  function addRoute (path) {
    return path
  }
  function checkStarted (message) {
    throw new Error(message)
  }
  const normalize = (path) => path.trim()
  return app
}
export function wrap (fn) {
  function wrapped () {
    return fn()
  }
  return wrapped
}
"""


@pytest.mark.parametrize(("line", "expected"), [
    (13, []),                # a helper the function keeps to itself: its implementation
    (15, []),                # a local bound to a function is a helper too
    # a helper in the object it returns is that member of what it gives (fastify's
    # ``fastify.listen``), not the factory: a page calling ``fastify()`` is about another thing
    (7, ["createApp.listen"]),
    (10, ["createApp.route"]),     # under another key
    (2, ["createApp"]),      # a line of its own
    (20, ["wrap"]),          # the helper it returns as it is
])
def test_a_nested_helper_anchors_its_function_only_when_the_function_gives_it(
        line: int, expected: list[str]) -> None:
    result = extract_typescript(FACTORY.encode(), frozenset({line}), "javascript")
    assert [d.key for d in result.touched] == expected


@pytest.mark.parametrize(("old", "new", "listed"), [
    ("throw new Error(message)", "throw new TypeError(message)", {}),
    # addRoute, given out as ``route``: the page writing ``app.route`` (an instance the docs
    # bind to what the factory gives), not the one only calling ``createApp()``
    ("return path\n", "return path.trim()\n", {"docs/routes.md": ["app.route"]}),
    ("(options) {\n", "(options, extra) {\n",  # the factory's own signature
     {"docs/start.md": ["createApp"], "docs/routes.md": ["createApp"]}),
])
def test_a_page_calling_a_factory_is_listed_for_what_the_factory_gives(
        tmp_path: Path, old: str, new: str, listed: dict[str, list[str]]) -> None:
    files = {"package.json": '{"name": "app", "main": "app.js"}\n', "app.js": FACTORY,
             "docs/start.md": "```js\nconst app = createApp({})\n```\n",
             "docs/routes.md": "```js\nconst app = createApp({})\napp.route('/x')\n```\n"}
    data = run_json(pr_repo(tmp_path, files, {"app.js": FACTORY.replace(old, new)}), "main")
    assert rows(data) == listed


MERGED = """declare function fastify(opts?: object): object
declare namespace fastify {
  export type { RouteOne, RouteTwo }
}
export = fastify
"""


@pytest.mark.parametrize(("head", "listed"), [
    # a name the namespace's export list loses is its member, no change of `fastify()`
    (MERGED.replace("RouteOne, RouteTwo", "RouteOne"), {}),
    # the function merged with it changing still lists the pages calling it
    (MERGED.replace("opts?: object", "opts?: object, log?: boolean"),
     {"docs/start.md": ["fastify"]}),
])
def test_a_namespace_s_export_list_is_no_change_of_the_function_it_merges_with(
        tmp_path: Path, head: str, listed: dict[str, list[str]]) -> None:
    files = {"index.d.ts": MERGED, "docs/start.md": "```js\nconst app = fastify()\n```\n"}
    data = run_json(pr_repo(tmp_path, files, {"index.d.ts": head}), "main")
    assert rows(data) == listed
