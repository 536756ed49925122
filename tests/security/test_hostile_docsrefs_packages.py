"""Attack: stall the docs-refs job with a PR's package manifests and sources. A package's root
entry is now the first *source* file among the many its manifest may declare, each walked
down its ``export * from`` chain: thousands of packages pointing into one long chain, each
trying every entry, parsed its files again for each (thousands of packages times hundreds of
files of thousands of exports: minutes), and an ``exports`` map may be as wide or as deep as
the manifest's bytes allow. Files are now parsed once per run, a manifest gives at most
``_MAX_DECLARED`` paths from at most ``_MAX_CONDITION_NODES`` of its values, and a chain spans
at most ``_MAX_FILES``. And a suggestion now looks the missing name up among what the package
defines: thousands of modules defining one name, asked by thousands of references, is one
lookup each, not a walk over the modules."""

from __future__ import annotations

import json
from pathlib import Path

from govern.docsrefs.check import check_references
from govern.docsrefs.model import Reference, RefKind, Status
from govern.docsrefs.python_table import paths_of
from govern.docsrefs.ts_table import build_ts_table
from tests.gitrepo import make_repo
from tests.security.pr import within
from tests.test_docs_refs import run, tables

PACKAGES = 250
"""Packages pointing into the chain. Parsing it from one entry takes about a second here, so
parsing it again per package would take some four minutes (an estimate; the reads counted
catch a file parsed twice whatever the count)."""
CHAIN = 150
EXPORTS = 400
"""Names each file of the shared chain exports: parsing them again per package took minutes
(1,000 packages)."""


def _shared_chain() -> dict[str, str]:
    files = {f"shared/m{i}.ts": f"export * from './m{i + 1}'\n" + "".join(
        f"export const name_{i}_{j} = {j}\n" for j in range(EXPORTS)) for i in range(CHAIN)}
    files[f"shared/m{CHAIN}.ts"] = "export const last = 1\n"
    return files


def test_packages_sharing_a_long_export_chain_parse_it_once() -> None:
    files = _shared_chain()
    for p in range(PACKAGES):
        # every entry a manifest declares points into the chain, the packages at 20 places
        files[f"packages/p{p}/package.json"] = json.dumps({
            "name": f"@x/p{p}", "source": f"../../shared/m{p % 20}.ts",
            "exports": {".": {"import": [f"../../shared/m{i}.ts" for i in range(20)]}}})
    reads: list[str] = []

    def read(path: str) -> bytes | None:
        reads.append(path)
        return files[path].encode() if path in files else None

    manifests = {path: text for path, text in files.items() if path.endswith("package.json")}
    table = within(lambda: build_ts_table(manifests, read, paths_of(files)))
    assert len(reads) == len(set(reads))  # each file read and parsed once
    assert table.resolve("@x/p7:last").status is Status.RESOLVED
    assert table.resolve("@x/p7:name_7_9").status is Status.RESOLVED
    assert table.resolve("@x/p7:name_3_9").status is Status.MISSING  # before its entry
    assert table.resolve("@x/p7:gone").status is Status.MISSING


def test_a_wide_and_deep_exports_map_is_read_in_bounded_time() -> None:
    deep: object = "./src/index.ts"
    for _ in range(900):  # as deep as JSON nesting is parsed
        deep = {"import": deep, "default": "./src/other.ts"}
    wide = {".": {"import": [f"./src/f{i}.ts" for i in range(200_000)]}}
    files = {"packages/deep/package.json": json.dumps({"name": "@x/deep", "exports": deep}),
             "packages/deep/src/other.ts": "export const other = 1\n",
             "packages/wide/package.json": json.dumps({"name": "@x/wide", "exports": wide}),
             "packages/wide/src/index.ts": "export const conventional = 1\n"}
    manifests = {path: text for path, text in files.items() if path.endswith("package.json")}
    table = within(lambda: build_ts_table(
        manifests, lambda p: files[p].encode() if p in files else None, paths_of(files)))
    assert table.resolve("@x/deep:other").status is Status.RESOLVED
    assert table.resolve("@x/deep:gone").status is Status.MISSING
    # none of the 200,000 paths exists: the conventional entry is read, and judged
    assert table.resolve("@x/wide:conventional").status is Status.RESOLVED
    assert table.resolve("@x/wide:gone").status is Status.MISSING


def test_a_name_many_modules_define_is_suggested_in_linear_time() -> None:
    modules = {f"src/pkg/m{i}.py": "class Gone:\n    pass\n" for i in range(3_000)}
    code = tables({"src/pkg/__init__.py": "", "src/pkg/only.py": "class Unique:\n    pass\n",
                   **modules})
    references = [Reference("docs/a.rst", i + 1, 1, RefKind.ROLE, name, ("pkg",))
                  for i, name in enumerate(["Gone"] * 3_000 + ["Unique"])]
    checked = within(lambda: check_references(references, code))
    assert checked.tally.missing == 3_001  # every one is still reported
    assert checked.findings[0].suggestion != "pkg.m0.Gone"  # defined 3,000 times: not told
    assert checked.findings[-1].suggestion == "pkg.only.Unique"


def test_classes_named_alike_are_asked_a_bounded_number_of_times() -> None:
    """Thousands of classes ending with ``Client`` and as many findings naming ``Client``'s
    missing members, each a member one of them has: every suggestion asked every class."""
    count = 3_000
    classes = "".join(f"class C{i}Client(Client):\n    def m{i}(self):\n        pass\n\n"
                      for i in range(count))
    code = tables({"src/pkg/__init__.py": "", "src/pkg/base.py": "class Client:\n    pass\n\n",
                   "src/pkg/many.py": "from .base import Client\n\n" + classes})
    references = [Reference("docs/a.md", i + 1, 1, RefKind.CODE, f"Client.m{i}")
                  for i in range(count)]
    checked = within(lambda: check_references(references, code))
    assert checked.tally.missing == count  # every one is still reported
    assert checked.findings[0].suggestion == "C0Client.m0"  # among the first classes asked
    assert checked.findings[-1].suggestion != f"C{count - 1}Client.m{count - 1}"


def test_why_a_package_is_unresolvable_is_rendered_inert(tmp_path: Path) -> None:
    """The summary's line for a package quotes the repository's file names, which a PR
    chooses: one with a newline must not start a workflow command line of its own."""
    entry = "x\n::error::pwned.d.ts"
    repo = make_repo(tmp_path / "repo", {
        "package.json": json.dumps({"name": "evil", "types": entry}),
        entry: "declare const x: number\nexport = x\n",
        "docs/a.md": "# A\n\n```ts\nimport { x } from 'evil'\n```\n"})
    code, _, err = run(repo, "--all")
    assert code == 0
    assert err.splitlines()[1] == ("govern check docs-refs: evil: `x\\n::error::pwned.d.ts` "
                                   "declares `export =`, so what it exports cannot be read: "
                                   "imports from it are unresolvable")
    assert not any(line.startswith("::") for line in err.splitlines())


def test_a_manifest_s_fields_of_any_shape_link_nothing() -> None:
    """A name, dependency map or spec that is no string is no link to a package (a list as
    a name is not even hashable)."""
    files = {"packages/core/package.json": json.dumps({"name": "core", "version": "1.0.0",
                                                       "exports": {".": "./src/index.ts"}}),
             "packages/core/src/index.ts": "export const fromCore = 1\n",
             "packages/app/package.json": json.dumps({
                 "name": ["app"], "version": {"x": 1}, "dependencies": {"core": ["1.0.0"]},
                 "peerDependencies": ["core"], "devDependencies": {"core": "workspace:*"},
                 "exports": {".": "./src/index.ts"}}),
             "packages/app/src/index.ts": "export * from 'core'\n",
             "packages/other/package.json": json.dumps({
                 "name": "other", "dependencies": {"core": {"version": "1.0.0"}},
                 "exports": {".": "./src/index.ts"}}),
             "packages/other/src/index.ts": "export * from 'core'\n"}
    manifests = {path: text for path, text in files.items() if path.endswith("package.json")}
    table = build_ts_table(manifests, lambda p: files[p].encode() if p in files else None,
                           paths_of(files))
    # ``other``'s dependency is no spec: `core` is not read through it
    assert table.resolve("other:fromCore").status is Status.UNRESOLVABLE
