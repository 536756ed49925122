"""A large file its hint lines chose as a registrar is parsed only around those lines, and must
read the same routes as a parse of the whole file; a configured registrar is read whole."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.config.load import load_config
from govern.drift.anchors.regions import LARGE_STATEMENT, registration_regions
from govern.drift.anchors.routes import RegistrarScan, registration_hints, scan_typescript
from govern.drift.scans import start_bridge_scans
from govern.git.gitio import Git
from tests.gitrepo import make_repo

FILLER = "".join(f"  helper{i}(x: number): number {{\n    return x + {i};\n  }}\n\n"
                 for i in range(600))
BODY_FILLER = "".join(f"        const step{i} = await next{i}(req);\n" for i in range(600))


def _large_class(*members: str) -> bytes:
    """A class far over LARGE_STATEMENT, its members around ``members``."""
    source = ("export class Server {\n" + FILLER + "".join(members) + FILLER + "}\n").encode()
    assert len(source) > 2 * LARGE_STATEMENT
    return source


def _routes(source: bytes, whole: bool) -> list[tuple[str | None, str, int, frozenset[str]]]:
    scan = scan_typescript(source, "web/server.ts", "typescript", whole=whole)
    return [(r.method, r.path, r.line, r.refs) for r in scan.routes]


def _covered(source: bytes) -> float:
    regions = registration_regions(source, registration_hints(source))
    assert regions is not None
    return sum(stop - start for start, stop in regions) / len(source)


def test_a_large_class_is_parsed_around_its_route_only() -> None:
    source = _large_class("  mount() {\n    this.app.get('/api/items', (c) => listItems(c));\n"
                          "  }\n\n")
    assert _covered(source) < 0.01  # the member, the class's first and last lines
    routes = _routes(source, whole=False)
    assert routes == _routes(source, whole=True)
    assert [(method, path) for method, path, _, _ in routes] == [("GET", "/api/items")]
    assert "listItems" in routes[0][3]
    assert routes[0][2] == source[:source.index(b"this.app.get")].count(b"\n") + 1


@pytest.mark.parametrize(("method", "key", "path"), [
    ("GET", "path: `${base}/:type`,", "/:type"),
    # a line of the object's members, though it starts with none
    ("DELETE", "...base, path: '/api/items',", "/api/items"),
])
def test_a_path_key_keeps_the_whole_object_it_is_a_key_of(method: str, key: str,
                                                          path: str) -> None:
    """The registration is the object around `path:`; narrowed to the key's own line, it would
    lose its method and handler."""
    source = _large_class(
        f"  mount() {{\n    this.routes.register({{\n      method: '{method}',\n"
        f"      {key}\n      handler: async (req) => {{\n" + BODY_FILLER +
        "        return readMeta(req);\n      },\n    });\n  }\n\n")
    routes = _routes(source, whole=False)
    assert routes == _routes(source, whole=True)
    assert [(m, p) for m, p, _, _ in routes] == [(method, path)]
    assert "readMeta" in routes[0][3]
    assert _covered(source) < 0.6


def test_calls_opening_their_line_are_read_in_a_chosen_file() -> None:
    source = _large_class(
        "  health() {\n    this.server.get(\n      '/api/health',\n      health,\n    );\n  }\n\n",
        "  typed() {\n    this.server.get<{\n      Reply: Health;\n    }>('/api/typed', typed);\n"
        "  }\n\n",
        "  items() {\n    this.server.get('/api/items', items);\n  }\n\n")
    routes = _routes(source, whole=False)
    assert routes == _routes(source, whole=True)
    assert [path for _, path, _, _ in routes] == ["/api/health", "/api/typed", "/api/items"]


@pytest.mark.parametrize(("tricky", "narrowed"), [
    # code written at column 0 inside a template literal and a block comment is no route
    ("export const sample = `\napp.get('/in/template', handler)\nfinish()\n`;\n\n", False),
    ("/*\napp.get('/in/comment', handler)\nfinish()\n*/\n\n", False),
    # a glob and a wildcard route in strings open no comment; a JSDoc example's hint is in
    # the comment its region starts with
    ("export const globs = ['src/**/*.ts', `${base}/*`];\napp.get('/after/globs', after);\n\n",
     True),
    ('/**\n * @example\n * { "path": "/api/v1/example" }\n */\nexport const a = 1;\n\n', True),
])
def test_narrowing_reads_what_a_whole_parse_reads(tricky: str, narrowed: bool) -> None:
    source = (tricky + "export class Server {\n" + FILLER +
              "  mount() {\n    this.app.get('/api/items', items);\n  }\n" + "}\n").encode()
    narrow, whole = _routes(source, whole=False), _routes(source, whole=True)
    assert narrow == whole
    assert [path for _, path, _, _ in whole if path != "/after/globs"] == ["/api/items"]
    assert (registration_regions(source, registration_hints(source)) is not None) is narrowed


TOP_FILLER = "".join(f"export function f{i}(x) {{ return x + {i}; }}\n" for i in range(600))


@pytest.mark.parametrize(("source", "language"), [
    # a backtick in a string throws the count of template literals off by one
    ("const FENCE = '```';\nexport const README = `\nUsage:\napp.get('/users', listUsers)\n"
     "Then run it.\n`;\n", "typescript"),
    ("export function docs() {\n  const open = '```ts';\n" + "".join(
        f"  const value{i} = useThing{i}();\n" for i in range(700)) +
     "  const sample = `\n  app.get('/users', listUsers)\n  done\n  `;\n"
     "  const close = '```';\n}\n", "typescript"),
    # text in JSX, and a block comment opened right after a brace
    ("export function Docs() {\n  return (\n    <pre>\nimport express from 'express'\n"
     "app.get('/users', listUsers)\napp.listen(3000)\n    </pre>\n  );\n}\n", "tsx"),
    ("function f() {}/*\napp.get('/old', oldHandler)\nfoo()\n*/\n", "typescript"),
])
def test_code_written_in_text_is_no_route(source: str, language: str) -> None:
    """Code at column 0 inside a template literal, JSX text or a comment, among many small
    statements: the line before such a region ends no statement, so the file is parsed
    whole and reads no route there."""
    data = (source + TOP_FILLER).encode()
    assert scan_typescript(data, "web/docs.ts", language, whole=False).routes == \
        scan_typescript(data, "web/docs.ts", language, whole=True).routes == ()


def test_regions_that_do_not_parse_are_parsed_whole() -> None:
    """Source that does not parse (a getter left open, its body at the class members'
    indentation): the hint's line reads as a member of its own, its region does not parse
    either, and the file is parsed whole, as tree-sitter recovers it."""
    source = _large_class("  get ready() {\n  app.get('/x', (c) => h(c));\n\n")
    assert registration_regions(source, registration_hints(source)) is not None
    assert _routes(source, whole=False) == _routes(source, whole=True) == [
        ("GET", "/x", source[:source.index(b"app.get")].count(b"\n") + 1,
         frozenset({"c", "h"}))]


@pytest.mark.parametrize("member", [
    # the handler's body has a line out of indentation: the call's lines are cut there
    "  mount() {\n    this.app.put('/x', async (req) => {\n" + BODY_FILLER +
    "    await second(req);\n        return done(req);\n    });\n  }\n\n",
    "  mount = app.get('/x',\n  handler);\n\n",
])
def test_a_part_that_leaves_a_bracket_open_is_no_region(member: str) -> None:
    """Its lines were not one member: parts put together could parse as something else."""
    source = _large_class(member)
    assert registration_regions(source, registration_hints(source)) is None
    assert _routes(source, whole=False) == _routes(source, whole=True) != []


def test_a_small_file_or_one_without_hints_is_parsed_whole() -> None:
    small = b"app.get('/a', a);\n"
    assert registration_regions(small, registration_hints(small)) is None  # most of the file
    assert registration_regions(_large_class(), []) is None


UNHINTED = ("  more() {\n    return [{\n      handler: more,\n      path:\n        '/api/more',\n"
            "    }];\n  }\n\n")


def test_a_configured_registrar_is_read_whole_even_from_a_cached_narrow_scan(
        tmp_path: Path) -> None:
    """`/api/more` has its path on the line after its key, where no hint is: only a parse of
    the whole file reads it, which a configured registrar gets, cached or not."""
    source = _large_class("  mount() {\n    this.app.get('/api/items', items);\n  }\n\n", UNHINTED)
    assert [path for _, path, _, _ in _routes(source, whole=False)] == ["/api/items"]
    assert [path for _, path, _, _ in _routes(source, whole=True)] == ["/api/items", "/api/more"]
    repo = make_repo(tmp_path / "r", {"web/server.ts": source})

    def paths(configured: bool) -> list[str]:
        toml = '[routes]\nregistrars = ["web/server.ts"]\n' if configured else ""
        config = load_config(lambda name: toml if name == "govern.toml" else None)
        git = Git(repo.root)
        head = git.resolve_commit("HEAD")
        pending = start_bridge_scans(git, head, git.ls_tree(head), config)
        try:
            scan: RegistrarScan = pending.finish().registrars["web/server.ts"]
        finally:
            pending.close()
        return [route.path for route in scan.routes]

    assert paths(configured=False) == ["/api/items"]  # cached: a scan around the hints
    assert paths(configured=True) == ["/api/items", "/api/more"]
    assert paths(configured=False) == ["/api/items", "/api/more"]  # a whole scan serves both
