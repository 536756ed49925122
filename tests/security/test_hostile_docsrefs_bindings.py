"""Attack: stall or crash the docs-refs job with the shape of a PR's JavaScript package, through
the members of a binding a page imports (``ax.get`` after ``import ax from "ax"``). Looking a
binding up follows ``export *``, re-exports, imports and the types an interface extends: a
ladder of files each re-exporting all of the next two would be walked once per path (2^24 at
24 rungs), and files or types that lead back to each other would go round forever. Each
(file, binding) is looked up once, a trail leading back finds nothing new, and a trail longer
than 64 files or types is unknowable: never a finding."""

from __future__ import annotations

import json

from govern.docsrefs.model import Status
from tests.security.pr import within
from tests.test_docs_refs import statuses

DEPTH = 24
MANIFEST = {"package.json": json.dumps({"name": "ax", "main": "src/index.ts"})}
PAGE = "```js\nimport { z } from 'ax';\nz.string(); z.strin();\n```\n"


def _ladder() -> dict[str, str]:
    files = {f"src/{side}{rung}.ts": f"export * from './r{rung + 1}';\n"
                                      f"export * from './s{rung + 1}';\n"
             for rung in range(DEPTH) for side in "rs"}
    files[f"src/s{DEPTH}.ts"] = "export function another() {}\n"
    files[f"src/r{DEPTH}.ts"] = "export function other() {}\n"
    return files


def test_a_ladder_of_star_exports_is_walked_once_per_file() -> None:
    files = {**MANIFEST, **_ladder(), "src/index.ts": "export * from './r0';\n"
             "import * as z from './schemas';\nexport { z };\n",
             "src/schemas.ts": "export function string() {}\n"}
    found = within(lambda: statuses("docs/a.md", PAGE, files))
    assert found == [("ax:z", Status.RESOLVED), ("ax:z.string", Status.RESOLVED),
                     ("ax:z.strin", Status.MISSING)]
    # the binding itself at the ladder's foot: every rung read once, and none holds `z`
    files["src/index.ts"] = "export * from './r0';\nexport { z } from './r0';\n"
    assert within(lambda: statuses("docs/a.md", PAGE, files))[1:] == [
        ("ax:z.string", Status.UNRESOLVABLE), ("ax:z.strin", Status.UNRESOLVABLE)]


def test_files_re_exporting_a_binding_from_each_other_are_not_a_crash() -> None:
    files = {**MANIFEST, "src/index.ts": "export { z } from './a';\n",
             "src/a.ts": "export { z } from './b';\n", "src/b.ts": "export { z } from './a';\n"}
    assert within(lambda: statuses("docs/a.md", PAGE, files))[1:] == [
        ("ax:z.string", Status.UNRESOLVABLE), ("ax:z.strin", Status.UNRESOLVABLE)]


def test_types_extending_each_other_hold_what_each_declares() -> None:
    files = {**MANIFEST, "src/index.ts": (
        "interface A extends B { string(): void }\ninterface B extends A { object(): void }\n"
        "declare const z: A;\nexport { z };\n")}
    text = PAGE.replace("z.string();", "z.string(); z.object();")
    assert within(lambda: statuses("docs/a.md", text, files))[1:] == [
        ("ax:z.string", Status.RESOLVED), ("ax:z.object", Status.RESOLVED),
        ("ax:z.strin", Status.MISSING)]


def test_a_trail_longer_than_the_bound_is_unknowable() -> None:
    chain = {f"src/c{n}.ts": f"export {{ z }} from './c{n + 1}';\n" for n in range(100)}
    files = {**MANIFEST, **chain, "src/index.ts": "export { z } from './c0';\n",
             "src/c100.ts": "declare const z: { string(): void };\nexport { z };\n"}
    assert within(lambda: statuses("docs/a.md", PAGE, files))[1:] == [
        ("ax:z.string", Status.UNRESOLVABLE), ("ax:z.strin", Status.UNRESOLVABLE)]


def test_an_intersection_thousands_deep_is_read_without_recursion() -> None:
    """``A & A & … & B``, 20,000 parts: the parser nests each ``&`` in the one before, and
    reading the nest by recursion would overflow the stack (exit 3)."""
    parts = " & ".join(["A"] * 20_000 + ["B"])
    files = {**MANIFEST, "src/index.ts": (
        f"interface A {{ string(): void }}\ninterface B {{ object(): void }}\ntype T = {parts};\n"
        "declare const z: T;\nexport { z };\n")}
    text = PAGE.replace("z.string();", "z.string(); z.object();")
    assert within(lambda: statuses("docs/a.md", text, files))[1:] == [
        ("ax:z.string", Status.RESOLVED), ("ax:z.object", Status.RESOLVED),
        ("ax:z.strin", Status.MISSING)]
