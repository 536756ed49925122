"""A new member's siblings for New API are its container's other members and the container
itself (kin), and its file's top-level declarations (family): the page naming the container
and one other member is its home (docs/concepts/anchoring-rules.md#new-api). zustand's
``38c90556`` added ``PersistOptions.skipHydration``, whose other members are mostly plain words
(``name``, ``storage``, ``version``), while ``docs/integrations/persisting-store-data.md``
names ``PersistOptions``, ``onRehydrateStorage``, ``createJSONStorage`` and ``StateStorage``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import pr_repo, run_json

PERSIST = ("export interface StateStorage {\n  getItem: (name: string) => string\n}\n\n"
           "export function createJSONStorage(): StateStorage {\n"
           "  return { getItem: () => '' }\n}\n\n"
           "export interface PersistOptions<S> {\n  /** The name. */\n  name: string\n"
           "  /** Called on rehydrate. */\n  onRehydrateStorage?: (state: S) => void\n"
           "  /** Migrates. */\n  migrateState?: (state: unknown) => S\n}\n")
SKIP = PERSIST.replace("  migrateState?: (state: unknown) => S\n",
                       "  migrateState?: (state: unknown) => S\n  /** Skips. */\n"
                       "  skipHydration?: boolean\n")


def _homes(tmp_path: Path, pages: dict[str, str], base: str = PERSIST, head: str = SKIP,
           path: str = "src/persist.ts") -> dict[str, list[str]]:
    data = run_json(pr_repo(tmp_path, {path: base, **pages}, {path: head}), "main")
    return {entry["token"]: entry["suggested_pages"] for entry in data["new_api"]}


@pytest.mark.parametrize(("page", "home"), [
    # the container and one other member: two siblings
    ("`PersistOptions` has `onRehydrateStorage`.\n", True),
    # the file's other declarations are the member's family
    ("Use `createJSONStorage` with a `StateStorage`.\n\n### `onRehydrateStorage`\n", True),
    ("`PersistOptions` comes with `createJSONStorage`.\n", True),
    # one sibling is no home, whichever it is
    ("Pass `PersistOptions` to `persist`.\n", False),
    ("Wrap it in `createJSONStorage`.\n", False),
    ("### `onRehydrateStorage`\n\nCalled on rehydrate.\n", False),
    # a plain word is no sibling: `name` is any object's
    ("`PersistOptions` has a `name`.\n", False),
])
def test_a_new_member_s_container_is_its_sibling_and_its_file_its_family(
        tmp_path: Path, page: str, home: bool) -> None:
    found = _homes(tmp_path, {"docs/persist.md": page})
    assert found == {"PersistOptions.skipHydration": ["docs/persist.md"] if home else []}


def test_the_page_naming_more_of_the_container_ranks_before_the_file_s(tmp_path: Path) -> None:
    pages = {"docs/a-storage.md": "`createJSONStorage` returns a `StateStorage`.\n",
             "docs/options.md": "`PersistOptions`: `onRehydrateStorage`, `migrateState`.\n"}
    assert _homes(tmp_path, pages) == {
        "PersistOptions.skipHydration": ["docs/options.md", "docs/a-storage.md"]}


def test_a_plain_word_container_is_no_sibling(tmp_path: Path) -> None:
    """A class named by a plain word (flask's ``Flask``) is written on most pages: the page
    naming it and one member is no home, the page naming two members is."""
    base = ("export class Router {\n  addRoute() { return 1 }\n"
            "  removeRoute() { return 2 }\n}\n")
    head = base.replace("  removeRoute", "  findRoute() { return 3 }\n  removeRoute")
    pages = {"docs/guide.md": "Make a `Router` and call `addRoute`.\n",
             "docs/routing.md": "Call `addRoute`, then `removeRoute`.\n"}
    assert _homes(tmp_path, pages, base, head, "src/router.ts") == {
        "Router.findRoute": ["docs/routing.md"]}


def test_a_new_top_level_declaration_keeps_its_file_as_kin_and_no_family(
        tmp_path: Path) -> None:
    head = PERSIST + "\nexport function clearStorage() {\n  return 1\n}\n"
    pages = {"docs/storage.md": "`createJSONStorage` returns a `StateStorage`.\n",
             "docs/options.md": "`PersistOptions` has `onRehydrateStorage`.\n"}
    # the container is its file's declaration, and its members are no siblings of the file's
    assert _homes(tmp_path, pages, head=head) == {"clearStorage": ["docs/storage.md"]}


def test_a_manifest_whose_only_readable_subpath_is_package_json_publishes_every_name(
        tmp_path: Path) -> None:
    """zustand's manifest maps each subpath to a build path beside it (``./middleware.d.ts``),
    which no source file is, and exports ``./package.json``, a JSON file: what the package
    publishes cannot be told, so every new name counts. An entry that is read and does not
    reach the file still rules the name out."""
    built = {"./package.json": "./package.json", ".": {"types": "./index.d.ts"},
             "./middleware": {"types": "./middleware.d.ts"}}
    files = {"src/index.ts": "export const create = 1\n",
             "src/middleware.ts": "export * from './middleware/persist'\n",
             "docs/persist.md": "`PersistOptions` has `onRehydrateStorage`.\n"}
    for name, exports, found in (("built", built, ["docs/persist.md"]),
                                 ("read", {**built, ".": "./src/index.ts"}, None)):
        manifest = json.dumps({"name": "zustand", "exports": exports})
        homes = _homes(tmp_path / name, {**files, "package.json": manifest},
                       path="src/middleware/persist.ts")
        assert homes.get("PersistOptions.skipHydration") == found


def test_the_page_holding_the_container_s_section_is_its_only_home(tmp_path: Path) -> None:
    """A heading naming the container, or the object directive defining it: the other pages
    naming two of its members name them in passing (aiohttp's CookieJar)."""
    pages = {"docs/options.md": "## `PersistOptions`\n\n`onRehydrateStorage`, `migrateState`.\n",
             "docs/guide.md": "`PersistOptions`: `onRehydrateStorage`, `migrateState`.\n"}
    assert _homes(tmp_path, pages) == {"PersistOptions.skipHydration": ["docs/options.md"]}
    rst = {"docs/client.rst": ".. module:: shop\n\n.. class:: Jar\n\n   .. method:: clear()\n\n"
                              "   .. method:: update()\n",
           "docs/guide.rst": "Call ``Jar.clear()`` then ``Jar.update()``.\n",
           "docs/other.rst": ".. module:: other\n\n.. class:: Jar\n\n   ``Jar.clear()``, "
                             "``Jar.update()``.\n"}
    jar = ("class Jar:\n    def clear(self):\n        pass\n\n"
           "    def update(self):\n        pass\n")
    grown = jar + "\n    def filter(self):\n        pass\n"
    found = _homes(tmp_path / "rst", rst, base=jar, head=grown, path="shop/__init__.py")
    assert found == {"shop.Jar.filter": ["docs/client.rst"]}


def test_a_top_level_name_keeps_every_home(tmp_path: Path) -> None:
    pages = {"docs/a.md": "## `createJSONStorage`\n\n`StateStorage`.\n",
             "docs/b.md": "`createJSONStorage` and `StateStorage`.\n"}
    grown = PERSIST + "\nexport function createMemoryStorage(): StateStorage {\n  return {}\n}\n"
    assert _homes(tmp_path, pages, head=grown) == {
        "createMemoryStorage": ["docs/a.md", "docs/b.md"]}


def test_a_plain_word_container_names_no_section(tmp_path: Path) -> None:
    """prettier's ``22d149b9f6`` added ``embeddedLanguageFormatting`` to the ``options`` object
    of ``core-options.js``; ``plugins.md`` has a ``### `options``` section, about a plugin's
    export, naming two of its members, and ``options.md`` names more of them in its tables."""
    base = ("export const options = {\n  printWidth: { type: 'int' },\n"
            "  tabWidth: { type: 'int' },\n  useTabs: { type: 'boolean' },\n}\n")
    head = base.replace("  useTabs:", "  endOfLine: { type: 'choice' },\n  useTabs:")
    pages = {"docs/options.md": "| `printWidth: <int>` |\n\n| `tabWidth: <int>` |\n\n"
                                "| `useTabs: <bool>` |\n",
             "docs/plugins.md": "### `options`\n\nRead `options.printWidth`, `options.tabWidth`.\n"}
    assert _homes(tmp_path, pages, base, head, "src/core-options.ts") == {
        "options.endOfLine": ["docs/options.md", "docs/plugins.md"]}
    # a class's name is its own, plain word or not (h3's `H3`): its section still wins
    named = {path: text.replace("options", "Options") for path, text in pages.items()}
    assert _homes(tmp_path / "named", named, base.replace("options", "Options"),
                  head.replace("options", "Options"), "src/core-options.ts") == {
        "Options.endOfLine": ["docs/plugins.md"]}
