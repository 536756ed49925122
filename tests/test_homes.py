"""Module home pages: the page named after a changed file, or holding a directive of exactly
its module, is a row of its own, ranked below every name match
(docs/concepts/anchoring-rules.md#module-homes)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from govern.drift.homes import _code_stems, stem_key
from tests.helpers import pr_repo, run_json

PKG = {"pkg/pyproject.toml": '[project]\nname = "acme"\n',
       "pkg/src/acme/__init__.py": ""}
ROUTING = "class Router:\n    def add_route(self, path):\n        return path\n"
CHANGED = ROUTING.replace("return path", "return path.strip()")
PROSE = "# Routing\n\nHow paths reach their handlers.\n"


def _rows(tmp_path: Path, base: dict[str, str], change: dict[str, str | None]) -> list[dict]:  # type: ignore[type-arg]
    data = run_json(pr_repo(tmp_path, {**PKG, **base}, change), "main")
    return list(data["docs"])


def test_the_page_named_after_the_file_is_a_row_below_the_name_matches(tmp_path: Path) -> None:
    rows = _rows(tmp_path, {"pkg/src/acme/routing.py": ROUTING, "docs/routing.md": PROSE,
                            "docs/guide.md": "# Guide\n\nCall `Router.add_route`.\n"},
                 {"pkg/src/acme/routing.py": CHANGED})
    assert [row["path"] for row in rows] == ["docs/guide.md", "docs/routing.md"]
    assert rows[1]["evidence"] == [{"rule": "module_home", "kind": "symbol",
                                    "token": "acme.routing.Router.add_route", "lines": []}]
    assert rows[1]["stale"] is False


@pytest.mark.parametrize(("files", "home"), [
    # fastify's lib/route.js is documented on Routes.md
    ({"pkg/src/acme/route.py": ROUTING}, ["docs/Routes.md"]),
    # a second module of the plural's stem: the page is neither's
    ({"pkg/src/acme/route.py": ROUTING, "pkg/src/acme/routes.py": ROUTING}, []),
    # a page of the module's own stem is its home, before any plural
    ({"pkg/src/acme/route.py": ROUTING, "docs/route.md": PROSE}, ["docs/route.md"]),
])
def test_a_plural_page_is_the_home_of_its_singular_module(tmp_path: Path, files: dict[str, str],
                                                          home: list[str]) -> None:
    rows = _rows(tmp_path, {**files, "docs/Routes.md": PROSE},
                 {"pkg/src/acme/route.py": CHANGED})
    assert [row["path"] for row in rows] == home


def test_a_folder_module_has_its_folder_page_as_home(tmp_path: Path) -> None:
    rows = _rows(tmp_path, {"pkg/src/acme/middleware/__init__.py": ROUTING,
                            "docs/middleware/index.md": "# Middleware\n\nLayers.\n",
                            "docs/other/index.md": "# Other\n\nNothing here.\n"},
                 {"pkg/src/acme/middleware/__init__.py": CHANGED})
    assert [row["path"] for row in rows] == ["docs/middleware/index.md"]


@pytest.mark.parametrize(("pages", "expected"), [
    # three pages share the stem: none of them is the module's home
    (["docs/a/routing.md", "docs/b/routing.md", "docs/c/routing.md"], []),
    # two at the same depth are as ambiguous
    (["docs/a/routing.md", "docs/b/routing.md"], []),
    # of two, the shallower is the reference page, the deeper a tutorial step
    (["docs/routing.md", "docs/tutorial/routing.md"], ["docs/routing.md"]),
    # a release-owned page is never a module's home
    (["docs/releases/routing.md"], []),
])
def test_an_ambiguous_stem_names_no_home(tmp_path: Path, pages: list[str],
                                         expected: list[str]) -> None:
    rows = _rows(tmp_path, {"pkg/src/acme/routing.py": ROUTING, **dict.fromkeys(pages, PROSE)},
                 {"pkg/src/acme/routing.py": CHANGED})
    assert [row["path"] for row in rows if not row["release_owned"]] == expected


def test_a_file_name_two_code_files_share_names_no_home(tmp_path: Path) -> None:
    rows = _rows(tmp_path, {"pkg/src/acme/routing.py": ROUTING,
                            "pkg/src/acme/web/routing.py": "VALUE = 1\n",
                            "docs/routing.md": PROSE},
                 {"pkg/src/acme/routing.py": CHANGED})
    assert rows == []


def test_a_vague_stem_is_no_home(tmp_path: Path) -> None:
    rows = _rows(tmp_path, {"pkg/src/acme/utils.py": ROUTING, "docs/utils.md": PROSE},
                 {"pkg/src/acme/utils.py": CHANGED})
    assert rows == []


def test_a_directive_of_exactly_the_module_is_a_home(tmp_path: Path) -> None:
    # Four pages document the whole package, so the share guard drops every name of the
    # change: only the directive of the module itself still puts a page on the list.
    packages = {f"docs/p{i}.md": "# Package\n\n::: acme\n" for i in range(4)}
    base = {"pkg/src/acme/routing.py": ROUTING, **packages,
            "docs/reference.md": "# Reference\n\n::: acme.routing\n\nRouting.\n"}
    signed = ROUTING.replace("(self, path)", "(self, path, name=None)")
    rows = _rows(tmp_path, base, {"pkg/src/acme/routing.py": signed})
    assert [(row["path"], row["evidence"]) for row in rows] == [
        ("docs/reference.md", [{"rule": "module_home", "kind": "symbol",
                                "token": "acme.routing.Router.add_route", "lines": [3]}])]
    # a change inside the method's body shows nothing the directive renders
    assert _rows(tmp_path / "body", base, {"pkg/src/acme/routing.py": CHANGED}) == []


def test_a_named_page_rendering_the_module_is_no_home_of_a_body_change(tmp_path: Path) -> None:
    # alembic's api/commands.rst holds ``.. automodule:: alembic.command``: what it shows of
    # command.py is signatures and docstrings, which a change inside a body leaves as it was
    base = {"pkg/src/acme/routing.py": ROUTING,
            "docs/routing.md": "# Routing\n\nHow requests find their handler.\n\n"
                               "::: acme.routing\n"}
    assert _rows(tmp_path / "body", base, {"pkg/src/acme/routing.py": CHANGED}) == []
    signed = ROUTING.replace("(self, path)", "(self, path, name=None)")
    assert [row["path"] for row in _rows(tmp_path / "signature", base,
                                         {"pkg/src/acme/routing.py": signed})] == [
        "docs/routing.md"]


@pytest.mark.parametrize(("config", "expected"), [
    ("", ["docs/routing.md"]),
    # a name the user called generic feeds no home either
    ('[anchors]\ngeneric_names = ["widget"]\n', []),
])
def test_a_generic_name_feeds_no_home(tmp_path: Path, config: str,
                                      expected: list[str]) -> None:
    base = {"web/package.json": '{"name": "web"}\n', "govern.toml": config,
            "web/src/routing.ts": "export function widget() { return 1; }\n",
            "docs/routing.md": PROSE}
    data = run_json(pr_repo(tmp_path, base, {
        "web/src/routing.ts": "export function widget() { return 2; }\n"}), "main")
    assert [row["path"] for row in data["docs"]] == expected


@pytest.mark.parametrize(("path", "key"), [
    ("starlette/routing.py", "routing"),
    ("docs/routing.md", "routing"),
    ("www/docs/client/use-query.mdx", "usequery"),
    ("src/useQuery.ts", "usequery"),
    ("pkg/middleware/__init__.py", "middleware"),
    ("docs/middleware/README.md", "middleware"),
    ("docs/Reference/Routes.md", "routes"),
    # stems that name no one module
    ("pkg/utils.py", None),
    ("docs/api.md", None),
    ("pkg/_types.py", None),
    ("README.md", None),
    ("docs/index.md", None),
    ("src/core/index.ts", None),
    ("web/a.ts", None),  # too short to mean one module
    ("docs/io.md", None),
])
def test_stem_key(path: str, key: str | None) -> None:
    assert stem_key(path) == key


@pytest.mark.parametrize("extra", [[], ["docs/Größe.md"], ["odd\nname/routing.py"]])
def test_code_stems_are_those_of_each_path(extra: list[str]) -> None:
    """Counted on the paths whose folded text holds a stem: the same counts as each path's own
    stem, in an ASCII tree and in one with a path not in ASCII or holding a newline."""
    tree = ["src/Use-Query.ts", "lib/use_query.js", "src/routing/index.ts", "src/routing.py",
            "src/__Routing__.py", "docs/routes.md", "src/routes.py", "src/myrouting.py",
            "README.md", *extra]
    counted = {"usequery", "routing", "routings", "routes"}
    expected = Counter(key for path in tree if (key := stem_key(path)) in counted
                       and path.endswith((".py", ".ts", ".js")))
    assert _code_stems(tree, counted, lambda path: path.endswith((".py", ".ts", ".js"))) \
        == expected == Counter({"routing": 4 if extra[:1] == ["odd\nname/routing.py"] else 3,
                                "usequery": 2, "routes": 1})


SIGNPOST = ('---\ntitle: Routing\nhide_title: true\n---\n\n<script async src="//cdn.example/'
            'ads.js?serve=X" id="ads"></script>\n\n# This document has been updated and moved\n\n'
            "[Please click on this link to open the updated version.](../routing-guide.md)\n")


@pytest.mark.parametrize(("page", "home"), [
    # mobx's refguide/configure.md: front matter, a script tag, a heading and one link
    (SIGNPOST, False),
    # an rst title and a link, an HTML comment, a reference link and its definition
    ("Routing\n=======\n\n`Moved <https://example.org/routing>`_\n", False),
    ("<!-- moved -->\n# Routing\n\n[See the guide][guide]\n\n[guide]: ../guide.md\n", False),
    # one sentence of its own is a page about the module
    (SIGNPOST + "\nRoutes map paths to handlers.\n", True),
    # and so is code, or a list item's words besides a link
    ("# Routing\n\n```py\nrouter.add_route('/')\n```\n", True),
    ("# Routing\n\n- [Router](../router.md) adds routes\n", True),
])
def test_a_signpost_named_after_the_file_is_no_home(tmp_path: Path, page: str,
                                                    home: bool) -> None:
    suffix = ".rst" if "=====" in page else ".md"
    rows = _rows(tmp_path, {"pkg/src/acme/routing.py": ROUTING, f"docs/ref/routing{suffix}": page},
                 {"pkg/src/acme/routing.py": CHANGED})
    assert [row["path"] for row in rows] == ([f"docs/ref/routing{suffix}"] if home else [])


def test_a_signpost_leaves_the_home_to_the_page_it_shares_its_stem_with(tmp_path: Path) -> None:
    """Of two pages named after the file, the shallower is the home; a shallower signpost
    (the old page, moved deeper) is none, and the page it points to is."""
    rows = _rows(tmp_path, {"pkg/src/acme/routing.py": ROUTING, "docs/routing.md": SIGNPOST,
                            "docs/guide/routing.md": PROSE},
                 {"pkg/src/acme/routing.py": CHANGED})
    assert [row["path"] for row in rows] == ["docs/guide/routing.md"]
