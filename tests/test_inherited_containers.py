"""A member a subclass inherits anchors ``Sub.member``, never the subclass itself: the class
is anchored by its own change, and inheriting a changed member is none
(docs/concepts/anchoring-rules.md#inherited-members)."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import pr_repo, run_json

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
