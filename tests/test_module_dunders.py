"""Dunder module attributes (docs/concepts/anchoring-rules.md#what-anchors): metadata a package
publishes anchors (attrs' ``attr.__version_info__``), a version written out is release data,
Python's own module attributes and hooks are never called private; a module ``__getattr__``
anchors the names it serves on the branches a change touched (click's deprecation shim)."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.drift.anchors.python import extract_python
from tests.helpers import pr_repo, rows, run_json

MODULE = (
    '__version__ = "19.2.0"\n'                                                 # 1
    "__version_info__ = VersionInfo._from_version_string(__version__)\n"       # 2
    '__description__ = "Classes Without Boilerplate"\n'                        # 3
    '__doc__ = __description__\n'                                              # 4
    '__all__ = ["Attribute"]\n'                                                # 5
    "class Attribute:\n    pass\n"                                             # 6-7
    "def __dir__():\n    return __all__\n"                                     # 8-9
    '__copyright__ = "Copyright 2011-2015 Tom"\n'                             # 10
    '__author__ = ", ".join(AUTHORS)\n'                                       # 11
)


@pytest.mark.parametrize(("line", "touched", "reason"), [
    (2, ["__version_info__"], None),  # computed: an object the module publishes
    (3, ["__description__"], None),   # whatever ``__all__`` says: a star import takes no dunder
    (1, [], "module metadata `__version__`"),  # a version written out: each release's bump
    (10, [], "module metadata `__copyright__`"),  # a copyright year written out: the same
    (11, ["__author__"], None),       # computed: published, whatever it holds
    (4, [], "module attribute `__doc__`"),
    (9, [], "module hook `__dir__`"),
])
def test_dunder_module_attributes(line: int, touched: list[str], reason: str | None) -> None:
    result = extract_python(MODULE.encode(), frozenset({line}))
    assert [d.name for d in result.touched] == touched
    assert list(result.passed_over) == ([reason] if reason else [])
    assert not any("private" in why for why in result.passed_over)
    assert {"__version_info__", "__description__", "__author__"} <= result.declared
    assert not {"__version__", "__doc__", "__dir__", "__all__", "__copyright__"} \
        & result.declared


SHIM = (
    "def __getattr__(name: str) -> object:\n"                                  # 1
    '    if name == "get_binary_stream":\n'                                    # 2
    "        from .utils import _get_binary_stream\n"                          # 3
    "        return _get_binary_stream\n"                                      # 4
    '    if "get_text_stream" == name or name == "_hidden":\n'                 # 5
    "        return _get_text_stream\n"                                        # 6
    '    elif name in {"safecall",\n'                                          # 7
    '                  "open_stream"}:\n'                                      # 8
    "        return _old(name)\n"                                              # 9
    "    raise AttributeError(name)\n"                                         # 10
)


@pytest.mark.parametrize(("lines", "served"), [
    ({3}, ["get_binary_stream"]),   # a line of the branch: what the name returns changed
    ({2}, ["get_binary_stream"]),   # the comparison itself
    ({6}, ["get_text_stream"]),     # the name compared, never a private one
    ({8}, ["open_stream"]),         # a name added to the set: only it
    ({9}, ["safecall", "open_stream"]),  # the branch of a set: all of them
    ({10}, []),                     # no branch: no name served changed
])
def test_a_module_getattr_anchors_the_names_its_touched_branches_serve(
        lines: set[int], served: list[str]) -> None:
    result = extract_python(SHIM.encode(), frozenset(lines))
    assert [d.name for d in result.touched] == served
    assert list(result.passed_over) == ([] if served else ["module hook `__getattr__`"])


def test_a_shim_branch_changed_lists_the_page_of_its_name_only(tmp_path: Path) -> None:
    """click 051725fa: the shim's ``get_binary_stream`` branch began returning the renamed
    private function; the page naming ``click.get_binary_stream`` follows it, the page naming
    the name another branch serves does not."""
    def shim(returned: str) -> str:
        return ("def __getattr__(name):\n"
                '    if name == "get_binary_stream":\n'
                f"        return {returned}\n"
                '    if name == "get_text_stream":\n'
                "        return _text\n"
                "    raise AttributeError(name)\n")
    base = {"pkg/__init__.py": shim("_binary"),
            "docs/binary.md": "Call `pkg.get_binary_stream()`.\n",
            "docs/text.md": "Call `pkg.get_text_stream()`.\n"}
    data = run_json(pr_repo(tmp_path, base, {"pkg/__init__.py": shim("_get_binary")}), "main")
    assert list(rows(data)) == ["docs/binary.md"]
    assert data["anchorless_changes"] == []


def test_new_version_info_anchors_and_a_version_bump_does_not(tmp_path: Path) -> None:
    init = 'from ._version import VersionInfo\n\n__version__ = "19.1.0"\n'
    base = {"pkg/__init__.py": init,
            "docs/api.md": "Compare `pkg.__version_info__`; print `pkg.__version__`.\n"}
    head = init.replace("19.1.0", "19.2.0") \
        + "__version_info__ = VersionInfo._from_version_string(__version__)\n"
    data = run_json(pr_repo(tmp_path, base, {"pkg/__init__.py": head}), "main")
    assert rows(data) == {"docs/api.md": ["pkg.__version_info__"]}
    bump = run_json(pr_repo(tmp_path / "bump", base, {
        "pkg/__init__.py": init.replace("19.1.0", "19.2.0")}), "main")
    assert rows(bump) == {}
    assert bump["skipped"]["version_bumps"] == 1


INIT = ('__version__ = "3.17.1"\n'
        "__copyright__ = 'Copyright 2011-2014 Tom'\n"
        "__version_info__ = tuple(int(part) for part in __version__.split('.'))\n"
        "\n\ndef ship(order):\n    return order\n")
RELEASE_PAGES = {
    "docs/releasing.md": "Bump the version in [the package](../pkg/__init__.py).\n",
    "docs/shipping.md": "Call `pkg.ship(order)`.\n",
    "docs/versions.md": "Compare `pkg.__version_info__` with a tuple.\n"}


@pytest.mark.parametrize(("edits", "listed", "bumps"), [
    # DRF 094bb6de5: a release's version bump lists no page, the release checklist linking
    # the file included
    ([('"3.17.1"', '"3.17.2"')], {}, 1),
    # DRF 5d8c4568: a copyright year bump is release data too
    ([("2011-2014", "2011-2015")], {}, 1),
    # a bump beside a real change: the function's page, and the file's (it changed for real)
    ([('"3.17.1"', '"3.17.2"'), ("return order", "return order.ship()")],
     {"docs/shipping.md": ["pkg.ship"], "docs/releasing.md": ["pkg/__init__.py"]}, 0),
    # a computed version tuple is an object the module publishes: it anchors
    ([("int(part)", "int(part, 10)")],
     {"docs/versions.md": ["pkg.__version_info__"], "docs/releasing.md": ["pkg/__init__.py"]},
     0),
])
def test_release_data_anchors_nothing_and_its_file_no_page(
        tmp_path: Path, edits: list[tuple[str, str]], listed: dict[str, list[str]],
        bumps: int) -> None:
    head = INIT
    for old, new in edits:
        head = head.replace(old, new)
    data = run_json(pr_repo(tmp_path, {"pkg/__init__.py": INIT, **RELEASE_PAGES},
                            {"pkg/__init__.py": head}), "main")
    assert {path: [t for t in tokens if "." in t or "/" in t]
            for path, tokens in rows(data).items()} == listed
    assert data["skipped"]["version_bumps"] == bumps
    assert data["anchorless_changes"] == []
