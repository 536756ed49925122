"""Link-index lines (docs/concepts/anchoring-rules.md#link-indexes): a list item that is
nothing but one cross-reference (loguru's ``docs/api.rst``,
``* :meth:`~loguru._logger.Logger.add```) navigates to the object's documentation. It lists its
page only when the name is removed or renamed, which breaks the link, and still makes the page
a New API home of the name's siblings.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from govern.drift.docs.lines import mention_lines
from govern.drift.docs.scanner import scan_page
from tests.helpers import pr_repo, rows, run_json


@pytest.mark.parametrize(("text", "path", "linked", "words"), [
    # loguru's index, nested under a class's bullet, and a numbered item
    ("* :class:`~shop.Client`\n\n    * :meth:`~shop.Client.send`\n    * :meth:`shop.Client.stop`\n"
     "#. :func:`shop.connect`\n", "a.rst",
     {"shop.Client", "shop.Client.send", "Client.send", "send", "Client.stop", "shop.connect"},
     set()),
    # a role with a title, MyST's role, a markdown link whose text is a code span
    ("- :func:`connect <shop.connect>`\n", "a.rst", {"shop.connect", "connect"}, set()),
    ("- {py:func}`shop.connect`\n", "a.md", {"shop.connect", "connect"}, set()),
    ("- [`proxyMap`](./proxyMap.md)\n- [`proxySet`](./proxySet.md)\n", "a.md",
     {"proxyMap", "proxySet"}, set()),
    # words beside the role, two roles, an item going on over its next line, prose: mentions
    ("* :meth:`shop.Client.send`: sends data\n", "a.rst", set(), {"Client.send"}),
    ("* :meth:`shop.Client.send`, :meth:`shop.Client.stop`\n", "a.rst", set(),
     {"Client.send", "Client.stop"}),
    ("* :meth:`shop.Client.send`\n  sends data\n", "a.rst", set(), {"Client.send"}),
    ("Call :meth:`shop.Client.send` first.\n", "a.rst", set(), {"Client.send"}),
    ("- [`proxyMap`](./proxyMap.md) makes a map\n", "a.md", set(), {"proxyMap"}),
    ("- [proxyMap](./proxyMap.md)\n", "a.md", set(), {"proxyMap"}),
    # a name the page also writes elsewhere is a word, wherever else it is
    ("* :meth:`shop.Client.send`\n\nUse :meth:`shop.Client.send` to send.\n", "a.rst", set(),
     {"Client.send"}),
])
def test_a_link_index_line_names_what_it_links_to_apart(text: str, path: str, linked: set[str],
                                                         words: set[str]) -> None:
    tokens = scan_page(text, path)
    assert linked <= tokens.linked
    assert not linked & tokens.words
    assert words <= tokens.words
    assert not words & tokens.linked


@pytest.mark.parametrize(("text", "lines"), [
    ("* :meth:`shop.Client.send`\n\nUse :meth:`shop.Client.send` to send.\n", (3,)),
    ("* :meth:`shop.Client.send`\n* :meth:`shop.Client.stop`\n", (1,)),  # all the page has
])
def test_an_index_line_is_no_row_line_where_the_page_names_it_elsewhere(
        text: str, lines: tuple[int, ...]) -> None:
    assert mention_lines(text, "docs/api.rst", "Client.send", "written") == lines


CLIENT = ("class Client:\n    def send(self, data):\n        return data\n\n"
          "    def stop(self):\n        return None\n")
INDEX = "API\n===\n\n* :class:`~pkg.a.Client`\n\n    * :meth:`~pkg.a.Client.send`\n" \
        "    * :meth:`~pkg.a.Client.stop`\n"
GUIDE = "Guide\n=====\n\nCall :meth:`~pkg.a.Client.send` to send.\n"
README = "# Shop\n\n- [`Client.send`](docs/api.md#send)\n- [`Client.stop`](docs/api.md#stop)\n"
PAD = {f"docs/pad{i}.rst": f"Pad {i}\n=====\n\nPlain words.\n" for i in range(8)}


def _run(tmp_path: Path, head: str) -> dict[str, Any]:
    files = {"pkg/__init__.py": "", "pkg/a.py": CLIENT, "docs/api.rst": INDEX,
             "docs/guide.rst": GUIDE, "README.md": README, **PAD}
    return run_json(pr_repo(tmp_path, files, {"pkg/a.py": head}), "main")


@pytest.mark.parametrize("change", [
    CLIENT.replace("return data", "return bytes(data)"),  # loguru d4851c4: a body
    CLIENT.replace("(self, data)", "(self, data, timeout=None)"),  # a signature
])
def test_a_link_index_is_no_row_of_a_name_that_still_exists(tmp_path: Path,
                                                            change: str) -> None:
    # the guide's sentence names it: listed; the indexes only link to it
    assert list(rows(_run(tmp_path, change))) == ["docs/guide.rst"]


def test_a_link_index_of_a_removed_name_is_stale_at_its_line(tmp_path: Path) -> None:
    data = _run(tmp_path, CLIENT.replace("def stop(self)", "def halt(self)"))
    assert {row["path"]: row["stale"] for row in data["docs"]} == {
        "docs/api.rst": True, "README.md": True}
    # at the index's line of the name
    lines = {row["path"]: {(item["rule"], tuple(item["lines"])) for item in row["evidence"]}
             for row in data["docs"]}
    assert lines == {"docs/api.rst": {("removed", (7,))}, "README.md": {("removed", (4,))}}


def test_a_link_index_is_the_home_of_its_names_new_sibling(tmp_path: Path) -> None:
    grown = CLIENT + "\n    def pause(self):\n        return None\n"
    data = _run(tmp_path, grown)
    assert data["docs"] == []
    [entry] = data["new_api"]
    assert entry["token"] == "pkg.a.Client.pause"
    assert entry["suggested_pages"][:2] == ["docs/api.rst", "README.md"]


def test_a_removed_name_still_declared_elsewhere_leaves_its_index_as_it_is(
        tmp_path: Path) -> None:
    opener = "def open_session(url):\n    return url\n"
    files = {"pkg/__init__.py": "", "pkg/a.py": opener + "\n\ndef close():\n    return 0\n",
             "pkg/b.py": opener, "docs/api.rst": "API\n===\n\n* :func:`open_session`\n",
             **PAD}
    moved = {"pkg/a.py": "def close():\n    return 0\n"}
    assert run_json(pr_repo(tmp_path / "moved", files, moved), "main")["docs"] == []
    # gone from the code: the link breaks
    gone = {**moved, "pkg/b.py": "def other(url):\n    return url\n"}
    data = run_json(pr_repo(tmp_path / "gone", files, gone), "main")
    assert {row["path"]: row["stale"] for row in data["docs"]} == {"docs/api.rst": True}
