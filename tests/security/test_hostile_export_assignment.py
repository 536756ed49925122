"""Attack: stall the docs-drift job with a declaration file whose namespaces name each other
in a long chain. What ``export =`` assigns makes public each top-level namespace it reaches
through qualified names (commander's ``declare namespace local``, named as ``local.Command``
by the namespace the exported const's type names; docs/concepts/anchoring-rules.md). A reader
that walked the file again each time it reached one more namespace would walk 20,000
namespaces 20,000 times; each top-level statement is walked once, when first reached."""

from __future__ import annotations

from govern.drift.anchors.typescript import extract_typescript
from tests.security.pr import within

CHAIN = 20_000


def test_a_chain_of_namespaces_is_walked_once() -> None:
    # n0 names n1, which names n2, …: the last is reached only through all the others
    source = "".join(f"declare namespace n{i} {{\n  type T = n{i + 1}.T\n  interface I{i} {{\n"
                     f"    run(): void\n  }}\n}}\n" for i in range(CHAIN))
    source += (f"declare namespace n{CHAIN} {{\n  interface Last {{\n    run(): void\n  }}\n}}\n"
               "declare namespace loose {\n  interface Loose {\n    run(): void\n  }\n}\n"
               "declare const root: n0.T\nexport = root\n")
    last = 6 * CHAIN + 3  # ``run`` of the last namespace's interface
    result = within(lambda: extract_typescript(source.encode(), frozenset({last, last + 5}),
                                               "typescript", declaration_file=True))
    assert [d.key for d in result.touched] == ["Last.run"]
    assert list(result.passed_over) == ["unexported `loose`"]
