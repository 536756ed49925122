"""Classes written as expressions (docs/concepts/anchoring-rules.md#commonjs-modules): koa's
``module.exports = class Application extends Emitter {…}``. Parsed by the extractor both ways,
and run on a real repository."""

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


@pytest.mark.parametrize(("path", "base", "edit", "pages", "listed"), [
    # koa ``5afff89eca`` changed ``Application`` in ``module.exports = class Application``,
    # and the file read as nothing public; its pages write ``const app = new Application()``
    ("lib/application.js", APPLICATION, ("return { req, res };", "return { req, app: this };"),
     {"docs/api.md": KOA_PAGE, "docs/errors.md": OTHER_PAGE},
     {"docs/api.md": ["app.createContext"]}),
])
def test_a_change_in_a_method_of_a_class_expression_lists_the_page_naming_it(
        tmp_path: Path, path: str, base: str, edit: tuple[str, str], pages: dict[str, str],
        listed: dict[str, list[str]]) -> None:
    data = _run(tmp_path, path, base, base.replace(*edit), pages)
    assert rows(data) == listed
    assert not data["anchorless_changes"]
