"""Attack: stall the docs-drift job through the modules a changed class's bases are imported
from. The overrides rule reads a base imported from a module of the repository in that
module's file, and the bases that file's class names in turn
(docs/concepts/anchoring-rules.md#overrides): attacker-controlled text, as many files as the
PR holds. Each file is read and parsed at most once a side, however many classes name it;
each class's bases are resolved once; and a changed class's walk reads at most
MAX_INHERITING classes, so a chain of thousands of modules is read 64 files deep."""

from __future__ import annotations

from collections import Counter

import pytest

from govern.drift.anchors import extract
from govern.drift.anchors.extract import Side, _extract
from govern.drift.anchors.python import ClassTable
from govern.drift.anchors.syntax import MAX_INHERITING
from tests.security.pr import within

MODULES = 5000
MEMBERS = 20_000


def _side(files: dict[str, bytes], read: Counter[str]) -> Side:
    def reader(path: str) -> bytes | None:
        read[path] += 1
        return files.get(path)
    return Side("head", reader, head_files=frozenset(files))


def _parsed(monkeypatch: pytest.MonkeyPatch) -> Counter[int]:
    """How often each source was parsed into a class table, by its size."""
    parsed: Counter[int] = Counter()

    def counting(source: bytes) -> ClassTable:
        parsed[len(source)] += 1
        return table(source)
    table = extract.class_table
    monkeypatch.setattr(extract, "class_table", counting)
    return parsed


def _changed(files: dict[str, bytes], path: str, source: str
             ) -> tuple[frozenset[str], Counter[str]]:
    """The overrides of ``source`` changed throughout at ``path``, and how often each file
    was read."""
    files[path] = source.encode()
    read: Counter[str] = Counter()
    lines = frozenset(range(1, source.count("\n") + 1))
    extraction = within(lambda: _extract(path, files[path], lines, _side(files, read)))
    return extraction.overrides, read


def test_thousands_of_classes_each_importing_a_base_of_its_own_module_read_each_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    files = {"pkg/__init__.py": b""} | {
        f"pkg/m{i}.py": f"class Base{i}:\n    def hook(self):\n        return 0\n".encode()
        for i in range(MODULES)}
    parsed = _parsed(monkeypatch)
    source = "".join(f"from pkg.m{i} import Base{i}\n" for i in range(MODULES)) + "".join(
        f"class Sub{i}(Base{i}):\n    def hook(self):\n        return 1\n"
        f"    def own(self):\n        return 1\n" for i in range(MODULES))
    overrides, read = _changed(files, "pkg/sub.py", source)
    assert overrides == {f"Sub{i}.hook" for i in range(MODULES)}  # never ``Sub{i}.own``
    assert max(read.values()) == 1
    assert sum(parsed.values()) == MODULES + 1  # each base module and the changed file


def test_one_huge_base_module_named_by_thousands_of_classes_is_parsed_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    base = "class Base:\n" + "".join(f"    def hook_{i}(self):\n        return 0\n"
                                     for i in range(MEMBERS))
    files = {"pkg/__init__.py": b"", "pkg/base.py": base.encode()}
    parsed = _parsed(monkeypatch)
    source = "from pkg.base import Base\n" + "".join(
        f"class Sub{i}(Base):\n    def hook_{i}(self):\n        return 1\n"
        for i in range(MODULES))
    overrides, read = _changed(files, "pkg/sub.py", source)
    assert overrides == {f"Sub{i}.hook_{i}" for i in range(MODULES)}
    assert read["pkg/base.py"] == 1
    assert parsed[len(base)] == 1


def test_a_chain_of_thousands_of_modules_is_read_only_as_deep_as_the_cap() -> None:
    """``m{i}.C`` extends ``m{i+1}.C``: the hook, declared at the far end, is unread."""
    files = {"pkg/__init__.py": b""} | {
        f"pkg/m{i}.py": f"from pkg.m{i + 1} import C\n\n\nclass C(C):\n    pass\n".encode()
        for i in range(MODULES)}
    files[f"pkg/m{MODULES}.py"] = b"class C:\n    def hook(self):\n        return 0\n"
    files["pkg/m1.py"] = b"from pkg.m2 import C\n\n\nclass C(C):\n    def near(self):\n" \
                         b"        return 0\n"
    source = ("from pkg.m0 import C\n\n\nclass Sub(C):\n    def hook(self):\n"
              "        return 1\n    def near(self):\n        return 1\n"
              + "".join(f"    def method_{i}(self):\n        return {i}\n"
                        for i in range(MEMBERS)))
    overrides, read = _changed(files, "pkg/sub.py", source)
    # ``near``, two modules up, is found; the hook is farther than MAX_INHERITING classes up
    assert overrides == {"Sub.near"}
    assert len([path for path in read if path.startswith("pkg/m")]) <= MAX_INHERITING + 1


def test_a_class_listing_thousands_of_imported_bases_resolves_the_first_few() -> None:
    files = {"pkg/__init__.py": b""} | {
        f"pkg/m{i}.py": f"class B{i}:\n    def hook_{i}(self):\n        return 0\n".encode()
        for i in range(MODULES)}
    source = ("".join(f"from pkg.m{i} import B{i}\n" for i in range(MODULES))
              + "class Sub(" + ", ".join(f"B{i}" for i in range(MODULES)) + "):\n"
              + "".join(f"    def hook_{i}(self):\n        return 1\n" for i in range(MODULES)))
    overrides, read = _changed(files, "pkg/sub.py", source)
    assert overrides == {f"Sub.hook_{i}" for i in range(MAX_INHERITING)}
    assert len([path for path in read if path.startswith("pkg/m")]) == MAX_INHERITING


def test_a_file_thousands_of_folders_deep_resolves_its_imports_in_linear_time() -> None:
    """A changed file 2,000 folders deep whose classes extend bases of 5,000 modules: each
    module was looked for by working out the file's packages again, every ancestor's path
    built afresh (500 modules: 19 s). A file deeper than MAX_PACKAGE_DEPTH folders is now
    importable by no name, so its imports resolve from its own folder."""
    importer = "/".join(["a"] * 2000) + "/mod.py"
    files = frozenset({importer, "/".join(["a"] * 2000) + "/m4999.py"})

    def resolve_all() -> list[str | None]:
        return [extract._module_file(importer, f"m{i}", files.__contains__, files)
                for i in range(MODULES)]

    found = within(resolve_all)
    assert found[-1] == "/".join(["a"] * 2000) + "/m4999.py"
    assert found[:-1] == [None] * (MODULES - 1)
