"""A line a change only re-indented anchors nothing outside Python: fastify's
formatter sweep re-indented an 80-line union around one real edit, and every line anchored
its error code (docs/concepts/anchoring-rules.md#what-anchors)."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.drift.anchors.whitespace import reindented_lines
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


@pytest.mark.parametrize(("old", "new", "hunk", "same"), [
    # re-indented around one real edit: the pairs in order that read the same
    (b"a\n  b\n  c\nd\n", b"a\n    b\n    C\nd\n", Hunk(2, 2, 2, 2),
     (frozenset({2}), frozenset({2}))),
    # a blank inside a string is text, not indentation
    (b"x = 'a b'\n", b"x = 'ab'\n", Hunk(1, 1, 1, 1), (frozenset(), frozenset())),
    # a union re-indented around a member added: the others are the same lines
    (b"type E =\n  | 'A'\n  | 'B'\n", b"type E =\n    | 'A'\n    | 'C'\n    | 'B'\n",
     Hunk(2, 2, 2, 3), (frozenset({2, 3}), frozenset({2, 4}))),
    # members moved out of their block: what is left opens and closes it, every line counts
    (b"ns {\n  f()\n}\n", b"f()\n", Hunk(1, 3, 1, 1), (frozenset(), frozenset())),
    (b"f()\n", b"if (x) {\n  f()\n}\n", Hunk(1, 1, 1, 3), (frozenset(), frozenset())),
])
def test_which_lines_a_hunk_only_re_indented(old: bytes, new: bytes, hunk: Hunk,
                                             same: tuple[frozenset[int], frozenset[int]]) -> None:
    assert reindented_lines(old, new, [hunk]) == same
