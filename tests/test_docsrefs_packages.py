"""``govern check docs-refs`` on the imports a page writes from the repository's own
JavaScript/TypeScript packages, when the manifest's entry is not source: a CommonJS shim that
requires the build (vue's ``"main": "index.js"``), a ``dist/`` path, a committed build. The
package is read from its source entry; with none, its imports are unresolvable, never a
finding (trial 2, defect 1)."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from govern.docsrefs.model import Resolution, Status
from govern.docsrefs.python_table import paths_of
from govern.docsrefs.ts_table import build_ts_table
from govern.drift.anchors.ts_exports import parse_exports
from tests.gitrepo import make_repo
from tests.test_docs_refs import passes_then_fails, run

SHIM = ("'use strict'\nif (process.env.NODE_ENV === 'production') {\n"
        "  module.exports = require('./dist/foo.cjs.prod.js')\n} else {\n"
        "  module.exports = require('./dist/foo.cjs.js')\n}\n")
SOURCE = "export const createApp = (x: number) => x\nexport function h() {}\n"


SCHEMA = Path(__file__).resolve().parent.parent / "schemas" / "docs-refs.schema.json"


def page(*names: str) -> str:
    return "# foo\n\n```js\n" + "".join(
        f'import {{ {name} }} from "@x/foo"\n' for name in names) + "```\n"


def manifest(**fields: object) -> str:
    return json.dumps({"name": "@x/foo", "version": "1.0.0", **fields})


@pytest.mark.parametrize("shim", [
    {"packages/foo/package.json": manifest(main="index.js", types="dist/foo.d.ts"),
     "packages/foo/index.js": SHIM},
    # an ES module re-exporting the CommonJS shim is no more source than the shim
    {"packages/foo/package.json": manifest(
        main="index.js", exports={".": {"import": {"node": "./index.mjs"},
                                        "require": "./index.js"}}),
     "packages/foo/index.js": SHIM, "packages/foo/index.mjs": "export * from './index.js'\n"},
])
def test_a_commonjs_shim_entry_is_read_from_the_source_entry(
        tmp_path: Path, shim: dict[str, str]) -> None:
    repo = make_repo(tmp_path / "repo", {**shim, "packages/foo/src/index.ts": SOURCE,
                                         "docs/usage.md": page("createApp", "h")})
    code, out, err = run(repo, "--all")
    assert (code, out) == (0, "")
    assert "2 resolved, 0 name nothing" in err
    repo.commit({"docs/usage.md": page("createApp", "createAp")})
    code, out, _ = run(repo, "--all")
    assert code == 1
    assert out == "docs/usage.md:5:10: `@x/foo:createAp` names nothing: @x/foo has no `createAp`" \
                  " (did you mean `createApp`?)\n"


def test_a_package_without_a_source_entry_is_unresolvable(tmp_path: Path) -> None:
    """The shim requires a build the repository does not hold, and no conventional source
    entry exists: what the package exports cannot be known. A ``source`` field names it."""
    files = {"packages/foo/package.json": manifest(main="index.js"),
             "packages/foo/index.js": SHIM, "packages/foo/source/main.ts": SOURCE,
             "docs/usage.md": page("createApp", "createAp")}
    repo = make_repo(tmp_path / "repo", files)
    code, out, err = run(repo, "--all")
    assert (code, out) == (0, "")
    assert "0 name nothing, 0 out of scope (not this repository's code), 2 unresolvable" in err
    repo.commit({"packages/foo/package.json": manifest(main="index.js",
                                                       source="source/main.ts")})
    code, out, _ = run(repo, "--all")
    assert code == 1
    assert out == "docs/usage.md:5:10: `@x/foo:createAp` names nothing: @x/foo has no `createAp`" \
                  " (did you mean `createApp`?)\n"


def test_a_committed_build_is_not_read_for_the_source(tmp_path: Path) -> None:
    """``dist/`` is build output even when committed: a stale ``dist/index.d.ts`` listing an
    old name neither hides the finding nor fails the new name."""
    files = {"packages/foo/package.json": manifest(
                 exports={".": {"types": "./dist/index.d.ts", "import": "./dist/index.mjs"}}),
             "packages/foo/dist/index.d.ts": "export declare const oldName: number;\n",
             "packages/foo/src/index.ts": "export const newName = 1\n",
             "docs/usage.md": page("newName", "oldName")}
    code, out, _ = run(make_repo(tmp_path / "repo", files), "--all")
    assert code == 1
    assert out.startswith("docs/usage.md:5:10: `@x/foo:oldName` names nothing")
    assert "newName` names nothing" not in out


def test_an_open_package_resolves_what_it_lists(tmp_path: Path) -> None:
    """``export *`` from another package makes the rest unknowable, not what the package's own
    chain lists, however the re-exports are ordered."""
    files = {"packages/foo/package.json": manifest(main="dist/index.js"),
             "packages/foo/src/index.ts": ("export * from '@x/core'\nexport * from './local'\n"
                                           "export const createApp = 1\n"),
             "packages/foo/src/local.ts": "export const nodeOps = {}\n",
             "docs/usage.md": page("createApp", "nodeOps", "fromCore")}
    code, out, err = run(make_repo(tmp_path / "repo", files), "--all")
    assert (code, out) == (0, "")
    assert "2 resolved, 0 name nothing, 0 out of scope (not this repository's code), " \
           "1 unresolvable" in err
    closed = {**files, "packages/foo/src/index.ts": "export * from './local'\n"
                                                    "export const createApp = 1\n"}
    code, out, _ = run(make_repo(tmp_path / "closed", closed), "--all")
    assert code == 1 and "`@x/foo:fromCore` names nothing" in out


# -- why a package's imports are unresolvable, once per package (trial 3, defect 4) ----------

MERGED = ("import { FastifyReply } from './types/reply'\n"
          "declare namespace fastify {\n  export interface FastifyInstance {}\n"
          "  export type { FastifyReply }\n}\ndeclare function fastify(): void\nexport = fastify\n")


def test_a_namespace_merged_with_export_assignment_is_what_the_module_exports(
        tmp_path: Path) -> None:
    """fastify's shape, DefinitelyTyped's: ``main`` a CommonJS file, ``types`` a declaration
    file whose ``declare namespace fastify { … }`` merges with the ``fastify`` it assigns to
    ``export =``: the namespace's exports are the module's (trial 6: 0 of fastify's 319
    references resolved before, 35 after, no new finding)."""
    files = {"package.json": json.dumps({"name": "fastify", "main": "fastify.js",
                                         "types": "fastify.d.ts"}),
             "fastify.js": "module.exports = function fastify () {}\n",
             "fastify.d.ts": MERGED,
             "types/reply.d.ts": "export interface FastifyReply {\n  code(n: number): void\n}\n",
             "docs/a.md": "# A\n\n```ts\nimport fastify, { FastifyInstance, FastifyReply } "
                          "from 'fastify'\n```\n"}
    code, out, err = run(make_repo(tmp_path / "repo", files), "--all")
    assert (code, out) == (0, "")
    assert "3 resolved, 0 name nothing" in err
    files["docs/a.md"] = "# A\n\n```ts\nimport { FastifyInstance, Nope } from 'fastify'\n```\n"
    code, out, _ = run(make_repo(tmp_path / "nope", files), "--all")
    assert code == 1 and "`fastify:Nope` names nothing" in out


@pytest.mark.parametrize(("typings", "names"), [
    # an ambient namespace's members are exported without the keyword, and blocks merge
    ("declare function f(): void\ndeclare namespace f { export function a(): void }\n"
     "declare namespace f { function b(): void; interface C {} }\nexport = f\n",
     {"a", "b", "C", "default"}),
    # a UMD global is no module export, nor a default
    ("export as namespace MyLib;\nexport function foo(): void;\n"
     "declare namespace MyLib { export function secret(): void; }\n", {"foo"}),
])
def test_what_a_merged_namespace_exports(typings: str, names: set[str]) -> None:
    assert set(parse_exports(typings.encode(), "index.d.ts").names) == names


def test_the_summary_says_why_a_packages_imports_are_unresolvable(tmp_path: Path) -> None:
    """``main`` a CommonJS file, ``types`` a declaration file that says ``export =`` of a
    value no namespace of the file merges with. Its imports cannot be judged, and the summary
    says why, once, only while a page imports from it."""
    files = {"package.json": json.dumps({"name": "fastify", "main": "fastify.js",
                                         "types": "fastify.d.ts"}),
             "fastify.js": "module.exports = function fastify () {}\n",
             "fastify.d.ts": ("declare const fastify: {\n  FastifyInstance: object\n}\n"
                              "export = fastify\n"),
             "docs/a.md": "# A\n\n```ts\nimport { FastifyInstance, Nope } from 'fastify'\n```\n",
             "docs/b.md": "# B\n\n```ts\nimport { FastifyInstance } from 'fastify'\n```\n"}
    repo = make_repo(tmp_path / "repo", files)
    code, out, err = run(repo, "--all")
    assert (code, out) == (0, "")
    assert err.splitlines()[1:] == [
        "govern check docs-refs: fastify: `fastify.d.ts` declares `export =`, so what it "
        "exports cannot be read: imports from it are unresolvable"]
    # and a script reading --json gets the same reason, in output the schema accepts
    data = json.loads(run(repo, "--all", "--json")[1])
    jsonschema.validate(data, json.loads(SCHEMA.read_text()))
    assert data["summary"]["unresolvable_reasons"] == [
        "fastify: `fastify.d.ts` declares `export =`, so what it exports cannot be read: "
        "imports from it are unresolvable"]
    # no types: the CommonJS entry is what the manifest leads to
    repo.commit({"package.json": json.dumps({"name": "fastify", "main": "fastify.js"})})
    assert run(repo, "--all")[2].splitlines()[1:] == [
        "govern check docs-refs: fastify: its entry `fastify.js` is CommonJS, so what it "
        "exports cannot be read: imports from it are unresolvable"]
    # no page imports from it: nothing to say
    repo.commit({"docs/a.md": "# A\n", "docs/b.md": "# B\n"})
    assert len(run(repo, "--all")[2].splitlines()) == 1
    assert "unresolvable_reasons" not in json.loads(run(repo, "--all", "--json")[1])["summary"]


def test_a_package_whose_imports_resolve_needs_no_word(tmp_path: Path) -> None:
    files = {"packages/foo/package.json": manifest(main="dist/index.js"),
             "packages/foo/src/index.ts": "export * from '@x/core'\nexport const createApp = 1\n",
             "docs/usage.md": page("createApp")}
    repo = make_repo(tmp_path / "repo", files)
    code, _, err = run(repo, "--all")
    assert code == 0 and len(err.splitlines()) == 1
    # a name its own chain does not list: unresolvable, and why
    repo.commit({"docs/usage.md": page("createApp", "fromCore")})
    assert run(repo, "--all")[2].splitlines()[1:] == [
        "govern check docs-refs: @x/foo: `packages/foo/src/index.ts` re-exports all of "
        "`@x/core`, which is not read: imports of names it does not list itself are "
        "unresolvable"]


# -- subpath imports (trial 3, defect 5) ---------------------------------------------------

SUBPATHS = {
    "packages/foo/package.json": manifest(exports={
        ".": {"types": "./dist/index.d.ts", "import": "./dist/index.mjs"},
        "./sub": {"types": "./dist/sub.d.ts", "import": "./dist/sub.mjs"},
        # zod's shape: the build lands beside package.json, the source is under src/
        "./v4/core": {"types": "./v4/core/index.d.cts", "import": "./v4/core/index.js"},
        "./locales/*": "./dist/locales/*.js", "./internal": None}),
    "packages/foo/src/index.ts": SOURCE,
    "packages/foo/src/sub.ts": "export const subThing = 1\n",
    "packages/foo/src/v4/core/index.ts": "export * from './api'\n",
    "packages/foo/src/v4/core/api.ts": "export class $ZodType {}\n",
    "packages/foo/src/locales/en.ts": "export const en = {}\n",
    "packages/foo/src/internal.ts": "export const secret = 1\n",
}


def imports(*lines: str) -> str:
    return "# foo\n\n```ts\n" + "".join(f"{line}\n" for line in lines) + "```\n"


def test_a_subpath_import_resolves_against_its_exports_entry(tmp_path: Path) -> None:
    docs = imports('import { subThing } from "@x/foo/sub"',
                   'import { $ZodType } from "@x/foo/v4/core"', 'import { h } from "@x/foo"')
    repo = make_repo(tmp_path / "repo", {**SUBPATHS, "docs/usage.md": docs})
    code, out, err = run(repo, "--all")
    assert (code, out) == (0, "")
    assert "3 resolved, 0 name nothing" in err
    # a name the subpath does not export, or only the root does, names nothing
    repo.commit({"docs/usage.md": imports(
        'import { subThin } from "@x/foo/sub"', 'import { $ZodNope } from "@x/foo/v4/core"',
        'import { h } from "@x/foo/sub"', 'import { subThing } from "@x/foo"')})
    code, out, _ = run(repo, "--all")
    assert code == 1
    assert out.splitlines() == [
        "docs/usage.md:4:10: `@x/foo/sub:subThin` names nothing: @x/foo/sub has no `subThin` "
        "(did you mean `subThing`?)",
        "docs/usage.md:5:10: `@x/foo/v4/core:$ZodNope` names nothing: @x/foo/v4/core has no "
        "`$ZodNope` (did you mean `$ZodType`?)",
        "docs/usage.md:6:10: `@x/foo/sub:h` names nothing: @x/foo/sub has no `h`",
        "docs/usage.md:7:10: `@x/foo:subThing` names nothing: @x/foo has no `subThing`"]


def test_a_subpath_the_exports_map_does_not_spell_out_is_unresolvable(tmp_path: Path) -> None:
    """A pattern (``"./locales/*"``) leading to no file the repository holds, a subpath the
    map does not list, which cannot be imported, and any subpath of a package without a map of
    subpaths: which file it is is not read, never a finding, and the summary says why."""
    docs = imports('import { en, fr } from "@x/foo/locales/xx"',
                   'import { gone } from "@x/foo/nope"', 'import { other } from "@x/bar/sub"',
                   'import { secret } from "@x/foo/internal"')
    bar = {"packages/bar/package.json": json.dumps({"name": "@x/bar", "main": "src/index.ts"}),
           "packages/bar/src/index.ts": "export const bar = 1\n",
           "packages/bar/src/sub.ts": "export const sub = 1\n"}
    code, out, err = run(make_repo(tmp_path / "repo", {**SUBPATHS, **bar, "docs/usage.md": docs}),
                         "--all")
    assert (code, out) == (0, "")
    assert "0 name nothing, 0 out of scope (not this repository's code), 5 unresolvable" in err
    assert err.splitlines()[1:] == [
        "govern check docs-refs: @x/foo/locales/xx: @x/foo's `exports` map names "
        "`./locales/xx` by the pattern `./locales/*`, which leads to no file the repository "
        "holds: imports from it are unresolvable",
        "govern check docs-refs: @x/foo/nope: @x/foo's `exports` map does not list `./nope`: "
        "imports from it are unresolvable",
        "govern check docs-refs: @x/bar/sub: @x/bar has no `exports` map of subpaths, so which "
        "file the subpath is cannot be read: imports from it are unresolvable",
        # ``null`` withholds a subpath: its source file (src/internal.ts) is not read
        "govern check docs-refs: @x/foo/internal: @x/foo's `exports` map does not list "
        "`./internal`: imports from it are unresolvable"]
    # another repository's package and its subpaths stay out of scope
    code, _, err = run(make_repo(tmp_path / "other", {**bar, "docs/usage.md": imports(
        'import { x } from "@y/foo/sub"', 'import { y } from "foo/sub"')}), "--all")
    assert code == 0 and "2 out of scope" in err and len(err.splitlines()) == 1


def test_a_declaration_file_s_bodiless_exports_are_exports(tmp_path: Path) -> None:
    """A package whose types are a `.d.ts`: a function's signature (each overload) and an
    ambient `export declare …` export their names, as TanStack's `useQuery` did."""
    files = {"package.json": json.dumps({"name": "mylib", "main": "index.js",
                                         "types": "types/index.d.ts"}),
             "types/index.d.ts": ("export type Options = { a: number }\n"
                                  "export function useThing(): number\n"
                                  "export function useThing(a: number): number\n"
                                  "export declare function declared(): void\n"
                                  "export declare const value: number\n"
                                  "export declare class Keeper {}\n"
                                  "export declare namespace Tools { const x: number }\n"),
             "docs/guide.md": ("```js\nimport { useThing, declared, value, Keeper, Tools, "
                               "Options } from 'mylib'\n```\n")}
    passes_then_fails(make_repo(tmp_path / "repo", files), "docs/guide.md",
                      "```js\nimport { useThings } from 'mylib'\n```\n",
                      "`mylib:useThings` names nothing")


def test_an_entry_that_does_not_parse_hides_what_it_cannot_read(tmp_path: Path) -> None:
    """immer's `IProduce` overloads are TypeScript newer than the grammar: what follows the
    error is not read, so a name not found is unresolvable, never a finding."""
    files = {"package.json": json.dumps({"name": "pkg", "types": "./src/index.d.ts"}),
             "src/index.d.ts": ("export interface IProduce {\n  <T>(base: T): T\n"
                                "  <D = any, B = D, R extends any[] = [], X = void>(b: B): X\n}\n"
                                "export const produce: IProduce\n"
                                "export function isDraft(value: any): boolean\n"),
             "docs/api.md": "```js\nimport { IProduce, produce, isDraft } from 'pkg'\n```\n"}
    code, out, err = run(make_repo(tmp_path / "broken", files), "--all")
    assert (code, out) == (0, "")
    assert "`src/index.d.ts` does not parse cleanly" in err
    # a file that parses: a name it lacks is a finding
    files["src/index.d.ts"] = "export interface IProduce {}\nexport const produce: IProduce\n"
    code, out, _ = run(make_repo(tmp_path / "clean", files), "--all")
    assert code == 1 and "`pkg:isDraft` names nothing" in out


def test_a_build_path_s_guessed_source_is_read_with_the_conventional_entry(
        tmp_path: Path) -> None:
    """immer's `main` is `dist/immer.js`, read as `src/immer.js`, a module of its own; the
    build starts at `src/index.js`, which exports the names pages import."""
    files = {"package.json": json.dumps({"name": "immer", "main": "dist/immer.js"}),
             "src/immer.js": "export class Immer {}\n",
             "src/index.js": "export function produce() {}\nexport { isDraft } from './common'\n",
             "src/common.js": "export function isDraft() {}\n",
             "docs/api.md": "```js\nimport { produce, isDraft, Immer } from 'immer'\n```\n"}
    passes_then_fails(make_repo(tmp_path / "repo", files), "docs/api.md",
                      "```js\nimport { produceAll } from 'immer'\n```\n",
                      "`immer:produceAll` names nothing")


# -- trial 18: got's layout, `./*` patterns, a package's own subpath re-exported -----------------

GOT = {"package.json": json.dumps({"name": "got", "type": "module", "exports": {
           "types": "./dist/source/index.d.ts", "default": "./dist/source/index.js"}}),
       "source/index.ts": "export * from './core/options.js'\nexport const got = 1\n",
       "source/core/options.ts": "export class Options {}\n",
       "docs/api.md": "```js\nimport { got, Options } from 'got'\n```\n"}


def test_a_build_path_s_source_is_the_same_path_without_the_build_folder(
        tmp_path: Path) -> None:
    """got's build is `dist/source/index.js`, compiled from `source/index.ts` (no `src/`):
    the compiler's output folder mirrors its sources."""
    passes_then_fails(make_repo(tmp_path / "repo", GOT), "docs/api.md",
                      "```js\nimport { Optins } from 'got'\n```\n", "`got:Optins` names nothing")


KY = {"package.json": json.dumps({"name": "ky", "type": "module", "exports": {
          "types": "./distribution/index.d.ts", "default": "./distribution/index.js"}}),
      "source/index.ts": "export class HTTPError {}\nexport const ky = 1\n",
      "docs/api.md": "```js\nimport { ky, HTTPError } from 'ky'\n```\n"}


def test_a_build_path_s_source_is_under_source_for_a_distribution_folder(
        tmp_path: Path) -> None:
    """ky builds `distribution/index.js` from `source/index.ts` (its `rootDir`): read from
    there, 0 of its readme's 168 references had resolved."""
    passes_then_fails(make_repo(tmp_path / "repo", KY), "docs/api.md",
                      "```js\nimport { HTTPErr } from 'ky'\n```\n", "`ky:HTTPErr` names nothing")


@pytest.mark.parametrize("layout", [
    # JavaScript there may be a committed build or a shim: only TypeScript is a build's source
    {"source/index.js": "export const got = 1\n"},
    # nor is a declaration file, which is as much build output as the path it was mapped from
    {"source/index.d.ts": "export declare const got: number\n"},
])
def test_a_build_path_without_its_folder_is_read_only_as_typescript(
        tmp_path: Path, layout: dict[str, str]) -> None:
    files = {**{k: v for k, v in GOT.items() if not k.startswith("source/")}, **layout,
             "docs/api.md": "```js\nimport { got, Options } from 'got'\n```\n"}
    code, out, err = run(make_repo(tmp_path / "repo", files), "--all")
    assert (code, out) == (0, "")
    assert "2 unresolvable" in err and "got: its manifest leads to no file" in err


def test_a_build_path_s_source_under_src_comes_first(tmp_path: Path) -> None:
    """`dist/core/index.js` is `src/core/index.ts` where that exists, never `core/index.ts`."""
    files = {"package.json": json.dumps({"name": "pkg", "main": "dist/core/index.js"}),
             "src/core/index.ts": "export const fromSrc = 1\n",
             "core/index.ts": "export const beside = 1\n",
             "docs/api.md": "```js\nimport { fromSrc } from 'pkg'\n```\n"}
    passes_then_fails(make_repo(tmp_path / "repo", files), "docs/api.md",
                      "```js\nimport { beside } from 'pkg'\n```\n", "`pkg:beside` names nothing")


JOTAI = {"package.json": json.dumps({"name": "jotai", "main": "./index.js", "exports": {
             ".": {"import": {"types": "./esm/index.d.mts"}, "default": "./index.js"},
             "./*": {"react-native": {"types": "./*.d.ts"},
                     "import": {"types": "./esm/*.d.mts", "default": "./esm/*.mjs"},
                     "default": {"types": "./*.d.ts", "default": "./*.js"}},
             "./features/*": {"types": "./dist/features/*/index.d.ts"},
             "./package.json": "./package.json"}}),
         "src/index.ts": "export * from './vanilla'\n",
         "src/vanilla.ts": "export const atom = 1\n",
         "src/vanilla/utils.ts": "export const atomFamily = 1\n",
         "src/features/tabs/index.ts": "export const Tabs = 1\n"}


def test_a_subpath_a_pattern_names_is_read_from_the_pattern_s_file(tmp_path: Path) -> None:
    """jotai's `"./*"`: `*` stands for any part of the subpath, `/` included, in each of the
    pattern's paths, read with the same conditions; the build's source is under `src/`."""
    docs = imports('import { atomFamily } from "jotai/vanilla/utils"',
                   'import { atom } from "jotai/vanilla"',
                   'import { Tabs } from "jotai/features/tabs"')
    passes_then_fails(make_repo(tmp_path / "repo", {**JOTAI, "docs/api.md": docs}), "docs/api.md",
                      imports('import { atomFamly } from "jotai/vanilla/utils"'),
                      "`jotai/vanilla/utils:atomFamly` names nothing: jotai/vanilla/utils has no "
                      "`atomFamly` (did you mean `atomFamily`?)")


def test_node_s_choice_among_an_exports_map_s_keys_is_kept(tmp_path: Path) -> None:
    """An exact key before any pattern, and `null` withholds what it names, whatever a pattern
    would; among patterns, the longest part before the `*`: `"./features/*"` names
    `./features/tabs`, not `"./*"`."""
    manifest = json.loads(JOTAI["package.json"])
    manifest["exports"].update({"./vanilla/utils": None, "./secret/*": None,
                                "./features/*": {"types": "./dist/feats/*.d.ts"}})
    files = {**JOTAI, "package.json": json.dumps(manifest),
             "src/secret/key.ts": "export const key = 1\n",
             "src/feats/tabs.ts": "export const FeatTabs = 1\n",
             "docs/api.md": imports('import { atomFamily } from "jotai/vanilla/utils"',
                                    'import { key } from "jotai/secret/key"',
                                    'import { FeatTabs } from "jotai/features/tabs"')}
    code, out, err = run(make_repo(tmp_path / "repo", files), "--all")
    assert (code, out) == (0, "")
    assert "1 resolved, 0 name nothing" in err and "2 unresolvable" in err
    assert err.splitlines()[1:] == [
        "govern check docs-refs: jotai/vanilla/utils: jotai's `exports` map does not list "
        "`./vanilla/utils`: imports from it are unresolvable",
        "govern check docs-refs: jotai/secret/key: jotai's `exports` map does not list "
        "`./secret/key`: imports from it are unresolvable"]


@pytest.mark.parametrize(("specifier", "why"), [
    # the pattern matches, but no file the repository holds is its source
    ("jotai/vanilla/nothing", "jotai's `exports` map names `./vanilla/nothing` by the pattern "
                              "`./*`, which leads to no file the repository holds"),
    # Node refuses a `*` standing for `..`, `.`, an empty segment or `node_modules`
    ("jotai/../secret", "jotai's `exports` map names `./../secret` by the pattern `./*` with a "
                        "part Node refuses"),
    ("jotai/vanilla//utils", "jotai's `exports` map names `./vanilla//utils` by the pattern "
                             "`./*` with a part Node refuses"),
    ("jotai/Node_Modules/x", "jotai's `exports` map names `./Node_Modules/x` by the pattern "
                             "`./*` with a part Node refuses"),
])
def test_a_pattern_s_subpath_it_cannot_read_is_unresolvable(specifier: str, why: str) -> None:
    files = {**JOTAI, "secret.ts": "export const other = 1\n",
             "src/Node_Modules/x.ts": "export const other = 1\n"}
    table = build_ts_table({"package.json": files["package.json"]},
                           lambda path: files[path].encode() if path in files else None,
                           paths_of(files))
    assert table.resolve(f"{specifier}:other") == Resolution(
        Status.UNRESOLVABLE, why=f"{specifier}: {why}: imports from it are unresolvable")


TOOLKIT = {"packages/toolkit/package.json": json.dumps({"name": "@reduxjs/toolkit", "exports": {
               ".": {"types": "./dist/index.d.ts"}, "./react": {"types": "./dist/react/index.d.ts"},
               "./query": {"types": "./dist/query/index.d.ts"},
               "./query/react": {"types": "./dist/query/react/index.d.ts"}}}),
           "packages/toolkit/src/index.ts": "export const createSlice = 1\n",
           "packages/toolkit/src/react/index.ts": ("export * from '@reduxjs/toolkit'\n"
                                                   "export const useSlice = 1\n"),
           "packages/toolkit/src/query/index.ts": "export * from './core'\n",
           "packages/toolkit/src/query/core.ts": "export const createApi = 1\n",
           "packages/toolkit/src/query/react/index.ts": (
               "export * from '@reduxjs/toolkit/query'\nexport * from '@reduxjs/toolkit/react'\n"
               "export const ApiProvider = 1\n")}


def test_a_package_s_own_subpath_re_exported_by_name_is_read(tmp_path: Path) -> None:
    """redux-toolkit's `query/react` re-exports all of `@reduxjs/toolkit/query`, its own
    package by name, which Node resolves through its own `exports` map: read from there, and
    through `react` the root's names too, each once."""
    docs = imports('import { ApiProvider, createApi, useSlice, createSlice } from '
                   '"@reduxjs/toolkit/query/react"')
    passes_then_fails(make_repo(tmp_path / "repo", {**TOOLKIT, "docs/api.md": docs}),
                      "docs/api.md",
                      imports('import { createApy } from "@reduxjs/toolkit/query/react"'),
                      "`@reduxjs/toolkit/query/react:createApy` names nothing: "
                      "@reduxjs/toolkit/query/react has no `createApy` (did you mean `createApi`?)")


@pytest.mark.parametrize("change", [
    # another package, whose name only starts with this one's
    {"packages/toolkit/src/query/react/index.ts": "export * from '@reduxjs/toolkit-extra'\n",
     "packages/extra/package.json": json.dumps({"name": "@reduxjs/toolkit-extra",
                                                "exports": {".": "./src/index.ts"}}),
     "packages/extra/src/index.ts": "export const extra = 1\n"},
    # Node resolves a package's own name only where its manifest has an `exports` map
    {"packages/toolkit/package.json": json.dumps({"name": "@reduxjs/toolkit",
                                                  "types": "dist/query/react/index.d.ts"})},
    # the file belongs to the package of the nearest manifest above it, which is not this one
    {"packages/toolkit/src/query/react/package.json": json.dumps({"type": "module"})},
    # a subpath of its own the map does not list: the import fails, what it exports is unknown
    {"packages/toolkit/src/query/react/index.ts": "export * from '@reduxjs/toolkit/nope'\n"},
])
def test_a_re_export_by_name_that_is_not_the_package_s_own_subpath_is_not_followed(
        tmp_path: Path, change: dict[str, str]) -> None:
    files = {**TOOLKIT, **change}
    spec = "@reduxjs/toolkit/query/react" if "exports" in files[
        "packages/toolkit/package.json"] else "@reduxjs/toolkit"
    docs = imports(f'import {{ createApi }} from "{spec}"')
    code, out, err = run(make_repo(tmp_path / "repo", {**files, "docs/api.md": docs}), "--all")
    assert (code, out) == (0, "")
    assert "0 resolved, 0 name nothing" in err and "1 unresolvable" in err, err


def test_export_type_star_re_exports_a_module_s_names(tmp_path: Path) -> None:
    """got's entry has `export type * from './types.js'` (TypeScript 5.0), which the grammar
    does not parse: read as `export *`, not as a file that hides what it exports."""
    files = {**GOT, "source/index.ts": GOT["source/index.ts"]
             + "export type * from './types.js'\n  export type * as Hooks from './hooks.js'\n",
             "source/types.ts": "export type Progress = {percent: number}\n",
             "source/hooks.ts": "export type Hook = () => void\n",
             "docs/api.md": "```js\nimport { got, type Progress, Hooks } from 'got'\n```\n"}
    passes_then_fails(make_repo(tmp_path / "repo", files), "docs/api.md",
                      "```js\nimport { Progres } from 'got'\n```\n", "`got:Progres` names nothing")


# -- the repository's other packages, re-exported all of (TanStack Query) -------------------

def _workspace_manifest(name: str, **fields: object) -> str:
    return json.dumps({"name": name, "version": "5.0.0", "main": "build/index.js", **fields})


QUERY = {
    "packages/query-core/package.json": _workspace_manifest("@tanstack/query-core", exports={
        ".": {"types": "./build/index.d.ts", "import": "./build/index.js"},
        "./sub": "./build/sub.js"}),
    "packages/query-core/src/index.ts": ("export { QueryClient } from './queryClient'\n"
                                         "export const hashKey = 1\n"),
    "packages/query-core/src/queryClient.ts": ("export class QueryClient {\n"
                                               "  getQueryData() {}\n}\n"),
    "packages/query-core/src/sub.ts": "export const subThing = 1\n",
    "packages/react-query/package.json": _workspace_manifest(
        "@tanstack/react-query", dependencies={"@tanstack/query-core": "workspace:*"}),
    "packages/react-query/src/index.ts": ("export * from '@tanstack/query-core'\n"
                                          "export * from '@tanstack/query-core/sub'\n"
                                          "export const useQuery = 1\n"),
}


@pytest.mark.parametrize("spec", ["workspace:*", "workspace:^", "5.0.0", "^5.0.0"])
def test_another_package_of_the_repository_re_exported_all_of_is_read(
        tmp_path: Path, spec: str) -> None:
    """TanStack's `@tanstack/react-query` has `export * from '@tanstack/query-core'`, a
    package of the same repository that it depends on: what that package (or a subpath of
    it) exports, react-query exports too, and a name neither has is reported."""
    files = {**QUERY, "packages/react-query/package.json": _workspace_manifest(
        "@tanstack/react-query", peerDependencies={"@tanstack/query-core": spec}),
        "docs/api.md": imports('import { useQuery, QueryClient, hashKey, subThing } from '
                               '"@tanstack/react-query"')}
    passes_then_fails(make_repo(tmp_path / "repo", files), "docs/api.md",
                      imports('import { hashKye } from "@tanstack/react-query"'),
                      "`@tanstack/react-query:hashKye` names nothing: @tanstack/react-query "
                      "has no `hashKye` (did you mean `hashKey`?)")


def test_a_member_is_looked_up_in_the_re_exported_package(tmp_path: Path) -> None:
    """react-query's `queryClient` is query-core's instance of its class: the members a page
    writes after importing it from react-query are read there."""
    files = {**QUERY, "packages/query-core/src/queryClient.ts": (
                 "export class QueryClient {\n  getQueryData() {}\n}\n"
                 "export const queryClient = new QueryClient()\n"),
             "packages/query-core/src/index.ts": "export * from './queryClient'\n",
             "docs/api.md": imports('import { queryClient } from "@tanstack/react-query"',
                                    "queryClient.getQueryData()")}
    passes_then_fails(make_repo(tmp_path / "repo", files), "docs/api.md",
                      imports('import { queryClient } from "@tanstack/react-query"',
                              "queryClient.getQueryDta()"),
                      "`@tanstack/react-query:queryClient.getQueryDta` names nothing: "
                      "@tanstack/react-query:queryClient has no `getQueryDta` (did you mean "
                      "`@tanstack/react-query:queryClient.getQueryData`?)")


def test_the_default_of_a_re_exported_package_is_not_this_one_s(tmp_path: Path) -> None:
    """`export *` carries every name but the default: query-core's default is no default of
    react-query, so the members a page writes after a default import of react-query are not
    looked up in it."""
    files = {**QUERY, "packages/query-core/src/queryClient.ts": (
                 "export class QueryClient {\n  getQueryData() {}\n}\n"
                 "const client = new QueryClient()\nexport default client\n"),
             "packages/query-core/src/index.ts": ("import client from './queryClient'\n"
                                                  "export default client\n"),
             "docs/api.md": imports('import client from "@tanstack/react-query"',
                                    "client.getQueryDta()")}
    code, out, err = run(make_repo(tmp_path / "repo", files), "--all")
    assert (code, out) == (0, "")
    assert "0 name nothing" in err and "2 unresolvable" in err, err
    # query-core's own default is read
    passes_then_fails(make_repo(tmp_path / "core", {**files, "docs/api.md": "# api\n"}),
                      "docs/api.md", imports('import client from "@tanstack/query-core"',
                                             "client.getQueryDta()"),
                      "`@tanstack/query-core:default.getQueryDta` names nothing")


@pytest.mark.parametrize("change", [
    # react-query does not depend on it: which copy Node finds is not the repository's to say
    {"packages/react-query/package.json": _workspace_manifest("@tanstack/react-query")},
    # a range the repository's version does not start: the registry's release may be installed
    {"packages/react-query/package.json": _workspace_manifest(
        "@tanstack/react-query", dependencies={"@tanstack/query-core": "^4.0.0"})},
    # the file belongs to the package of the nearest manifest above it, which depends on none
    {"packages/react-query/src/package.json": json.dumps({"type": "module"})},
    # a package the repository does not hold is not read
    {"packages/react-query/src/index.ts": "export * from '@tanstack/query-kore'\n",
     "packages/react-query/package.json": _workspace_manifest(
         "@tanstack/react-query", dependencies={"@tanstack/query-kore": "workspace:*"})},
])
def test_a_package_re_exported_that_node_may_not_find_in_the_repository_is_not_read(
        tmp_path: Path, change: dict[str, str]) -> None:
    files = {**QUERY, **change,
             "docs/api.md": imports('import { hashKey } from "@tanstack/react-query"')}
    code, out, err = run(make_repo(tmp_path / "repo", files), "--all")
    assert (code, out) == (0, "")
    assert "0 resolved, 0 name nothing" in err and "1 unresolvable" in err, err
    assert "re-exports all of `@tanstack/query-" in err and "which is not read" in err, err
