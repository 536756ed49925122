"""Attack: a PR adds a name in a file whose path holds a newline and a workflow command
(``web/a\n::error::forged.ts``). The text report printed the New API entry's path as it was,
so on a runner the command stood on a line of its own; it is now one inert line, as every other
path the report prints."""

from __future__ import annotations

from govern.drift.affected import AffectedDocs
from govern.drift.report import render_text

HOSTILE = "web/a\n::error::forged.ts"


def test_a_new_api_path_cannot_start_a_line_of_its_own() -> None:
    new_api = [{"token": "homed", "file": HOSTILE, "suggested_pages": ["docs/a.md"]},
               {"token": "lost", "file": HOSTILE, "suggested_pages": []}]
    result = AffectedDocs(summary="s", base="main", head="h", merge_base="m", computed_on={},
                          changed_packages=[], anchors=[], docs=[], new_api=new_api)
    lines = render_text(result).splitlines()
    assert not any(line.startswith("::") for line in lines)
    assert "  - homed (web/a\\n::error::forged.ts): likely home docs/a.md" in lines
    assert "  - lost (web/a\\n::error::forged.ts): no page names its siblings yet" in lines
