"""Attack: stall the docs-drift job through a package's exported instance. The entry file a
changed package names in its ``package.json`` is read for ``module.exports = new Command``,
and the pages naming the package for ``program = require('pkg')`` and ``import { program }
from 'pkg'``: both are the PR author's text. A type annotation read up to the next ``=``, or a
destructuring read across braces, would scan the rest of a long line from each of its
starts, quadratic; each scan now ends where the next start begins."""

from __future__ import annotations

import pytest

from govern.drift.exported import entry_instances, page_bindings
from tests.security.pr import within

REPEATS = 200_000


@pytest.mark.parametrize("unit", [
    "export const a: ",          # an annotation never closed by `=`
    "export const a: b ",
    "module.exports.a ",         # an export never assigned
    "exports = module.exports = new a.",  # a qualified class never named
    "export default new ",
])
def test_an_entry_file_of_unfinished_exports_is_read_in_one_pass(unit: str) -> None:
    # no unit makes an instance of a class of its own (`new exports` is read as one)
    assert "a" not in within(lambda: entry_instances(unit * REPEATS))


@pytest.mark.parametrize("unit", [
    "{ a, b ",                   # destructurings never closed
    "import a, { b ",
    "import { a } from 'x",      # a module string never closed
    "a = require('",
    "const { a: ",
])
def test_a_page_of_unfinished_bindings_is_read_in_one_pass(unit: str) -> None:
    # what a unit's quote happens to close is one module at most
    assert len(within(lambda: page_bindings(unit * REPEATS))) <= 1
