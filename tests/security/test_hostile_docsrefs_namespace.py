"""Attack: crash or stall the docs-refs job with the shape of a PR's Python package. Resolving a
page's ``pkg.mod.name`` followed star imports, re-exports and base classes without remembering
where it had been: two modules star-importing (or re-exporting) each other recursed until
Python gave up (RecursionError, exit 3); a ladder of modules each star-importing the next two,
or of classes each inheriting from the next two, walked every path of it, 2^24 for one missing
name at 24 rungs (minutes); and each missing name listed its module's submodules by walking every
module of the repository (12,000 missing names in a package of 12,000 modules: a minute), and was
looked up again in every class of its class name (2,000 ``C.gone`` in 2,000 modules defining
``C``: a minute). Each lookup now asks a (module or class, name) once and does not go round a
cycle, submodules are indexed once, and a name bound nowhere is looked up once per container;
what resolves still resolves, and what is missing is still reported, with its candidates."""

from __future__ import annotations

from govern.docsrefs.model import Status
from govern.docsrefs.python_table import PythonTable
from tests.security.pr import within
from tests.test_docs_refs import tables

DEPTH = 24
"""Rungs of each ladder: 2^24 paths before, 48 modules or classes now."""


def _python(files: dict[str, str]) -> PythonTable:
    return tables({"src/pkg/__init__.py": "", **files}).python


def test_modules_star_importing_each_other_are_read_without_recursing() -> None:
    table = _python({"src/pkg/a.py": "from .b import *\n",
                     "src/pkg/b.py": "from .a import *\nfrom .c import *\n",
                     "src/pkg/c.py": "found = 1\n"})
    missing = within(lambda: table.resolve("pkg.a.nothing"))
    assert missing.status is Status.MISSING  # as without the cycle: no module binds it
    assert (missing.missing, missing.container) == ("nothing", "pkg.a")
    assert table.resolve("pkg.a.found").status is Status.RESOLVED  # on the way round
    assert table.resolve("pkg.b.found").status is Status.RESOLVED


def test_modules_re_exporting_each_other_are_unknown_not_a_crash() -> None:
    table = _python({"src/pkg/a.py": "from .b import x\n", "src/pkg/b.py": "from .a import x\n"})
    # a re-export whose source lacks the name is unknown, cycle or not
    assert within(lambda: table.resolve("pkg.a.x")).status is Status.UNRESOLVABLE


def test_a_ladder_of_star_imports_is_walked_once() -> None:
    files = {f"src/pkg/m{i}{side}.py": f"from .m{i + 1}a import *\nfrom .m{i + 1}b import *\n"
             for i in range(DEPTH) for side in "ab"}
    table = _python({**files, f"src/pkg/m{DEPTH}a.py": "x = 1\n",
                     f"src/pkg/m{DEPTH}b.py": "y = 1\n"})
    assert within(lambda: table.resolve("pkg.m0a.nothing")).status is Status.MISSING
    assert table.resolve("pkg.m0a.y").status is Status.RESOLVED  # from the last rung


def _class_ladder(depth: int) -> str:
    rungs = [f"class A{depth}:\n    x = 1\n", f"class B{depth}:\n    y = 1\n"]
    rungs += [f"class {side}{i}(A{i + 1}, B{i + 1}):\n    pass\n"
              for i in range(depth - 1, -1, -1) for side in "AB"]
    return "".join(rungs)


def test_a_ladder_of_base_classes_is_walked_once() -> None:
    table = _python({"src/pkg/m.py": _class_ladder(DEPTH)})
    missing = within(lambda: table.resolve("pkg.m.A0.nothing"))
    assert missing.status is Status.MISSING and missing.in_class
    assert missing.candidates == ("x", "y")  # every ancestor's members, once
    assert table.resolve("pkg.m.A0.y").status is Status.RESOLVED


def test_a_class_inheriting_from_its_own_name_stays_unknown() -> None:
    table = _python({"src/pkg/base.py": "class Client:\n    def send(self):\n        pass\n",
                     "src/pkg/m.py": "from .base import Client\n\n"
                                     "class Client(Client):\n    pass\n"})
    # read as a cycle (the namespace keeps one ``Client``): unknown, never reported
    assert within(lambda: table.resolve("pkg.m.Client.send")).status is Status.UNRESOLVABLE


def test_missing_names_in_a_package_of_many_modules_are_read_in_linear_time() -> None:
    count = 12_000
    table = _python({**{f"src/pkg/mod{i}.py": "" for i in range(count)},
                     "src/pkg/m.py": "x = 1\n"})
    found = within(lambda: [table.resolve(f"pkg.m.gone{i}") for i in range(count)])
    assert {(r.status, r.missing) for r in found[:2]} == {
        (Status.MISSING, "gone0"), (Status.MISSING, "gone1")}
    assert all(r.status is Status.MISSING and r.candidates == ("x",) for r in found)
    package = table.resolve("pkg.mdo1")
    assert package.status is Status.MISSING
    assert {"m", "mod1", f"mod{count - 1}"} <= set(package.candidates)  # its submodules


def test_missing_members_of_a_class_name_many_modules_define_are_read_in_linear_time() -> None:
    count = 2_000
    table = _python({f"src/pkg/c{i}.py": "class C:\n    x = 1\n" for i in range(count)})
    found = within(lambda: [table.resolve(f"C.gone{i}") for i in range(count)])
    assert [(r.status, r.missing, r.container) for r in found[:2]] == [
        (Status.MISSING, "gone0", "C"), (Status.MISSING, "gone1", "C")]
    assert all(r.status is Status.MISSING and r.candidates == ("x",) for r in found)
    assert table.resolve("C.x").status is Status.RESOLVED


def test_missing_names_behind_a_wide_star_import_are_read_in_linear_time() -> None:
    count = 2_000
    table = _python({"src/pkg/hub.py": "".join(f"from .s{i} import *\n" for i in range(count)),
                     **{f"src/pkg/s{i}.py": f"v{i} = 1\n" for i in range(count)}})
    found = within(lambda: [table.resolve(f"pkg.hub.gone{i}") for i in range(count)])
    # past the walk's bound (``_MAX_VISITS``) a name is unknown, never reported
    assert {r.status for r in found} == {Status.UNRESOLVABLE}
    assert table.resolve("pkg.hub.v3").status is Status.RESOLVED
