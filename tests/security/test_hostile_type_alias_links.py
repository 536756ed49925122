"""Attack: stall the docs-drift job with a module that nearly writes an aliased export. A
file is parsed as a link of an export chain when it holds ``export type X = Y`` (h3's
``export type H3 = H3Type`` of an import); the test that finds one must stay linear on a file
of near misses: long names and blank runs that never reach the ``=`` or the line's end."""

from __future__ import annotations

from govern.drift.anchors.ts_exports import _REEXPORTS
from tests.security.pr import within

COUNT = 20_000


def test_near_miss_aliases_are_searched_in_linear_time() -> None:
    name = "A" * 200
    near = "".join((f"export type {name} = {name}.{name}\n", f"export   type{' ' * 200}{name}=\n",
                    f"export type {name}{' ' * 200}\n"))
    assert within(lambda: _REEXPORTS.search((near * COUNT).encode())) is None
    # the alias itself is found
    assert within(lambda: _REEXPORTS.search(b"export type H3 = H3Type\n")) is not None
