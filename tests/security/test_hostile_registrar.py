"""Attack: stall the docs-drift job with a source file. A PR's sources are read for route
registrations, by hint patterns and then by the regions around the hints. Each hint looked
back to the start of its line: a file of one 8 MB line holding 450,000 hints took half a
minute, four times as long for each doubling. Every reader is linear now: each stretch of the
source is searched once, the hints' type arguments are bounded and never retried, and nesting
is bounded by indentation."""

from __future__ import annotations

from functools import partial

import pytest

from govern.drift.anchors.regions import registration_regions
from govern.drift.anchors.routes import has_registration_line, registration_hints
from tests.security.pr import within

EIGHT_MB = 8 * 1024 * 1024


def _read(source: bytes) -> list[tuple[int, int]] | None:
    hints = registration_hints(source)
    has_registration_line(source)
    return registration_regions(source, hints)


@pytest.mark.parametrize("unit", [
    b"app.get('/x', h); ",                     # many hints on one line
    b"s.get<" + b"T" * 150,                    # type arguments that never close
    b"s.get<{ ",                               # calls opening at the end of nothing
    b"`${a}" + b"x" * 50,                      # templates that never reach `}/`
    b"path: '/x', /* ",                        # keys and comment openers without an end
])
def test_a_single_hostile_line_is_read_in_linear_time(unit: bytes) -> None:
    source = b"export class Server {\n  mount() {\n    " + unit * (EIGHT_MB // len(unit)) + \
        b"\n  }\n}\n"
    within(partial(_read, source))


def test_deep_nesting_is_read_in_linear_time() -> None:
    """Members nested as deep as indentation goes, each large and hinted."""
    depth = 40
    inner = b"".join(b" " * depth + b"app.get('/x', h%d);\n" % i for i in range(20000))
    source = b"".join(b" " * level + b"a%d(() => {\n" % level for level in range(depth))
    source += inner + b"".join(b" " * level + b"});\n" for level in reversed(range(depth)))
    regions = within(partial(_read, source))
    assert regions is None  # every line is a hint: the whole file is parsed
