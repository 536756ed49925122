"""Classes written as expressions, and string literals that select another type's keys
(docs/concepts/anchoring-rules.md#what-anchors, #literals): koa's ``module.exports = class
Application extends Emitter {…}``, h3's ``export const H3 = /* @__PURE__ */ (() => { class H3
extends H3Core {…}; return H3 })()``, and ``Pick<ResponseInit, "status" | "statusText">``.
Parsed by the extractor both ways, and run on real repositories."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from govern.drift.anchors.typescript import extract_typescript
from tests.helpers import pr_repo, rows, run_json

APPLICATION = """const Emitter = require('events');

/**
 * Expose `Application` class.
 */

module.exports = class Application extends Emitter {
  constructor(options) {
    super();
    this.proxy = options.proxy;
  }

  createContext(req, res) {
    return { req, res };
  }

  _respond(ctx) {
    return ctx;
  }
};
"""

ANONYMOUS = """module.exports = class extends Emitter {
  createContext(req, res) {
    return { req, res };
  }
};
const Local = class Local {
  handleRequest(ctx) {
    return ctx;
  }
};
exports.settings = class Settings {
  loadSettings(path) {
    return path;
  }
};
"""


def _line(source: str, text: str) -> int:
    return next(number for number, line in enumerate(source.splitlines(), 1) if text in line)


def _run(tmp_path: Path, path: str, base: str, head: str, pages: dict[str, str]
         ) -> dict[str, Any]:
    """affected-docs on a repository whose package's one file ``path`` goes from ``base`` to
    ``head``, beside ``pages``."""
    repo = pr_repo(tmp_path, {"package.json": f'{{"name": "pkg", "main": "{path}"}}\n',
                              path: base, **pages}, {path: head})
    return run_json(repo, "main")


def _touched(source: str, changed: str, language: str = "javascript"
             ) -> tuple[list[str], tuple[str, ...]]:
    result = extract_typescript(source.encode(), frozenset({_line(source, changed)}), language,
                                module="application")
    return [d.key for d in result.touched], result.passed_over


@pytest.mark.parametrize(("changed", "keys", "passed_over"), [
    # the constructor's signature anchors the class, its body is the implementation
    ("constructor(options)", ["Application"], ()),
    ("this.proxy = options.proxy", [], ("the body of `Application.constructor`",)),
    ("return { req, res }", ["Application.createContext"], ()),
    ("return ctx;", [], ("private `Application._respond`",)),
])
def test_a_class_module_exports_is_set_to_is_read_as_the_class_it_names(
        changed: str, keys: list[str], passed_over: tuple[str, ...]) -> None:
    assert _touched(APPLICATION, changed) == (keys, passed_over)
    # in a chain too: ``exports = module.exports = class Application``
    chained = APPLICATION.replace("module.exports =", "exports = module.exports =")
    assert _touched(chained, changed) == (keys, passed_over)


def test_only_a_named_class_module_exports_is_set_to_is_declared() -> None:
    declared = extract_typescript(APPLICATION.encode(), frozenset(), "javascript",
                                  module="application").declared
    assert {"Application", "Application.createContext"} <= declared
    assert not {"Application._respond", "Application.constructor"} & declared
    # a class with no name, one a const holds, one ``exports.settings`` holds: no class
    result = extract_typescript(ANONYMOUS.encode(), frozenset(range(1, 17)), "javascript",
                                module="application")
    assert not {key for key in result.declared if "createContext" in key or "Local" in key
                or "Settings" in key}
    assert [d.key for d in result.touched] == ["settings"]


KOA_PAGE = """# Application

```js
const app = new Application();
app.createContext(req, res);
```
"""
OTHER_PAGE = "# Errors\n\nSee `app.handleRequest(ctx)` for the request cycle.\n"


H3 = """export class H3Core {
  fetch(request: Request): Response {
    return new Response(request.url);
  }
}

export const H3 = /* @__PURE__ */ (() => {
  class H3 extends H3Core {
    constructor(config: object = {}) {
      super();
    }

    on(method: string, route: string): this {
      route = route.toLowerCase();
      return this;
    }

    mount(base: string): this {
      base = base || "/";
      return this;
    }
  }
  for (const method of ["GET", "POST"]) {
    (H3Core as any).prototype[method] = method;
  }
  return H3;
})();

export const helper = /* @__PURE__ */ (() => {
  class Hidden {
    run(): number {
      return 1;
    }
  }
  return new Hidden();
})();

export const later = (function () {
  class Later {
    stop(): number {
      return 2;
    }
  }
  function inner() {
    class Later {
      start(): number {
        return 3;
      }
    }
    return Later;
  }
  return inner();
})();
"""


@pytest.mark.parametrize(("changed", "keys", "passed_over"), [
    # a method of the class the IIFE returns is the const's; so is what it inherits
    ("route = route.toLowerCase()", ["H3.on"], ()),
    ('base = base || "/"', ["H3.mount"], ()),
    ("return new Response(request.url)", ["H3Core.fetch", "H3.fetch"], ()),
    ("constructor(config", ["H3"], ()),
    ("super();", [], ("the body of `H3.constructor`",)),
    # a line of the IIFE that is no member's is the const's own
    ("(H3Core as any).prototype[method]", ["H3"], ()),
    # an instance the IIFE returns, or a class a nested function returns: no class
    ("return 1;", ["helper"], ()),
    ("return 3;", ["later"], ()),
])
def test_the_class_an_iife_returns_is_the_exported_const_s_class(
        changed: str, keys: list[str], passed_over: tuple[str, ...]) -> None:
    assert _touched(H3, changed, "typescript") == (keys, passed_over)


def test_the_members_of_the_class_an_iife_returns_are_declared() -> None:
    declared = extract_typescript(H3.encode(), frozenset(), "typescript").declared
    assert {"H3", "H3.on", "H3.mount", "H3.fetch"} <= declared
    assert not {"H3.constructor", "helper.run", "later.stop", "later.start"} & declared


ROUTING = """# Routing

Register a route with [`H3.on`](/api/h3#on):

```ts
app.on("GET", "/hello", () => "Hello");
```
"""
MOUNTING = "# Mounting\n\nNest an app with `H3.mount`.\n"


@pytest.mark.parametrize(("path", "base", "edit", "pages", "listed"), [
    # koa ``5afff89eca`` changed ``Application`` in ``module.exports = class Application``,
    # and the file read as nothing public; its pages write ``const app = new Application()``
    ("lib/application.js", APPLICATION, ("return { req, res };", "return { req, app: this };"),
     {"docs/api.md": KOA_PAGE, "docs/errors.md": OTHER_PAGE},
     {"docs/api.md": ["app.createContext"]}),
    # h3 ``cbd5c737a9`` changed ``on`` in the class ``export const H3 = (() => {…})()``
    # returns, and documented ``H3.on``: the only anchor had been the const ``H3``, too short
    ("src/h3.ts", H3, ("route.toLowerCase()", "route.toLowerCase().trim()"),
     {"docs/routing.md": ROUTING, "docs/mounting.md": MOUNTING},
     {"docs/routing.md": ["H3.on"]}),
])
def test_a_change_in_a_method_of_a_class_expression_lists_the_page_naming_it(
        tmp_path: Path, path: str, base: str, edit: tuple[str, str], pages: dict[str, str],
        listed: dict[str, list[str]]) -> None:
    data = _run(tmp_path, path, base, base.replace(*edit), pages)
    assert rows(data) == listed
    assert not data["anchorless_changes"]


TYPES = """export interface Init {
  init?: Pick<ResponseInit, "status" | "statusText" | ("headers" | "bodyUsed")>;
  rest?: Omit<RequestInit, "signalAbort">;
  methods?: Exclude<Method, "connectMethod">;
  keyed?: Record<"firstKey" | "secondKey", string>;
  level?: "debugLevel" | "traceLevel";
}

export type Mode = "strictMode" | "looseMode";
"""


def test_a_string_literal_selecting_another_type_s_keys_declares_nothing() -> None:
    result = extract_typescript(TYPES.encode(), frozenset(range(1, 10)), "typescript")
    assert set(result.literals) == {"firstKey", "secondKey", "debugLevel", "traceLevel",
                                    "strictMode", "looseMode"}


STATUS_PAGE = "# Errors\n\nSet `statusText` on the response.\n"
MODE_PAGE = "# Modes\n\nPass `looseMode` to relax the checks.\n"


@pytest.mark.parametrize(("changed", "was", "listed"), [
    # h3 ``a82863fc2e``: ``statusText`` of ``Pick<ResponseInit, …>`` is the web ``Response``'s
    ('"status" | "statusText"', '"status"', {}),
    ('"strictMode" | "looseMode"', '"strictMode"', {"docs/modes.md": ["looseMode"]}),
])
def test_only_a_declared_union_of_string_literals_lists_the_page_naming_a_member(
        tmp_path: Path, changed: str, was: str, listed: dict[str, list[str]]) -> None:
    data = _run(tmp_path, "src/types.ts", TYPES.replace(changed, was), TYPES,
                {"docs/errors.md": STATUS_PAGE, "docs/modes.md": MODE_PAGE})
    assert rows(data) == listed
