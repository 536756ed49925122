"""A line whose change is only to comments anchors nothing
(docs/concepts/anchoring-rules.md#comments), both ways: a comment inside a function lists no
page, the same function's code does, a hunk of both anchors through its code, a comment
edited at a line's end lists nothing unless the line's code changed too, a ``#:``
doc-comment, a JSDoc block and the comment opening a function's body stay documentation, and
code commented out or back in anchors on the side where it is code."""

from __future__ import annotations

from pathlib import Path

import pytest

from govern.drift.anchors.comments import code_lines
from govern.drift.anchors.syntax import parse
from tests.helpers import pr_repo, rows, run_json

SHOP = '''"""The shop."""


def pay_order(cart):
    """Pay for ``cart``."""
    # total it first
    total = sum(cart)  # in cents

    return total


class Cart:
    """A cart."""

    #: The currency every price is in.
    currency_code = "EUR"

    def add_item(self, item):
        # items are kept in the order they came
        self.check(item)
        # keep the order
        self.items.append(item)
        # announce(item)
'''

PAGES = {
    "docs/pay.md": "Call `shop.pay_order` to pay.\n",
    "docs/adding.md": "`Cart.add_item` adds an item.\n",
    "docs/currency.md": "Prices are in `Cart.currency_code`.\n",
    "docs/paying.md": "Call `payOrder` to pay.\n",
    "docs/items.md": "`Cart.addItem` adds an item.\n",
}
PY, TS = "shop.py", "src/cart.ts"
PAY = {"docs/pay.md": ["shop.pay_order"]}
ADD = {"docs/adding.md": ["Cart.add_item"]}
PAY_TS = {"docs/paying.md": ["payOrder"]}


CART_TS = '''/** Pays for the cart. */
export function payOrder(cart: number[]): number {
  // pays the cart's total
  check(cart);
  // total it first
  const total = cart.reduce((a, b) => a + b, 0);
  /* no tax
     yet */
  return total; /* in cents */
}

// the cart the shop keeps
export class Cart {
  /** Adds an item. */
  addItem(item: number): void {
    this.items.push(item);
  }
}
'''
SOURCES = {PY: SHOP, TS: CART_TS}


@pytest.mark.parametrize(("path", "old", "new", "listed"), [
    # comments inside a body: changed, added, removed
    (PY, "# total it first", "# total it up first", {}),
    (PY, "# total it first\n", "# total it first\n    # then pay\n", {}),
    (PY, "    # total it first\n", "", {}),
    (PY, "# keep the order", "# keep items in order", {}),
    (TS, "// total it first", "// add it up first", {}),
    (TS, "  // total it first\n", "", {}),
    (TS, "/* no tax\n     yet */", "/* no tax\n     at all */", {}),
    (TS, "yet */", "yet */\n  /* a */ /* b */", {}),
    # a blank line added or dropped between statements, alone or beside a new comment
    (PY, "self.check(item)\n", "self.check(item)\n\n", {}),
    (PY, "# in cents\n\n", "# in cents\n", {}),
    (PY, "        # keep the order\n        self.items.append(item)\n",
     "\n        # keep the order they came in\n        self.items.append(item)\n\n", {}),
    (TS, "  check(cart);\n", "  check(cart);\n\n", {}),
    # the function's code
    (PY, "sum(cart)", "sum(cart, 0)", PAY),
    (TS, "a + b, 0)", "a + b, 1)", PAY_TS),
    # a hunk of comment and code anchors through its code
    (PY, "# total it first\n    total = sum(cart)", "# add it up\n    total = sum(cart, 0)",
     PAY),
    # a comment at a line's end: edited, added, moved off the line, changes no code; the
    # line's code changed with it does
    (PY, "# in cents", "# in euro cents", {}),
    (PY, "total = sum(cart)  # in cents", "total = sum(cart)  # in cents  # noqa: E501", {}),
    (PY, "    total = sum(cart)  # in cents\n", "    # in cents\n    total = sum(cart)\n", {}),
    (PY, "sum(cart)  # in cents", "sum(cart, 0)  # in euro cents", PAY),
    (PY, "sum(cart)  # in cents", "sum(cart)  # in cents\n    total += 1", PAY),
    (TS, "return total; /* in cents */", "return total; /* in euro cents */", {}),
    (TS, "check(cart);", "check(cart); // eslint-disable-line", {}),
    (TS, "check(cart);", "check(cart, 1); // checked", PAY_TS),
    # the docstring is no comment, and a comment opening a body stands where one would
    (PY, "Pay for ``cart``.", "Pay for ``cart`` now.", PAY),
    (PY, "# items are kept in the order they came", "# items are kept in order", ADD),
    (TS, "// pays the cart's total", "// pays the cart", PAY_TS),
    # a ``#:`` doc-comment documents its attribute (autodoc renders it), a JSDoc block its member
    (PY, "#: The currency every price is in.", "#: The currency of every price.",
     {"docs/currency.md": ["Cart.currency_code"]}),
    (TS, "/** Adds an item. */", "/** Adds one item. */", {"docs/items.md": ["Cart.addItem"]}),
    # and a JSDoc block above a top-level declaration documents it (h3's ``createError``); a
    # plain comment above one does not
    (TS, "/** Pays for the cart. */", "/** Pays for the whole cart. */", PAY_TS),
    (TS, "// the cart the shop keeps", "// the shop's cart", {}),
    # code commented back in is code on the head side, code commented out on the base side
    (PY, "# announce(item)", "announce(item)", ADD),
    (PY, "self.items.append(item)", "# self.items.append(item)", ADD),
    (TS, "// total it first", "const first = 1;", PAY_TS),
    (TS, "return total; /* in cents */", "/* return total; */", PAY_TS),
])
def test_what_a_comment_change_lists(tmp_path: Path, path: str, old: str, new: str,
                                     listed: dict[str, list[str]]) -> None:
    assert old in SOURCES[path]
    repo = pr_repo(tmp_path, {**PAGES, **SOURCES}, {path: SOURCES[path].replace(old, new, 1)})
    assert rows(run_json(repo, "main")) == listed


TEXTS_PY = '''def pay_order(cart):
    """Pay for ``cart``.
    Every item.
    """
    return sum(cart)
'''
TEXTS_TS = '''export function payOrder(cart: number[]): string {
  return `paid
for the cart`;
}
'''


@pytest.mark.parametrize(("path", "source", "old", "new", "listed"), [
    (PY, TEXTS_PY, "``cart``.\n", "``cart``.\n\n", PAY),
    (TS, TEXTS_TS, "paid\n", "paid\n\n", PAY_TS),
])
def test_a_blank_line_inside_a_string_is_text(tmp_path: Path, path: str, source: str, old: str,
                                              new: str, listed: dict[str, list[str]]) -> None:
    """A docstring's paragraph break and a template literal's line are the string's text."""
    repo = pr_repo(tmp_path, {**PAGES, path: source}, {path: source.replace(old, new, 1)})
    assert rows(run_json(repo, "main")) == listed


LINKED_TS = '''/**
 * Pays for the cart: {@link https://shop.example/docs/pay the guide}.
 * @default https://shop.example/v1
 */
export function payOrder(cart: number[]): number {
  return check(cart, "https://shop.example/api");
}
'''
LINKED_PY = '''class Cart:
    """A cart."""

    #: The currency every price is in (https://shop.example/currency).
    currency_code = "EUR"
'''


@pytest.mark.parametrize(("path", "old", "new", "listed"), [
    # a documentation comment whose web address alone moved documents nothing new
    (TS, "https://shop.example/docs/pay", "https://docs.shop.example/pay", {}),
    (PY, "https://shop.example/currency", "https://shop.example/currencies", {}),
    # its words did change; an address in code is code
    (TS, "the guide}", "the payment guide}", PAY_TS),
    (TS, "https://shop.example/docs/pay", "https://shop.example/docs/pay}. Or cash {@link x",
     PAY_TS),
    (TS, "https://shop.example/api", "https://api.shop.example", PAY_TS),
    # a documented default is a value, not a link
    (TS, "@default https://shop.example/v1", "@default https://shop.example/v2", PAY_TS),
    (PY, "is in (https://shop.example/currency)", "is in (https://shop.example/c), or cents",
     {"docs/currency.md": ["Cart.currency_code"]}),
])
def test_a_documentation_comment_whose_addresses_alone_changed_lists_nothing(
        tmp_path: Path, path: str, old: str, new: str, listed: dict[str, list[str]]) -> None:
    sources = {PY: LINKED_PY, TS: LINKED_TS}
    assert old in sources[path]
    repo = pr_repo(tmp_path, {**PAGES, **sources}, {path: sources[path].replace(old, new, 1)})
    assert rows(run_json(repo, "main")) == listed


def test_a_file_whose_change_is_comments_is_counted_not_not_covered(tmp_path: Path) -> None:
    repo = pr_repo(tmp_path, {**PAGES, **SOURCES},
                   {PY: SHOP.replace("# keep the order", "# keep items in order")})
    data = run_json(repo, "main")
    assert (data["anchorless_changes"], data["skipped"]["comment_only"]) == ([], 1)
    assert "NOT COVERED" not in data["summary"]
    # a change to code beside no declaration is still NOT COVERED
    code = pr_repo(tmp_path / "code", {**PAGES, **SOURCES},
                   {PY: SHOP + "\nprint('loaded')\n"})
    data = run_json(code, "main")
    assert data["skipped"]["comment_only"] == 0
    assert [change["path"] for change in data["anchorless_changes"]] == ["shop.py"]


@pytest.mark.parametrize(("language", "source", "kept"), [
    # a comment opening a function's body stands where a docstring would, and ``#:`` is an
    # attribute's documentation
    ("python", "def f(a):\n    # leads\n    x = 1\n    # note\n    return a\n", {1, 2, 3, 5}),
    ("javascript", "function f() {\n  // leads\n  g();\n  // note\n  for (;;) {\n    // loop\n"
     "  }\n}\n", {1, 2, 3, 5, 7, 8}),
    ("typescript", "const f = () => {\n  /* leads */\n  // too\n\n  // still\n};\n",
     {1, 2, 3, 4, 5, 6}),
    # a blank line is no comment
    ("python", "#: The size.\nSIZE = 1  # in px\n# note\n\n", {1, 2, 4}),
    # several comments on a line, a comment before code, an empty block comment
    ("typescript", "/* a */ /* b */\n/* a */ f();\n/**/\n/** doc */\n", {2, 4}),
    ("tsx", "const a = (\n  // note\n  <div>{x}</div>\n);\n", {1, 3, 4}),
])
def test_the_lines_that_hold_code(language: str, source: str, kept: set[int]) -> None:
    data = source.encode()
    lines = frozenset(range(1, data.count(b"\n") + 1))
    assert code_lines(parse(language, data), language, data, lines) == kept


def test_a_latin_1_source_is_read_as_its_tree_is() -> None:
    # the tree's offsets are those of the UTF-8 text, where each é is a byte longer: read on
    # the bytes as they are, the comment would cover the line of code after it
    data = b"# -*- coding: latin-1 -*-\n# " + b"\xe9" * 8 + b"\nx = 1\n"
    assert code_lines(parse("python", data), "python", data, frozenset({2, 3})) == {3}


@pytest.mark.parametrize(("change", "empty"), [
    # typer's example folders: a new package's blank __init__.py holds nothing to name
    ({"examples/app/__init__.py": ""}, 1),
    ({"examples/app/__init__.py": "\n\n"}, 1),
    # a file emptied of its code: the code it had was read
    ({PY: ""}, 0),
])
def test_an_empty_file_is_counted_not_not_covered(tmp_path: Path, change: dict[str, str],
                                                  empty: int) -> None:
    data = run_json(pr_repo(tmp_path, {**PAGES, **SOURCES}, change), "main")
    assert data["skipped"]["empty_files"] == empty
    assert ("examples/app/__init__.py" in [c["path"] for c in data["anchorless_changes"]]) is (
        "examples/app/__init__.py" in change and not empty)
