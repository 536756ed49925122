"""``govern check docs-refs`` on real repositories: each reference form reported when it names
nothing and left alone when it resolves, is third-party, or cannot be known (issue 15)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from govern.cli import cli
from govern.docsrefs.check import Tables, check_references, renames_between
from govern.docsrefs.cli_table import build_cli_table
from govern.docsrefs.model import RefKind, Status
from govern.docsrefs.python_symbols import parse_python_symbols
from govern.docsrefs.python_table import build_python_table, paths_of
from govern.docsrefs.references import parse_references
from govern.docsrefs.route_table import build_route_table
from govern.docsrefs.ts_table import build_ts_table
from tests.gitrepo import Repo, make_repo

LIBRARY = {
    "pyproject.toml": '[project]\nname = "shop"\n[project.scripts]\nshop = "shop.cli:main"\n',
    "src/shop/__init__.py": "from ._client import Client\nfrom .util import *\n",
    "src/shop/_client.py": (
        "class Base:\n    def close(self):\n        pass\n\n"
        "class Client(Base):\n    timeout = 5\n\n"
        "    def __init__(self):\n        self.session = None\n\n"
        "    def send(self, request):\n        return request\n"
    ),
    "src/shop/util.py": "__all__ = ['parse_price']\n\ndef parse_price(text):\n    return text\n",
    "src/shop/dynamic.py": "class Lazy:\n    def __getattr__(self, name):\n        return name\n",
    "src/shop/cli.py": (
        "import click\n\n@click.group()\ndef main():\n    pass\n\n"
        "@main.command()\n@click.option('--dry-run', is_flag=True)\n"
        "@click.option('--out', '-o')\ndef export(dry_run, out):\n    pass\n"
    ),
}


def run(repo: Repo, *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "check", "docs-refs", *args])
    return result.exit_code, result.stdout, result.stderr


def passes_then_fails(repo: Repo, page: str, text: str, finding: str) -> None:
    """The repository's docs pass ``--all``; with ``page`` written as ``text`` they fail on
    ``finding``: a rule tested on what it accepts and on what it refuses."""
    assert run(repo, "--all")[:2] == (0, "")
    repo.commit({page: text})
    code, out, _ = run(repo, "--all")
    assert code == 1 and finding in out, out


@pytest.fixture
def shop(tmp_path: Path) -> Repo:
    return make_repo(tmp_path / "shop", {**LIBRARY, "docs/index.md": "# Shop\n"})


def tables(files: dict[str, str]) -> Tables:
    sources = {path: text.encode() for path, text in files.items() if path.endswith(".py")}
    scripts = {"shop.cli:main": ("shop",)}
    python = build_python_table({p: parse_python_symbols(s) for p, s in sources.items()},
                                paths_of(files))
    manifests = {p: t for p, t in files.items() if p.endswith("package.json")}
    packages = build_ts_table(manifests, lambda p: files[p].encode() if p in files else None,
                              paths_of(files))
    return Tables(python, build_cli_table(sources.values(), scripts), build_route_table([]),
                  packages)


def statuses(page: str, text: str, files: dict[str, str] = LIBRARY) -> list[tuple[str, Status]]:
    table = tables(files)
    return [(ref.name, table.resolve(ref).status)
            for ref in parse_references(text, page, frozenset({"shop"}))]


# -- each reference form, both ways ------------------------------------------------------------

@pytest.mark.parametrize(("text", "expected"), [
    ("`shop.Client.send()`", Status.RESOLVED),
    ("`shop.Client.sned()`", Status.MISSING),
    ("`shop.Client.close()`", Status.RESOLVED),  # inherited from Base in the repository
    ("`shop.Client.session`", Status.RESOLVED),  # an attribute set in __init__
    ("`shop.Client.timeout`", Status.RESOLVED),
    ("`shop.parse_price()`", Status.RESOLVED),  # through a star import that honours __all__
    ("`shop.dynamic.Lazy.anything`", Status.UNRESOLVABLE),  # __getattr__: open
    ("`os.path.join()`", Status.OUT_OF_SCOPE),
    ("`Client.send()`", Status.RESOLVED),  # a class the repository defines, by its name
    ("`Client.sendd()`", Status.MISSING),
])
def test_code_spans(text: str, expected: Status) -> None:
    assert [status for _, status in statuses("docs/a.md", text)] == [expected]


def test_a_span_followed_by_an_ellipsis_is_a_fragment_not_judged() -> None:
    """typer's "start typing `typer.File`... just like the other classes": a prefix being
    typed. The same span followed by prose is a name, and is judged."""
    assert statuses("docs/a.md", "start typing `shop.Fil`... or `shop.Fil`\u2026 to see") == []
    assert statuses("docs/a.rst", "start typing ``shop.Fil``... to see") == []
    assert statuses("docs/a.md", "start typing `shop.Fil` ... or `shop.Fil`. to see") == [
        ("shop.Fil", Status.MISSING), ("shop.Fil", Status.MISSING)]


def test_a_class_without_getattr_is_closed() -> None:
    closed = {**LIBRARY, "src/shop/dynamic.py": "class Lazy:\n    def load(self):\n        pass\n"}
    assert statuses("docs/a.md", "`shop.dynamic.Lazy.anything()`", closed) == [
        ("shop.dynamic.Lazy.anything", Status.MISSING)]


@pytest.mark.parametrize("hook", ["import sys\nsys.meta_path.append(object())\n",
                                  "__path__ = __import__('pkgutil').extend_path(__path__, 'x')\n",
                                  "def __getattr__(name):\n    return name\n"])
def test_a_module_that_gains_names_at_run_time_is_open(hook: str) -> None:
    files = {**LIBRARY, "src/shop/ext/__init__.py": hook}
    assert statuses("docs/a.md", "```python\nfrom shop.ext import foo\n```\n", files) == [
        ("shop.ext", Status.RESOLVED), ("shop.ext.foo", Status.UNRESOLVABLE)]
    closed = {**LIBRARY, "src/shop/ext/__init__.py": "VERSION = 1\n"}
    assert statuses("docs/a.md", "```python\nfrom shop.ext import foo\n```\n", closed)[1] == (
        "shop.ext.foo", Status.MISSING)


def test_a_third_party_base_makes_members_unknowable() -> None:
    files = {**LIBRARY, "src/shop/errors.py": "class ShopError(Exception):\n    pass\n"}
    assert statuses("docs/a.md", "`shop.errors.ShopError.args`", files) == [
        ("shop.errors.ShopError.args", Status.UNRESOLVABLE)]


def test_a_loose_two_part_span_is_not_reported() -> None:
    """``shop.plugins`` may be an entry-point group or a logger name; ``shop.plugins()`` is a
    call and is reported."""
    assert statuses("docs/a.md", "`shop.plugins` and `shop.plugins()`") == [
        ("shop.plugins", Status.UNRESOLVABLE), ("shop.plugins", Status.MISSING)]


def test_a_loose_span_naming_a_missing_class_is_reported() -> None:
    """A module's missing CapWords member is a class the page names (a rename it missed), not
    a logger or an entry-point group; a lowercase or SCREAMING one stays unknowable."""
    assert statuses("docs/a.md", "`shop.util.PriceParser` and `shop.util.PriceParser.parse`"
                    " and `shop.util.parsers` and `shop.util.PRICE`") == [
        ("shop.util.PriceParser", Status.MISSING), ("shop.util.PriceParser.parse", Status.MISSING),
        ("shop.util.parsers", Status.UNRESOLVABLE), ("shop.util.PRICE", Status.UNRESOLVABLE)]


def test_file_names_are_not_references() -> None:
    assert statuses("docs/a.md", "`shop.toml` `shop.sqlite`") == []


RST = """.. currentmodule:: shop

:meth:`Client.send` and :meth:`~shop.Client.sendall` and :func:`json.dumps`
and :class:`the client <shop.Client>` and :func:`!shop.nothing`

.. autoclass:: shop.Client
   :members:

.. autofunction:: shop.parse_cost

.. autofunction:: parse_price

.. autofunction:: parse_cents

:class:`str` and :func:`len`
"""


def test_sphinx_roles_and_autodoc() -> None:
    assert statuses("docs/api.rst", RST) == [
        ("shop", Status.RESOLVED),  # the module directive names its module
        ("Client.send", Status.RESOLVED),
        ("shop.Client.sendall", Status.MISSING),
        ("json.dumps", Status.OUT_OF_SCOPE),  # the standard library, though the module is shop
        ("shop.Client", Status.RESOLVED),
        ("shop.Client", Status.RESOLVED),
        ("shop.parse_cost", Status.MISSING),
        ("parse_price", Status.RESOLVED),  # a bare directive target is the module's
        ("parse_cents", Status.MISSING),
        ("str", Status.OUT_OF_SCOPE),  # a bare role target may be a builtin
        ("len", Status.OUT_OF_SCOPE),
    ]


def test_roles_carry_their_line_and_column() -> None:
    refs = parse_references(RST, "docs/api.rst")
    sendall = next(ref for ref in refs if ref.name == "shop.Client.sendall")
    assert (sendall.line, sendall.column) == (3, 33)
    assert RST.splitlines()[2][sendall.column - 1:].startswith("shop.Client.sendall")


def test_mkdocstrings_and_myst() -> None:
    # another extension's block (`::: shop-click`) or a target with more on its line is none
    page = ("::: shop.Client\n\n::: shop.Klient\n\n::: shop-click\n\n::: shop.Klient extra\n\n"
            "{py:func}`shop.parse_price`\n")
    assert statuses("docs/a.md", page) == [("shop.Client", Status.RESOLVED),
                                           ("shop.Klient", Status.MISSING),
                                           ("shop.parse_price", Status.RESOLVED)]


def test_imports_in_python_fences() -> None:
    page = ("```python\nfrom shop import Client, parse_price\nfrom shop import Klient\n"
            "import requests\n>>> import shop.util\n```\n")
    assert statuses("docs/a.md", page) == [
        ("shop", Status.RESOLVED), ("shop.Client", Status.RESOLVED),
        ("shop.parse_price", Status.RESOLVED), ("shop", Status.RESOLVED),
        ("shop.Klient", Status.MISSING), ("requests", Status.OUT_OF_SCOPE),
        ("shop.util", Status.RESOLVED)]


def test_commands_in_shell_fences() -> None:
    page = ("```console\n$ shop export --dry-run -o out.csv\n$ shop export --dryrun\n"
            "$ shop import\n$ pip install shop\n```\n")
    assert statuses("docs/a.md", page) == [
        ("shop export --dry-run -o out.csv", Status.RESOLVED),
        ("shop export --dryrun", Status.MISSING),
        ("shop import", Status.MISSING)]


def test_a_command_with_an_unknown_decorator_is_open() -> None:
    cli_source = LIBRARY["src/shop/cli.py"].replace("@click.option('--dry-run', is_flag=True)",
                                                    "@common_options")
    files = {**LIBRARY, "src/shop/cli.py": cli_source}
    assert statuses("docs/a.md", "```sh\nshop export --anything\n```\n", files) == [
        ("shop export --anything", Status.RESOLVED)]


def test_routes_only_under_the_repositorys_prefixes() -> None:
    from govern.drift.anchors.routes import Route

    routes = build_route_table([Route("GET", "/api/items/:id", False, "app.py", 3,
                                      frozenset())])
    table = replace(tables(LIBRARY), routes=routes)
    refs = parse_references("`GET /api/items/{id}` `DELETE /api/items/{id}` `GET /v2/x`\n",
                            "docs/a.md")
    assert [(ref.kind, table.resolve(ref).status) for ref in refs if ref.kind is
            RefKind.ROUTE] == [(RefKind.ROUTE, Status.RESOLVED), (RefKind.ROUTE, Status.MISSING),
                               (RefKind.ROUTE, Status.OUT_OF_SCOPE)]


def test_a_rename_the_diff_shows_is_the_suggestion() -> None:
    renamed = {**LIBRARY, "src/shop/_client.py": LIBRARY["src/shop/_client.py"].replace(
        "def send(", "def submit(")}
    before, after = tables(LIBRARY), tables(renamed)
    refs = parse_references("`shop.Client.send()`\n", "docs/a.md")
    checked = check_references(refs, after, renames_between(before.python, after.python))
    assert [(f.reference.name, f.suggestion) for f in checked.findings] == [
        ("shop.Client.send", "shop.Client.submit")]


def test_lines_over_the_cap_are_not_read() -> None:
    """A line a PR author pads past MAX_LINE is skipped whole; the same reference on a line of
    ordinary length is read."""
    from govern.docsrefs.references import MAX_LINE

    padded = "`shop.Client.sned()`" + " " * MAX_LINE + "\n"
    assert parse_references(padded, "docs/a.md") == []
    assert [ref.name for ref in parse_references("`shop.Client.sned()`\n", "docs/a.md")] == [
        "shop.Client.sned"]
    hostile = "`" + "a." * 200_000 + "`\n:func:`" + "x" * 100_000 + "\n"
    assert parse_references(hostile, "docs/a.md") == []


# -- the command -------------------------------------------------------------------------------

def test_a_renamed_method_is_reported_on_the_page_and_line_that_names_it(shop: Repo) -> None:
    shop.commit({"docs/api.md": "# API\n\nCall `shop.Client.send()` to post.\n"}, "docs")
    shop.branch("rename")
    shop.commit({"src/shop/_client.py": LIBRARY["src/shop/_client.py"].replace(
        "def send(", "def submit(")}, "rename send")
    code, out, err = run(shop, "main")
    assert code == 1
    assert out == ("docs/api.md:3:7: `shop.Client.send` names nothing: shop.Client has no "
                   "`send` (did you mean `shop.Client.submit`?)\n")
    assert "1 name nothing" in err


def test_diff_mode_ignores_what_was_already_wrong(shop: Repo) -> None:
    shop.commit({"docs/api.md": "Old: `shop.Client.gone()`\n"}, "docs")
    shop.branch("feature")
    shop.commit({"src/shop/util.py": LIBRARY["src/shop/util.py"] + "\ndef more():\n    pass\n"})
    assert run(shop, "main")[0] == 0
    code, out, _ = run(shop, "--all")
    assert code == 1 and "shop.Client.gone" in out


def test_the_diff_mode_summary_says_which_findings_are_new(shop: Repo) -> None:
    """Of the references that name nothing, the summary tells the one the change brought (a
    finding) from the one that was already wrong (not judged), in text and JSON; ``--all``
    judges every one and says nothing of the kind."""
    shop.commit({"docs/api.md": "Old: `shop.Client.gone()`\n"}, "docs")
    shop.branch("feature")
    shop.commit({"docs/api.md": "Old: `shop.Client.gone()`\nNew: `shop.Client.lost()`\n"})
    code, out, err = run(shop, "main")
    assert code == 1 and "shop.Client.lost" in out and "gone" not in out
    assert "2 name nothing (1 new in this change, 1 already unresolved before it: not judged)" \
        in err
    summary = json.loads(run(shop, "main", "--json")[1])["summary"]
    assert (summary["missing"], summary["missing_new"], summary["missing_old"]) == (2, 1, 1)
    code, _, err = run(shop, "--all")
    assert code == 1 and "2 name nothing, " in err and "not judged" not in err
    assert "missing_new" not in json.loads(run(shop, "--all", "--json")[1])["summary"]


def test_a_name_the_package_defines_elsewhere_is_the_suggestion(shop: Repo) -> None:
    """``:class:`PriceParser``` under ``.. currentmodule:: shop``, which only ``shop.parsers``
    defines: that is the suggestion, not a name spelled alike. Defined twice, it is not
    told apart, and the nearest name is suggested."""
    shop.commit({"src/shop/parsers.py": "class PriceParser:\n    pass\n",
                 "src/shop/__init__.py": LIBRARY["src/shop/__init__.py"] + "PriceParsers = {}\n",
                 "docs/api.rst": ".. currentmodule:: shop\n\n:class:`PriceParser`\n"})
    code, out, _ = run(shop, "--all")
    assert code == 1 and out.endswith("(did you mean `shop.parsers.PriceParser`?)\n")
    shop.commit({"src/shop/more.py": "class PriceParser:\n    pass\n"})
    code, out, _ = run(shop, "--all")
    assert code == 1 and out.endswith("(did you mean `PriceParsers`?)\n")


def test_a_name_defined_elsewhere_is_suggested_by_the_path_readers_use(shop: Repo) -> None:
    """werkzeug defines ``FileStorage`` in ``werkzeug.datastructures.file_storage`` and
    re-exports it from ``werkzeug.datastructures``, where its docs document it: the
    suggestion is a path that reaches that same class, one the docs' autodoc or module
    directives register first, else the shortest re-export; never a same-named other object."""
    init = LIBRARY["src/shop/__init__.py"]
    shop.commit({
        "src/shop/models/__init__.py": "from .file_storage import FileStorage as FileStorage\n",
        "src/shop/models/file_storage.py": "class FileStorage:\n    pass\n",
        "src/shop/sandbox.py": "x = 1\n",
        # shop's own FileStorage is another project's class
        "src/shop/__init__.py": init + "from otherlib import FileStorage\n",
        "docs/api.rst": ".. currentmodule:: shop.sandbox\n\n:class:`FileStorage`\n"})
    suggested = "(did you mean `shop.models.FileStorage`?)\n"
    code, out, _ = run(shop, "--all")
    assert code == 1 and out.endswith(suggested), out
    shop.commit({"src/shop/__init__.py": init + "from .models import FileStorage\n"})
    code, out, _ = run(shop, "--all")
    assert code == 1 and out.endswith("(did you mean `shop.FileStorage`?)\n"), out
    shop.commit({"docs/models.rst": ".. module:: shop.models\n\n.. autoclass:: FileStorage\n"})
    code, out, _ = run(shop, "--all")
    assert code == 1 and out.endswith(suggested), out


def test_a_private_path_no_public_module_reaches_is_never_the_suggestion(shop: Repo) -> None:
    """typer vendors click as ``typer._click``: ``typer.File`` is no name of typer, and its
    ``typer._click.types.File`` is no path a reader should import. The same class in a public
    module, or a private path the docs document, is the suggestion."""
    shop.commit({"src/shop/_vendor/__init__.py": "", "src/shop/_vendor/kinds.py":
                 "class FileKind:\n    pass\n",
                 "docs/api.md": "Open it with `shop.FileKind()`.\n"})
    code, out, _ = run(shop, "--all")
    assert code == 1 and "names nothing" in out and "did you mean" not in out, out
    shop.commit({"docs/vendor.rst": ".. autoclass:: shop._vendor.kinds.FileKind\n"})
    code, out, _ = run(shop, "--all")
    assert code == 1 and out.endswith("(did you mean `shop._vendor.kinds.FileKind`?)\n"), out
    shop.commit({"docs/vendor.rst": None, "src/shop/_vendor/kinds.py": None,
                 "src/shop/kinds.py": "class FileKind:\n    pass\n"})
    code, out, _ = run(shop, "--all")
    assert code == 1 and out.endswith("(did you mean `shop.kinds.FileKind`?)\n"), out


def test_a_class_named_like_the_written_one_that_has_the_member_is_the_suggestion(
        shop: Repo) -> None:
    """jinja's ``:meth:`Environment.call``` under ``.. currentmodule:: jinja2.sandbox``:
    ``SandboxedEnvironment`` has ``call``, so it is the suggestion rather than a member of
    ``Environment`` spelled alike (``call_test``). The shortest such name is told, as the page
    writes it where that resolves, else where the class is defined."""
    client = LIBRARY["src/shop/_client.py"] + "\n    def call_test(self):\n        pass\n"
    page = (".. currentmodule:: shop\n\n:meth:`shop.Client.call`\n\n"
            ".. currentmodule:: shop.sandbox\n\n:meth:`Client.call` :meth:`Client.clos`\n")
    named = "from ._client import Client\n\nclass NamedClient(Client):\n    pass\n"
    # a class named alike without the member is no suggestion
    shop.commit({"src/shop/_client.py": client, "src/shop/sandbox.py": named,
                 "docs/api.rst": page})
    code, out, _ = run(shop, "--all")
    assert code == 1
    assert [line.partition("(")[2] for line in out.splitlines()] == [
        "did you mean `shop.Client.call_test`?)", "did you mean `Client.call_test`?)",
        "did you mean `Client.close`?)"]
    shop.commit({"src/shop/sandbox.py": named + (
        "\nclass SandboxedClient(Client):\n    def call(self):\n        pass\n\n"
        "class LockedSandboxedClient(SandboxedClient):\n    pass\n")})
    code, out, _ = run(shop, "--all")
    assert code == 1
    assert [line.partition("(")[2] for line in out.splitlines()] == [
        "did you mean `shop.sandbox.SandboxedClient.call`?)",
        "did you mean `SandboxedClient.call`?)", "did you mean `Client.close`?)"]


def test_a_line_the_diff_adds_is_checked(shop: Repo) -> None:
    shop.branch("docs")
    shop.commit({"docs/api.md": "New: `shop.Client.sendd()`\n"})
    code, out, _ = run(shop, "main")
    assert code == 1 and "did you mean `shop.Client.send`?" in out


def test_the_baseline_keeps_old_findings_and_fails_new_ones(shop: Repo, tmp_path: Path) -> None:
    shop.commit({"docs/api.md": "`shop.Client.gone()`\n"})
    baseline = tmp_path / "baseline.json"
    assert run(shop, "--all", "--baseline", str(baseline), "--update-baseline")[0] == 0
    shop.commit({"docs/api.md": "Moved down.\n\n`shop.Client.gone()`\n"})
    assert run(shop, "--all", "--baseline", str(baseline))[0] == 0
    shop.commit({"docs/api.md": "`shop.Client.gone()`\n`shop.Client.lost()`\n"})
    code, out, err = run(shop, "--all", "--baseline", str(baseline))
    assert code == 1 and "shop.Client.lost" in out and "gone" not in out
    # the summary counts both; the line after it says which the baseline lets pass
    assert err.splitlines()[-1] == (f"govern check docs-refs: 1 of 2 finding(s) recorded in "
                                    f"{baseline}, which do not fail")
    assert "recorded in" not in run(shop, "--all")[2]


def test_a_damaged_baseline_is_not_judged(shop: Repo, tmp_path: Path) -> None:
    baseline = tmp_path / "baseline.json"
    baseline.write_text('{"version": 1, "findings": [{"page": 3}]}', encoding="utf-8")
    code, _, err = run(shop, "--all", "--baseline", str(baseline))
    assert code == 2
    assert "findings[0] is not a page/kind/name/count entry" in err


def test_json_and_sarif_outputs(shop: Repo) -> None:
    shop.commit({"docs/api.md": "`shop.Client.gone()`\n"})
    code, out, _ = run(shop, "--all", "--format", "json")
    data = json.loads(out)
    assert code == 1 and data["summary"]["missing"] == 1 and data["findings"][0]["line"] == 1
    code, out, _ = run(shop, "--all", "--format", "sarif")
    sarif = json.loads(out)
    location = sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"]
    assert (code, sarif["version"], location["artifactLocation"]["uri"],
            location["region"]) == (1, "2.1.0", "docs/api.md", {"startLine": 1, "startColumn": 2})


def test_github_annotations_are_inert(shop: Repo) -> None:
    shop.commit({"docs/api.md": "`shop.Client.gone()`\n"})
    code, out, _ = run(shop, "--all", "--format", "github")
    assert code == 1
    assert out.startswith("::error file=docs/api.md,line=1,col=2,title=docs-refs::")


def test_history_pages_are_not_checked(shop: Repo) -> None:
    shop.commit({"docs/changelog.md": "Removed `shop.Client.gone()`.\n",
                 "docs/migrating.md": "Replace `shop.Client.gone()`.\n",
                 "doc/en/deprecations.rst": "Removed: ``shop.Client.gone()``.\n",
                 "docs/removals.md": "`shop.Client.gone()` was removed.\n",
                 "docs/previous-versions/v1.md": "Call `shop.Client.gone()`.\n"})
    assert run(shop, "--all")[0] == 0
    # a how-to on removing things is no record of what was removed
    shop.commit({"docs/removing-items.md": "Call `shop.Client.gone()`.\n"})
    assert run(shop, "--all")[0] == 1


@pytest.mark.parametrize(("fence", "expected"), [
    # what an example binds is made there, not named in the code: nor are its later uses
    ("import shop as s\ns.extra = 1\ns.extra += 1\ndel s.extra\nprint(s.nothing_here)\n",
     [("shop", Status.RESOLVED), ("shop.nothing_here", Status.MISSING)]),
    ("import shop\nshop.plugin_hook: int = 1\nfor shop.loopvar in range(3): pass\n"
     "shop.a, shop.b = 1, 2\nif shop.Client == 1: pass\n",
     [("shop", Status.RESOLVED), ("shop.Client", Status.RESOLVED)]),
])
def test_a_name_an_example_assigns_is_no_reference(fence: str,
                                                   expected: list[tuple[str, Status]]) -> None:
    assert statuses("docs/a.md", f"```python\n{fence}```\n") == expected


PACKAGES = {
    "packages/server/package.json": (
        '{"name": "@shop/server", "exports": {".": {"import": {"types": "./dist/index.d.mts"}}}}'),
    "packages/server/src/index.ts": (
        "export * from './core';\nexport { helper as util } from './h';\n"),
    "packages/server/src/core/index.ts": (
        "export function initShop() {}\nexport const VERSION = 1;\n"
        "export type Options = {};\nexport class ShopError extends Error {}\n"),
    "packages/client/package.json": '{"name": "@shop/client", "main": "./dist/index.js"}',
    "packages/client/src/index.ts": "export * from 'other-lib';\n",
}


def test_imports_from_the_repositorys_packages() -> None:
    page = ("```ts\nimport { initShop, VERSION, type Options, util } from '@shop/server';\n"
            "import { initShopp } from \"@shop/server\";\nimport { x } from '@shop/client';\n"
            "import { z } from 'zod';\n```\n")
    assert statuses("docs/a.md", page, {**LIBRARY, **PACKAGES}) == [
        ("@shop/server:initShop", Status.RESOLVED), ("@shop/server:VERSION", Status.RESOLVED),
        ("@shop/server:Options", Status.RESOLVED), ("@shop/server:util", Status.RESOLVED),
        ("@shop/server:initShopp", Status.MISSING),
        ("@shop/client:x", Status.UNRESOLVABLE),  # re-exports another package: unknowable
        ("zod:z", Status.OUT_OF_SCOPE)]



def test_a_namespace_import_of_the_repositorys_package_resolves_its_members() -> None:
    """zod's pages write ``import * as z from "zod"`` and then ``z.string()``: after the
    fence, ``z.name`` in the page's spans and fences is ``name`` of that package; before it
    too, as zod's compile.mdx names ``z.compile()`` in a heading above its first fence, but
    loose there (the fence says which ``z``). A namespace of another package, a relative
    module, or no import at all is not the repository's."""
    page = ("Before the import, `ss.initShop()` and `ss.initShopp()`.\n\n"
            "```ts\nimport * as ss from '@shop/server';\nimport * as other from 'zod';\n"
            "import * as local from './local';\n"
            "const shop = ss.initShop(ss.VERSION).start(); other.string(); local.run();\n"
            "const text = 'ss.nothing'; // ss.comment\nss.initShopp();\n```\n\n"
            "Call `ss.initShop()`, read `ss.Options` or `ss.util`.\n\n"
            "```ts\nss.startShop();\n```\n\nOr `ss.initShopp()`.\n")
    assert statuses("docs/a.md", page, {**LIBRARY, **PACKAGES}) == [
        ("@shop/server:initShop", Status.RESOLVED), ("@shop/server:initShopp", Status.UNRESOLVABLE),
        ("@shop/server:initShop", Status.RESOLVED), ("@shop/server:VERSION", Status.RESOLVED),
        ("zod:string", Status.OUT_OF_SCOPE), ("@shop/server:initShopp", Status.MISSING),
        ("@shop/server:initShop", Status.RESOLVED), ("@shop/server:Options", Status.RESOLVED),
        ("@shop/server:util", Status.RESOLVED),
        # outside the fence importing it, `ss` may be another package's (zod's "Zod Mini" tabs)
        ("@shop/server:startShop", Status.UNRESOLVABLE),
        ("@shop/server:initShopp", Status.UNRESOLVABLE)]
    assert statuses("docs/a.md", "Call `ss.initShop()`.\n", {**LIBRARY, **PACKAGES}) == [
        ("ss.initShop", Status.OUT_OF_SCOPE)]  # no import on the page


def test_a_forged_symbol_cache_is_dropped(shop: Repo) -> None:
    """The cache may come from another run (actions/cache): a forged entry claiming the
    method exists must not hide the finding."""
    shop.commit({"docs/api.md": "`shop.Client.gone()`\n"})
    assert run(shop, "--all")[0] == 1  # writes the cache
    path = next((shop.root / ".git" / "govern").glob("docsrefs-python-*.json"))
    document = json.loads(path.read_text(encoding="utf-8"))
    for entry in document["entries"].values():
        for cls in entry["classes"].values():
            cls["open"] = "yes"  # not a boolean: the schema refuses the whole file
    path.write_text(json.dumps(document), encoding="utf-8")
    code, out, _ = run(shop, "--all")
    assert code == 1 and "shop.Client.gone" in out


def test_a_page_alias_applies_to_its_code_spans() -> None:
    page = "Use `sp.Client.send()`, not `sp.Client.sned()`.\n\n```python\nimport shop as sp\n```\n"
    assert statuses("docs/a.md", page) == [
        ("shop.Client.send", Status.RESOLVED), ("shop.Client.sned", Status.MISSING),
        ("shop", Status.RESOLVED)]
    assert statuses("docs/a.md", "Use `sp.Client.sned()`.\n") == [
        ("sp.Client.sned", Status.OUT_OF_SCOPE)]  # no alias on the page: not this repository's



TYPER_APP = {
    "pyproject.toml": '[project]\nname = "tool"\n[project.scripts]\ntool = "tool.cli:app"\n',
    "src/tool/__init__.py": "",
    "src/tool/cli.py": (
        "import typer\nfrom typing import Annotated\n\napp = typer.Typer()\n"
        "users = typer.Typer()\napp.add_typer(users, name='users')\n\n"
        "@app.command()\ndef sync_all(dry_run: bool = False,\n"
        "             out: Annotated[str, typer.Option('--out', '-o')] = 'x',\n"
        "             target: str = typer.Argument(...)):\n    pass\n\n"
        "@users.command('add')\ndef add_user(name: str, admin: bool = False):\n    pass\n"),
}


def test_typer_commands_and_options() -> None:
    files = TYPER_APP
    sources = {p: t.encode() for p, t in files.items() if p.endswith(".py")}
    python = build_python_table({p: parse_python_symbols(s) for p, s in sources.items()},
                                paths_of(files))
    table = Tables(python, build_cli_table(sources.values(), {"tool.cli:app": ("tool",)}),
                   build_route_table([]), build_ts_table({}, lambda _p: None, paths_of(files)))
    page = ("```console\n$ tool sync-all --dry-run -o out.txt prod\n"
            "$ tool sync-all --no-dry-run x\n$ tool users add bob --admin\n"
            "$ tool sync-all --force\n$ tool users remove bob\n"
            "$ tool --install-completion\n```\n")
    assert [(ref.name, table.resolve(ref).status)
            for ref in parse_references(page, "docs/a.md", frozenset({"tool"}))] == [
        ("tool sync-all --dry-run -o out.txt prod", Status.RESOLVED),
        ("tool sync-all --no-dry-run x", Status.RESOLVED),
        ("tool users add bob --admin", Status.RESOLVED),
        ("tool sync-all --force", Status.MISSING),
        ("tool users remove bob", Status.MISSING),
        ("tool --install-completion", Status.RESOLVED)]


def test_a_run_that_checks_no_page_says_so_and_where_pages_are(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "shop", {**LIBRARY, "doc/en/api.rst": "``shop.Client.sned``\n",
                                         "CHANGELOG.md": "`shop.gone`\n"})
    code, out, err = run(repo, "--all")
    assert (code, out) == (0, "")
    assert err.splitlines()[0] == (
        "govern: warning: no docs page was checked: docs.paths (docs/**/*.md, docs/**/*.mdx, "
        "docs/**/*.rst, README.md, Readme.md, readme.md) matched no page outside the release "
        "notes, so no reference was judged. Pages exist under docs folders: set docs.paths = "
        "[\"doc/**/*.rst\"] in govern.toml (docs/reference/configuration.md).")
    # configured to read them: judged, and no warning
    repo.commit({"govern.toml": '[docs]\npaths = ["doc/**/*.rst"]\n'})
    code, out, err = run(repo, "--all")
    assert code == 1 and "shop.Client.sned" in out and "warning" not in err


def test_a_package_held_in_several_folders_makes_its_misses_unresolvable(
        tmp_path: Path) -> None:
    """pyramid's tutorials keep a package named `tutorial` per chapter: only one is read, so
    a name it lacks may be another copy's, never a finding; a package held once still is."""
    chapter = "docs/tutorials/wiki/src/{}/tutorial/"
    files = {**LIBRARY,
             chapter.format("basics") + "__init__.py": "",
             chapter.format("basics") + "models.py": "class MyModel:\n    pass\n",
             chapter.format("views") + "__init__.py": "",
             chapter.format("views") + "models.py": "class Wiki:\n    pass\n",
             "docs/basics.rst": "``tutorial.models.MyModel`` and ``shop.Client.sned``\n",
             "docs/views.rst": "``tutorial.models.Wiki``\n"}
    code, out, err = run(make_repo(tmp_path / "repo", files), "--all")
    assert code == 1
    assert [line.split(": ", 1)[1] for line in out.splitlines()] == [
        "`shop.Client.sned` names nothing: shop.Client has no `sned` (did you mean "
        "`shop.Client.send`?)"]
    assert "2 folders hold a package named `tutorial`" in err


def test_a_class_s_slots_are_its_members(tmp_path: Path) -> None:
    """attrs' `Attribute` declares its fields in `__slots__` and sets them through a bound
    setter govern does not read: each slot is a member a page may name."""
    files = {**LIBRARY, "src/shop/slotted.py": (
        "_SET = object.__setattr__\n\n\n"
        "class Record:\n    __slots__ = ('alias', 'alias_is_default')\n\n"
        "    def __init__(self, alias_is_default=False, value=None):\n"
        "        _SET.__get__(self)('alias', 1)\n\n\n"
        "class Single:\n    __slots__ = 'value'\n"),
        "docs/slots.md": "`shop.slotted.Record.alias_is_default`, `shop.slotted.Single.value`\n"}
    # a name the repository binds elsewhere but the slots do not declare is still a finding
    passes_then_fails(make_repo(tmp_path / "repo", files), "docs/slots.md",
                      "`shop.slotted.Single.alias`\n", "Single has no `alias`")


def test_an_import_in_a_comment_or_a_string_is_no_reference() -> None:
    """pinia's docs recall an old API in a comment (`// import { createStore } from 'pinia'`):
    no code imports it, so no gate may fail on it."""
    page = ("```ts\n// pinia 0.x used: import { createStore } from 'pinia'\n"
            "/* before:\nimport { mapState } from 'pinia'\n*/\n"
            "const s = \"import { oldThing } from 'pinia'\"\n"
            "import { defineStore } from 'pinia'; import { storeToRefs } from 'pinia'\n"
            "  import type { StoreDefinition } from 'pinia' // the type\n```\n")
    assert [ref.name for ref in parse_references(page, "docs/a.md")] == [
        "pinia:defineStore", "pinia:storeToRefs", "pinia:StoreDefinition"]
    # and where they stand, as before
    ref = parse_references(page, "docs/a.md")[0]
    assert (ref.line, ref.column) == (7, 10)


def test_a_module_the_object_store_lacks_is_not_judged_not_someone_else_s(tmp_path: Path) -> None:
    """tornado with ``tornado/web.py``'s blob missing: ``--all`` passed, every
    ``tornado.web.*`` reference relabelled out of scope."""
    repo = make_repo(tmp_path / "r", {"src/shop/__init__.py": "",
                                      "src/shop/web.py": "class Handler:\n    pass\n",
                                      "docs/a.md": "Use `shop.web.Handler`.\n"})
    ran = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "check", "docs-refs", "--all"])
    assert ran.exit_code == 0, ran.output
    blob = repo.git("rev-parse", "main:src/shop/web.py").strip()
    (repo.root / ".git" / "objects" / blob[:2] / blob[2:]).unlink()  # as a cut-short fetch
    ran = CliRunner().invoke(cli, ["--repo-dir", str(repo.root), "check", "docs-refs", "--all"])
    assert ran.exit_code == 2
    assert "src/shop/web.py" in ran.stderr and "`git fsck`" in ran.stderr
