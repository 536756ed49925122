"""Attack: stall the docs-drift job through star imports. Each dotted name a change removes is
looked for along the star imports of its module at HEAD (``from .text import *``), which may
still bind it. A package ``__init__`` of 50,000 star imports, asked about each of 5,000
removed names, would follow 250 million imports; modules star-importing each other would
never end. At most 64 star imports are followed for one name, each module read once."""

from __future__ import annotations

from functools import partial

from govern.drift.anchors.python import (
    MAX_STARRED,
    StarSource,
    resolve_import,
    star_binds,
    star_source,
)
from tests.security.pr import within

STARS, NAMES = 50_000, 5000


def _binds(texts: dict[str, bytes], names: list[str]) -> list[bool]:
    """Whether ``pkg/__init__.py`` binds each of ``names`` among the modules ``texts``."""
    read: dict[str, StarSource | None] = {}

    def source(path: str) -> StarSource | None:
        if path not in read:
            read[path] = star_source(texts[path]) if path in texts else None
        return read[path]

    def locate(_importer: str, module: str) -> str | None:
        path = resolve_import(module, "pkg").replace(".", "/") + ".py"
        return path if path in texts else None

    return [star_binds("pkg/__init__.py", name, source, locate) for name in names]


def test_a_package_of_many_star_imports_is_read_in_bounded_time() -> None:
    texts = {f"pkg/m{i}.py": b"" for i in range(STARS)}
    texts["pkg/m0.py"] = b"def first():\n    return 1\n"
    texts[f"pkg/m{STARS - 1}.py"] = b"def last():\n    return 1\n"
    texts["pkg/__init__.py"] = "".join(f"from .m{i} import *\n" for i in range(STARS)).encode()
    names = ["first", "last", *(f"gone{i}" for i in range(NAMES))]
    found = within(partial(_binds, texts, names))
    assert found[0] is True
    assert found[1] is False  # past the first 64 star imports
    assert not any(found[2:])
    assert MAX_STARRED < STARS


def test_modules_star_importing_each_other_end() -> None:
    texts = {"pkg/__init__.py": b"from .a import *\n", "pkg/a.py": b"from .b import *\n",
             "pkg/b.py": b"from .a import *\nfrom . import *\n\n\ndef kept():\n    return 1\n"}
    assert within(partial(_binds, texts, ["kept", "gone"])) == [True, False]
