"""A line a change only renamed private names in anchors nothing: jotai's "fix: typo" renamed
its unexported ``let overiddenCreateStore``, used in the bodies of ``createStore`` and
``INTERNAL_overrideCreateStore``, and seven pages naming ``createStore`` were listed, none
edited (docs/concepts/anchoring-rules.md#what-anchors)."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.drift.anchors.renamed import MAX_RENAMED, renamed_lines
from govern.drift.anchors.syntax import parse
from govern.git.gitio import Hunk
from tests.helpers import pr_repo, rows, run_json

STORE_PAGES = {"docs/creating.md": "Call `createStore()`.\n",
               "docs/factory.md": "Then `replaceFactory()`.\n"}
STORE = """\
import { buildStore, registry } from './internals'

export type Store = ReturnType<typeof buildStore>

let overiddenCreateStore: typeof createStore | undefined

export function replaceFactory(
  fn: (prev: typeof createStore | undefined) => typeof createStore,
): void {
  overiddenCreateStore = fn(overiddenCreateStore)
}

export function createStore(): Store {
  if (overiddenCreateStore) {
    return overiddenCreateStore()
  }
  return registry.build()
}
"""
RENAMED = STORE.replace("overiddenCreateStore", "overriddenCreateStore")


@pytest.mark.parametrize(("head", "listed"), [
    # the jotai typo fixed: nothing a page shows changed
    (RENAMED, []),
    # a parameter renamed: callers of a JavaScript function do not write it, but its
    # declaration is the signature a page shows
    (STORE.replace("fn:", "factory:").replace("= fn(", "= factory("),
     ["docs/factory.md"]),
    # an exported name is a page's name: removed, certain drift
    (STORE.replace("createStore", "makeStore"), ["docs/creating.md", "docs/factory.md"]),
    # a rename and a real edit in one hunk: the hunk counts whole
    (RENAMED.replace("return overriddenCreateStore()", "return overriddenCreateStore(true)"),
     ["docs/creating.md"]),
    # the old name still written: one name did not become the other
    (RENAMED.replace("= fn(overriddenCreateStore)", "= fn(overiddenCreateStore)"),
     ["docs/creating.md", "docs/factory.md"]),
    # a private name made public: a name pages may now write
    (RENAMED.replace("let overriddenCreateStore", "export let overriddenCreateStore"),
     ["docs/creating.md", "docs/factory.md"]),
])
def test_a_private_name_renamed_anchors_nothing(tmp_path: Path, head: str,
                                                listed: list[str]) -> None:
    data = run_json(pr_repo(tmp_path, {"src/store.ts": STORE, **STORE_PAGES},
                            {"src/store.ts": head}), "main")
    assert sorted(rows(data)) == listed


def test_a_renamed_member_anchors_its_function(tmp_path: Path) -> None:
    """``registry.build`` is the object's, whatever else declares the name ``build``: the
    private ``let build`` renamed with it, ``createStore`` is listed."""
    base = STORE.replace("let overiddenCreateStore", "let build = 0\nlet overiddenCreateStore")
    head = base.replace("build = 0", "make = 0").replace("registry.build", "registry.make")
    data = run_json(pr_repo(tmp_path, {"src/store.ts": base, **STORE_PAGES},
                            {"src/store.ts": head}), "main")
    assert sorted(rows(data)) == ["docs/creating.md"]


PYTHON_PAGES = {"docs/load.md": "Call `shop.store.load()`.\n",
                "docs/save.md": "Then `shop.store.save()`.\n"}
PYTHON = """\
from shop import backend

_cache = {}


def load(key, default=None):
    found = _cache.get(key)
    if found is None:
        return default
    return found


def save(key, value):
    record = (key, value)
    timeout = 3
    _cache[key] = record
    print('updated')
    return backend.write(record, timeout=timeout)
"""


@pytest.mark.parametrize(("head", "listed"), [
    # a module-level ``_`` name renamed where two public functions read it
    (PYTHON.replace("_cache", "_records"), []),
    # a local variable renamed
    (PYTHON.replace("record", "entry"), []),
    # a parameter renamed: a caller writes it as a keyword
    (PYTHON.replace("default", "fallback"), ["docs/load.md"]),
    # a private name made public: another name of the module
    (PYTHON.replace("_cache", "cache"), ["docs/load.md", "docs/save.md"]),
    # a keyword argument names the callee's parameter: ``timeout=timeout`` is not
    # ``limit=limit``
    (PYTHON.replace("timeout", "limit"), ["docs/save.md"]),
    # the name in a string too: the string's text changed
    (PYTHON.replace("'updated'", "'_cache'"), None),
])
def test_a_private_python_name_renamed_anchors_nothing(tmp_path: Path, head: str,
                                                       listed: list[str] | None) -> None:
    base = {"shop/__init__.py": "", "shop/backend.py": "def write(record, timeout): ...\n",
            **PYTHON_PAGES}
    if listed is None:  # the base writes the name in a string, and the head renames it there
        base["shop/store.py"], head, listed = head, head.replace("_cache", "_records"), \
            ["docs/load.md", "docs/save.md"]
    else:
        base["shop/store.py"] = PYTHON
    data = run_json(pr_repo(tmp_path, base, {"shop/store.py": head}), "main")
    assert sorted(rows(data)) == listed


FACTORY_PAGES = {"docs/handler.md": "Call `shop.factory.make_handler()`.\n",
                 "docs/level.md": "Call `shop.factory.configure()`.\n"}
FACTORY = """\
def make_handler():
    class Handler:
        def process(self, item):
            parsed = item.strip()
            return parsed
    return Handler()


def configure(level):
    global CURRENT_LEVEL
    CURRENT_LEVEL = level
"""


@pytest.mark.parametrize(("head", "listed"), [
    # a method of a class a function defines and returns: its callers call it by name
    (FACTORY.replace("def process", "def handle"), ["docs/handler.md"]),
    # a local variable of that method: its own
    (FACTORY.replace("parsed", "stripped"), []),
    # a module name a function's body binds through ``global``: the module's attribute
    (FACTORY.replace("CURRENT_LEVEL", "ACTIVE_LEVEL"), ["docs/level.md"]),
])
def test_a_name_inside_a_function_is_local_only_where_the_function_s_body_holds_it(
        tmp_path: Path, head: str, listed: list[str]) -> None:
    """A review's findings: a class defined in a function's body declares members, not
    local names, and ``global`` makes a body's name the module's."""
    base = {"shop/__init__.py": "", "shop/factory.py": FACTORY, **FACTORY_PAGES}
    data = run_json(pr_repo(tmp_path, base, {"shop/factory.py": head}), "main")
    assert sorted(rows(data)) == listed


def test_a_renamed_attribute_anchors_its_method(tmp_path: Path) -> None:
    """``self._items`` is a member, whatever declares it: another object's of the class may
    be read elsewhere. A renamed local of the other method does not anchor it."""
    base = ("class Cart:\n    _items = ()\n\n"
            "    def add(self, item):\n        self._items += (item,)\n\n"
            "    def total(self, prices):\n        found = sum(prices)\n        return found\n")
    head = base.replace("_items", "_lines").replace("found", "result")
    pages = {"docs/add.md": "Call `shop.Cart.add()`.\n",
             "docs/total.md": "Then `shop.Cart.total()`.\n"}
    data = run_json(pr_repo(tmp_path, {"shop/__init__.py": "from .cart import Cart\n",
                                       "shop/cart.py": base, **pages},
                            {"shop/cart.py": head}), "main")
    assert sorted(rows(data)) == ["docs/add.md"]


def _renamed(language: str, old: bytes, new: bytes,
             hunks: list[Hunk]) -> tuple[frozenset[int], frozenset[int]]:
    return renamed_lines(language, (parse(language, old), old), (parse(language, new), new),
                         hunks)


@pytest.mark.parametrize(("language", "old", "new", "hunk", "same"), [
    # the declaration's own line is one of the rename's lines
    ("typescript", b"let a = 1\nexport const f = () => a\n",
     b"let b = 1\nexport const f = () => b\n", Hunk(1, 2, 1, 2),
     (frozenset({1, 2}), frozenset({1, 2}))),
    # a local of a function's body
    ("javascript", b"export function f() {\n  const a = 1\n  return a\n}\n",
     b"export function f() {\n  const b = 1\n  return b\n}\n", Hunk(2, 2, 2, 2),
     (frozenset({2, 3}), frozenset({2, 3}))),
    # exported later by name, or by default
    ("typescript", b"let a = 1\nexport { a }\n", b"let b = 1\nexport { b }\n",
     Hunk(1, 2, 1, 2), (frozenset(), frozenset())),
    ("typescript", b"function a() {}\nexport default a\n",
     b"function b() {}\nexport default b\n", Hunk(1, 2, 1, 2), (frozenset(), frozenset())),
    # an object key, in shorthand too, and an imported name
    ("typescript", b"const a = 1\nexport const o = { a }\n",
     b"const b = 1\nexport const o = { b }\n", Hunk(1, 2, 1, 2), (frozenset(), frozenset())),
    ("typescript", b"import { a } from 'x'\nexport const f = () => a\n",
     b"import { b } from 'x'\nexport const f = () => b\n", Hunk(1, 2, 1, 2),
     (frozenset(), frozenset())),
    # an arrow function's parameter
    ("typescript", b"export const f = a => a\n", b"export const f = b => b\n",
     Hunk(1, 1, 1, 1), (frozenset(), frozenset())),
    # a word in a regex is its text
    ("javascript", b"const a = 1\nexport const r = /a/\nexport const f = () => a\n",
     b"const b = 1\nexport const r = /b/\nexport const f = () => b\n", Hunk(1, 3, 1, 3),
     (frozenset(), frozenset())),
    # two names become one: two values read as one
    ("python", b"def f():\n    a = 1\n    b = 2\n    return a + b\n",
     b"def f():\n    c = 1\n    c = 2\n    return c + c\n", Hunk(2, 3, 2, 3),
     (frozenset(), frozenset())),
    # a dunder is Python's name
    ("python", b"__a__ = 1\ndef f():\n    return __a__\n",
     b"__b__ = 1\ndef f():\n    return __b__\n", Hunk(1, 1, 1, 1),
     (frozenset(), frozenset())),
    # re-indented and renamed in Python: the block changed
    ("python", b"def f():\n    a = 1\n    return a\n",
     b"def f():\n    b = 1\n  return b\n", Hunk(2, 2, 2, 2), (frozenset(), frozenset())),
])
def test_which_lines_only_rename_a_private_name(
        language: str, old: bytes, new: bytes, hunk: Hunk,
        same: tuple[frozenset[int], frozenset[int]]) -> None:
    assert _renamed(language, old, new, [hunk]) == same


def test_past_the_bound_no_line_is_read_as_renamed() -> None:
    """Each name renamed in a hunk of its own: up to ``MAX_RENAMED`` names the rule holds;
    one more, and every line counts."""
    def module(prefix: str, count: int) -> bytes:
        return b"".join(b"const %s%d = %d\n" % (prefix.encode(), n, n) for n in range(count))

    hunks = [Hunk(n, 1, n, 1) for n in range(1, MAX_RENAMED + 2)]
    lines = frozenset(range(1, MAX_RENAMED + 1))
    assert _renamed("typescript", module("a", MAX_RENAMED), module("b", MAX_RENAMED),
                    hunks[:-1]) == (lines, lines)
    assert _renamed("typescript", module("a", MAX_RENAMED + 1), module("b", MAX_RENAMED + 1),
                    hunks) == (frozenset(), frozenset())
