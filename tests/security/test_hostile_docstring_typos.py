"""Attack: stall the docs-drift job through the rule that a docstring changed only in spelling
lists only the pages rendering it (docs/concepts/anchoring-rules.md#what-anchors): a page of
ten thousand nested autodoc directives and one with a megabyte name, read for the names they
render; a class of twenty thousand methods whose docstrings all changed, and a docstring of a
hundred thousand lines; a diff of a hundred thousand respelled one-line hunks, and one hunk
of a hundred thousand lines each respelled. All are linear."""

from __future__ import annotations

from govern.drift.anchors.extract import _respelled_lines
from govern.drift.anchors.python import extract_python
from govern.drift.docs.scanner import rendered_names
from govern.git.gitio import Hunk
from tests.security.pr import within

NESTED = "".join(f"{'   ' * (n % 50)}.. autoclass:: C{n}\n\n"
                 f"{'   ' * (n % 50 + 1)}.. automethod:: m\n\n" for n in range(10_000))
LONG = ".. automethod:: " + "a." * 500_000 + "b\n\n::: " + "c." * 500_000 + "d\n"
METHODS = 20_000
CLASS = "class Ops:\n" + "".join(
    f'    def m{n}(self):\n        """Does {n}."""\n        return {n}\n' for n in range(METHODS))
BIG = 'def f():\n    """' + "Does it.\n" * 100_000 + '    """\n    return 1\n'
LINES = 100_000


def test_hostile_pages_are_read_for_rendered_names_in_linear_time() -> None:
    assert {"C0", "C0.m", "m"} <= within(lambda: rendered_names(NESTED))
    # each name with at most ``MAX_SUFFIX_PARTS`` suffixes, however many parts it has
    assert {"a.b", "c.d"} <= within(lambda: rendered_names(LONG))
    assert len(rendered_names(LONG)) < 30


def test_hostile_docstring_changes_are_read_in_linear_time() -> None:
    lines = frozenset(3 * n + 3 for n in range(METHODS))  # every method's docstring
    touched = within(lambda: extract_python(CLASS.encode(), lines, respelled=lines)).touched
    assert len(touched) == METHODS and all(d.doc_only for d in touched)
    # the same lines not respelled: their words changed
    assert not any(d.doc_only for d in extract_python(CLASS.encode(), lines).touched)
    every = frozenset(range(3, LINES + 3))
    found = within(lambda: extract_python(BIG.encode(), every, respelled=every)).touched
    assert [d.doc_only for d in found] == [True]
    # the body's line with them: no documentation-only change
    body = every | {LINES + 3}
    found = within(lambda: extract_python(BIG.encode(), body, respelled=body)).touched
    assert [d.doc_only for d in found] == [False]


def test_hostile_hunks_are_read_for_respellings_in_linear_time() -> None:
    old = b"".join(b"Teh value %d is kept.\n" % n for n in range(LINES))
    new = old.replace(b"Teh", b"The")
    one_line_hunks = tuple(Hunk(n, 1, n, 1) for n in range(1, LINES + 1))
    respelled = within(lambda: _respelled_lines((old, new), one_line_hunks))
    assert len(respelled[0]) == len(respelled[1]) == LINES
    # one hunk of every line: past the bound of respelled words, a rewrite, read no further
    assert within(lambda: _respelled_lines((old, new), (Hunk(1, LINES, 1, LINES),))) \
        == (frozenset(), frozenset())
    # a hunk whose words changed is no respelling
    reworded = old.replace(b"kept", b"dropped")
    assert _respelled_lines((old, reworded), one_line_hunks) == (frozenset(), frozenset())
