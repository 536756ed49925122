"""cleo's command classes (poetry's CLI) read as commands and options, both ways: a changed
``option("tree", "t", …)`` anchors ``--tree``, a new one is New API where its siblings are
listed and a removed one is certain drift; a changed ``argument(…)``, ``name`` or
``description`` anchors the phrase ``app show``; old cleo's docstring signature
(``{ --D|dev : … }``) is read the same; a method's body, a class no cleo command and an
``option(…)`` of another library anchor nothing
(docs/concepts/anchoring-rules.md#command-line-options)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from govern.drift.anchors.cleo import (
    cleo_classes,
    option_flag,
    signature_flags,
    signature_name,
)
from govern.drift.anchors.syntax import parse, walk
from tests.helpers import pr_repo, rows, run_json

SHOW_PY = '''from cleo.helpers import argument
from cleo.helpers import option

from app.commands.command import Command


class ShowCommand(Command):
    name = "show"
    description = "Shows information about packages."

    arguments = [argument("package", "The package to inspect.")]
    options = [
        option("tree", "t", "List the dependencies as a tree."),
        option("top-level", "T", "Show only top-level dependencies."),
        option("all", None, "Show all packages."),
    ]

    def handle(self) -> int:
        return self.render(self.option("tree"))
'''
BASE_COMMAND_PY = '''from cleo.commands.command import Command as BaseCommand


class Command(BaseCommand):
    loggers = []
'''
ABOUT_PY = '''from app.commands.command import Command


class AboutCommand(Command):
    name = "about"
    description = "Shows information about the app."

    def handle(self) -> int:
        return 0
'''
PLUGIN_PY = '''from app.plugins.base import Plugin


class AboutPlugin(Plugin):
    name = "about"
    description = "A plugin about the app."
'''
FORMS_PY = '''def option(name, short=None, text=""):
    return (name, short, text)


DEFAULTS = [option("tree", None, "The newest first.")]
'''
PAGES = {
    "docs/cli.md": "## show\n\n```bash\napp show requests\n```\n\n"
                   "* `--tree`: List the dependencies as a tree.\n"
                   "* `--top-level (-T)`: Show only top-level dependencies.\n",
    "docs/about.md": "Run `app about` to see the version.\n",
    "docs/prose.md": "The tree shows all packages at the top level; `app list` lists them.\n",
}
BASE = {"pyproject.toml": '[project]\nname = "app"\n[project.scripts]\napp = "app.cli:main"\n',
        "app/__init__.py": "", "app/cli.py": "def main() -> int:\n    return 0\n",
        "app/commands/__init__.py": "", "app/commands/command.py": BASE_COMMAND_PY,
        "app/commands/show.py": SHOW_PY, "app/commands/about.py": ABOUT_PY,
        "app/plugins/__init__.py": "", "app/plugins/base.py": "class Plugin:\n    pass\n",
        "app/plugins/about.py": PLUGIN_PY, "app/forms.py": FORMS_PY, **PAGES}
SHOW = "app/commands/show.py"


@pytest.mark.parametrize(("path", "old", "new", "listed"), [
    # an option's help: its flag, on the page listing it (not the phrase, not the prose)
    (SHOW, '"List the dependencies as a tree."', '"List them as a tree."',
     {"docs/cli.md": ["--tree"]}),
    (SHOW, '"T", "Show only top-level dependencies."', '"t", "Show the top level only."',
     {"docs/cli.md": ["--top-level"]}),
    # an argument made optional, and the command's description: the command's phrase
    (SHOW, '"The package to inspect.")', '"The package to inspect.", optional=True)',
     {"docs/cli.md": ["app show"]}),
    (SHOW, '"Shows information about packages."', '"Shows the packages."',
     {"docs/cli.md": ["app show"]}),
    # a command class whose cleo base is imported from another module, no options of its own
    ("app/commands/about.py", '"Shows information about the app."', '"Shows the version."',
     {"docs/about.md": ["app about"]}),
    # the command's implementation: no declaration changed
    (SHOW, 'self.render(self.option("tree"))', 'self.render(self.option("tree"), wide=True)',
     {}),
    # a class setting ``name`` that is no cleo command, and an ``option`` of the project's own
    ("app/plugins/about.py", '"A plugin about the app."', '"A plugin on the app."', {}),
    ("app/forms.py", '"The newest first."', '"The newest last."', {}),
])
def test_what_a_cleo_change_lists(tmp_path: Path, path: str, old: str, new: str,
                                  listed: dict[str, list[str]]) -> None:
    assert old in BASE[path]
    data = run_json(pr_repo(tmp_path, BASE, {path: BASE[path].replace(old, new, 1)}), "main")
    assert rows(data) == listed


def _new_flags(data: dict[str, Any]) -> dict[str, list[str]]:
    return {entry["token"]: entry["suggested_pages"] for entry in data["new_api"]
            if entry["token"].startswith("--")}


def test_a_new_cleo_option_is_new_api_at_home_beside_its_siblings(tmp_path: Path) -> None:
    """The trial's reproduction: poetry's 2d59bf6735 added ``option("no-truncate", …)`` to
    ``show``, which ``docs/cli.md`` documents with its siblings."""
    grown = SHOW_PY.replace('        option("all", None,',
                            '        option("no-truncate", None, "Do not truncate.", flag=True),\n'
                            '        option("all", None,')
    data = run_json(pr_repo(tmp_path, BASE, {SHOW: grown}), "main")
    assert _new_flags(data) == {"--no-truncate": ["docs/cli.md"]}
    assert rows(data) == {}  # its neighbours' lines are unchanged


def test_a_removed_cleo_option_is_certain_drift_unless_another_command_declares_it(
        tmp_path: Path) -> None:
    gone = '        option("top-level", "T", "Show only top-level dependencies."),\n'
    data = run_json(pr_repo(tmp_path, BASE, {SHOW: SHOW_PY.replace(gone, "")}), "main")
    assert [(row["path"], row["stale"]) for row in data["docs"]] == [("docs/cli.md", True)]
    # the same flag still declared by another command, its name written without dashes
    kept = {SHOW: SHOW_PY.replace(gone, ""),
            "app/commands/outdated.py": SHOW_PY.replace("ShowCommand", "OutdatedCommand")
            .replace('name = "show"', 'name = "outdated"')}
    data = run_json(pr_repo(tmp_path / "kept", BASE, kept), "main")
    assert [(row["path"], row["stale"]) for row in data["docs"]] == [("docs/cli.md", False)]


OLD_ADD_PY = '''from app.commands.command import Command


class AddCommand(Command):
    """
    Add a new dependency to <comment>pyproject.toml</>.

    add
        { name* : Packages to add. }
        { --D|dev : Add package as development dependency. }
        { --E|extras=* : Extras to activate for the dependency. }
    """

    def handle(self):
        return 0
'''


@pytest.mark.parametrize(("old", "new", "listed"), [
    # an item's flag; the signature is the class's docstring, so the command's phrase too
    ("Add package as development dependency.", "Add as a development dependency.",
     {"docs/usage.md": ["app add", "--dev"]}),
    ("Extras to activate for the dependency.", "Extras to activate.",
     {"docs/usage.md": ["app add", "--extras"]}),
    ("Packages to add.", "The packages to add.", {"docs/usage.md": ["app add"]}),
    ("return 0", "return 1", {}),
])
def test_old_cleo_docstring_signatures_anchor_their_flags(
        tmp_path: Path, old: str, new: str, listed: dict[str, list[str]]) -> None:
    pages = {"docs/usage.md": "Run `app add pendulum --dev`, or with `--extras`.\n",
             "docs/other.md": "Build with `-D` or `--develop`.\n"}
    base = {**BASE, "app/commands/add.py": OLD_ADD_PY, **pages}
    data = run_json(pr_repo(tmp_path, base, {
        "app/commands/add.py": OLD_ADD_PY.replace(old, new, 1)}), "main")
    assert rows(data) == listed


def _calls(source: str) -> list[str | None]:
    tree = parse("python", source.encode())
    return [option_flag(call) for call in walk(tree.root_node, frozenset({"call"}))]


def test_a_cleo_option_call_names_its_long_flag_only() -> None:
    assert _calls('option("no-truncate", None, "x")\noption(long_name="dry-run")\n'
                  'helpers.option("all", "a")\n') == ["--no-truncate", "--dry-run", "--all"]
    # cleo's own options, a dashed name (read as click's), a help text, another callee
    assert _calls('option("help")\noption("--tree")\noption("a b")\nparser.option("x")\n'
                  'option(name)\n') == [None, None, None, None, None]


@pytest.mark.parametrize(("doc", "name"), [
    ("Shows information.\n\n    about\n", "about"),
    ("Debugs resolution.\n\n    debug:resolve\n        { package?* : Packages. }\n",
     "debug:resolve"),
    ("A helper class.\n\n    It does things for commands.\n", None),  # prose, no signature
    ("One line only.", None),
])
def test_the_name_of_an_old_cleo_signature(doc: str, name: str | None) -> None:
    assert signature_name(doc) == name


@pytest.mark.parametrize(("doc", "declares"), [
    ("Add.\n\n    add\n        { --D|dev : As dev. }\n", True),
    ("Add.\n\n    add\n        { name* : Packages. }\n", False),  # its base must be cleo's
    ("Renders.\n\n    render {template} with the context.\n", False),  # prose in braces
])
def test_an_old_cleo_signature_is_cleo_s_shape_by_its_option_items(doc: str,
                                                                    declares: bool) -> None:
    source = f'class Helper(Base):\n    """{doc}"""\n'.encode()
    assert cleo_classes(parse("python", source).root_node)["Helper"].declares is declares


def test_signature_flags_of_the_changed_items_only() -> None:
    source = OLD_ADD_PY.encode()
    root = parse("python", source).root_node
    dev_line = OLD_ADD_PY.splitlines().index(
        "        { --D|dev : Add package as development dependency. }") + 1
    assert list(signature_flags(root, frozenset({dev_line}))) == ["--dev"]
    assert list(signature_flags(root, frozenset({dev_line - 1}))) == []  # the argument item
    assert list(signature_flags(root, None)) == ["--dev", "--extras"]
