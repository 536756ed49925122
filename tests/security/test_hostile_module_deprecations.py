"""Attack: stall the docs-drift job through a changed Python module's own level, which is read
for a deprecation warning (``deprecates_module``) and for the instances a package ``__init__``
exports (``logger = _Logger(…)``): both are the PR author's text. Each top-level statement is
looked at once, and a call's arguments only to its category, so a module of many warnings,
many calls or one call of many arguments is read in one pass."""

from __future__ import annotations

import pytest

from govern.drift.anchors.python import deprecates_module, extract_python
from tests.security.pr import within

REPEATS = 20_000


@pytest.mark.parametrize(("unit", "deprecated"), [
    ("warnings.warn('x', UserWarning)\n", False),
    ("warnings.warn(" + "a, " * 20 + ")\n", False),
    ("if a:\n    warnings.warn('x', DeprecationWarning)\n", False),
    ("warn(DeprecationWarning('x'))\n", True),
])
def test_a_module_of_many_warnings_is_read_in_one_pass(unit: str, deprecated: bool) -> None:
    source = (unit * REPEATS).encode()
    every = frozenset(range(1, source.count(b"\n") + 2))
    assert within(lambda: deprecates_module(source, every)) is deprecated


def test_an_init_binding_many_instances_is_read_in_one_pass() -> None:
    source = "from ._a import A as _A\n" + "".join(
        f"name{n} = _A()\n" for n in range(REPEATS))
    found = within(lambda: extract_python(source.encode(), frozenset()))
    assert len(found.instances) == REPEATS and found.instances["name0"] == "._a:A"
