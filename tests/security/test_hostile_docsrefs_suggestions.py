"""Attack: stall the docs-refs job with names for it to compare. Each missing reference got a
"did you mean" from difflib against every name its container has, and each name a module or
class lost in the PR was compared with every name it gained: a page naming 2,000 missing
functions of a module of 2,000 took a minute, and renaming 1,500 functions took longer. A
run now spends a bounded amount of work on comparing names (``check._WORK``; a suggestion
compares at most ``_MAX_COMPARED`` candidates, the ones sorting nearest the missing name), and
renames past it pair only names spelled alike but for case, ``_`` and ``-``. Every missing
reference is still reported, the first ones still with their suggestion, and ordinary renames
still pair as before."""

from __future__ import annotations

from govern.docsrefs.check import check_references, renames_between
from govern.docsrefs.model import Reference, RefKind
from tests.security.pr import within
from tests.test_docs_refs import tables

COUNT = 2_000


def _module(names: list[str]) -> dict[str, str]:
    return {"src/pkg/__init__.py": "",
            "src/pkg/m.py": "".join(f"def {name}():\n    pass\n" for name in names)}


def test_many_missing_references_to_a_large_module_are_checked_in_linear_time() -> None:
    code = tables(_module([f"function_{i:05d}" for i in range(COUNT)]))
    references = [Reference("docs/a.md", i + 1, 1, RefKind.CODE, f"pkg.m.function_{i:05d}s")
                  for i in range(COUNT)]
    renames = {f"m.function_{COUNT - 1:05d}s": "function_00007"}
    checked = within(lambda: check_references(references, code, renames))
    assert checked.tally.missing == COUNT  # every one is still reported
    assert [f.reference.name for f in checked.findings] == [r.name for r in references]
    assert checked.findings[0].suggestion == "pkg.m.function_00000"
    assert checked.findings[1].suggestion == "pkg.m.function_00001"
    assert checked.findings[-2].suggestion is None  # the run's comparing was spent
    # the diff's rename still applies: it is looked up, not compared
    assert checked.findings[-1].suggestion == "pkg.m.function_00007"


def test_a_mass_rename_pairs_in_linear_time() -> None:
    count = 1_500
    base = tables({**_module([f"old_func_{i:05d}" for i in range(count)] + ["getData"]),
                   "src/pkg/small.py": "def fetch_items():\n    pass\n"
                                       "def store_items():\n    pass\n"})
    head = tables({**_module([f"new_func_{i:05d}" for i in range(count)] + ["get_data"]),
                   "src/pkg/small.py": "def fetch_item():\n    pass\n"
                                       "def store_item():\n    pass\n"})
    renames = within(lambda: renames_between(base.python, head.python))
    assert renames["m.getData"] == "get_data"  # spelled alike: paired without comparing
    assert "m.old_func_00000" not in renames  # too many to compare each with each
    # an ordinary rename is still paired by difflib, as before
    assert renames["small.fetch_items"] == "fetch_item"
    assert renames["small.store_items"] == "store_item"
