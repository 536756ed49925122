"""Attack: stall the docs-drift job through the public modules that re-export a private
module's names (trio's ``subprocess.py``). Each name of a private module is looked for in
every public module of its package: a package of 5,000 public modules, each importing one of
5,000 changed names, would ask 25 million questions. At most 64 public modules are read in one
package, and one whose text cannot import the name is not parsed. Whether a text can import
a name is a lookup among the words of that text, indexed once: searching 64 modules of 100 kB
for each of 8,000 changed names would scan 51 GB. And an import is judged to be for type
checkers by the blocks above it: 20,000 imports under ``if TYPE_CHECKING:`` blocks nested
1,000 deep would climb 20 million parents, once each; each block is judged once."""

from __future__ import annotations

from functools import partial

from govern.drift.anchors.python import (
    MAX_PUBLIC_MODULES,
    PublicModuleWords,
    ReexportIndex,
    extract_python,
    index_reexports,
    qualified_names,
)
from tests.security.pr import within

MODULES = 5000
NAMES, LARGE_MODULE_BYTES = 8000, 100_000
DEPTH, IMPORTS = 1000, 20_000


def _qualify(texts: dict[str, bytes], count: int) -> list[list[str]]:
    """The public names of ``name0`` … of ``pkg/_impl.py``, beside the modules ``texts``."""
    files = frozenset({"pkg/__init__.py", "pkg/_impl.py", *texts})
    parsed: dict[str, ReexportIndex] = {}

    def read(path: str, package: str) -> ReexportIndex | None:
        if path not in parsed:
            parsed[path] = index_reexports(extract_python(texts.get(path, b""), frozenset()),
                                           package)
        return parsed[path]

    words: dict[str, PublicModuleWords] = {}  # one run's memo, as a side keeps it
    return [qualified_names("pkg/_impl.py", f"name{i}", files.__contains__, read, files,
                            texts.get, words) for i in range(count)]


def test_many_public_modules_are_read_in_bounded_time() -> None:
    texts = {f"pkg/mod{i:05}.py": f"from ._impl import name{i}\n".encode()
             for i in range(MODULES)}
    found = within(partial(_qualify, texts, MODULES))
    assert found[0] == ["pkg.mod00000.name0"]
    assert found[MAX_PUBLIC_MODULES - 1] == [
        f"pkg.mod{MAX_PUBLIC_MODULES - 1:05}.name{MAX_PUBLIC_MODULES - 1}"]
    assert found[-1] == []  # past the first 64 modules of the package


def test_names_beside_large_public_modules_are_looked_up_not_searched_for() -> None:
    filler = b"x = 1\n" * (LARGE_MODULE_BYTES // 6)
    texts = {f"pkg/pub{i:02}.py": filler for i in range(MAX_PUBLIC_MODULES)}
    texts["pkg/pub00.py"] += b"from ._impl import name0\n"
    last = f"pkg/pub{MAX_PUBLIC_MODULES - 1:02}.py"
    texts[last] = f"from ._impl import name{NAMES - 1}\n".encode() + texts[last]
    found = within(partial(_qualify, texts, NAMES))
    assert found[0] == ["pkg.pub00.name0"]
    assert found[1] == []
    assert found[-1] == [f"pkg.pub{MAX_PUBLIC_MODULES - 1:02}.name{NAMES - 1}"]


def test_imports_under_deeply_nested_type_checking_blocks_are_judged_once() -> None:
    nested = "".join(" " * depth + "if TYPE_CHECKING:\n" for depth in range(DEPTH))
    inner = " " * DEPTH
    source = (nested + "".join(f"{inner}from ._impl import name{i}\n" for i in range(IMPORTS))
              + "from ._impl import shown\n").encode()
    result = within(partial(extract_python, source, frozenset()))
    assert result.reexports == {"shown"}
