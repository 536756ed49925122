"""A line a change only re-indented or re-wrapped anchors nothing outside Python: fastify's
formatter sweep re-indented an 80-line union around one real edit, and every line anchored
its error code; jotai's re-wrapped call arguments and added trailing commas
(docs/concepts/anchoring-rules.md#what-anchors)."""

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


SESSION_PAGES = {"docs/open.md": "Call `openSession()`.\n",
                 "docs/close.md": "Then `closeSession()`.\n"}
SESSION = ("export function openSession(url: string, options: Options): Session {\n"
           "  return start(url, options)\n}\n"
           "export function closeSession(session: Session): void {\n  session.end()\n}\n")


@pytest.mark.parametrize(("head", "listed"), [
    # prettier re-wrapping the parameters, a trailing comma added: nothing to read again
    (SESSION.replace("(url: string, options: Options)",
                     "(\n  url: string,\n  options: Options,\n)"), []),
    # the same re-wrap with one parameter changed: a change to openSession
    (SESSION.replace("(url: string, options: Options)",
                     "(\n  url: string,\n  options?: Options,\n)"), ["docs/open.md"]),
])
def test_a_re_wrapped_parameter_list_anchors_nothing_unless_a_token_changed(
        tmp_path: Path, head: str, listed: list[str]) -> None:
    """jotai's prettier 3 sweep re-wrapped call arguments and added trailing commas: seven
    rows, no page edited. closeSession's body, really edited, is listed either way."""
    head = head.replace("session.end()", "session.end(true)")
    data = run_json(pr_repo(tmp_path, {"src/index.ts": SESSION, **SESSION_PAGES},
                            {"src/index.ts": head}), "main")
    assert sorted(rows(data)) == sorted([*listed, "docs/close.md"])


def test_a_trailing_comma_anchors_nothing_and_a_new_element_does(tmp_path: Path) -> None:
    """A comma before a closing bracket is a formatter's; one that parts a new element from
    the last changes the value."""
    pages = {"docs/errors.md": "See `ERROR_CODES.gone`.\n", "docs/kinds.md": "See `KINDS`.\n"}
    base = ("export const ERROR_CODES = {\n  notFound: 404,\n  gone: 410\n}\n"
            "export const KINDS = ['a']\n")
    head = ("export const ERROR_CODES = {\n  notFound: 404,\n  gone: 410,\n}\n"
            "export const KINDS = ['a', 'b']\n")
    data = run_json(pr_repo(tmp_path, {"src/table.ts": base, **pages}, {"src/table.ts": head}),
                    "main")
    assert list(rows(data)) == ["docs/kinds.md"]


def test_typeof_parenthesised_before_an_index_anchors_nothing(tmp_path: Path) -> None:
    """jotai's prettier update wrote ``typeof window['x']`` as ``(typeof window)['x']``, the
    type TypeScript read it as; an index changed is a change."""
    pages = {"docs/tools.md": "Use `useDevtools()`.\n", "docs/store.md": "Use `useStore()`.\n"}
    base = ("export function useDevtools(): void {\n"
            "  let extension: typeof window['__DEVTOOLS__'] | false\n}\n"
            "export function useStore(): void {\n"
            "  let store: typeof window['__STORE__'] | false\n}\n")
    head = base.replace("typeof window['__DEVTOOLS__']", "(typeof window)['__DEVTOOLS__']") \
        .replace("typeof window['__STORE__']", "(typeof window)['__STORES__']")
    data = run_json(pr_repo(tmp_path, {"src/hooks.ts": base, **pages}, {"src/hooks.ts": head}),
                    "main")
    assert list(rows(data)) == ["docs/store.md"]


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
    # a call re-wrapped as prettier does, its closer on the line after the hunk
    (b"f(a, () =>\n  g()\n)\n", b"f(\n  a,\n  () => g(),\n)\n", Hunk(1, 3, 1, 4),
     (frozenset({1, 2, 3}), frozenset({1, 2, 3, 4}))),
    (b"type T = [\n  A\n]\n", b"type T = [\n  A,\n]\n", Hunk(2, 1, 2, 1),
     (frozenset({2}), frozenset({2}))),
    # ``Atom<any>,`` closing a type parameter list: the two ``>`` stay two tokens
    (b"f<\n  A extends B<C>\n>() {}\n", b"f<\n  A extends B<C>,\n>() {}\n", Hunk(2, 1, 2, 1),
     (frozenset({2}), frozenset({2}))),
    (b"list.map(x => x)\n", b"list.map((x) => x)\n", Hunk(1, 1, 1, 1),
     (frozenset({1}), frozenset({1}))),
    # a break that ends a statement is not a blank: ``return`` alone returns nothing, a line
    # comment ends at the break, and in a template literal the break is text
    (b"return\n  value\n", b"return value\n", Hunk(1, 2, 1, 1), (frozenset(), frozenset())),
    (b"f(a, // note\n  b)\n", b"f(a, // note b)\n", Hunk(1, 2, 1, 1),
     (frozenset(), frozenset())),
    (b"x = `a\nb`\n", b"x = `a b`\n", Hunk(1, 2, 1, 1), (frozenset(), frozenset())),
    # a comma that is not trailing: ``[a,,]`` has a hole at its end, ``[a,]`` none
    (b"x = [a,,]\n", b"x = [a,]\n", Hunk(1, 1, 1, 1), (frozenset(), frozenset())),
    (b"x = [a]\n", b"x = [a, b]\n", Hunk(1, 1, 1, 1), (frozenset(), frozenset())),
    # nor one after an opening bracket or a comma: ``[,]`` holds a hole, ``[]`` none
    (b"export const holes = [,];\n", b"export const holes = [];\n", Hunk(1, 1, 1, 1),
     (frozenset(), frozenset())),
    (b"x = [,\n]\n", b"x = [\n]\n", Hunk(1, 1, 1, 1), (frozenset(), frozenset())),
    (b"x = [a,\n  ,]\n", b"x = [a,\n  ]\n", Hunk(2, 1, 2, 1), (frozenset(), frozenset())),
    # a regex's commas and brackets are its text: a hunk with a ``/`` outside strings and
    # ``//`` comments is read line by line
    (b"export const YEAR = /\\d{2,}/;\n", b"export const YEAR = /\\d{2}/;\n", Hunk(1, 1, 1, 1),
     (frozenset(), frozenset())),
    (b"export const SPLIT = /[\\s,]+/;\n", b"export const SPLIT = /[\\s]+/;\n",
     Hunk(1, 1, 1, 1), (frozenset(), frozenset())),
    (b"export const SEP = /[,]/;\n", b"export const SEP = /[]/;\n", Hunk(1, 1, 1, 1),
     (frozenset(), frozenset())),
    # ...but a ``//`` comment's are its text
    (b"f(a, b) // see http://x\n", b"f(\n  a,\n  b,\n) // see http://x\n", Hunk(1, 1, 1, 4),
     (frozenset({1}), frozenset({1, 2, 3, 4}))),
    # ``(typeof window)['name']`` in value code is the length of a string, not the type of a
    # property: unwrapped only in a type position
    (b"export const kind = (typeof window)['name'];\n",
     b"export const kind = typeof window['name'];\n", Hunk(1, 1, 1, 1),
     (frozenset(), frozenset())),
    (b"x = a < (typeof s)['length']\n", b"x = a < typeof s['length']\n", Hunk(1, 1, 1, 1),
     (frozenset(), frozenset())),
    (b"f(a, b: (typeof s)[k])\n", b"f(a, b: typeof s[k])\n", Hunk(1, 1, 1, 1),
     (frozenset(), frozenset())),
    (b"  let extension: typeof window['x'] | false\n",
     b"  let extension: (typeof window)['x'] | false\n", Hunk(1, 1, 1, 1),
     (frozenset({1}), frozenset({1}))),
    (b"      NonNullable<typeof window['x']>['connect']\n",
     b"      NonNullable<(typeof window)['x']>['connect']\n", Hunk(1, 1, 1, 1),
     (frozenset({1}), frozenset({1}))),
    (b"type TodoType = typeof initialState[number]\n",
     b"type TodoType = (typeof initialState)[number]\n", Hunk(1, 1, 1, 1),
     (frozenset({1}), frozenset({1}))),
    (b"function f(x: typeof a[number]) {}\n", b"function f(x: (typeof a)[number]) {}\n",
     Hunk(1, 1, 1, 1), (frozenset({1}), frozenset({1}))),
])
def test_which_lines_a_hunk_only_re_indented(old: bytes, new: bytes, hunk: Hunk,
                                             same: tuple[frozenset[int], frozenset[int]]) -> None:
    assert reindented_lines(old, new, [hunk]) == same
