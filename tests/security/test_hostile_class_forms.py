"""Attack: stall the docs-drift job with the class forms the extractor reads as classes
(docs/concepts/anchoring-rules.md#what-anchors). The class an immediately called function
returns is read from that function's own top-level statements only, each once: an IIFE nested
thousands deep in the one a const holds, or a body of thousands of classes and returns, is not
walked again per class or per level. A key a TS utility type selects (``Pick<T, "a" | …>``) is
told from its parent and grandparent, carried down the walk: a union of 20,000 keys, or a
``Pick`` of thousands of arguments, is not climbed per string."""

from __future__ import annotations

from govern.drift.anchors.typescript import extract_typescript
from tests.security.pr import within

DEPTH = 5_000
COUNT = 20_000


def _everything(source: str) -> frozenset[int]:
    return frozenset(range(1, source.count("\n") + 2))


def test_an_iife_nested_thousands_deep_is_read_once() -> None:
    inner = "class Deep {\n  run() {\n    return 1;\n  }\n}\nreturn Deep;\n"
    source = ("export const app = (() => {\nreturn (() => {\n" * DEPTH + inner
              + "})();\n})();\n" * DEPTH)
    result = within(lambda: extract_typescript(source.encode(), _everything(source),
                                               "typescript"))
    # a class a nested function returns is no class of the const's
    assert "app.run" not in result.declared and "app" in result.declared


def test_an_iife_of_thousands_of_classes_and_returns_is_read_once() -> None:
    classes = "".join(f"  class C{i} {{\n    m{i}() {{\n      return {i};\n    }}\n  }}\n"
                      for i in range(COUNT // 4))
    returns = "  if (ready) {\n    return C0;\n  }\n" * (COUNT // 4)
    source = f"export const app = (() => {{\n{classes}  return C1;\n{returns}}})();\n"
    result = within(lambda: extract_typescript(source.encode(), _everything(source),
                                               "typescript"))
    assert "app.m1" in result.declared and "app.m0" not in result.declared


def test_a_pick_of_thousands_of_keys_is_read_in_one_walk() -> None:
    keys = " | ".join(f'"pickedKey{i}"' for i in range(COUNT))
    arguments = ", ".join(f'"otherKey{i}"' for i in range(COUNT // 4))
    source = (f"export type Picked = Pick<Options, {keys}>;\n"
              f"export type Many = Omit<Options, {arguments}>;\n"
              'export type Mode = "strictMode" | "looseMode";\n')
    result = within(lambda: extract_typescript(source.encode(), _everything(source),
                                               "typescript"))
    assert set(result.literals) == {"strictMode", "looseMode"}
