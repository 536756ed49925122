"""Attack: stall the docs-drift job through the public modules that re-export a private
module's names (trio's ``subprocess.py``). Each name of a private module is looked for in
every public module of its package: a package of 5,000 public modules, each importing one of
5,000 changed names, would ask 25 million questions. At most 64 public modules are read in one
package, and one whose text cannot import the name is not parsed. And an import is judged to
be for type checkers by the blocks above it: 20,000 imports under ``if TYPE_CHECKING:``
blocks nested 1,000 deep would climb 20 million parents, once each; each block is judged
once."""

from __future__ import annotations

from functools import partial

from govern.drift.anchors.python import (
    MAX_PUBLIC_MODULES,
    ReexportIndex,
    extract_python,
    index_reexports,
    qualified_names,
)
from tests.security.pr import within

MODULES = 5000
DEPTH, IMPORTS = 1000, 20_000


def _qualify_every_name() -> list[list[str]]:
    texts = {f"pkg/mod{i:05}.py": f"from ._impl import name{i}\n".encode()
             for i in range(MODULES)}
    files = frozenset({"pkg/__init__.py", "pkg/_impl.py", *texts})
    parsed: dict[str, ReexportIndex] = {}

    def read(path: str, package: str) -> ReexportIndex | None:
        if path not in parsed:
            parsed[path] = index_reexports(extract_python(texts.get(path, b""), frozenset()),
                                           package)
        return parsed[path]

    return [qualified_names("pkg/_impl.py", f"name{i}", files.__contains__, read, files,
                            texts.get) for i in range(MODULES)]


def test_many_public_modules_are_read_in_bounded_time() -> None:
    found = within(_qualify_every_name)
    assert found[0] == ["pkg.mod00000.name0"]
    assert found[MAX_PUBLIC_MODULES - 1] == [
        f"pkg.mod{MAX_PUBLIC_MODULES - 1:05}.name{MAX_PUBLIC_MODULES - 1}"]
    assert found[-1] == []  # past the first 64 modules of the package


def test_imports_under_deeply_nested_type_checking_blocks_are_judged_once() -> None:
    nested = "".join(" " * depth + "if TYPE_CHECKING:\n" for depth in range(DEPTH))
    inner = " " * DEPTH
    source = (nested + "".join(f"{inner}from ._impl import name{i}\n" for i in range(IMPORTS))
              + "from ._impl import shown\n").encode()
    result = within(partial(extract_python, source, frozenset()))
    assert result.reexports == {"shown"}
