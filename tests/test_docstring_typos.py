"""A declaration whose docstring or doc comment changed only in spelling or punctuation
(docs/concepts/anchoring-rules.md#what-anchors) lists the pages that render it (autodoc,
mkdocstrings, an automd block) and not a page naming it by hand, both ways: a docstring whose
words changed lists the hand-written pages as before, a typo fixed beside a body change lists
both, and a deprecation note is never a typo fix."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from govern.drift.affected import doc_only_anchors
from govern.drift.anchors.extract import Candidate
from govern.drift.anchors.model import Declaration, unique
from tests.helpers import pr_repo, rows, run_json

OPS = '''class Operations:
    """The operations a migration runs."""

    convention = "ix"
    """The naming convnetion of indexes."""

    def f(self, name):
        """Mark a constriant name as final.

        The output of the following:
        """
        return name

    def g(self):
        """Another."""
        return 2
'''
FILES = {
    "shop/__init__.py": "from .ops import Operations\n",
    "shop/ops.py": OPS,
    # rendered, with words of their own (a page holding nothing but directives is a
    # rendering page no one edits): a documented container, a directive of the method itself
    "docs/api.rst": "API\n===\n\nWhat a migration calls.\n\n"
                    ".. autoclass:: shop.Operations\n    :members:\n",
    "docs/method.rst": "Final names\n===========\n\nKeeping a name.\n\n"
                       ".. automethod:: shop.Operations.f\n",
    # written by hand: a guide, and a hand-written object directive
    "docs/naming.md": ("Call `Operations.f` to keep a name as written, as "
                       "`Operations.convention` says.\n"),
    "docs/hand.rst": (".. module:: shop\n\n.. class:: Operations\n\n"
                      "   .. method:: f(name)\n\n      Keeps a name.\n"),
    "docs/guide.md": "Build a `shop.Operations` first.\n",
    # pages that name nothing: a page naming an anchor is then no large share of the docs
    **{f"docs/filler{i}.md": f"# Filler {i}\n\nPlain words.\n" for i in range(8)},
}
RENDERING = {"docs/api.rst", "docs/method.rst"}
BY_HAND = {"docs/naming.md", "docs/hand.rst"}
MARKUP = ("The output of the following:", "The output of the following::")
TYPO = ("constriant", "constraint")
BODY = ("return name\n", "return name.lower()\n")


def listed(tmp_path: Path, *edits: tuple[str, str], path: str = "shop/ops.py",
           files: dict[str, str] | None = None) -> set[str]:
    """The pages affected-docs lists for ``edits`` (old, new) to the file ``path``."""
    base = files or FILES
    source = base[path]
    for old, new in edits:
        assert old in source
        source = source.replace(old, new, 1)
    return set(rows(run_json(pr_repo(tmp_path, base, {path: source}), "main")))


@pytest.mark.parametrize(("edits", "pages"), [
    # alembic's ``Operations.f``: ``following:`` became ``following::``, a markup fix
    ((MARKUP,), RENDERING),
    # a misspelt word fixed; two fixes on two lines
    ((TYPO,), RENDERING),
    ((TYPO, MARKUP), RENDERING),
    # words added, replaced, a line added: the docstring says something new
    ((("as final.", "as final, once."),), RENDERING | BY_HAND),
    ((("as final.", "as fixed."),), RENDERING | BY_HAND),
    ((("as final.\n", "as final.\n\n        Once only.\n"),), RENDERING | BY_HAND),
    # its body: the hand-written pages and the directive writing its name, not the
    # documented container (body-only)
    ((BODY,), BY_HAND | {"docs/method.rst"}),
    # a typo fixed beside a body change: every page
    ((TYPO, BODY), RENDERING | BY_HAND),
    # its signature: every page
    ((("def f(self, name):", "def f(self, name, final=True):"),), RENDERING | BY_HAND),
    # a deprecation note adds words: never a typo fix
    ((("as final.\n", "as final.\n\n        .. deprecated:: 2.0\n"),), RENDERING | BY_HAND),
])
def test_a_docstring_typo_fix_lists_only_the_pages_rendering_it(
        tmp_path: Path, edits: tuple[tuple[str, str], ...], pages: set[str]) -> None:
    assert listed(tmp_path, *edits) == pages


def test_a_class_docstring_typo_fix_lists_only_the_pages_rendering_the_class(
        tmp_path: Path) -> None:
    assert listed(tmp_path, ("migration runs", "migraton runs")) == {"docs/api.rst"}
    # its words changed, or its class line: the guide naming the class is listed
    assert "docs/guide.md" in listed(tmp_path / "words", ("migration runs", "migration calls"))
    assert "docs/guide.md" in listed(tmp_path / "bases", ("class Operations:",
                                                           "class Operations(Base):"))


def test_a_field_docstring_typo_fix_lists_only_the_pages_rendering_the_field(
        tmp_path: Path) -> None:
    assert listed(tmp_path, ("convnetion", "convention")) == {"docs/api.rst"}
    assert "docs/naming.md" in listed(tmp_path / "words", ("of indexes", "of unique indexes"))


def test_one_declaration_changed_beyond_a_typo_keeps_the_hand_written_pages(
        tmp_path: Path) -> None:
    # a second module declares ``Operations.f`` too: changed in its body, ``Operations.f``
    # changed beyond a typo
    legacy = "class Operations:\n    def f(self, name):\n        return name\n"
    files = {**FILES, "legacy/ops.py": legacy}
    change = {"shop/ops.py": OPS.replace(*TYPO)}
    repo = pr_repo(tmp_path, files, {**change, "legacy/ops.py": legacy.replace(*BODY)})
    assert "docs/naming.md" in rows(run_json(repo, "main"))
    repo = pr_repo(tmp_path / "typo", files, change)
    assert "docs/naming.md" not in rows(run_json(repo, "main"))


CART_TS = '''/**
 * Pays for teh cart.
 */
export function payOrder(cart: number[]): number {
  return cart.length;
}

export class Cart {
  /** Adds an itme. */
  addItem(item: number): void {
    this.items.push(item);
  }
}
'''
TS_FILES = {
    "package.json": '{"name": "kit", "version": "1.0.0"}\n',
    "src/cart.ts": CART_TS,
    "docs/reference.md": ('# Reference\n\n<!-- automd:jsdocs src="../src/cart.ts" -->\n\n'
                          "### `payOrder(cart)`\n\nPays for the cart.\n\n"
                          "### `Cart.addItem(item)`\n\nAdds an item.\n\n<!-- /automd -->\n"),
    "docs/paying.md": "Call `payOrder` to pay.\n",
    "docs/items.md": "`Cart.addItem` adds an item.\n",
    **{f"docs/filler{i}.md": f"# Filler {i}\n\nPlain words.\n" for i in range(8)},
}


@pytest.mark.parametrize(("edits", "pages"), [
    # a typo fixed in a top-level function's JSDoc block, in a member's
    ((("teh cart", "the cart"),), {"docs/reference.md"}),
    ((("an itme", "an item"),), {"docs/reference.md"}),
    # their words changed: the hand-written page too
    ((("teh cart", "the whole cart"),), {"docs/reference.md", "docs/paying.md"}),
    ((("an itme", "one item"),), {"docs/reference.md", "docs/items.md"}),
    # the body: the hand-written page only (body-only); a typo fix and the body: both
    ((("cart.length", "cart.length + 1"),), {"docs/paying.md"}),
    ((("teh cart", "the cart"), ("cart.length", "cart.length + 1")),
     {"docs/reference.md", "docs/paying.md"}),
    # a deprecation added to a JSDoc block
    ((("teh cart.\n", "teh cart.\n * @deprecated Use `pay`.\n"),),
     {"docs/reference.md", "docs/paying.md"}),
])
def test_a_jsdoc_typo_fix_lists_only_the_pages_rendering_it(
        tmp_path: Path, edits: tuple[tuple[str, str], ...], pages: set[str]) -> None:
    assert listed(tmp_path, *edits, path="src/cart.ts", files=TS_FILES) == pages


def _candidate(file: str, doc_only: bool) -> Candidate:
    return Candidate("symbol", "Client.send", file, "head",
                     Declaration("send", "Client", bridgeable=True, doc_only=doc_only))


def test_an_anchor_is_doc_only_when_every_declaration_of_it_is() -> None:
    assert doc_only_anchors([_candidate("a.py", True), _candidate("b.py", True)]) == {
        ("symbol", "Client.send")}
    assert doc_only_anchors([_candidate("a.py", True), _candidate("b.py", False)]) == set()


def test_a_declaration_found_twice_is_doc_only_only_as_both_findings_are() -> None:
    docstring = Declaration("Widget", None, bridgeable=False, doc_only=True)
    warning = Declaration("Widget", None, bridgeable=False)
    other = Declaration("Other", None, bridgeable=False, doc_only=True)
    found: list[Any] = [(d.key, d.doc_only) for d in unique([docstring, other, warning])]
    assert found == [("Widget", False), ("Other", True)]
    assert [(d.key, d.doc_only) for d in unique([docstring, docstring])] == [("Widget", True)]


def test_a_docstring_typo_fix_makes_no_page_named_after_the_file_a_home(
        tmp_path: Path) -> None:
    """The page named after the changed file (``docs/ops.md`` for ``shop/ops.py``) is a module
    home of a change it does not name; a typo fixed in a docstring shows only where a
    directive renders it, so it makes that hand-written page no home. Its words changed, it
    does."""
    files = {**FILES, "docs/ops.md": "# Operations\n\nWhat a migration may do, and when.\n"}
    assert "docs/ops.md" not in listed(tmp_path, TYPO, files=files)
    assert "docs/ops.md" in listed(tmp_path / "words", ("as final.", "as fixed."), files=files)
