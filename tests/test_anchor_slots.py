"""A ``__slots__`` entry declares an instance attribute of its class: a changed entry anchors
that attribute, a private one nothing, never the class (aiohttp's ``StreamResponse`` gaining
``"_compression_strategy"`` had listed five pages naming the class;
docs/concepts/anchoring-rules.md#what-anchors)."""

from __future__ import annotations

from pathlib import Path

from govern.drift.anchors.python import extract_python
from tests.helpers import pr_repo, rows, run_json

_READER = """class StreamReader:
    __slots__ = (
        "_buffer",
        "total_bytes",
    )

    def read(self):
        return self._buffer
"""
_PAGES = {"docs/streams.md": "`StreamReader` counts `total_bytes`.\n",
          "docs/client.md": "A response's content is a `StreamReader`.\n"}


def _touched(source: str, *lines: int) -> list[str]:
    return [d.key for d in extract_python(source.encode(), frozenset(lines)).touched]


def test_a_changed_entry_anchors_its_attribute_not_the_class() -> None:
    assert _touched(_READER, 4) == ["StreamReader.total_bytes"]
    assert _touched(_READER, 3) == []  # ``"_buffer"``: private
    # the ``__slots__ = (`` line and its ``)`` hold no entry
    assert _touched(_READER, 2, 5) == []
    # the class's own line still anchors it, a method's line its method
    assert _touched(_READER, 1) == ["StreamReader"]
    assert _touched(_READER, 8) == ["StreamReader.read"]


def test_every_form_of_slots_declares_its_entries() -> None:
    for slots in ('"size"', '["size", "_b"]', '{"size", "_b"}', '{"size": "bytes read"}',
                  '"size", "_b"'):
        extraction = extract_python(f"class R:\n    __slots__ = {slots}\n".encode(),
                                    frozenset({2}))
        assert [d.key for d in extraction.touched] == ["R.size"], slots
        assert "R.size" in extraction.declared and "R._b" not in extraction.declared
        # the entry anchors as the attribute, so it is no literal as well
        assert "size" not in extraction.literals


def test_a_dunder_entry_is_no_change_to_the_class() -> None:
    """``"__weakref__"`` lets instances be weakly referenced: a detail, not the class's API."""
    extraction = extract_python(b'class R:\n    __slots__ = ("__weakref__",)\n', frozenset({2}))
    assert extraction.touched == ()


def test_a_private_slot_lists_no_page(tmp_path: Path) -> None:
    """aiohttp ``a640f4f2c4``: ``"_data_received_cb"`` on ``RequestHandler``."""
    head = {"shop/streams.py": _READER.replace('"_buffer",', '"_buffer",\n        "_waiter",')}
    data = run_json(pr_repo(tmp_path, {"shop/__init__.py": "", "shop/streams.py": _READER,
                                       **_PAGES}, head), "main")
    assert data["anchors"] == [] and rows(data) == {}
    assert [c["reason"] for c in data["anchorless_changes"]] == [
        "no documentable declaration on the changed lines; they touch private "
        "`StreamReader._waiter`"]


def test_a_public_slot_anchors_its_attribute(tmp_path: Path) -> None:
    """aiohttp ``ce38e4387d``: ``"total_compressed_bytes"`` made ``StreamReader`` the anchor,
    listing the five pages that name the class; the attribute is the news."""
    head = {"shop/streams.py": _READER.replace('"total_bytes",',
                                               '"total_bytes",\n        "compressed_bytes",')}
    pages = {**_PAGES, "docs/streams.md": _PAGES["docs/streams.md"]
             + "`StreamReader.compressed_bytes` counts the bytes on the wire.\n"}
    data = run_json(pr_repo(tmp_path, {"shop/__init__.py": "", "shop/streams.py": _READER,
                                       **pages}, head), "main")
    tokens = {a["token"] for a in data["anchors"]}
    assert {"StreamReader.compressed_bytes", "compressed_bytes"} <= tokens
    assert "StreamReader" not in tokens and not any(a["kind"] == "literal"
                                                    for a in data["anchors"])
    assert set(rows(data)) == {"docs/streams.md"}  # not docs/client.md, which names the class


def test_a_removed_public_slot_is_removed(tmp_path: Path) -> None:
    """An entry gone from ``__slots__`` with nothing else declaring it: the pages naming the
    attribute are stale, not those naming the class."""
    head = {"shop/streams.py": _READER.replace('        "total_bytes",\n', "")}
    data = run_json(pr_repo(tmp_path, {"shop/__init__.py": "", "shop/streams.py": _READER,
                                       **_PAGES}, head), "main")
    assert {row["path"]: row["stale"] for row in data["docs"]} == {"docs/streams.md": True}
