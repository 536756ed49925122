"""``govern check docs-refs`` on the imports a page writes from the repository's own
JavaScript/TypeScript packages, when the manifest's entry is not source: a CommonJS shim that
requires the build (vue's ``"main": "index.js"``), a ``dist/`` path, a committed build. The
package is read from its source entry; with none, its imports are unresolvable, never a
finding (trial 2, defect 1)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.gitrepo import make_repo
from tests.test_docs_refs import run

SHIM = ("'use strict'\nif (process.env.NODE_ENV === 'production') {\n"
        "  module.exports = require('./dist/foo.cjs.prod.js')\n} else {\n"
        "  module.exports = require('./dist/foo.cjs.js')\n}\n")
SOURCE = "export const createApp = (x: number) => x\nexport function h() {}\n"


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

def test_the_summary_says_why_a_packages_imports_are_unresolvable(tmp_path: Path) -> None:
    """fastify's shape: ``main`` a CommonJS file, ``types`` a declaration file that says
    ``export =``. Its imports cannot be judged, and the summary says why, once, only while a
    page imports from it."""
    files = {"package.json": json.dumps({"name": "fastify", "main": "fastify.js",
                                         "types": "fastify.d.ts"}),
             "fastify.js": "module.exports = function fastify () {}\n",
             "fastify.d.ts": ("declare namespace fastify {\n  export interface FastifyInstance {}\n"
                              "}\ndeclare function fastify(): void\nexport = fastify\n"),
             "docs/a.md": "# A\n\n```ts\nimport { FastifyInstance, Nope } from 'fastify'\n```\n",
             "docs/b.md": "# B\n\n```ts\nimport { FastifyInstance } from 'fastify'\n```\n"}
    repo = make_repo(tmp_path / "repo", files)
    code, out, err = run(repo, "--all")
    assert (code, out) == (0, "")
    assert err.splitlines()[1:] == [
        "govern check docs-refs: fastify: `fastify.d.ts` declares `export =`, so what it "
        "exports cannot be read: imports from it are unresolvable"]
    # no types: the CommonJS entry is what the manifest leads to
    repo.commit({"package.json": json.dumps({"name": "fastify", "main": "fastify.js"})})
    assert run(repo, "--all")[2].splitlines()[1:] == [
        "govern check docs-refs: fastify: its entry `fastify.js` is CommonJS, so what it "
        "exports cannot be read: imports from it are unresolvable"]
    # no page imports from it: nothing to say
    repo.commit({"docs/a.md": "# A\n", "docs/b.md": "# B\n"})
    assert len(run(repo, "--all")[2].splitlines()) == 1


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
