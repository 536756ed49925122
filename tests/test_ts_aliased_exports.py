"""An exported const that is a local of its file as it is, through casts (zustand's ``export
const devtools = devtoolsImpl as unknown as Devtools`` in ``src/middleware/devtools.ts``),
publishes that local under its own name: a change inside the local anchors the const
(docs/concepts/anchoring-rules.md#what-anchors). Parsed by the extractor both ways, and run on
a real repository."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.drift.anchors.typescript import extract_typescript
from tests.helpers import pr_repo, rows, run_json

MIDDLEWARE = """type DevtoolsImpl = (fn: number) => number
type Devtools = <T>(fn: T) => T

const devtoolsImpl: DevtoolsImpl =
  (fn, devtoolsOptions = {}) =>
  (set) => {
    const recorded = fn + 1
    return recorded
  }

export const devtools = devtoolsImpl as unknown as Devtools

const persistImpl = (fn: number) => fn * 2
const persist = persistImpl satisfies unknown
export { persist }

export const subscribeImpl = (fn: number) => fn - 1
export const subscribeWithSelector = subscribeImpl

const trackerImpl = (calls: number) => calls + 3
const tracker = trackerImpl

export const redux = importedRedux as unknown as Devtools
"""


def _line(text: str) -> int:
    return next(number for number, line in enumerate(MIDDLEWARE.splitlines(), 1)
                if text in line)


def _touched(*changed: str) -> tuple[list[tuple[str, bool]], tuple[str, ...]]:
    result = extract_typescript(MIDDLEWARE.encode(), frozenset(map(_line, changed)),
                                "typescript")
    return [(d.key, d.binding) for d in result.touched], result.passed_over


@pytest.mark.parametrize(("changed", "expected"), [
    # the implementation's body and its signature are the public name's
    ("const recorded = fn + 1", [("devtools", False)]),
    ("(fn, devtoolsOptions = {}) =>", [("devtools", False)]),
    # the const's own line anchors it as a value bound, as before: a plain word then never
    # anchors bare (zustand's `as Redux` turned `as unknown as Redux` shows no page anything)
    ("export const devtools", [("devtools", True)]),
    # `satisfies`, and an export list naming the const
    ("fn * 2", [("persist", False)]),
    # an implementation exported itself is both names
    ("fn - 1", [("subscribeImpl", False), ("subscribeWithSelector", False)]),
])
def test_a_change_to_the_local_a_const_exports_anchors_the_const(
        changed: str, expected: list[tuple[str, bool]]) -> None:
    assert _touched(changed)[0] == expected


def test_a_const_no_line_exports_passes_its_local_on_to_nobody() -> None:
    assert _touched("calls + 3") == ([], ("unexported `trackerImpl`",))
    declared = extract_typescript(MIDDLEWARE.encode(), frozenset(), "typescript").declared
    assert {"devtools", "persist", "subscribeImpl", "subscribeWithSelector", "redux"} <= declared
    assert not {"devtoolsImpl", "persistImpl", "trackerImpl", "tracker"} & declared


def test_a_const_naming_an_import_is_a_value_bound_as_before() -> None:
    # not the file's own: what `importedRedux` is cannot be told here
    assert _touched("export const redux") == ([("redux", True)], ())


PAGE = """# devtools

```ts
import { devtools } from 'zustand/middleware'

const useStore = create(devtools((set) => ({ bears: 0 })))
```
"""


def test_a_change_inside_the_implementation_lists_the_page_calling_the_public_name(
        tmp_path: Path) -> None:
    """zustand ``b4177b31`` added ``devtools.cleanup`` inside ``devtoolsImpl`` and edited
    ``docs/middlewares/devtools.md``; ``670b60e1`` changed its body, and edited the page too."""
    head = MIDDLEWARE.replace("const recorded = fn + 1", "const recorded = fn + 2")
    repo = pr_repo(tmp_path, {"src/middleware/devtools.ts": MIDDLEWARE,
                              "docs/middlewares/devtools.md": PAGE},
                   {"src/middleware/devtools.ts": head})
    assert rows(run_json(repo, "main")) == {"docs/middlewares/devtools.md": ["devtools"]}
