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


def test_a_declaration_only_re_spaced_anchors_nothing_and_a_string_re_spaced_does(
        tmp_path: Path) -> None:
    """got's ``function got (url`` became ``function got(url``: no change to ``got``; a
    blank inside a string's text is a change of its value."""
    pages = {"docs/fetch.md": "Call `fetchPage()`.\n", "docs/codes.md": "See `NOT_FOUND`.\n"}
    base = "export function fetchPage (url, opts) {\n  return url;\n}\n" \
        "export const NOT_FOUND = 'not  found';\n"
    head = "export function fetchPage(url, opts) {\n  return url;\n}\n" \
        "export const NOT_FOUND = 'not found';\n"
    data = run_json(pr_repo(tmp_path, {"src/index.js": base, **pages}, {"src/index.js": head}),
                    "main")
    assert list(rows(data)) == ["docs/codes.md"]


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
    (b"x = `a  ${b}`\n", b"x = `a ${b}`\n", Hunk(1, 1, 1, 1), (frozenset(), frozenset())),
    # a blank dropped or added between tokens that stay apart (got's ``function got (url``)
    (b"function got (url, opts) {\n", b"function got(url,opts) {\n", Hunk(1, 1, 1, 1),
     (frozenset({1}), frozenset({1}))),
    (b"const a=b+1;\n", b"const a = b + 1 ;\n", Hunk(1, 1, 1, 1),
     (frozenset({1}), frozenset({1}))),
    # ...but not one that keeps two words, or two operators, apart, nor one beside a ``/``
    # (a regex's blanks are its text)
    (b"return url;\n", b"returnurl;\n", Hunk(1, 1, 1, 1), (frozenset(), frozenset())),
    (b"x = a + +b;\n", b"x = a ++b;\n", Hunk(1, 1, 1, 1), (frozenset(), frozenset())),
    (b"x = / a/;\n", b"x = /a/;\n", Hunk(1, 1, 1, 1), (frozenset(), frozenset())),
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
