"""``govern check docs-refs`` on the members a page writes after importing a binding of the
repository's own JavaScript/TypeScript package: ``axios.get`` after ``import axios from
"axios"`` (the default export), ``z.string`` after ``import { z } from "zod"`` (a namespace
exported by name). Reported only where what the binding holds is sure: a namespace, or a
value typed in its own file; a value built at run time makes a name it is not seen to have
unresolvable."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from tree_sitter import Node

from govern.docsrefs.model import RefKind, Status
from govern.docsrefs.references import parse_references
from govern.docsrefs.ts_members import MemberReader, Members
from govern.docsrefs.ts_table import build_ts_table
from govern.drift.anchors.ts_exports import ExportReader
from govern.drift.docs.page_code import PageCode
from tests.gitrepo import make_repo
from tests.test_docs_refs import passes_then_fails, run, statuses

MANIFEST = json.dumps({"name": "ax", "main": "index.js", "types": "index.d.ts",
                       "type": "module"})
# axios's shape: the declaration file types the default export, the JavaScript builds it
DECLARATIONS = (
    "export class Axios {\n  constructor(config?: Config);\n  defaults: Config;\n"
    "  get(url: string): Promise<unknown>;\n  static create(): Axios;\n"
    "  private secret: number;\n}\n"
    "export interface AxiosInstance extends Axios {\n  (config: Config): Promise<unknown>;\n}\n"
    "export interface Config { baseURL?: string }\n"
    "export interface AxiosStatic extends AxiosInstance {\n  create(): AxiosInstance;\n"
    "  readonly VERSION: string;\n  'isCancel'(value: unknown): boolean;\n}\n"
    "export function isCancel(value: unknown): boolean;\n"
    "declare const axios: AxiosStatic;\nexport default axios;\n")
BUILT = ("import { VERSION } from './lib/env.js';\n"
         "import Axios from './lib/Axios.js';\n"
         "const axios = createInstance({});\naxios.all = function all() {};\n"
         "axios.VERSION = VERSION;\naxios.Axios = Axios;\nexport default axios;\n")
FILES = {"package.json": MANIFEST, "index.d.ts": DECLARATIONS,
         "index.js": "import axios from './lib/axios.js';\nexport { axios as default };\n",
         "lib/axios.js": BUILT, "lib/env.js": "export const VERSION = '1';\n",
         "lib/Axios.js": "export default class Axios {}\n"}


def page(*lines: str, head: str = "import ax from 'ax';") -> str:
    return "# ax\n\n```js\n" + "\n".join((head, *lines)) + "\n```\n"


def test_the_default_import_resolves_what_the_declarations_and_the_code_give_it() -> None:
    text = page("ax.get('/user'); ax.defaults.baseURL = '/'; ax.create().get('/');",
                "ax.isCancel(e); ax.all([]); ax.VERSION; ax.Axios; ax.gett('/user');",
                "ax.secret; ax.constructor;",
                head="import ax, { isCancel } from 'ax';")
    assert statuses("docs/a.md", text, FILES) == [
        ("ax:isCancel", Status.RESOLVED), ("ax:default", Status.RESOLVED),
        ("ax:default.get", Status.RESOLVED), ("ax:default.defaults", Status.RESOLVED),
        ("ax:default.create", Status.RESOLVED), ("ax:default.isCancel", Status.RESOLVED),
        ("ax:default.all", Status.RESOLVED),  # assigned in lib/axios.js only
        ("ax:default.VERSION", Status.RESOLVED), ("ax:default.Axios", Status.RESOLVED),
        # lib/axios.js builds it at run time (createInstance copies members onto it): a name
        # neither file is seen to give it may still be there
        ("ax:default.gett", Status.UNRESOLVABLE),
        ("ax:default.secret", Status.UNRESOLVABLE),
        ("ax:default.constructor", Status.UNRESOLVABLE)]


def test_a_default_export_only_the_declarations_type_is_judged(tmp_path: Path) -> None:
    """Without the JavaScript that builds it, the declared type is all the default export
    holds, as TypeScript checks a page's ``ax.gett``: a name it lacks is a finding."""
    files = {"package.json": json.dumps({"name": "ax", "types": "index.d.ts"}),
             "index.d.ts": DECLARATIONS,
             "docs/usage.md": page("ax.get('/user'); ax.create(); ax.VERSION;",
                                   # prose in a string names no member
                                   "console.log(\"ax.gett is gone\", 'see ax.secret');")}
    repo = make_repo(tmp_path / "repo", files)
    passes_then_fails(repo, "docs/usage.md", page("ax.gett('/user'); ax.secret;"),
                      "docs/usage.md:5:1: `ax:default.gett` names nothing: ax:default has no "
                      "`gett` (did you mean `ax:default.get`?)")
    code, out, _ = run(repo, "--all")
    assert "secret" in out  # a private member is no member a page may use


@pytest.mark.parametrize("declarations", [
    # a type that takes any key, or extends one the file does not declare
    "export interface S { get(): void; [key: string]: unknown }\n",
    "export interface S extends Omit<Base, 'x'> { get(): void }\n",
    "export interface S extends ns.Base { get(): void }\n",
    "export interface S { get(): void }\nexport class C { m(): void }\n"
    "export interface T extends S {}\n",
    # a namespace merged into the value adds members
    "export interface S { get(): void }\ndeclare namespace ax { const extra: number }\n",
])
def test_a_type_that_may_hold_more_makes_a_missing_member_unresolvable(
        tmp_path: Path, declarations: str) -> None:
    typed = "T" if "interface T" in declarations else "S"
    files = {"package.json": json.dumps({"name": "ax", "types": "index.d.ts"}),
             "index.d.ts": f"{declarations}declare const ax: {typed};\nexport default ax;\n"}
    assert statuses("docs/a.md", page("ax.get(); ax.gett();"), files) == [
        ("ax:default", Status.RESOLVED), ("ax:default.get", Status.RESOLVED),
        ("ax:default.gett", Status.MISSING if "class C" in declarations
         else Status.UNRESOLVABLE)]


@pytest.mark.parametrize("entry", [
    "export default function ax() {}\n",
    "export default class Ax {}\n",
    "export default { get() {}, ...more };\n",
    "export default createClient();\n",
])
def test_a_default_export_built_at_run_time_is_never_judged(entry: str) -> None:
    files = {"package.json": json.dumps({"name": "ax", "main": "index.js", "type": "module"}),
             "index.js": entry}
    # a default declaration is not among the names the export chain lists: the import is
    # loose, so no finding either way
    default = Status.UNRESOLVABLE if "default function" in entry or "default class" in entry \
        else Status.RESOLVED
    assert statuses("docs/a.md", page("ax.gett();"), files) == [
        ("ax:default", default), ("ax:default.gett", Status.UNRESOLVABLE)]


ZOD = {
    "package.json": json.dumps({"name": "zod", "exports": {".": "./dist/index.js"}}),
    "src/index.ts": "import * as z from './external';\nexport * from './external';\n"
                    "export { z, z as default };\n",
    "src/external.ts": "export * from './schemas';\nexport { coerce } from './coerce';\n",
    "src/schemas.ts": "export function string() {}\nexport function object() {}\n",
    "src/coerce.ts": "export const coerce = {};\n",
}


@pytest.mark.parametrize("head", ["import { z } from 'zod';", "import z from 'zod';",
                                  "import { z as zod } from 'zod';"])
def test_a_namespace_the_package_exports_by_name_holds_its_modules_exports(
        tmp_path: Path, head: str) -> None:
    """zod exports ``z`` as a namespace (``import * as z from "./external"; export { z }``):
    after ``import { z } from "zod"``, ``z.string()`` is ``string`` of that module, as after
    ``import * as z from "zod"``; its default export is the same namespace."""
    local = "zod" if " as zod" in head else "z"
    text = page(f"{local}.object({{ name: {local}.string(), n: {local}.coerce }});", head=head)
    repo = make_repo(tmp_path / "repo", {**ZOD, "docs/usage.md": text})
    passes_then_fails(repo, "docs/usage.md", page(f"{local}.strin();", head=head),
                      f"names nothing: zod:{'default' if 'z from' in head else 'z'} has no "
                      "`strin` (did you mean")


def test_a_member_outside_the_fence_importing_the_binding_is_loose() -> None:
    """The fence importing it says which package ``z`` is: elsewhere on the page (above it,
    in a heading, or below it, in a tab for another package), a name it lacks is not
    reported."""
    text = ("## `z.object()` and `z.objectt()`\n\n```ts\nimport { z } from 'zod';\n"
            "z.object({});\n```\n\n```ts\nz.strictObject({});\n```\n")
    assert statuses("docs/a.md", text, ZOD) == [
        ("zod:z.object", Status.RESOLVED), ("zod:z.objectt", Status.UNRESOLVABLE),
        ("zod:z", Status.RESOLVED), ("zod:z.object", Status.RESOLVED),
        ("zod:z.strictObject", Status.UNRESOLVABLE)]


def test_a_default_import_of_a_package_without_one_is_not_a_finding() -> None:
    """zustand's page on its v3 API writes ``import create from "zustand"``: a default that
    its code no longer has, and one TypeScript's ``esModuleInterop`` gives a CommonJS build."""
    files = {"package.json": json.dumps({"name": "zustand", "main": "src/index.ts"}),
             "src/index.ts": "export function create() {}\n"}
    text = page("const useStore = create(() => ({}));", "create.gett();",
                head="import create from 'zustand';")
    assert statuses("docs/a.md", text, files) == [
        ("zustand:default", Status.UNRESOLVABLE), ("zustand:default.gett", Status.UNRESOLVABLE)]


@pytest.mark.parametrize("quote", ["'", "`"])  # a template literal is not blanked as prose
def test_a_file_name_in_a_path_is_no_member(quote: str) -> None:
    text = page(f"const built = require({quote}ax/dist/browser/ax.cjs{quote}); ax.get();")
    assert [name for name, _ in statuses("docs/a.md", text, FILES)] == [
        "ax:default", "ax:default.get"]


BUILDER = ("class Builder extends Base {\n  constructor(public name: string, readonly size: number,"
           " private secret: string, plain: number) { super(); }\n"
           "  create() { return this; }\n  static make() { return new Builder('', 0, '', 0); }\n"
           "}\nclass Base { context() { return this; } }\n"
           "export const initTRPC = new Builder('', 0, '', 0);\n")


@pytest.mark.parametrize("source", ["src/index.ts", "src/index.js"])
def test_an_instance_of_a_class_holds_its_members_in_typescript_only(source: str) -> None:
    """trpc exports ``const initTRPC = new TRPCBuilder()`` and its pages write
    ``initTRPC.create()``: TypeScript holds the instance to the members its class declares
    (with its constructor's ``public`` and ``readonly`` parameters, and its base class's), so a
    name it lacks is a finding; a JavaScript constructor may give it any member."""
    files = {"package.json": json.dumps({"name": "@trpc/server", "main": source}),
             source: BUILDER.replace(": string", "").replace(": number", "")
             .replace("public ", "").replace("readonly ", "").replace("private ", "")
             if source.endswith(".js") else BUILDER}
    text = page("initTRPC.create(); initTRPC.context(); initTRPC.name; initTRPC.size;",
                "initTRPC.secret; initTRPC.plain; initTRPC.make(); initTRPC.creat();",
                head="import { initTRPC } from '@trpc/server';")
    typescript = source.endswith(".ts")
    declared = Status.RESOLVED if typescript else Status.UNRESOLVABLE
    missing = Status.MISSING if typescript else Status.UNRESOLVABLE
    assert statuses("docs/a.md", text, files) == [
        ("@trpc/server:initTRPC", Status.RESOLVED),
        ("@trpc/server:initTRPC.create", Status.RESOLVED),
        ("@trpc/server:initTRPC.context", Status.RESOLVED),
        ("@trpc/server:initTRPC.name", declared), ("@trpc/server:initTRPC.size", declared),
        ("@trpc/server:initTRPC.secret", missing), ("@trpc/server:initTRPC.plain", missing),
        ("@trpc/server:initTRPC.make", missing),  # static: the class's, not its instances'
        ("@trpc/server:initTRPC.creat", missing)]


def test_a_star_export_does_not_give_the_default() -> None:
    """``export * from "./client"`` re-exports every name of it but its default: the
    package's default export is not the client's, so its members are not judged by it."""
    files = {"package.json": json.dumps({"name": "ax", "main": "src/index.ts"}),
             "src/index.ts": "export * from './client';\nexport default undefined as any;\n",
             "src/client.ts": "declare const client: { get(): void };\nexport default client;\n"
                              "export const version = 1;\n"}
    assert statuses("docs/a.md", page("ax.gett();"), files) == [
        ("ax:default", Status.RESOLVED), ("ax:default.gett", Status.UNRESOLVABLE)]
    files["src/index.ts"] = "export * from './client';\n"
    assert statuses("docs/a.md", page("ax.gett();"), files) == [
        ("ax:default", Status.RESOLVED), ("ax:default.gett", Status.UNRESOLVABLE)]
    # the client's own default, typed in place, is judged
    files["src/index.ts"] = "export { default } from './client';\n"
    assert statuses("docs/a.md", page("ax.get(); ax.gett();"), files) == [
        ("ax:default", Status.RESOLVED), ("ax:default.get", Status.RESOLVED),
        ("ax:default.gett", Status.MISSING)]


def test_a_named_re_export_gives_only_the_names_it_lists() -> None:
    """``export { foo } from "./b"`` is no ``export *``: ``bar`` of ``./b`` is not the
    entry's, and its members were looked up there (a review found it)."""
    files = {"package.json": json.dumps({"name": "ax", "main": "src/index.ts"}),
             "src/index.ts": "export { client } from './b';\nexport * from './c';\n",
             "src/b.ts": "export const client: { get(): void } = { get() {} };\n"
                         "export const other: { put(): void } = { put() {} };\n",
             "src/c.ts": "export const other: { get(): void } = { get() {} };\n"}
    assert statuses("docs/a.md", "```ts\nimport { other } from 'ax'\nother.get();\n"
                    "other.put();\n```\n", files) == [
        ("ax:other", Status.RESOLVED), ("ax:other.get", Status.RESOLVED),
        ("ax:other.put", Status.MISSING)]


def _trees(files: dict[str, str]) -> Callable[[str], Node | None]:
    """The trees of ``files`` (path -> text), as docs-refs hands them to a MemberReader."""
    return ExportReader(lambda path: files[path].encode() if path in files else None,
                        files.__contains__).tree


def test_a_loop_of_star_exports_answers_whichever_file_is_asked_first() -> None:
    """``a`` stars ``b`` and ``c``; ``b`` stars ``a``: asked for ``a``'s ``x`` first, the trail
    through ``b`` came back to ``a`` under way and found nothing, and ``b``'s ``x`` stayed
    "not exported" though ``b`` has it through ``a`` and ``c`` (a review found it)."""
    files = {"a.ts": "export * from './b';\nexport * from './c';\n",
             "b.ts": "export * from './a';\n",
             "c.ts": "export const x: { m(): void } = { m() {} };\n"}
    for order in (("a.ts", "b.ts"), ("b.ts", "a.ts")):
        reader = MemberReader(_trees(files), lambda path, module: module.removeprefix("./")
                              + ".ts", lambda path: Members(frozenset()))
        for path in order:
            assert reader.exported(path, "x") == Members(frozenset({"m"})), (order, path)


def test_an_intersection_of_three_types_holds_each_one_s_members() -> None:
    """``A & B & C`` is ``(A & B) & C``: the inner pair had been read as a type whose members
    are not read, and the value left open (a review found it)."""
    files = {"a.ts": "interface A { a(): void }\ninterface B { b(): void }\n"
                     "interface C { c(): void }\ntype T = A & (B & C);\ntype U = A & B & C;\n"
                     "export declare const t: T;\nexport declare const u: U;\n"}
    reader = MemberReader(_trees(files), lambda path, module: None,
                          lambda path: Members(frozenset()))
    for binding in ("t", "u"):
        assert reader.exported("a.ts", binding) == Members(frozenset({"a", "b", "c"}))


def test_a_name_ending_in_type_is_no_type_modifier() -> None:
    """Only a leading ``type`` is the modifier: ``Rtype`` had been read as ``R``, and
    ``datatype as dt`` as ``data`` (a review found it)."""
    text = ("```ts\nimport { Rtype, type Shape, datatype as dt } from 'ax'\n"
            "dt.size; Rtype.x;\n```\n")
    refs = parse_references(text, "docs/a.md")
    assert [r.name for r in refs if r.kind == RefKind.IMPORT] == [
        "ax:Rtype", "ax:Shape", "ax:datatype"]
    assert {r.name for r in refs if r.kind == RefKind.CODE} == {"ax:datatype.size",
                                                                 "ax:Rtype.x"}


def test_a_file_whose_exports_and_members_are_both_read_is_read_once() -> None:
    """docs-refs reads a file's exports (is ``default`` exported?) and then its members (what
    does it hold?): both are read from one parse of it, so each file is read once, where the
    members had read and parsed it again."""
    reads: list[str] = []

    def read(path: str) -> bytes | None:
        reads.append(path)
        return FILES[path].encode() if path in FILES else None

    table = build_ts_table({"package.json": MANIFEST}, read, FILES.__contains__)
    assert table.resolve("ax:default.get").status == Status.RESOLVED
    assert table.resolve("ax:default.all").status == Status.RESOLVED
    assert sorted(reads) == sorted(set(reads)) and {"index.d.ts", "index.js"} <= set(reads)
    assert table.members.tree("index.d.ts") is table.chains.reader.tree("index.d.ts")


def test_a_file_with_export_type_star_reads_its_exports_rewritten_and_its_members_as_written(
        ) -> None:
    """``export type *`` is rewritten for the grammar when its exports are read; its members
    are read from the file as written, as before they shared one parse."""
    files = {"a.ts": "export type * from './b';\nexport declare const c: { m(): void };\n",
             "b.ts": "export interface B { b: string }\n"}
    reader = ExportReader(lambda path: files[path].encode() if path in files else None,
                          files.__contains__)
    parsed = reader.parsed("a.ts")
    assert parsed is not None and not parsed.broken and parsed.stars == ("./b",)
    assert "a.ts" not in reader.trees  # no tree of it as written was needed yet
    members = MemberReader(reader.tree, lambda path, module: None,
                           lambda path: Members(frozenset())).exported("a.ts", "c")
    assert members is not None and members.names == {"m"} and members.hidden is not None


TYPED = {"package.json": json.dumps({"name": "ax", "types": "index.d.ts"}),
         "index.d.ts": DECLARATIONS}


@pytest.mark.parametrize(("imports", "uses", "bound", "expected"), [
    ("import ax, {\n  isCancel,\n  isCancelled,\n} from 'ax'", "ax.get(); ax.gett();",
     {"ax", "isCancel", "isCancelled"},
     [("ax:isCancel", Status.RESOLVED), ("ax:isCancelled", Status.MISSING),
      ("ax:default", Status.RESOLVED), ("ax:default.get", Status.RESOLVED),
      ("ax:default.gett", Status.MISSING)]),
    ("import {\n  isCancel, // the guard\n  /* gone */ isCancelled,\n} from 'ax'", "",
     {"isCancel", "isCancelled"},
     [("ax:isCancel", Status.RESOLVED), ("ax:isCancelled", Status.MISSING)]),
    ("import type {\n  AxiosStatic,\n  type Config,\n  Confg,\n} from 'ax'", "",
     {"AxiosStatic", "Config", "Confg"},
     [("ax:AxiosStatic", Status.RESOLVED), ("ax:Config", Status.RESOLVED),
      ("ax:Confg", Status.MISSING)]),
    ("import\n  ax\n  from 'ax'", "ax.get(); ax.gett();", {"ax"},
     [("ax:default", Status.RESOLVED), ("ax:default.get", Status.RESOLVED),
      ("ax:default.gett", Status.MISSING)]),
    ("import ax, * as all from 'ax'", "all.isCancel(); all.isCancelled();", {"ax", "all"},
     [("ax:default", Status.RESOLVED), ("ax:isCancel", Status.RESOLVED),
      ("ax:isCancelled", Status.MISSING)]),
    ("import type * as\n  all from 'ax'", "all.isCancel(); all.isCancelled();", {"all"},
     [("ax:isCancel", Status.RESOLVED), ("ax:isCancelled", Status.MISSING)]),
    ("import { isCancel } from 'ax'; import ax from 'ax'", "ax.get(); ax.gett();",
     {"ax", "isCancel"},
     [("ax:isCancel", Status.RESOLVED), ("ax:default", Status.RESOLVED),
      ("ax:default.get", Status.RESOLVED), ("ax:default.gett", Status.MISSING)]),
])
def test_an_import_over_several_lines_binds_what_docs_drift_reads_it_to_bind(
        imports: str, uses: str, bound: set[str], expected: list[tuple[str, Status]]) -> None:
    """docs-refs had three readers of a page's imports, and docs-drift a fourth: each form here
    was read by some and not others (a namespace after a default or ``type``, ``import`` at a
    line's end, a comment in a list, a second import after a ``;``). One reader reads them
    all: docs-refs checks the names each binds, and docs-drift reads it to bind the same."""
    text = page(uses, head=imports)
    assert statuses("docs/a.md", text, TYPED) == expected
    assert {local for local, sources in PageCode(text).imported.items()
            if sources == {"ax"}} == bound


@pytest.mark.parametrize("text", [
    # prose wrapped at ``import``: no list of names
    "# ax\n\nTo start,\nimport { everything the\nguide lists } from 'ax' and call it.\n",
    # a string that writes an import after a ``;``
    "# ax\n\n```js\nconsole.log(\"ready; import { gone } from 'ax'\");\n```\n",
    # an import commented out
    "# ax\n\n```js\n// import { gone } from 'ax'\n/* import { gone } from 'ax' */\n```\n",
])
def test_text_that_is_no_import_binds_nothing(text: str) -> None:
    """Prose, a string and a comment that write ``import { … } from 'ax'`` are no imports:
    docs-refs had read ``ax:everything`` and ``ax:gone`` from the first two, and reported
    them missing."""
    assert statuses("docs/a.md", text, TYPED) == []
    assert PageCode(text).imported == {}
