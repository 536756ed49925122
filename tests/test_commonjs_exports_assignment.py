"""``exports.X = local`` and ``module.exports.X = local``, at the top level of a CommonJS
module, export the file's declaration ``local`` under the name ``X``: commander's
``lib/command.js`` declares ``class Command extends EventEmitter {…}`` and ends with
``exports.Command = Command;`` (docs/concepts/anchoring-rules.md#commonjs-modules). Parsed by
the extractor both ways, and run on real repositories."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.drift.anchors.typescript import extract_typescript
from tests.helpers import pr_repo, rows, run_json

COMMAND = """const EventEmitter = require('node:events').EventEmitter;
const { Option } = require('./option.js');

class Command extends EventEmitter {
  /**
   * Display the help when an error occurs.
   */
  showHelpAfterError(displayHelp = true) {
    this._showHelpAfterError = displayHelp;
    return this;
  }

  _prepareUserArgs(argv) {
    return argv.slice(2);
  }
}

class Suggester {
  suggestSimilar(word) {
    return word;
  }
}

function parseFlags(flags) {
  return flags.split(' ');
}

function Router() {}
Router.prototype.route = function route(path) {
  return path;
};

exports.Command = Command;
module.exports.splitOptionFlags = parseFlags;
exports.Route = Router;
exports.Option = Option;
exports.loadAll = function () {
  return 'all';
};
"""


def _line(source: str, text: str) -> int:
    return next(number for number, line in enumerate(source.splitlines(), 1) if text in line)


def _extract(source: str, *changed: str) -> tuple[list[str], frozenset[str], tuple[str, ...]]:
    result = extract_typescript(source.encode(), frozenset(_line(source, t) for t in changed),
                                "javascript")
    return [d.key for d in result.touched], result.declared, result.passed_over


@pytest.mark.parametrize(("changed", "expected"), [
    ("this._showHelpAfterError = displayHelp", ["Command.showHelpAfterError"]),
    ("showHelpAfterError(displayHelp = true) {", ["Command.showHelpAfterError"]),
    # exported under another name: the name importers use, never the local's
    ("return flags.split(' ')", ["splitOptionFlags"]),
    ("return path;", ["Route.route"]),             # a prototype member, by the exported name
    ("return 'all'", ["loadAll"]),                 # a function assigned as it is, as before
    ("return word", []),                           # a class no line exports
    ("return argv.slice(2)", []),                  # a private member
    ("exports.Command = Command", []),             # the export itself names no new API
])
def test_a_declaration_exported_by_assignment_anchors_by_its_exported_name(
        changed: str, expected: list[str]) -> None:
    touched, _declared, _passed = _extract(COMMAND, changed)
    assert touched == expected


def test_the_exported_names_are_declared_and_the_rest_stay_unexported() -> None:
    _touched, declared, _passed = _extract(COMMAND)
    assert {"Command", "Command.showHelpAfterError", "splitOptionFlags", "Route",
            "Route.route", "loadAll"} <= declared
    # the locals behind other names, the class no line exports, and a private member
    assert not {"parseFlags", "Router", "Router.route", "Suggester",
                "Suggester.suggestSimilar", "Command._prepareUserArgs"} & declared
    # a require() binding passed on is another module's: the assignment declares it, as before
    assert "Option" in declared
    assert _extract(COMMAND, "return word")[2] == ("unexported `Suggester`",)
    assert _extract(COMMAND, "exports.Command = Command")[2] == (
        "re-exports of unchanged names",)


@pytest.mark.parametrize("source", [
    # inside a function: exported when it runs, if ever; no export of the module's
    "class Command {\n  hook(event) {\n    return event;\n  }\n}\n"
    "function install() {\n  exports.Command = Command;\n}\n",
    # another object's member, not the module's exports
    "class Command {\n  hook(event) {\n    return event;\n  }\n}\n"
    "registry.Command = Command;\n",
])
def test_an_assignment_that_is_no_top_level_export_exports_nothing(source: str) -> None:
    touched, declared, passed = _extract(source, "return event")
    assert touched == []
    assert "Command.hook" not in declared
    assert passed == ("unexported `Command`",)


def test_the_module_s_own_export_and_an_assignment_give_both_names() -> None:
    source = ("function decorateAdd(name) {\n  return name;\n}\n"
              "module.exports = decorateAdd;\nmodule.exports.add = decorateAdd;\n")
    touched, declared, _passed = _extract(source, "return name")
    assert touched == ["decorateAdd", "add"]
    assert {"decorateAdd", "add"} <= declared


PAGE = """# Commander

## Display help after errors

Call `Command.showHelpAfterError()` to show the full help after an error.
"""


def _run(tmp_path: Path, tail: str) -> dict[str, list[str]]:
    """commander ``91ccfd5d63``'s shape: a method of ``class Command`` changes in
    ``lib/command.js``, which ends with ``tail``."""
    base = COMMAND.split("exports.Command")[0] + tail
    head = base.replace("this._showHelpAfterError = displayHelp;",
                        "this._showHelpAfterError = displayHelp ? 'always' : false;")
    repo = pr_repo(tmp_path, {"lib/command.js": base, "docs/help.md": PAGE},
                   {"lib/command.js": head})
    return rows(run_json(repo, "main"))


def test_a_change_inside_a_class_exported_by_assignment_lists_the_page(
        tmp_path: Path) -> None:
    assert _run(tmp_path, "exports.Command = Command;\n") == {
        "docs/help.md": ["Command.showHelpAfterError"]}


def test_a_change_inside_a_class_no_line_exports_lists_no_page(tmp_path: Path) -> None:
    assert _run(tmp_path, "exports.loadAll = function () {\n  return 1;\n};\n") == {}


LG = """'use strict'
function lg (opts) {
  return opts
}
module.exports = lg
module.exports.levels = { info: 30 }
module.exports.transport = require('./transport')
module.exports.destination = (dest) => {
  return dest
}
module.exports._internal = 1
module.exports.default = lg
module.exports.lg = lg
"""


@pytest.mark.parametrize(("module", "changed", "expected"), [
    # pino 849f65aab4: `transport` alone is a plain word; `pino.transport` is what pages write
    ("pino", "module.exports.transport", ["transport", "pino.transport"]),
    ("pino", "return dest", ["destination", "pino.destination"]),
    ("pino", "module.exports.levels", ["levels", "pino.levels"]),
    (None, "module.exports.transport", ["transport", "lg.transport"]),  # the local exported
    ("pino", "module.exports._internal", ["_internal"]),      # private: no qualified member
    ("pino", "module.exports.default", []),    # the module itself, for ES imports
    ("pino", "module.exports.lg = lg", []),
    ("pino", "return opts", ["lg"]),           # the local's change is the local's
])
def test_a_member_of_an_exported_value_is_named_after_the_module(
        module: str | None, changed: str, expected: list[str]) -> None:
    result = extract_typescript(LG.encode(), frozenset({_line(LG, changed)}), "javascript",
                                module=module)
    assert [d.key for d in result.touched] == expected


def test_without_an_exported_value_the_bare_name_is_the_one_written() -> None:
    # commander's `exports.Command = Command` builds an object importers take apart
    source = LG.replace("module.exports = lg\n", "")
    result = extract_typescript(source.encode(), frozenset({_line(source, "transport")}),
                                "javascript", module="pino")
    assert [d.key for d in result.touched] == ["transport"]
    assert not any(key.startswith("pino.") for key in result.declared)
    declared = extract_typescript(LG.encode(), frozenset(), "javascript", module="pino").declared
    assert {"pino.transport", "pino.destination", "pino.levels"} <= declared
    assert not {"pino.default", "pino.lg", "pino._internal"} & declared


def test_a_new_member_of_the_exported_value_lists_the_pages_writing_it(tmp_path: Path) -> None:
    """pino ``849f65aab4`` added ``module.exports.transport = require('./lib/transport')`` to
    ``pino.js``; the pages writing ``pino.transport(…)`` were all missed."""
    base = LG.split("module.exports.transport")[0]
    head = base + "module.exports.transport = require('./transport')\n"
    page = "# API\n\n## `pino.levels`\n\n```js\nconst t = pino.transport({ target: 'x' })\n```\n"
    repo = pr_repo(tmp_path, {"pino.js": base, "transport.js": "module.exports = 1\n",
                              "docs/api.md": page,
                              "docs/guide.md": "Pick a transport for `levels`.\n"},
                   {"pino.js": head})
    assert rows(run_json(repo, "main")) == {"docs/api.md": ["pino.transport"]}
