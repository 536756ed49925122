"""Literal shapes (docs/concepts/anchoring-rules.md#literals): a dotted or scoped key with inner
hyphens (poetry's ``installer.only-binary``, mobx's lint rule ``mobx/no-anonymous-observer``)
anchors as ``a.b_c`` does, and pages writing it are found; a bare kebab word (``built-in``),
an all-caps word (``HTML``), a file's name (``requirements.txt``) and the text of a
``description`` or ``group`` key do not anchor; a key read from a settings object by a getter
(alembic's ``config.get_main_option("revision_environment")``) does."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.drift.anchors.python import extract_python
from govern.drift.anchors.syntax import is_code_shaped
from govern.drift.anchors.typescript import extract_typescript
from tests.helpers import pr_repo, rows, run_json


def _literals(language: str, source: str, lines: set[int]) -> tuple[str, ...]:
    data = source.encode()
    if language == "python":
        return extract_python(data, frozenset(lines)).literals
    return extract_typescript(data, frozenset(lines), language).literals


@pytest.mark.parametrize(("token", "shaped"), [
    ("mobx/no-anonymous-observer", True), ("installer.only-binary", True),
    ("scope/rule", False), ("cache-strategy", False), ("built-in", False),
    ("read-only", False), ("well-known", False), ("e-mail", False),
])
def test_a_scoped_kebab_name_is_code_shaped_a_bare_one_is_not(token: str, shaped: bool) -> None:
    assert is_code_shaped(token) is shaped


@pytest.mark.parametrize(("language", "source", "lines", "expected"), [
    # poetry's config keys, dotted, with hyphens inside a part; English compounds stay out
    ("python", 'CONFIG = {\n    "installer.only-binary": (parse, str),\n    "built-in": 1,\n'
     '    "read-only": 2,\n    "well-known": 3,\n    "e-mail": 4,\n}\n', {2, 3, 4, 5, 6},
     ("installer.only-binary",)),
    # an eslint plugin's rule, scoped by the plugin
    ("javascript", 'module.exports = {\n  rules: {\n    "mobx/no-anonymous-observer": "warn",\n'
     '    "cache-strategy": "warn",\n  },\n};\n', {3, 4}, ("mobx/no-anonymous-observer",)),
    # a hyphen opens or closes no part, and a slash joins two parts only
    ("python", 'KEYS = ("a.-b_c", "a_b-", "a-b/c-d/e-f", "a.b/c-d")\n', {1}, ()),
])
def test_a_dotted_or_scoped_kebab_key_anchors(language: str, source: str, lines: set[int],
                                              expected: tuple[str, ...]) -> None:
    assert _literals(language, source, lines) == expected


@pytest.mark.parametrize(("language", "source", "lines", "expected"), [
    # prettier c1937cb1b8 and c40b061b80: a display name and a group are text for people;
    # a language's registered name and a parser's value still anchor
    ("javascript", 'const languages = [\n  { value: "babel_ts", description: "TypeScript",'
     ' group: "JavaScript", name: "GraphQL" },\n];\n', {2}, ("babel_ts", "GraphQL")),
    ("python", 'TABLE = {\n    "title": "JsonSchema",\n    "label": "FastAPI",\n'
     '    "help": "NoColor",\n    "message": "TypeError",\n    "kind": "TypeScript",\n}\n',
     {2, 3, 4, 5, 6}, ("TypeScript",)),
    # an all-caps word of letters is a name in prose, not SCREAMING_CASE code; a rule's code is
    ("javascript", 'export const group = { HTML: "HTML", CSS_MODULES: "CSS_MODULES" };\n',
     {1}, ("CSS_MODULES",)),
    ("python", 'RULES = ["MR003", "JSON", "HTML5"]\n', {1}, ("MR003", "HTML5")),
    # a longer all-caps word may be a code: objectstack's error ledger's ``THROTTLED``
    ("javascript", 'export const CODES = ["THROTTLED", "POST", "UUID"];\n', {1},
     ("THROTTLED",)),
    # a hyphenated word alone is a locale, a header or a label (objectstack's locales listed
    # eleven pages of one PR); inside a dotted or scoped key it joins words of a name
    ("javascript",
     'export const LOCALES = ["zh-CN", "en-US", "User-Agent", "auth.email-locale"];\n',
     {1}, ("auth.email-locale",)),
    # poetry 7018bd3206: a file's name is no dotted name; a dotted key still is
    ("python", 'ACCEPTED_FORMATS = ("requirements.txt", "setup.cfg", "virtualenvs.create")\n',
     {1}, ("virtualenvs.create",)),
])
def test_display_names_all_caps_words_and_file_names_do_not_anchor(
        language: str, source: str, lines: set[int], expected: tuple[str, ...]) -> None:
    assert _literals(language, source, lines) == expected


@pytest.mark.parametrize(("source", "expected"), [
    # alembic 4effc8124f: the settings object wins over the getter's own name
    ('def f(config):\n    return asbool(config.get_main_option("revision_environment"))\n',
     ("revision_environment",)),
    ('def f(config):\n    return config.get_section_option("alembic", "script_location")\n',
     ("script_location",)),
    ('def f(self):\n    return self.settings.get("cache_dir")\n', ("cache_dir",)),
    ('def f(self):\n    return self.conf["plugin_dirs"]\n', ("plugin_dirs",)),
    # any other object's getter or lookup reads keys it declares itself
    ('def f(self):\n    return self.get_option("revision_environment")\n', ()),
    ('def f(self):\n    return self.opts.get_main_option("revision_environment")\n', ()),
    ('def f(row):\n    return row.get("cache_dir")\n', ()),
    # a plain word is no surface, read from settings or not
    ('def f(config):\n    return config.get_main_option("sourceless")\n', ()),
])
def test_a_key_a_settings_getter_reads_anchors(source: str, expected: tuple[str, ...]) -> None:
    assert _literals("python", source, {2}) == expected


def test_a_kebab_config_key_lists_its_section(tmp_path: Path) -> None:
    """poetry 51f1147dc9 adds ``"installer.only-binary"``; docs/configuration.md heads its
    section `` `installer.only-binary` ``. The page writing only ``installer.only`` or the
    English ``only-binary`` is not listed."""
    docs = {"docs/configuration.md": "# Settings\n\n### `installer.parallel`\n\nRun jobs.\n\n"
                                     "### `installer.only-binary`\n\nWheels only.\n",
            "docs/faq.md": "Use `installer.only` wheels; only-binary builds are faster.\n"}
    base = {"pkg/__init__.py": "", **docs,
            "pkg/config.py": 'DEFAULTS = {\n    "installer.parallel": True,\n}\n'}
    head = {"pkg/config.py": 'DEFAULTS = {\n    "installer.parallel": True,\n'
                             '    "installer.only-binary": None,\n}\n'}
    data = run_json(pr_repo(tmp_path, base, head), "main")
    assert rows(data) == {"docs/configuration.md": ["installer.only-binary"]}
    evidence = data["docs"][0]["evidence"]
    assert [(e["token"], e["lines"]) for e in evidence] == [("installer.only-binary", [7])]


def test_a_scoped_lint_rule_lists_its_readme(tmp_path: Path) -> None:
    """mobx 09a8fe4325 drops ``"mobx/no-anonymous-observer"`` from the recommended rules;
    the plugin's README heads that rule. A page writing only the plugin's scope is not
    listed."""
    base = {"package.json": '{"name": "eslint-plugin-mobx"}\n',
            "README.md": "# eslint-plugin-mobx\n\n### mobx/no-anonymous-observer\n\nNames.\n",
            "docs/setup.md": "Add `mobx/` rules, and no-anonymous-observer for names.\n",
            "src/index.js": 'module.exports = {\n  configs: { recommended: { rules: {\n'
                            '    "mobx/exhaustive-make-observable": "warn",\n'
                            '    "mobx/no-anonymous-observer": "warn",\n  } } },\n};\n'}
    head = {"src/index.js": 'module.exports = {\n  configs: { recommended: { rules: {\n'
                            '    "mobx/exhaustive-make-observable": "warn",\n  } } },\n};\n'}
    data = run_json(pr_repo(tmp_path, base, head), "main")
    assert rows(data) == {"README.md": ["mobx/no-anonymous-observer"]}
    assert data["docs"][0]["evidence"][0]["lines"] == [3]


def test_a_display_name_lists_no_page(tmp_path: Path) -> None:
    """prettier c1937cb1b8: ``description: "TypeScript"`` listed the README's banner; the
    parser's value ``babel_ts`` beside it still lists the page naming it."""
    base = {"package.json": '{"name": "fmt"}\n',
            "README.md": "# fmt\n\nJavaScript · TypeScript · HTML\n",
            "docs/options.md": "# Parser\n\nValid options: `babel_flow`, `babel_ts`.\n",
            "src/options.js": 'module.exports = {\n  parser: [\n'
                              '    { value: "babel_flow", description: "Flow" },\n  ],\n};\n'}
    head = {"src/options.js": 'module.exports = {\n  parser: [\n'
                              '    { value: "babel_flow", description: "Flow" },\n'
                              '    { value: "babel_ts", description: "TypeScript" },\n'
                              '    { value: "vue_html", group: "HTML" },\n  ],\n};\n'}
    data = run_json(pr_repo(tmp_path, base, head), "main")
    assert rows(data) == {"docs/options.md": ["babel_ts"]}


def test_a_settings_getter_key_lists_its_page(tmp_path: Path) -> None:
    """alembic 4effc8124f reads ``config.get_main_option("revision_environment")``, which its
    tutorial documents; the same key read through another object's getter lists nothing."""
    base = {"pkg/__init__.py": "",
            "docs/tutorial.rst": "Set ``revision_environment`` to ``true`` to run env.py.\n",
            "pkg/command.py": "def revision(config):\n    return config.main\n\n\n"
                              "def history(script):\n    return script.main\n"}
    head = {"pkg/command.py": 'def revision(config):\n'
                              '    return config.get_main_option("revision_environment")\n\n\n'
                              "def history(script):\n    return script.main\n"}
    data = run_json(pr_repo(tmp_path, base, head), "main")
    assert rows(data) == {"docs/tutorial.rst": ["revision_environment"]}
    other = {"pkg/command.py": "def revision(config):\n    return config.main\n\n\n"
                               'def history(script):\n'
                               '    return script.get_main_option("revision_environment")\n'}
    data = run_json(pr_repo(tmp_path / "other", base, other), "main")
    assert rows(data) == {}


SIDEBAR = ("module.exports = {\n  guides: [\n    {\n      type: 'category',\n      items: [\n"
           "        'server/error-formatting',\n        'server/infer-types',\n      ],\n"
           "    },\n  ],\n};\n")


@pytest.mark.parametrize(("page", "listed"), [
    # the id of the page itself: trpc's sidebars.js lists the page its slug names (5c73587ff
    # listed six pages, each through its own slug)
    ("docs/server/error-handling.md", {}),
    # the same text where no page is called so is a name like any scoped one
    ("docs/server/errors.md", {"docs/server/errors.md": ["server/error-handling"]}),
])
def test_a_literal_that_is_a_page_s_id_names_no_page(tmp_path: Path, page: str,
                                                     listed: dict[str, list[str]]) -> None:
    head = SIDEBAR.replace("        'server/infer-types',\n",
                           "        'server/infer-types',\n        'server/error-handling',\n")
    text = "---\nslug: /server/error-handling\n---\n\n# Handling errors\n\nThrow them.\n"
    data = run_json(pr_repo(tmp_path, {"package.json": '{"name": "site"}', "sidebars.js": SIDEBAR,
                                       page: text}, {"sidebars.js": head}), "main")
    assert rows(data) == listed
