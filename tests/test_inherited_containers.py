"""A member a subclass inherits anchors ``Sub.member``, never the subclass itself: the class
is anchored by its own change, and inheriting a changed member is none
(docs/concepts/anchoring-rules.md#inherited-members)."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.drift.anchors.python import extract_python
from tests.helpers import pr_repo, rows, run_json

BASE = ("class StreamResponse:\n    def last_modified(self, value):\n"
        "        return value\n\n\nclass Response(StreamResponse):\n"
        "    def body(self):\n        return 1\n")


def _anchors(tmp_path: Path, head: str) -> set[str]:
    data = run_json(pr_repo(tmp_path, {"web/response.py": BASE, "docs/a.md": "# A\n"},
                            {"web/response.py": head}), "main")
    return {a["token"] for a in data["anchors"] if a["kind"] == "symbol"}


def test_an_inherited_member_s_change_anchors_the_member_not_the_subclass(
        tmp_path: Path) -> None:
    head = BASE.replace("        return value\n", "        value = int(value)\n"
                                                  "        return value\n", 1)
    found = _anchors(tmp_path, head)
    assert {"StreamResponse.last_modified", "Response.last_modified"} <= found
    assert not {"Response", "response.Response"} & found


def test_a_member_the_subclass_gains_anchors_the_subclass(tmp_path: Path) -> None:
    head = BASE + "\n    def charset(self):\n        return 'utf-8'\n"
    assert "response.Response" in _anchors(tmp_path / "own", head)
    # a member its base class gains is gained by the subclass too (axios' README names
    # `InternalAxiosRequestConfig`, which gained `withXSRFToken` from its base)
    head = BASE.replace("        return value\n", "        return value\n\n"
                        "    def etag(self):\n        return ''\n", 1)
    assert {"response.Response", "Response.etag"} <= _anchors(tmp_path / "inherited", head)


def test_a_ts_subclass_inheriting_a_changed_method_is_not_anchored_itself(
        tmp_path: Path) -> None:
    base = ("export class StreamResponse {\n  lastModified(value: number) {\n"
            "    return value;\n  }\n}\n\nexport class JsonResponse extends StreamResponse {\n"
            "  body() {\n    return 1;\n  }\n}\n")
    head = base.replace("    return value;\n", "    value = Math.ceil(value);\n"
                                                "    return value;\n", 1)
    data = run_json(pr_repo(tmp_path, {"web/response.ts": base, "docs/a.md": "# A\n"},
                            {"web/response.ts": head}), "main")
    found = {a["token"] for a in data["anchors"] if a["kind"] == "symbol"}
    assert "JsonResponse.lastModified" in found and "JsonResponse" not in found


DOCUMENTED = ("class Mixin:\n    def fetch_items(self):\n        \"\"\"Fetch the items.\n\n"
              "        Pages of them.\n        \"\"\"\n        return 1\n\n\n"
              "class Client(Mixin):\n    pass\n")


def _run(tmp_path: Path, head: str, page: str = "Call `Client.fetch_items()`.\n") -> dict:
    return run_json(pr_repo(tmp_path, {"lib/client.py": DOCUMENTED, "docs/api.md": page},
                            {"lib/client.py": head}), "main")


def test_a_line_deleted_from_an_inherited_member_removes_no_spelling(tmp_path: Path) -> None:
    """tornado: deleting docstring lines of ``OAuth2Mixin.oauth2_request`` marked the page
    naming ``GoogleOAuth2Mixin.oauth2_request`` stale: the head side, whose hunks touch no
    line, did not declare the inherited spelling."""
    data = _run(tmp_path, DOCUMENTED.replace("\n        Pages of them.\n", "\n"))
    assert [(row["path"], row["stale"]) for row in data["docs"]] == [("docs/api.md", False)]
    assert data["new_api"] == []


def test_a_line_added_to_an_inherited_member_is_no_new_api(tmp_path: Path) -> None:
    """tornado: a ``.. deprecated::`` line added to ``RequestHandler.flush`` suggested
    ``ErrorHandler.flush`` as new API."""
    head = DOCUMENTED.replace("Pages of them.\n", "Pages of them.\n\n"
                              "        .. deprecated:: 2.0\n")
    data = _run(tmp_path / "named", head)
    assert [(row["path"], row["stale"]) for row in data["docs"]] == [("docs/api.md", False)]
    # on no page yet, it is still no new name
    assert _run(tmp_path / "unnamed", head, "# API\n")["new_api"] == []
    gained = DOCUMENTED.replace("        return 1\n", "        return 1\n\n"
                                "    def fetch_more(self):\n        return 2\n")
    assert {entry["token"] for entry in _run(tmp_path / "gained", gained,
                                             "# API\n")["new_api"]} >= {"client.Mixin.fetch_more"}


def test_an_inherited_member_removed_from_its_base_is_stale_in_the_subclass(
        tmp_path: Path) -> None:
    data = _run(tmp_path, "class Mixin:\n    pass\n\n\nclass Client(Mixin):\n    pass\n")
    assert [(row["path"], row["stale"]) for row in data["docs"]] == [("docs/api.md", True)]


def test_a_ts_line_deleted_or_added_in_an_inherited_method_is_neither_removal_nor_new_api(
        tmp_path: Path) -> None:
    base = ("export class Mixin {\n  /**\n   * Fetch.\n   * More.\n   */\n  fetchItems() {\n"
            "    return 1;\n  }\n}\n\nexport class Client extends Mixin {}\n")
    page = "Call `Client.fetchItems()`.\n"
    deleted = run_json(pr_repo(tmp_path / "deleted", {"lib/client.ts": base, "docs/api.md": page},
                               {"lib/client.ts": base.replace("   * More.\n", "")}), "main")
    assert [(row["path"], row["stale"]) for row in deleted["docs"]] == [("docs/api.md", False)]
    added = run_json(pr_repo(tmp_path / "added", {"lib/client.ts": base, "docs/api.md": "# A\n"},
                             {"lib/client.ts": base.replace("   * More.\n",
                                                            "   * More.\n   * Even more.\n")}),
                     "main")
    assert added["new_api"] == []
    removed = run_json(pr_repo(tmp_path / "removed", {"lib/client.ts": base, "docs/api.md": page},
                               {"lib/client.ts": "export class Mixin {}\n\n"
                                                 "export class Client extends Mixin {}\n"}),
                       "main")
    assert [(row["path"], row["stale"]) for row in removed["docs"]] == [("docs/api.md", True)]


NODES = ("class Node:\n    def walk(self):\n        return 1\n\n\n"
         "class Stmt(Node):\n    pass\n\n\nclass Expr(Node):\n    pass\n\n\n"
         "class Name(Expr):\n    pass\n")
FROZEN = NODES.replace("        return 1\n", "        return 1\n\n"
                       "    def freeze(self):\n        return 2\n", 1)


def test_a_member_a_base_gains_is_one_new_api_entry_on_the_base(tmp_path: Path) -> None:
    """jinja 69e12dbb95: ``Node.freeze`` was listed once per node class, 110 entries."""
    data = run_json(pr_repo(tmp_path, {"lib/nodes.py": NODES, "docs/api.md": "# API\n"},
                            {"lib/nodes.py": FROZEN}), "main")
    assert [entry["token"] for entry in data["new_api"]] == ["nodes.Node.freeze"]
    # the subclasses' spellings still anchor, for a page that names one
    anchors = {a["token"] for a in data["anchors"]}
    assert {"Stmt.freeze", "Expr.freeze", "Name.freeze"} <= anchors


def test_a_page_naming_a_subclass_s_spelling_names_the_new_member(tmp_path: Path) -> None:
    data = run_json(pr_repo(tmp_path, {"lib/nodes.py": NODES,
                                       "docs/api.md": "Call `Name.freeze()`.\n"},
                            {"lib/nodes.py": FROZEN}), "main")
    assert rows(data) == {"docs/api.md": ["Name.freeze"]}
    assert data["new_api"] == []


RUNTIME = ('__all__ = ["Loop"]\n\n\nclass LoopBase:\n    def cycle(self, *args):\n'
           '        return args[0]\n\n\nclass Loop(LoopBase):\n    pass\n\n\n'
           'class Other:\n    pass\n')
CHANGED = RUNTIME.replace("        return args[0]\n", "        return args[0]\n\n"
                          "    def changed(self, *value):\n        return True\n", 1)


def test_a_member_a_base_outside_all_gains_anchors_the_exported_subclass(
        tmp_path: Path) -> None:
    """jinja bc076b3e25: ``LoopContext`` inherits the new ``changed()`` of ``LoopContextBase``,
    which ``__all__`` leaves out; the change read as nothing public."""
    data = run_json(pr_repo(tmp_path, {"pkg/__init__.py": "from pkg.runtime import Loop\n",
                                       "pkg/runtime.py": RUNTIME,
                                       "docs/api.rst": "Use ``Loop.changed``.\n"},
                            {"pkg/runtime.py": CHANGED}), "main")
    assert rows(data) == {"docs/api.rst": ["Loop.changed"]}
    anchors = {a["token"] for a in data["anchors"]}
    assert "pkg.Loop.changed" in anchors
    assert not {"LoopBase.changed", "Other.changed", "LoopBase"} & anchors
    assert data["anchorless_changes"] == []
    unnamed = run_json(pr_repo(tmp_path / "unnamed",
                               {"pkg/__init__.py": "", "pkg/runtime.py": RUNTIME,
                                "docs/api.rst": "# API\n"}, {"pkg/runtime.py": CHANGED}), "main")
    assert [entry["token"] for entry in unnamed["new_api"]] == ["pkg.runtime.Loop.changed"]


@pytest.mark.parametrize("base", ["LoopBase", "_LoopBase"])
def test_a_base_outside_all_that_no_exported_class_inherits_stays_passed_over(
        base: str) -> None:
    source = RUNTIME.replace("class Loop(LoopBase)", "class Loop").replace("LoopBase", base)
    result = extract_python(source.encode(), frozenset({6}))
    assert result.touched == ()
    reason = f"`{base}`, which `__all__` leaves out" if base == "LoopBase" \
        else f"private `{base}`"
    assert result.passed_over == (reason,)
    inherited = extract_python(RUNTIME.replace("LoopBase", base).encode(), frozenset({6}))
    assert [d.key for d in inherited.touched] == ["Loop.cycle"]
    assert inherited.passed_over == ()
    assert "Loop.cycle" in inherited.declared and f"{base}.cycle" not in inherited.declared
