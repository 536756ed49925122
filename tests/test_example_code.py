"""Example code: a name, literal or route only example code declares anchors only the pages
that show an example of the same folder, never by name elsewhere
(docs/concepts/anchoring-rules.md#example-code)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from govern.drift.anchors.extract import Candidate
from govern.drift.docs.corpus import Page
from govern.drift.paths import example_scopes
from tests.helpers import build_index, pr_repo, rows, run_json

WHERE = "def create_heroes():\n    return 1\n"
SELECT = "def create_heroes():\n    return 2\n"
SHOWS_WHERE = ("# Where\n\n{* ./docs_src/where/tutorial001.py *}\n\n"
               "Call `create_heroes()` first.\n")
SHOWS_SELECT = ("# Select\n\n{* ./docs_src/select/tutorial001.py *}\n\n"
                "Call `create_heroes()` first.\n")


def _run(tmp_path: Path, base: dict[str, str], change: dict[str, str | None]) -> dict[str, Any]:
    return run_json(pr_repo(tmp_path, base, change), "main")


def test_an_example_name_anchors_the_page_showing_a_sibling_not_another_example_page(
        tmp_path: Path) -> None:
    """sqlmodel: 86 examples declare ``create_db_and_tables``; a change to one of the
    ``where/`` examples is the business of the page showing ``where/`` examples, which names
    the function, and not of the page showing a ``select/`` example that names it too."""
    data = _run(tmp_path, {"docs_src/where/tutorial001.py": WHERE,
                           "docs_src/where/tutorial002.py": WHERE,
                           "docs_src/select/tutorial001.py": SELECT,
                           "docs/where.md": SHOWS_WHERE, "docs/select.md": SHOWS_SELECT},
                {"docs_src/where/tutorial002.py": WHERE.replace("1", "3")})
    assert rows(data) == {"docs/where.md": ["create_heroes"]}


def test_a_name_library_code_declares_too_anchors_by_name_anywhere(tmp_path: Path) -> None:
    data = _run(tmp_path, {"docs_src/where/tutorial001.py": WHERE,
                           "docs_src/where/tutorial002.py": WHERE,
                           "docs_src/select/tutorial001.py": SELECT,
                           "heroes/core.py": WHERE,
                           "docs/where.md": SHOWS_WHERE, "docs/select.md": SHOWS_SELECT},
                {"docs_src/where/tutorial002.py": WHERE.replace("1", "3"),
                 "heroes/core.py": WHERE.replace("1", "4")})
    assert rows(data) == {"docs/where.md": ["create_heroes"], "docs/select.md": ["create_heroes"]}


APP = ('from fastapi import FastAPI\n\napp = FastAPI()\n\n\n@app.get("/heroes/{hero_id}")\n'
       "def read_hero(hero_id: int):\n    return {\"id\": hero_id}\n")


def test_an_example_apps_route_anchors_only_pages_showing_its_folder(tmp_path: Path) -> None:
    """sqlmodel's FastAPI examples all serve ``/heroes/{hero_id}``: the page showing another
    folder's app is about that app."""
    page = ("# {name}\n\n{{* ./docs_src/{name}/tutorial001.py *}}\n\n"
            "Then `GET /heroes/{{hero_id}}`.\n")
    data = _run(tmp_path, {"docs_src/read_one/tutorial001.py": APP,
                           "docs_src/read_one/tutorial002.py": APP,
                           "docs_src/update/tutorial001.py": APP,
                           "docs/read-one.md": page.format(name="read_one"),
                           "docs/update.md": page.format(name="update")},
                {"docs_src/read_one/tutorial002.py": APP.replace('"id"', '"hero"')})
    assert rows(data) == {"docs/read-one.md": ["/heroes/{hero_id}"]}


def test_a_key_an_example_adds_to_its_table_is_no_new_api(tmp_path: Path) -> None:
    """``connect_args = {"check_same_thread": False}`` is the reader's setting, not a key of
    the library a page owes."""
    table = 'connect_args = {"echo": True, "pool": 1, "timeout": 2}\n'
    grown = table.replace("}", ', "check_same_thread": False}')
    base = {"docs/index.md": "# Index\n\nSet `echo` and `pool` and `timeout`.\n"}
    example = _run(tmp_path / "example", {**base, "docs_src/db/tutorial001.py": table},
                   {"docs_src/db/tutorial001.py": grown})
    assert example["new_api"] == []
    library = _run(tmp_path / "library", {**base, "heroes/db.py": table},
                   {"heroes/db.py": grown})
    assert [entry["token"] for entry in library["new_api"]] == [
        "db.connect_args.check_same_thread"]


def _apps(folder: str) -> dict[str, str]:
    """Four example apps whose handlers call one helper of the folder's ``database.py``."""
    app = ("from fastapi import FastAPI\n\nfrom .database import get_session\n\n"
           "app = FastAPI()\n\n\n@app.get(\"/heroes/{n}\")\ndef read_hero():\n"
           "    return get_session()\n")
    return {f"{folder}/tutorial00{n}.py": app.replace("{n}", str(n)) for n in range(1, 5)}


HELPER = "def get_session():\n    return 1\n"


def test_an_example_helper_crosses_no_route_bridge(tmp_path: Path) -> None:
    """sqlmodel's ``sqlite_file_name`` is in 115 example routes: the report is no place to
    say so, and the routes are other examples'."""
    data = _run(tmp_path / "example", {**_apps("docs_src/heroes"),
                                       "docs_src/heroes/database.py": HELPER},
                {"docs_src/heroes/database.py": HELPER.replace("1", "2")})
    assert data["cross_cutting_symbols"] == []
    library = _run(tmp_path / "library", {**_apps("heroes"), "heroes/database.py": HELPER},
                   {"heroes/database.py": HELPER.replace("1", "2")})
    assert library["cross_cutting_symbols"] == [{"token": "get_session", "routes": 4}]


def test_a_library_helper_crosses_into_no_example_apps_route(tmp_path: Path) -> None:
    """h3's ``examples/cors.ts`` calls the library's ``handleCors`` from ``app.get("/hello",
    …)``: ``/hello`` is every guide's toy path, so a change to ``handleCors`` listed four
    guides. The library's own route still bridges."""
    cors = "export function handleCors(e) {\n  return 1\n}\n"
    example = ('import { handleCors } from "../src/cors"\n'
               'app.get("/hello", (e) => handleCors(e))\n')
    guide = "# Guide\n\nCall `GET /hello` to try it.\n"
    base = {"src/cors.ts": cors, "examples/cors.ts": example, "docs/guide.md": guide}
    change = {"src/cors.ts": cors.replace("1", "2")}
    assert rows(_run(tmp_path / "example", base, change)) == {}
    library = {**base, "src/app.ts": example.replace("../src/cors", "./cors")}
    assert rows(_run(tmp_path / "library", library, change)) == {"docs/guide.md": ["/hello"]}


def test_a_docs_sites_own_code_is_no_example(tmp_path: Path) -> None:
    """vite's ``acknowledgements.md`` calls ``useSponsor()`` of its VitePress theme, under
    ``docs/``, and shows no file of its folder: the theme is the site's code."""
    code = "export function useSponsor() {\n  return 1\n}\n"
    page = "# Thanks\n\n```ts\nconst { data } = useSponsor()\n```\n"
    data = _run(tmp_path, {"docs/.vitepress/theme/composables/sponsor.ts": code,
                           "docs/acknowledgements.md": page},
                {"docs/.vitepress/theme/composables/sponsor.ts": code.replace("1", "2")})
    assert rows(data) == {"docs/acknowledgements.md": ["useSponsor"]}


def test_an_example_no_page_shows_by_path_anchors_by_name(tmp_path: Path) -> None:
    """flask's tutorial pages walk through ``examples/flaskr/`` writing ``init_db``, and
    include none of its files: its names are all a page has to say which example it is."""
    code = "def init_db():\n    return 1\n"
    data = _run(tmp_path, {"examples/flaskr/flaskr.py": code,
                           "docs/tutorial/dbinit.md": "Then call `init_db()` once.\n"},
                {"examples/flaskr/flaskr.py": code.replace("1", "2")})
    assert rows(data) == {"docs/tutorial/dbinit.md": ["init_db"]}


def test_a_copy_no_page_shows_beside_a_shown_folder_keeps_the_name_confined(
        tmp_path: Path) -> None:
    """sqlmodel's pages include ``tutorial001/`` and never its copy ``tutorial001_py310/``: a
    change to both is the business of the page showing the first, not of the page showing
    another folder that names the function too."""
    shows_t1 = "# A\n\n{* ./docs_src/a/t1/main.py *}\n\nCall `create_heroes()`.\n"
    data = _run(tmp_path, {"docs_src/a/t1/main.py": WHERE, "docs_src/a/t1_py310/main.py": WHERE,
                           "docs_src/select/tutorial001.py": SELECT,
                           "docs/a.md": shows_t1, "docs/select.md": SHOWS_SELECT},
                {"docs_src/a/t1/main.py": WHERE.replace("1", "3"),
                 "docs_src/a/t1_py310/main.py": WHERE.replace("1", "3")})
    assert rows(data) == {"docs/a.md": ["create_heroes", "docs_src/a/t1/main.py"]}



def test_an_example_whose_names_library_code_declares_is_read_beside_others() -> None:
    """trpc: one changed example declares only names library code declares too (its folder is
    confined nowhere), another an example's own name, and a page shows the first by path."""
    pages = {"docs/where.md": "{* ./docs_src/where/tutorial002.py *}\n",
             "docs/select.md": "{* ./docs_src/select/tutorial001.py *}\nCall `select_heroes()`.\n"}
    texts = {f"blob{i}": text for i, text in enumerate(pages.values())}
    index = build_index([Page(path, f"blob{i}", False) for i, path in enumerate(pages)],
                        lambda blob: texts[blob].encode())
    where, select = "docs_src/where/tutorial002.py", "docs_src/select/tutorial001.py"
    candidates = [Candidate("symbol", "create_heroes", where, "head"),
                  Candidate("symbol", "create_heroes", "heroes/core.py", "head"),
                  Candidate("symbol", "select_heroes", select, "head")]
    scopes = example_scopes(candidates, index, [where, "heroes/core.py", select])
    assert {key: {index.pages[i].path for i in found} for key, found in scopes.items()} == {
        ("symbol", "select_heroes"): {"docs/select.md"}}
