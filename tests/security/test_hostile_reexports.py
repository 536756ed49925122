"""Attack: stall the docs-drift job with package ``__init__`` files. A PR that adds a name
to a package is read for the public paths of that name, through every ``__init__`` above it
that re-exports it. Each lookup passed over every import of each ``__init__``: two
``__init__`` files of 4,000 imports each took 2 s, four times as long for each doubling, so
40,000 (1.5 MB) would take minutes. The re-exports are indexed once per ``__init__`` now,
and each name costs a few lookups."""

from __future__ import annotations

from functools import partial

from govern.drift.anchors.python import (
    ReexportIndex,
    extract_python,
    index_reexports,
    qualified_names,
)
from tests.security.pr import within

NAMES = 40_000


def _qualify_every_name(inner: bytes, outer: bytes) -> list[list[str]]:
    inits = {"pkg/sub/__init__.py": extract_python(inner, frozenset()),
             "pkg/__init__.py": extract_python(outer, frozenset())}
    indexes = {path: index_reexports(init, path.rsplit("/", 1)[0].replace("/", "."))
               for path, init in inits.items()}

    def read(path: str, _package: str) -> ReexportIndex | None:
        return indexes.get(path)

    found = []
    for i in range(NAMES):
        found.append(qualified_names("pkg/sub/__init__.py", f"name{i}", inits.__contains__,
                                     read))
    return found


def test_a_package_of_many_re_exports_is_read_in_linear_time() -> None:
    inner = "".join(f"from pkg.sub._m{i} import name{i}\n" for i in range(NAMES)).encode()
    outer = "".join(f"from pkg.sub import name{i}\n" for i in range(NAMES)).encode()
    found = within(partial(_qualify_every_name, inner, outer))
    assert found[0] == ["pkg.sub.name0", "pkg.name0"]
    assert found[-1] == [f"pkg.sub.name{NAMES - 1}", f"pkg.name{NAMES - 1}"]


def test_the_first_import_that_re_exports_a_name_wins() -> None:
    init = extract_python(b"from .a import x as first\nfrom .a import x as second\n"
                          b"from .b import *\nfrom . import a as mod\n", frozenset())
    index = index_reexports(init, "pkg")
    files = {"pkg/__init__.py"}
    assert qualified_names("pkg/a.py", "x", files.__contains__,
                           lambda _path, _package: index) == ["pkg.a.x", "pkg.first"]
    assert qualified_names("pkg/b.py", "y", files.__contains__,
                           lambda _path, _package: index) == ["pkg.b.y", "pkg.y"]
    assert qualified_names("pkg/a.py", "z", files.__contains__,
                           lambda _path, _package: index) == ["pkg.a.z", "pkg.mod.z"]
