"""Attack: stall the docs-drift job through hook-implementation markers. A decorated
function's decorators are read, and a decorator's name is looked for where the file imports
it from, in a module of the repository (docs/concepts/anchoring-rules.md#overrides):
attacker-controlled text, as many files as the PR holds. Each name is judged once a file,
each module's file read once a side, and an import is followed at most MARKER_IMPORTS
deep, however long the chain of modules re-exporting it."""

from __future__ import annotations

from collections import Counter

from govern.drift.anchors.extract import Side, _extract
from govern.drift.anchors.python import MARKER_IMPORTS
from tests.security.pr import within

FUNCTIONS = 20_000
MODULES = 5_000
MARKER = b"import pluggy\n\nimpl = pluggy.HookimplMarker('x')\n"


def _changed(files: dict[str, bytes], source: str) -> tuple[frozenset[str], Counter[str]]:
    """The overrides of ``source`` changed throughout at ``pkg/run.py``, and how often each
    file was read."""
    files["pkg/run.py"] = source.encode()
    read: Counter[str] = Counter()

    def reader(path: str) -> bytes | None:
        read[path] += 1
        return files.get(path)

    side = Side("head", reader, head_files=frozenset(files))
    lines = frozenset(range(1, source.count("\n") + 1))
    extraction = within(lambda: _extract("pkg/run.py", files["pkg/run.py"], lines, side))
    return extraction.overrides, read


def test_thousands_of_implementations_of_one_imported_marker_read_it_once() -> None:
    files = {"pkg/__init__.py": b"", "pkg/plugin.py": MARKER}
    source = "from pkg.plugin import impl\n" + "".join(
        f"\n\n@impl\n@other\ndef hook_{i}(parser):\n    return {i}\n" for i in range(FUNCTIONS))
    overrides, read = _changed(files, source)
    assert overrides == {f"hook_{i}" for i in range(FUNCTIONS)}
    assert read["pkg/plugin.py"] == 1


def test_thousands_of_markers_of_their_own_modules_read_each_once() -> None:
    files = {"pkg/__init__.py": b""} | {
        f"pkg/m{i}.py": f"from pluggy import HookimplMarker\n\nimpl_{i} = HookimplMarker('x')\n"
        .encode() for i in range(MODULES)}
    source = "".join(f"from pkg.m{i} import impl_{i}\n" for i in range(MODULES)) + "".join(
        f"\n\n@impl_{i}\n@impl_{(i + 1) % MODULES}\ndef hook_{i}(parser):\n    return {i}\n"
        for i in range(MODULES))
    overrides, read = _changed(files, source)
    assert overrides == {f"hook_{i}" for i in range(MODULES)}
    assert max(read.values()) == 1


def test_a_chain_of_thousands_of_re_exports_is_read_only_as_deep_as_the_cap() -> None:
    """``m{i}`` imports ``impl`` from ``m{i+1}``, and the last binds the marker: unread."""
    files = {"pkg/__init__.py": b""} | {
        f"pkg/m{i}.py": f"from pkg.m{i + 1} import impl\n".encode() for i in range(MODULES)}
    files[f"pkg/m{MODULES}.py"] = MARKER
    source = "from pkg.m0 import impl\n" + "".join(
        f"\n\n@impl\ndef hook_{i}(parser):\n    return {i}\n" for i in range(FUNCTIONS))
    overrides, read = _changed(files, source)
    assert overrides == frozenset()
    assert len([path for path in read if path.startswith("pkg/m")]) <= MARKER_IMPORTS
