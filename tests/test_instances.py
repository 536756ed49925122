"""Instance-qualified members: docs that bind ``app = Flask(...)`` write ``app.route`` for
``Flask.route`` (docs/concepts/anchoring-rules.md#instance-names)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from govern.drift import instances
from govern.drift.docs.corpus import Page
from tests.helpers import build_index, pr_repo, rows, run_json

PKG = {"pkg/pyproject.toml": '[project]\nname = "acme"\n',
       "pkg/src/acme/__init__.py": "",
       "pkg/src/acme/web.py": "class Flask:\n    def route(self, rule):\n        return rule\n"}
CHANGE = {"pkg/src/acme/web.py": PKG["pkg/src/acme/web.py"].replace("return rule",
                                                                    "return rule.strip()")}
BINDS = "# Start\n\n```python\napp = Flask(__name__)\n\n@app.route('/')\ndef home(): ...\n```\n"


def test_a_member_anchors_on_the_instance_name_the_docs_bind(tmp_path: Path) -> None:
    docs = {"docs/start.md": BINDS,
            "docs/views.md": "# Views\n\nRegister each view with `app.route`.\n",
            # another object's member of the same name is not the class's
            "docs/cli.md": "# CLI\n\n```python\nserver = Server()\nserver.route('/x')\n```\n"}
    data = run_json(pr_repo(tmp_path, {**PKG, **docs}, CHANGE), "main")
    assert rows(data) == {"docs/start.md": ["app.route"], "docs/views.md": ["app.route"]}
    assert data["docs"][0]["evidence"][0]["rule"] == "qualified_name"


TS_PKG = {"package.json": '{"name": "commander", "main": "index.js"}\n',
          "index.js": "export class Command {\n  option(flags) {\n    return flags\n  }\n}\n"}
OPTION_CHANGE = {"index.js": TS_PKG["index.js"].replace("return flags", "return flags.trim()")}


@pytest.mark.parametrize(("binding", "listed"), [
    # commander's pages: ``const program = new Command();``
    ("const program = new Command();", {"docs/options.md": ["program.option"]}),
    ("const program = renew Command();", {}),  # no `new` keyword: nothing bound
])
def test_a_javascript_new_binds_an_instance_name(tmp_path: Path, binding: str,
                                                 listed: dict[str, list[str]]) -> None:
    docs = {"docs/options.md": f"```js\n{binding}\nprogram.option('-d');\n```\n"}
    assert rows(run_json(pr_repo(tmp_path, {**TS_PKG, **docs}, OPTION_CHANGE), "main")) == listed


@pytest.mark.parametrize(("fence", "chain", "lines"), [
    # commander's README: the instance on its own line, a call a line under it
    ("js", "program\n  .option('-d, --debug')\n  // small\n  .option('-s, --small');\n",
     [9, 11]),
    # a method called on the instance heads the chain: a fluent method returns its object
    ("", "program.command('serve')\n  .description('x')\n  .option('-p');\n", [10]),
    # another object's chain, a function's result, a chain a blank line or a statement's end
    # broke, one in a Python fence
    ("js", "other\n  .option('-d');\n", None),
    ("js", "fetch(url)\n  .option('-d');\n", None),
    ("js", "program\n\n  .option('-d');\n", None),
    ("ts", "program\n  .name('x');\n  .option('-d');\n", None),
    ("python", "program\n  .option('-d')\n", None),
])
def test_a_method_chain_names_its_links_on_the_instance(tmp_path: Path, fence: str, chain: str,
                                                        lines: list[int] | None) -> None:
    docs = {"docs/options.md": "# Options\n\n```js\nconst program = new Command();\n```\n\n"
                               f"```{fence}\n{chain}```\n"}
    data = run_json(pr_repo(tmp_path, {**TS_PKG, **docs}, OPTION_CHANGE), "main")
    assert rows(data) == ({"docs/options.md": ["program.option"]} if lines else {})
    if lines:
        assert data["docs"][0]["evidence"][0]["lines"] == lines


def test_without_a_binding_in_the_docs_the_instance_form_is_not_learned(tmp_path: Path) -> None:
    docs = {"docs/start.md": "# Start\n\nMake a `Flask` app and call `app.route`.\n"}
    assert rows(run_json(pr_repo(tmp_path, {**PKG, **docs}, CHANGE), "main")) == {}


def test_a_class_bound_to_many_names_learns_none(tmp_path: Path) -> None:
    binds = "".join(f"{name} = Flask(__name__)\n" for name in ("a1", "b1", "c1", "d1"))
    docs = {"docs/start.md": f"# Start\n\n```python\n{binds}a1.route('/')\n```\n"}
    assert rows(run_json(pr_repo(tmp_path, {**PKG, **docs}, CHANGE), "main")) == {}


def test_an_instance_form_on_every_page_is_everyday_use_not_a_row(tmp_path: Path) -> None:
    docs = {f"docs/p{i}.md": BINDS for i in range(3)}
    assert rows(run_json(pr_repo(tmp_path, {**PKG, **docs}, CHANGE), "main")) == {}


def test_a_changelog_naming_an_instance_form_is_no_everyday_use(tmp_path: Path) -> None:
    docs = {"docs/p0.md": BINDS, "docs/p1.md": BINDS,
            "CHANGELOG.md": "# Changelog\n\n## 1.1\n\n- `app.route` strips its rule.\n"}
    data = run_json(pr_repo(tmp_path, {**PKG, **docs}, CHANGE), "main")
    assert rows(data) == {path: ["app.route"] for path in docs}
    assert data["release_owned_docs"] == ["CHANGELOG.md"]


def _one_class_pattern(container: str) -> re.Pattern[str]:
    """The pattern the bindings were read with before, one class at a time."""
    return re.compile(r"\b([a-z_][A-Za-z0-9_]*+)[ \t]*+(?::[ \t]*+[\w.]++[ \t]*+)?=[ \t]*+"
                      r"(?:\w++\.)*+" + re.escape(container) + r"\(")


@pytest.mark.parametrize("text", [
    "app = Flask(__name__)\nclient = web.Client(app)\n",
    "a = b = Flask(1)\nx: web.App = acme.web.Flask(2)\nMyApp = Flask(3)\n",
    "app = MyFlask(1)\napp2 = Flask2(1)\nz = Client (1)\nw = Outer.Inner(1)\n",
    "x = Foo(y = Flask(1))\nself = Flask(1)\n_private = Client(2)\n",
])
def test_one_pass_over_a_page_binds_what_a_pattern_per_class_did(text: str) -> None:
    index = build_index([Page("docs/a.md", "blob", False)], {"blob": text.encode()}.get)
    for container in ("Flask", "Client", "Inner", "Outer.Inner", "Foo"):
        instances._BOUND.clear()
        assert instances._bound_on(index, 0, container) == frozenset(
            match.group(1) for match in _one_class_pattern(container).finditer(text))
