"""A rewritten ``__all__`` anchors the names one side lists and the other does not, never
those both list (aiohttp's ``57cb76c860`` dropped ``request`` from ``__all__`` and had
anchored the ``ClientSession`` it kept, listing an unedited ``testing.rst``;
docs/concepts/anchoring-rules.md#what-anchors)."""

from __future__ import annotations

from pathlib import Path

from govern.drift.anchors.python import all_entries, extract_python
from tests.helpers import pr_repo, rows, run_json

_CLIENT = """from shop import errors

__all__ = errors.__all__ + (
    "ClientSession", "open_socket")


class ClientSession:
    pass


def open_socket():
    pass


def make_client():
    pass
"""
_BASE = {"shop/__init__.py": "", "shop/errors.py": "__all__ = ['ClientError']\n"
         "class ClientError(Exception):\n    pass\n", "shop/client.py": _CLIENT,
         "docs/testing.md": "Start a `ClientSession`.\n",
         "docs/sockets.md": "Call `open_socket()` for a raw socket.\n",
         "docs/factory.md": "Or `make_client()`.\n"}


def test_every_form_of_all_is_read() -> None:
    assert all_entries(_CLIENT.encode()) == {"ClientSession", "open_socket"}
    assert all_entries(b"__all__ = ['a']\n__all__ += ('b',)\nif True:\n    __all__ = 'c',\n"
                       b"other = ['d']\n") == {"a", "b", "c"}
    # its entries are export declarations, never literals, in any form
    assert extract_python(_CLIENT.encode(), frozenset({3, 4})).literals == ()


def test_a_dropped_name_anchors_and_a_kept_one_does_not(tmp_path: Path) -> None:
    head = {"shop/client.py": _CLIENT.replace('"ClientSession", "open_socket")',
                                              '"ClientSession",)')}
    data = run_json(pr_repo(tmp_path, _BASE, head), "main")
    assert rows(data) == {"docs/sockets.md": ["open_socket"]}
    # still defined, still importable: no page goes stale for it
    assert not any(row["stale"] for row in data["docs"])


def test_an_added_name_anchors(tmp_path: Path) -> None:
    head = {"shop/client.py": _CLIENT.replace('"open_socket")', '"open_socket", "make_client")')}
    data = run_json(pr_repo(tmp_path, _BASE, head), "main")
    assert rows(data) == {"docs/factory.md": ["make_client"]}
