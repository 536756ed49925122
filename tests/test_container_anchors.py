"""What a change inside a class anchors (docs/concepts/anchoring-rules.md#what-anchors), both
ways: blank lines and detached comments between members anchor nothing, a comment written
above a member is that member's, and a constructor anchors its class by its signature while
its body anchors the instance fields it assigns."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.drift.anchors.python import extract_python
from govern.drift.anchors.typescript import extract_typescript
from tests.helpers import pr_repo, rows, run_json

WIDGET = '''class Widget:
    """A widget."""

    #: How many knobs a widget has.
    knob_count = 3  # the default
    knob_size = 2

    # -- drawing --

    def draw_all(self):
        return 1

    def __init__(self, size):
        """Make a widget of ``size``."""
        #: The widget's size.
        self.size_hint = size
        self._cache = {}
        setup_knobs(self)
'''

PAGES = {
    "mylib/__init__.py": "from .widget import Widget\n",
    "docs/guide.md": "Build a `mylib.Widget` first.\n",
    "docs/fields.md": "Set `Widget.knob_count`, read `Widget.size_hint`.\n",
}


@pytest.mark.parametrize(("old", "new", "listed"), [
    # a blank line between members, a detached comment: no change a reader uses
    ("        return 1\n\n", "        return 1\n\n\n", {}),
    ("# -- drawing --", "# -- drawing helpers --", {}),
    # the comment above a field documents the field
    ("#: How many knobs", "#: How many round knobs", {"docs/fields.md": ["Widget.knob_count"]}),
    # the docstring is the class's own declaration
    ('"""A widget."""', '"""A widget on a panel."""', {"docs/guide.md": ["mylib.Widget"]}),
    # the constructor's body: the instance field it assigns, not the class
    ("#: The widget's size.", "#: The widget's size hint.",
     {"docs/fields.md": ["Widget.size_hint"]}),
    ("self._cache = {}", "self._cache = []", {}),
    ("setup_knobs(self)", "setup_knobs(self, 2)", {}),
    # the constructor's signature and docstring: how the class is used
    ("(self, size):", "(self, size, color=None):", {"docs/guide.md": ["mylib.Widget"]}),
    ("of ``size``.", "of ``size`` in pixels.", {"docs/guide.md": ["mylib.Widget"]}),
    # a field the constructor adds is a member added: the field, and its class where the
    # field's name is a plain word, too weak to anchor alone
    ("self._cache = {}", "self._cache = {}\n        self.knob_color = None", {}),
    ("self._cache = {}", "self._cache = {}\n        self.color = None",
     {"docs/guide.md": ["mylib.Widget"]}),
])
def test_what_a_class_change_lists(tmp_path: Path, old: str, new: str,
                                   listed: dict[str, list[str]]) -> None:
    assert old in WIDGET
    repo = pr_repo(tmp_path, {**PAGES, "mylib/widget.py": WIDGET},
                   {"mylib/widget.py": WIDGET.replace(old, new, 1)})
    assert rows(run_json(repo, "main")) == listed


@pytest.mark.parametrize(("line", "expected"), [
    (5, ["Widget.knob_count"]),      # a comment ending a field's line is that field's
    (4, ["Widget.knob_count"]),      # the comment block above a field
    (8, []),                         # a detached comment
    (9, []),                         # a blank line
    (16, ["Widget.size_hint"]),
    (17, []),                        # a private field
    (13, ["Widget"]),                # the constructor's signature
])
def test_python_lines_and_their_declarations(line: int, expected: list[str]) -> None:
    touched = extract_python(WIDGET.encode(), frozenset({line})).touched
    assert [d.key for d in touched] == expected


def test_an_instance_field_is_declared_and_never_bridges() -> None:
    result = extract_python(WIDGET.encode(), frozenset({16}))
    assert {"Widget.size_hint", "Widget.knob_count"} <= result.declared
    assert "Widget._cache" not in result.declared
    assert [d.bridgeable for d in result.touched] == [False]


CONFIG = '''class SiteConfig(Base):
    """The configuration of a site."""

    site_name = Type(str)
    """The title of the site."""

    not_in_nav = Optional(PathSpec())
    """Patterns of files that are not in the nav."""

    draft_docs: PathSpec = Optional(PathSpec())

    """Patterns of files to mark as draft."""

    def load(self):
        return 1
    """A string after a method."""

    def __init__(self, path):
        self.path = path
        """Where the configuration was read from."""
'''
CONFIG_PAGES = {
    "mylib/__init__.py": "from .config import SiteConfig\n",
    "docs/plugins.md": "A plugin receives the `SiteConfig` object.\n",
    "docs/configuration.md": "### not_in_nav\n\nSet `draft_docs`; read `SiteConfig.path`.\n",
}


@pytest.mark.parametrize(("old", "new", "listed"), [
    # the string after a field documents the field (mkdocs' config fields): the field, not
    # the class, whose page names only the class
    ("that are not in the nav.", "that are not in the nav.\n\n    More.\n    ",
     {"docs/configuration.md": ["not_in_nav"]}),
    # after an annotated assignment, a blank line between (as Sphinx reads it)
    ("to mark as draft.", "to mark as drafts.", {"docs/configuration.md": ["draft_docs"]}),
    # after an instance field the constructor assigns
    ("Where the configuration", "Where the whole configuration",
     {"docs/configuration.md": ["SiteConfig.path"]}),
    # a field added with its docstring is a member added, not a change of the class
    ("    def load", "    exclude_docs = Optional(PathSpec())\n    \"\"\"Excluded.\"\"\"\n\n"
     "    def load", {}),
    # the class's docstring stays the class's, and a string after a method is no field's
    ("of a site.", "of a whole site.", {"docs/plugins.md": ["SiteConfig"]}),
    ("after a method.", "after the method.", {"docs/plugins.md": ["SiteConfig"]}),
])
def test_an_attribute_docstring_documents_its_field(tmp_path: Path, old: str, new: str,
                                                    listed: dict[str, list[str]]) -> None:
    """mkdocs' `4150d2b8ce` grew `not_in_nav`'s docstring and listed `plugins.md`, which names
    `MkDocsConfig` only, not `configuration.md`'s `### not_in_nav`, which it edited."""
    assert old in CONFIG
    repo = pr_repo(tmp_path, {**CONFIG_PAGES, "mylib/config.py": CONFIG},
                   {"mylib/config.py": CONFIG.replace(old, new, 1)})
    assert rows(run_json(repo, "main")) == listed


MODULE = '''"""Settings."""

DEBUG = False
"""Enable debug mode."""

_CACHE = {}
"""A private cache."""

try:
    FAST = True
except ImportError:
    FAST = False
"""A string after a block."""

LEVELS = {"info": 1}
"""Log levels by name."""
'''


@pytest.mark.parametrize(("line", "expected"), [
    (4, ["DEBUG"]),      # a module variable's docstring is the variable's
    (7, []),             # a private one's: nothing
    (13, []),            # after a block: no variable's, not its last assignment's
    (16, ["LEVELS"]),    # a table's docstring: the table itself, none of its keys
    (15, ["LEVELS.info"]),
])
def test_a_module_variable_docstring_is_the_variable(line: int, expected: list[str]) -> None:
    result = extract_python(MODULE.encode(), frozenset({line}))
    assert [d.key for d in result.touched] == expected
    assert result.passed_over == (("private `_CACHE`",) if line == 7 else ())


POOL = """export class AgentPool {
  /** How many agents run at once. */
  limit = 4;

  /**
   * Start every agent.
   */
  startAll() {
    return 1;
  }

  constructor(size: number) {
    this.limit = size;
  }
}
"""


@pytest.mark.parametrize(("line", "expected"), [
    (6, ["AgentPool.startAll"]),     # a JSDoc block is its member's
    (2, ["AgentPool.limit"]),
    (4, []),                         # a blank line
    (12, ["AgentPool"]),             # the constructor's parameters
    (13, []),                        # its body
])
def test_typescript_lines_and_their_declarations(line: int, expected: list[str]) -> None:
    touched = extract_typescript(POOL.encode(), frozenset({line}), "typescript").touched
    assert [d.key for d in touched] == expected


COMMAND_TS = '''export class Command {
  constructor(name: string) {
    this.name = name;
  }

  option(flags: string): Command {
    return this;
  }
}
'''
NEW_COMMAND = {"docs/start.md": "```js\nconst program = new Command('serve');\n```\n"}


@pytest.mark.parametrize(("old", "new", "listed"), [
    # a member gained: the class is anchored, but `new Command()` is not about it
    ("  option(flags: string): Command {\n",
     "  hook(event: string): Command {\n    return this;\n  }\n\n"
     "  option(flags: string): Command {\n",
     {}),
    # the class's own lines (its constructor's signature): every way of naming it
    ("constructor(name: string)", "constructor(name: string, parent?: Command)",
     {"docs/start.md": ["Command"]}),
])
def test_a_class_gaining_a_member_is_not_named_by_its_constructor_call(
        tmp_path: Path, old: str, new: str, listed: dict[str, list[str]]) -> None:
    """commander's `Command` gaining `showSuggestionAfterError` listed every page writing
    `new Command()`; a member gained or lost changes what the class holds, not the call."""
    repo = pr_repo(tmp_path, {"src/command.ts": COMMAND_TS, **NEW_COMMAND},
                   {"src/command.ts": COMMAND_TS.replace(old, new, 1)})
    assert rows(run_json(repo, "main")) == listed
