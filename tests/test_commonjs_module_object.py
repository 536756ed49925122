"""The object a CommonJS module sets ``module.exports`` to is the module's API: its methods,
accessors and ``key: value`` entries are declarations named after the module
(docs/concepts/anchoring-rules.md#commonjs-modules). Real source shapes, from koa's
``lib/response.js`` and ``lib/context.js``, parsed by the extractor both ways."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.drift.anchors.typescript import extract_typescript, module_name
from tests.helpers import pr_repo, rows, run_json

RESPONSE = """'use strict'

const vary = require('vary')
const extname = require('node:path').extname
const debug = require('debug')('koa:response')

module.exports = {

  /**
   * Return response header.
   */
  get header () {
    return this.res.getHeaders()
  },

  set body (val) {
    this._body = val
  },

  redirect (url, alt) {
    this.set('Location', url)
  },

  vary (field) {
    vary(this.res, field)
  },

  flushHeaders: function () {
    this.res.flushHeaders()
  },

  is: (type) => typeof type,

  charset: 'utf-8',

  _private () {
    return 1
  }
}
"""


def _line(source: str, text: str) -> int:
    return next(number for number, line in enumerate(source.splitlines(), 1) if text in line)


def _touched(source: str, lines: set[int], module: str | None = "response") -> list[str]:
    result = extract_typescript(source.encode(), frozenset(lines), "javascript", module=module)
    return [declaration.key for declaration in result.touched]


@pytest.mark.parametrize(("changed", "expected"), [
    ("this.set('Location', url)", ["response.redirect"]),   # a method's body
    ("redirect (url, alt) {", ["response.redirect"]),       # its signature
    ("return this.res.getHeaders()", ["response.header"]),  # a getter
    ("this._body = val", ["response.body"]),                # a setter
    ("Return response header.", ["response.header"]),       # the comment above documents it
    ("this.res.flushHeaders()", ["response.flushHeaders"]),  # a `key: function` value
    ("is: (type) => typeof type", ["response.is"]),         # an arrow value
    ("charset: 'utf-8'", ["response.charset"]),             # a `key: value` property
    ("return 1", []),                                       # a private member
    ("module.exports = {", []),                # the module is no object a page names
    ("const vary = require('vary')", []),                   # another module's binding
    ("require('node:path').extname", []),
    ("require('debug')('koa:response')", []),
])
def test_a_member_of_the_exported_object_is_named_after_the_module(changed: str,
                                                                   expected: list[str]) -> None:
    assert _touched(RESPONSE, {_line(RESPONSE, changed)}) == expected


def test_a_plain_word_member_is_a_member_never_a_top_level_name() -> None:
    result = extract_typescript(RESPONSE.encode(), frozenset({_line(RESPONSE, "vary(this.res")}),
                                "javascript", module="response")
    # `vary` is the member `response.vary`, whose bare name never anchors alone: not the
    # `vary` a require bound, which the object's key once made a declaration (and New API)
    assert [(d.name, d.container) for d in result.touched] == [("vary", "response")]
    assert "vary" not in result.declared and "extname" not in result.declared
    assert {"response.vary", "response.redirect", "response.header", "response.body",
            "response.charset"} <= result.declared
    assert "response._private" not in result.declared
    assert all(d.bridgeable for d in result.touched)
    charset = extract_typescript(RESPONSE.encode(), frozenset({_line(RESPONSE, "charset:")}),
                                 "javascript", module="response").touched
    assert [d.bridgeable for d in charset] == [False]  # data, not code a route calls


def test_a_removed_member_is_absent_from_the_head_side() -> None:
    removed = RESPONSE.replace("  vary (field) {\n    vary(this.res, field)\n  },\n\n", "")
    base = extract_typescript(RESPONSE.encode(), frozenset({_line(RESPONSE, "vary (field)")}),
                              "javascript", module="response")
    head = extract_typescript(removed.encode(), frozenset(), "javascript", module="response")
    assert [d.key for d in base.touched] == ["response.vary"]
    assert "response.vary" not in head.declared and "response.redirect" in head.declared
    # the member is gone, not the object: the module is read as a namespace, so losing a
    # member does not anchor an object called `response`
    assert "response" in head.namespaces


CONTEXT = """const createError = require('http-errors')
const httpAssert = require('http-assert')

function throwError (...args) {
  throw createError(...args)
}

function inspect () {
  return this.toJSON()
}

const proto = module.exports = {
  inspect,
  throw: throwError,
  assert: httpAssert,
  onerror (err) {
    this.app.emit('error', err, this)
  }
}
"""


def test_a_chain_binds_the_same_object_and_names_it_when_the_module_is_not_known() -> None:
    onerror = {_line(CONTEXT, "this.app.emit")}
    assert _touched(CONTEXT, onerror, module="context") == ["context.onerror"]
    assert _touched(CONTEXT, onerror, module=None) == ["proto.onerror"]
    # no name qualifies it: its members are named bare, as bindings (a plain word never anchors)
    plain = "module.exports = {\n  onerror (err) {\n    return err\n  }\n}\n"
    result = extract_typescript(plain.encode(), frozenset({3}), "javascript", module=None)
    assert [(d.key, d.binding) for d in result.touched] == [("onerror", True)]
    assert "onerror" in result.declared and "proto.onerror" not in result.declared


def test_shorthand_and_renamed_keys_export_the_local_declarations() -> None:
    decorate = ("function decorateAdd (name) {\n  return name\n}\n"
                "module.exports = {\n  add: decorateAdd,\n  decorateAdd\n}\n")
    # an object of locals only holds no code of its own, and still exports them under its keys
    result = extract_typescript(decorate.encode(), frozenset({2}), "javascript",
                                module="decorate")
    assert [d.key for d in result.touched] == ["decorateAdd", "decorate.add"]
    assert {"decorateAdd", "decorate.add"} <= result.declared
    # `{ inspect }` exports the local `inspect`, as it did; `throw: throwError` exports the
    # local `throwError` under `throw`: a change to it is also `context.throw`
    assert _touched(CONTEXT, {_line(CONTEXT, "return this.toJSON()")}, module="context") == [
        "inspect"]
    assert _touched(CONTEXT, {_line(CONTEXT, "throw createError")}, module="context") == [
        "throwError", "context.throw"]
    declared = extract_typescript(CONTEXT.encode(), frozenset(), "javascript",
                                  module="context").declared
    assert {"inspect", "throwError", "context.throw", "context.assert",
            "context.onerror"} <= declared
    # a local bound by require is no declaration, whichever key exports it
    assert not {"httpAssert", "createError", "context.inspect"} & declared


@pytest.mark.parametrize("source", [
    "const settings = {\n  redirect (url) {\n    return url\n  }\n}\n",
    "exports.settings = {\n  redirect (url) {\n    return url\n  }\n}\n",
    "module.exports.settings = {\n  redirect (url) {\n    return url\n  }\n}\n",
    "function setup () {\n  module.exports = {\n    redirect (url) {\n      return url\n    }\n"
    "  }\n}\n",
    "exports = {\n  redirect (url) {\n    return url\n  }\n}\n",  # rebinds the local only
])
def test_an_object_not_assigned_to_module_exports_gives_no_module_member(source: str) -> None:
    result = extract_typescript(source.encode(), frozenset({_line(source, "return url")}),
                                "javascript", module="response")
    assert not any(d.container == "response" for d in result.touched)
    assert not any(key.startswith("response.") for key in result.declared)


@pytest.mark.parametrize(("path", "name"), [
    ("lib/response.js", "response"),
    ("lib/search-params.js", "searchParams"),
    ("lib/router/index.js", "router"),
    ("lib/index.js", None),              # a folder that names no module
    ("index.js", None),
    ("jest.config.js", None),            # a stem that is no name
    (".eslintrc.cjs", None),
])
def test_a_module_is_named_as_its_importers_bind_it(path: str, name: str | None) -> None:
    assert module_name(path) == name


def test_an_object_holding_no_code_is_data_whose_keys_are_named_bare() -> None:
    # a docs site's `.vitepress/config.js`, prettier's `common-options.js`: data some tool
    # reads, whose code-shaped keys pages write bare; no `config.title`, and the plain word
    # `title` is no name
    config = ("module.exports = {\n  title: 'Vite',\n  themeConfig: {\n    repo: 'vitejs/vite',\n"
              "  },\n}\n")
    result = extract_typescript(config.encode(), frozenset({2, 4}), "javascript",
                                module="config")
    assert [(d.key, d.binding) for d in result.touched] == [("themeConfig", True)]
    assert result.declared == {"themeConfig"}
    assert "config" not in result.namespaces
    assert result.passed_over == ("the data key `title`",)
    # one method makes it a module's API, its data entries included
    api = config.replace("  title: 'Vite',\n",
                         "  title: 'Vite',\n  load () {\n    return 1\n  },\n")
    assert _touched(api, {_line(api, "title:"), _line(api, "return 1")}, module="config") == [
        "config.title", "config.load"]


def test_a_changed_member_lists_the_page_naming_it_by_the_module_s_name(tmp_path: Path) -> None:
    """koa ``d601d7ba52``: ``redirect (url, alt)`` became ``redirect (url)`` inside
    ``module.exports = {…}``, and ``docs/api/response.md`` writes ``response.redirect(url)``;
    the run had said the file held no documentable declaration."""
    page = "### response.redirect(url)\n\nA page on `redirect` alone names nothing.\n"
    head = RESPONSE.replace("redirect (url, alt) {", "redirect (url) {")
    data = run_json(pr_repo(tmp_path / "named", {"lib/response.js": RESPONSE,
                                                 "docs/api/response.md": page,
                                                 "docs/guide.md": "Call `redirect()`.\n"},
                            {"lib/response.js": head}), "main")
    assert rows(data) == {"docs/api/response.md": ["response.redirect"]}


PROTO = """'use strict'
const { EventEmitter } = require('node:events')
const version = require('./version')

const prototype = {
  childLogger,
  bindings,
  version,
  get level () {
    return this.levelValue
  },
  flush: flushAll
}

Object.setPrototypeOf(prototype, EventEmitter.prototype)

module.exports = function () {
  return Object.create(prototype)
}

function childLogger (bindings, options) {
  return Object.create(this)
}

function bindings () {
  return this.chindings
}

function flushAll () {
  return this.stream.flush()
}

function internal () {
  return this.destination
}
"""


@pytest.mark.parametrize(("changed", "expected"), [
    # pino's `lib/proto.js`: each logger the exported factory makes has the object's keys
    ("return Object.create(this)", ["childLogger"]),
    ("return this.chindings", ["bindings"]),      # a plain word: the guards drop it later
    ("return this.levelValue", ["proto.level"]),
    ("return this.stream.flush()", ["flushAll", "proto.flush"]),
    ("return this.destination", []),              # in no key of it: the file's own
])
def test_the_prototype_an_exported_factory_hands_out_is_the_module_object(
        changed: str, expected: list[str]) -> None:
    result = extract_typescript(PROTO.encode(), frozenset({_line(PROTO, changed)}), "javascript",
                                module="proto")
    assert [d.key for d in result.touched] == expected
    assert "unexported `childLogger`" not in result.passed_over
    assert "version" not in result.declared  # a require binding, whichever key holds it


@pytest.mark.parametrize("factory", [
    # the object is handed out by a function the module keeps to itself
    "function make () {\n  return Object.create(prototype)\n}\nmodule.exports = 1\n",
    # the factory hands out another object
    "module.exports = function () {\n  return Object.create(EventEmitter.prototype)\n}\n",
    # made once at the top level: the module exports no factory
    "module.exports = Object.create(prototype)\n",
])
def test_an_object_no_exported_factory_hands_out_stays_unexported(factory: str) -> None:
    source = PROTO.replace(
        "module.exports = function () {\n  return Object.create(prototype)\n}\n", factory)
    result = extract_typescript(source.encode(), frozenset({_line(source, "Object.create(this)"),
                                                           _line(source, "this.levelValue")}),
                                "javascript", module="proto")
    assert result.touched == ()
    assert "unexported `childLogger`" in result.passed_over
    assert not {"childLogger", "proto.level"} & result.declared


def test_a_named_factory_setting_the_prototype_hands_out_the_object() -> None:
    source = PROTO.replace(
        "module.exports = function () {\n  return Object.create(prototype)\n}\n",
        "function make () {\n  const made = {}\n  Object.setPrototypeOf(made, prototype)\n"
        "  return made\n}\nmodule.exports = make\n")
    result = extract_typescript(source.encode(), frozenset({_line(source, "Object.create(this)")}),
                                "javascript", module="proto")
    assert [d.key for d in result.touched] == ["childLogger"]
    assert {"childLogger", "proto.level", "proto.flush"} <= result.declared


def test_a_changed_method_of_the_handed_out_prototype_lists_the_page(tmp_path: Path) -> None:
    """pino ``7567aadde8``: ``child(bindings)`` became ``child(bindings, options)`` in
    ``lib/proto.js``, whose exported factory hands out ``{ child, … }``; the file had been
    read as touching an unexported ``child``."""
    base = PROTO.replace("childLogger (bindings, options)", "childLogger (bindings)")
    page = "# API\n\n## childLogger(bindings, [options])\n\nCall `childLogger()`.\n"
    data = run_json(pr_repo(tmp_path, {"lib/proto.js": base, "docs/api.md": page,
                                       "docs/guide.md": "Call `flushAll()`.\n"},
                            {"lib/proto.js": PROTO}), "main")
    assert rows(data) == {"docs/api.md": ["childLogger"]}
