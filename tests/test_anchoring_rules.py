"""The anchoring rules of docs/concepts/anchoring-rules.md, each both ways: pure tables of inline
inputs where the rule is a function, and real repositories where it is pipeline behaviour."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from govern.cli import cli
from govern.config import AnchorsConfig
from govern.drift.affected import apply_guards, overbroad_reason, skipped_label
from govern.drift.anchors.ledgers import split_route
from govern.drift.anchors.model import Anchor
from govern.drift.anchors.python import extract_python
from govern.drift.anchors.syntax import MAX_INHERITING, local_callers, parse
from govern.drift.anchors.typescript import extract_typescript
from govern.drift.docs.corpus import Page
from govern.drift.route_paths import is_specific_tail, route_segments, segments_match
from tests.gitrepo import make_repo
from tests.helpers import build_index, pr_repo, rows, run_json


def index_of(pages: dict[str, str], owned: frozenset[str] = frozenset()):
    """The index of ``pages``, those in ``owned`` release-owned."""
    texts = {f"blob{i}": text for i, text in enumerate(pages.values())}
    listed = [Page(path, f"blob{i}", path in owned) for i, path in enumerate(pages)]
    return build_index(listed, lambda blob: texts[blob].encode())


# -- plain words, certain drift, the row cap (apply_guards is pure) -----------------------------

PAGES = {f"docs/p{i}.md": f"Call `Plugin.start` or `start()` and `sharedName` ({i}).\n"
         for i in range(10)}
PAGES["docs/q.md"] = "Call `parse()` and `mask()`.\n"


@pytest.mark.parametrize(("anchor", "bare", "removed", "outcome"), [
    (("symbol", "start"), True, False, "weak"),         # a member's plain name never anchors
    (("symbol", "parse"), False, False, "admitted"),    # a top-level plain word: call form
    (("symbol", "start"), True, True, "weak"),          # removed, but a member's bare name
    (("symbol", "parse"), False, True, "admitted"),     # a removed top-level name: certain
    (("symbol", "sharedName"), True, True, "folded"),   # a removed member's bare name: guarded
    (("symbol", "sharedName"), False, True, "admitted"),  # a removed top-level one: certain
    (("symbol", "Plugin.start"), False, False, "folded"),   # 10 pages > max_rows_per_anchor
    (("symbol", "Plugin.start"), False, True, "admitted"),  # removed: never folded
    (("literal", "mask"), True, False, "weak"),          # a literal's plain word
])
def test_guards(anchor: tuple[str, str], bare: bool, removed: bool, outcome: str) -> None:
    index = index_of(PAGES)
    config = AnchorsConfig(corpus_share=1.0, max_rows_per_anchor=8)
    guarded = apply_guards([Anchor(anchor[0], anchor[1], "a.py", "both")], index, config,
                           frozenset({anchor}) if removed else frozenset(),
                           frozenset({anchor}) if bare else frozenset())
    got = ("admitted" if guarded.admitted else "weak" if guarded.weak
           else "folded" if guarded.folded else "overbroad")
    assert got == outcome
    if outcome == "folded":
        assert guarded.folded == [{"token": anchor[1], "kind": "symbol", "pages": 10}]


def test_removed_name_is_never_overbroad() -> None:
    index = index_of(PAGES)
    anchor = ("symbol", "sharedName")
    config = AnchorsConfig(corpus_share=0.15)
    kept = apply_guards([Anchor(*anchor, "a.ts", "base")], index, config, frozenset({anchor}))
    assert len(kept.pages[anchor]) == 10 and not kept.overbroad
    cut = apply_guards([Anchor(*anchor, "a.ts", "both")], index, config)
    assert cut.overbroad == [{"token": "sharedName", "kind": "symbol", "pages": 10}]


@pytest.mark.parametrize(("hand_written", "outcome"), [(8, "admitted"), (9, "folded")])
def test_the_row_cap_counts_hand_written_pages_only(hand_written: int, outcome: str) -> None:
    """Release notes are listed apart when the anchor is admitted: they are no rows an author
    must re-read, so they do not fold it."""
    pages = {f"docs/p{i}.md": "Call `Plugin.start`.\n" for i in range(hand_written)}
    notes = {"CHANGELOG.md": "- `Plugin.start` is faster\n",
             "docs/releases/v1.md": "`Plugin.start` is new.\n"}
    index = index_of({**pages, **notes}, frozenset(notes))
    anchor = ("symbol", "Plugin.start")
    config = AnchorsConfig(corpus_share=1.0, max_rows_per_anchor=8)
    guarded = apply_guards([Anchor(*anchor, "a.py", "both")], index, config)
    if outcome == "admitted":
        assert len(guarded.pages[anchor]) == hand_written + 2 and not guarded.folded
    else:
        assert guarded.folded == [{"token": "Plugin.start", "kind": "symbol", "pages": 9}]


def test_a_removed_member_reached_through_documented_containers_is_folded_there() -> None:
    """Certain only where written: the pages that document the removed member's class by a
    directive are listed but not stale, so on more pages than the cap they are one line, and
    the page writing the member stays."""
    pages = {f"docs/api{i}.md": f"# API {i}\n\n::: shop.Stream\n" for i in range(10)}
    pages["docs/guide.md"] = "Call `shop.Stream.read` in a loop.\n"
    index = index_of(pages)
    anchor = ("symbol", "shop.Stream.read")
    config = AnchorsConfig(corpus_share=1.0, max_rows_per_anchor=8)
    guarded = apply_guards([Anchor(*anchor, "shop.py", "base")], index, config,
                           frozenset({anchor}))
    assert [index.pages[i].path for i in guarded.pages[anchor]] == ["docs/guide.md"]
    assert guarded.folded == [{"token": "shop.Stream.read", "kind": "symbol", "pages": 10}]
    # within the cap, the directive pages are listed as before
    few = index_of({**{f"docs/api{i}.md": "::: shop.Stream\n" for i in range(3)},
                    "docs/guide.md": pages["docs/guide.md"]})
    listed = apply_guards([Anchor(*anchor, "shop.py", "base")], few, config, frozenset({anchor}))
    assert len(listed.pages[anchor]) == 4 and not listed.folded


# -- route tails ----------------------------------------------------------------------------

@pytest.mark.parametrize(("tail", "specific"), [
    ("…/sharing/rules", True),
    ("…/:type/:name/audit", True),      # two named params before a static end
    ("…/reports/:id/run", True),
    ("…/auth/*", False),
    ("…/*", False),
    ("…/items/:id", False),
    ("…/:id/items", False),
    ("…/publish", False),
])
def test_route_tails_must_be_specific(tail: str, specific: bool) -> None:
    assert is_specific_tail(tail) is specific


@pytest.mark.parametrize(("tail", "path", "matches"), [
    ("/:type/:name/audit", "/api/v1/meta/:type/:name/audit", True),
    ("/:type/:name/audit", "/api/v1/meta/object/account/audit", True),
    ("/:type/:name/audit", "/api/v1/data/:object/:id", False),  # a param is not `audit`
    ("/sharing/rules", "/api/v1/objects/:o/sharing/rules", True),
    ("/sharing/rules", "/api/v1/sharing-rules", False),          # whole segments only
])
def test_a_tail_static_matches_only_itself(tail: str, path: str, matches: bool) -> None:
    assert segments_match(route_segments(tail), True, route_segments(path)) is matches


@pytest.mark.parametrize(("value", "parsed"), [
    ("* /auth/**", (None, "/auth/**")),       # a proxy mount: any method, any sub-path
    ("GET /api/x", ("GET", "/api/x")),
    ("/api/x", (None, "/api/x")),
    ("FETCH /api/x", None),
    ("* auth", None),
])
def test_ledger_rows_with_wildcards_are_rows(value: str, parsed: Any) -> None:
    assert split_route(value) == parsed


def test_wildcard_ledger_rows_are_not_a_broken_scan(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {
        "web/app.ts": "app.get('/api/v1/items', (c) => listItems(c));\n",
        "web/route-ledger.ts": ("export const L = [\n"
                                "  { route: 'GET /api/v1/items', client: 'items.list' },\n"
                                "  { route: '* /auth/**' },\n"
                                "  { route: 'nonsense' },\n];\n")})
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs",
                                      "--bridge-coverage", "--json"])
    data = json.loads(result.stdout)
    assert data["bridge_coverage"]["ledger_rows"] == 2
    assert data["broken_scans"] == ["ledger web/route-ledger.ts: partial read, line 4: route "
                                    "'nonsense' is not a 'METHOD /path' string"]


# -- the cross-cutting cut through a chain ----------------------------------------------------

CHAIN = b"""\
export function sendError(res, code) {
  return respond(res, code);
}
export function respond(res, code) {
  // respondLater is named here in a comment only
  return res.json({ code });
}
export function respondLater(res) {
  return 1;
}
"""


def test_local_callers_follow_references_not_comments() -> None:
    tree = parse("typescript", CHAIN)
    units = [(n.child_by_field_name("name").text.decode(), n)  # type: ignore[union-attr]
             for n in (s.child_by_field_name("declaration") or s
                       for s in tree.root_node.named_children)]
    assert local_callers(["respond", "respondLater"], units) == {
        "respond": frozenset({"sendError"}), "respondLater": frozenset()}


def test_a_helper_reached_through_a_chain_by_many_routes_mints_nothing(tmp_path: Path) -> None:
    routes = "".join(f"app.get('/api/v1/r{i}', (req, res) => sendError(res, 'x'));\n"
                     for i in range(4))
    one = "app.get('/api/v1/solo/:id', (req, res) => respondLater(res));\n"
    base = {"web/errors.ts": CHAIN.decode(), "web/app.ts": routes + one,
            "docs/r.md": "`GET /api/v1/r1` and `GET /api/v1/solo/:id`.\n"}
    changed = CHAIN.decode().replace("res.json({ code })", "res.json({ code, ok: false })") \
        .replace("return 1;", "return 2;")
    data = run_json(pr_repo(tmp_path, base, {"web/errors.ts": changed}), "main")
    assert {"token": "respond", "routes": 4} in data["cross_cutting_symbols"]
    assert rows(data) == {"docs/r.md": ["/api/v1/solo/:id"]}  # respondLater: one route


# -- members, containers, schema fields --------------------------------------------------------

CONTAINERS = ("AgentPool", "ThingSchema")


@pytest.mark.parametrize(("old", "new", "expected"), [
    # a change inside one method: the method, not the class
    ("export class AgentPool {\n  run() { return 1; }\n}\n",
     "export class AgentPool {\n  run() { return 2; }\n}\n", ["AgentPool.run"]),
    # a member added: the member, and its class where the member's name is a plain word,
    # too weak to anchor alone
    ("export class AgentPool {\n  run() { return 1; }\n}\n",
     "export class AgentPool {\n  run() { return 1; }\n  stop() {}\n}\n",
     ["AgentPool.stop", "AgentPool"]),
    ("export class AgentPool {\n  run() { return 1; }\n}\n",
     "export class AgentPool {\n  run() { return 1; }\n  stopNow() {}\n}\n",
     ["AgentPool.stopNow"]),
    # a member removed, likewise
    ("export class AgentPool {\n  run() { return 1; }\n  stopNow() {}\n}\n",
     "export class AgentPool {\n  run() { return 1; }\n}\n", ["AgentPool.stopNow"]),
    # a zod schema field changed: the field
    ("export const S = z.object({\n  userKey: z.string(),\n});\n",
     "export const S = z.object({\n  userKey: z.number(),\n});\n", ["S.userKey"]),
    # an .extend({...}) field added: the field, and its schema for a plain-word field only
    ("export const ThingSchema = Base.extend({\n  a_b: z.string(),\n});\n",
     "export const ThingSchema = Base.extend({\n  a_b: z.string(),\n  c_d: z.string(),\n});\n",
     ["ThingSchema.c_d"]),
    ("export const ThingSchema = Base.extend({\n  a_b: z.string(),\n});\n",
     "export const ThingSchema = Base.extend({\n  a_b: z.string(),\n  email: z.string(),\n});\n",
     ["ThingSchema.email", "ThingSchema"]),
])
def test_container_is_anchored_by_its_own_change(tmp_path: Path, old: str, new: str,
                                                 expected: list[str]) -> None:
    data = run_json(pr_repo(tmp_path, {"web/a.ts": old}, {"web/a.ts": new}), "main")
    symbols = [a["token"] for a in data["anchors"]
               if a["kind"] == "symbol" and ("." in a["token"] or a["token"] in CONTAINERS)]
    assert symbols == expected


def test_schema_field_members_are_extracted() -> None:
    source = b"export interface Opts {\n  pageSize: number;\n}\nexport enum E {\n  Red = 1,\n}\n"
    touched = extract_typescript(source, frozenset({2, 5}), "typescript").touched
    assert [d.key for d in touched] == ["Opts.pageSize", "E.Red"]


# -- big files ---------------------------------------------------------------------------------

def test_an_oversized_file_is_not_covered_never_no_opinion(tmp_path: Path) -> None:
    repo = pr_repo(tmp_path, {"govern.toml": "[code]\nmax_parse_bytes = 100\n",
                              "web/big.ts": "export const x = 1;\n" * 20},
                   {"web/big.ts": "export const x = 2;\n" * 20})
    data = run_json(repo, "main")
    assert data["anchorless_changes"] == [{"path": "web/big.ts", "reason": (
        "oversized: 400 bytes is over code.max_parse_bytes (100), so it was not parsed")}]
    assert data["summary"] == (
        "No documentable anchor in the files this run could read; NOT COVERED: 1 changed "
        "file(s) govern cannot read, so this is not a clean bill of health. "
        "The docs corpus held 0 page(s).")
    assert "no opinion" not in data["summary"]


def test_a_file_under_the_limit_is_parsed(tmp_path: Path) -> None:
    repo = pr_repo(tmp_path, {"web/big.ts": "export const someValue = 1;\n" * 20,
                              "docs/a.md": "See `someValue`.\n"},
                   {"web/big.ts": "export const someValue = 2;\n" * 20})
    data = run_json(repo, "main")
    assert data["anchorless_changes"] == [] and rows(data) == {"docs/a.md": ["someValue"]}


def test_a_commonjs_member_anchors_as_the_docs_write_it(tmp_path: Path) -> None:
    app = ("var app = exports = module.exports = {};\n"
           "app.render = function render(name) {\n  return name;\n};\n")
    docs = {"docs/api.md": "Call `app.render()` to render a view.\n",
            "docs/guide.md": "We render pages; `render` them all.\n"}
    data = run_json(pr_repo(tmp_path, {"lib/application.js": app, **docs},
                            {"lib/application.js": app.replace("return name", "return [name]")}),
                    "main")
    assert rows(data) == {"docs/api.md": ["app.render"]}  # the bare plain word lists nothing
    assert data["anchorless_changes"] == []


def test_a_hub_term_takes_its_declaration_s_less_qualified_spellings_with_it(
        tmp_path: Path) -> None:
    core = 'class Widget:\n    """A widget."""\n\n    def draw(self):\n        return 1\n'
    hub = {f"docs/p{i}.md": "Build a `shop.Widget`.\n" for i in range(4)}
    files = {"shop/__init__.py": "from shop.core import Widget\n", "shop/core.py": core, **hub,
             "docs/call.md": "```\nw = Widget()\n```\n",
             "docs/deep.md": "See `shop.core.Widget`.\n"}
    data = run_json(pr_repo(tmp_path, files, {"shop/core.py": core.replace(
        "A widget.", "A widget, drawn.")}), "main")
    # `shop.Widget` is on too many pages: the few writing `Widget()` are a biased few of
    # them; the more qualified `shop.core.Widget` still names it precisely
    assert rows(data) == {"docs/deep.md": ["shop.core.Widget"]}
    assert {(o["token"], o["pages"], o.get("with")) for o in data["overbroad_anchors"]} == {
        ("shop.Widget", 4, None), ("Widget", 1, "shop.Widget")}


def test_a_hub_term_leaves_a_spelling_as_qualified_as_itself(tmp_path: Path) -> None:
    """attrs' pages write the new ``attrs.define`` everywhere and the old ``attr.define`` on
    the pages about the old API: those are no few of the many, and were edited with it."""
    core = 'def define(cls):\n    """Define a class."""\n    return cls\n'
    hub = {f"docs/p{i}.md": "Use `attrs.define`.\n" for i in range(4)}
    files = {"src/attr/__init__.py": "from attr._make import define\n",
             "src/attr/_make.py": core, "src/attrs/__init__.py": "from attr import define\n",
             **hub, "docs/old.md": "The classic `attr.define`.\n",
             "docs/call.md": "```\n@define()\nclass C: ...\n```\n"}
    data = run_json(pr_repo(tmp_path, files, {"src/attr/_make.py": core.replace(
        "Define a class.", "Define a slotted class.")}), "main")
    assert rows(data) == {"docs/old.md": ["attr.define"]}
    assert {(o["token"], o["pages"], o.get("with")) for o in data["overbroad_anchors"]} == {
        ("attrs.define", 4, None), ("define", 1, "attrs.define")}


@pytest.mark.parametrize(("entry", "said"), [
    ({"token": "typer.Typer", "kind": "symbol", "pages": 16}, "named on 16 pages"),
    # typer: a spelling dropped with its hub term is named on few pages itself
    ({"token": "Typer", "kind": "symbol", "pages": 1, "with": "typer.Typer"},
     "named on 1 page, dropped with the over-broad typer.Typer"),
])
def test_an_over_broad_entry_says_why_it_was_dropped(entry: dict[str, Any], said: str) -> None:
    assert overbroad_reason(entry) == said


# -- New API -------------------------------------------------------------------------------

def test_new_api_not_yet_on_any_page_is_suggested_a_home(tmp_path: Path) -> None:
    old = "export class Client {\n  sendOne() {}\n  sendMany() {}\n}\n"
    new = "export class Client {\n  sendOne() {}\n  sendMany() {}\n  sendLater() {}\n}\n"
    docs = {"docs/client.md": "Use `Client.sendOne` or `Client.sendMany`.\n",
            "docs/one.md": "Only `Client.sendOne` here.\n"}
    data = run_json(pr_repo(tmp_path, {"web/c.ts": old, **docs}, {"web/c.ts": new}), "main")
    assert data["new_api"] == [{"token": "Client.sendLater", "file": "web/c.ts",
                                "suggested_pages": ["docs/client.md"]}]


def test_a_new_member_is_homed_where_its_siblings_are_written_by_their_own_names(
        tmp_path: Path) -> None:
    """black's list of preview features writes `hug_parens`, not `Preview.hug_parens`: the
    spelling a row would match is the spelling a home is found by; a page naming one sibling
    is no home."""
    old = ("from enum import Enum, auto\n\n\nclass Preview(Enum):\n"
           "    hug_parens = auto()\n    wrap_comprehension_in = auto()\n")
    new = old + "    always_one_newline = auto()\n"
    docs = {"docs/future_style.md": "- `hug_parens`: hug\n- `wrap_comprehension_in`: wrap\n",
            "docs/other.md": "Try `hug_parens`.\n"}
    data = run_json(pr_repo(tmp_path, {"black/__init__.py": "", "black/mode.py": old, **docs},
                            {"black/mode.py": new}), "main")
    assert [(entry["token"], entry["suggested_pages"]) for entry in data["new_api"]] == [
        ("black.mode.Preview.always_one_newline", ["docs/future_style.md"])]


def test_a_new_class_is_one_entry_its_members_come_with_it(tmp_path: Path) -> None:
    """werkzeug's new ``MisdirectedRequest`` restates ``code`` and ``description``: the class
    is new API, its members are not listed apart; a member new in an old class still is."""
    old = "export class Client {\n  sendOne() {}\n  sendMany() {}\n}\n"
    new = old + "export class Queue {\n  push() {}\n  drain() {}\n}\n"
    docs = {"docs/client.md": "Use `Client.sendOne` or `Client.sendMany`.\n"}
    data = run_json(pr_repo(tmp_path, {"web/c.ts": old, **docs}, {"web/c.ts": new}), "main")
    assert [entry["token"] for entry in data["new_api"]] == ["Queue"]
    grown = new.replace("  drain() {}\n", "  drain() {}\n  size() {}\n")
    data = run_json(pr_repo(tmp_path / "grown", {"web/c.ts": new, **docs},
                            {"web/c.ts": grown}), "main")
    assert [entry["token"] for entry in data["new_api"]] == ["Queue.size"]


PROPS_BASE = "def build(field_hook=None):\n    return field_hook\n"
PROPS = ("class Props:\n    __slots__ = ('field_hook', 'is_frozen', 'added_init')\n\n"
         "    def __init__(self, field_hook, is_frozen, added_init):\n"
         "        self.field_hook = field_hook\n        self.is_frozen = is_frozen\n"
         "        self.added_init = added_init\n")
HOOK_PAGES = {"docs/extending.md": "Pass `field_hook` to `build`.\n",
              "docs/props.md": "Read `Props.field_hook`.\n"}


def test_a_new_class_s_members_anchor_by_their_qualified_spelling_only(tmp_path: Path) -> None:
    """attrs' new ``ClassProps.field_transformer`` listed ``docs/extending.md``, which is about
    the ``field_transformer=`` parameter of ``attrs()``: the class is new, so a page writing
    the bare name (or a ``__slots__`` string of it) means something else."""
    files = {"shop/__init__.py": "", "shop/props.py": PROPS_BASE, **HOOK_PAGES}
    data = run_json(pr_repo(tmp_path, files, {"shop/props.py": PROPS_BASE + "\n\n" + PROPS}),
                    "main")
    assert rows(data) == {"docs/props.md": ["Props.field_hook"]}
    # a member the change adds to a class the base already has anchors bare, as before
    old = PROPS.replace("        self.field_hook = field_hook\n", "")
    data = run_json(pr_repo(tmp_path / "old", {**files, "shop/props.py": old},
                            {"shop/props.py": PROPS}), "main")
    assert set(rows(data)) == {"docs/extending.md", "docs/props.md"}
    assert "field_hook" in rows(data)["docs/extending.md"]


def test_a_new_class_s_slots_are_folded_into_its_entry(tmp_path: Path) -> None:
    """attrs' new ``ClassProps`` printed an entry for each ``__slots__`` string beside the
    class's: they name the members, which come with it."""
    files = {"shop/__init__.py": "", "shop/props.py": PROPS_BASE}
    data = run_json(pr_repo(tmp_path, files, {"shop/props.py": PROPS_BASE + "\n\n" + PROPS}),
                    "main")
    assert [entry["token"] for entry in data["new_api"]] == ["shop.props.Props"]


def test_a_new_file_s_symbol_is_homed_by_the_pages_naming_its_namespace_family(
        tmp_path: Path) -> None:
    # `matrix` is the only declaration of its new file, so it has no file siblings: the
    # page listing `ui.slider` and `ui.table` (the namespace it is re-exported into) is its
    # home; a page naming one of them is not, nor one naming deeper names (`ui.slider.value`)
    init = "from ui._impl.slider import slider\nfrom ui._impl.table import table\n"
    files = {"ui/__init__.py": init, "ui/_impl/__init__.py": "",
             "ui/_impl/slider.py": "def slider():\n    return 1\n",
             "ui/_impl/table.py": "def table():\n    return 1\n",
             "docs/inputs.md": "| `ui.slider` | `ui.table` |\n",
             "docs/one.md": "Use `ui.slider`.\n",
             "docs/deep.md": "Read `ui.slider.value` and `ui.table.rows`, then `ui.slider`.\n"}
    head = {"ui/__init__.py": init + "from ui._impl.matrix import matrix\n",
            "ui/_impl/matrix.py": "def matrix_of(rows):\n    return rows\n\n\n"
                                  "def matrix():\n    return matrix_of(1)\n"}
    data = run_json(pr_repo(tmp_path, files, head), "main")
    homes = {entry["token"]: entry["suggested_pages"] for entry in data["new_api"]}
    assert homes["ui.matrix"] == ["docs/inputs.md"]
    assert rows(data) == {}
    # named once, from the file that defines it, not from the __init__ that re-exports it
    assert [e["file"] for e in data["new_api"] if e["token"] == "ui.matrix"] == [
        "ui/_impl/matrix.py"]
    text = CliRunner().invoke(cli, ["--repo-dir", str(tmp_path / "repo"), "affected-docs",
                                    "--format", "text", "main"]).output
    assert "  - ui.matrix (ui/_impl/matrix.py): likely home docs/inputs.md" in text
    # its helper is reached by no public import path (`ui._impl.matrix.matrix_of`): no API
    assert "matrix_of" not in text


def test_a_new_name_in_a_private_module_is_new_api_only_where_a_public_path_reaches_it(
        tmp_path: Path) -> None:
    internal = "def parse_ref(text):\n    return text\n\n\ndef walk_ref(text):\n    return text\n"
    files = {"pkg/__init__.py": "from pkg._internal._refs import parse_ref\n",
             "pkg/_internal/__init__.py": "", "pkg/_internal/_refs.py": internal,
             "web/_impl/node.ts": "export const LABEL_ONE = 1;\nexport const LABEL_TWO = 2;\n",
             "web/router.ts": "export const routeOne = 1;\nexport const routeTwo = 2;\n",
             "pkg/_lint/rules.py": "RULES = ['MR001', 'MR002']\n",
             "docs/refs.md": "Use `pkg.parse_ref`, `walk_ref` and `parse_ref`.\n",
             "docs/lint.md": "Rules `MR001` and `MR002`.\n",
             "docs/labels.md": "`LABEL_ONE`, `LABEL_TWO`, `routeOne` and `routeTwo`.\n"}
    head = {"pkg/__init__.py": files["pkg/__init__.py"]
            + "from pkg._internal._refs import split_ref\n",
            "pkg/_internal/_refs.py": internal + "\n\ndef split_ref(text):\n    return text\n"
            "\n\ndef join_ref(text):\n    return text\n",
            "web/_impl/node.ts": files["web/_impl/node.ts"] + "export const LABEL_THREE = 3;\n",
            "web/router.ts": files["web/router.ts"] + "export const routeThree = 3;\n",
            "pkg/_lint/rules.py": "RULES = ['MR001', 'MR002', 'MR003']\n"}
    data = run_json(pr_repo(tmp_path, files, head), "main")
    # re-exported by the package: published; its private neighbour and the TS file under a
    # private folder are not; the same change in a public TS file is; and a table's new key
    # is a value users write (a rule code), wherever the table is kept
    assert sorted(entry["token"] for entry in data["new_api"]) == ["MR003", "pkg.split_ref",
                                                                   "routeThree"]


def test_a_new_name_in_example_code_is_no_new_api(tmp_path: Path) -> None:
    files = {"pkg/__init__.py": "", "pkg/tools.py": "def first_tool():\n    return 1\n",
             "docs_src/tutorial001.py": "def create():\n    return 1\n",
             "examples/app/main.ts": "export const helperOne = 1;\n"}
    head = {"pkg/tools.py": files["pkg/tools.py"] + "\n\ndef second_tool():\n    return 2\n",
            "docs_src/tutorial001.py": files["docs_src/tutorial001.py"]
            + "\n\ndef delete():\n    return 2\n",
            "examples/app/main.ts": files["examples/app/main.ts"]
            + "export const helperTwo = 2;\n"}
    data = run_json(pr_repo(tmp_path, files, head), "main")
    # what a tutorial shows the reader writing is never what they import
    assert [entry["token"] for entry in data["new_api"]] == ["pkg.tools.second_tool"]


def test_a_page_naming_the_new_symbol_s_file_siblings_ranks_above_its_namespace_family(
        tmp_path: Path) -> None:
    init = ("from ui._impl.slider import slider_step, slider_size\n"
            "from ui._impl.other import table_view, button_row, chart_grid\n")
    slider = "def slider_step():\n    return 1\n\n\ndef slider_size():\n    return 2\n"
    files = {"ui/__init__.py": init, "ui/_impl/__init__.py": "", "ui/_impl/slider.py": slider,
             "ui/_impl/other.py": "".join(f"def {name}():\n    return 0\n\n\n" for name in (
                 "table_view", "button_row", "chart_grid")),
             "docs/family.md": "`ui.table_view`, `ui.button_row`, `ui.chart_grid`.\n",
             "docs/kin.md": "`slider_step` and `slider_size`.\n"}
    head = {"ui/__init__.py": init + "from ui._impl.slider import slider_range\n",
            "ui/_impl/slider.py": slider + "\n\ndef slider_range():\n    return 3\n"}
    data = run_json(pr_repo(tmp_path, files, head), "main")
    homes = {entry["token"]: entry["suggested_pages"] for entry in data["new_api"]}
    assert homes["ui.slider_range"] == ["docs/kin.md", "docs/family.md"]


def test_a_new_symbol_of_a_module_a_page_documents_is_a_row_not_new_api(
        tmp_path: Path) -> None:
    # a page only rendering the module is no row (docs/concepts/anchoring-rules.md#rendering-pages)
    # and no New API's home either: its build renders the new name by itself
    files = {"pkg/__init__.py": "", "pkg/tools.py": "def first_tool():\n    return 1\n",
             "docs/tools.md": "The tools.\n\n::: pkg.tools\n",
             "docs/api/tools.md": "::: pkg.tools\n"}
    data = run_json(pr_repo(tmp_path, files, {"pkg/tools.py": (
        files["pkg/tools.py"] + "\n\ndef second_tool():\n    return 2\n")}), "main")
    assert rows(data) == {"docs/tools.md": ["pkg.tools.second_tool"]}
    assert data["new_api"] == []


CONFIG_BASE = ('class App:\n    default_config = dict({\n        "DEBUG": None,\n'
               '        "SESSION_COOKIE_PATH": None,\n        "SESSION_COOKIE_SECURE": False,\n'
               '    })\n')
CONFIG_DOCS = {"docs/config.rst": ".. py:data:: SESSION_COOKIE_PATH\n\n"
                                  ".. py:data:: SESSION_COOKIE_SECURE\n",
               "docs/one.rst": "Set ``SESSION_COOKIE_PATH``.\n",
               # a release note names siblings too, in passing: never a home
               "CHANGES.rst": "- Add ``SESSION_COOKIE_PATH`` and ``SESSION_COOKIE_SECURE``.\n"}


def test_a_new_key_of_a_table_is_new_api_homed_by_the_page_naming_its_siblings(
        tmp_path: Path) -> None:
    head = CONFIG_BASE.replace('"DEBUG": None,\n', '"DEBUG": None,\n'
                                                   '        "SESSION_COOKIE_PARTITIONED": False,\n')
    data = run_json(pr_repo(tmp_path, {"app/__init__.py": "", "app/main.py": CONFIG_BASE,
                                       **CONFIG_DOCS}, {"app/main.py": head}), "main")
    assert data["new_api"] == [{"token": "SESSION_COOKIE_PARTITIONED", "file": "app/main.py",
                                "suggested_pages": ["docs/config.rst"]}]


@pytest.mark.parametrize(("head", "why"), [
    # the base file already wrote the key (moved within the table): nothing new
    (CONFIG_BASE.replace('"DEBUG": None,\n        "SESSION_COOKIE_PATH": None,\n',
                         '"SESSION_COOKIE_PATH": None,\n        "DEBUG": None,\n'), "moved"),
    # a key of a dict built inside a function is a payload field, not published surface
    (CONFIG_BASE + 'def payload():\n    return {"user_id": 1, "SESSION_COOKIE_PATH": 2,\n'
                   '            "SESSION_COOKIE_SECURE": 3, "NEW_FLAG_KEY": 4}\n', "in a function"),
    # a table of one other key has no siblings a page could name
    (CONFIG_BASE.replace("class App:", 'SMALL = [\n    "ALPHA_KEY",\n    "BETA_KEY",\n]\n'
                         'class App:'), "too small"),
    # a module-level dict's keys are its declared members, new API under their own names
    (CONFIG_BASE + 'LIMITS = {"ALPHA_KEY": 1, "BETA_KEY": 2, "GAMMA_KEY": 3}\n', "declared"),
])
def test_a_table_key_that_is_not_new_surface_is_no_new_api(tmp_path: Path, head: str,
                                                             why: str) -> None:
    data = run_json(pr_repo(tmp_path, {"app/__init__.py": "", "app/main.py": CONFIG_BASE,
                                       **CONFIG_DOCS}, {"app/main.py": head}), "main")
    keys = {"DEBUG", "SESSION_COOKIE_PATH", "NEW_FLAG_KEY", "ALPHA_KEY", "BETA_KEY", "GAMMA_KEY"}
    assert [e for e in data["new_api"] if e["token"] in keys] == [], why


def test_a_new_key_of_a_module_dict_is_one_entry_homed_by_the_page_naming_its_keys(
        tmp_path: Path) -> None:
    old = 'RULES = {\n    "MR001": "self_import",\n    "MR002": "unused_cell",\n}\n'
    new = old.replace("}\n", '    "MR003": "shadowed_name",\n}\n')
    docs = {"docs/rules.md": "| `MR001` | `MR002` |\n", "docs/other.md": "`MR001` only\n"}
    data = run_json(pr_repo(tmp_path, {"lint/__init__.py": "", "lint/rules.py": old, **docs},
                            {"lint/rules.py": new}), "main")
    assert data["new_api"] == [{"token": "lint.rules.RULES.MR003", "file": "lint/rules.py",
                                "suggested_pages": ["docs/rules.md"]}]


@pytest.mark.parametrize(("path", "old", "new"), [
    ("web/codes.ts", "export type Code = 'not_found' | 'permission_denied' | 'rate_limited';\n",
     "export type Code = 'not_found' | 'permission_denied' | 'rate_limited' | 'quota_spent';\n"),
    ("app/codes.py", "Code = Literal['not_found', 'permission_denied', 'rate_limited']\n",
     "Code = Literal['not_found', 'permission_denied', 'rate_limited', 'quota_spent']\n"),
])
def test_a_new_member_of_a_union_of_literals_is_homed_by_the_page_naming_its_siblings(
        tmp_path: Path, path: str, old: str, new: str) -> None:
    docs = {"docs/errors.md": "| `not_found` | `permission_denied` |\n",
            "docs/other.md": "`rate_limited` only\n"}
    data = run_json(pr_repo(tmp_path, {"app/__init__.py": "", path: old, **docs}, {path: new}),
                    "main")
    homes = {entry["token"]: entry["suggested_pages"] for entry in data["new_api"]}
    assert homes["quota_spent"] == ["docs/errors.md"]


def test_a_new_member_of_a_ts_registry_is_homed_by_the_page_naming_its_siblings(
        tmp_path: Path) -> None:
    old = "export const RULE_CODES = [\n  'MR001',\n  'MR002',\n] as const;\n"
    new = old.replace("] as const", "  'MR003',\n] as const")
    docs = {"docs/rules.md": "| `MR001` | `MR002` |\n", "docs/other.md": "`MR001` only\n"}
    data = run_json(pr_repo(tmp_path, {"web/rules.ts": old, **docs}, {"web/rules.ts": new}),
                    "main")
    homes = {entry["token"]: entry["suggested_pages"] for entry in data["new_api"]}
    assert homes["MR003"] == ["docs/rules.md"]


def test_a_new_symbol_a_page_already_names_is_a_row_not_new_api(tmp_path: Path) -> None:
    docs = {"docs/client.md": "Soon: `sendLater`.\n"}
    data = run_json(pr_repo(tmp_path, {"web/c.ts": "export const a = 1;\n", **docs},
                            {"web/c.ts": "export const a = 1;\nexport function sendLater() {}\n"}),
                    "main")
    assert data["new_api"] == [] and rows(data) == {"docs/client.md": ["sendLater"]}


def test_a_new_name_only_a_changelog_writes_is_new_api(tmp_path: Path) -> None:
    """werkzeug's new ``send_file``, which ``CHANGES.rst`` wrote as "Flask's ``send_file()``":
    a release note names it in passing, so it is still new API, and its home is suggested."""
    old = "def send_from_directory():\n    pass\n\n\ndef safe_join():\n    pass\n"
    new = old + "\n\ndef send_file():\n    pass\n"
    docs = {"docs/utils.rst": "Use ``send_from_directory`` and ``safe_join``.\n",
            "CHANGES.rst": "Ported Flask's ``send_file()``.\n"}
    data = run_json(pr_repo(tmp_path, {"web/utils.py": old, **docs}, {"web/utils.py": new}),
                    "main")
    assert data["new_api"] == [{"token": "utils.send_file", "file": "web/utils.py",
                                "suggested_pages": ["docs/utils.rst"]}]
    assert rows(data) == {"CHANGES.rst": ["send_file"]}


def test_a_new_name_a_hand_written_page_writes_is_no_new_api(tmp_path: Path) -> None:
    old = "def send_from_directory():\n    pass\n\n\ndef safe_join():\n    pass\n"
    new = old + "\n\ndef send_file():\n    pass\n"
    docs = {"docs/utils.rst": "Use ``send_from_directory`` and ``safe_join``.\n",
            "docs/files.rst": "Soon: ``send_file()``.\n",
            "CHANGES.rst": "Ported Flask's ``send_file()``.\n"}
    data = run_json(pr_repo(tmp_path, {"web/utils.py": old, **docs}, {"web/utils.py": new}),
                    "main")
    assert data["new_api"] == []
    assert rows(data) == {"CHANGES.rst": ["send_file"], "docs/files.rst": ["send_file"]}


# -- package re-exports ----------------------------------------------------------------------

REEXPORT_BASE = {
    "pkg/__init__.py": "from pkg.chat import chat\nfrom pkg.util import helper\n",
    "pkg/chat.py": "def chat():\n    return 1\n",
    "pkg/util.py": "def helper():\n    return 1\n\n\ndef extra_tool():\n    return 2\n",
    "docs/chat.md": "Call `pkg.chat()` to start.\n",
    "docs/bare.md": "Then `chat()` again.\n",
    "docs/tools.md": "Soon: `pkg.extra_tool`.\n",
}


def test_a_package_that_stops_re_exporting_a_name_makes_its_qualified_pages_stale(
        tmp_path: Path) -> None:
    data = run_json(pr_repo(tmp_path, REEXPORT_BASE,
                            {"pkg/__init__.py": "from pkg.util import helper\n"}), "main")
    # the module still defines `chat`: only `pkg.chat` went, so the bare page is not listed
    assert rows(data) == {"docs/chat.md": ["pkg.chat"]}
    assert data["docs"][0]["stale"] is True
    assert data["anchorless_changes"] == []


def test_a_package_that_starts_re_exporting_a_name_anchors_it_under_the_package(
        tmp_path: Path) -> None:
    data = run_json(pr_repo(tmp_path, REEXPORT_BASE, {"pkg/__init__.py": (
        REEXPORT_BASE["pkg/__init__.py"] + "from pkg.util import extra_tool\n")}), "main")
    assert rows(data) == {"docs/tools.md": ["pkg.extra_tool"]}
    assert data["docs"][0]["stale"] is False


def test_reordered_or_moved_re_exports_change_no_public_name(tmp_path: Path) -> None:
    moved = "from pkg.util import helper\nfrom pkg.talk import chat as chat\n"
    data = run_json(pr_repo(tmp_path, REEXPORT_BASE, {
        "pkg/__init__.py": moved, "pkg/chat.py": None,
        "pkg/talk.py": REEXPORT_BASE["pkg/chat.py"]}), "main")
    assert rows(data) == {} and data["new_api"] == []
    # a rename with no line changed (chat.py -> talk.py) is anchorless too
    assert "pkg/__init__.py" in [entry["path"] for entry in data["anchorless_changes"]]


def test_an_import_the_all_list_leaves_out_is_no_re_export(tmp_path: Path) -> None:
    base = {**REEXPORT_BASE, "pkg/__init__.py": (REEXPORT_BASE["pkg/__init__.py"]
                                                 + "__all__ = ['chat', 'helper']\n")}
    data = run_json(pr_repo(tmp_path, base, {"pkg/__init__.py": (
        "from pkg.chat import chat\nfrom pkg.util import helper, extra_tool\n"
        "__all__ = ['chat', 'helper']\n")}), "main")
    assert rows(data) == {} and data["new_api"] == []


def test_a_new_re_export_no_page_names_is_new_api_homed_by_its_package_family(
        tmp_path: Path) -> None:
    base = {**REEXPORT_BASE, "docs/tools.md": "Use `pkg.chat` and `pkg.helper`.\n"}
    data = run_json(pr_repo(tmp_path, base, {"pkg/__init__.py": (
        REEXPORT_BASE["pkg/__init__.py"] + "from pkg.util import extra_tool\n")}), "main")
    assert rows(data) == {}
    assert data["new_api"] == [{"token": "pkg.extra_tool", "file": "pkg/__init__.py",
                                "suggested_pages": ["docs/tools.md"]}]


BARREL_BASE = {
    "web/c.ts": "export function sendNow() {}\nexport function sendLater() {}\n",
    "web/index.ts": "export { sendNow } from './c';\n",
    "docs/later.md": "Call `sendLater()` when idle.\n",
    "docs/now.md": "Call `sendNow()` first.\n",
}


@pytest.mark.parametrize(("barrel", "listed"), [
    ("export { sendNow, sendLater } from './c';\n", {"docs/later.md": ["sendLater"]}),
    ("export { sendNow as sendFirst } from './c';\n", {"docs/now.md": ["sendNow"]}),
    ("export {};\n", {"docs/now.md": ["sendNow"]}),
])
def test_a_ts_barrel_that_starts_or_stops_exporting_a_name_anchors_it(
        tmp_path: Path, barrel: str, listed: dict[str, list[str]]) -> None:
    data = run_json(pr_repo(tmp_path, BARREL_BASE, {"web/index.ts": barrel}), "main")
    assert rows(data) == listed
    # another entry point may still export it: changed, never certain (stale) drift
    assert not any(row["stale"] for row in data["docs"])
    assert data["anchorless_changes"] == []


def test_a_name_a_change_declares_and_re_exports_is_attributed_to_its_own_file(
        tmp_path: Path) -> None:
    # the barrel sorts before the file declaring the name, and is read first
    base = {"web/index.ts": "export { sendNow } from './zeta';\n",
            "web/zeta.ts": "export function sendNow() {}\n"}
    data = run_json(pr_repo(tmp_path, base, {
        "web/index.ts": "export { sendNow, sendSoon } from './zeta';\n",
        "web/zeta.ts": base["web/zeta.ts"] + "export function sendSoon() {}\n"}), "main")
    assert [(a["token"], a["file"]) for a in data["anchors"]] == [("sendSoon", "web/zeta.ts")]
    assert [(e["token"], e["file"]) for e in data["new_api"]] == [("sendSoon", "web/zeta.ts")]


def test_a_ts_barrel_reordered_exports_nothing_new(tmp_path: Path) -> None:
    base = {**BARREL_BASE, "web/index.ts": "export { sendNow, sendLater } from './c';\n"}
    data = run_json(pr_repo(tmp_path, base, {
        "web/index.ts": "export { sendLater } from './c';\nexport { sendNow } from './c';\n"}),
        "main")
    assert rows(data) == {}
    assert [entry["path"] for entry in data["anchorless_changes"]] == ["web/index.ts"]


# -- inline route handlers -----------------------------------------------------------------

EXPRESS = ("app.get('/api/v1/items', async (req, res) => {\n  const rows = load();\n"
           "  res.json(rows);\n});\nfunction other() {\n  return 1;\n}\n")
FLASK = ('@app.route("/api/v1/users/<id>")\ndef show_user(id):\n    user = find(id)\n'
         "    return user\n\n\ndef helper():\n    return 1\n")


@pytest.mark.parametrize(("path", "source", "old", "new", "routes"), [
    ("web/app.ts", EXPRESS, "const rows = load();", "const rows = load(1);", ["/api/v1/items"]),
    ("web/app.ts", EXPRESS, "return 1;", "return 2;", []),      # outside the registration
    ("api/app.py", FLASK, "user = find(id)", "user = find(int(id))", ["/api/v1/users/<id>"]),
    ("api/app.py", FLASK, "return 1", "return 2", []),
])
def test_a_change_inside_an_inline_handler_anchors_its_route(
        tmp_path: Path, path: str, source: str, old: str, new: str, routes: list[str]) -> None:
    docs = {"docs/api.md": "`GET /api/v1/items` and `GET /api/v1/users/{id}`.\n"}
    data = run_json(pr_repo(tmp_path, {path: source, **docs}, {path: source.replace(old, new)}),
                    "main")
    assert [a["token"] for a in data["anchors"] if a["kind"] == "route"] == routes
    assert bool(data["docs"]) is bool(routes)


SPLIT = ("router.get(\n  '/api/v1/items',\n  async (req, res) => {\n    const rows = load();\n"
         "    res.json(rows);\n  });\n")
"""A registration whose path is on the line after the call: no registrar hint finds it."""


@pytest.mark.parametrize(("configured", "routes"), [(False, []), (True, ["/api/v1/items"])])
def test_a_configured_registrar_anchors_its_inline_handlers_without_a_hint(
        tmp_path: Path, configured: bool, routes: list[str]) -> None:
    config = {"govern.toml": '[routes]\nregistrars = ["web/app.ts"]\n'} if configured else {}
    docs = {"docs/api.md": "`GET /api/v1/items`.\n"}
    data = run_json(pr_repo(tmp_path, {"web/app.ts": SPLIT, **docs, **config},
                            {"web/app.ts": SPLIT.replace("load()", "load(1)")}), "main")
    assert [a["token"] for a in data["anchors"] if a["kind"] == "route"] == routes


def test_both_sides_registrar_scans_are_cached_for_the_next_run(tmp_path: Path) -> None:
    new = EXPRESS.replace("load()", "load(1)")
    repo = pr_repo(tmp_path, {"web/app.ts": EXPRESS, "docs/api.md": "`GET /api/v1/items`\n"},
                   {"web/app.ts": new})
    first = run_json(repo, "main")
    cached = json.loads(next((repo.root / ".git" / "govern").glob("bridge-scans-*.json"))
                        .read_text())
    blobs = {repo.git("rev-parse", f"{ref}:web/app.ts").strip() for ref in ("main", "pr")}
    assert {key for key in json.dumps(cached).split('"') if key.startswith("r:")} >= {
        f"r:{blob}" for blob in blobs}
    assert run_json(repo, "main") == first  # the warm run answers from them alike
    assert [a["token"] for a in first["anchors"] if a["kind"] == "route"] == ["/api/v1/items"]


# -- inherited members -----------------------------------------------------------------------

@pytest.mark.parametrize(("language", "source", "lines", "expected"), [
    ("typescript", "export class Base {\n  load() {}\n  save() {}\n}\n"
                   "export class Sub extends Base {\n  save() {}\n}\n"
                   "export class Leaf extends Sub {}\nexport class Other {}\n",
     {2, 3}, ["Base.load", "Base.save", "Sub.load", "Leaf.load"]),   # Sub overrides save
    ("typescript", "export interface Api {\n  fetchAll(): void;\n}\n"
                   "export class Impl implements Api {\n  fetchAll() {}\n}\n",
     {2}, ["Api.fetchAll"]),                                          # Impl has its own
    ("python", "class Base:\n    def load(self):\n        return 1\n\n"
               "class Sub(Base):\n    pass\n\nclass _Hidden(Base):\n    pass\n",
     {3}, ["Base.load", "Sub.load"]),                                 # a private subclass: no
    ("python", "class Base:\n    def load(self):\n        return 1\n\nclass Other:\n    pass\n",
     {3}, ["Base.load"]),
])
def test_a_base_member_change_anchors_the_subclasses(language: str, source: str,
                                                     lines: set[int], expected: list[str]) -> None:
    data = source.encode()
    if language == "python":
        result = extract_python(data, frozenset(lines))
    else:
        result = extract_typescript(data, frozenset(lines), language)
    assert [d.key for d in result.touched] == expected
    assert set(expected) <= result.declared


@pytest.mark.parametrize(("classes", "inherited"), [(MAX_INHERITING, True),
                                                   (MAX_INHERITING + 1, False)])
def test_a_member_too_many_classes_inherit_anchors_its_own_class_only(
        classes: int, inherited: bool) -> None:
    source = "class Base:\n    def load(self):\n        return 1\n" + "".join(
        f"\n\nclass Sub{i}(Base):\n    pass\n" for i in range(classes))
    result = extract_python(source.encode(), frozenset({3}))
    keys = [d.key for d in result.touched]
    assert keys[0] == "Base.load"
    assert len(keys) == (1 + classes if inherited else 1)
    assert result.widely_inherited == (0 if inherited else 1)



def test_the_report_says_what_a_widely_inherited_member_anchors() -> None:
    # the trial's reader could not parse "members that more than 64 classes … inherit"
    assert skipped_label("widely_inherited") == (
        f"changed member(s) inherited by more than {MAX_INHERITING} classes of their file "
        "(anchored on their own class only, not on each subclass)")


def test_an_inherited_member_is_a_row_and_never_stale(tmp_path: Path) -> None:
    source = ("class Base:\n    def load_all(self):\n        return 1\n\n"
              "class Client(Base):\n    pass\n")
    data = run_json(pr_repo(tmp_path, {"lib/c.py": source,
                                       "docs/c.md": "Call `Client.load_all`.\n"},
                            {"lib/c.py": source.replace("return 1", "return 2")}), "main")
    assert data["docs"] == [{"path": "docs/c.md", "release_owned": False, "stale": False,
                             "anchors": [{"kind": "symbol", "token": "Client.load_all",
                                          "side": "both"}],
                             "evidence": [{"rule": "qualified_name", "kind": "symbol",
                                           "token": "Client.load_all", "lines": [1]}]}]


def test_a_vague_registrar_tail_reaches_no_ledger_row(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {
        "web/app.ts": ("app.get(`${base}/*`, (c) => proxy(c));\n"
                       "app.get(`${base}/sharing/rules`, (c) => rules(c));\n"),
        "web/route-ledger.ts": ("export const L = [\n"
                                "  { route: 'GET /api/v1/sharing/rules', client: 'share.rules' },\n"
                                "  { route: 'GET /api/v1/other/thing', client: 'other.thing' },\n"
                                "];\n")})
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "affected-docs",
                                      "--bridge-coverage", "--json"])
    coverage = json.loads(result.stdout)["bridge_coverage"]
    assert (coverage["client_bound_rows"], coverage["reachable"]) == (2, 1)
    assert [row["route"] for row in coverage["unreachable"]] == ["GET /api/v1/other/thing"]


def test_a_new_class_s_class_level_field_still_anchors_bare(tmp_path: Path) -> None:
    """marimo's new ``AnthropicConfig.api_key`` is a key its configuration docs write bare."""
    config = "class AnthropicConfig:\n    api_key: str\n"
    files = {"shop/__init__.py": "", "shop/config.py": PROPS_BASE,
             "docs/ai.md": "Set `api_key` in the `[ai.anthropic]` table.\n"}
    data = run_json(pr_repo(tmp_path, files, {"shop/config.py": PROPS_BASE + "\n\n" + config}),
                    "main")
    assert "api_key" in rows(data).get("docs/ai.md", [])
