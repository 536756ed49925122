"""A line a change only re-indented or re-spaced anchors nothing outside Python: fastify's
formatter sweep re-indented an 80-line union around one real edit, and every line anchored
its error code (docs/concepts/anchoring-rules.md#what-anchors)."""

from __future__ import annotations

from pathlib import Path

from govern.drift.anchors.whitespace import respaced_lines
from govern.git.gitio import Hunk
from tests.helpers import pr_repo, rows, run_json

PAGES = {"docs/alpha.md": "Set `Options.alpha` first.\n",
         "docs/beta.md": "Then `Options.beta`.\n"}


def test_a_re_indented_member_anchors_nothing_and_the_edited_one_does(tmp_path: Path) -> None:
    base = "export interface Options {\n  alpha: string;\n  beta: number;\n}\n"
    head = "export interface Options {\n    alpha:  string;\n    beta: string;\n}\n"
    data = run_json(pr_repo(tmp_path, {"src/index.ts": base, **PAGES}, {"src/index.ts": head}),
                    "main")
    assert list(rows(data)) == ["docs/beta.md"]


def test_python_indentation_is_code(tmp_path: Path) -> None:
    base = "class Options:\n    alpha = 'a'\n    beta = 'b'\n"
    head = "class Options:\n        alpha = 'a'\n        beta = 'c'\n"
    data = run_json(pr_repo(tmp_path, {"shop/__init__.py": "", "shop/options.py": base,
                                       **PAGES}, {"shop/options.py": head}), "main")
    assert sorted(rows(data)) == ["docs/alpha.md", "docs/beta.md"]


def test_each_line_of_the_other_side_pairs_once() -> None:
    old = b"a\n  b\n  b\nc\n"
    new = b"a\n    b\n    c\nd\n"
    # one `b` of two is re-indented; `c` moved within the hunk; `d` is new
    assert respaced_lines(old, new, [Hunk(2, 3, 2, 3)]) == (frozenset({2, 4}),
                                                             frozenset({2, 3}))
    # a line removed in one hunk and added in another is a move across the file: changed
    assert respaced_lines(b"x\ny\n", b"y\nx\n", [Hunk(1, 1, 0, 0), Hunk(3, 0, 2, 1)]) == (
        frozenset(), frozenset())
