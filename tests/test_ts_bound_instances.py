"""An exported const bound to an instance its file makes, vitest's ``vi``: ``export const
vitest = new VitestUtils()`` and ``export const vi = vitest`` in older versions of
``packages/vitest/src/integrations/vi.ts``, ``export const vi = createVitest()`` with a
factory returning ``const utils = { … }`` in newer ones. The class or factory is not
exported; its public members are the const's (docs/concepts/anchoring-rules.md#what-anchors).
Parsed by the extractor both ways, and run on a real repository."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.drift.anchors.typescript import extract_typescript
from tests.helpers import pr_repo, rows, run_json

CLASS = """class VitestUtils {
  private _timers = 0

  constructor(timers: number) {
    this._timers = timers
  }

  public stubGlobal(name: string, value: unknown) {
    globalThis[name] = value
    return this
  }

  private _reset() {
    this._timers = 0
  }
}

class Internal {
  run() {
    return 1
  }
}

export const vitest = new VitestUtils(0)
export const vi = vitest
const internal = new Internal()
export const made = VitestUtils(1)
"""

FACTORY = """import { fn } from '@vitest/spy'

function createVitest(): VitestUtils {
  let timers = 0

  const utils: VitestUtils = {
    fn,
    resetModules,
    isFakeTimers: false,
    useFakeTimers() {
      timers = 1
      return utils
    },
    _private() {
      return timers
    },
  }

  function resetModules() {
    timers = 2
    return utils
  }

  return utils
}

function helper() {
  return { run() { return 2 } }
}

function compute() {
  return 3
}

export const vi: VitestUtils = createVitest()
export const three = compute()
export const notMade = new createVitest()
const kept = helper()
"""


def _line(source: str, text: str) -> int:
    return next(number for number, line in enumerate(source.splitlines(), 1) if text in line)


def _touched(source: str, changed: str) -> tuple[list[tuple[str, bool]], tuple[str, ...]]:
    result = extract_typescript(source.encode(), frozenset({_line(source, changed)}),
                                "typescript")
    return [(d.key, d.binding) for d in result.touched], result.passed_over


@pytest.mark.parametrize(("source", "changed", "expected"), [
    # a public method is the bound const's member, under each name (the alias: one hop)
    (CLASS, "globalThis[name] = value", [("vitest.stubGlobal", False), ("vi.stubGlobal", False)]),
    # a returned literal's method; the const's own lines are a value bound (``vi``: a plain
    # word, which never anchors bare)
    (FACTORY, "timers = 1", [("vi.useFakeTimers", False)]),
    (FACTORY, "let timers = 0", [("vi", True)]),
    # a helper given out under a key of the returned object, as the factory rule reads it
    (FACTORY, "timers = 2", [("vi.resetModules", False)]),
])
def test_a_change_to_what_an_exported_const_holds_anchors_its_members(
        source: str, changed: str, expected: list[tuple[str, bool]]) -> None:
    assert _touched(source, changed) == (expected, ())


@pytest.mark.parametrize(("source", "changed", "passed_over"), [
    # private members and the constructor: callers get the instance made
    (CLASS, "this._timers = timers", ("unexported `VitestUtils`",)),
    (CLASS, "this._timers = 0", ("unexported `VitestUtils`",)),
    (FACTORY, "return timers", ("unexported `createVitest`",)),
    # an instance no export holds, and a class called without ``new`` or a factory with it
    (CLASS, "return 1", ("unexported `Internal`",)),
    (FACTORY, "return { run() { return 2 } }", ("unexported `helper`",)),
    # a function returning no object makes no instance: ``three`` is a value it computes
    (FACTORY, "return 3", ("unexported `compute`",)),
])
def test_what_no_exported_const_holds_stays_unexported(source: str, changed: str,
                                                       passed_over: tuple[str, ...]) -> None:
    assert _touched(source, changed) == ([], passed_over)


def test_the_members_an_exported_const_holds_are_declared() -> None:
    declared = extract_typescript(CLASS.encode(), frozenset(), "typescript").declared
    assert {"vitest.stubGlobal", "vi.stubGlobal"} <= declared
    assert not {"vi._reset", "vi._timers", "vi.constructor", "made.stubGlobal",
                "internal.run"} & declared
    declared = extract_typescript(FACTORY.encode(), frozenset(), "typescript").declared
    # a helper given out under a key of the returned object, as the factory rule reads it
    assert {"vi.useFakeTimers", "vi.isFakeTimers", "vi.resetModules"} <= declared
    assert not {"vi._private", "vi.fn", "notMade.useFakeTimers", "kept.run"} & declared


PAGE = """# API

## vi.stubGlobal

```ts
vi.stubGlobal('IntersectionObserver', Mock)
```
"""


def test_a_method_added_to_the_class_lists_the_page_writing_it_on_the_const(
        tmp_path: Path) -> None:
    """vitest ``15829489eb`` added ``stubGlobal`` to ``class VitestUtils`` and documented
    ``vi.stubGlobal`` in ``docs/api/index.md``: the file had read as nothing public."""
    base = CLASS.replace("stubGlobal", "stubEnv")
    repo = pr_repo(tmp_path, {"package.json": '{"name": "vitest", "main": "src/vi.ts"}\n',
                              "src/vi.ts": base, "docs/api/index.md": PAGE},
                   {"src/vi.ts": CLASS})
    data = run_json(repo, "main")
    assert rows(data) == {"docs/api/index.md": ["vi.stubGlobal"]}
    assert not data["anchorless_changes"]


UTILS = """function createVitest() {
  const utils = {
    spyOn(target: object) {
      return target
    },
    stubEnv(name: string) {
      return name
    },
  }
  return utils
}

export const vitest = createVitest()
export const vi = vitest
"""
STUB = UTILS.replace("    stubEnv(", "    stubGlobal(name: string) {\n      return name\n"
                                     "    },\n    stubEnv(")
LISTING = "# API\n\n## vi.spyOn\n\n## vi.stubEnv\n"


@pytest.mark.parametrize(("written", "new_api"), [
    # named as docs write it, on the shorter const, never on the package's name
    (None, {"vi.stubGlobal": ["docs/api/index.md"]}),
    # a page naming any spelling of it names it: no New API, the page is its row
    ("vi.stubGlobal", {}),
    ("vitest.stubGlobal", {}),
])
def test_a_member_added_to_an_instance_two_consts_hold_is_one_new_api_entry(
        tmp_path: Path, written: str | None, new_api: dict[str, list[str]]) -> None:
    """vitest ``15829489eb`` added ``stubGlobal`` to what ``vitest`` and its alias ``vi``
    hold and documented ``vi.stubGlobal``: New API had still listed ``vitest.stubGlobal``."""
    page = LISTING + (f"\n## {written}\n" if written else "")
    repo = pr_repo(tmp_path, {"package.json": '{"name": "vitest", "main": "src/vi.ts"}\n',
                              "src/vi.ts": UTILS, "docs/api/index.md": LISTING},
                   {"src/vi.ts": STUB, "docs/api/index.md": page})
    data = run_json(repo, "main")
    assert {entry["token"]: entry["suggested_pages"] for entry in data["new_api"]} == new_api
    assert rows(data) == ({"docs/api/index.md": [written]} if written else {})


BOTH = """export class Base {
  run() {
    return 1
  }
}

export class Sub extends Base {}

class Utils {
  spyOn() {
    return 2
  }
}

export const vitest = new Utils()
export const vi = vitest
"""
# the change: a member for the base class, and one for what both consts hold
BOTH_HEAD = BOTH.replace("  run() {", "  walk() {\n    return 0\n  }\n\n  run() {").replace(
    "  spyOn() {", "  stubGlobal() {\n    return 3\n  }\n\n  spyOn() {")


def test_an_inherited_member_and_an_aliased_one_keep_their_own_origin() -> None:
    """A subclass's spelling names the class it inherits from; another const's spelling of
    an instance member names the const the entry is on: two relations, each in its field."""
    changed = frozenset({_line(BOTH_HEAD, "return 0"), _line(BOTH_HEAD, "return 3")})
    touched = extract_typescript(BOTH_HEAD.encode(), changed, "typescript").touched
    origins = {d.key: (d.inherited_from, d.alias_of) for d in touched}
    assert origins == {"Base.walk": (None, None), "Sub.walk": ("Base", None),
                       "vi.stubGlobal": (None, None), "vitest.stubGlobal": (None, "vi")}


def test_an_inherited_member_and_an_aliased_one_are_each_one_new_api_entry(
        tmp_path: Path) -> None:
    """Added in one change, each is listed once, by its own entry's spelling: the base
    class's member on the base (not ``Sub.walk``), the instance's on the shortest const (not
    ``vitest.stubGlobal``)."""
    listing = "# API\n\n## Base.run\n\n## Sub\n\n## vi.spyOn\n\n## Utils\n"
    repo = pr_repo(tmp_path, {"package.json": '{"name": "vitest", "main": "src/vi.ts"}\n',
                              "src/vi.ts": BOTH, "docs/api/index.md": listing},
                   {"src/vi.ts": BOTH_HEAD})
    data = run_json(repo, "main")
    assert sorted(entry["token"] for entry in data["new_api"]) == ["Base.walk", "vi.stubGlobal"]
