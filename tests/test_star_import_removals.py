"""A name a change removes from one module may live on under the same dotted name through a
star import (``from .b import *``) of a module the change did not touch: that spelling is not
removed, and a page writing it is not stale (docs/concepts/anchoring-rules.md#certain-drift).
What the starred module's ``__all__`` leaves out, or a private name, a star import does not
bring."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.drift.anchors.extract import Candidate
from govern.drift.anchors.model import Declaration
from govern.drift.paths import star_bound
from tests.helpers import pr_repo, run_json

LINES = "def split_lines(text):\n    return text\n\n\ndef parse_line(line):\n    return line\n"
PAGES = {"docs/api.md": "Call `pkg.parse_line` on each line.\n",
         "docs/lines.md": "The module's own `pkg.lines.parse_line` is gone.\n"}


GETATTR = ("def __getattr__(name):\n    if name == 'parse_line':\n        return str.strip\n"
           "    raise AttributeError(name)\n")


def _stale(tmp_path: Path, files: dict[str, str]) -> dict[str, bool]:
    head: dict[str, str | None] = {"pkg/lines.py": "def split_lines(text):\n    return text\n"}
    data = run_json(pr_repo(tmp_path, {**files, "pkg/lines.py": LINES, **PAGES}, head), "main")
    return {row["path"]: row["stale"] for row in data["docs"]}


@pytest.mark.parametrize(("files", "stale"), [
    # the package star-imports an unchanged module that defines it too: `pkg.parse_line` is
    # still there to import
    ({"pkg/__init__.py": "from .lines import *\nfrom .text import *\n",
      "pkg/text.py": "def parse_line(line):\n    return line.strip()\n"}, False),
    # ... or one that star-imports it in turn, from a private module
    ({"pkg/__init__.py": "from .lines import *\nfrom .text import *\n",
      "pkg/text.py": "from ._parsing import *\n",
      "pkg/_parsing.py": "def parse_line(line):\n    return line.strip()\n"}, False),
    # ... or one that imports it by name
    ({"pkg/__init__.py": "from .lines import *\nfrom .text import *\n",
      "pkg/text.py": "from ._parsing import parse_line\n",
      "pkg/_parsing.py": "def parse_line(line):\n    return line.strip()\n"}, False),
    # the name is gone from every module
    ({"pkg/__init__.py": "from .lines import *\nfrom .text import *\n",
      "pkg/text.py": "def parse_text(text):\n    return text\n"}, True),
    # the starred module's `__all__` leaves it out: the star import does not bring it
    ({"pkg/__init__.py": "from .lines import *\nfrom .text import *\n",
      "pkg/text.py": "__all__ = ['parse_text']\n\n\ndef parse_text(text):\n    return text\n\n\n"
                     "def parse_line(line):\n    return line\n"}, True),
    ({"pkg/__init__.py": "from .lines import *\nfrom .text import *\n",
      "pkg/text.py": "__all__ = ['parse_text']\n\nfrom ._parsing import *\n\n\n"
                     "def parse_text(text):\n    return text\n",
      "pkg/_parsing.py": "def parse_line(line):\n    return line.strip()\n"}, True),
    # the module defining it is imported by name only, not starred
    ({"pkg/__init__.py": "from .lines import *\nfrom . import text\n",
      "pkg/text.py": "def parse_line(line):\n    return line.strip()\n"}, True),
    # served by the starred module's `__getattr__`: a star import copies the module's own
    # bindings, which that name is not, unless its `__all__` lists it
    ({"pkg/__init__.py": "from .lines import *\nfrom .text import *\n",
      "pkg/text.py": GETATTR}, True),
    ({"pkg/__init__.py": "from .lines import *\nfrom .text import *\n",
      "pkg/text.py": "__all__ = ['parse_line']\n\n\n" + GETATTR}, False),
])
def test_a_name_a_star_import_still_brings_is_not_removed(tmp_path: Path, files: dict[str, str],
                                                          stale: bool) -> None:
    # `pkg.lines.parse_line` is gone whatever the package still serves
    assert _stale(tmp_path, files) == {"docs/api.md": stale, "docs/lines.md": True}


def test_a_module_turned_into_a_star_import_shim_keeps_its_names(tmp_path: Path) -> None:
    """werkzeug's ``contrib`` modules became shims (``from ..middleware.lint import *``): a
    name the shim's star import still brings from an unchanged module is not removed from
    the shim's own dotted name; one it does not bring is."""
    files = {"pkg/__init__.py": "", "pkg/lines.py": LINES,
             "pkg/_parsing.py": "def parse_line(line):\n    return line.strip()\n",
             "docs/lines.md": "Call `pkg.lines.parse_line`, not `pkg.lines.split_lines`.\n",
             "docs/split.md": "`pkg.lines.split_lines` is gone.\n"}
    head: dict[str, str | None] = {"pkg/lines.py": "from ._parsing import *\n"}
    data = run_json(pr_repo(tmp_path, files, head), "main")
    stale = {(row["path"], evidence["token"]): evidence["rule"] == "removed"
             for row in data["docs"] for evidence in row["evidence"]}
    assert stale == {("docs/lines.md", "pkg.lines.parse_line"): False,
                     ("docs/lines.md", "pkg.lines.split_lines"): True,
                     ("docs/split.md", "pkg.lines.split_lines"): True}


@pytest.mark.parametrize(("text", "stale"), [
    ("class Parser:\n    def feed(self, data):\n        return data\n", False),
    # a class of that name without the member: `pkg.Parser.feed` is gone
    ("class Parser:\n    def close(self):\n        return None\n", True),
    # a class the starred module imports is not read for its members
    ("from ._parsing import Parser\n", True),
])
def test_a_member_a_star_import_still_brings_needs_its_class_declared_there(
        tmp_path: Path, text: str, stale: bool) -> None:
    parser = "class Parser:\n    def feed(self, data):\n        return data\n"
    files = {"pkg/__init__.py": "from .lines import *\nfrom .text import *\n",
             "pkg/lines.py": f"{parser}\n\ndef split_lines(text):\n    return text\n",
             "pkg/text.py": text, "pkg/_parsing.py": parser,
             "docs/api.md": "Call `pkg.Parser.feed` with each chunk.\n"}
    head: dict[str, str | None] = {"pkg/lines.py": "def split_lines(text):\n    return text\n"}
    data = run_json(pr_repo(tmp_path, files, head), "main")
    assert {row["path"]: row["stale"] for row in data["docs"]} == {"docs/api.md": stale}


@pytest.mark.parametrize(("written", "read"), [
    (set(), []),  # no page writes either spelling: no module is read for it
    ({"pkg.parse_line"}, ["pkg/__init__.py", "pkg/lines.py", "pkg/text.py"]),
    # the declaration's own spelling
    ({"parse_line"}, ["pkg/__init__.py", "pkg/lines.py", "pkg/text.py"]),
])
def test_only_a_name_some_page_writes_is_looked_for_through_star_imports(
        written: set[str], read: list[str]) -> None:
    texts = {"pkg/__init__.py": b"from .lines import *\nfrom .text import *\n",
             "pkg/text.py": b"def parse_line(line):\n    return line\n"}
    asked: list[str] = []

    def read_head(path: str) -> bytes | None:
        asked.append(path)
        return texts.get(path)

    removed = {("symbol", "pkg.parse_line"), ("symbol", "parse_line")}
    candidates = [Candidate("symbol", token, "pkg/lines.py", "base",
                            Declaration("parse_line", None, True))
                  for token in ("pkg.parse_line", "parse_line")]
    found = star_bound(removed, candidates, read_head,
                       lambda importer, module: {"pkg": "pkg/__init__.py",
                                                 ".text": "pkg/text.py",
                                                 ".lines": "pkg/lines.py"}.get(module),
                       written.__contains__)
    assert sorted(asked) == read
    assert found == (removed if written else frozenset())
