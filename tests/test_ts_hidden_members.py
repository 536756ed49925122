"""A TypeScript member hidden by its name is no surface: ``#x`` by the language, ``_x`` and
``"~x"`` by convention. h3 hid its internals as ``"~addRoute"`` (``b58eeb44``), and New API
listed ``H3.~addRoute``, a name no page can write (docs/concepts/anchoring-rules.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import pr_repo, run_json

BASE = "export class H3 {\n  fetch(request: Request) {\n    return request\n  }\n}\n"
PAGE = "# H3\n\nCall `H3.fetch` with a request.\n"


@pytest.mark.parametrize(("member", "listed"), [
    ('"~addRoute"', []),
    ("_addRoute", []),
    ("#addRoute", []),
    ("addRoute", ["H3.addRoute"]),
])
def test_a_member_hidden_by_its_name_is_no_new_api(tmp_path: Path, member: str,
                                                   listed: list[str]) -> None:
    head = BASE.replace("  fetch(", f"  {member}(path: string) {{\n    return path\n  }}\n"
                                     "  fetch(")
    data = run_json(pr_repo(tmp_path, {"package.json": '{"name": "h3"}', "src/index.ts": BASE,
                                       "docs/h3.md": PAGE}, {"src/index.ts": head}), "main")
    assert [entry["token"] for entry in data["new_api"]] == listed
    assert not any("~" in anchor["token"] for anchor in data["anchors"])
